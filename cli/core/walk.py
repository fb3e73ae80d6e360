"""The one walk contract of every game: its events, the visitor that receives them, and two
visitors every game shares (:class:`Tee`, :class:`Positions`).

Each game has one function ``walk(record, options, visitor)`` (in ``kifu.<game>.walk``) that
replays the main line and every variation once, through the rules, and returns
``visitor.result()``. What happens at each move is the visitor's: the checker collects
findings, outcome and claims; each ``convert --to`` target writes; ``show`` and the HTML report
draw. So check, convert and show cannot disagree about a move. The model is python-chess's
``BaseVisitor``. ``options`` is the game's own object: what the walk needs besides the record
(the start position, the piece letters, the rules, what to compute for each move), so that a
visitor only receives events.

The walk is iterative (variations nest as deep as a file says) but its events are properly
nested, in the order of the record::

    begin(start)
    header(tags)                      the record's tags (PGN) or game information (SGF)
      [comment(…)]                    the record's comments before its first move
      move(step 1) [comment(…)] move(step 2)
        begin_variation(depth 1)      alternatives to step 2, played from the position before it
          move(…) … [unplayable(…)]
        end_variation()
      move(step 3) … [unplayable(…)]
    end(complete)

A variation's events come right after the move it replaces (PGN order). ``begin_variation`` may
answer :data:`SKIP`: then that one variation is not played and has no more events (not even
its ``end_variation``); the walk goes on with the next one. ``unplayable`` ends its line: the
walk goes on with the next variation or ends. A visitor that :attr:`~Visitor.hears_before_move`
hears ``before_move(step)`` before each ``move``, in the position before it (a writer writes
the move there). ``P`` is the game's position (``chess.Board``,
the xiangqi ``Board``, the Go ``Board``), ``S`` its step (what was played, the node as
written, the ply, the position after it: the position before it is the previous step's, or
``begin``'s), ``U`` what the game says about a move that cannot be played (its own type, which
has what :class:`Unplayable` names), ``R`` the visitor's :meth:`~Visitor.result`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final, Generic, Protocol, TypeVar


class Unplayable(Protocol):
    """What every game's walk says of a move it cannot play (:meth:`Visitor.unplayable`), in the
    game's own types: the node, the ply, the depth (0: the main line), the move as written, the
    legal moves it may have meant (what "did you mean" names), and the move the walk played in
    its stead when it went on (``None``: none)."""

    @property
    def node(self) -> object: ...

    @property
    def ply(self) -> int: ...

    @property
    def depth(self) -> int: ...

    @property
    def written(self) -> str: ...

    @property
    def candidates(self) -> Sequence[object]: ...

    @property
    def assumed(self) -> object: ...


P = TypeVar("P")
S = TypeVar("S")
U = TypeVar("U", bound=Unplayable)
R = TypeVar("R", covariant=True)
T = TypeVar("T")

#: what ``begin_variation`` answers to have the walk skip that one variation
SKIP: Final = True


class Visitor(Generic[P, S, U, R]):
    """Receives the events of a walk, then gives its :meth:`result`; every hook does nothing
    unless overridden."""

    #: whether the walk plays variations at all (a main-line target such as UCI or FEN lists
    #: does not need them: the walk skips them, and their moves are not resolved)
    variations: bool = True
    #: whether the walk sends :meth:`comment` events (a visitor that reads the nodes' comments
    #: itself, as the writers do, leaves them off: they cost nothing then)
    hears_comments: bool = False
    #: whether the walk keeps the position before each move for the step to give (a copy per
    #: move: only a visitor that reports findings with their position asks for it)
    hears_before: bool = False
    #: whether the walk tells of each move before it plays it (:meth:`before_move`): a writer,
    #: which writes a move in the position before it
    hears_before_move: bool = False

    def begin(self, start: P) -> None:
        """The walk starts from ``start`` (the record's start position)."""

    def header(self, tags: Mapping[str, str]) -> None:
        """The record's tags (PGN's tag pairs; SGF's game information of the root node)."""

    def before_move(self, step: S) -> None:
        """A move is about to be played: ``step`` holds it, its node and the position before it
        (heard only when :attr:`hears_before_move`); its ``move`` event follows."""

    def move(self, step: S) -> None:
        """A move was played; ``step`` holds it, its node, its ply and the position after it."""

    def comment(self, text: str) -> None:
        """A comment of the record, where it stands (after the move it follows)."""

    def begin_variation(self, depth: int) -> bool | None:
        """An alternative to the move just visited starts (``depth`` 1 for a variation of the main
        line); return :data:`SKIP` to have the walk pass over it."""
        return None

    def end_variation(self) -> None:
        """The innermost variation ends."""

    def unplayable(self, problem: U) -> None:
        """The next move of the current line cannot be played: the line ends here."""

    def end(self, complete: bool) -> None:
        """The walk is over; ``complete``: the main line was played to its last move."""

    def result(self) -> R:
        """What the visitor made of the walk (what ``walk`` returns)."""
        raise NotImplementedError(f"{type(self).__name__} has no result")


class Tee(Visitor[P, S, U, "tuple[object, ...]"]):
    """Several visitors on one walk (a checker and a writer): each hears every event, in turn;
    the result is the tuple of their results.

    The walk plays a variation when one visitor at least wants it: those that answered
    :data:`SKIP` hear nothing of it (its moves, its nested variations, its end) while the
    others do; it is skipped for all only when all skip it. ``variations`` and
    ``hears_comments``, ``hears_before`` and ``hears_before_move`` are those of any visitor.
    """

    def __init__(self, *visitors: Visitor[P, S, U, object]) -> None:
        self.visitors = visitors
        self.variations = any(visitor.variations for visitor in visitors)
        self.hears_comments = any(visitor.hears_comments for visitor in visitors)
        self.hears_before = any(visitor.hears_before for visitor in visitors)
        self.hears_before_move = any(visitor.hears_before_move for visitor in visitors)
        #: for each visitor, the depth of the variation it skips (0: it hears every event)
        self.muted = [0] * len(visitors)
        self.depth = 0
        #: the visitors that hear the events now (all of them unless one skips a variation)
        self.hearing = list(visitors)

    def _hearing(self) -> None:
        self.hearing = [
            visitor for visitor, muted in zip(self.visitors, self.muted, strict=True) if not muted
        ]

    def begin(self, start: P) -> None:
        for visitor in self.visitors:
            visitor.begin(start)

    def header(self, tags: Mapping[str, str]) -> None:
        for visitor in self.visitors:
            visitor.header(tags)

    def before_move(self, step: S) -> None:
        for visitor in self.hearing:
            if visitor.hears_before_move:
                visitor.before_move(step)

    def move(self, step: S) -> None:
        for visitor in self.hearing:
            visitor.move(step)

    def comment(self, text: str) -> None:
        for visitor in self.hearing:
            if visitor.hears_comments:
                visitor.comment(text)

    def begin_variation(self, depth: int) -> bool | None:
        self.depth = depth
        hearing = False
        for index, visitor in enumerate(self.visitors):
            if not self.muted[index]:
                if visitor.begin_variation(depth):
                    self.muted[index] = depth
                else:
                    hearing = True
        if not hearing:  # skipped by all: the walk sends nothing more of it, not even its end
            self.muted = [0 if muted == depth else muted for muted in self.muted]
            self.depth -= 1
            return SKIP
        self._hearing()
        return None

    def end_variation(self) -> None:
        depth = self.depth
        self.depth -= 1
        changed = False
        for index, visitor in enumerate(self.visitors):
            muted = self.muted[index]
            if muted == depth:
                self.muted[index] = 0
                changed = True
            elif not muted:
                visitor.end_variation()
        if changed:
            self._hearing()

    def unplayable(self, problem: U) -> None:
        for visitor in self.hearing:
            visitor.unplayable(problem)

    def end(self, complete: bool) -> None:
        for visitor in self.visitors:
            visitor.end(complete)

    def result(self) -> tuple[object, ...]:
        return tuple(visitor.result() for visitor in self.visitors)


class Positions(Visitor[P, S, U, "dict[int, T]"], Generic[P, S, U, T]):
    """The main line's positions after the wanted plies (0: the start; ``None``: every ply), each
    as a snapshot the game makes (:meth:`snapshot`, :meth:`start`: a board copy, a FEN): what a
    diagram, a finding's board or a repetition's cycle needs, taken from the walk's own events
    rather than by playing the moves again. Its variations are skipped (:data:`SKIP`), so it
    can share a walk (:class:`Tee`) with a visitor that plays them. The result maps each ply
    reached to its snapshot; :attr:`last` is the last ply played.
    """

    variations = False

    def __init__(self, plies: Collection[int] | None = None) -> None:
        self.wanted = None if plies is None else frozenset(plies)
        self.found: dict[int, T] = {}
        self.last = 0

    def begin(self, start: P) -> None:
        if self.wanted is None or 0 in self.wanted:
            self.found[0] = self.start(start)

    def move(self, step: S) -> None:
        ply = self.ply(step)
        self.last = ply
        if self.wanted is None or ply in self.wanted:
            self.found[ply] = self.snapshot(step)

    def begin_variation(self, depth: int) -> bool | None:
        return SKIP

    def result(self) -> dict[int, T]:
        return self.found

    def start(self, start: P) -> T:
        """The snapshot of the start position."""
        raise NotImplementedError

    def snapshot(self, step: S) -> T:
        """The snapshot of the position after ``step`` (the walk changes its board in place)."""
        raise NotImplementedError

    def ply(self, step: S) -> int:
        """The ply of ``step``."""
        raise NotImplementedError
