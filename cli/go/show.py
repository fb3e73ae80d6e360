"""``kifu show`` and the HTML report for Go: positions found by a visitor of the walk, drawn;
the final count with territory and the dead stones of the record's ``TB``/``TW``."""

from __future__ import annotations

from collections.abc import Collection

from kifu.core.game import Options, Position, RawRecord
from kifu.go import render
from kifu.go.board import BLACK, EMPTY, SGF_LETTERS, WHITE, Board
from kifu.go.kept import Kept, kept_positions
from kifu.go.marks import mark as mark  # (the show module is a Drawing: it marks findings too)
from kifu.go.parser import parse_unparsed
from kifu.go.properties import read_info
from kifu.go.rules import resolve
from kifu.go.tree import Game
from kifu.go.walk import WalkOptions, walk


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
    kept = walk(root, WalkOptions(info, rules, assume=True), Kept())
    return kept_positions(kept, plies, info, options)


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
