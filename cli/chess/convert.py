"""``kifu convert`` for chess: one game read as ``kifu check`` reads it, walked once, written.

The game is walked (:func:`kifu.chess.walk.walk`) with the visitor of its target
(:mod:`kifu.chess.writers`), under the same options as ``check``: the piece letters of
``read_lang`` (``check --lang``; detected when not given, as ``check`` does). Whatever a
target cannot hold (comments in UCI, variations in a FEN list) is named in ``dropped``, and a
move that cannot be played ends its line and is named in ``problems``, so that the command can
say so; such a game is ``lost`` (the command writes it only under ``--lenient``). Convert never
writes a move the record does not hold: where ``check`` goes on assuming the evident move (the
walk's ``assume``), convert stops the replay of the line, and the PGN targets (pgn, san, fan)
copy the rest of the line as written after a comment ``{kifu: not replayed from here: …}``, so
that reading the output back gives the same moves. A game kifu cannot replay (a variant it does
not know, a broken FEN) is copied as written by the PGN targets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from kifu.chess.checker import Checker, declared_result, judge
from kifu.chess.reader import read_game
from kifu.chess.rules import laws_for
from kifu.chess.splitter import GameText
from kifu.chess.start import start_board
from kifu.chess.walk import WalkOptions, walk
from kifu.chess.writers import AS_WRITTEN, EXTENSIONS, TARGETS, writer, written_as_is
from kifu.core.converted import Converted
from kifu.core.findings import Finding, Severity, located
from kifu.core.walk import Tee

if TYPE_CHECKING:
    from kifu.chess.writers.base import Written

#: the results the rules can contradict (an unfinished game's ``*`` is CHESS203's, a note)
DECIDED = frozenset({"1-0", "0-1", "1/2-1/2"})

__all__ = ["EXTENSIONS", "TARGETS", "convert_game"]


def convert_game(
    game: GameText,
    index: int,
    target: str,
    *,
    lang: str | None = None,
    read_lang: str | None = None,
    every_move: bool = False,
    rules: str | None = None,
) -> Converted:
    """Convert one game's text; ``lang``: the SAN letters written, ``read_lang``: those read;
    ``every_move``: a diagram after every move (``diagram``; else the final position only);
    ``rules``: the preset its result is judged by, as ``check --rules`` (``contradicted``)."""
    read = read_game(game, index)
    record = read.record
    problems = [
        f"line {f.span.line if f.span else '?'}: {f.message}"
        for f in read.findings
        if f.severity.label == "error"
    ]
    start = start_board(record, [])
    if start is None:
        if target not in AS_WRITTEN:
            why = "its variant or start position is not one kifu replays"
            return Converted(index, "", [], [*problems, why], lost=[*problems, why])
        why = "its variant or start position is not one kifu replays: the moves are copied as written"
        text = written_as_is(target, record, lang)
        return Converted(index, text, [], [*problems, why], lost=problems, remainder_kept=True)
    visitor = writer(target, record, start, lang, every_move)
    # the result is judged as check judges it, by its checker walking along (a decided result
    # only: an unfinished one contradicts nothing), on the same walk
    rejected: list[Finding] = []
    declared = declared_result(record, rejected)
    applied = laws_for(rules, record.tags)
    checker = Checker(record, applied) if declared in DECIDED else None
    if checker is not None:
        checker.hears_before = False  # (convert shows no finding's position: no copy per move)
    options = WalkOptions(start, read_lang, mates=checker is not None)
    if checker is None:
        written = walk(record, options, visitor)
    else:
        written = cast("Written", walk(record, options, Tee(visitor, checker))[0])
    problems.extend(written.failures)
    if checker is not None and not problems:
        judge(record, declared, checker.result(), rejected, applied)
    return Converted(
        index,
        written.text,
        written.dropped,
        problems,
        lost=problems,
        remainder_kept=written.kept_rest,
        contradicted=[] if problems else [located(f) for f in rejected if f.severity is Severity.ERROR],
    )
