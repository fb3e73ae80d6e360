"""Chess boards as terminal text and as SVG (python-chess's ``chess.svg``, made SVG 1.1).

Text uses FEN letters (upper case White, lower case Black), which read the same on light and
dark terminals, where figurines swap colours; every square is three characters wide so the
marks fit around a piece: ``[ ]`` the squares of the last move, ``*k*`` a king in check, and
the marks of a finding (:mod:`kifu.core.marking`), with its caption under the board.
"""

from __future__ import annotations

import re

import chess.svg
from kifu.core.game import Marks
from kifu.core.marking import text_cells, text_legend
from kifu.core.markup import escape
from kifu.core.svg import (
    LIGHT,
    Document,
    caption_height,
    caption_lines,
    draw_caption,
    draw_marks,
    number,
)

import chess

_FILES = "abcdefgh"


def _describe_move(
    board: chess.Board, last_move: chess.Move | None, before: chess.Board | None = None
) -> str | None:
    """``1... e5`` when the position ``before`` the last move is known (given, or the board's
    own move stack ends with it) and the move is legal there, else the UCI move."""
    if last_move is None:
        return None
    if before is None and board.move_stack and board.move_stack[-1] == last_move:
        before = board.copy(stack=1)
        before.pop()
    if before is not None and before.is_legal(last_move):
        dots = "." if before.turn == chess.WHITE else "..."
        return f"{before.fullmove_number}{dots} {before.san(last_move)}"
    return last_move.uci()


def _status(board: chess.Board) -> str:
    side = "White" if board.turn == chess.WHITE else "Black"
    if board.is_checkmate():
        return f"{side} is checkmated"
    if board.is_check():
        return f"{side} to move, in check"
    if board.is_stalemate():
        return f"{side} to move: stalemate"
    return f"{side} to move"


def text(
    board: chess.Board,
    *,
    last_move: chess.Move | None = None,
    flipped: bool = False,
    before: chess.Board | None = None,
    marks: Marks | None = None,
) -> str:
    """The board with coordinates on all four sides, marks and a legend (side to move, FEN);
    ``before``: the position before ``last_move``, to name it in SAN (else the board's move stack);
    ``marks``: a finding's, with its caption under the board."""
    files = range(7, -1, -1) if flipped else range(8)
    ranks = range(8) if flipped else range(7, -1, -1)
    marked = {last_move.from_square, last_move.to_square} if last_move else set()
    checked = board.king(board.turn) if board.is_check() else None
    brackets = {chess.parse_square(name): pair for name, pair in text_cells(marks).items()}
    header = ("    " + "".join(f" {_FILES[f]} " for f in files)).rstrip()
    lines = [header, "   ┌" + "─" * 24 + "┐"]
    for rank in ranks:
        cells = []
        for file in files:
            sq = chess.square(file, rank)
            piece = board.piece_at(sq)
            symbol = piece.symbol() if piece else "."
            if sq == checked:
                cells.append(f"*{symbol}*")
            elif sq in brackets:
                cells.append(f"{brackets[sq][0]}{symbol}{brackets[sq][1]}")
            elif sq in marked:
                cells.append(f"[{symbol}]")
            else:
                cells.append(f" {symbol} ")
        lines.append(f" {rank + 1} │{''.join(cells)}│ {rank + 1}")
    lines += ["   └" + "─" * 24 + "┘", header]
    if marks is not None:
        lines.append(f"   {marks.caption}")
    lines.append("")
    legend = [_status(board)]
    move = _describe_move(board, last_move, before)
    if move:
        legend.append(f"last move {move} on the squares in [ ]")
    if checked is not None:
        legend.append(f"*{board.piece_at(checked) or 'K'}* the king in check")
    lines.append("; ".join(legend))
    lines.extend(text_legend(marks, _describe_marks(board, marks)))
    lines.append(f"FEN {board.fen()}")
    return "\n".join(lines) + "\n"


def _describe_marks(board: chess.Board, marks: Marks | None) -> dict[str, str]:
    """The squares of a finding's moves for the legend (``e1-e3``), the assumed move in SAN."""
    if marks is None:
        return {}
    named = {}
    if marks.attempted is not None:
        origin, target = marks.attempted
        named["attempted"] = f"{origin}-{target}" if origin else target
    if marks.assumed is not None:
        move = chess.Move.from_uci("".join(marks.assumed))
        san = board.san(move) if board.is_legal(move) else ""
        named["assumed"] = f"{san} {'-'.join(marks.assumed)}".strip()
    return named


