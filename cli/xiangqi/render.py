"""Xiangqi boards as terminal text and as SVG, drawn from :class:`kifu.xiangqi.board.Board`.

Red sits at the bottom unless ``flipped``. File numbers follow the notation: each side counts
from its own right, Red 一…九 (text: 1…9 under the board), Black 1…9 (above it). The last move
is the int move of the board (``from << 7 | to``). A finding's marks (:mod:`kifu.core.marking`)
are drawn over the board, its caption under it.

The SVG's characters (pieces, numerals, river) are outlines (:mod:`kifu.xiangqi.glyphs`, from
Noto Serif CJK), defined once per document and drawn with ``<use>``: a viewer needs no CJK font
(style ``glyphs``, the default). Style ``text`` writes them as text in CJK fonts instead (smaller,
selectable, boxes where no such font is installed); style ``letters`` draws the pieces with
their WXF letters (Latin, upper case Red) and both sides' file numbers in digits.
"""

from __future__ import annotations

from typing import Literal

from kifu.core.game import Marks
from kifu.core.marking import text_cells, text_legend
from kifu.core.svg import (
    CJK_SERIF,
    LIGHT,
    SANS,
    Attribute,
    Document,
    caption_height,
    caption_lines,
    draw_caption,
    draw_marks,
)
from kifu.xiangqi.board import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    FILES,
    HORSE,
    KING,
    PAWN,
    RED,
    Board,
    move_from,
    move_name,
    move_to,
    square,
)
from kifu.xiangqi.fen import write_fen
from kifu.xiangqi.glyphs import EM, OUTLINES

#: The characters on the pieces: traditional forms, distinct for the two sides (帥/將, 仕/士,
#: 相/象, 傌/馬, 俥/車, 炮/砲, 兵/卒), as on most sets.
CHARACTERS = {
    KING: "帥",
    ADVISOR: "仕",
    ELEPHANT: "相",
    HORSE: "傌",
    CHARIOT: "俥",
    CANNON: "炮",
    PAWN: "兵",
    -KING: "將",
    -ADVISOR: "士",
    -ELEPHANT: "象",
    -HORSE: "馬",
    -CHARIOT: "車",
    -CANNON: "砲",
    -PAWN: "卒",
}
#: WXF letters of the text board (upper case Red).
LETTERS = {KING: "K", ADVISOR: "A", ELEPHANT: "E", HORSE: "H", CHARIOT: "R", CANNON: "C", PAWN: "P"}
_KINDS = {KING: "king", ADVISOR: "advisor", ELEPHANT: "elephant", HORSE: "horse", CHARIOT: "chariot"}
_KINDS |= {CANNON: "cannon", PAWN: "soldier"}
RED_NUMERALS = "一二三四五六七八九"
#: the river's two inscriptions
RIVER = ("楚河", "漢界")
#: how the SVG draws its characters (module doc)
Style = Literal["glyphs", "text", "letters"]
STYLES: tuple[Style, ...] = ("glyphs", "text", "letters")


def _side_name(side: int) -> str:
    return "Red" if side == RED else "Black"


def _status(board: Board) -> str:
    side = _side_name(board.side)
    if board.kings[board.side] < 0 or board.kings[-board.side] < 0:
        return f"{side} to move"
    check = board.in_check()
    if not board.has_legal_move():  # both lose in xiangqi
        return f"{side} is checkmated" if check else f"{side} to move: stalemate, a loss in xiangqi"
    return f"{side} to move, in check" if check else f"{side} to move"


def _checked(board: Board) -> int | None:
    """The square of the side to move's king when it is in check."""
    king = board.kings[board.side]
    return king if king >= 0 and board.in_check() else None


def _red_file(file: int) -> int:
    """Red's file number (1 = Red's right, ICCS ``i``) of an ICCS file 0-8."""
    return 9 - file


# --- text ---------------------------------------------------------------------------------------------------


