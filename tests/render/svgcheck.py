"""What every rendered SVG must be: SVG 1.1 with its namespace, a viewBox, and a size from ``size``."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
#: The SVG 1.1 elements the renderers (and chess.svg) may write: nothing else, no HTML inside.
ELEMENTS = frozenset(
    {"svg", "title", "desc", "defs", "g", "use", "path", "rect", "line", "polyline", "polygon", "circle"}
    | {"text", "radialGradient", "stop", "symbol"}
)


def parse(document: str) -> ET.Element:
    """The root of ``document``, checked to be an SVG 1.1 document of known elements only."""
    root = ET.fromstring(document)
    assert root.tag == f"{SVG}svg"
    assert root.get("version") == "1.1"
    assert root.get("viewBox") is not None
    for element in root.iter():
        assert element.tag.startswith(SVG), element.tag
        assert element.tag.removeprefix(SVG) in ELEMENTS, element.tag
    return root


def pixels(root: ET.Element) -> tuple[int, int]:
    """(width, height) of the root, checked to keep the viewBox's aspect ratio."""
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    _, _, box_width, box_height = (float(v) for v in root.get("viewBox", "").split())
    if width >= height:
        assert abs(height - width * box_height / box_width) <= 1
    else:
        assert abs(width - height * box_width / box_height) <= 1
    return width, height


def find_all(root: ET.Element, tag: str, css: str) -> list[ET.Element]:
    """The ``tag`` elements whose class names include every name of ``css``."""
    wanted = set(css.split())
    return [e for e in root.iter(f"{SVG}{tag}") if wanted <= set(e.get("class", "").split())]


def texts(root: ET.Element) -> list[str]:
    """The content of every ``text`` element, in document order."""
    return [e.text or "" for e in root.iter(f"{SVG}text")]


def characters(container: ET.Element) -> list[tuple[float, float, str]]:
    """(x, y, character) of each character drawn in ``container``, in document order: a text
    element's (centred on y + 0.35 em, ``kifu.core.svg.Document.text``), one per character,
    or a glyph ``use`` of the outline of a character (``kifu-xq-<code point in hex>``), at the
    centre of its box."""
    found = []
    for element in container.iter():
        if element.tag == f"{SVG}text":
            size = float(element.get("font-size", "0"))
            y = float(element.get("y", "0")) - 0.35 * size
            found += [(float(element.get("x", "0")), y, c) for c in (element.text or "") if c != " "]
        elif element.tag == f"{SVG}use" and element.get(f"{XLINK}href", "").startswith("#kifu-xq-"):
            x = float(element.get("x", "0")) + float(element.get("width", "0")) / 2
            y = float(element.get("y", "0")) + float(element.get("height", "0")) / 2
            found.append((x, y, chr(int(element.get(f"{XLINK}href", "").rsplit("-", 1)[1], 16))))
    return found
