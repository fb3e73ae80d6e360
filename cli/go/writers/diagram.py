"""The ``diagram`` target: a text board after each move of the main line, with the game
information and comments."""

from __future__ import annotations

from kifu.go.board import BLACK, EMPTY, WHITE, Board
from kifu.go.scoring import GTP_LETTERS
from kifu.go.tree import Node
from kifu.go.values import INFO, PROPERTIES
from kifu.go.writers.common import (
    GTP_MAX,
    INFO_ORDER,
    LETTER,
    SGF_LETTERS,
    Played,
    all_props,
    comment,
    decoded,
    dropped,
    gtp_vertex,
    sgf_point,
    stones,
)

_DIAGRAM_KEEPS = frozenset({"C", *(ident for ident, p in PROPERTIES.items() if p.kind == INFO)})
_STONE = {EMPTY: ".", BLACK: "X", WHITE: "O"}
#: labels of the game information in diagrams
_INFO_LABELS = {
    "GN": "Game",
    "EV": "Event",
    "RO": "Round",
    "DT": "Date",
    "PC": "Place",
    "PB": "Black",
    "BR": "Black rank",
    "BT": "Black team",
    "PW": "White",
    "WR": "White rank",
    "WT": "White team",
    "KM": "Komi",
    "HA": "Handicap",
    "RU": "Rules",
    "TM": "Time",
    "OT": "Overtime",
    "RE": "Result",
    "ON": "Opening",
    "GC": "Game comment",
    "AN": "Annotator",
    "CP": "Copyright",
    "SO": "Source",
    "US": "User",
}


def to_diagrams(game: Played, index: int) -> str:
    """The game information, then a diagram after each move of the main line with its comments."""
    info = game.info
    root = game.root
    out = [f"Game {index}: {info.width}×{info.height}"]
    for ident in INFO_ORDER:
        for prop in all_props(root, ident):
            if prop.values:
                out.append(f"{_INFO_LABELS[ident]}: {_one_line(decoded(ident, prop.values[0]))}")
    out.extend(_comment_lines(root))
    stars = _hoshi(info.width, info.height)
    if any(cell in (BLACK, WHITE) for cell in game.start.cells):
        start = stones(game.start)
        out.extend(["", f"Start: {len(start[BLACK])} black, {len(start[WHITE])} white stone(s) set up"])
        out.extend(_board(game.start, stars, None))
    for step in game.steps:
        board = step.board
        assert board is not None
        if step.is_move:
            name = _point_name(step.point, info.width, info.height)
            notes = []
            if step.captures:
                notes.append(f"captures {step.captures}")
            if step.suicide:
                notes.append(f"suicide of {step.suicide}")
            extra = f" ({', '.join(notes)})" if notes else ""
            out.extend(["", f"Move {step.number}: {LETTER[step.colour]} {name}{extra}"])
            out.extend(_board(board, stars, step.point))
        elif step.setup is not None:
            out.extend(["", f"Setup after move {step.number}"])
            out.extend(_board(board, stars, None))
        if step.first:
            out.extend(_comment_lines(step.node))
    return "\n".join(out) + "\n"


def _one_line(value: str) -> str:
    return " ".join(value.split("\n"))


def _comment_lines(node: Node) -> list[str]:
    said = comment(node)
    if said is None:
        return []
    return ["  " + line if line else "" for line in said.split("\n")]


def _point_name(point: tuple[int, int] | None, width: int, height: int) -> str:
    if point is None:
        return "pass"
    return gtp_vertex(point, height, width) or sgf_point(*point)


def _hoshi(width: int, height: int) -> set[tuple[int, int]]:
    """The star points drawn ``+``: 4-4 points (3-3 below 13 lines), sides from 15 lines, the centre."""

    def axis(n: int) -> tuple[list[int], int | None]:
        if n < 7:
            return [], None
        d = 3 if n >= 13 else 2
        middle = n // 2 if n % 2 else None
        return [d, n - 1 - d], middle

    xs, mx = axis(width)
    ys, my = axis(height)
    stars = {(x, y) for x in xs for y in ys}
    if mx is not None and my is not None:
        stars.add((mx, my))
        if width >= 15 and height >= 15:
            stars.update({(mx, y) for y in ys} | {(x, my) for x in xs})
    return stars


def _board(board: Board, stars: set[tuple[int, int]], last: tuple[int, int] | None) -> list[str]:
    """Rows of ``X``/``O``/``.``/``+`` between column letters, row numbers on both sides; the last
    move in parentheses."""
    width, height = board.width, board.height
    letters = GTP_LETTERS if width <= GTP_MAX else SGF_LETTERS
    pad = len(str(height))
    header = " " * pad + "".join(" " + letters[x] for x in range(width))
    rows = [header]
    for y in range(height):
        label = str(height - y)
        row = [label.rjust(pad)]
        for x in range(width):
            content = board.cells[board.point(x, y)]
            char = _STONE[content] if content != EMPTY or (x, y) not in stars else "+"
            if last == (x, y):
                row.append("(")
            elif last == (x - 1, y):
                row.append(")")
            else:
                row.append(" ")
            row.append(char)
        row.append(")" if last == (width - 1, y) else " ")
        row.append(label)
        rows.append("".join(row))
    rows.append(header)
    return rows


def dropped_by(game: Played) -> list[str]:
    """What diagrams cannot hold of ``game``."""
    return dropped(game, _DIAGRAM_KEEPS)