def text(
    board: Board,
    *,
    last_move: int | None = None,
    flipped: bool = False,
    fen: str | None = None,
    marks: Marks | None = None,
) -> str:
    """The board in WXF letters with ICCS coordinates, each side's file numbers, and a legend.

    ``[ ]`` marks the two points of the last move, ``*K*`` a king in check (``*k*`` Black's).
    ``fen`` is the FEN the legend gives (the board's, with the record's move counters); default:
    written from the board, whose FEN counters it does not know (``0 1``). ``marks``: a
    finding's, with its caption under the board.
    """
    files = range(8, -1, -1) if flipped else range(9)
    ranks = range(10) if flipped else range(9, -1, -1)
    marked = {move_from(last_move), move_to(last_move)} if last_move is not None else set()
    checked = _checked(board)
    brackets = {_square_of(name): pair for name, pair in text_cells(marks).items()}

    def numbers(side: int) -> str:
        labels = "".join(f" {_red_file(f) if side == RED else f + 1} " for f in files)
        return f"     {labels}  {_side_name(side)}'s files"

    top, bottom = (RED, -RED) if flipped else (-RED, RED)
    rule = "─" * 27
    lines = [numbers(top), f"    ┌{rule}┐"]
    for rank in ranks:
        cells = []
        for file in files:
            sq = square(file, rank)
            piece = board.board[sq]
            symbol = (LETTERS[piece] if piece > 0 else LETTERS[-piece].lower()) if piece else "."
            if sq == checked:
                cells.append(f"*{symbol}*")
            elif sq in brackets:
                cells.append(f"{brackets[sq][0]}{symbol}{brackets[sq][1]}")
            elif sq in marked:
                cells.append(f"[{symbol}]")
            else:
                cells.append(f" {symbol} ")
        lines.append(f"  {rank} │{''.join(cells)}│ {rank}")
        if (not flipped and rank == 5) or (flipped and rank == 4):
            lines.append(f"    │{'river':~^27}│")
    letters = ("     " + "".join(f" {FILES[f]} " for f in files)).rstrip()
    lines += [f"    └{rule}┘", letters, numbers(bottom)]
    if marks is not None:
        lines.append(f"     {marks.caption}")
    lines.append("")
    legend = [_status(board)]
    if last_move is not None:
        legend.append(f"last move {move_name(last_move)} on the points in [ ]")
    if checked is not None:
        king = "K" if board.side == RED else "k"
        legend.append(f"*{king}* the king in check")
    lines.append("; ".join(legend))
    lines.extend(text_legend(marks, _describe_marks(marks)))
    lines.append("K king, A advisor, E elephant, H horse, R chariot, C cannon, P soldier; upper case Red")
    lines.append(f"FEN {fen or write_fen(board)}")
    return "\n".join(lines) + "\n"


def _square_of(name: str) -> int:
    """The square of an ICCS point (``b0``)."""
    return square(FILES.index(name[0]), int(name[1]))


def _describe_marks(marks: Marks | None) -> dict[str, str]:
    """The points of a finding's moves for the legend (``b0d1``)."""
    if marks is None:
        return {}
    named = {}
    if marks.attempted is not None:
        named["attempted"] = "".join(p for p in marks.attempted if p)
    if marks.assumed is not None:
        named["assumed"] = "".join(marks.assumed)
    return named


# --- SVG ----------------------------------------------------------------------------------------------------

_STEP = 50.0  # between two lines
_PAD_X = 38.0  # room for a piece on the outer files
_PAD_Y = 66.0  # room for a piece on the outer ranks and the file numbers
_RADIUS = 22.5
_CAPTION = 20.0


def _point(file: int, rank: int, flipped: bool) -> tuple[float, float]:
    if flipped:
        return _PAD_X + (8 - file) * _STEP, _PAD_Y + rank * _STEP
    return _PAD_X + file * _STEP, _PAD_Y + (9 - rank) * _STEP


def glyph_id(char: str) -> str:
    """The id of ``char``'s outline in a document (the same in every one): ``kifu-xq-5e25``."""
    return f"kifu-xq-{ord(char):x}"


