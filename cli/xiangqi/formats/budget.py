"""The moves one xiangqi record may hold (``limits().moves``): each read move costs far more
memory than its few characters (four in DhtmlXQ, four bytes in XQF), so no character limit
bounds a record's memory. Every reader counts its moves, main line and variations together,
and stops at the limit with one IO008 finding."""

from __future__ import annotations

from kifu.core.findings import IO_LIMIT, Finding
from kifu.core.limits import limits
from kifu.core.record import Span


class MoveBudget:
    """The moves a record may still hold."""

    __slots__ = ("left", "limit", "spent")

    def __init__(self) -> None:
        self.limit = limits().moves
        self.left = self.limit
        self.spent = False  # a move was refused: the reader reads no more

    def take(self) -> bool:
        """Count one more move; ``False`` when it is past the limit (it is not to be read)."""
        if not self.limit:
            return True
        if not self.left:
            self.spent = True
            return False
        self.left -= 1
        return True

    def finding(self, span: Span | None = None, *, where: str = "", move: str | None = None) -> Finding:
        """IO008 at the first move not read (``where`` places it in a binary file)."""
        return IO_LIMIT(
            f"{where}more than {self.limit:,} moves in the record (--max-moves): the moves from "
            "here on are not read",
            span,
            move=move,
        )
