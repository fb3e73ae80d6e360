"""What the writers share: the recorder visitor of the walk, and SGF points and values.

``gtp``, ``json`` and ``diagram`` write what :class:`Recorder` saw of the walk
(:func:`kifu.go.walk.walk`): the position after the root, the steps of the main line (and,
for ``json``, of every variation), and why a line ended early. ``sgf`` needs no replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kifu.go.board import BLACK, EMPTY, SGF_LETTERS, WHITE, Board, other
from kifu.go.index import TextIndex
from kifu.go.info import GameInfo
from kifu.go.scoring import GTP_LETTERS
from kifu.go.tree import Node, Prop
from kifu.go.values import (
    APP,
    FIGURE,
    INFO,
    LABELS,
    MARKUP,
    MOVE_ANNOTATION,
    NODE,
    PROPERTIES,
    SIMPLETEXT,
    TEXT,
    coordinate,
    simple_text,
    text,
)
from kifu.go.walk import GoVisitor, Problem, Step

#: variations nested deeper than this are dropped by ``json`` (the writer recurses once per level)
MAX_DEPTH = 100
#: the largest board GTP can name (25 letters without I)
GTP_MAX = 25
INFO_ORDER = (
    *("KM", "HA", "RU", "PB", "BR", "BT", "PW", "WR", "WT", "RE", "DT", "EV", "RO", "PC"),
    *("GN", "GC", "ON", "OT", "TM", "SO", "US", "AN", "CP"),
)
SETUP_COLOURS = (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY))
NAMES = {BLACK: "Black", WHITE: "White"}
LETTER = {BLACK: "B", WHITE: "W"}


@dataclass(slots=True)
class Move:
    """One node of a line, as a writer sees it.

    ``colour`` is ``BLACK``/``WHITE`` for a move (``EMPTY`` for a node without one), ``point``
    the (column, row) of the move (``None`` for a pass or no move), ``number`` the moves played
    on the line so far, this one included. ``first`` is False for the second move of a node that
    holds both ``B`` and ``W``: the node's other properties belong to the first. ``setup`` is the
    position after the node's ``AB``/``AW``/``AE`` (``None`` without them); ``board`` the
    position after the step (kept for diagrams only). ``variations`` are the alternatives to
    this node, played.
    """

    node: Node
    number: int
    colour: int = EMPTY
    point: tuple[int, int] | None = None
    captures: int = 0
    suicide: int = 0
    first: bool = True
    setup: Board | None = None
    board: Board | None = None
    variations: list[list[Move]] = field(default_factory=list)

    @property
    def is_move(self) -> bool:
        """Whether the step plays a move (or a pass)."""
        return self.colour != EMPTY


@dataclass(slots=True)
class Played:
    """A game as the walk played it: the position after the root node, the main line, why a
    line ended early, and the main line's last position."""

    root: Node
    info: GameInfo
    start: Board
    steps: list[Move]
    problems: list[str]
    #: where the main line ends (``None`` until the walk got there)
    ending: Ending | None = None


@dataclass(frozen=True, slots=True)
class Ending:
    """The main line's last position; the node it was reached at (``None`` when a move that
    cannot be played ended the line); the passes that end it and who passed first in them."""

    board: Board
    node: Node | None
    passes: int = 0
    first_passer: int | None = None