def _characters(
    doc: Document, x: float, y: float, chars: str, *, size: float, fill: str, style: Style
) -> None:
    """``chars`` centred on (x, y), ``size`` the em: outlines (defined once in the document) or,
    in style ``text``, a text element in CJK serif fonts. Several characters stand ``size``
    apart, with a gap of a third of it."""
    if style == "text":
        doc.text(x, y, " ".join(chars), size=size, fill=fill, family=CJK_SERIF)
        return
    step = size * 4 / 3
    first = x - step * (len(chars) - 1) / 2
    for i, char in enumerate(chars):
        key = glyph_id(char)
        box = f"{-EM // 2} {-EM // 2} {EM} {EM}"
        doc.define(key, f'<symbol id="{key}" viewBox="{box}"><path d="{OUTLINES[char]}"/></symbol>')
        doc.use(key, first + i * step - size / 2, y - size / 2, size, size, fill=fill)


def _grid(doc: Document, flipped: bool, style: Style) -> None:
    """Lines, river, palaces and the soldier and cannon marks (independent of orientation except
    for the point mapping)."""
    line: dict[str, Attribute] = {"stroke": LIGHT.line, "stroke_width": 1.4, "stroke_linecap": "square"}
    left, top = _PAD_X, _PAD_Y
    right, bottom = _PAD_X + 8 * _STEP, _PAD_Y + 9 * _STEP
    doc.open("g", class_="grid")
    doc.rect(
        left - 7,
        top - 7,
        right - left + 14,
        bottom - top + 14,
        fill="none",
        stroke=LIGHT.line,
        stroke_width=3,
    )
    doc.rect(left, top, right - left, bottom - top, fill="none", stroke=LIGHT.line, stroke_width=1.6)
    for rank in range(1, 9):
        y = top + rank * _STEP
        doc.line(left, y, right, y, **line)
    river_top, river_bottom = top + 4 * _STEP, top + 5 * _STEP
    for column in range(1, 8):
        x = left + column * _STEP
        doc.line(x, top, x, river_top, **line)
        doc.line(x, river_bottom, x, bottom, **line)
    for rank in (0, 7):  # the palaces' diagonals, from ranks 0-2 and 7-9 of files d-f
        x1, y1 = _point(3, rank, flipped)
        x2, y2 = _point(5, rank + 2, flipped)
        doc.line(x1, y1, x2, y2, **line)
        doc.line(x1, y2, x2, y1, **line)
    marks = [(1, 2), (7, 2), (1, 7), (7, 7)] + [(f, r) for f in range(0, 9, 2) for r in (3, 6)]
    gap, arm = 4.0, 9.0
    for file, rank in sorted(marks):
        x, y = _point(file, rank, flipped)
        for dx in (-1, 1):
            if not left <= x + dx * _STEP <= right:
                continue
            for dy in (-1, 1):
                corner = (x + dx * gap, y + dy * gap)
                doc.polyline(
                    [(corner[0], corner[1] + dy * arm), corner, (corner[0] + dx * arm, corner[1])],
                    stroke=LIGHT.line,
                    stroke_width=1.2,
                )
    doc.close("g")
    middle = (river_top + river_bottom) / 2
    doc.open("g", class_="river")
    for x, words in zip((left + 2 * _STEP, left + 6 * _STEP), RIVER, strict=True):
        _characters(doc, x, middle, words, size=28, fill=LIGHT.line, style=style)
    doc.close("g")


def _numbers(doc: Document, flipped: bool, style: Style) -> None:
    """Each side's file numbers along its own edge: Black 1…9 above Red's board, Red 一…九 below
    (style ``letters``: 1…9 too)."""
    above, below = _PAD_Y / 2 - 10, _PAD_Y * 1.5 + 9 * _STEP + 10
    red_y, black_y = (above, below) if flipped else (below, above)
    doc.open("g", class_="files")
    for file in range(9):
        x, _ = _point(file, 0, flipped)
        red = _red_file(file)
        if style == "letters":
            doc.text(x, red_y, str(red), size=19, fill=LIGHT.red, family=SANS)
        else:
            _characters(doc, x, red_y, RED_NUMERALS[red - 1], size=19, fill=LIGHT.red, style=style)
        if style == "glyphs":
            _characters(doc, x, black_y, str(file + 1), size=19, fill=LIGHT.black, style=style)
        else:
            doc.text(x, black_y, str(file + 1), size=19, fill=LIGHT.black, family=SANS)
    doc.close("g")


