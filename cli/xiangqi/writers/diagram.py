"""The ``diagram`` target: the record's tags, then a text board of the final position of the main
line, or (``every_move``) a board after every move of it, each with the comments of its move.

A layout of the played main line (:class:`~kifu.xiangqi.writers.tree.Writer` with
``main_only``): the moves are played again on the start position and every board is drawn by
``kifu show``'s text renderer (:func:`kifu.xiangqi.render.text`: WXF letters, ICCS coordinates
and each side's file numbers, the last move's points in ``[ ]``, a checked king in ``* *``, the
side to move and the FEN under the board). Each move is headed in Chinese and WXF notation.
"""

from __future__ import annotations

from kifu.xiangqi import render
from kifu.xiangqi.board import Board
from kifu.xiangqi.fen import START_FEN, parse_fen, write_fen
from kifu.xiangqi.walk import start_numbers
from kifu.xiangqi.writers.tree import Played, PlayedRecord


def diagrams(game: PlayedRecord, every_move: bool) -> str:
    """The tags, then the final position (or, ``every_move``, the position after every move)."""
    record = game.record
    out = [f"Game {record.index}"]
    out.extend(f"{name}: {_one_line(value)}" for name, value in record.tags.items())
    if "Result" not in record.tags:
        out.append(f"Result: {game.result or '*'}")
    board = parse_fen(game.start)
    clock = start_numbers(record)[0]
    set_up = game.start.split()[:2] != START_FEN.split()[:2]
    if every_move:
        out.extend(_comment_lines(record.comments))
        if set_up or not game.moves:
            out.extend(["", "Start position", render.text(board, fen=game.start).rstrip("\n")])
        for ply, step in enumerate(game.moves, 1):
            clock = 0 if board.push(step.move) else clock + 1
            dots = "." if step.red else "..."
            out.append("")
            out.extend(_comment_lines(step.node.comments_before))
            out.append(f"Ply {ply}: {step.round}{dots} {step.texts['chinese']} ({step.texts['wxf']})")
            out.append(_drawn(board, step, clock))
            out.extend(_comment_lines(step.node.comments_after))
        return "\n".join(out) + "\n"
    for step in game.moves:
        clock = 0 if board.push(step.move) else clock + 1
    plies = len(game.moves)
    if not plies:
        heading = "Start position (the main line has no move)"
    elif plies < len(record.moves):
        heading = f"Position after ply {plies}, where the main line stops (its next move cannot be played)"
    else:
        heading = f"Final position after ply {plies}"
    drawn = _drawn(board, game.moves[-1], clock) if game.moves else render.text(board, fen=game.start)
    out.extend(["", heading, drawn.rstrip("\n")])
    return "\n".join(out) + "\n"


def _drawn(board: Board, step: Played, clock: int) -> str:
    """The board after ``step``, with the record's move counters in its FEN."""
    fen = write_fen(board, clock, step.round + (not step.red))
    return render.text(board, last_move=step.move, fen=fen).rstrip("\n")


def dropped_by_diagram(game: PlayedRecord, every_move: bool) -> list[str]:
    """What the diagrams cannot hold of ``game``: NAGs, variations, and (final position) comments."""
    record = game.record
    nodes = [step.node for step in game.moves]
    lost = []
    if not every_move and (
        any(c.strip() for c in record.comments)
        or any(node.comments_before or node.comments_after for node in nodes)
    ):
        lost.append("comments")
    if any(node.nags for node in nodes):
        lost.append("NAGs")
    if any(any(node.variations) for node in nodes):
        lost.append("variations")
    return lost


def _one_line(value: str) -> str:
    return " ".join(value.split())


def _comment_lines(comments: list[str]) -> list[str]:
    """Comments under a diagram, indented two spaces, one paragraph each."""
    return [f"  {' '.join(comment.split())}" for comment in comments if comment.strip()]
