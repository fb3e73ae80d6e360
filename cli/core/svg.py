"""SVG 1.1 documents for the board renderers: the shapes they draw, escaping, and the colours.

Game-agnostic: the renderers of each game (``kifu.<game>.render``) build on it. Output is
deterministic (numbers are rounded to two decimals, attributes keep their order), so renderings
can be compared with golden files. The only ids are those of the shapes drawn many times
(:meth:`Document.define`, the xiangqi glyphs: ``kifu-…``), in ``<defs>`` and drawn with
``<use>``: an id means the same in every document, so that the HTML report, which inlines many
boards in one page, keeps one copy of each (:mod:`kifu.application.report.shared`). No markers:
arrowheads are polygons.

Sizes: the drawing is made in user units (the ``viewBox``) and scaled so that the longer side
is ``size`` pixels: ``width`` and ``height`` follow from ``size`` and the aspect ratio.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kifu.core.markup import escape, quoteattr

if TYPE_CHECKING:
    from kifu.core.game import Marks

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

#: The value of an attribute: numbers are written by :func:`number`, ``None`` leaves it out.
Attribute = str | float | None

#: Latin labels (coordinates): generic families only, so nothing is fetched.
SANS = "'DejaVu Sans', Arial, Helvetica, sans-serif"
#: Chinese characters (xiangqi pieces, the river): CJK serif faces where installed, then serif.
CJK_SERIF = "'Noto Serif CJK SC', 'Noto Serif CJK TC', 'Source Han Serif SC', 'Songti SC', SimSun, serif"


@dataclass(frozen=True, slots=True)
class Palette:
    """Every colour the renderers use, in one place (the HTML report may restyle them)."""

    background: str
    line: str
    label: str
    wood: str
    red: str
    black: str
    piece_face: str
    stone_black: str
    stone_white: str
    stone_edge: str
    last_move: str
    check: str
    square_light: str
    square_dark: str
    square_light_last: str
    square_dark_last: str
    attempted: str
    assumed: str
    candidate: str


#: A light palette that prints well on A4: pale board, dark lines, no large dark areas.
LIGHT = Palette(
    background="#ffffff",
    line="#3a3a3a",
    label="#303030",
    wood="#f3dfb4",
    red="#c8102e",
    black="#1a1a1a",
    piece_face="#fdf6e3",
    stone_black="#1c1c1c",
    stone_white="#fafafa",
    stone_edge="#1c1c1c",
    last_move="#1f6fd1",
    check="#e8112d",
    square_light="#f0d9b5",
    square_dark="#c9a27a",
    square_light_last="#cdd26a",
    square_dark_last="#aaa23a",
    # a finding's marks: red and bluish green (Okabe-Ito) differ in lightness too, and the
    # assumed move is dashed, so that they stay apart for colour-blind readers
    attempted="#d1172b",
    assumed="#007f5f",
    candidate="#e08a00",
)


def number(value: float) -> str:
    """``value`` with at most two decimals and no trailing zeros (``12``, ``12.5``, ``-0.25``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attributes(attributes: dict[str, Attribute]) -> str:
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        text = number(value) if isinstance(value, (int, float)) else value
        parts.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(text)}")
    return "".join(parts)


