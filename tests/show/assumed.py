"""Records whose move kifu assumed was decided by the moves after it (the finding's ``meant``),
one per game, and the geometry of their boards: what the tests of the assumed mark draw and
measure (test_assumed_marks, test_assumed_chromium)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli

from tests.render.svgcheck import SVG, find_all, parse

ROOT = Path(__file__).resolve().parents[2]
#: 3. Nb5 written, Bb5 assumed (4. Ba4 needs a bishop on b5); 6... Nd7 ambiguous, Nbd7 assumed
#: (8... Ng4 needs the knight of f6)
CHESS = ROOT / "fixtures/chess/bad/slips-told-by-later-moves.pgn"
#: 炮平五 (the file left out) is 炮二平五 or 炮八平五, and nothing else plays on: 2. 炮八进四 needs
#: the cannon of 八 where it was, 3. 炮五进四 a cannon on file 五
XIANGQI = '[Game "Chinese Chess"]\n\n1. 炮平五 马８进７ 2. 炮八进四 车９平８ 3. 炮五进四 *\n'
#: B[cb] (occupied) written for B[bb]: move 10 W[aa] takes the black stones of A4, B4 and B5 and
#: is suicide after any other move
GO = (
    "(;GM[1]FF[4]SZ[5]KM[0]RU[Chinese];B[ab];W[ac];B[ba];W[ca];B[ee];W[bc];B[ed];W[cb];B[cb];W[aa];"
    "B[dd];W[de])"
)
ASSUMED = "#007f5f"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def show(path: Path, code: str, *more: str) -> str:
    """``kifu show PATH --finding CODE MORE``'s output."""
    status, out, err = invoke("show", str(path), "--finding", code, *more)
    assert status == 0, err
    return out


def records(tmp_path: Path) -> dict[str, Path]:
    """The three records as files (chess's is a fixture)."""
    xiangqi, go = tmp_path / "later.pgn", tmp_path / "later.sgf"
    xiangqi.write_text(XIANGQI, encoding="utf-8")
    go.write_text(GO, encoding="utf-8")
    return {"chess": CHESS, "xiangqi": xiangqi, "go": go}


# --- the geometry of the boards, in user units ---------------------------------------------------


def chess_centre(square: str) -> tuple[float, float]:
    """python-chess's board with coordinates, White at the bottom: a 15 margin, 45 a square."""
    file, rank = "abcdefgh".index(square[0]), int(square[1])
    return 15 + (file + 0.5) * 45, 15 + (8 - rank + 0.5) * 45


def xiangqi_centre(point: str) -> tuple[float, float]:
    """kifu.xiangqi.render's board, Red at the bottom: 38 and 66 the margins, 50 a step."""
    return 38 + "abcdefghi".index(point[0]) * 50, 66 + (9 - int(point[1])) * 50


def go_centre(point: str) -> tuple[float, float]:
    """kifu.go.render's board: a 40 margin, 30 a step, SGF points from the top left."""
    return 40 + "abcdefghijklmnopqrs".index(point[0]) * 30, 40 + "abcdefghijklmnopqrs".index(point[1]) * 30


def arrow(root: ET.Element) -> tuple[tuple[float, float], tuple[float, float], ET.Element]:
    """The one assumed arrow of a board: its start, its head's tip, and its dashed line."""
    (group,) = find_all(root, "g", "mark assumed")
    line, head = group.find(f"{SVG}line"), group.find(f"{SVG}polygon")
    assert line is not None and head is not None
    tip = head.get("points", "").split()[0].split(",")
    return (float(line.get("x1", "")), float(line.get("y1", ""))), (float(tip[0]), float(tip[1])), line


def near(a: tuple[float, float], b: tuple[float, float], within: float = 0.01) -> bool:
    return math.dist(a, b) <= within


def finding_board(page: str, code: str) -> ET.Element:
    """The board of the HTML report's first finding of ``code``."""
    (block,) = [
        b
        for b in re.findall(r'<div class="finding .*?(?=<div class="finding |</section>)', page, re.S)
        if f"<code>{code}</code>" in b
    ][:1]
    match = re.search(r'<svg (?![^>]*class="defs")[^>]*version="1\.1".*?</svg>', block, re.S)
    assert match, f"the report draws no board for {code}"
    return parse(match.group(0))
