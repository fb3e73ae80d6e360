"""The Go board: a flat array with a border, incremental Zobrist hashing, play and undo.

Points are indexes into one list of ``(width + 2) * (height + 2)`` cells; the border cells
hold :data:`EDGE`, so neighbours are ``p ± 1`` and ``p ± stride`` with no bounds checks.
Groups and liberties are found by flood fill with an early exit at the first liberty:
most moves touch small groups, and a capture test stops as soon as a liberty is seen.
Every change is undoable, so a variation tree is replayed depth-first with one board.
"""

from __future__ import annotations

import random
from typing import Any, Final

# (Final, here and below: the compiled build inlines the numbers and keeps the tables in C
# variables; a plain module name is looked up in the module's dictionary at every use)
EMPTY: Final = 0
BLACK: Final = 1
WHITE: Final = 2
EDGE: Final = 3
COLOUR_NAMES: Final = {BLACK: "Black", WHITE: "White"}


def other(colour: int) -> int:
    """The opponent of ``colour``."""
    return 3 - colour


_RANDOM: Final = random.Random(0x4B494655)  # fixed seed: hashes are reproducible between runs
#: bits of a Zobrist key: 62, so that a hash is a short integer of the compiled build, XORed
#: without allocating a Python int (a move costs one to three XORs)
KEY_BITS: Final = 62
_ZOBRIST: Final[list[list[int]]] = [[], [], []]
SIDE_KEY: Final = _RANDOM.getrandbits(KEY_BITS)  # XORed in when White is to move (situational superko)


def _keys(count: int) -> None:
    while len(_ZOBRIST[BLACK]) < count:
        _ZOBRIST[BLACK].append(_RANDOM.getrandbits(KEY_BITS))
        _ZOBRIST[WHITE].append(_RANDOM.getrandbits(KEY_BITS))


#: added to a stone's colour while :meth:`Board.dead_group` has reached it (and taken off after)
_SEEN: Final = 4

# Move outcomes of Board.play.
OK: Final = 0
OCCUPIED: Final = 1
SUICIDE: Final = 2


class Undo:
    """What :meth:`Board.undo` needs to restore the position before a change.

    A plain class, not a dataclass: one is made per move, and a compiled dataclass's
    ``__init__`` is the interpreted one the dataclasses module writes."""

    __slots__ = ("changes", "hash")

    def __init__(self, changes: list[tuple[int, int]], hash: int) -> None:
        self.changes = changes  # (point, previous content), in the order they were made
        self.hash = hash

    def __repr__(self) -> str:
        return f"Undo(changes={self.changes!r}, hash={self.hash!r})"


