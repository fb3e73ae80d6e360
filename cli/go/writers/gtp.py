"""The ``gtp`` target: the main line as GTP commands for an engine."""

from __future__ import annotations

from kifu.go.board import BLACK, WHITE
from kifu.go.values import format_number
from kifu.go.writers.common import GTP_MAX, LETTER, Played, dropped, gtp_vertex, stones

_GTP_KEEPS = frozenset({"KM", "HA"})


def to_gtp(game: Played) -> tuple[str, list[str], list[str]]:
    """The main line as GTP commands, what it drops, and why it cannot be written (if so)."""
    info = game.info
    if info.width != info.height:
        return "", [], [f"GTP boards are square: a {info.width}×{info.height} board cannot be written"]
    size = info.width
    if size > GTP_MAX:
        return (
            "",
            [],
            [f"GTP names boards up to {GTP_MAX}×{GTP_MAX}: a {size}×{size} board cannot be written"],
        )
    lines = [f"boardsize {size}"]
    if info.komi is not None:
        lines.append(f"komi {format_number(info.komi)}")
    lines.append("clear_board")
    start = stones(game.start)
    if start[WHITE] or info.handicap < 2 or len(start[BLACK]) < 2:
        lines.extend(_place(start, size))
    else:
        lines.append("set_free_handicap " + " ".join(_vertex(p, size) for p in start[BLACK]))
    for step in game.steps:
        if step.setup is not None:
            if lines[-1] != "clear_board":
                lines.append("clear_board")
            lines.extend(_place(stones(step.setup), size))
        if step.is_move:
            lines.append(f"play {LETTER[step.colour]} {_vertex(step.point, size)}")
    return "\n".join(lines) + "\n", dropped(game, _GTP_KEEPS), []


def _vertex(point: tuple[int, int] | None, size: int) -> str:
    return gtp_vertex(point, size, size) or "?"


def _place(placed: dict[int, list[tuple[int, int]]], size: int) -> list[str]:
    """``play`` commands that set up the stones (no capture when every group has a liberty)."""
    return [f"play {LETTER[colour]} {_vertex(p, size)}" for colour in (BLACK, WHITE) for p in placed[colour]]