class Recorder(GoVisitor["Played"]):
    """The writers' visitor: records the steps of the walk (:class:`Played`).

    A move the rules forbid (as ``kifu check`` judges it) or off the board ends its line, with
    its variations; ``problems`` says so. ``variations``: walk them (``json``); ``snapshots``:
    keep the position after every step (``diagram``).
    """

    def __init__(
        self, index: TextIndex, info: GameInfo, root: Node, variations: bool, snapshots: bool
    ) -> None:
        self.index = index
        self.variations = variations
        self.snapshots = snapshots
        self.root = root
        self.info = info
        self.played = Played(root, info, Board(info.width, info.height), [], [])
        self.line = self.played.steps
        self.lines: list[tuple[list[Move], Move | None]] = []
        self.head: Move | None = None  # the first step of the last node of the line
        self.setup: Board | None = None  # the set-up position of the node being entered
        self.last: Node | None = None
        self.deep = 0  # variations being skipped (nested deeper than MAX_DEPTH)
        self.board: Board | None = None  # the walk's live board

    def begin(self, start: Board) -> None:
        self.board = start

    def result(self) -> Played:
        return self.played

    def main_end(self, step: Step) -> None:
        """The main line's last position, its last node and who passed first at its end."""
        self.played.ending = Ending(step.board.copy(), step.node, step.passes, step.first_passer)

    def node(self, step: Step) -> None:
        """Note the node's set-up position; a node without a move is a step of its own."""
        if self.deep:
            return
        node = step.node
        if step.is_root:
            if "B" not in node.props and "W" not in node.props:
                self.played.start = step.board.copy()  # the root is no step of the line
                self.last = node
                return
            self.last = None
        self.setup = step.board.copy() if step.setup else None
        if "B" not in node.props and "W" not in node.props:
            board = step.board.copy() if self.snapshots else None
            self._add(Move(node, step.ply, setup=self.setup, board=board))

    def move(self, step: Step) -> None:
        """A move played: a step of the line."""
        if self.deep:
            return
        node = step.node
        first = node is not self.last
        undo = step.undo
        made = Move(node, step.ply, step.colour, first=first and node is not self.root)
        if first:
            made.setup = self.setup
        if undo is not None:
            made.point = step.board.coordinates(step.point)
            opponent = other(step.colour)
            made.captures = sum(1 for _, old in undo.changes[1:] if old == opponent)
            made.suicide = sum(1 for _, old in undo.changes[1:] if old == step.colour)
        if self.snapshots:
            made.board = step.board.copy()
        if first:
            self._add(made)
        else:
            self.line.append(made)

    def _add(self, made: Move) -> None:
        self.line.append(made)
        self.head = made
        self.last = made.node
        self.setup = None

    def begin_variation(self, depth: int) -> None:
        """An alternative to the last node: a new line hung on its first step."""
        if self.deep or depth > MAX_DEPTH:
            if not self.deep:
                deep = f"variations nested deeper than {MAX_DEPTH} levels are dropped"
                if deep not in self.played.problems:
                    self.played.problems.append(deep)
            self.deep += 1
            return
        assert self.head is not None
        self.lines.append((self.line, self.head))
        line: list[Move] = []
        self.head.variations.append(line)
        self.line = line
        self.last = None

    def end_variation(self) -> None:
        """Back to the line the variation branched from."""
        if self.deep:
            self.deep -= 1
            return
        self.line, self.head = self.lines.pop()
        self.last = self.head.node if self.head is not None else None

    def unplayable(self, problem: Problem) -> None:
        """``move 12, White: W[dc] (line 4): why; dropped with the 30 move(s) after it``."""
        if self.deep:
            return
        if not problem.depth and self.board is not None:  # the main line stops before this move
            before = self.board.copy()
            if problem.played is not None:  # judged on the board: taken back
                before.undo(problem.played)
            self.played.ending = Ending(before, None)
        line = self.index.position(problem.prop.offset)[0]
        self.played.problems.append(_unplayable(problem, self.info, line))


def _unplayable(problem: Problem, info: GameInfo, line: int) -> str:
    node = problem.node
    after = 0
    following = node.children[0] if node is not None and node.children else None
    while following is not None:
        after += ("B" in following.props) + ("W" in following.props)
        following = following.children[0] if following.children else None
    lost = [f"the {after} move(s) after it"] if after else []
    if problem.alternatives:
        lost.append(f"its {problem.alternatives} variation(s)")
    prop = problem.prop
    move = f"{prop.ident}[{prop.values[0] if prop.values else ''}]"
    if problem.value is not None:  # off the board
        why = f"{move}: not a point of the {info.width}×{info.height} board"
    else:
        why = f"{move}{f' (line {line})' if line else ''}: {problem.message}"
    where = "variation, " if problem.depth else ""
    return f"{where}move {problem.ply}, {NAMES[problem.colour]}: {why}; dropped" + (
        f" with {' and '.join(lost)}" if lost else ""
    )


def all_props(node: Node, ident: str) -> list[Prop]:
    """A property of a node and its repetitions."""
    prop = node.props.get(ident)
    if prop is None:
        return []
    return [prop, *(dup for dup in node.duplicates or () if dup.ident == ident)]


