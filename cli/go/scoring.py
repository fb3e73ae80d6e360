"""Area counting: stones, territory, shared points, komi, handicap compensation, margin.

Area of a colour = its stones + the empty regions that border only that colour, after the
dead stones are removed. Regions that border both colours are shared (dame, seki
liberties): they count for nobody in the margin, and are split half and half in the
per-colour Chinese count (``count``, against half the board).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from kifu.go.board import BLACK, EDGE, EMPTY, WHITE, Board
from kifu.go.rules import Rules
from kifu.go.tree import Node
from kifu.go.values import coordinate, format_number

GTP_LETTERS: Final = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


@dataclass(slots=True)
class Count:
    """The area count of one position under one rule set."""

    rules: str
    komi: float
    handicap: int
    compensation: float
    black_stones: int
    black_territory: int
    white_stones: int
    white_territory: int
    shared: int
    dead_black: int
    dead_white: int

    @property
    def margin(self) -> float:
        """Black area − White area − komi − handicap compensation."""
        black = self.black_stones + self.black_territory
        white = self.white_stones + self.white_territory
        return black - white - self.komi - self.compensation

    @property
    def result(self) -> str:
        """The margin in SGF form: ``B+3.5``, ``W+0.5``, ``0``."""
        return result_form(self.margin)

    def to_dict(self) -> dict[str, Any]:
        """The ``score`` object of the JSON output contract (plus ``count``, ``compensation``)."""
        half = self.shared / 2
        black_area = self.black_stones + self.black_territory
        white_area = self.white_stones + self.white_territory
        return {
            "rules": self.rules,
            "komi": self.komi,
            "handicap": self.handicap,
            "compensation": self.compensation,
            "black": {
                "stones": self.black_stones,
                "territory": self.black_territory,
                "area": black_area,
                "count": black_area + half,
                "dead": self.dead_black,
            },
            "white": {
                "stones": self.white_stones,
                "territory": self.white_territory,
                "area": white_area,
                "count": white_area + half,
                "dead": self.dead_white,
            },
            "shared": self.shared,
            "margin": self.margin,
            "result": self.result,
        }


def result_form(margin: float) -> str:
    """SGF result of a margin from Black's side."""
    if margin > 0:
        return f"B+{format_number(margin)}"
    if margin < 0:
        return f"W+{format_number(-margin)}"
    return "0"


def count(
    board: Board,
    dead: set[int],
    rules: Rules,
    komi: float,
    handicap: int,
    white_passed_first: bool = False,
) -> Count:
    """Count ``board`` with the stones in ``dead`` removed."""
    work = board.copy()
    cells = work.cells
    dead_black = dead_white = 0
    for point in dead:
        if cells[point] == BLACK:
            dead_black += 1
        elif cells[point] == WHITE:
            dead_white += 1
        if cells[point] != EDGE:
            cells[point] = EMPTY
    if rules.name == "wmsg2008" and white_passed_first:
        komi += 1.0
    stones = {BLACK: cells.count(BLACK), WHITE: cells.count(WHITE)}
    territory = {BLACK: 0, WHITE: 0}
    shared = 0
    for region, border in work.regions():
        if len(border) == 1:
            territory[next(iter(border))] += len(region)
        else:
            shared += len(region)
    return Count(
        rules=rules.name,
        komi=komi,
        handicap=handicap,
        compensation=rules.handicap_compensation(handicap),
        black_stones=stones[BLACK],
        black_territory=territory[BLACK],
        white_stones=stones[WHITE],
        white_territory=territory[WHITE],
        shared=shared,
        dead_black=dead_black,
        dead_white=dead_white,
    )


def dead_from_markup(board: Board, node: Node | None) -> tuple[set[int], list[str]]:
    """Dead stones from TB/TW territory marks: white stones under TB, black under TW.

    Returns the dead points and notes on marks that cover the marking colour's own stones.
    """
    dead: set[int] = set()
    notes: list[str] = []
    if node is None:
        return dead, notes
    for ident, owner in (("TB", BLACK), ("TW", WHITE)):
        prop = node.props.get(ident)
        if prop is None:
            continue
        for raw in prop.values:
            for x, y in _rect(raw, board):
                point = board.point(x, y)
                content = board.cells[point]
                if content == 3 - owner:
                    dead.add(point)
                elif content == owner:
                    notes.append(f"{ident}[{raw}] covers a {'black' if owner == BLACK else 'white'} stone")
    return dead, notes


def territory_points(board: Board, node: Node, ident: str) -> list[int]:
    """The points a territory mark (``TB`` or ``TW``) of ``node`` covers."""
    prop = node.props.get(ident)
    if prop is None:
        return []
    return [board.point(x, y) for raw in prop.values for x, y in _rect(raw, board)]


def _rect(raw: str, board: Board) -> list[tuple[int, int]]:
    if len(raw) == 2:
        corners = (raw, raw)
    elif len(raw) == 5 and raw[2] == ":":
        corners = (raw[:2], raw[3:])
    else:
        return []
    x1, y1 = coordinate(corners[0][0]), coordinate(corners[0][1])
    x2, y2 = coordinate(corners[1][0]), coordinate(corners[1][1])
    xs = range(max(min(x1, x2), 0), min(max(x1, x2), board.width - 1) + 1)
    ys = range(max(min(y1, y2), 0), min(max(y1, y2), board.height - 1) + 1)
    return [(x, y) for x in xs for y in ys]


def parse_vertex(text: str, board: Board) -> int | None:
    """A GTP vertex (``D4``: letters without I, rows from the bottom) or SGF point (``dd``)."""
    text = text.strip()
    match = re.fullmatch(r"([A-HJ-Za-hj-z])(\d{1,2})", text)
    if match:
        column = GTP_LETTERS.index(match.group(1).upper())
        row = board.height - int(match.group(2))
        if 0 <= column < board.width and 0 <= row < board.height:
            return board.point(column, row)
        return None
    if len(text) == 2 and text.isalpha():
        x, y = coordinate(text[0]), coordinate(text[1])
        if 0 <= x < board.width and 0 <= y < board.height:
            return board.point(x, y)
    return None


def vertex(point: int, board: Board) -> str:
    """The GTP name of a board index."""
    x, y = board.coordinates(point)
    return f"{GTP_LETTERS[x]}{board.height - y}"


def whole_groups(board: Board, points: set[int]) -> set[int]:
    """``points`` extended to the whole groups of the stones they name."""
    result: set[int] = set()
    for point in points:
        if board.cells[point] in (BLACK, WHITE) and point not in result:
            stones, _ = board.group(point)
            result.update(stones)
    return result


def agrees(declared: str | None, computed: str) -> bool | None:
    """Whether an RE form agrees with a computed result; ``None`` when RE states no score."""
    if declared is None or declared in ("Void", "?"):
        return None
    if declared == "0":
        return computed == "0"
    winner, _, how = declared.partition("+")
    if how in ("R", "T", "F"):
        return None
    if how == "":
        return computed.startswith(f"{winner}+")
    try:
        margin = float(how)
    except ValueError:
        return None
    return computed == result_form(margin if winner == "B" else -margin)
