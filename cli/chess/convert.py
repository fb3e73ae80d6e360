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

from kifu.chess.reader import read_game
from kifu.chess.splitter import GameText
from kifu.chess.start import start_board
from kifu.chess.walk import Step, Visitor, WalkOptions, walk
from kifu.chess.writers import AS_WRITTEN, EXTENSIONS, TARGETS, writer, written_as_is
from kifu.core.converted import Converted
from kifu.core.record import Record
from kifu.core.walk import SKIP, Tee

if TYPE_CHECKING:
    from kifu.chess.writers.base import Written

#: the results a PGN states
RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})

__all__ = ["EXTENSIONS", "TARGETS", "convert_game"]


def convert_game(
    game: GameText,
    index: int,
    target: str,
    *,
    lang: str | None = None,
    read_lang: str | None = None,
    every_move: bool = False,
) -> Converted:
    """Convert one game's text; ``lang``: the SAN letters written, ``read_lang``: those read;
    ``every_move``: a diagram after every move (``diagram``; else the final position only)."""
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
    ending = _Ending(len(record.moves))
    both = walk(record, WalkOptions(start, read_lang, notation=visitor.notation), Tee(visitor, ending))
    written = cast("Written", both[0])
    problems.extend(written.failures)
    contradicted = [] if problems else contradictions(record, cast("str | None", both[1]))
    return Converted(
        index,
        written.text,
        written.dropped,
        problems,
        lost=problems,
        remainder_kept=written.kept_rest,
        contradicted=contradicted,
    )


def contradictions(record: Record, final: str | None) -> list[str]:
    """What the record's result states that the record contradicts: its ``Result`` tag against
    the result its movetext ends with, and either against the result the final position
    (``final``, FEN) proves (checkmate, stalemate, too little material to mate; the draws by
    repetition and move count, which depend on the Laws' edition, are ``kifu check``'s). A
    conversion writes the result as the record states it, and says so."""
    said: list[str] = []
    tag, marker = record.tags.get("Result"), record.result
    if tag in RESULTS and marker in RESULTS and marker != "*" and tag != marker:  # (as check's PGN007)
        said.append(f"its Result tag says {tag} but its movetext ends with {marker}")
    declared = marker if marker in RESULTS and marker != "*" else tag
    if final is None or declared not in RESULTS or declared == "*":
        return said
    import chess  # (python-chess only for a result to weigh: a clean convert of a game needs none)

    board = chess.Board(final)
    if board.is_checkmate():
        proven, why = ("0-1" if board.turn == chess.WHITE else "1-0"), "checkmate"
    elif board.is_stalemate():
        proven, why = "1/2-1/2", "stalemate"
    elif board.is_insufficient_material():
        proven, why = "1/2-1/2", "a dead position (neither side can mate)"
    else:
        return said
    if declared != proven:
        said.append(f"its result {declared} contradicts the final position: {why} gives {proven}")
    return said


class _Ending(Visitor[str | None]):
    """The final position of the main line, as FEN, when the walk plays all its ``plies``."""

    variations = False

    def __init__(self, plies: int) -> None:
        self.plies = plies
        self.final: str | None = None

    def begin_variation(self, depth: int) -> bool | None:
        return SKIP

    def move(self, step: Step) -> None:
        if step.ply == self.plies:
            self.final = step.board.fen()

    def result(self) -> str | None:
        return self.final
