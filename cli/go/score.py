"""``kifu score`` for Go: the area count of each game with its dead stones, compared with ``RE``.

Each game is checked by the one walk (:func:`kifu.go.checker.check_record`: the checker visitor
keeps the main line's final position), then counted here with the dead stones asked for; a
disagreement with RE gets GO201 with :mod:`~kifu.go.verdict`'s severity and what would make it
agree. Syntax errors are printed and counted (exit 1) as ``check`` does.
"""

from __future__ import annotations

from typing import Any

from kifu.core.findings import REGISTRY, Finding
from kifu.core.game import Options, RawRecord
from kifu.core.records import guarded, guarded_reading
from kifu.core.sources import Source
from kifu.go import codes, reader
from kifu.go.checker import GameResult, check_record, compare, dead_points, score_game
from kifu.go.gnugo import GtpError, dead_stones, main_line_sgf
from kifu.go.scoring import agrees, vertex
from kifu.go.tree import Game


def score_source(
    source: Source, options: Options, dead: str | None, dead_from: str | None
) -> list[dict[str, Any]]:
    """The count of every game of ``source`` (``kifu score``), one JSON-ready entry per game.

    ``dead`` names dead stones (GTP or SGF points: their whole groups); ``dead_from`` asks an
    engine (``gnugo``). File-level findings go with the first entry.
    """

    entries: list[dict[str, Any]] = []
    file_findings: list[dict[str, Any]] = []
    for item in guarded_reading(reader.records(source), source.path):
        if isinstance(item, Finding):
            file_findings.append(item.to_dict())
        else:
            entries.append(_guarded_score(item, source.path, options, dead, dead_from))
    if file_findings and entries:
        entries[0]["findings"][:0] = file_findings
    elif file_findings:
        entries.append({**_empty_entry(source.path, 0, 1), "findings": file_findings})
    return entries


def _guarded_score(
    record: RawRecord[Game], path: str, options: Options, dead: str | None, dead_from: str | None
) -> dict[str, Any]:
    """:func:`score_record` behind core's crash guard: a bug is KIFU001 on this game's entry."""
    return guarded(
        lambda: score_record(record, path, options, dead, dead_from),
        record,
        "scoring",
        lambda failure: {**_empty_entry(path, record.index, record.line), "findings": [failure.to_dict()]},
    )


def _empty_entry(path: str, index: int, line: int) -> dict[str, Any]:
    """The entry of a game (or, index 0, of a file) that could not be counted."""
    return {
        "path": path,
        "index": index,
        "line": line,
        "tags": {},
        "plies": 0,
        "declared_result": None,
        "ended_by_passes": False,
        "dead": [],
        "score": None,
        "agrees": None,
    }


def score_record(
    record: RawRecord[Game], path: str, options: Options, dead: str | None, dead_from: str | None
) -> dict[str, Any]:
    """The count of one game, JSON-ready (see :func:`score_source`)."""
    item = check_record(record, options)
    report = item.report
    findings = [f for f in report.findings if f.severity.label == "error" and _relevant(f.code)]
    notes = []
    entry: dict[str, Any] = {
        "path": path,
        "index": report.index,
        "line": report.line,
        "tags": report.tags,
        "plies": report.plies,
        "declared_result": report.declared_result,
        "ended_by_passes": item.main.passed_out,
        "dead": [],
        "score": None,
        "agrees": None,
    }
    board = item.main.board
    if board is not None:
        given: set[int] = set()
        if dead:
            given, bad = dead_points(item, dead)
            for name in bad:
                notes.append(codes.DEAD_STONES(f"--dead {name}: no stone there (ignored)"))
        if dead or dead_from:
            item.dead_given = True
        if dead_from == "gnugo":
            try:
                komi = item.info.komi or 0.0
                game = None if item.root is None else main_line_sgf(item.root, board, komi, item.main.last)
                given |= dead_stones(board, komi, game)
            except GtpError as error:
                notes.append(codes.ENGINE_FAILED(f"--dead-from gnugo: {error}"))
        exact = entry["ended_by_passes"] or bool(given) or _has_markup(item)
        if not exact:
            notes.append(
                codes.NOT_COUNTABLE(
                    "the game did not end with two passes and no dead stones are "
                    "known: every stone counts as alive"
                )
            )
        extra: list[Any] = []
        counted = score_game(item, options.settings, extra, given, from_markup=True)
        if counted is not None and item.rules.area:
            item.count = counted
            compare(item, extra, None)
        notes.extend(extra)
        if counted is not None:
            entry["score"] = counted.to_dict()
            entry["dead"] = sorted(vertex(p, board) for p in given)
            entry["exact"] = exact
            entry["agrees"] = agrees(report.declared_result, counted.result) if item.rules.area else None
    entry["findings"] = [f.to_dict() for f in [*findings, *notes]]
    return entry


def _relevant(code: str) -> bool:
    """Errors that bear on the count: every SGF syntax error (the codes of the FF[4] grammar),
    the board, the moves, reading, and kifu's own failures; not the count's own verdict (made
    again here, with ``--dead``)."""
    if code.startswith("GO2"):
        return False
    known = REGISTRY.get(code)
    syntax = known is not None and known.rule is not None and "EBNF" in known.rule
    return syntax or code.startswith(("GO", "IO", "KIFU")) or code in _COUNTED_SGF


_COUNTED_SGF = frozenset({codes.BAD_SIZE.code, codes.NOT_GO.code, codes.OFF_BOARD.code})


def _has_markup(item: GameResult) -> bool:
    last = item.main.last
    return last is not None and ("TB" in last.props or "TW" in last.props)