def _piece(doc: Document, sq: int, piece: int, flipped: bool, style: Style) -> None:
    x, y = _point(sq % 9, sq // 9, flipped)
    colour = LIGHT.red if piece > 0 else LIGHT.black
    side = "red" if piece > 0 else "black"
    doc.open("g", class_=f"piece {side} {_KINDS[abs(piece)]}")
    doc.circle(x, y, _RADIUS, fill=LIGHT.piece_face, stroke=colour, stroke_width=2)
    doc.circle(x, y, _RADIUS - 3.5, fill="none", stroke=colour, stroke_width=1)
    if style == "letters":
        doc.text(x, y, LETTERS[abs(piece)], size=24, fill=colour, family=SANS, weight="bold")
    elif style == "text":
        doc.text(x, y, CHARACTERS[piece], size=25, fill=colour, family=CJK_SERIF, weight="bold")
    else:
        _characters(doc, x, y, CHARACTERS[piece], size=28, fill=colour, style=style)
    doc.close("g")


def svg(
    board: Board,
    *,
    size: int = 360,
    last_move: int | None = None,
    flipped: bool = False,
    fen: str | None = None,
    marks: Marks | None = None,
    style: Style = "glyphs",
) -> str:
    """The board as an SVG 1.1 document whose height is ``size`` pixels.

    Pieces are discs with their Chinese character (``<g class="piece red chariot">``), the last
    move an arrow from its origin to the piece's rim (under the pieces, so that a cannon's screen
    stays legible), and a king in check has a ring round it. ``fen``: as for :func:`text`;
    ``marks``: a finding's, over the pieces, and its caption in a band under the board;
    ``style``: how the characters are drawn (module doc).
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {', '.join(STYLES)}, not {style!r}")
    width, height = 2 * _PAD_X + 8 * _STEP, 2 * _PAD_Y + 9 * _STEP
    description = f"FEN {fen or write_fen(board)}"
    if last_move:
        description += f"; last move {move_name(last_move)}"
    title = f"Xiangqi position, {_status(board)}"
    lines = caption_lines(marks.caption, marks.notes, width, _CAPTION) if marks is not None else []
    if marks is not None:
        title += f"; {marks.caption}"
    doc = Document(
        width, height + caption_height(lines, _CAPTION), size, title=title, description=description
    )
    doc.rect(0, 0, width, height, fill=LIGHT.wood)
    _grid(doc, flipped, style)
    _numbers(doc, flipped, style)
    if last_move is not None:  # under the pieces: a screen or a piece passed by stays legible
        frm, to = move_from(last_move), move_to(last_move)
        x1, y1 = _point(frm % 9, frm // 9, flipped)
        x2, y2 = _point(to % 9, to // 9, flipped)
        doc.circle(
            x1, y1, _RADIUS - 4, class_="last-from", fill="none", stroke=LIGHT.last_move, stroke_width=2.5
        )
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        end = (length - _RADIUS - 1) / length  # the tip touches the moved piece's rim
        doc.arrow(
            x1,
            y1,
            x1 + (x2 - x1) * end,
            y1 + (y2 - y1) * end,
            colour=LIGHT.last_move,
            width=5,
            class_="last-move",
        )
    checked = _checked(board)
    if checked is not None:
        x, y = _point(checked % 9, checked // 9, flipped)
        doc.circle(x, y, _RADIUS + 3.5, class_="check", fill="none", stroke=LIGHT.check, stroke_width=5)
    doc.open("g", class_="pieces")
    for sq, piece in board.pieces():
        _piece(doc, sq, piece, flipped, style)
    doc.close("g")
    if marks is not None:

        def at(name: str) -> tuple[float, float]:
            return _point(FILES.index(name[0]), int(name[1]), flipped)

        draw_marks(doc, marks, at, _RADIUS)
        draw_caption(doc, lines, height, _CAPTION)
    return doc.render()
