"""The ``diagram`` target: the game's tags, then a text board of the final position of the main
line, or (``every_move``) a board after every move of it, each with the comments of its move.

The visitor keeps the main line's moves, and the positions the walk reached with them
(:class:`Boards`, the positions visitor of :mod:`kifu.core.walk`); :meth:`DiagramWriter.text`
draws each board with ``kifu show``'s text renderer (:func:`kifu.chess.render.text`:
FEN letters, the last move's squares in ``[ ]``, a checked king in ``* *``, the side to move and
the FEN under the board). Variations, NAGs (and in the final diagram the comments) cannot be
drawn: they are named in :meth:`DiagramWriter.dropped`. A move that cannot be played ends the
main line, as in every target: the last diagram is the position before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifu.chess import render
from kifu.chess.position import Start, as_board
from kifu.chess.walk import Step, Unplayable
from kifu.chess.writers.base import Writer
from kifu.chess.writers.tree import export_tags, termination
from kifu.core.record import MoveNode, Record
from kifu.core.walk import Positions

import chess


@dataclass(frozen=True, slots=True)
class _Played:
    """A move of the main line: the move, its SAN, its number and side, its node (comments)."""

    move: chess.Move
    san: str
    number: int
    white: bool
    node: MoveNode

    @property
    def numbered(self) -> str:
        """``12. Nf3`` or ``12... Nf6``."""
        return f"{self.number}{'.' if self.white else '...'} {self.san}"


class Boards(Positions[Start, Step, Unplayable, chess.Board]):
    """The main line's positions, as python-chess boards (copies: the walk plays on in place)."""

    def start(self, start: Start) -> chess.Board:
        return as_board(start).copy(stack=False)

    def snapshot(self, step: Step) -> chess.Board:
        return step.board.copy(stack=False)

    def ply(self, step: Step) -> int:
        return step.ply


class DiagramWriter(Writer):
    """``diagram``: the final position of the main line, or one after every move (``every_move``)."""

    def __init__(self, record: Record, start: chess.Board, lang: str | None, every_move: bool) -> None:
        super().__init__(record, start, lang)
        self.writes("san")
        self.every_move = every_move
        self.played: list[_Played] = []
        self.boards = Boards()
        self.comments = self.nags = self.has_variations = False

    def begin(self, start: Start) -> None:
        self.boards.begin(start)

    def move(self, step: Step) -> None:
        if self.depth:
            self.has_variations = True
            return
        self.boards.move(step)
        node = step.node
        self.played.append(_Played(step.move, self.move_text(step), step.number, step.white, node))
        if node.comments_before or node.comments_after:
            self.comments = True
        if node.nags or (step.read is not None and step.read.annotation):
            self.nags = True

    def text(self) -> str:
        record = self.record
        out = [f"Game {record.index}"]
        tags = [(name, value) for name, value in export_tags(record, self.start) if name != "SetUp"]
        out.extend(f"{name}: {_one_line(value)}" for name, value in tags)
        if not any(name == "Result" for name, _ in tags):
            out.append(f"Result: {termination(record)}")
        boards = self.boards.result()
        if self.every_move:
            out.extend(_comment_lines(record.comments))
            if "FEN" in record.tags or not self.played:
                out.extend(["", "Start position", render.text(boards[0]).rstrip("\n")])
            for ply, played in enumerate(self.played, 1):
                out.append("")
                out.extend(_comment_lines(played.node.comments_before))
                out.append(f"Ply {ply}: {played.numbered}")
                drawn = render.text(boards[ply], last_move=played.move, before=boards[ply - 1])
                out.append(drawn.rstrip("\n"))
                out.extend(_comment_lines(played.node.comments_after))
        else:
            plies = len(self.played)
            last = self.played[-1].move if self.played else None
            drawn = render.text(boards[plies], last_move=last, before=boards[plies - 1] if plies else None)
            out.extend(["", self._final_heading(), drawn.rstrip("\n")])
        return "\n".join(out) + "\n"

    def _final_heading(self) -> str:
        plies = len(self.played)
        if not plies:
            return "Start position (the main line has no move)"
        if self._failures[0]:
            return f"Position after ply {plies}, where the main line stops (its next move cannot be played)"
        return f"Final position after ply {plies}"

    def dropped(self) -> list[str]:
        comments = self.comments or bool(" ".join(self.record.comments))
        return [
            what
            for what, present in (
                ("comments", comments and not self.every_move),
                ("NAGs", self.nags),
                ("variations", self.has_variations),
            )
            if present
        ]


def _one_line(value: str) -> str:
    return " ".join(value.split())


def _comment_lines(comments: list[str]) -> list[str]:
    """Comments under a diagram, indented two spaces, one paragraph each."""
    return [f"  {' '.join(comment.split())}" for comment in comments if comment.strip()]
