"""kifu.core.svg: the document, its size, escaping and the shapes."""

from __future__ import annotations

import pytest
from kifu.core.svg import LIGHT, Document, number

from tests.render.svgcheck import SVG, find_all, parse, pixels, texts


def test_numbers_are_short_and_stable() -> None:
    assert [number(v) for v in (12, 12.0, 12.5, 12.345, -0.001, 0.1 + 0.2)] == [
        "12",
        "12",
        "12.5",
        "12.35",
        "0",
        "0.3",
    ]


@pytest.mark.parametrize(
    ("box", "size", "expected"), [((400, 400), 360, (360, 360)), ((300, 600), 500, (250, 500))]
)
def test_the_longer_side_is_size_and_the_aspect_ratio_is_kept(
    box: tuple[int, int], size: int, expected: tuple[int, int]
) -> None:
    root = parse(Document(*box, size).render())
    assert pixels(root) == expected
    assert root.get("viewBox") == f"0 0 {box[0]} {box[1]}"


def test_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="size"):
        Document(100, 100, 0)


def test_text_and_attributes_are_escaped() -> None:
    doc = Document(100, 100, 100, title="a < b & c", description='"quoted"')
    doc.text(10, 10, "<script>&", size=10, fill=LIGHT.label)
    doc.rect(0, 0, 1, 1, class_='x" onload="y')
    root = parse(doc.render())
    assert root.findtext(f"{SVG}title") == "a < b & c"
    assert root.findtext(f"{SVG}desc") == '"quoted"'
    assert texts(root) == ["<script>&"]
    rect = root.find(f"{SVG}rect")
    assert rect is not None and rect.get("class") == 'x" onload="y'


def test_attribute_names_and_centred_text() -> None:
    doc = Document(100, 100, 100)
    doc.line(0, 0, 10, 10, stroke_width=2, class_="l")
    doc.text(50, 40, "A", size=20, fill="#000")
    root = parse(doc.render())
    line = root.find(f"{SVG}line")
    assert line is not None and line.get("stroke-width") == "2" and line.get("class") == "l"
    text = root.find(f"{SVG}text")
    assert text is not None and text.get("y") == "47" and text.get("text-anchor") == "middle"


def test_an_arrow_is_a_line_and_a_head_whose_tip_is_the_end() -> None:
    doc = Document(100, 100, 100)
    doc.arrow(10, 50, 90, 50, colour="#00f", width=4, class_="last-move")
    doc.arrow(5, 5, 5, 5, colour="#00f", width=4)  # no length: nothing drawn
    root = parse(doc.render())
    (group,) = find_all(root, "g", "last-move")
    assert [child.tag.removeprefix(SVG) for child in group] == ["line", "polygon"]
    tip = group[1].get("points", "").split()[0]
    assert tip == "90,50"
    assert float(group[0].get("x2", "0")) < 90


def test_containers_nest_and_the_output_is_deterministic() -> None:
    def draw() -> str:
        doc = Document(10, 10, 10)
        doc.open("g", class_="outer")
        doc.circle(5, 5, 1, fill=LIGHT.red)
        doc.close("g")
        return doc.render()

    assert draw() == draw()
    root = parse(draw())
    (outer,) = find_all(root, "g", "outer")
    assert [child.tag for child in outer] == [f"{SVG}circle"]
