"""What every ``convert`` target shares: a visitor of the walk that writes, and its failures.

A move that cannot be played ends its line and becomes a failure (said on stderr by the
command). A target that drops the rest of such a line skips the move's alternatives too
(:data:`~kifu.core.walk.SKIP`: there is no move to hang them on), and their own failures are
not named; the PGN targets, which copy the rest as written, replay them
(:class:`~kifu.chess.writers.tree.TreeWriter`).
"""

from __future__ import annotations

from dataclasses import dataclass

from kifu.chess.walk import Step, Unplayable, Visitor
from kifu.core.record import Record
from kifu.core.walk import SKIP

import chess


@dataclass(frozen=True, slots=True)
class Written:
    """What a writer made of its walk: the text, what the target could not hold, each move that
    could not be played (with what was lost with it), whether the main line was played to its
    end, and whether the moves after one that could not be played were copied as written."""

    text: str
    dropped: list[str]
    failures: list[str]
    complete: bool
    kept_rest: bool = False


class Writer(Visitor[Written]):
    """A ``convert`` target: the walk's events in, the record's text out (:meth:`result`).

    ``notation`` is what the target writes each move in (``"san"``, ``"lan"``; ``""``: none,
    :meth:`writes` sets it): a writer hears each move before it is played, writes it there, and
    :meth:`move_text` gives it with its check mark once the move is played.
    """

    def __init__(self, record: Record, start: chess.Board, lang: str | None) -> None:
        self.record, self.start, self.lang = record, start, lang
        self.notation = ""
        self.written = ""  # the move at hand in ``notation``, without its check mark
        self.kept_rest = False
        self.complete = True
        self.depth = 0
        self.stopped = False  # the current line ended at a move that cannot be played
        # each line that ends at a move that cannot be played: the main line's, then the others
        self._failures: tuple[list[str], list[str]] = ([], [])

    def writes(self, notation: str) -> None:
        """Write each move in ``notation`` (``"san"``, ``"lan"``)."""
        # (on the instance: the compiled walk reads its Visitor's attribute slot, which a class
        # attribute of an interpreted subclass does not fill)
        self.notation = notation
        self.hears_before_move = bool(notation)

    def before_move(self, step: Step) -> None:
        read = step.read
        self.written = "--" if read is None else step.position.write(read.move, self.notation)

    def move_text(self, step: Step) -> str:
        """The move just played in ``notation``, with its check mark."""
        return self.written + ("#" if step.mate else "+") if step.check else self.written

    @property
    def failures(self) -> list[str]:
        """Each move that could not be played, and how many moves were lost with it."""
        return [*self._failures[0], *self._failures[1]]

    def begin_variation(self, depth: int) -> bool | None:
        if self.stopped:
            return SKIP
        self.depth = depth
        self.opened()
        return None

    def end_variation(self) -> None:
        self.depth -= 1
        self.stopped = False
        self.closed()

    def unplayable(self, problem: Unplayable) -> None:
        node = problem.node
        where = f"line {node.span.line}" if node.span else "?"
        after = f" and the {problem.remaining} move(s) after it" if problem.remaining else ""
        message = f"{node.text} ({where}){after}: {problem.problem.message}"
        self._failures[1 if self.depth else 0].append(message)
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

    def result(self) -> Written:
        return Written(self.text(), self.dropped(), self.failures, self.complete, self.kept_rest)
