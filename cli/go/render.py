"""Go boards as terminal text and as SVG, drawn from :class:`kifu.go.board.Board` (1 to 52 lines,
rectangular too).

Points are the board's indexes (``board.point(column, row)``). The final count view takes plain
sets of points: each colour's territory and the dead stones, whatever computed them.

Coordinates: columns ``A``–``T`` skipping ``I`` (GTP) up to 25 columns, the SGF letters
``a``–``z``, ``A``–``Z`` on wider boards (GTP cannot name them); rows numbered from the bottom.

A finding's marks (an illegal point crossed with its reason, the stones it would capture, the
point kifu assumed in its stead ringed in dashes) are drawn over the board and its caption under
it; the count's score line is a caption too.

Star points (:func:`star_points`): none below 7 lines; the 3-3 points on 7 to 12 lines, the 4-4
points from 13 lines; the centre when both sides are odd; the side midpoints too when both
sides are odd and at least 15 (so 9×9 and 13×13 have 5, 19×19 has 9).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from kifu.core.game import Marks
from kifu.core.svg import (
    LIGHT,
    SANS,
    Attribute,
    Document,
    caption_height,
    caption_lines,
    draw_caption,
    draw_marks,
)
from kifu.go.board import BLACK, EMPTY, SGF_LETTERS, WHITE, Board

GTP_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def column_letters(width: int) -> str:
    """The column labels: GTP letters up to 25 columns, SGF letters beyond."""
    return GTP_LETTERS[:width] if width <= len(GTP_LETTERS) else SGF_LETTERS[:width]


def star_points(width: int, height: int) -> set[tuple[int, int]]:
    """The (column, row) of the star points, 0-based from the top left (rule in the module doc)."""

    def axis(n: int) -> list[int]:
        if n < 7:
            return []
        d = 3 if n >= 13 else 2
        return [d, n - 1 - d]

    xs, ys = axis(width), axis(height)
    stars = {(x, y) for x in xs for y in ys}
    if xs and ys and width % 2 and height % 2:
        mx, my = width // 2, height // 2
        stars.add((mx, my))
        if width >= 15 and height >= 15:
            stars.update({(mx, y) for y in ys} | {(x, my) for x in xs})
    return stars


# --- text ---------------------------------------------------------------------------------------------------


def text(
    board: Board,
    *,
    last_move: int | None = None,
    black_territory: Collection[int] = (),
    white_territory: Collection[int] = (),
    dead: Collection[int] = (),
    marks: Marks | None = None,
) -> str:
    """The board in ``X`` (Black) ``O`` (White) ``.`` ``+`` (star), coordinates on four sides.

    The last move is in parentheses; territory is ``x``/``o``; dead stones are ``#`` (black)
    and ``@`` (white); a legend line names what is shown. ``marks``: a finding's illegal point
    in brackets, the stones it would capture ``*``, the point kifu assumed in braces (as the
    chess and xiangqi boards mark the move assumed), its caption under the board. A separator
    between two marked points shows the stronger mark's (brackets, then braces, then
    parentheses).
    """
    illegal = _point_of(board, marks.attempted[1]) if marks is not None and marks.attempted else None
    assumed = _point_of(board, marks.assumed[1]) if marks is not None and marks.assumed else None
    captured = {_point_of(board, p) for p in marks.captures} if marks is not None else set()
    letters = column_letters(board.width)
    pad = len(str(board.height))
    stars = star_points(board.width, board.height)
    header = " " * pad + " " + "".join(" " + letter for letter in letters)
    lines = [header]
    black_area, white_area, dead_set = set(black_territory), set(white_territory), set(dead)
    for row in range(board.height):
        label = str(board.height - row)
        cells = [label.rjust(pad), " "]
        for column in range(board.width):
            point = board.point(column, row)
            content = board.cells[point]
            if point in captured:
                char = "*"
            elif content in (BLACK, WHITE):
                char = ("#" if content == BLACK else "@") if point in dead_set else "XO"[content - 1]
            elif point in black_area:
                char = "x"
            elif point in white_area:
                char = "o"
            else:
                char = "+" if (column, row) in stars else "."
            left = board.point(column - 1, row) if column else None
            cells.append(_separator(point, left, last_move, illegal, assumed))
            cells.append(char)
        cells.append(_separator(None, board.point(board.width - 1, row), last_move, illegal, assumed))
        cells.append(label)
        lines.append("".join(cells))
    lines.append(header)
    if marks is not None:
        lines.append(f"{' ' * (pad + 1)}{marks.caption}")
    legend = ["X Black, O White"]
    if last_move is not None and last_move != illegal:
        legend.append("( ) round the last move")
    if illegal is not None and marks is not None:
        legend.append(f"[ ] round the illegal point ({marks.reason or 'illegal'})")
    if assumed is not None and marks is not None:
        legend.append(f"{{ }} round the point kifu assumed ({_point_name(board, assumed)})")
    if captured:
        legend.append("* the stones it would capture")
    if black_area or white_area:
        legend.append("x o territory")
    if dead_set:
        legend.append("# @ dead black and white stones")
    lines.append("")
    lines.append("; ".join(legend))
    if marks is not None:
        lines.extend(marks.notes)
    return "\n".join(lines) + "\n"


def _separator(
    point: int | None,
    left: int | None,
    last_move: int | None,
    illegal: int | None,
    assumed: int | None = None,
) -> str:
    """The character between ``left`` and ``point``: a bracket of the illegal point first, then a
    brace of the assumed point, then a parenthesis of the last move, else a space."""
    if illegal is not None and illegal in (point, left):
        return "[" if point == illegal else "]"
    if assumed is not None and assumed in (point, left):
        return "{" if point == assumed else "}"
    if last_move is not None and last_move in (point, left):
        return "(" if point == last_move else ")"
    return " "


def _point_of(board: Board, name: str) -> int:
    """The index of an SGF point (``dc``)."""
    return board.point(SGF_LETTERS.index(name[0]), SGF_LETTERS.index(name[1]))


def _point_name(board: Board, point: int) -> str:
    """A point as SGF (``cd``) and, on a board GTP can name, as GTP (``C6``): ``cd, C6``."""
    column, row = board.coordinates(point)
    sgf = SGF_LETTERS[column] + SGF_LETTERS[row]
    if board.width > len(GTP_LETTERS):
        return sgf
    return f"{sgf}, {GTP_LETTERS[column]}{board.height - row}"


# --- SVG ----------------------------------------------------------------------------------------------------

_STEP = 30.0
_PAD = 40.0  # room for half a stone and the coordinates
_STONE = 0.48 * _STEP
_CAPTION = 14.0


def svg(
    board: Board,
    *,
    size: int = 360,
    last_move: int | None = None,
    numbers: Mapping[int, int] | None = None,
    black_territory: Collection[int] = (),
    white_territory: Collection[int] = (),
    dead: Collection[int] = (),
    marks: Marks | None = None,
    score: str = "",
) -> str:
    """The board as an SVG 1.1 document whose longer side is ``size`` pixels.

    ``numbers`` maps points to move numbers written on them (the last move's mark is left out
    when it has a number). Territory is a small square of its owner's colour; dead stones are
    drawn faded, with the square of the territory they lie in, or crossed when they lie in none.
    Stones are ``<circle class="stone black">`` (``… dead``). ``marks``: a finding's, over the
    stones (the illegal point crossed and labelled with its reason: ``<text class="reason">``),
    and its caption under the board; ``score``: the count's score line, under the board too.
    """
    width, height = board.width, board.height
    doc_width, board_height = 2 * _PAD + (width - 1) * _STEP, 2 * _PAD + (height - 1) * _STEP
    black_area, white_area, dead_set = set(black_territory), set(white_territory), set(dead)
    stones = sum(1 for cell in board.cells if cell in (BLACK, WHITE))
    title = f"Go position, {width}×{height}, {stones} stones"
    if black_area or white_area or dead_set:
        title += f"; territory {len(black_area)} black, {len(white_area)} white; {len(dead_set)} dead stones"
    notes = marks.notes if marks is not None else ()
    if score and score not in notes:
        notes = (*notes, score)
    font = min(_CAPTION, doc_width / 22)  # a small board's caption stays in proportion
    lines = caption_lines(marks.caption if marks is not None else "", notes, doc_width, font)
    if marks is not None:
        title += f"; {marks.caption}"
    elif score:
        title += f"; {score}"
    doc_height = board_height + caption_height(lines, font)
    doc = Document(doc_width, doc_height, size, title=title)

    def at(column: int, row: int) -> tuple[float, float]:
        return _PAD + column * _STEP, _PAD + row * _STEP

    doc.rect(0, 0, doc_width, doc_height, fill=LIGHT.wood)
    doc.open("g", class_="grid", stroke=LIGHT.line, stroke_linecap="square")
    right, bottom = at(width - 1, height - 1)
    for row in range(height):
        y = _PAD + row * _STEP
        doc.line(_PAD, y, right, y, stroke_width=1.6 if row in (0, height - 1) else 0.9)
    for column in range(width):
        x = _PAD + column * _STEP
        doc.line(x, _PAD, x, bottom, stroke_width=1.6 if column in (0, width - 1) else 0.9)
    doc.close("g")
    doc.open("g", class_="stars", fill=LIGHT.line)
    for column, row in sorted(star_points(width, height)):
        doc.circle(*at(column, row), 3.2)
    doc.close("g")
    _coordinates(doc, width, height)
    doc.open("g", class_="stones")
    for row in range(height):
        for column in range(width):
            point = board.point(column, row)
            content = board.cells[point]
            if content in (BLACK, WHITE):
                is_dead = point in dead_set
                crossed = is_dead and point not in black_area and point not in white_area
                _stone(doc, *at(column, row), content, is_dead, crossed)
    doc.close("g")
    doc.open("g", class_="territory")
    for row in range(height):
        for column in range(width):
            point = board.point(column, row)
            owner = BLACK if point in black_area else WHITE if point in white_area else EMPTY
            if owner != EMPTY:
                x, y = at(column, row)
                side = 0.34 * _STEP
                doc.rect(
                    x - side / 2,
                    y - side / 2,
                    side,
                    side,
                    class_="territory " + ("black" if owner == BLACK else "white"),
                    fill=LIGHT.stone_black if owner == BLACK else LIGHT.stone_white,
                    stroke=LIGHT.stone_edge,
                    stroke_width=1,
                )
    doc.close("g")
    numbered = numbers or {}
    if numbered:
        doc.open("g", class_="numbers")
        for point, move in sorted(numbered.items(), key=lambda item: (item[1], item[0])):
            column, row = board.coordinates(point)
            _number(doc, *at(column, row), move, board.cells[point])
        doc.close("g")
    if last_move is not None and last_move not in numbered:
        column, row = board.coordinates(last_move)
        content = board.cells[last_move]
        x, y = at(column, row)
        colour = LIGHT.stone_white if content == BLACK else LIGHT.stone_black
        if content == EMPTY:
            colour = LIGHT.last_move
        doc.circle(x, y, 0.25 * _STEP, class_="last-move", fill="none", stroke=colour, stroke_width=2.2)
    if marks is not None:

        def point_at(name: str) -> tuple[float, float]:
            return at(SGF_LETTERS.index(name[0]), SGF_LETTERS.index(name[1]))

        draw_marks(doc, marks, point_at, _STEP / 2)
        if marks.attempted is not None and marks.reason:
            # one word on the board ("superko"); the caption says which
            _reason(doc, *point_at(marks.attempted[1]), marks.reason.split()[-1], doc_width)
    draw_caption(doc, lines, board_height, font)
    return doc.render()


def _reason(doc: Document, x: float, y: float, reason: str, width: float) -> None:
    """``reason`` in a label above the point at (x, y) (below it on the top line), kept inside the board."""
    font = 0.4 * _STEP
    half = 0.31 * font * len(reason) + 3
    x = min(max(x, half + 2), width - half - 2)
    y = y + 0.75 * _STEP if y - 0.75 * _STEP < _PAD - 0.5 * _STEP else y - 0.75 * _STEP
    doc.open("g", class_="reason")
    doc.rect(
        x - half, y - 0.65 * font, 2 * half, 1.3 * font, fill=LIGHT.background, stroke=LIGHT.attempted, rx=3
    )
    doc.text(x, y, reason, size=font, fill=LIGHT.attempted, weight="bold")
    doc.close("g")


def _coordinates(doc: Document, width: int, height: int) -> None:
    letters = column_letters(width)
    font = 0.42 * _STEP
    edge = 14.0
    far_x, far_y = 2 * _PAD + (width - 1) * _STEP - edge, 2 * _PAD + (height - 1) * _STEP - edge
    doc.open("g", class_="coordinates")
    for column in range(width):
        x = _PAD + column * _STEP
        for y in (edge, far_y):
            doc.text(x, y, letters[column], size=font, fill=LIGHT.label, family=SANS)
    for row in range(height):
        y = _PAD + row * _STEP
        for x in (edge, far_x):
            doc.text(x, y, str(height - row), size=font, fill=LIGHT.label, family=SANS)
    doc.close("g")


def _stone(doc: Document, x: float, y: float, colour: int, is_dead: bool, crossed: bool) -> None:
    name = "black" if colour == BLACK else "white"
    fill = LIGHT.stone_black if colour == BLACK else LIGHT.stone_white
    style: dict[str, Attribute] = {"fill": fill, "stroke": LIGHT.stone_edge, "stroke_width": 1}
    if not is_dead:
        doc.circle(x, y, _STONE, class_=f"stone {name}", **style)
        return
    doc.circle(x, y, _STONE, class_=f"stone {name} dead", opacity=0.4, **style)
    if crossed:
        arm = 0.28 * _STEP
        doc.open("g", class_="dead-mark", stroke=LIGHT.check, stroke_width=2.2, stroke_linecap="round")
        doc.line(x - arm, y - arm, x + arm, y + arm)
        doc.line(x - arm, y + arm, x + arm, y - arm)
        doc.close("g")


def _number(doc: Document, x: float, y: float, move: int, content: int) -> None:
    label = str(move)
    font = (0.5 if len(label) <= 2 else 0.4 if len(label) == 3 else 0.32) * _STEP
    if content == EMPTY:  # the stone was captured later: hide the grid lines under the number
        doc.rect(x - 0.4 * _STEP, y - 0.3 * _STEP, 0.8 * _STEP, 0.6 * _STEP, fill=LIGHT.wood)
    colour = LIGHT.stone_white if content == BLACK else LIGHT.stone_black
    doc.text(x, y, label, size=font, fill=colour, family=SANS)
