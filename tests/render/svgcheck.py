"""What every rendered SVG must be: SVG 1.1 with its namespace, a viewBox, and a size from ``size``."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
#: The SVG 1.1 elements the renderers (and chess.svg) may write: nothing else, no HTML inside.
ELEMENTS = frozenset(
    {"svg", "title", "desc", "defs", "g", "use", "path", "rect", "line", "polyline", "polygon", "circle"}
    | {"text", "radialGradient", "stop"}
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