class Document:
    """An SVG 1.1 document drawn in a ``width`` × ``height`` user-unit box, scaled to ``size``."""

    def __init__(
        self, width: float, height: float, size: int, *, title: str = "", description: str = ""
    ) -> None:
        if size <= 0:
            raise ValueError(f"size must be positive, not {size}")
        self.width = width
        self.height = height
        self.size = size
        self.title = title
        self.description = description
        self._body: list[str] = []
        self._depth = 1
        self._defs: dict[str, str] = {}

    @property
    def pixels(self) -> tuple[int, int]:
        """(width, height) in pixels: the longer side is ``size``."""
        scale = self.size / max(self.width, self.height)
        return max(1, round(self.width * scale)), max(1, round(self.height * scale))

    def _add(self, element: str) -> None:
        self._body.append("  " * self._depth + element)

    def element(self, tag: str, **attributes: Attribute) -> None:
        """An empty element; attribute names use ``_`` for ``-`` (``stroke_width``), ``class_``."""
        self._add(f"<{tag}{_attributes(attributes)}/>")

    def open(self, tag: str = "g", **attributes: Attribute) -> None:
        """Start a container element (closed by :meth:`close`)."""
        self._add(f"<{tag}{_attributes(attributes)}>")
        self._depth += 1

    def close(self, tag: str = "g") -> None:
        """End the container opened last."""
        self._depth -= 1
        self._add(f"</{tag}>")

    def rect(self, x: float, y: float, width: float, height: float, **attributes: Attribute) -> None:
        """A rectangle from its top-left corner."""
        self.element("rect", x=x, y=y, width=width, height=height, **attributes)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attributes: Attribute) -> None:
        """A straight line."""
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)

    def polyline(self, points: list[tuple[float, float]], **attributes: Attribute) -> None:
        """An open polyline (unfilled unless ``fill`` is given)."""
        coordinates = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self.element("polyline", points=coordinates, **{"fill": "none", **attributes})

    def polygon(self, points: list[tuple[float, float]], **attributes: Attribute) -> None:
        """A closed polygon."""
        coordinates = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self.element("polygon", points=coordinates, **attributes)

    def circle(self, cx: float, cy: float, r: float, **attributes: Attribute) -> None:
        """A circle."""
        self.element("circle", cx=cx, cy=cy, r=r, **attributes)

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float,
        fill: str,
        family: str = SANS,
        weight: str | None = None,
        anchor: str = "middle",
        **attributes: Attribute,
    ) -> None:
        """``content`` (escaped) centred vertically on ``y``.

        The baseline is moved down by 0.35 em rather than using ``dominant-baseline``, which
        some SVG 1.1 renderers ignore.
        """
        attrs = _attributes(
            {
                "x": x,
                "y": y + 0.35 * size,
                "font-family": family,
                "font-size": size,
                "font-weight": weight,
                "text-anchor": anchor,
                "fill": fill,
                **attributes,
            }
        )
        self._add(f"<text{attrs}>{escape(content)}</text>")

    def arrow(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        colour: str,
        width: float,
        head: float | None = None,
        dash: str | None = None,
        **attributes: Attribute,
    ) -> None:
        """An arrow from (x1, y1) whose head's tip is at (x2, y2): a line (``dash``: its
        ``stroke-dasharray``) and a polygon in a group."""
        head = 3.2 * width if head is None else head
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            return
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        bx, by = x2 - ux * head, y2 - uy * head  # the middle of the head's base
        half = head * 0.6
        self.open("g", **{"class_": "arrow", **attributes})
        self.line(
            x1,
            y1,
            bx + ux * 0.5,
            by + uy * 0.5,
            stroke=colour,
            stroke_width=width,
            stroke_linecap="butt" if dash else "round",
            stroke_dasharray=dash,
        )
        self.polygon(
            [(x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)], fill=colour
        )
        self.close("g")

    def define(self, key: str, element: str) -> None:
        """Put ``element`` (markup made safe by the caller, with ``id="key"``) in the document's
        ``<defs>``, once however often it is asked for."""
        self._defs.setdefault(key, element)

    def use(self, key: str, x: float, y: float, width: float, height: float, **attributes: Attribute) -> None:
        """Draw the definition ``key`` (a ``<symbol>``) in the box from (x, y), ``width`` × ``height``."""
        self.element(
            "use", **{"xlink:href": f"#{key}", "x": x, "y": y, "width": width, "height": height, **attributes}
        )

    def raw(self, fragment: str) -> None:
        """Markup already made safe by the caller, one line."""
        self._add(fragment)

    def body(self) -> str:
        """What was drawn, without the ``<svg>`` element around it (to add to another document)."""
        return "\n".join(self._body)

    def render(self) -> str:
        """The whole document, ending with a newline."""
        width, height = self.pixels
        head = _attributes(
            {
                "xmlns": SVG_NS,
                "xmlns:xlink": XLINK_NS if self._defs else None,
                "version": "1.1",
                "width": width,
                "height": height,
                "viewBox": f"0 0 {number(self.width)} {number(self.height)}",
            }
        )
        lines = [f"<svg{head}>"]
        if self.title:
            lines.append(f"  <title>{escape(self.title)}</title>")
        if self.description:
            lines.append(f"  <desc>{escape(self.description)}</desc>")
        if self._defs:
            lines.append("  <defs>" + "".join(self._defs.values()) + "</defs>")
        lines.extend(self._body)
        lines.append("</svg>")
        return "\n".join(lines) + "\n"


# --- a finding's marks and caption --------------------------------------------------------------------------


def _ems(text: str) -> float:
    """About how wide ``text`` is, in ems: a CJK character is square, a Latin one about half."""
    return sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.56 for c in text)


def caption_lines(caption: str, notes: tuple[str, ...], width: float, size: float) -> list[str]:
    """The caption and notes as lines that fit ``width`` user units in text of ``size``, broken
    at spaces (a word wider than a line stands alone)."""
    room = max(8.0, 0.96 * width / size)
    lines: list[str] = []
    for text in (caption, *notes):
        line = ""
        for word in text.split():
            joined = f"{line} {word}" if line else word
            if line and _ems(joined) > room:
                lines.append(line)
                joined = word
            line = joined
        if line:
            lines.append(line)
    return lines


def caption_height(lines: list[str], size: float) -> float:
    """The height of the band under a board that holds ``lines``."""
    return (len(lines) * 1.3 + 0.8) * size if lines else 0.0


