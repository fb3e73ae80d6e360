"""Regenerate ``cli/xiangqi/glyphs.py``: the outlines of the characters the xiangqi SVG draws
(pieces, file numerals, river), taken from Noto Serif CJK (SIL Open Font License 1.1), so that
a board reads the same on a machine without CJK fonts.

Run ``python -m tests.render.make_glyphs`` (or ``make glyphs``) from the repository root; it
needs fontTools (``pip install -e '.[glyphs]'``) and Debian's ``fonts-noto-cjk``
(``/usr/share/fonts/opentype/noto``). The output is deterministic: the same font gives the
same file.

Each outline is centred on the ideographic em box (Noto CJK: 1000 units from -120 to 880),
scaled to :data:`EM` units, y pointing down, and written as a path with relative commands and
integer coordinates.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FONTS = Path("/usr/share/fonts/opentype/noto")
OUT = ROOT / "cli" / "xiangqi" / "glyphs.py"
#: units per em of the stored outlines (0.5 % of the em: a tenth of a pixel at the sizes drawn)
EM = 200
#: the characters and the face they are drawn in: pieces bold, numerals and river regular
BOLD = "帥仕相傌俥炮兵將士象馬車砲卒"
REGULAR = "一二三四五六七八九楚河漢界123456789"


def _face(path: Path, family: str) -> Any:
    from fontTools.ttLib import TTCollection

    for font in TTCollection(str(path)).fonts:
        if font["name"].getDebugName(1) == family:
            return font
    raise SystemExit(f"{path}: no face {family}")


def _outline(font: Any, char: str) -> str:
    """The outline of ``char`` as a path in relative commands, :data:`EM` units, centred."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.transformPen import TransformPen

    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(char)]
    upem = font["head"].unitsPerEm
    scale = EM / upem
    advance = font["hmtx"][name][0]
    recording = DecomposingRecordingPen(glyphs)
    # centre: x on half the advance, y on the middle of the ideographic em box (-120 … 880)
    middle = 0.38 * upem
    glyphs[name].draw(TransformPen(recording, (scale, 0, 0, -scale, -advance / 2 * scale, middle * scale)))
    parts: list[str] = []
    x = y = 0
    start = (0, 0)
    last = ""
    for operator, points in recording.value:
        if operator == "closePath" or operator == "endPath":
            parts.append("z")
            x, y = start
            last = "z"
            continue
        letter = {"moveTo": "m", "lineTo": "l", "curveTo": "c", "qCurveTo": "q"}[operator]
        if operator == "qCurveTo" and len(points) != 2:
            raise SystemExit(f"{char}: a quadratic spline of {len(points)} points")
        numbers = []
        for px, py in points:
            numbers += [round(px) - x, round(py) - y]
        # the pen point moves to the last point (rounded)
        x, y = round(points[-1][0]), round(points[-1][1])
        if operator == "moveTo":
            start = (x, y)
        if letter == "l" and numbers[0] == 0 and numbers[1] == 0:
            continue
        text = _numbers(numbers)
        if letter == last or (last == "m" and letter == "l"):
            parts.append(text if text.startswith("-") else " " + text)
        else:
            parts.append(letter + text)
        last = letter
    return "".join(parts)


def _numbers(values: list[int]) -> str:
    text = ""
    for value in values:
        text += str(value) if not text or value < 0 else f" {value}"
    return text


def main() -> int:
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is not installed: pip install -e '.[glyphs]'", file=sys.stderr)
        return 1
    bold = _face(FONTS / "NotoSerifCJK-Bold.ttc", "Noto Serif CJK SC")
    regular = _face(FONTS / "NotoSerifCJK-Regular.ttc", "Noto Serif CJK SC")
    version = bold["name"].getDebugName(5).split(";")[0]
    copyright = bold["name"].getDebugName(0)
    outlines = {char: _outline(bold, char) for char in BOLD}
    outlines |= {char: _outline(regular, char) for char in REGULAR}
    lines = [
        '"""Outlines of the characters the xiangqi SVG draws, so that a board needs no CJK font.',
        "",
        "Made by ``python -m tests.render.make_glyphs`` (do not edit) from Noto Serif CJK SC, Bold for",
        f"the pieces, Regular for the numerals and the river ({version}, Debian's fonts-noto-cjk).",
        f"Font: {copyright} Licensed under the SIL Open Font License,",
        "Version 1.1 (https://openfontlicense.org), which allows embedding and redistributing these",
        "outlines with kifu; only the glyphs listed are kept.",
        "",
        f"Each path is in a box of {EM} × {EM} units centred on (0, 0), y pointing down.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        f"#: units per em of the outlines (the box each is drawn in: -{EM // 2} to {EM // 2} on both axes)",
        f"EM = {EM}",
        "",
        "#: character → outline (SVG path data)",
        "OUTLINES: dict[str, str] = {",
    ]
    for char, path in outlines.items():
        lines.append(f'    "{char}": (')
        for i in range(0, len(path), 96):
            lines.append(f'        "{path[i : i + 96]}"')
        lines.append("    ),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(outlines)} outlines, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
