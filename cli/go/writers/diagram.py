"""The ``diagram`` target: the game information, then the final position of the main line with
its count, as ``kifu show --territory`` draws it (territory, dead stones from the last node's
``TB``/``TW``, shared points, the score line), or (``every_move``) a text board after each move
of the main line with its comments. Every board is drawn by ``kifu show``'s text renderer
(:func:`kifu.go.render.text`)."""

from __future__ import annotations

from kifu.core.game import Options, Position
from kifu.go import render
from kifu.go.board import BLACK, WHITE, Board, rows
from kifu.go.kept import counted
from kifu.go.show import draw
from kifu.go.tree import Node
from kifu.go.values import INFO, PROPERTIES
from kifu.go.writers.common import (
    INFO_ORDER,
    LETTER,
    Ending,
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
#: the territory marks of the last node: the final diagram counts with their dead stones
_COUNT_MARKS = frozenset({"TB", "TW"})
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


def to_diagrams(game: Played, index: int, every_move: bool, options: Options) -> str:
    """The game information, then the final position with its count (``kifu show --territory``),
    or (``every_move``) a diagram after each move of the main line with its comments."""
    info = game.info
    root = game.root
    out = [f"Game {index}: {info.width}×{info.height}"]
    for ident in INFO_ORDER:
        for prop in all_props(root, ident):
            if prop.values:
                out.append(f"{_INFO_LABELS[ident]}: {_one_line(decoded(ident, prop.values[0]))}")
    out.extend(_comment_lines(root))
    if not every_move:
        out.extend(["", *_final(game, options)])
        return "\n".join(out) + "\n"
    if any(cell in (BLACK, WHITE) for cell in game.start.cells):
        start = stones(game.start)
        out.extend(["", f"Start: {len(start[BLACK])} black, {len(start[WHITE])} white stone(s) set up"])
        out.append(_drawn(game.start, None))
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
            out.append(_drawn(board, step.point))
        elif step.setup is not None:
            out.extend(["", f"Setup after move {step.number}"])
            out.append(_drawn(board, None))
        if step.first:
            out.extend(_comment_lines(step.node))
    return "\n".join(out) + "\n"


def _final(game: Played, options: Options) -> list[str]:
    """The heading and the drawing of the main line's last position with its count."""
    info = game.info
    ending = game.ending or Ending(game.start, game.root)
    moves = [step for step in game.steps if step.is_move]
    last = moves[-1] if moves else None
    if last is None:
        heading = "Start position (the main line has no move), with its count"
    else:
        played = f"{LETTER[last.colour]} {_point_name(last.point, info.width, info.height)}"
        if ending.node is None:
            heading = (
                f"Position after move {last.number} ({played}), where the main line stops "
                "(its next move cannot be played), with its count"
            )
        else:
            heading = f"Final position after move {last.number} ({played}), with its count"
    point = last.point if last is not None else None
    board = ending.board
    position = Position(rows(board), len(moves), sgf_point(*point) if point is not None else None)
    position = counted(position, board, ending.node, ending.first_passer, info, options)
    lines = [heading, draw(position, svg=False, size=0, territory=True).rstrip("\n")]
    if ending.passes < 2:
        lines.append("The main line does not end with two passes: this counts the position as it stands.")
    return lines


def _drawn(board: Board, last: tuple[int, int] | None) -> str:
    """``board`` drawn by ``kifu show``'s text renderer, the last move in parentheses."""
    return render.text(board, last_move=board.point(*last) if last is not None else None).rstrip("\n")


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


def dropped_by(game: Played, every_move: bool) -> list[str]:
    """What the diagrams cannot hold of ``game``. The final position holds no comment of a move,
    and the ``TB``/``TW`` of its last node only (they give the count its dead stones)."""
    if every_move:
        return dropped(game, _DIAGRAM_KEEPS)
    last = game.ending.node if game.ending is not None else None
    nodes = [game.root, *(step.node for step in game.steps if step.first)]
    counted = all(node is last for node in nodes if "TB" in node.props or "TW" in node.props)
    lost = dropped(game, _DIAGRAM_KEEPS | _COUNT_MARKS if counted else _DIAGRAM_KEEPS)
    if any(step.first and "C" in step.node.props for step in game.steps):
        lost = ["comments", *lost]
    return lost
