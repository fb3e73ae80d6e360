"""Go's side of the look-ahead (:mod:`kifu.core.lookahead`): the points one slip from a coordinate,
and the replay of the main line's later moves on copies of the board.

Called by the checker's walk only at a move the rules forbid on every rule set (an occupied
point, a suicide, an immediate ko recapture): a legal typo cannot be seen, and stays unseen.
The readings of a coordinate are the points one slip away that are legal here: its two letters
swapped (``B[dc]`` for ``B[cd]``), or one letter wrong; both are slips (SGF has one order of
its letters: the swapped point is named first, and is no more the move written than another).
:class:`GoGame` replays the later moves for the engine, each with the colour the record gives it
(SGF writes ``B`` or ``W``: no alternation is assumed); the engine decides, by how far they play,
whether one point is proven, several are named, or none fits. A move left out before the slip
is no hypothesis there: with the colours written, the other colour's move left out shows at once
as two moves of one colour in a row (GO106), where :func:`gap` reads the later moves with a pass
and each point of that colour in the gap (:class:`GapGame`), when the record as written cannot
be played to its end.

A move of :class:`GoGame` is an ``int``: the point (``-1`` for a pass) and its colour packed
together (:func:`move`, :func:`point_of`, :func:`colour_of`), since a record's colours are its
own: the move in a gap is played by the other colour, the moves read from the record by theirs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kifu.core import lookahead as engine
from kifu.core.effort import Effort
from kifu.go.board import BLACK, EMPTY, SUICIDE, Board

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: the other legal points (no reading of the coordinate: a garble) the engine tries, which
#: makes a reading a rival's equal or shows that none fits: the ones the later moves leave free
#: longest (those that go furthest, a capture aside). Every point would cost the engine a
#: replay of the rest of the game each: on 19x19 it spent its effort for one slip before the
#: end of a long game, and the many points no later move plays on fit alike.
OTHERS = 8

#: the distance of the swapped coordinate (its letters in the other order) and of one letter
#: wrong, in the engine's half edits: both beyond :data:`~kifu.core.lookahead.AS_WRITTEN` (a
#: move written informally, which the engine names alone and counts the others after), so that
#: the readings the later moves fit alike are named alike; the swap first
SWAPPED_DISTANCE = engine.AS_WRITTEN + 1
LETTER_DISTANCE = engine.AS_WRITTEN + 2


def move(point: int, colour: int) -> int:
    """A move of :class:`GoGame`: ``point`` (``-1``: a pass) played by ``colour``."""
    return point * 4 + colour


def point_of(packed: int) -> int:
    """The point of a move of :class:`GoGame` (``-1``: a pass)."""
    return packed >> 2


def colour_of(packed: int) -> int:
    """The colour of a move of :class:`GoGame`."""
    return packed & 3


#: the states of a board of the look-ahead: played on (every board of :class:`GoGame`); of
#: :class:`GapGame`'s, the gap to fill (the board before it), the gap filled and the move as
#: written due next, and a hypothesis that is none (the written move replaced, or not next)
ON, FILL, DUE, NONE = 0, 1, 2, 3


class Position:
    """A board of the look-ahead: the stones, the hash before the last move (simple ko), the
    colour whose move is looked for (the legal moves are that colour's) and its state (:data:`ON`
    …)."""

    __slots__ = ("before", "board", "last", "state", "turn")

    def __init__(self, board: Board, before: int, turn: int, state: int = ON) -> None:
        self.board = board
        self.before = before
        self.turn = turn
        self.state = state
        self.last = EMPTY  # the colour of the last move pushed on it (a hypothesis's, or one read)

    def copy(self) -> Position:
        twin = Position(self.board.copy(), self.before, self.turn, self.state)
        twin.last = self.last
        return twin


def candidates(raw: str, points: Mapping[str, int], written: int) -> list[tuple[str, int]]:
    """The coordinates one slip from ``raw`` (swapped letters first) that name a point of the
    board other than ``written``, with their points."""
    if len(raw) != 2:
        return []
    texts = [raw[1] + raw[0]]
    for index in range(2):
        for letter in _LETTERS:
            texts.append(raw[:index] + letter + raw[index + 1 :])
    found: list[tuple[str, int]] = []
    seen = {written}
    for text in texts:
        point = points.get(text, -1)
        if point >= 0 and point not in seen:
            seen.add(point)
            found.append((text, point))
    return found


class GoGame(engine.Game[Position, int]):
    """The main line from a forbidden move on: ``moves`` (colour, raw coordinate), the first the
    slip itself, at ply ``first_ply``; ``points`` reads a coordinate; ``suicide``: whether the
    rules allow a suicide of more than one stone."""

    def __init__(
        self, moves: Sequence[tuple[int, str]], points: Mapping[str, int], suicide: bool, first_ply: int
    ) -> None:
        self.moves = moves
        self.count = len(moves)
        self.points = points
        self.suicide = suicide
        self.first_ply = first_ply
        self.texts = {point: text for text, point in points.items() if point >= 0 and len(text) == 2}
        self._on_board: list[int] | None = None

    def copy(self, board: Position) -> Position:
        return board.copy()

    def push(self, board: Position, move: int) -> None:
        position = board.board
        previous = position.hash
        point = point_of(move)
        if point >= 0:
            position.play(point, colour_of(move), True)
        board.before = previous
        board.last = colour_of(move)

    def _try(self, board: Position, point: int, colour: int, keep: bool) -> bool:
        """Whether ``point`` is legal for ``colour`` (not occupied, no forbidden suicide, no
        immediate ko retake); played when it is and ``keep`` says so."""
        position = board.board
        previous = position.hash
        outcome, undo = position.play(point, colour, True)
        if undo is None:
            return False
        # (a suicide of one stone is forbidden by every rule set; of more, where the rules say)
        suicide = outcome == SUICIDE and (not self.suicide or len(undo.changes) <= 2)
        legal = not suicide and position.hash != board.before
        if legal and keep:
            board.before = previous
        else:
            position.undo(undo)
        return legal

    def _point(self, raw: str) -> int | None:
        """The point of a coordinate (``-1``: a pass), ``None`` when it names none."""
        if raw == "":
            return -1
        return self.points.get(raw)

    def read(self, board: Position, index: int) -> int | None:
        colour, raw = self.moves[index]
        if not index and board.last == colour:
            # a move of its own colour left out before the slip is no slip of one move: the record
            # would have the other colour's move missing too (a move of the other colour left out
            # shows as two moves of one colour in a row: :class:`GapGame`)
            return None
        point = self._point(raw)
        if point is None:
            return None
        if point < 0:
            return move(-1, colour)
        return move(point, colour) if self._try(board, point, colour, False) else None

    def play(self, board: Position, index: int) -> int:
        colour, raw = self.moves[index]
        point = self._point(raw)
        if point is None:
            return -1
        if point < 0:
            board.before = board.board.hash
            return 0
        return 0 if self._try(board, point, colour, True) else -1

    def readings(self, board: Position, index: int) -> Sequence[tuple[int, int]]:
        """The legal points one slip from the coordinate of move ``index``, the swapped one
        first; of a later move (which the engine reads past), the swapped one alone: with every
        point one letter away (up to 36 on 19x19, each a replay of the rest of the game) the
        engine spent its effort for one slip reading past the stones of the wrong readings."""
        colour, raw = self.moves[index]
        written = self.points.get(raw, -1)
        found: list[tuple[int, int]] = []
        for text, point in candidates(raw, self.points, written):
            swapped = text == raw[::-1]
            if (index == 0 or swapped) and self._try(board, point, colour, False):
                found.append((move(point, colour), SWAPPED_DISTANCE if swapped else LETTER_DISTANCE))
        found.sort(key=lambda found: found[1])
        return found

    def legal(self, board: Position) -> Sequence[int]:
        """The legal points of the colour at the slip, in board order: the readings of its
        coordinate, and of the other points the :data:`OTHERS` the later moves leave free
        longest."""
        on_board = self._on_board
        if on_board is None:
            on_board = self._on_board = board.board.on_board()
        cells = board.board.cells
        colour = board.turn
        readings = {point for _, point in candidates(self.moves[0][1], self.points, -1)}
        free = [
            point for point in on_board if cells[point] == EMPTY and self._try(board, point, colour, False)
        ]
        others = [point for point in free if point not in readings]
        if len(others) > OTHERS:
            landing = self._landing()
            kept = set(sorted(others, key=lambda point: -landing.get(point, self.count))[:OTHERS])
            free = [point for point in free if point in readings or point in kept]
        return [move(point, colour) for point in free]

    def _landing(self) -> dict[int, int]:
        """The index of the first later move on each point a later move plays on."""
        landing: dict[int, int] = {}
        for index in range(self.count - 1, 0, -1):
            point = self.points.get(self.moves[index][1], -1)
            if point >= 0:
                landing[point] = index
        return landing

    def over(self, board: Position) -> bool:
        return False  # (a pass is always legal: a Go game does not end for want of a move)

    def same(self, index: int, other: int) -> bool:
        return self.moves[index] == self.moves[other]

    def name(self, board: Position, move: int) -> str:
        point = point_of(move)
        return f"{_ident(colour_of(move))}[{self.texts.get(point, '') if point >= 0 else ''}]"

    def label(self, board: Position, index: int) -> str:
        colour, raw = self.moves[index]
        return f"move {self.first_ply + index} {_ident(colour)}[{raw}]"


def _ident(colour: int) -> str:
    return "B" if colour == BLACK else "W"


def settle(
    board: Board,
    before: int,
    moves: Sequence[tuple[int, str]],
    points: Mapping[str, int],
    suicide: bool,
    first_ply: int,
    effort: Effort | None = None,
) -> engine.Verdict[int] | None:
    """What the later moves say of ``moves[0]`` (colour, raw), which the rules forbid on
    ``board`` (``before``: the hash before the last move, for ko), at ply ``first_ply``; the
    moves after it are the main line's. ``None`` when no point is legal (the board is full)."""
    game = GoGame(moves, points, suicide, first_ply)
    return engine.settle(game, Position(board.copy(), before, moves[0][0]), 0, effort)


