"""The events of a game's one walk over a record, and the visitor that receives them.

Each game has one function ``walk(record, options, visitor)`` (in ``kifu.<game>.walk``) that
replays the main line and every variation once, through the rules. What happens at each move is
the visitor's: the checker collects findings, outcome and claims; each ``convert --to`` target
writes; ``show`` and the HTML report draw. So check, convert and show cannot disagree about a
move. The model is python-chess's ``BaseVisitor``.

The walk is iterative (variations nest as deep as a file says) but its events are properly
nested, in the order of the record::

    begin(start)
      move(step 1) move(step 2)
        begin_variation(depth 1)      alternatives to step 2, played from the position before it
          move(…) … [unplayable(…)]
        end_variation()
      move(step 3) … [unplayable(…)]
    end(complete)

A variation's events come right after the move it replaces (PGN order). ``unplayable`` ends
its line: the walk goes on with the next variation or ends. ``P`` is the game's position
(``chess.Board``, the xiangqi ``Board``, the Go ``Board``), ``S`` its step (what was played,
the node as written, the ply, the position after it).
"""

from __future__ import annotations

from typing import Generic, TypeVar

P = TypeVar("P")
S = TypeVar("S")
U = TypeVar("U")


class Visitor(Generic[P, S, U]):
    """Receives the events of a walk; every hook does nothing unless overridden.

    ``U`` is what the game says about a move that cannot be played (a finding, a message).
    """

    #: whether the walk plays variations at all (a main-line target such as UCI or FEN lists
    #: does not need them: the walk skips them, and their moves are not resolved)
    variations: bool = True

    def begin(self, start: P) -> None:
        """The walk starts from ``start`` (the record's start position)."""

    def move(self, step: S) -> None:
        """A move was played; ``step`` holds it, its node, its ply and the position after it."""

    def begin_variation(self, depth: int) -> None:
        """An alternative to the move just visited starts (``depth`` 1 for a variation of the main line)."""

    def end_variation(self) -> None:
        """The innermost variation ends."""

    def unplayable(self, problem: U) -> None:
        """The next move of the current line cannot be played: the line ends here."""

    def end(self, complete: bool) -> None:
        """The walk is over; ``complete``: the main line was played to its last move."""
