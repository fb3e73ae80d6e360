"""``kifu show`` and the HTML report for chess: positions found by a visitor of the walk, drawn."""

from __future__ import annotations

from collections.abc import Collection

from kifu.chess import render
from kifu.chess.marks import mark as mark  # (the show module is a Drawing: it marks findings too)
from kifu.chess.position import Start
from kifu.chess.reader import read_game
from kifu.chess.splitter import GameText
from kifu.chess.start import start_board
from kifu.chess.walk import Step, Visitor, WalkOptions, walk
from kifu.core.game import Options, Position, PositionLog, RawRecord

import chess


class _Positions(Visitor[dict[int | None, Position]]):
    """Keeps the main line's positions after the wanted plies (``None``: the last one)."""

    variations = False

    def __init__(self, plies: Collection[int | None]) -> None:
        self.log = PositionLog(plies)

    def begin(self, start: Start) -> None:
        self.log.start(start.fen())

    def move(self, step: Step) -> None:
        if self.log.wants(step.ply):
            move = step.move.uci() if step.move else None
            self.log.keep(step.ply, step.board.fen(), move, step.node.text)

    def result(self) -> dict[int | None, Position]:
        return self.log.found


def positions(
    record: RawRecord[GameText], options: Options, plies: Collection[int | None]
) -> dict[int | None, Position]:
    """The main line's positions after ``plies`` (``None``: the final position)."""
    read = read_game(record.data, record.index)
    start = start_board(read.record, read.findings)
    if start is None:
        return {}
    lang = options.settings.get("lang")
    return walk(read.record, WalkOptions(start, lang if isinstance(lang, str) else None), _Positions(plies))


def draw(position: Position, *, svg: bool, size: int, territory: bool) -> str:
    """The position as text or SVG, its last move and a finding's marks drawn (``territory`` means
    nothing in chess)."""
    last = chess.Move.from_uci(position.move) if position.move else None
    board = chess.Board(position.position)
    # the position before the last move lets the legend name it in SAN
    before = chess.Board(position.before) if position.before is not None and last is not None else None
    if svg:
        return render.svg(board, size=size, last_move=last, before=before, marks=position.marks)
    return render.text(board, last_move=last, before=before, marks=position.marks)
