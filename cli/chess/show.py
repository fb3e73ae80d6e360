"""``kifu show`` and the HTML report for chess: positions found by a visitor of the walk, drawn."""

from __future__ import annotations

from collections.abc import Collection

from kifu.chess import render
from kifu.chess.locales import letter_map
from kifu.chess.reader import read_game, start_board
from kifu.chess.splitter import GameText
from kifu.chess.walk import Step, Visitor, detect_language, walk
from kifu.core.game import Options, Position, PositionLog, RawRecord

import chess


class _Positions(Visitor):
    """Keeps the main line's positions after the wanted plies (``None``: the last one)."""

    variations = False

    def __init__(self, plies: Collection[int | None]) -> None:
        self.log = PositionLog(plies)
        self.reached = 0

    def begin(self, start: chess.Board) -> None:
        self.log.start(start.fen())

    def move(self, step: Step) -> None:
        self.reached = step.ply
        if self.log.wants(step.ply):
            move = step.move.uci() if step.move else None
            self.log.keep(step.ply, step.board.fen(), move, step.node.text)


def positions(
    record: RawRecord[GameText], options: Options, plies: Collection[int | None]
) -> dict[int | None, Position]:
    """The main line's positions after ``plies`` (``None``: the final position)."""
    read = read_game(record.data, record.index)
    start = start_board(read.record, read.findings)
    if start is None:
        return {}
    lang = options.settings.get("lang")
    seen = _Positions(plies)
    walk(read.record, start, letter_map(lang) if isinstance(lang, str) else None, seen)
    if lang is None and seen.reached < len(read.record.moves):
        langs = detect_language(read.record, start, seen.reached)
        if langs is not None:
            seen = _Positions(plies)
            walk(read.record, start, letter_map(langs[0]), seen)
    return seen.log.found


def draw(position: Position, *, svg: bool, size: int, territory: bool) -> str:
    """The position as text or SVG, its last move marked (``territory`` means nothing in chess)."""
    last = chess.Move.from_uci(position.move) if position.move else None
    if position.before is not None and last is not None:
        board = chess.Board(position.before)
        board.push(last)  # the board knows its last move: the legend writes it in SAN
    else:
        board = chess.Board(position.position)
    return render.svg(board, size=size, last_move=last) if svg else render.text(board, last_move=last)
