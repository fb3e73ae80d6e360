"""What every ``convert`` target shares: a visitor of the walk that writes, and its failures.

A move that cannot be played ends its line and becomes a failure (said on stderr by the
command); the alternatives of such a move are not written (there is no move to hang them on),
so their events are skipped here and their own failures are not named.
"""

from __future__ import annotations

from kifu.chess.walk import Unplayable, Visitor
from kifu.core.record import Record

import chess


class Writer(Visitor):
    """A ``convert`` target: the walk's events in, the record's text out (:meth:`text`)."""

    def __init__(self, record: Record, start: chess.Board, lang: str | None) -> None:
        self.record, self.start, self.lang = record, start, lang
        self.complete = True
        self.depth = 0
        self.skipping = 0  # depth of skipped variations (alternatives of an unplayable move)
        self.stopped = False  # the current line ended at a move that cannot be played
        # each line that ends at a move that cannot be played: the main line's, then the others
        self._failures: tuple[list[str], list[str]] = ([], [])

    @property
    def failures(self) -> list[str]:
        """Each move that could not be played, and how many moves were lost with it."""
        return [*self._failures[0], *self._failures[1]]

    def begin_variation(self, depth: int) -> None:
        if self.skipping or self.stopped:
            self.skipping += 1
            return
        self.depth = depth
        self.opened()

    def end_variation(self) -> None:
        if self.skipping:
            self.skipping -= 1
            return
        self.depth -= 1
        self.stopped = False
        self.closed()

    def unplayable(self, problem: Unplayable) -> None:
        if self.skipping:
            return
        node = problem.node
        where = f"line {node.span.line}" if node.span else "?"
        self._failures[1 if self.depth else 0].append(
            f"{node.text} ({where}) and the {problem.remaining} move(s) after it: {problem.problem.message}"
        )
        self.stopped = True

    def end(self, complete: bool) -> None:
        self.complete = complete

    def opened(self) -> None:
        """A variation that is written starts."""

    def closed(self) -> None:
        """The innermost variation that is written ends."""

    def text(self) -> str:
        """The record in the target's format."""
        raise NotImplementedError

    def dropped(self) -> list[str]:
        """What the target could not hold (``comments``, ``NAGs``, ``variations``, ``tags``)."""
        return []
