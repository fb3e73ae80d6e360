"""SVG 1.1 documents for the board renderers: the shapes they draw, escaping, and the colours.

Game-agnostic: the renderers of each game (``kifu.<game>.render``) build on it. Output is
deterministic (numbers are rounded to two decimals, attributes keep their order), so renderings
can be compared with golden files. The only ids are those of the shapes drawn many times
(:meth:`Document.define`, the xiangqi glyphs: ``kifu-…``), in ``<defs>`` and drawn with
``<use>``: an id means the same in every document, so that the HTML report, which inlines many
boards in one page, keeps one copy of each (:mod:`kifu.core.report.shared`). No markers:
arrowheads are polygons.

Sizes: the drawing is made in user units (the ``viewBox``) and scaled so that the longer side
is ``size`` pixels: ``width`` and ``height`` follow from ``size`` and the aspect ratio.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kifu.core.markup import escape, quoteattr

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
        **attributes: Attribute,
    ) -> None:
        """An arrow from (x1, y1) whose head's tip is at (x2, y2): a line and a polygon in a group."""
        head = 3.2 * width if head is None else head
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            return
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        bx, by = x2 - ux * head, y2 - uy * head  # the middle of the head's base
        half = head * 0.6
        self.open("g", **{"class_": "arrow", **attributes})
        self.line(
            x1, y1, bx + ux * 0.5, by + uy * 0.5, stroke=colour, stroke_width=width, stroke_linecap="round"
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