_COLOURS = {
    "square light": LIGHT.square_light,
    "square dark": LIGHT.square_dark,
    "square light lastmove": LIGHT.square_light_last,
    "square dark lastmove": LIGHT.square_dark_last,
    "margin": LIGHT.background,
    "coord": LIGHT.label,
}


#: chess.svg colours its pieces with ``style`` attributes (``fill:#000000; stroke:#000000;``)
_STYLE_ATTRIBUTE = re.compile(r'style="([^"]*)"')


def _presentation(match: re.Match[str]) -> str:
    """A ``style`` attribute as the presentation attributes it sets (``fill="#000000" …``): the
    HTML report's Content-Security-Policy allows no inline style attribute, and SVG 1.1 means the
    same by both."""
    pairs = (item.partition(":") for item in match.group(1).split(";") if item.strip())
    return " ".join(f'{name.strip()}="{value.strip()}"' for name, _, value in pairs)


def svg(
    board: chess.Board,
    *,
    size: int = 360,
    last_move: chess.Move | None = None,
    flipped: bool = False,
    before: chess.Board | None = None,
    marks: Marks | None = None,
) -> str:
    """The board as an SVG 1.1 document ``size`` pixels square: last move shaded, a checked king
    haloed; ``marks``: a finding's over the board, its caption under it (the board then keeps
    its width and the document grows: its height is ``size``)."""
    if size <= 0:
        raise ValueError(f"size must be positive, not {size}")
    checked = board.king(board.turn) if board.is_check() else None
    drawn = chess.svg.board(
        board,
        orientation=chess.BLACK if flipped else chess.WHITE,
        lastmove=last_move,
        check=checked,
        size=size,
        colors=_COLOURS,
    )
    # chess.svg writes no version and puts an HTML <pre> in <desc>, which SVG 1.1 does not allow.
    title = f"Chess position, {_status(board)}"
    move = _describe_move(board, last_move, before)
    description = f"FEN {board.fen()}" + (f"; last move {move}" if move else "")
    drawn = re.sub(r"<desc>.*?</desc>", "", drawn, count=1, flags=re.DOTALL)
    drawn = _STYLE_ATTRIBUTE.sub(_presentation, drawn)
    head, _, body = drawn.partition(">")
    head = head.replace("<svg ", '<svg version="1.1" ', 1)
    if marks is not None:
        title += f"; {marks.caption}"
        head, extra = _marked(head, marks, flipped, size)
        body = body.removesuffix("</svg>") + extra + "</svg>"
    return f"{head}><title>{escape(title)}</title><desc>{escape(description)}</desc>{body}\n"


#: chess.svg's geometry with coordinates: the margin and the side of a square, in user units
_MARGIN, _SQUARE, _BOARD = 15.0, 45.0, 390.0
_CAPTION = 16.0


def _marked(head: str, marks: Marks, flipped: bool, size: int) -> tuple[str, str]:
    """chess.svg's ``<svg`` head made taller for the caption, and the marks and caption to add."""

    def at(name: str) -> tuple[float, float]:
        square = chess.parse_square(name)
        file, rank = chess.square_file(square), chess.square_rank(square)
        column, row = (7 - file, rank) if flipped else (file, 7 - rank)
        return _MARGIN + (column + 0.5) * _SQUARE, _MARGIN + (row + 0.5) * _SQUARE

    lines = caption_lines(marks.caption, marks.notes, _BOARD, _CAPTION)
    height = _BOARD + caption_height(lines, _CAPTION)
    doc = Document(_BOARD, height, size)
    draw_marks(doc, marks, at, _SQUARE / 2)
    draw_caption(doc, lines, _BOARD, _CAPTION)
    width, pixels_high = doc.pixels
    head = re.sub(r'viewBox="[^"]*"', f'viewBox="0 0 390 {number(height)}"', head, count=1)
    head = re.sub(r'width="\d+"', f'width="{width}"', head, count=1)
    head = re.sub(r'height="\d+"', f'height="{pixels_high}"', head, count=1)
    return head, "\n" + doc.body() + "\n"