class Board:
    """A rectangular Go board of ``width`` columns and ``height`` rows (1 to 52 each)."""

    __slots__ = ("cells", "hash", "height", "steps", "stride", "width")

    def __init__(self, width: int, height: int | None = None) -> None:
        self.width = width
        self.height = width if height is None else height
        self.stride = width + 2
        size = self.stride * (self.height + 2)
        empty = _EMPTY_BOARDS.get((width, self.height))
        if empty is None:
            empty = [EDGE] * size
            for row in range(self.height):
                start = (row + 1) * self.stride + 1
                empty[start : start + width] = [EMPTY] * width
            _EMPTY_BOARDS[width, self.height] = empty
            _keys(size)
        self.cells = empty.copy()
        self.hash = 0
        stride = self.stride
        #: the steps to the four neighbours, west, east, north, south; a list: a loop over a tuple
        #: (a fixed-size tuple of the compiled build) would make a new Python tuple each time, and
        #: an iterator (never changed: a copy of the board shares it)
        self.steps = [-1, 1, -stride, stride]

    def point(self, column: int, row: int) -> int:
        """The index of the point at 0-based ``column`` (left to right) and ``row`` (top down)."""
        return (row + 1) * self.stride + column + 1

    def coordinates(self, point: int) -> tuple[int, int]:
        """(column, row), 0-based from the top left, of an index."""
        row, column = divmod(point, self.stride)
        return column - 1, row - 1

    def points(self) -> range:
        """Every index, border included (filter on ``cells[p] != EDGE``)."""
        return range(len(self.cells))

    def on_board(self) -> list[int]:
        """The indexes of the playable points."""
        cells = self.cells
        return [p for p in range(len(cells)) if cells[p] != EDGE]

    def copy(self) -> Board:
        """An independent copy."""
        twin = Board(0)  # an empty shell (no __new__ bypass: the compiled build forbids it)
        twin.width, twin.height, twin.stride = self.width, self.height, self.stride
        twin.cells = self.cells.copy()
        twin.hash = self.hash
        twin.steps = self.steps
        return twin

    def dead_group(self, start: int) -> list[int] | None:
        """The stones of the group at ``start`` if it has no liberty, else ``None``."""
        cells = self.cells
        colour = cells[start]
        # the stones found are marked on the board while the fill runs, and then restored: no set
        # of points (each a new Python int of the compiled build) is made for every capture test
        seen = colour | _SEEN
        cells[start] = seen
        group = [start]
        steps = self.steps
        alive = False
        i = 0
        while i < len(group) and not alive:
            p = group[i]
            i += 1
            for d in steps:
                n = p + d
                c = cells[n]
                if c == EMPTY:
                    alive = True
                    break
                if c == colour:
                    cells[n] = seen
                    group.append(n)
        for p in group:
            cells[p] = colour
        return None if alive else group

    def group(self, start: int) -> tuple[list[int], set[int]]:
        """The stones of the group at ``start`` and its liberties."""
        cells = self.cells
        colour = cells[start]
        stones = [start]
        seen = {start}
        liberties: set[int] = set()
        steps = self.steps
        for p in stones:
            for d in steps:
                n = p + d
                c = cells[n]
                if c == EMPTY:
                    liberties.add(n)
                elif c == colour and n not in seen:
                    seen.add(n)
                    stones.append(n)
        return stones, liberties

    def play(self, point: int, colour: int, suicide_allowed: bool = False) -> tuple[int, Undo | None]:
        """Place a stone and capture; returns (outcome, undo).

        ``OCCUPIED`` changes nothing. ``SUICIDE`` changes nothing unless ``suicide_allowed``,
        in which case the own group is removed and the outcome is still ``SUICIDE``.
        A neighbour stone with an empty point next to it is alive without a flood fill.
        """
        cells = self.cells
        if cells[point] != EMPTY:
            return OCCUPIED, None
        before = self.hash
        cells[point] = colour
        self.hash = before ^ _ZOBRIST[colour][point]
        changes = [(point, EMPTY)]
        opponent = 3 - colour
        stride = self.stride
        # the four neighbours one by one, west, east, north, south (the move's hot path: no loop)
        captured = self._capture(point - 1, opponent, changes)
        captured = self._capture(point + 1, opponent, changes) or captured
        captured = self._capture(point - stride, opponent, changes) or captured
        captured = self._capture(point + stride, opponent, changes) or captured
        outcome = OK
        if (
            not captured
            and cells[point - 1]
            and cells[point + 1]
            and cells[point - stride]
            and cells[point + stride]
            and self.dead_group(point) is not None
        ):
            if not suicide_allowed:
                cells[point] = EMPTY
                self.hash = before
                return SUICIDE, None
            own = self.dead_group(point) or []
            keys = _ZOBRIST[colour]
            h = self.hash
            for stone in own:
                cells[stone] = EMPTY
                h ^= keys[stone]
                changes.append((stone, colour))
            self.hash = h
            outcome = SUICIDE
        return outcome, Undo(changes, before)

    def _capture(self, n: int, opponent: int, changes: list[tuple[int, int]]) -> bool:
        """Take the opponent's group at ``n`` off the board if it has no liberty left (its stones
        go into ``changes``); whether it did."""
        cells = self.cells
        if cells[n] != opponent:
            return False
        stride = self.stride
        if not (cells[n - 1] and cells[n + 1] and cells[n - stride] and cells[n + stride]):
            return False  # a liberty of its own
        dead = self.dead_group(n)
        if dead is None:
            return False
        keys = _ZOBRIST[opponent]
        h = self.hash
        for stone in dead:
            cells[stone] = EMPTY
            h ^= keys[stone]
            changes.append((stone, opponent))
        self.hash = h
        return True

    def put(self, point: int, content: int, undo: Undo) -> bool:
        """Set a point (setup AB/AW/AE) recording it in ``undo``; False if nothing changed."""
        cells = self.cells
        old = cells[point]
        if old == content:
            return False
        if old != EMPTY:
            self.hash ^= _ZOBRIST[old][point]
        if content != EMPTY:
            self.hash ^= _ZOBRIST[content][point]
        cells[point] = content
        undo.changes.append((point, old))
        return True

    def undo(self, undo: Undo) -> None:
        """Restore the position before the change recorded in ``undo``."""
        cells = self.cells
        for point, content in reversed(undo.changes):
            cells[point] = content
        self.hash = undo.hash

    def todo(self, *contents: int) -> list[int]:
        """A flood fill's to-do list: 1 at every point holding one of ``contents``, 0 elsewhere,
        and a 1 after the last point that stops :func:`next_todo` (no flood reaches it: the
        border holds EDGE). A list, not a bytearray: the compiled build reads and writes a list
        item in place, a bytearray's through a boxed index."""
        marks = _TODO_MARKS.get(contents)
        if marks is None:
            marks = _TODO_MARKS[contents] = [int(c in contents) for c in range(4)]
        todo: list[int] = [marks[c] for c in self.cells]
        todo.append(1)
        return todo

    def regions(self) -> list[tuple[list[int], set[int]]]:
        """Every empty region with the colours that border it."""
        cells = self.cells
        todo = self.todo(EMPTY)
        steps = self.steps
        result: list[tuple[list[int], set[int]]] = []
        end = len(todo) - 1
        start = next_todo(todo, 0)
        while start < end:
            todo[start] = 0
            region = [start]
            border = 0  # BLACK | WHITE bits; EDGE is skipped, EMPTY adds nothing
            for p in region:
                for d in steps:
                    n = p + d
                    if todo[n]:
                        todo[n] = 0
                        region.append(n)
                    else:
                        content = cells[n]
                        if content != EDGE:
                            border |= content
            result.append((region, set(_BORDER_SETS[border])))
            start = next_todo(todo, start)
        return result