class GapGame(GoGame):
    """The main line from a move of the colour that moved last (two moves of one colour in a
    row, GO106), for the engine's :data:`~kifu.core.lookahead.MISSING` hypothesis alone: a move
    of the other colour left out before it, then the move as written. Its legal moves are the
    other colour's, a pass first (the record as written: SGF allows two moves in a row); the
    written move is not in question (it can be played, or the gap's move makes it playable), so
    it has no readings, and a hypothesis that replaces it, or plays anything but it after the
    gap, is none (its board's state is :data:`NONE`: nothing more can be played on it)."""

    def __init__(
        self, moves: Sequence[tuple[int, str]], points: Mapping[str, int], suicide: bool, first_ply: int
    ) -> None:
        super().__init__(moves, points, suicide, first_ply)
        colour, raw = moves[0]
        self.written = move(points[raw], colour)
        self.gap = 3 - colour

    def push(self, board: Position, move: int) -> None:
        state = board.state
        if state == FILL:
            board.state = DUE if colour_of(move) == self.gap else NONE
        elif state == DUE:
            board.state = ON if move == self.written else NONE
        super().push(board, move)

    def read(self, board: Position, index: int) -> int | None:
        state = board.state
        if state == ON or (state == DUE and index == 0):
            return super().read(board, index)
        return None

    def play(self, board: Position, index: int) -> int:
        return super().play(board, index) if board.state == ON else -1

    def readings(self, board: Position, index: int) -> Sequence[tuple[int, int]]:
        return super().readings(board, index) if index else ()

    def legal(self, board: Position) -> Sequence[int]:
        """A pass, then every legal point of the gap's colour (in board order)."""
        on_board = self._on_board
        if on_board is None:
            on_board = self._on_board = board.board.on_board()
        cells = board.board.cells
        colour = board.turn
        found = [move(-1, colour)]
        found.extend(
            move(point, colour)
            for point in on_board
            if cells[point] == EMPTY and self._try(board, point, colour, False)
        )
        return found