def draw_caption(doc: Document, lines: list[str], top: float, size: float) -> None:
    """``lines`` centred in the band under a board, from ``top``: ``<text class="caption">``."""
    if not lines:
        return
    doc.rect(0, top, doc.width, caption_height(lines, size), class_="caption-band", fill=LIGHT.background)
    doc.open("g", class_="caption")
    for number_, line in enumerate(lines):
        y = top + (0.9 + 1.3 * number_) * size
        doc.text(doc.width / 2, y, line, size=size, fill=LIGHT.label)
    doc.close("g")


def draw_marks(doc: Document, marks: Marks, at: Callable[[str], tuple[float, float]], radius: float) -> None:
    """The marks of a finding over a board (``<g class="marks">``): ``at`` maps a point of the
    game to user units, ``radius`` is about half a square. The pieces an ambiguous move may mean
    are ringed (``mark candidate``) and their targets dotted; the move as written is a red arrow
    (``mark attempted``), or a red cross on its target when it has no origin (``… cross``); the
    assumed move a dashed green arrow (``mark assumed``), or a dashed green ring on its point when
    it goes from a point to itself (a stone put on a Go board); the stones the move would capture
    are ringed (``mark capture``)."""
    width = max(2.0, 0.16 * radius)
    attempted = marks.attempted
    cross = attempted[1] if attempted is not None and attempted[0] in (None, attempted[1]) else None
    doc.open("g", class_="marks")
    for origin, _ in marks.candidates:
        x, y = at(origin)
        doc.circle(
            x,
            y,
            0.9 * radius,
            class_="mark candidate",
            fill="none",
            stroke=LIGHT.candidate,
            stroke_width=width * 1.4,
        )
    for target in dict.fromkeys(target for _, target in marks.candidates):
        if target != cross:
            doc.circle(*at(target), 0.28 * radius, class_="mark candidate-target", fill=LIGHT.candidate)
    for point in marks.captures:
        x, y = at(point)
        doc.circle(
            x,
            y,
            0.95 * radius,
            class_="mark capture",
            fill="none",
            stroke=LIGHT.candidate,
            stroke_width=width,
            stroke_dasharray=f"{number(width * 1.5)} {number(width)}",
        )
    if attempted is not None:
        if cross is not None:
            x, y = at(cross)
            arm = 0.55 * radius
            doc.open("g", class_="mark attempted cross", stroke=LIGHT.attempted, stroke_width=width * 1.6)
            doc.line(x - arm, y - arm, x + arm, y + arm, stroke_linecap="round")
            doc.line(x - arm, y + arm, x + arm, y - arm, stroke_linecap="round")
            doc.close("g")
        elif attempted[0] is not None:
            (x1, y1), (x2, y2) = at(attempted[0]), at(attempted[1])
            dx, dy = _apart(attempted[0], (x1, y1, x2, y2), marks.assumed, at, 0.2 * radius)
            doc.arrow(
                x1 - dx,
                y1 - dy,
                x2 - dx,
                y2 - dy,
                colour=LIGHT.attempted,
                width=width * 1.6,
                class_="mark attempted",
            )
    dash = f"{number(width * 3)} {number(width * 1.8)}"
    if marks.assumed is not None and marks.assumed[0] == marks.assumed[1]:
        x, y = at(marks.assumed[1])
        doc.circle(
            x,
            y,
            0.72 * radius,
            class_="mark assumed",
            fill="none",
            stroke=LIGHT.assumed,
            stroke_width=width * 1.6,
            stroke_dasharray=dash,
        )
    elif marks.assumed is not None:
        (x1, y1), (x2, y2) = at(marks.assumed[0]), at(marks.assumed[1])
        dx, dy = (0.0, 0.0)
        if attempted is not None and attempted[0] is not None and cross is None:
            dx, dy = _apart(
                attempted[0], at(attempted[0]) + at(attempted[1]), marks.assumed, at, 0.2 * radius
            )
        doc.arrow(
            x1 + dx,
            y1 + dy,
            x2 + dx,
            y2 + dy,
            colour=LIGHT.assumed,
            width=width * 1.6,
            dash=dash,
            class_="mark assumed",
        )
    doc.close("g")


def _apart(
    origin: str,
    line: tuple[float, float, float, float],
    other: tuple[str, str] | None,
    at: Callable[[str], tuple[float, float]],
    gap: float,
) -> tuple[float, float]:
    """How far to move two arrows of one origin apart, sideways, when they run along one line
    (Ke3 written, Ke2 assumed): ``(0, 0)`` otherwise."""
    if other is None or other[0] != origin:
        return 0.0, 0.0
    x1, y1, x2, y2 = line
    ox, oy = at(other[1])
    ux, uy = x2 - x1, y2 - y1
    length = math.hypot(ux, uy)
    if length == 0 or abs(ux * (oy - y1) - uy * (ox - x1)) > 1e-6 * length * length:
        return 0.0, 0.0
    return -uy / length * gap, ux / length * gap