def next_todo(todo: list[int], start: int) -> int:
    """The first point from ``start`` on that :meth:`Board.todo` still marks (its length less
    one when none is left)."""
    while not todo[start]:
        start += 1
    return start


#: the border bits of :meth:`Board.regions` → the colours they stand for
_BORDER_SETS: Final[tuple[frozenset[int], ...]] = (
    frozenset(),
    frozenset({BLACK}),
    frozenset({WHITE}),
    frozenset({BLACK, WHITE}),
)
#: the cells of an empty board by (width, height), copied for each new board
_EMPTY_BOARDS: Final[dict[tuple[int, int], list[int]]] = {}
#: :meth:`Board.todo`'s marks (by cell content) for the contents it is asked for (items of
#: type Any: the compiled build copies them as they are, not as integers unboxed and boxed again)
_TODO_MARKS: Final[dict[tuple[int, ...], list[Any]]] = {}


#: the letters of SGF points: ``a``-``z`` then ``A``-``Z`` (boards up to 52 lines)
SGF_LETTERS: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ROW_CELLS: Final = {EMPTY: ".", BLACK: "X", WHITE: "O"}


def rows(board: Board) -> str:
    """The board as rows of ``.XO`` from the top, joined by ``/`` (the findings' ``position``)."""
    cells = board.cells
    return "/".join(
        "".join(_ROW_CELLS[cells[board.point(column, row)]] for column in range(board.width))
        for row in range(board.height)
    )


def sgf_name(board: Board, point: int) -> str | None:
    """The SGF point of a board index; ``None`` for a pass."""
    if point < 0:
        return None
    column, row = board.coordinates(point)
    return SGF_LETTERS[column] + SGF_LETTERS[row]
