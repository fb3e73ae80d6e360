"""``kifu show`` and the HTML report for xiangqi: positions found by a visitor of the walk, drawn."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from kifu.core.findings import Finding
from kifu.core.game import Options, Position, RawRecord
from kifu.xiangqi import render
from kifu.xiangqi.board import FILES, make_move, square
from kifu.xiangqi.checker import Kept
from kifu.xiangqi.fen import parse_fen
from kifu.xiangqi.marks import mark as mark  # (the show module is a Drawing: it marks findings too)
from kifu.xiangqi.walk import walk, walk_options

if TYPE_CHECKING:
    from kifu.xiangqi.game import Parsed


def positions(
    record: RawRecord[Parsed], options: Options, plies: Collection[int | None]
) -> dict[int | None, Position]:
    """The main line's positions after ``plies`` (``None``: the final position)."""
    walked = walk_options(record.data.record, options.settings)
    if isinstance(walked, Finding):
        return {}
    return walk(record.data.record, walked, Kept()).positions(plies)


def _move(name: str) -> int:
    """The int move of a UCCI name (``h2e2``)."""
    return make_move(square(FILES.index(name[0]), int(name[1])), square(FILES.index(name[2]), int(name[3])))


def draw(position: Position, *, svg: bool, size: int, territory: bool) -> str:
    """The position as text or SVG, its last move and a finding's marks drawn (``territory`` means
    nothing in xiangqi)."""
    board = parse_fen(position.position)
    last = _move(position.move) if position.move else None
    if svg:
        return render.svg(board, size=size, last_move=last, fen=position.position, marks=position.marks)
    return render.text(board, last_move=last, fen=position.position, marks=position.marks)
