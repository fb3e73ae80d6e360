"""``kifu show`` and the HTML report for Go: positions found by a visitor of the walk, drawn;
the final count with territory and the dead stones of the record's ``TB``/``TW``."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from kifu.core.game import Options, Position, RawRecord
from kifu.go import render
from kifu.go.board import BLACK, EMPTY, WHITE, Board
from kifu.go.info import GameInfo
from kifu.go.marks import mark as mark  # (the show module is a Drawing: it marks findings too)
from kifu.go.parser import parse_unparsed
from kifu.go.properties import read_info
from kifu.go.render import SGF_LETTERS
from kifu.go.rules import resolve
from kifu.go.scoring import count, dead_from_markup
from kifu.go.tree import Game, Node
from kifu.go.walk import GoVisitor, Step, WalkOptions, walk

_CELLS = {EMPTY: ".", BLACK: "X", WHITE: "O"}


def rows(board: Board) -> str:
    """The board as rows of ``.XO`` from the top, joined by ``/`` (the findings' ``position``)."""
    cells = board.cells
    return "/".join(
        "".join(_CELLS[cells[board.point(column, row)]] for column in range(board.width))
        for row in range(board.height)
    )


def _point(board: Board, point: int) -> str | None:
    """The SGF point of a board index; ``None`` for a pass."""
    if point < 0:
        return None
    column, row = board.coordinates(point)
    return SGF_LETTERS[column] + SGF_LETTERS[row]


class _Positions(GoVisitor[dict[int | None, Position]]):
    """Keeps the main line's positions after the wanted plies (``None``: the final one, with
    its dead stones from ``TB``/``TW``)."""

    variations = False

    def __init__(self, plies: Collection[int | None]) -> None:
        self.wanted = {p for p in plies if p is not None}
        self.final = None in plies
        self.found: dict[int | None, Position] = {}
        self.before = ""
        self.last: tuple[int, str | None, str | None, str] = (0, None, None, "")
        self.ending: tuple[Board, Node, int | None] | None = None

    def begin(self, start: Board) -> None:
        self.before = rows(start)
        if 0 in self.wanted:
            self.found[0] = Position(self.before)

    def move(self, step: Step) -> None:
        ply = step.ply
        if ply not in self.wanted and not self.final and ply + 1 not in self.wanted:
            return
        board = rows(step.board)
        prop = step.prop
        written = f"{prop.ident}[{prop.values[0] if prop.values else ''}]" if prop is not None else None
        move = _point(step.board, step.point)
        if ply in self.wanted:
            self.found[ply] = Position(board, ply, move, written, self.before)
        self.last = (ply, move, written, self.before)
        self.before = board

    def main_end(self, step: Step) -> None:
        if self.final:
            self.ending = (step.board.copy(), step.node, step.first_passer)

    def result(self) -> dict[int | None, Position]:
        return self.found


def positions(
    record: RawRecord[Game], options: Options, plies: Collection[int | None]
) -> dict[int | None, Position]:
    """The main line's positions after ``plies`` (``None``: the final one, with its count)."""
    game, index = parse_unparsed(record.data)
    root = game.root
    if root is None:
        return {}
    info = read_info(root, index)
    if info.gm != 1:
        return {}
    rules = resolve(options.rules, info.rules, options.settings.get("ko"))
    seen = _Positions(plies)
    walk(root, WalkOptions(info, rules, nodes=False, assume=True), seen)
    if seen.ending is not None:
        board, node, first_passer = seen.ending
        ply, move, written, before = seen.last
        last = Position(rows(board), ply, move, written, before or None)
        seen.found[None] = counted(last, board, node, first_passer, info, options)
    return seen.found


def counted(
    position: Position,
    board: Board,
    node: Node | None,
    first_passer: int | None,
    info: GameInfo,
    options: Options,
) -> Position:
    """``position`` (the main line's last, ``board``, reached at ``node``) with its count: the
    dead stones of the node's ``TB``/``TW`` as SGF points (``extra["dead"]``) and the score line
    (``extra["score"]``), under ``options`` (``--rules``, ``--komi``, else the record's)."""
    rules = resolve(options.rules, info.rules, options.settings.get("ko"))
    dead, _ = dead_from_markup(board, node)
    komi = options.settings.get("komi")
    komi = info.komi if komi is None else komi
    komi = rules.komi if komi is None else komi
    result = count(board, dead, rules, float(komi), info.handicap, first_passer == WHITE)
    black = result.black_stones + result.black_territory
    white = result.white_stones + result.white_territory
    score = (
        f"{result.rules} rules: Black {result.black_stones} stones + {result.black_territory} "
        f"territory = {black}; White {result.white_stones} + {result.white_territory} = {white}; "
        f"shared {result.shared}; komi {result.komi:g}; compensation {result.compensation:g}; "
        f"margin {result.margin:+g} → {result.result}"
    )
    points = ",".join(sorted(p for p in (_point(board, d) for d in dead) if p))
    return replace(position, extra={**position.extra, "dead": points, "score": score})


def _coordinates(point: str) -> tuple[int, int]:
    return SGF_LETTERS.index(point[0]), SGF_LETTERS.index(point[1])


def board_of(position: str) -> Board:
    """A board from rows of ``.XO`` joined by ``/``."""
    lines = position.split("/")
    board = Board(len(lines[0]), len(lines))
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            if char in "XO":
                board.cells[board.point(column, row)] = BLACK if char == "X" else WHITE
    return board


def draw(position: Position, *, svg: bool, size: int, territory: bool) -> str:
    """The position as text or SVG, its last move and a finding's marks drawn; ``territory`` (or
    the finding's board of a count): the count's marks (territory of each colour once the dead
    stones are removed, the dead stones) and score."""
    board = board_of(position.position)
    territory = territory or position.extra.get("territory") == "yes"
    last = board.point(*_coordinates(position.move)) if position.move else None
    areas: dict[int, list[int]] = {BLACK: [], WHITE: []}
    dead: set[int] = set()
    if territory:
        dead = {board.point(*_coordinates(p)) for p in position.extra.get("dead", "").split(",") if p}
        cleared = board.copy()
        for point in dead:
            cleared.cells[point] = EMPTY
        for region, border in cleared.regions():
            if len(border) == 1:
                areas[next(iter(border))].extend(region)
    if svg:
        return render.svg(
            board,
            size=size,
            last_move=last,
            black_territory=areas[BLACK],
            white_territory=areas[WHITE],
            dead=dead,
            marks=position.marks,
            score=position.extra.get("score", "") if territory else "",
        )
    drawn = render.text(
        board,
        last_move=last,
        black_territory=areas[BLACK],
        white_territory=areas[WHITE],
        dead=dead,
        marks=position.marks,
    )
    score = position.extra.get("score")
    in_notes = position.marks is not None and score in position.marks.notes
    return drawn + (score + "\n" if territory and score and not in_notes else "")
