"""What a look-ahead may read: the moves it replays to find the move meant at a slip.

The look-ahead of each game (:mod:`kifu.chess.lookahead`, :mod:`kifu.xiangqi.lookahead`) runs only
at a move that cannot be played, and replays the moves after it under each candidate. A score
sheet's few slips take little; a hostile record of slips, each read past the others, could take
without end. A record's :class:`Effort` bounds the moves replayed over all its slips to a few
slips' worth and a bounded multiple of its length; once it is spent, a slip's readings are named
and none is sought from the moves after it.
"""

from __future__ import annotations


class Effort:
    """Moves that may still be replayed (a slip's share of a record's, or a record's)."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def spent(self) -> bool:
        return self.left <= 0


def record_effort(plies: int, base: int, per_ply: int) -> Effort:
    """The effort of a record of ``plies`` moves: ``base``, and ``per_ply`` more for each move."""
    return Effort(base + per_ply * plies)
