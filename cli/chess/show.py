"""``kifu show`` and the HTML report for chess: positions found by a visitor of the walk, drawn."""

from __future__ import annotations

from collections.abc import Collection

from kifu.chess import render
from kifu.chess.checker import Kept
from kifu.chess.marks import mark as mark  # (the show module is a Drawing: it marks findings too)
from kifu.chess.reader import read_game
from kifu.chess.splitter import GameText
from kifu.chess.start import start_board
from kifu.chess.walk import WalkOptions, walk
from kifu.core.game import Options, Position, RawRecord

import chess


def positions(
    record: RawRecord[GameText], options: Options, plies: Collection[int | None]
) -> dict[int | None, Position]:
    """The main line's positions after ``plies`` (``None``: the final position)."""
    read = read_game(record.data, record.index)
    start = start_board(read.record, read.findings)
    if start is None:
        return {}
    lang = options.settings.get("lang")
    walked = WalkOptions(start, lang if isinstance(lang, str) else None)
    return walk(read.record, walked, Kept()).positions(plies)


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
