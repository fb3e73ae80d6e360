"""The FIDE Laws on the main line: how the game ended, and which draws could be claimed.

:class:`MainLine` is told of each position the main line reaches and keeps repetition counts
and move counters incrementally, so that automatic draws (fivefold, 75 moves), dead positions
and the first ply at which a draw could be claimed (FIDE 9.2 and 9.3, including the claim made
by writing down the intended move) are known without replaying anything twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kifu.chess.position import Position, Start, board_key

if TYPE_CHECKING:
    import chess


@dataclass(slots=True)
class Ending:
    """How the rules ended the game: ``reason``, the ``result`` they give, at ``ply``."""

    reason: str
    result: str
    ply: int


@dataclass(slots=True)
class Claim:
    """A draw claim: when it first became available, and whether it holds at the end."""

    reason: str
    ply: int
    reached_ply: int | None
    valid: bool


#: what makes two positions the same for FIDE 9.2 (:func:`~kifu.chess.position.board_key`)
PositionKey = bytes


class MainLine:
    """Incremental bookkeeping of the main line: repetitions, counters, claims, the end."""

    def __init__(self, start: Start) -> None:
        first = start.key() if isinstance(start, Position) else board_key(start)
        self.counts: dict[PositionKey, int] = {first: 1}
        self.twice: list[PositionKey] = []  # positions seen twice since the last irreversible move
        self.ending: Ending | None = None
        self.threefold_ply: int | None = None  # first ply with a valid threefold claim
        self.threefold_reached: int | None = None
        self.fifty_ply: int | None = None
        self.fifty_reached: int | None = None

    def after_move(
        self, position: Position, ply: int, zeroing: bool, mate: bool, key: PositionKey | None
    ) -> None:
        """Account for ``position``, reached by the move of ``ply`` (the hot path: keep it lean).

        ``key`` is the position's key when the walk computed it already.
        """
        if zeroing:
            self.counts.clear()
            self.twice.clear()
            if position.no_heavy_pieces() and position.board().is_insufficient_material():
                self._end("insufficient-material", "1/2-1/2", ply)
        if key is None:
            key = position.key()
        count = self.counts.get(key, 0) + 1
        self.counts[key] = count
        if mate:
            self._end("checkmate", "0-1" if position.turn == 0 else "1-0", ply)
            return
        if count >= 2:
            self._repeated(key, count, ply)
        if self.ending is not None:
            return  # the game is over: nothing is left to claim
        clock = position.halfmove
        if clock >= 99:
            self._long_quiet(position.board(), clock, ply)
        if self.twice and self.threefold_ply is None and position.repeats_by_move(self.twice):
            self.threefold_ply = ply

    def _repeated(self, key: PositionKey, count: int, ply: int) -> None:
        if count == 2:
            self.twice.append(key)
        elif count >= 3 and self.threefold_reached is None:
            self.threefold_reached = ply
            self.threefold_ply = self.threefold_ply or ply
        if count >= 5:
            self._end("fivefold-repetition", "1/2-1/2", ply)

    def _long_quiet(self, board: chess.Board, clock: int, ply: int) -> None:
        if clock >= 100 and self.fifty_reached is None:
            self.fifty_reached = ply
            self.fifty_ply = self.fifty_ply or ply
        if clock >= 150:
            self._end("seventyfive-moves", "1/2-1/2", ply)
        if self.fifty_ply is None and clock == 99 and self._fifty_by_move(board):
            self.fifty_ply = ply

    def end_without_moves(self, board: chess.Board, ply: int) -> None:
        """The side to move on ``board`` has no legal move after ``ply``: checkmate or stalemate."""
        if board.is_check():
            self._end("checkmate", "0-1" if board.turn else "1-0", ply)  # (python-chess's WHITE is True)
        else:
            self._end("stalemate", "1/2-1/2", ply)

    def _end(self, reason: str, result: str, ply: int) -> None:
        if self.ending is None:
            self.ending = Ending(reason, result, ply)

    @staticmethod
    def _fifty_by_move(board: chess.Board) -> bool:
        """FIDE 9.3.1: the player to move writes a move that completes the fifty moves."""
        return any(not board.is_zeroing(move) for move in board.generate_legal_moves())

    def claims_at_end(self, position: Position) -> list[Claim]:
        """The claims available at some ply, and whether each holds in the final ``position``."""
        claims = []
        if self.threefold_ply is not None:
            here = self.counts.get(position.key(), 0) >= 3 or (
                bool(self.twice) and position.repeats_by_move(self.twice)
            )
            claims.append(Claim("threefold-repetition", self.threefold_ply, self.threefold_reached, here))
        if self.fifty_ply is not None:
            board = position.board()
            clock = board.halfmove_clock
            here = clock >= 100 or (clock == 99 and self._fifty_by_move(board))
            claims.append(Claim("fifty-moves", self.fifty_ply, self.fifty_reached, here))
        return claims


def describe_ending(ending: Ending) -> str:
    """``checkmate at ply 83`` — for messages."""
    return {
        "checkmate": "checkmate",
        "stalemate": "stalemate",
        "insufficient-material": "a dead position (neither side can mate)",
        "fivefold-repetition": "fivefold repetition",
        "seventyfive-moves": "the 75-move rule",
    }[ending.reason] + f" at ply {ending.ply}"


def ending_rule(ending: Ending) -> str:
    """The article of the FIDE Laws under which the game ended."""
    return {
        "checkmate": "FIDE Laws of Chess 5.1.1",
        "stalemate": "FIDE Laws of Chess 5.2.1",
        "insufficient-material": "FIDE Laws of Chess 5.2.2",
        "fivefold-repetition": "FIDE Laws of Chess 9.6.1",
        "seventyfive-moves": "FIDE Laws of Chess 9.6.2",
    }[ending.reason]
