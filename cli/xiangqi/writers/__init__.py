"""``kifu convert`` for xiangqi: any record kifu reads to XQBase PGN (Chinese, traditional, WXF or
ICCS moves), a UCCI move list, a FEN per position, JSON, or text diagrams.

A record is read as ``kifu check`` reads it (XQBase PGN, score sheets, DhtmlXQ, XQF, CBF, CBR)
and walked once with the same options (``--abridged`` included) by the :class:`~.tree.Writer`,
which writes every move anew in the target notation; ``pgn``, ``lists``, ``jsonl`` and
``diagram`` lay the played record out. The PGN targets keep tags, comments, NAGs and
variations; the plain lists (``ucci``, ``fen``) and the diagrams name what they drop. A move
that cannot be played ends its line: it and the moves after it are reported as problems. A
record whose result check rejects (a Result tag and marker that differ, a result the rules
contradict) is written and named as a problem. A record with a move that cannot be played, or an
error of reading, is ``lost``: the command writes it only under ``--lenient``. The PGN targets
then keep the rest of each line from such a move as written, after a comment ``{kifu: not
replayed from here: …}`` (so that ``kifu check`` of the output finds the same move, and a second
conversion gives the same bytes; a rest that would not read back as written, such as a CBF step
``12-14``, goes inside that comment after ``; as written:``), and ``json`` keeps the rest of the
main line under ``not_replayed``; the other targets end at the last move played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kifu.core.converted import Converted
from kifu.core.findings import Finding, Severity, located
from kifu.core.game import Options, Target
from kifu.core.record import Record
from kifu.core.sources import Source
from kifu.core.walk import Tee, Visitor
from kifu.xiangqi import codes
from kifu.xiangqi.board import Board
from kifu.xiangqi.checker import Checker, declared_result, verdict
from kifu.xiangqi.reader import records
from kifu.xiangqi.walk import Problem, Step, walk, walk_options
from kifu.xiangqi.writers.tree import PlayedRecord, Writer

if TYPE_CHECKING:
    from kifu.xiangqi.writers.diagram import Drawn

# The layouts (pgn, jsonl, lists, diagram) are imported where a conversion needs them: a check
# imports this package only for its table (TARGETS), and ``diagram`` brings the drawing code
# with it.

#: results the rules can contradict (an unfinished game is at most a warning of check)
_DECIDED = ("1-0", "0-1", "1/2-1/2")


def convert(
    source: Source, fmt: str, target: str, options: Options | None = None
) -> Iterator[Converted | Finding]:
    """Convert every record of ``source`` to ``target``; findings about the file come as Findings.

    The command joins the texts of the targets that are ``separated`` in :data:`TARGETS` with a
    blank line.
    """
    for item in records(source, fmt):
        if isinstance(item, Finding):
            yield item
            continue
        record, findings, _ = item
        yield convert_record(record, findings, target, options)


@dataclass(frozen=True, slots=True)
class Read:
    """A record that can be walked, what every target is written from: the ``problems`` of its
    reading, and the ``options`` of its walk."""

    record: Record
    options: Options
    problems: list[str]


def convert_record(
    record: Record, findings: list[Finding], target: str, options: Options | None = None
) -> Converted:
    """Convert one record (read with ``findings``) to ``target``, walked under ``options``."""
    options = options or Options()
    problems = [located(f) for f in findings if f.severity is Severity.ERROR]
    if any(f.code == codes.UNSUPPORTED_FORMAT.code for f in findings):
        messages = [f.message for f in findings]
        return Converted(record.index, "", [], messages, lost=messages)
    if not (record.tags or record.moves or record.comments or record.start_position):
        problems = problems or ["the record is empty"]
        return Converted(record.index, "", [], problems, lost=problems)
    if any(f.code == codes.BAD_FEN.code for f in findings):
        return Converted(record.index, "", [], problems, lost=problems)
    return TARGETS[target].writer(Read(record, options, problems))


@dataclass(frozen=True, slots=True)
class _Walked:
    """What the one walk gave a target: the played record, the boards when it drew them, the
    ``problems`` and ``lost`` texts, whether the rest of what was lost was kept as written, and
    what the record contradicts of its stated result (written as stated: see
    :attr:`~kifu.core.converted.Converted.contradicted`)."""

    game: PlayedRecord
    drawn: Drawn | None
    problems: list[str]
    lost: list[str]
    remainder_kept: bool
    contradicted: list[str]


def _walk(
    read: Read,
    notations: tuple[str, ...],
    *,
    main_only: bool = False,
    keep_rest: bool = False,
    pgn: bool = False,
    draw: bool = False,
) -> _Walked | Converted:
    """``read`` walked once, writing every move in ``notations`` (the main line only if
    ``main_only``; ``keep_rest``, ``pgn``: see :class:`~.tree.Writer`'s ``keep_rest`` and
    ``mark_rest``), the boards of the main line kept when ``draw``; or, when its start position
    cannot be used, nothing written."""
    record, options = read.record, read.options
    problems = list(read.problems)
    declared, result_findings = declared_result(record)
    writer = Writer(record, notations, main_only=main_only, keep_rest=keep_rest, mark_rest=pgn)
    walked = walk_options(record, options.settings)
    if isinstance(walked, Finding):
        problems.append(f"its start position cannot be used: {walked.message}")
        return Converted(record.index, "", [], problems, lost=problems)
    # only a decided result can be contradicted by the rules: then the checker walks along
    checker = Checker(walked, variations=writer.variations) if declared in _DECIDED else None
    # the boards of a diagram come from the same walk, from a positions visitor
    drawn = None
    if draw:
        from kifu.xiangqi.writers.diagram import Drawn

        drawn = Drawn(walked)
    visitors: list[Visitor[Board, Step, Problem, object]] = [writer]
    visitors += [visitor for visitor in (checker, drawn) if visitor is not None]
    walk(record, walked, visitors[0] if len(visitors) == 1 else Tee(*visitors))
    game = writer.result()
    problems.extend(game.problems)
    lost = list(problems)
    # the rest was kept when every line that stopped was kept and nothing else was lost (JSON
    # keeps the main line's only)
    kept = game.kept if pgn else int(game.cut is not None)
    remainder_kept = 0 < kept == len(lost)
    rejected = result_findings
    if checker is not None:
        rejected = [*rejected, *verdict(record, checker.result(), declared, options)]
    contradicted = [located(f) for f in rejected if f.severity is Severity.ERROR]
    return _Walked(game, drawn, problems, lost, remainder_kept, contradicted)


@dataclass(frozen=True, slots=True)
class PgnTarget:
    """An XQBase PGN target: the notation of its moves and the value of its Format tag. It keeps
    tags, comments, NAGs, variations, and the rest of a line from a move that cannot be played."""

    notation: str
    format: str

    def __call__(self, read: Read) -> Converted:
        from kifu.xiangqi.writers.pgn import pgn

        walked = _walk(read, (self.notation,), keep_rest=True, pgn=True)
        if isinstance(walked, Converted):
            return walked
        text = pgn(walked.game, self.notation, self.format)
        return Converted(
            read.record.index,
            text,
            [],
            walked.problems,
            lost=walked.lost,
            remainder_kept=walked.remainder_kept,
            contradicted=walked.contradicted,
        )


def _json(read: Read) -> Converted:
    """One JSON object holding every notation; the rest of the main line kept as written."""
    from kifu.xiangqi.writers.jsonl import to_json

    walked = _walk(read, ("chinese", "wxf", "iccs", "ucci", "fen"), keep_rest=True)
    if isinstance(walked, Converted):
        return walked
    return Converted(
        read.record.index,
        to_json(walked.game),
        [],
        walked.problems,
        lost=walked.lost,
        remainder_kept=walked.remainder_kept,
        contradicted=walked.contradicted,
    )


def _diagram(read: Read) -> Converted:
    """The final position (or a board after every move of the main line) as text diagrams."""
    from kifu.xiangqi.writers.diagram import diagrams, dropped_by_diagram

    # the heading of each move is written in Chinese and WXF (kifu.xiangqi.writers.diagram)
    walked = _walk(read, ("chinese", "wxf"), main_only=True, draw=True)
    if isinstance(walked, Converted):
        return walked
    every_move = bool(read.options.settings.get("every_move"))
    dropped = dropped_by_diagram(walked.game, every_move)
    assert walked.drawn is not None
    text = diagrams(walked.game, every_move, walked.drawn.result())
    return Converted(
        read.record.index, text, dropped, walked.problems, lost=walked.lost, contradicted=walked.contradicted
    )


def _ucci(read: Read) -> Converted:
    """One line of UCCI moves (after a FEN line when the start is set up)."""
    from kifu.xiangqi.writers.lists import ucci

    return _listed(read, "ucci", ucci)


def _fen(read: Read) -> Converted:
    """One FEN per position of the main line."""
    from kifu.xiangqi.writers.lists import fens

    return _listed(read, "fen", fens)


def _listed(read: Read, notation: str, lay_out: Callable[[PlayedRecord], str]) -> Converted:
    """The main line walked in ``notation`` and laid out as a plain list, naming what it drops."""
    from kifu.xiangqi.writers.lists import dropped_by_lists

    walked = _walk(read, (notation,), main_only=True)
    if isinstance(walked, Converted):
        return walked
    game = walked.game
    return Converted(
        read.record.index,
        lay_out(game),
        dropped_by_lists(game),
        walked.problems,
        lost=walked.lost,
        contradicted=walked.contradicted,
    )


def _pgn(description: str, notation: str, format: str) -> Target[Callable[[Read], Converted]]:
    return Target(description, ".pgn", True, PgnTarget(notation, format))


#: target name → what it is (for ``--help`` and the README), its extension, whether its records
#: are joined by a blank line (XQBase PGN records, FEN lists, diagrams), and its writer
TARGETS: dict[str, Target[Callable[[Read], Converted]]] = {
    "chinese": _pgn(
        'XQBase PGN, Chinese moves in simplified characters (炮二平五 马８进７), [Format "Chinese"]',
        "chinese",
        "Chinese",
    ),
    "traditional": _pgn(
        "XQBase PGN, Chinese moves in traditional characters (炮二平五 馬８進７)", "traditional", "Chinese"
    ),
    "pgn": _pgn("XQBase PGN as XQBase writes it: the same as chinese", "chinese", "Chinese"),
    "wxf": _pgn('XQBase PGN with WXF moves (C2.5 H8+7), [Format "WXF"]', "wxf", "WXF"),
    "iccs": _pgn('XQBase PGN with ICCS moves (H2-E2 H9-G7), [Format "ICCS"]', "iccs", "ICCS"),
    "ucci": Target(
        "one line of UCCI moves per game (h2e2 h9g7), after a FEN line when the start is set up; "
        "comments, NAGs, variations, tags and the result are dropped",
        ".ucci",
        False,
        _ucci,
    ),
    "fen": Target("one FEN per position of the main line, the start position first", ".fen", True, _fen),
    "json": Target(
        "one JSON object per game: tags, start, result, moves (Chinese, WXF, ICCS, UCCI, FEN), "
        "comments, NAGs, variations",
        ".jsonl",
        False,
        _json,
    ),
    "diagram": Target(
        "the tags and a text board of the final position (--every-move: after every move of the "
        "main line, with its comments), as kifu show draws it",
        ".txt",
        True,
        _diagram,
    ),
}
#: the XQBase PGN targets, and output file extensions
PGN_TARGETS = frozenset(name for name, target in TARGETS.items() if isinstance(target.writer, PgnTarget))
EXTENSIONS = {name: target.extension for name, target in TARGETS.items()}
