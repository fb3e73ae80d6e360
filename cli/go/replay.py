"""Replay a game tree through the rules: setup, moves, captures, suicide, ko and superko.

The whole tree is walked depth-first with one board and undo records (no recursion, no
board copies per variation). The positions of the current path are kept in hash
multisets, so positional and situational superko are O(1) per move. Properties are
checked on the way (:class:`kifu.go.properties.PropertyChecker`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from kifu.core.findings import Code, Finding
from kifu.go import codes
from kifu.go.board import BLACK, EMPTY, SIDE_KEY, SUICIDE, WHITE, Board, Undo
from kifu.go.parser import Node, Prop
from kifu.go.properties import PropertyChecker, coordinate, read_game_info
from kifu.go.rules import Rules

_COLOURS = (("B", BLACK), ("W", WHITE))
_SETUP = (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY))
COLOUR_NAME = {BLACK: "Black", WHITE: "White"}
#: codes of moves the rules forbid (a converter ends a line at them)
ILLEGAL_MOVE_CODES = frozenset(
    c.code
    for c in (codes.OCCUPIED, codes.SUICIDE, codes.KO, codes.POSITIONAL_SUPERKO, codes.SITUATIONAL_SUPERKO)
)


class IllegalMove(NamedTuple):
    """A move the rules forbid: the message of its finding and the line it is on."""

    message: str
    line: int


@dataclass(slots=True)
class MainLine:
    """What the main line ends with: what scoring and the report need."""

    plies: int = 0
    board: Board | None = None
    last: Node | None = None
    trailing_passes: int = 0
    first_passer: int | None = None  # who passed first in the final run of passes
    leading_black: int = 0
    setup_black: int = 0
    moves_after_end: bool = False


@dataclass(slots=True)
class _State:
    ply: int
    to_move: int
    last_mover: int
    before_last: int  # position hash before the last move (simple ko)
    info_seen: bool
    passes: int
    first_passer: int | None
    main: bool
    white_moved: bool
    leading_black: int


@dataclass(slots=True)
class Replay:
    """One replay of a game tree under ``rules``."""

    rules: Rules
    checker: PropertyChecker
    findings: list[Finding]
    tags: dict[str, str]
    main: MainLine = field(default_factory=MainLine)
    overflow: dict[str, int] = field(default_factory=dict)
    #: ``id()`` of each move property the rules forbid → why, and its line (also past the cap)
    illegal: dict[int, IllegalMove] = field(default_factory=dict)
    _points: dict[str, int] = field(default_factory=dict)
    _positional: bool = True
    _situational: bool = False

    def run(self, root: Node) -> MainLine:
        """Replay every variation; return the main line's end.

        A chain of single-child nodes is replayed in one inner loop with one undo record;
        only branch points go through the stack. Once no variation is left to replay, the
        board is not unwound.
        """
        info = self.checker.info
        board = Board(info.width, info.height)
        self._points = _point_table(board, info.ff >= 4)
        positional = self._positional = self.rules.ko == "positional" or self.rules.repetition_allowed
        situational = self._situational = self.rules.ko == "situational"
        positions: dict[int, int] = {0: 1}
        situations: dict[int, int] = {0: 1}
        Exit = tuple[list[Undo], list[int], list[int]]
        stack: list[tuple[Node, _State] | tuple[None, Exit]] = [
            (root, _State(0, BLACK, -1, -1, False, 0, None, True, False, 0))
        ]
        pending = 1  # nodes on the stack still to replay
        enter, move = self._enter, self._move
        is_root = True
        while stack:
            node, data = stack.pop()
            if node is None:
                if not pending:
                    break  # only unwinding is left: nothing will use the board again
                done_undos, done_positions, done_situations = data  # type: ignore[misc]
                for undo in reversed(done_undos):
                    board.undo(undo)
                for key in done_positions:
                    _forget(positions, key)
                for key in done_situations:
                    _forget(situations, key)
                continue
            pending -= 1
            state: _State = data  # type: ignore[assignment]
            undos: list[Undo] = []
            position_keys: list[int] = []
            situation_keys: list[int] = []
            while True:
                props = node.props
                if len(props) == 1 and node.duplicates is None and not is_root:
                    prop = props.get("B")
                    colour = BLACK
                    if prop is None:
                        prop = props.get("W")
                        colour = WHITE
                    if prop is not None and len(prop.values) == 1 and prop.name == prop.ident:
                        move(prop, colour, board, state, positions, situations, undos)
                    else:
                        enter(node, state, board, positions, situations, is_root, undos)
                else:
                    enter(node, state, board, positions, situations, is_root, undos)
                is_root = False
                position = board.hash
                if positional:
                    positions[position] = positions.get(position, 0) + 1
                    position_keys.append(position)
                if situational:
                    situation = position ^ (SIDE_KEY if state.to_move == WHITE else 0)
                    situations[situation] = situations.get(situation, 0) + 1
                    situation_keys.append(situation)
                kids = node.children
                if len(kids) != 1:
                    break
                node = kids[0]
            stack.append((None, (undos, position_keys, situation_keys)))
            if not kids and state.main:
                self._end_main(board, node, state)
            pending += len(kids)
            for i in range(len(kids) - 1, -1, -1):
                branch = _State(
                    state.ply,
                    state.to_move,
                    state.last_mover,
                    state.before_last,
                    state.info_seen,
                    state.passes,
                    state.first_passer,
                    state.main and i == 0,
                    state.white_moved,
                    state.leading_black,
                )
                stack.append((kids[i], branch))
        return self.main

    def _enter(
        self,
        node: Node,
        state: _State,
        board: Board,
        positions: dict[int, int],
        situations: dict[int, int],
        is_root: bool,
        undos: list[Undo],
    ) -> None:
        """Apply one node to the board and ``state`` (mutated); undo records go to ``undos``."""
        props = node.props
        checker = self.checker
        has_info = checker.check_node(node, is_root, state.info_seen)
        if has_info and not is_root and not state.info_seen and state.main:
            read_game_info(node, checker, self.tags)
        state.info_seen = state.info_seen or has_info
        if "AB" in props or "AW" in props or "AE" in props:
            undo = Undo([], board.hash)
            for ident, colour in _SETUP:
                setup = props.get(ident)
                if setup is not None:
                    self._setup(setup, colour, board, undo)
            undos.append(undo)
            state.before_last = -1
            if state.main and state.ply == 0 and "AB" in props:
                self.main.setup_black += sum(1 for _, old in undo.changes if old != BLACK) - sum(
                    1 for p, _ in undo.changes if board.cells[p] != BLACK
                )
        pl = props.get("PL")
        if pl is not None and pl.values and pl.values[0] in ("B", "W"):
            state.to_move = BLACK if pl.values[0] == "B" else WHITE
            state.last_mover = -1
        for ident, colour in _COLOURS:
            move = props.get(ident)
            if move is not None:
                self._move(move, colour, board, state, positions, situations, undos)

    def _move(
        self,
        prop: Prop,
        colour: int,
        board: Board,
        state: _State,
        positions: dict[int, int],
        situations: dict[int, int],
        undos: list[Undo],
    ) -> None:
        """Play (or pass) one B/W move, judging it under the rules."""
        state.ply = ply = state.ply + 1
        values = prop.values
        point = self._points.get(values[0]) if values else None
        if point is None:
            point = self._decode_move(prop, board)
            if point == -2:
                return
        if colour == WHITE:
            state.white_moved = True
        elif not state.white_moved:
            state.leading_black += 1
        previous = board.hash
        if point == -1:
            state.passes = passes = state.passes + 1
            if passes == 1:
                state.first_passer = colour
            state.last_mover = colour
            state.to_move = 3 - colour
            state.before_last = previous
            return
        if state.passes:  # (no pass since the last move: first_passer is None already)
            if state.passes >= 2 and state.main and not self.main.moves_after_end:
                self.main.moves_after_end = True
                self._report(codes.MOVES_AFTER_END, "move after both players passed", prop, ply)
            state.passes = 0
            state.first_passer = None
        if state.last_mover == colour and ply > 1 and state.white_moved and self.checker.info.handicap < 2:
            self._report(codes.SAME_COLOUR_TWICE, f"{COLOUR_NAME[colour]} moves twice in a row", prop, ply)
        outcome, played = board.play(point, colour, True)
        if played is None:
            self._report(codes.OCCUPIED, f"{COLOUR_NAME[colour]} plays on an occupied point", prop, ply)
            return
        undos.append(played)
        state.to_move = to_move = 3 - colour
        position = board.hash
        before_last = state.before_last
        if outcome or position == before_last or position in positions or self._situational:
            self._judge(
                prop, colour, ply, outcome, played, board, before_last, positions, situations, to_move
            )
        state.last_mover = colour
        state.before_last = previous

    def _judge(
        self,
        prop: Prop,
        colour: int,
        ply: int,
        outcome: int,
        undo: Undo,
        board: Board,
        before_last: int,
        positions: dict[int, int],
        situations: dict[int, int],
        to_move: int,
    ) -> None:
        rules = self.rules
        name = COLOUR_NAME[colour]
        if outcome == SUICIDE:
            removed = len(undo.changes) - 1
            if not rules.suicide or removed <= 1:
                kind = "single-stone" if removed <= 1 else f"{removed}-stone"
                self._report(
                    codes.SUICIDE,
                    f"{name} commits {kind} suicide (illegal under {rules.describe()})",
                    prop,
                    ply,
                )
                return
        position = board.hash
        if position == before_last:
            self._report(codes.KO, f"{name} retakes the ko at once (illegal under every rule set)", prop, ply)
            return
        if rules.ko == "positional" and position in positions:
            self._report(
                codes.POSITIONAL_SUPERKO,
                f"{name} recreates an earlier whole-board position ({rules.describe()})",
                prop,
                ply,
            )
        elif rules.ko == "situational" and (position ^ (SIDE_KEY if to_move == WHITE else 0)) in situations:
            self._report(
                codes.SITUATIONAL_SUPERKO,
                f"{name} recreates an earlier position with the same player to move ({rules.describe()})",
                prop,
                ply,
            )
        elif rules.repetition_allowed and position in positions:
            self._report(
                codes.REPETITION_ALLOWED,
                f"{name} recreates an earlier whole-board position (allowed under {rules.name} rules)",
                prop,
                ply,
            )

    def _decode_move(self, prop: Prop, board: Board) -> int:
        """The board index of a move, -1 for a pass, -2 when unreadable (reported)."""
        raw = prop.values[0] if prop.values else ""
        point = self._points.get(raw)
        if point is not None:
            return point
        info = self.checker.info
        if raw == "":
            if info.ff < 4:
                self.checker.report(
                    codes.NOT_IN_VERSION,
                    f"pass written {prop.ident}[] in an FF[{info.ff}] file (FF[3] wrote [tt])",
                    prop,
                    0,
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
                self.checker.report(
                    codes.BAD_VALUE, f"{prop.ident}[{raw}] has white space (read as [{compact}])", prop, 0
                )
                return board.point(x, y)
        self.checker.report(
            codes.OFF_BOARD,
            f"{prop.ident}[{raw}] is not a point of the {info.width}×{info.height} board (move ignored)",
            prop,
            0,
        )
        return -2

    def _setup(self, prop: Prop, colour: int, board: Board, undo: Undo) -> None:
        for i, raw in enumerate(prop.values):
            points = self.checker.points(raw)
            if points is None and len(raw) == 5 and raw[2] == ":":
                points = self.checker.points(
                    f"{min(raw[0], raw[3])}{min(raw[1], raw[4])}:{max(raw[0], raw[3])}{max(raw[1], raw[4])}"
                )
            if points is None:
                continue  # reported by the property checker
            done = {point for point, _ in undo.changes}
            idle = [
                p
                for p in points
                if not board.put(board.point(*p), colour, undo) and board.point(*p) not in done
            ]
            if idle and len(idle) == len(points):
                what = "clears an empty point" if colour == EMPTY else "adds a stone where the same stone is"
                self.checker.report(codes.SETUP_NO_EFFECT, f"{prop.ident}[{raw}] {what}", prop, i)

    def _report(self, code: Code, message: str, prop: Prop, ply: int) -> None:
        seen = self.overflow.get(code.code, 0) + 1
        self.overflow[code.code] = seen
        illegal = code.code in ILLEGAL_MOVE_CODES
        if seen > MAX_PER_CODE:
            if illegal:  # past the cap no finding is built (archives of broken games stay fast)
                self.illegal[id(prop)] = IllegalMove(message, self.checker.index.position(prop.offset)[0])
            return
        raw = prop.values[0] if prop.values else ""
        index = self.checker.index
        offset = prop.value_offsets[0] if prop.value_offsets else prop.offset
        finding = code(
            message,
            index.span(prop.offset, offset - prop.offset + len(raw) + 2),
            ply=ply,
            move=f"{prop.ident}[{raw}]",
        )
        if illegal:
            self.illegal[id(prop)] = IllegalMove(message, finding.span.line if finding.span else 0)
        self.findings.append(finding)

    def _end_main(self, board: Board, node: Node, state: _State) -> None:
        main = self.main
        main.plies = state.ply
        main.board = board.copy()
        main.last = node
        main.trailing_passes = state.passes
        main.first_passer = state.first_passer
        main.leading_black = state.leading_black


_POINT_TABLES: dict[tuple[int, int, bool], dict[str, int]] = {}
MAX_PER_CODE = 100


def _point_table(board: Board, empty_pass: bool) -> dict[str, int]:
    """SGF point text → board index for every point of a board of this size, and -1 for the
    passes that need no finding (``[tt]`` on boards up to 19×19, ``[]`` when ``empty_pass``:
    from FF[4] on); cached. Any other text goes through :meth:`Replay._decode_move`."""
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
