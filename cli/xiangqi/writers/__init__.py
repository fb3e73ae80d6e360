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

from collections.abc import Iterator

from kifu.core.converted import Converted
from kifu.core.findings import Finding, Severity
from kifu.core.game import Options
from kifu.core.record import Record
from kifu.core.sources import Source
from kifu.core.walk import Tee, Visitor
from kifu.xiangqi import codes
from kifu.xiangqi.board import Board
from kifu.xiangqi.checker import Checker, declared_result, verdict
from kifu.xiangqi.reader import records
from kifu.xiangqi.walk import Problem, Step, walk, walk_options
from kifu.xiangqi.writers.tree import Writer

# The layouts (pgn, jsonl, lists, diagram) are imported where a conversion needs them: a check
# imports this package only for its tables (TARGETS, EXTENSIONS), and ``diagram`` brings the
# drawing code with it.

#: target name → what it is (for ``--help`` and the README)
TARGETS: dict[str, str] = {
    "chinese": 'XQBase PGN, Chinese moves in simplified characters (炮二平五 马８进７), [Format "Chinese"]',
    "traditional": "XQBase PGN, Chinese moves in traditional characters (炮二平五 馬８進７)",
    "pgn": "XQBase PGN as XQBase writes it: the same as chinese",
    "wxf": 'XQBase PGN with WXF moves (C2.5 H8+7), [Format "WXF"]',
    "iccs": 'XQBase PGN with ICCS moves (H2-E2 H9-G7), [Format "ICCS"]',
    "ucci": "one line of UCCI moves per game (h2e2 h9g7), after a FEN line when the start is set up; "
    "comments, NAGs, variations, tags and the result are dropped",
    "fen": "one FEN per position of the main line, the start position first",
    "json": "one JSON object per game: tags, start, result, moves (Chinese, WXF, ICCS, UCCI, FEN), "
    "comments, NAGs, variations",
    "diagram": "the tags and a text board of the final position (--every-move: after every move of the "
    "main line, with its comments), as kifu show draws it",
}

#: PGN targets → (notation of the moves, value of the Format tag)
_PGN = {
    "chinese": ("chinese", "Chinese"),
    "pgn": ("chinese", "Chinese"),
    "traditional": ("traditional", "Chinese"),
    "wxf": ("wxf", "WXF"),
    "iccs": ("iccs", "ICCS"),
}
#: targets whose records the command separates with a blank line, and output file extensions
PGN_TARGETS = frozenset(_PGN)
EXTENSIONS = {
    **{target: ".pgn" for target in _PGN},
    "ucci": ".ucci",
    "fen": ".fen",
    "json": ".jsonl",
    "diagram": ".txt",
}
#: notations each target writes for every move
_NEEDS: dict[str, tuple[str, ...]] = {
    **{target: (notation,) for target, (notation, _) in _PGN.items()},
    "ucci": ("ucci",),
    "fen": ("fen",),
    "json": ("chinese", "wxf", "iccs", "ucci", "fen"),
    "diagram": ("chinese", "wxf"),  # the heading of each move (kifu.xiangqi.writers.diagram)
}
#: targets that write the main line only (the walk skips the variations)
_MAIN_ONLY = ("ucci", "fen", "diagram")
#: targets that keep the moves after one that cannot be played, as written (see Writer.keep_rest)
_KEEP_REST = frozenset({*_PGN, "json"})
#: results the rules can contradict (an unfinished game is at most a warning of check)
_DECIDED = ("1-0", "0-1", "1/2-1/2")


def convert(
    source: Source, fmt: str, target: str, options: Options | None = None
) -> Iterator[Converted | Finding]:
    """Convert every record of ``source`` to ``target``; findings about the file come as Findings.

    The command joins the texts of the targets in :data:`PGN_TARGETS` with a blank line.
    """
    for item in records(source, fmt):
        if isinstance(item, Finding):
            yield item
            continue
        record, findings = item
        yield convert_record(record, findings, target, options)


def convert_record(
    record: Record, findings: list[Finding], target: str, options: Options | None = None
) -> Converted:
    """Convert one record (read with ``findings``) to ``target``, walked under ``options``."""
    options = options or Options()
    problems = [_located(f) for f in findings if f.severity is Severity.ERROR]
    if any(f.code == codes.UNSUPPORTED_FORMAT.code for f in findings):
        messages = [f.message for f in findings]
        return Converted(record.index, "", [], messages, lost=messages)
    if not (record.tags or record.moves or record.comments or record.start_position):
        problems = problems or ["the record is empty"]
        return Converted(record.index, "", [], problems, lost=problems)
    if any(f.code == codes.BAD_FEN.code for f in findings):
        return Converted(record.index, "", [], problems, lost=problems)
    declared, result_findings = declared_result(record)
    writer = Writer(
        record,
        _NEEDS[target],
        main_only=target in _MAIN_ONLY,
        keep_rest=target in _KEEP_REST,
        mark_rest=target in _PGN,
    )
    # only a decided result can be contradicted by the rules: then the checker walks along
    checker = Checker(variations=writer.variations) if declared in _DECIDED else None
    walked = walk_options(record, options.settings, write=writer.write)
    if isinstance(walked, Finding):
        problems.append(f"its start position cannot be used: {walked.message}")
        return Converted(record.index, "", [], problems, lost=problems)
    # the boards of a diagram come from the same walk, from a positions visitor
    drawn = None
    if target == "diagram":
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
    kept = game.kept if target in _PGN else int(game.cut is not None)
    remainder_kept = 0 < kept == len(lost)
    rejected = result_findings
    if checker is not None:
        rejected = [*rejected, *verdict(record, checker.result(), declared, options)]
    problems.extend(_located(f) for f in rejected if f.severity is Severity.ERROR)
    if target in _PGN:
        from kifu.xiangqi.writers.pgn import pgn

        notation, name = _PGN[target]
        text = pgn(game, notation, name)
        return Converted(record.index, text, [], problems, lost=lost, remainder_kept=remainder_kept)
    if target == "json":
        from kifu.xiangqi.writers.jsonl import to_json

        return Converted(record.index, to_json(game), [], problems, lost=lost, remainder_kept=remainder_kept)
    if target == "diagram":
        from kifu.xiangqi.writers.diagram import diagrams, dropped_by_diagram

        every_move = bool(options.settings.get("every_move"))
        dropped = dropped_by_diagram(game, every_move)
        assert drawn is not None
        text = diagrams(game, every_move, drawn.result())
        return Converted(record.index, text, dropped, problems, lost=lost)
    from kifu.xiangqi.writers.lists import dropped_by_lists, fens, ucci

    text = ucci(game) if target == "ucci" else fens(game)
    return Converted(record.index, text, dropped_by_lists(game), problems, lost=lost)


def _located(finding: Finding) -> str:
    return f"line {finding.span.line}: {finding.message}" if finding.span else finding.message