def gap(
    board: Board,
    before: int,
    moves: Sequence[tuple[int, str]],
    points: Mapping[str, int],
    suicide: bool,
    first_ply: int,
    effort: Effort | None = None,
) -> tuple[engine.Verdict[int] | None, str]:
    """What the later moves say of a move left out before ``moves[0]`` (colour, raw: a point of
    the board, of the colour that moved last on ``board``), at ply ``first_ply``: the engine's
    verdict, and where the record as written stops ("move 45 W[di]"). ``(None, "")`` when the
    record as written plays to the end of what the look-ahead reads (a pass in the gap fits: the
    moves after it cannot tell what is missing, or whether anything is)."""
    game = GapGame(moves, points, suicide, first_ply)
    written = Position(board.copy(), before, moves[0][0])
    end = min(game.count, 1 + engine.MAX_PLIES)
    left = end if effort is None else min(end, effort.left)
    at = 0
    while at < left and game.play(written, at) >= 0:
        at += 1
    if effort is not None:
        effort.left -= min(at + 1, left)
    if at >= left:
        return None, ""
    stop = game.label(written, at)
    verdict = engine.settle(game, Position(board.copy(), before, game.gap, FILL), 0, effort)
    return verdict, stop


def lets(
    board: Board,
    before: int,
    moves: Sequence[tuple[int, str]],
    points: Mapping[str, int],
    suicide: bool,
    first_ply: int,
    readings: Sequence[int],
    at: int,
    effort: Effort,
) -> list[str]:
    """The ``readings`` of ``moves[0]`` (which the rules forbid on ``board``) after which the moves
    up to ``moves[at]`` can be played, ``moves[at]`` too, named; the moves replayed are taken from
    ``effort`` (none is named once it is spent)."""
    game = GoGame(moves, points, suicide, first_ply)
    start = Position(board, before, moves[0][0])
    names: list[str] = []
    for reading in readings:
        if effort.left < at:
            return []
        effort.left -= at
        after = start.copy()
        game.push(after, reading)
        if all(game.play(after, index) >= 0 for index in range(1, at)) and game.read(after, at) is not None:
            names.append(game.name(after, reading))
    return names
