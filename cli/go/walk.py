"""The one walk over a Go game tree: setup, moves, captures, suicide, ko and superko.

:func:`walk` replays the main line and every variation once, through the rules, and tells a
:class:`GoVisitor` what happens (the events of :mod:`kifu.core.walk`, in PGN order: a
variation's events come right after the node it replaces). The checker, the ``gtp``/``json``/
``diagram`` writers and ``kifu score`` are visitors of this walk, so they cannot disagree about
a move.

One board is used with undo records: no recursion, no board copies per variation. At a branch
the first child is played, taken back while its alternatives are walked, and put back (from
the contents it had) before its line goes on. The positions of the current path are kept in
hash multisets, so positional and situational superko are O(1) per move. A chain of
single-move nodes runs through one tight loop; a visitor that does not hear ``move`` events
(:attr:`WalkOptions.moves` off) costs nothing per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar

from kifu.core.effort import Effort
from kifu.core.findings import Assumption, Code, Severity
from kifu.core.walk import Visitor
from kifu.go import codes
from kifu.go.board import BLACK, EMPTY, SIDE_KEY, SUICIDE, WHITE, Board, Undo
from kifu.go.info import GameInfo
from kifu.go.rules import Rules
from kifu.go.tree import Node, Prop
from kifu.go.values import INFO_IDENTS, coordinate, point_list
from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from kifu.core.lookahead import Verdict

R = TypeVar("R")
# (Final: the compiled build keeps these in C variables, not looked up in the module at each use)
_COLOURS: Final = (("B", BLACK), ("W", WHITE))
_SETUP: Final = (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY))
COLOUR_NAME: Final = {BLACK: "Black", WHITE: "White"}
#: the points a message at a forbidden move names joined by "or"; more are listed
NAMED: Final = 4


class Problem(NamedTuple):
    """What the walk says about a move or a setup value: a finding to be.

    ``value`` is ``None`` for a rules finding on a move (located at the move, with its ply);
    otherwise the index of the value it concerns (a property finding). ``node``, ``colour``,
    ``depth`` and ``alternatives`` (the variations of the node, dropped with it when a
    writer's line ends there) say where an unplayable move is (in the checker's mode, which
    plays through it, ``depth`` alone: 0 in the main line). ``played`` is the move's undo
    record when the problem was found after the move was put on the board (suicide, ko,
    repetition), so that a visitor can show the position before it.
    """

    code: Code
    message: str
    prop: Prop
    ply: int
    value: int | None = None
    node: Node | None = None
    colour: int = EMPTY
    depth: int = 0
    alternatives: int = 0
    played: Undo | None = None
    #: the finding's severity when the code's default does not fit
    severity: Severity | None = None
    #: the move played in its stead, when the rest of the game told which was meant
    #: (:mod:`kifu.go.lookahead`), or before it in a gap (GO106): the verdicts on the position
    #: after it rest on it
    assumption: Assumption | None = None

    @property
    def written(self) -> str:
        """The property as the record wrote it (``B[dd]``)."""
        return f"{self.prop.ident}[{self.prop.values[0] if self.prop.values else ''}]"

    @property
    def candidates(self) -> tuple[object, ...]:
        """Go names no reading of a forbidden move: none."""
        return ()

    @property
    def assumed(self) -> Assumption | None:
        """The move played in its stead, when the rest of the game told which was meant."""
        return self.assumption


class Step:
    """The walk's one step object, updated in place before each event (copy what you keep).

    For ``move``: ``node``, ``prop`` (the ``B``/``W`` property), ``colour``, ``point`` (board
    index, -1 for a pass), ``undo`` (the changes of the move: the stone, then the captures or
    the suicided stones; ``None`` for a pass), ``ply``. For ``node``: ``node``, ``ply`` (moves
    before it), ``setup`` (it has ``AB``/``AW``/``AE``, already applied), ``info`` (it holds
    game information), ``info_seen`` (game information was seen before it on this path),
    ``is_root``. Always: ``board`` (the live position), ``main``, ``depth``. For
    ``main_end``: ``node`` (the last one), ``ply``, ``passes`` (trailing), ``first_passer``,
    ``leading_black`` (black moves before White's first), ``setup_black`` (black stones set up
    before the first move), ``placed`` (the stones its record puts on the board, Black's less
    White's: moves as written but passes, and set-up stones), ``passed_out`` (both players
    passed in a row somewhere on it).
    """

    __slots__ = (
        "board",
        "colour",
        "depth",
        "first_passer",
        "info",
        "info_seen",
        "is_root",
        "leading_black",
        "main",
        "node",
        "passed_out",
        "passes",
        "placed",
        "ply",
        "point",
        "prop",
        "setup",
        "setup_black",
        "undo",
    )

    def __init__(self, board: Board, root: Node) -> None:
        self.board = board
        self.node = root
        self.prop: Prop | None = None
        self.colour = EMPTY
        self.point = -1
        self.undo: Undo | None = None
        self.ply = 0
        self.main = True
        self.depth = 0
        self.setup = False
        self.info = False
        self.info_seen = False
        self.is_root = True
        self.passes = 0
        self.first_passer: int | None = None
        self.leading_black = 0
        self.setup_black = 0
        self.placed = 0
        self.passed_out = False


@mypyc_attr(allow_interpreted_subclasses=True)  # writers, show and tests subclass it
class GoVisitor(Visitor[Board, Step, Problem, R]):
    """A visitor of the Go walk: the events of :class:`kifu.core.walk.Visitor`, and three more.

    Go needs them because an SGF node is more than a move: ``node`` (properties to check,
    comments and set-up stones to write), ``remark`` (a finding that does not stop the move:
    a move after the end, the same colour twice, a set-up stone that changes nothing), and
    ``main_end`` (what the count and the report need of the main line's last position).
    ``hears_moves`` and ``hears_nodes``: whether the visitor hears ``move`` and ``node`` (the
    walk makes no step for an event nobody hears).
    """

    hears_moves: bool = True
    hears_nodes: bool = True

    def node(self, step: Step) -> None:
        """A node that is not a plain move was reached; its set-up stones are on the board."""

    def remark(self, problem: Problem) -> None:
        """Something to report about a move or a set-up value that is played anyway."""

    def capped(self, code: Code) -> bool:
        """Whether a remark of ``code`` would only be counted, not kept (past a cap): the walk
        then counts it so, without building it (a record of thousands of repetitions)."""
        return False

    def main_end(self, step: Step) -> None:
        """The main line's last node was played (before ``end``)."""


@dataclass(slots=True)
class WalkOptions:
    """What the Go walk needs besides the game tree.

    ``info``: the game information (board size, ``FF``, handicap); ``rules``: the rules the
    moves are judged by. ``assume``: the checker's mode: a move the rules forbid is
    reported (``unplayable``) and the line goes on from the position as the record has it, so
    that every later problem is found too; otherwise (writers) ``unplayable`` ends the line and
    the node's variations, as in core.
    """

    info: GameInfo
    rules: Rules
    assume: bool = False


class _Line:
    """What a line carries from node to node (copied at branch points)."""

    __slots__ = (
        "before_last",
        "depth",
        "first_passer",
        "info_seen",
        "last_mover",
        "leading_black",
        "main",
        "passes",
        "placed",
        "ply",
        "to_move",
        "white_moved",
    )

    def __init__(self) -> None:
        self.ply = 0
        self.to_move = BLACK
        self.last_mover = -1
        self.before_last = -1  # position hash before the last move (simple ko)
        self.info_seen = False
        self.passes = 0
        self.first_passer: int | None = None  # who passed first in the current run of passes
        self.main = True
        self.white_moved = False
        self.leading_black = 0
        self.depth = 0
        #: the stones the line's record puts on the board, Black's less White's: its moves as
        #: written (not passes; whether or not they could be played) and its set-up stones
        self.placed = 0

    def variation(self) -> _Line:
        """A copy for an alternative line, one level deeper."""
        twin = self.copy()
        twin.main = False
        twin.depth = self.depth + 1
        return twin

    def copy(self) -> _Line:
        """An independent copy."""
        twin = _Line()
        twin.ply, twin.to_move, twin.last_mover = self.ply, self.to_move, self.last_mover
        twin.before_last, twin.info_seen, twin.passes = self.before_last, self.info_seen, self.passes
        twin.first_passer, twin.white_moved = self.first_passer, self.white_moved
        twin.leading_black, twin.main, twin.depth = self.leading_black, self.main, self.depth
        twin.placed = self.placed
        return twin


#: a line's undo records and position keys (superko multisets), unwound when it ends
_Trail = tuple[list[Undo], list[int], list[int]]
#: what puts a node back after its alternatives: for each undo record, the points' contents and
#: the hash after it; and where the node's position keys start in the trail
_Redo = tuple[list[tuple[list[tuple[int, int]], int]], int, int]


def walk(record: Node, options: WalkOptions, visitor: Visitor[Board, Step, Problem, R]) -> R:
    """Replay the game tree of ``record`` (its root node) on a board of ``options.info``'s size
    under ``options.rules``, telling ``visitor``; its result. A visitor that is not a
    :class:`GoVisitor` (a :class:`~kifu.core.walk.Tee`, a :class:`~kifu.core.walk.Positions`)
    hears the events of core."""
    _Walk(options, visitor).run(record)
    return visitor.result()


class _Walk:
    """One walk of one game tree (see the module's docstring)."""

    def __init__(self, options: WalkOptions, visitor: Visitor[Board, Step, Problem, R]) -> None:
        info, rules = options.info, options.rules
        self.info = info
        self.rules = rules
        self.visitor = visitor
        self.go = visitor if isinstance(visitor, GoVisitor) else None
        self.board = board = Board(info.width, info.height)
        self.points = _point_table(board, info.ff >= 4)
        self.tt_passes = info.width <= 19 and info.height <= 19  # (what a move's [tt] is)
        self.positional = rules.ko == "positional" or rules.repetition_allowed
        self.situational = rules.ko == "situational"
        self.positions: dict[int, int] = {0: 1}
        self.situations: dict[int, int] = {0: 1}
        self.through = options.assume
        self.variations = visitor.variations
        self.comments = visitor.hears_comments
        go = self.go
        self.on_move = visitor.move if go is None or go.hears_moves else None
        self.on_node = go.node if go is not None and go.hears_nodes else None
        self.moves_after_end = False
        self.probes = 0  # look-aheads run (a hostile record of forbidden moves gets a few)
        #: the positions (hash, the colour to move) a node's moves went through before its last
        #: (a move the record left out, played before it): the superko sets keep them too
        self.between: list[tuple[int, int]] = []
        #: the main line's last move played as it is though its readings tied (ply, text, the
        #: board before it and its hash before the last move, the moves from it on, its readings)
        self.aside: tuple[int, str, Board, int, list[tuple[int, str]], tuple[int, ...]] | None = None
        self.effort: Effort | None = None  # what the look-ahead may still replay (the record's)
        self.setup_black = 0
        self.alternatives = 0  # the variations of the node being entered (at a branch only)
        self.complete = True
        self.step: Step
        #: tasks: the variations of a branch from the ``int``-th child of ``Node`` on (one at a
        #: time: a node with 100,000 variations costs one task), a variation to unwind, a node to
        #: put back and go on from
        self.stack: list[tuple[int, Node | None, _Line | None, _Trail, _Redo | None, int]] = []

    def run(self, root: Node) -> None:
        visitor = self.visitor
        self.step = Step(self.board, root)
        visitor.begin(self.board)
        visitor.header(
            {
                ident: prop.values[0]
                for ident, prop in root.props.items()
                if ident in INFO_IDENTS and prop.values
            }
        )
        self._line(root, _Line(), ([], [], []), True)
        stack = self.stack
        board = self.board
        while stack:
            task, node, line, trail, redo, kid = stack.pop()
            if task == _VARIATIONS:
                assert node is not None and line is not None
                kids = node.children
                if kid + 1 < len(kids):
                    stack.append((_VARIATIONS, node, line, _NO_TRAIL, None, kid + 1))
                if visitor.begin_variation(line.depth):
                    continue  # skipped: no events, nothing to unwind
                trail = ([], [], [])
                stack.append((_UNWIND, None, None, trail, None, 0))
                self._line(kids[kid], line.copy(), trail, True)
            elif task == _UNWIND:
                undos, position_keys, situation_keys = trail
                for undo in reversed(undos):
                    board.undo(undo)
                for key in position_keys:
                    _forget(self.positions, key)
                for key in situation_keys:
                    _forget(self.situations, key)
                visitor.end_variation()
            else:  # _RESUME
                assert node is not None and line is not None and redo is not None
                self._put_back(trail, redo)
                self._line(node, line, trail, False)
        visitor.end(self.complete)

    def _line(self, node: Node, line: _Line, trail: _Trail, enter: bool) -> None:
        """Play from ``node`` (already played unless ``enter``) down its first children, until the
        line ends or branches (then the branch's tasks go on the stack)."""
        undos, position_keys, situation_keys = trail
        positional, situational = self.positional, self.situational
        positions, situations = self.positions, self.situations
        board = self.board
        # a branch: its first child is played (with the number of its alternatives, for a writer's
        # line that ends there), then taken back while the alternatives are walked
        branch: tuple[Node, _Line, tuple[int, int, int]] | None = None
        while True:
            if enter:
                played = self._node(node, line, undos)  # (a native call: not through a bound method)
                if branch is not None:
                    self.alternatives = 0
                if not played:
                    self._stopped(line)
                    return
                if self.between:
                    self._went_through(position_keys, situation_keys)
                # (Any: the compiled build makes the Python int of a key once, not at each use)
                position: Any = board.hash
                if positional:
                    positions[position] = positions.get(position, 0) + 1
                    position_keys.append(position)
                if situational:
                    situation: Any = board.hash ^ (SIDE_KEY if line.to_move == WHITE else 0)
                    situations[situation] = situations.get(situation, 0) + 1
                    situation_keys.append(situation)
                if branch is not None and self.variations:
                    parent, before, marks = branch
                    self.stack.append((_RESUME, node, line, trail, self._take_back(trail, marks), 0))
                    self.stack.append((_VARIATIONS, parent, before, _NO_TRAIL, None, 1))
                    return
                branch = None
            enter = True
            kids = node.children
            if len(kids) == 1:
                node = kids[0]
                continue
            if not kids:
                if line.main:
                    self._main_end(node, line)
                return
            branch = node, line.variation(), (len(undos), len(position_keys), len(situation_keys))
            self.alternatives = len(kids) - 1
            node = kids[0]

    def _went_through(self, position_keys: list[int], situation_keys: list[int]) -> None:
        """Keep the positions of :attr:`between` in the superko sets and the line's trail."""
        for key, to_move in self.between:
            if self.positional:
                self.positions[key] = self.positions.get(key, 0) + 1
                position_keys.append(key)
            if self.situational:
                situation = key ^ (SIDE_KEY if to_move == WHITE else 0)
                self.situations[situation] = self.situations.get(situation, 0) + 1
                situation_keys.append(situation)
        self.between.clear()

    def _stopped(self, line: _Line) -> None:
        if line.main:
            self.complete = False

    def _take_back(self, trail: _Trail, marks: tuple[int, int, int]) -> _Redo:
        """Undo what the line did since ``marks`` (its keys stay in ``trail``); what puts it back."""
        undos, position_keys, situation_keys = trail
        board = self.board
        cells = board.cells
        contents: list[tuple[list[tuple[int, int]], int]] = []
        for undo in reversed(undos[marks[0] :]):
            contents.append(([(p, cells[p]) for p, _ in undo.changes], board.hash))
            board.undo(undo)
        contents.reverse()
        for key in position_keys[marks[1] :]:
            _forget(self.positions, key)
        for key in situation_keys[marks[2] :]:
            _forget(self.situations, key)
        return contents, marks[1], marks[2]

    def _put_back(self, trail: _Trail, redo: _Redo) -> None:
        """Play again, as it was, what :meth:`_take_back` took back."""
        _, position_keys, situation_keys = trail
        contents, position_mark, situation_mark = redo
        board = self.board
        cells = board.cells
        for changes, after in contents:
            for p, content in changes:
                cells[p] = content
            board.hash = after
        positions, situations = self.positions, self.situations
        for key in position_keys[position_mark:]:
            positions[key] = positions.get(key, 0) + 1
        for key in situation_keys[situation_mark:]:
            situations[key] = situations.get(key, 0) + 1

    # --- one node ---------------------------------------------------------------------------------

    def _node(self, node: Node, line: _Line, undos: list[Undo]) -> bool:
        """Play one node; False when a writer's line ends at it."""
        if self.step.is_root:
            return self._enter(node, line, undos)
        simple = node.simple
        if simple:  # one plain property: a move is played without the node's property dictionary
            if simple == "B":
                return self._move(node, "B", node.value, BLACK, line, undos)
            if simple == "W":
                return self._move(node, "W", node.value, WHITE, line, undos)
            return self._enter(node, line, undos)
        props = node.props
        if len(props) == 1 and node.duplicates is None:
            prop = props.get("B")
            colour = BLACK
            if prop is None:
                prop = props.get("W")
                colour = WHITE
            if prop is not None and len(prop.values) == 1 and prop.name == prop.ident:
                return self._move(node, prop.ident, prop.values[0], colour, line, undos)
        return self._enter(node, line, undos)

    def _enter(self, node: Node, line: _Line, undos: list[Undo]) -> bool:
        """A node with more than one move: set-up, ``PL``, then its moves."""
        props = node.props
        board = self.board
        step = self.step
        setup = "AB" in props or "AW" in props or "AE" in props
        remarks: list[Problem] = []
        if setup:
            undo = Undo([], board.hash)
            for ident, colour in _SETUP:
                found = props.get(ident)
                if found is not None:
                    listed = self._setup(found, colour, undo, line.ply, remarks)
                    line.placed += listed if colour == BLACK else -listed if colour == WHITE else 0
            undos.append(undo)
            line.before_last = -1
            if line.main and line.ply == 0 and "AB" in props:
                self.setup_black += sum(1 for _, old in undo.changes if old != BLACK) - sum(
                    1 for p, _ in undo.changes if board.cells[p] != BLACK
                )
        pl = props.get("PL")
        if pl is not None and pl.values and pl.values[0] in ("B", "W"):
            line.to_move = BLACK if pl.values[0] == "B" else WHITE
            line.last_mover = -1
        has_info = not INFO_IDENTS.isdisjoint(props)
        if self.on_node is not None:
            step.node = node
            step.ply = line.ply
            step.setup = setup
            step.info = has_info
            step.info_seen = line.info_seen
            step.main = line.main
            step.depth = line.depth
            self.on_node(step)
        step.is_root = False
        line.info_seen = line.info_seen or has_info
        for problem in remarks:
            self._remark(problem)
        for ident, colour in _COLOURS:
            move = props.get(ident)
            if move is not None and not self._move(
                node, ident, move.values[0] if move.values else "", colour, line, undos
            ):
                return False
        if self.comments:
            comment = props.get("C")
            if comment is not None:
                for text in comment.values:
                    self.visitor.comment(text)
        return True

    def _remark(self, problem: Problem) -> None:
        if self.go is not None:
            self.go.remark(problem)

    def _past_cap(self, code: Code) -> bool:
        """Whether a remark of ``code`` would only be counted (the visitor counts it so)."""
        return self.go is not None and self.go.capped(code)

    def _move(self, node: Node, ident: str, raw: str, colour: int, line: _Line, undos: list[Undo]) -> bool:
        """Play (or pass) one B/W move (``node.props[ident]``, its first value ``raw``, "" for none),
        judging it under the rules; False when a writer's line ends. The property itself is
        looked up only for a finding or a visitor that hears moves."""
        line.ply = ply = line.ply + 1
        if raw != "" and (raw != "tt" or not self.tt_passes):  # a stone the record places
            line.placed += 1 if colour == BLACK else -1
        board = self.board
        point = self.points.get(raw)
        if point is None:
            point = self._decode(node.props[ident], ply)
            if point == -2:
                line.last_mover = colour  # (left out, but the record has it: the next move is no second)
                return self._unplayable(
                    Problem(
                        codes.OFF_BOARD,
                        f"{ident}[{raw}] is not a point of the "
                        f"{self.info.width}×{self.info.height} board (move ignored)",
                        node.props[ident],
                        ply,
                        0,
                    ),
                    node,
                    colour,
                    line,
                )
        if colour == WHITE:
            line.white_moved = True
        elif not line.white_moved:
            line.leading_black += 1
        previous = board.hash
        if point == -1:
            line.passes = passes = line.passes + 1
            if passes == 1:
                line.first_passer = colour
            line.last_mover = colour
            line.to_move = 3 - colour
            line.before_last = previous
            if self.on_move is not None:
                self._visit(node, node.props[ident], colour, -1, None, line)
            return True
        if line.passes:  # (no pass since the last move: first_passer is None already)
            if line.passes >= 2 and line.main and not self.moves_after_end:
                self.moves_after_end = True
                self._remark(
                    Problem(codes.MOVES_AFTER_END, "move after both players passed", node.props[ident], ply)
                )
            line.passes = 0
            line.first_passer = None
        twice = line.last_mover == colour and ply > 1 and line.white_moved and self.info.handicap < 2
        if twice and self._twice(node, ident, raw, colour, point, line, undos):
            previous = board.hash  # (the move left out was played before it)
        outcome, played = board.play(point, colour, True)
        if played is None:
            prop = node.props[ident]
            problem = Problem(codes.OCCUPIED, f"{COLOUR_NAME[colour]} plays on an occupied point", prop, ply)
            meant = self._meant(node, prop, colour, line, problem)
            if meant is None or meant[1] is None:
                line.last_mover = colour  # (left out, but the record has it: the next move is no second)
                return self._unplayable(problem if meant is None else meant[0], node, colour, line)
            self._unplayable(meant[0], node, colour, line)  # (the checker's mode: it goes on)
            point = meant[1]
            outcome, played = board.play(point, colour, True)
            assert played is not None  # (a candidate is a legal move)
        undos.append(played)
        line.to_move = to_move = 3 - colour
        position = board.hash
        before_last = line.before_last
        legal = True
        if outcome or position == before_last or position in self.positions or self.situational:
            prop = node.props[ident]
            judged = self._judge(prop, colour, ply, outcome, played, before_last, to_move)
            if judged is not None and judged.code in (codes.SUICIDE, codes.KO) and self.through and line.main:
                undos.pop()
                board.undo(played)  # the candidates are played on the position before it
                meant = self._meant(node, prop, colour, line, judged._replace(played=None))
                if meant is not None and meant[1] is not None:
                    self._unplayable(meant[0], node, colour, line)
                    outcome, played = board.play(meant[1], colour, True)
                    point, judged = meant[1], None
                else:  # played as the record has it
                    outcome, played = board.play(point, colour, True)
                    judged = (judged if meant is None else meant[0])._replace(played=played)
                assert played is not None
                undos.append(played)
            if judged is not None:
                legal = False
                if not self._unplayable(judged, node, colour, line):
                    return False
        line.last_mover = colour
        line.before_last = previous
        if legal and self.on_move is not None:
            self._visit(node, node.props[ident], colour, point, played, line)
        return True

    def _twice(
        self, node: Node, ident: str, raw: str, colour: int, point: int, line: _Line, undos: list[Undo]
    ) -> bool:
        """Move ``line.ply`` (``point``) is the second of ``colour`` in a row (GO106): the other
        colour's move, or a pass, seems to be missing before it. In the checker's main line the
        moves after it are read (:func:`kifu.go.lookahead.gap`): when they cannot be played as
        written and only points in the gap let them, the finding is an error that names them, and
        the first (proven when it is the only one) is played before it; whether one was."""
        ply = line.ply
        prop = node.props[ident]
        other = 3 - colour
        where = f"before move {ply} {ident}[{raw}]: {COLOUR_NAME[colour]} moves twice in a row"
        found = self._gap(node, colour, raw, point, line)
        if found is None:
            self._remark(
                Problem(
                    codes.SAME_COLOUR_TWICE,
                    f"{COLOUR_NAME[other]}'s move (or a pass) seems to be missing {where}",
                    prop,
                    ply,
                )
            )
            return False
        from kifu.go.lookahead import point_of

        verdict, stop = found
        names = verdict.names
        missing = f"{COLOUR_NAME[other]}'s move seems to be missing {where}"
        if verdict.assumed:
            reason = f"the only point that lets it; as written, {stop} cannot be played"
            message = f"{missing}; the rest of the game plays if it was {names[0]} ({reason}), "
            message += "and was checked assuming it"
        else:
            reason = f"as written, {stop} cannot be played"
            message = f"{missing}; the rest of the game plays after any of {_listed(names)} ({reason}), and "
            message += "was checked assuming the first"
        # (several points: named as the message names them, the first of which was played)
        assumed = names[0] if verdict.assumed else _listed(names)
        assumption = Assumption(ply, f"{ident}[{raw}]", assumed, reason)
        problem = Problem(
            codes.SAME_COLOUR_TWICE, message, prop, ply, severity=Severity.ERROR, assumption=assumption
        )
        self._unplayable(problem, node, colour, line)
        board = self.board
        before = board.hash
        _, played = board.play(point_of(verdict.readings[0].moves[0]), other, True)
        assert played is not None  # (a legal point of the gap)
        undos.append(played)
        self.between.append((board.hash, colour))
        self.aside = None  # (a move the record does not have: a replay of it would not reach here)
        line.before_last = before
        line.last_mover = other
        return True

    def _gap(
        self, node: Node, colour: int, raw: str, point: int, line: _Line
    ) -> tuple[Verdict[int], str] | None:
        """In the checker's main line, the engine's verdict on a move left out before move
        ``line.ply`` (``colour``, ``raw``, ``point``), and where the record as written stops,
        when only points in the gap let the moves after it be played; ``None`` when they do not
        tell (a pass fits as well, or nothing follows)."""
        if not self.through or not line.main or self.points.get(raw) != point:
            return None
        from kifu.core.lookahead import MAX_PROBES, MISSING, game_effort
        from kifu.go.lookahead import gap, point_of

        moves = self._later(node, colour, raw)
        if len(moves) == 1 or self.probes >= MAX_PROBES:
            return None
        self.probes += 1
        if self.effort is None:  # (the record's, shared by its slips; its length is known now)
            self.effort = game_effort(line.ply + len(moves) - 1)
        verdict, stop = gap(
            self.board, line.before_last, moves, self.points, self.rules.suicide, line.ply, self.effort
        )
        if verdict is None or verdict.first is None or verdict.kind != MISSING or not verdict.fits:
            return None
        if any(point_of(reading.moves[0]) < 0 for reading in verdict.readings):
            return None  # (a pass fits as well: the record as written)
        return verdict, stop

    def _later(self, node: Node, colour: int, raw: str) -> list[tuple[int, str]]:
        """The move of ``node`` (``colour``, ``raw``) and the main line's moves after it (colour,
        raw), as far as the look-ahead reads."""
        from kifu.core.lookahead import MAX_PLIES

        moves: list[tuple[int, str]] = [(colour, raw)]
        after = node
        while after.children and len(moves) <= MAX_PLIES:
            after = after.children[0]
            for ident, mover in _COLOURS:
                move = after.props.get(ident)
                if move is not None:
                    moves.append((mover, move.values[0] if move.values else ""))
        return moves

    def _meant(
        self, node: Node, prop: Prop, colour: int, line: _Line, problem: Problem
    ) -> tuple[Problem, int | None] | None:
        """In the checker's main line, what the moves after a move every rule set forbids say
        was meant (:mod:`kifu.core.lookahead`, through :mod:`kifu.go.lookahead`): ``problem``
        saying so, and the point to play in its stead when the verdict proves one (``None``
        when it proves none: the readings are named, or none fits, and the record is played as
        it is); ``None`` when there is nothing to read (the board is full)."""
        if not self.through or not line.main:
            return None
        # (imported at the first move forbidden by every rule set: a clean record never needs it)
        from kifu.core.lookahead import MAX_PROBES, SLIP, game_effort
        from kifu.go.lookahead import point_of, settle

        rests = self._rests(line.ply)
        if rests:  # (forbidden only as the walk left an earlier move: no slip of its own is sought)
            return problem._replace(message=problem.message + rests, severity=Severity.WARNING), None
        if self.probes >= MAX_PROBES:
            return None
        self.probes += 1
        raw = prop.values[0] if prop.values else ""
        moves = self._later(node, colour, raw)
        if self.effort is None:  # (the record's, shared by its slips; its length is known now)
            self.effort = game_effort(line.ply + len(moves) - 1)
        verdict = settle(
            self.board, line.before_last, moves, self.points, self.rules.suicide, line.ply, self.effort
        )
        if verdict is None:
            return None
        why = f" ({verdict.reason})" if verdict.reason else ""
        if not verdict.fits:
            hint = f"; no reading of it fits the moves after it{why}"
            if verdict.other:
                hint += f"; they play after {verdict.other}"
            return problem._replace(message=problem.message + hint), None
        first = verdict.first
        if verdict.assumed and first is not None and verdict.kind == SLIP:
            [name] = verdict.names
            message = f"{problem.message}; did you mean {name}?{why}; the rest of the game was checked "
            message += f"assuming {name}"
            assumption = Assumption(line.ply, f"{prop.ident}[{raw}]", name, verdict.reason)
            return problem._replace(message=message, assumption=assumption), point_of(first.moves[0])
        if verdict.kind != SLIP:  # (a structural slip: the record's colours make it rare in Go)
            return problem._replace(message=f"{problem.message}; {_structural(verdict, line.ply)}{why}"), None
        names = verdict.names
        if not names or (len(moves) == 1 and len(names) > NAMED):
            return None  # (the last move: every point one letter away, with nothing to tell them apart)
        if len(names) > NAMED:
            named = f"one of these {len(names)} points: {', '.join(names)}"
        else:
            named = " or ".join(names)
        # the record is played as it is: a later move forbidden only as this one was not played
        # as one of its readings is no proven slip (:meth:`_rests`)
        readings = tuple(reading.moves[0] for reading in verdict.readings)
        self.aside = (line.ply, f"{prop.ident}[{raw}]", self.board.copy(), line.before_last, moves, readings)
        return problem._replace(message=f"{problem.message}; did you mean {named}?{why}"), None

    def _rests(self, ply: int) -> str:
        """When the main line's move ``ply``, which the rules forbid, could be played had the
        last move the walk played as it is (its readings tied) been one of its readings: what the
        message adds, naming them (the finding rests on that move); else ``""``."""
        aside = self.aside
        if aside is None or self.effort is None:
            return ""
        from kifu.go.lookahead import lets

        at, written, board, before, moves, readings = aside
        if ply - at >= len(moves):
            return ""
        names = lets(
            board, before, moves, self.points, self.rules.suicide, at, readings, ply - at, self.effort
        )
        if not names:
            return ""
        return (
            f"; it can be played if move {at} {written}, which cannot be played as written, was "
            + _listed(names)
        )

    def _visit(self, node: Node, prop: Prop, colour: int, point: int, undo: Undo | None, line: _Line) -> None:
        step = self.step
        step.node = node
        step.prop = prop
        step.colour = colour
        step.point = point
        step.undo = undo
        step.ply = line.ply
        step.main = line.main
        step.depth = line.depth
        self.on_move(step)  # type: ignore[misc]

    def _unplayable(self, problem: Problem, node: Node, colour: int, line: _Line) -> bool:
        """Tell the visitor; whether the line goes on (the checker's mode)."""
        if not self.through:
            problem = problem._replace(
                node=node, colour=colour, depth=line.depth, alternatives=self.alternatives
            )
        elif line.depth:  # (the checker: a variation's move is not one the count rests on)
            problem = problem._replace(depth=line.depth)
        self.visitor.unplayable(problem)
        return self.through

    def _judge(
        self, prop: Prop, colour: int, ply: int, outcome: int, undo: Undo, before_last: int, to_move: int
    ) -> Problem | None:
        """Why the move just played is illegal (``None`` if it is not); an allowed repetition is
        remarked."""
        rules = self.rules
        name = COLOUR_NAME[colour]
        if outcome == SUICIDE:
            removed = len(undo.changes) - 1
            if not rules.suicide or removed <= 1:
                kind = "single-stone" if removed <= 1 else f"{removed}-stone"
                return Problem(
                    codes.SUICIDE,
                    f"{name} commits {kind} suicide (illegal under {rules.describe()})",
                    prop,
                    ply,
                    played=undo,
                )
        position = self.board.hash
        if position == before_last:
            return Problem(
                codes.KO,
                f"{name} retakes the ko at once (illegal under every rule set)",
                prop,
                ply,
                played=undo,
            )
        # (the code first, its message and the Problem only when they are kept: a NamedTuple is
        # built by interpreted code, and a record of many repetitions has thousands of these,
        # most of them past the cap of their code)
        superko: tuple[Code, str] | None = None
        if rules.ko == "positional" and position in self.positions:
            superko = codes.POSITIONAL_SUPERKO, "an earlier whole-board position"
        elif (
            rules.ko == "situational"
            and (position ^ (SIDE_KEY if to_move == WHITE else 0)) in self.situations
        ):
            superko = codes.SITUATIONAL_SUPERKO, "an earlier position with the same player to move"
        if superko is not None:
            code, what = superko
            if not rules.stated and self._past_cap(code):
                return None  # (a remark past the cap: counted, not built)
            message = f"{name} recreates {what} ({rules.describe()})"
            if not rules.stated:
                # the record names no rules: the superko verdict rests on the default preset, and
                # the move is legal under simple ko (checked above), so it is played
                self._remark(
                    Problem(
                        code,
                        f"{message[:-1]} assumed: the record has no RU); legal under simple ko "
                        "(Japanese, Korean rules). State the rules: RU[Chinese], or --rules/--ko",
                        prop,
                        ply,
                        played=undo,
                        severity=Severity.WARNING,
                    )
                )
                return None
            return Problem(code, message, prop, ply, played=undo)
        if (
            rules.repetition_allowed
            and position in self.positions
            and not self._past_cap(codes.REPETITION_ALLOWED)
        ):
            self._remark(
                Problem(
                    codes.REPETITION_ALLOWED,
                    f"{name} recreates an earlier whole-board position (allowed under {rules.name} rules)",
                    prop,
                    ply,
                    played=undo,
                )
            )
        return None

    def _decode(self, prop: Prop, ply: int) -> int:
        """The board index of a move, -1 for a pass, -2 when it is not a point of the board."""
        raw = prop.values[0] if prop.values else ""
        point = self.points.get(raw)
        if point is not None:
            return point
        info = self.info
        board = self.board
        if raw == "":
            if info.ff < 4:
                self._remark(
                    Problem(
                        codes.NOT_IN_VERSION,
                        f"pass written {prop.ident}[] in an FF[{info.ff}] file (FF[3] wrote [tt])",
                        prop,
                        ply,
                        0,
                    )
                )
            return -1
        if len(raw) == 2:
            x, y = coordinate(raw[0]), coordinate(raw[1])
            if 0 <= x < info.width and 0 <= y < info.height:
                return board.point(x, y)
            if raw == "tt" and info.width <= 19 and info.height <= 19:
                return -1
        compact = "".join(raw.split())
        if len(compact) == 2 and compact != raw:
            x, y = coordinate(compact[0]), coordinate(compact[1])
            if 0 <= x < info.width and 0 <= y < info.height:
                self._remark(
                    Problem(
                        codes.BAD_VALUE,
                        f"{prop.ident}[{raw}] has white space (read as [{compact}])",
                        prop,
                        ply,
                        0,
                    )
                )
                return board.point(x, y)
        return -2

    def _setup(self, prop: Prop, colour: int, undo: Undo, ply: int, remarks: list[Problem]) -> int:
        """Put the points of set-up property ``prop`` to ``colour``; how many points it lists."""
        board = self.board
        width, height = self.info.width, self.info.height
        listed = 0
        for i, raw in enumerate(prop.values):
            points = point_list(raw, width, height)
            if points is None and len(raw) == 5 and raw[2] == ":":
                points = point_list(
                    f"{min(raw[0], raw[3])}{min(raw[1], raw[4])}:{max(raw[0], raw[3])}{max(raw[1], raw[4])}",
                    width,
                    height,
                )
            if points is None:
                continue  # reported by the property checker
            listed += len(points)
            before = len(undo.changes)
            idle = [p for p in points if not board.put(board.point(*p), colour, undo)]
            if idle:
                # a point this node's earlier values changed is not idle (the set is built only
                # here: once per value it made long set-ups quadratic)
                done = {point for point, _ in undo.changes[:before]}
                idle = [p for p in idle if board.point(*p) not in done]
            if idle and len(idle) == len(points):
                what = "clears an empty point" if colour == EMPTY else "adds a stone where the same stone is"
                remarks.append(Problem(codes.SETUP_NO_EFFECT, f"{prop.ident}[{raw}] {what}", prop, ply, i))
        return listed

    def _main_end(self, node: Node, line: _Line) -> None:
        step = self.step
        step.node = node
        step.ply = line.ply
        step.main = True
        step.depth = 0
        step.passes = line.passes
        step.first_passer = line.first_passer
        step.leading_black = line.leading_black
        step.setup_black = self.setup_black
        step.placed = line.placed
        step.passed_out = self.moves_after_end or line.passes >= 2
        if self.go is not None:
            self.go.main_end(step)


def _listed(names: Sequence[str]) -> str:
    """``a, b or c``; past three, ``a, b, c or 5 more``."""
    shown = [*names[:3], f"{len(names) - 3} more"] if len(names) > 3 else list(names)
    return ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else "".join(shown)


def _structural(verdict: Verdict[int], ply: int) -> str:
    """A verdict of another slip than a coordinate's, as a message says it."""
    from kifu.core.lookahead import MISSING, SWAPPED

    kind = verdict.kind
    name = verdict.names[0] if verdict.names else ""
    if kind == MISSING:
        return f"a move seems to be left out before it: {name}"
    if kind == SWAPPED:
        return f"it seems written in the place of move {ply + 2}: {name} here"
    return "it seems written twice"


_VARIATIONS: Final = 0
_UNWIND: Final = 1
_RESUME: Final = 2
_NO_TRAIL: Final[_Trail] = ([], [], [])  # (the trail slot of a task that has none: never written)
_POINT_TABLES: Final[dict[tuple[int, int, bool], dict[str, int]]] = {}


def _point_table(board: Board, empty_pass: bool) -> dict[str, int]:
    """SGF point text → board index for every point of a board of this size, and -1 for the
    passes that need no finding (``[tt]`` on boards up to 19×19, ``[]`` when ``empty_pass``:
    from FF[4] on); cached. Any other text goes through :meth:`_Walk._decode`."""
    key = (board.width, board.height, empty_pass)
    table = _POINT_TABLES.get(key)
    if table is None:
        letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        table = {
            letters[x] + letters[y]: board.point(x, y)
            for x in range(board.width)
            for y in range(board.height)
        }
        if board.width <= 19 and board.height <= 19:
            table["tt"] = -1
        if empty_pass:
            table[""] = -1
        _POINT_TABLES[key] = table
    return table


def _forget(counts: dict[int, int], key: int) -> None:
    left = counts[key] - 1
    if left:
        counts[key] = left
    else:
        del counts[key]
