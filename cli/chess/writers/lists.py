"""The main-line lists: UCI moves on one line, or one FEN or EPD per position (the start first).

Variations are still walked (so that a move of theirs that cannot be played is named, as
``check`` does), but only the main line is written; whatever the list cannot hold is named
in :meth:`ListWriter.dropped`.
"""

from __future__ import annotations

from kifu.chess.fastpath import FenWriter
from kifu.chess.position import Start, as_board
from kifu.chess.walk import Step
from kifu.chess.writers.base import Writer
from kifu.chess.writers.tree import export_tags
from kifu.core.record import Record

import chess


class ListWriter(Writer):
    """``uci``, ``fen`` or ``epd`` of the main line."""

    def __init__(self, record: Record, start: chess.Board, lang: str | None, target: str) -> None:
        super().__init__(record, start, lang)
        self.target = target
        self.items: list[str] = []
        self.fens: FenWriter | None = None
        self.comments = self.nags = self.has_variations = False

    def begin(self, start: Start) -> None:
        self.comments = bool(" ".join(self.record.comments))
        if self.target != "uci":
            start = as_board(start)
            self.fens = FenWriter(start)
            self.items.append(start.fen() if self.target == "fen" else start.epd())

    def move(self, step: Step) -> None:
        if self.depth:
            self.has_variations = True
            return
        node = step.node
        if self.fens is None:
            self.items.append(step.move.uci())
        else:
            fen = self.fens.fen(step.board)
            self.items.append(fen if self.target == "fen" else fen.rsplit(" ", 2)[0])
        if node.comments_after or node.comments_before:
            self.comments = self.comments or bool(" ".join(node.comments_after)) or any(node.comments_before)
        if node.nags or (step.read is not None and step.read.annotation):
            self.nags = True

    def text(self) -> str:
        return (" " if self.target == "uci" else "\n").join(self.items) + "\n"

    def dropped(self) -> list[str]:
        lost = [
            what
            for what, present in (
                ("comments", self.comments),
                ("NAGs", self.nags),
                ("variations", self.has_variations),
            )
            if present
        ]
        tags = export_tags(self.record, self.start)
        if any(name not in ("FEN", "SetUp") for name, _ in tags) or (self.target == "uci" and tags):
            lost.append("tags")
        return lost
