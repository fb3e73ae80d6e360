"""The ``diagram`` target: the record's tags, then a text board of the final position of the main
line, or (``every_move``) a board after every move of it, each with the comments of its move.

A layout of the played main line (:class:`~kifu.xiangqi.writers.tree.Writer` with
``main_only``), with the boards the same walk reached (:class:`Drawn`, the positions visitor of
:mod:`kifu.core.walk`): every board is drawn by
``kifu show``'s text renderer (:func:`kifu.xiangqi.render.text`: WXF letters, ICCS coordinates
and each side's file numbers, the last move's points in ``[ ]``, a checked king in ``* *``, the
side to move and the FEN under the board). Each move is headed in Chinese and WXF notation.
"""

from __future__ import annotations

from kifu.core.walk import Positions
from kifu.xiangqi import render
from kifu.xiangqi.board import Board
from kifu.xiangqi.fen import START_FEN, write_fen
from kifu.xiangqi.walk import Problem, Step, WalkOptions
from kifu.xiangqi.writers.tree import Played, PlayedRecord

#: a board as drawn: the position and its FEN with the record's move counters
Snapshot = tuple[Board, str]


class Drawn(Positions[Board, Step, Problem, Snapshot]):
    """The main line's boards after every ply, each with its FEN (copies: the walk plays on)."""

    def __init__(self, options: WalkOptions) -> None:
        super().__init__()
        self.counters = options.clock, options.fullmove

    def start(self, start: Board) -> Snapshot:
        return start.copy(), write_fen(start, *self.counters)

    def snapshot(self, step: Step) -> Snapshot:
        return step.board.copy(), step.fen()

    def ply(self, step: Step) -> int:
        return step.ply


def diagrams(game: PlayedRecord, every_move: bool, boards: dict[int, Snapshot]) -> str:
    """The tags, then the final position (or, ``every_move``, the position after every move);
    ``boards``: the position after each ply of the main line (0: the start), from the walk."""
    record = game.record
    out = [f"Game {record.index}"]
    out.extend(f"{name}: {_one_line(value)}" for name, value in record.tags.items())
    if "Result" not in record.tags:
        out.append(f"Result: {game.result or '*'}")
    set_up = game.start.split()[:2] != START_FEN.split()[:2]
    if every_move:
        out.extend(_comment_lines(record.comments))
        if set_up or not game.moves:
            out.extend(["", "Start position", render.text(boards[0][0], fen=game.start).rstrip("\n")])
        for ply, step in enumerate(game.moves, 1):
            dots = "." if step.red else "..."
            out.append("")
            out.extend(_comment_lines(step.node.comments_before))
            out.append(f"Ply {ply}: {step.round}{dots} {step.texts['chinese']} ({step.texts['wxf']})")
            out.append(_drawn(boards[ply], step))
            out.extend(_comment_lines(step.node.comments_after))
        return "\n".join(out) + "\n"
    plies = len(game.moves)
    if not plies:
        heading = "Start position (the main line has no move)"
    elif plies < len(record.moves):
        heading = f"Position after ply {plies}, where the main line stops (its next move cannot be played)"
    else:
        heading = f"Final position after ply {plies}"
    drawn = _drawn(boards[plies], game.moves[-1]) if game.moves else render.text(boards[0][0], fen=game.start)
    out.extend(["", heading, drawn.rstrip("\n")])
    return "\n".join(out) + "\n"


def _drawn(snapshot: Snapshot, step: Played) -> str:
    """The board after ``step``, with the record's move counters in its FEN."""
    board, fen = snapshot
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