def sgf_point(x: int, y: int) -> str:
    """The SGF name of a point."""
    return SGF_LETTERS[x] + SGF_LETTERS[y]


def point(raw: str, width: int, height: int) -> tuple[int, int] | None:
    """(column, row) of an SGF point on the board, or ``None``."""
    if len(raw) != 2:
        return None
    x, y = coordinate(raw[0]), coordinate(raw[1])
    return (x, y) if 0 <= x < width and 0 <= y < height else None


def rectangle(raw: str, width: int, height: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The corners (top left, bottom right) of a point or a rectangle ``aa:cc``, or ``None``."""
    compact = "".join(raw.split())
    single = point(compact, width, height)
    if single is not None:
        return single, single
    if len(compact) != 5 or compact[2] != ":":
        return None
    first, second = point(compact[:2], width, height), point(compact[3:], width, height)
    if first is None or second is None:
        return None
    return (min(first[0], second[0]), min(first[1], second[1])), (
        max(first[0], second[0]),
        max(first[1], second[1]),
    )


def points_of(raw: str, width: int, height: int) -> list[tuple[int, int]]:
    """Every point a value of a point list names (a rectangle expanded); none when it is bad."""
    corners = rectangle(raw, width, height)
    if corners is None:
        return []
    (x1, y1), (x2, y2) = corners
    return [(x, y) for y in range(y1, y2 + 1) for x in range(x1, x2 + 1)]


def escape(value: str, colon: bool = False) -> str:
    """An SGF value: ``\\`` and ``]`` escaped (and ``:`` when ``colon``)."""
    value = value.replace("\\", "\\\\").replace("]", "\\]")
    return value.replace(":", "\\:") if colon else value


def gtp_vertex(point: tuple[int, int] | None, height: int, width: int = 19) -> str | None:
    """``Q16`` for a point (``pass`` for ``None``), or ``None`` on boards GTP cannot name."""
    if point is None:
        return "pass"
    if width > GTP_MAX or height > GTP_MAX:
        return None
    return f"{GTP_LETTERS[point[0]]}{height - point[1]}"


def decoded(ident: str, raw: str) -> str:
    ptype = PROPERTIES.get(ident)
    if ptype is not None and ptype.value == TEXT:
        return text(raw)
    if ptype is not None and ptype.value in (SIMPLETEXT, APP, LABELS, FIGURE):
        return simple_text(raw)
    return raw


def comment(node: Node) -> str | None:
    comments = [text(raw) for prop in all_props(node, "C") for raw in prop.values]
    return "\n".join(comments) if comments else None


def stones(board: Board) -> dict[int, list[tuple[int, int]]]:
    """The stones of each colour, row by row from the top."""
    found: dict[int, list[tuple[int, int]]] = {BLACK: [], WHITE: []}
    for y in range(board.height):
        for x in range(board.width):
            content = board.cells[board.point(x, y)]
            if content in found:
                found[content].append((x, y))
    return found


# --- what a line target cannot hold ----------------------------------------------------------------------

#: kinds of content, by property identifier; the rest of the known properties are "other properties"
CONTAINER = frozenset({"FF", "CA", "GM", "SZ", "AP", "ST", "AB", "AW", "AE", "PL", "B", "W"})


def kind_of(ident: str) -> str:
    ptype = PROPERTIES.get(ident)
    if ident == "C":
        return "comments"
    if ptype is None:
        return "unknown properties"
    if ptype.kind == INFO:
        return "game information"
    if ptype.kind in (NODE, MOVE_ANNOTATION):
        return "annotations"
    if ptype.kind == MARKUP:
        return "markup"
    if ident in ("BL", "WL", "OB", "OW"):
        return "time left"
    return "other properties"


def dropped(game: Played, keeps: frozenset[str]) -> list[str]:
    """What a main-line target that holds ``keeps`` (and moves and set-up) loses of ``game``."""
    root = game.root
    lost: dict[str, None] = {}
    nodes = [root, *(step.node for step in game.steps if step.first)]
    for node in nodes:
        for ident in node.props:
            if ident not in CONTAINER and ident not in keeps:
                lost[kind_of(ident)] = None
        if len(node.children) > 1:
            lost["variations"] = None
    order = ("comments", "variations", "game information", "annotations", "markup", "time left")
    return sorted(lost, key=lambda kind: order.index(kind) if kind in order else len(order))
