"""The assumed move of a finding the later moves decided, as headless Chromium draws it, measured
in the screenshot's pixels: the dashed green arrow runs from the centre of the origin square to
the centre of the target square, in dashes, and nothing of its colour lies anywhere else (chess
3. Nb5 for Bb5: f1 to b5; xiangqi 炮平五 for 炮二平五: h2 to e2); Go's dashed ring goes round
the assumed point (B[cb] for B[bb])."""

from __future__ import annotations

import math
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.render.png import Picture, read_png
from tests.render.screenshots import screenshot
from tests.show.assumed import CHESS, chess_centre, go_centre, records, show, xiangqi_centre

pytestmark = pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")

#: the assumed mark's colour (kifu.core.svg.LIGHT.assumed), and how far an antialiased pixel of
#: it may stray on each channel: the boards have no other colour near it (squares, wood, red)
GREEN, TOLERANCE = (0x00, 0x7F, 0x5F), 40
#: the arrow of a square of 45 user units (a xiangqi piece's radius is 22.5 too): its line is
#: 5.76 units wide, its head 18.4 long and 22.1 wide
HALF_HEAD = 0.6 * 3.2 * 5.76
SIZE = 600


@dataclass(frozen=True)
class Arrow:
    """What the green pixels of a screenshot say of an arrow meant to run from ``origin`` to
    ``target`` (user units): how many, how far the farthest is from the segment between them,
    where they begin and end along it (0 the origin, 1 the target), and the gaps between dashes."""

    pixels: int
    farthest: float
    first: float
    last: float
    gaps: int
    near_origin: float
    near_target: float


def shoot(tmp_path: Path, name: str, svg: str) -> tuple[Picture, float]:
    """Chromium's screenshot of ``svg`` at its own size, and its pixels per user unit."""
    path = tmp_path / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    png = tmp_path / f"{name}.png"
    screenshot(path, png, 1.0)
    picture = read_png(png.read_bytes())
    width = re.search(r'<svg[^>]*\bwidth="(\d+)"', svg)
    box = re.search(r'viewBox="0 0 ([\d.]+) ', svg)
    assert width and box
    assert picture.width == int(width.group(1))
    return picture, picture.width / float(box.group(1))


def measure(
    picture: Picture, scale: float, origin: tuple[float, float], target: tuple[float, float]
) -> Arrow:
    (x1, y1), (x2, y2) = origin, target
    length = math.dist(origin, target)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    green = [((x + 0.5) / scale, (y + 0.5) / scale) for x, y in picture.where(GREEN, TOLERANCE)]
    assert green, "no pixel of the assumed colour"
    along = [((x - x1) * ux + (y - y1) * uy) / length for x, y in green]
    farthest = max(
        math.dist((x, y), (x1 + ux * length * min(1, max(0, t)), y1 + uy * length * min(1, max(0, t))))
        for (x, y), t in zip(green, along, strict=True)
    )
    # the dashes of the shaft: one-unit steps along the line up to the head, with a pixel on the line
    shaft = int(length - 3.2 * 5.76)
    covered = {
        int(t * length)
        for (x, y), t in zip(green, along, strict=True)
        if abs((x - x1) * uy - (y - y1) * ux) <= 2 and 0 <= t * length < shaft
    }
    gaps = sum(1 for step in range(1, shaft) if step not in covered and step - 1 in covered)
    return Arrow(
        len(green),
        farthest,
        min(along),
        max(along),
        gaps,
        min(math.dist(p, origin) for p in green),
        min(math.dist(p, target) for p in green),
    )


def check(arrow: Arrow) -> None:
    assert arrow.pixels > 300, arrow
    assert arrow.farthest <= HALF_HEAD + 1.5, arrow  # nothing green off the arrow
    assert abs(arrow.first) < 0.03 and abs(arrow.last - 1) < 0.03, arrow  # from centre to centre
    assert arrow.near_origin < 2.5 and arrow.near_target < 2.5, arrow
    assert arrow.gaps >= 5, arrow  # dashed


def test_chromium_draws_chess_bb5_assumed_from_the_later_moves_from_f1_to_b5(tmp_path: Path) -> None:
    picture, scale = shoot(tmp_path, "chess", show(CHESS, "CHESS101", "--format", "svg", "--size", str(SIZE)))
    check(measure(picture, scale, chess_centre("f1"), chess_centre("b5")))
    # the attempted move's red cross is on b5 under the tip, and there only
    red = [((x + 0.5) / scale, (y + 0.5) / scale) for x, y in picture.where((0xD1, 0x17, 0x2B), 30)]
    assert red and max(math.dist(p, chess_centre("b5")) for p in red) < 22.5


def test_chromium_draws_xiangqi_assumed_from_the_later_moves_from_h2_to_e2(tmp_path: Path) -> None:
    path = records(tmp_path)["xiangqi"]
    picture, scale = shoot(tmp_path, "xiangqi", show(path, "XQN002", "--format", "svg", "--size", str(SIZE)))
    check(measure(picture, scale, xiangqi_centre("h2"), xiangqi_centre("e2")))


def test_chromium_draws_go_the_assumed_point_ringed_in_dashes(tmp_path: Path) -> None:
    path = records(tmp_path)["go"]
    picture, scale = shoot(tmp_path, "go", show(path, "GO101", "--format", "svg", "--size", str(SIZE)))
    centre = go_centre("bb")
    green = [((x + 0.5) / scale, (y + 0.5) / scale) for x, y in picture.where(GREEN, TOLERANCE)]
    distances = [math.dist(p, centre) for p in green]
    # a ring of radius 10.8 and width 3.84 (a step of 30 units)
    assert len(green) > 100 and min(distances) >= 8 and max(distances) <= 13.5, (len(green), distances)
    angles = {int(math.degrees(math.atan2(y - centre[1], x - centre[0])) % 360 // 10) for x, y in green}
    assert 18 <= len(angles) < 36  # most of the way round, with gaps: dashed
