"""Xiangqi boards: golden text and SVG, and what each must show."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest
from kifu.xiangqi import render
from kifu.xiangqi.board import Board, move_from, move_to
from kifu.xiangqi.fen import parse_fen, start_board, write_fen

from tests.golden import assert_golden
from tests.render.positions import CANNON_CHECK, CENTRAL_CANNON, xiangqi_game
from tests.render.svgcheck import SVG, XLINK, characters, find_all, parse, pixels, texts

GOLDEN = Path(__file__).with_name("golden") / "xiangqi"
CASES = {"start": "", "central-cannon": CENTRAL_CANNON, "cannon-check": CANNON_CHECK}


@pytest.mark.parametrize("name", list(CASES))
def test_golden_text_and_svg(name: str) -> None:
    board, last = xiangqi_game(CASES[name])
    assert_golden(GOLDEN / f"{name}.txt", render.text(board, last_move=last))
    assert_golden(GOLDEN / f"{name}.svg", render.svg(board, last_move=last))


def test_golden_flipped() -> None:
    board, last = xiangqi_game(CANNON_CHECK)
    assert_golden(GOLDEN / "cannon-check-flipped.txt", render.text(board, last_move=last, flipped=True))
    assert_golden(GOLDEN / "cannon-check-flipped.svg", render.svg(board, last_move=last, flipped=True))


def _pieces(board: Board, flipped: bool = False) -> list[tuple[str, str, float, float]]:
    """(side, character, x, y) of each piece group of the SVG."""
    root = parse(render.svg(board, flipped=flipped))
    found = []
    for group in find_all(root, "g", "piece"):
        side = "red" if "red" in group.get("class", "").split() else "black"
        disc = group.find(f"{SVG}circle")
        assert disc is not None
        [(_, _, char)] = characters(group)
        found.append((side, char, float(disc.get("cx", "0")), float(disc.get("cy", "0"))))
    return found


def test_the_start_has_32_pieces_with_each_sides_characters() -> None:
    pieces = _pieces(start_board())
    assert len(pieces) == 32
    assert Counter(c for side, c, _, _ in pieces if side == "red") == Counter(
        "俥俥傌傌相相仕仕帥炮炮兵兵兵兵兵"
    )
    assert Counter(c for side, c, _, _ in pieces if side == "black") == Counter(
        "車車馬馬象象士士將砲砲卒卒卒卒卒"
    )


@pytest.mark.parametrize("flipped", [False, True])
def test_each_piece_stands_on_its_point(flipped: bool) -> None:
    board, _ = xiangqi_game(CENTRAL_CANNON)
    pieces = sorted(_pieces(board, flipped), key=lambda p: (p[3], p[2]))  # top row first, left to right
    expected = []
    for row in range(10):
        rank = row if flipped else 9 - row
        for column in range(9):
            piece = board.board[rank * 9 + (8 - column if flipped else column)]
            if piece:
                expected.append(("red" if piece > 0 else "black", render.CHARACTERS[piece]))
    assert [(side, c) for side, c, _, _ in pieces] == expected
    xs = sorted({x for _, _, x, _ in pieces})
    assert all(round(b - a) % 50 == 0 for a, b in itertools.pairwise(xs))


def _file_numbers(board: Board, flipped: bool) -> tuple[list[str], list[str]]:
    """The file numbers above and below the board, left to right."""
    root = parse(render.svg(board, flipped=flipped))
    (files,) = find_all(root, "g", "files")
    labels = [(y, x, char) for x, y, char in characters(files)]
    top = min(y for y, _, _ in labels)
    return (
        [text for y, _, text in sorted(labels, key=lambda label: label[1]) if y == top],
        [text for y, _, text in sorted(labels, key=lambda label: label[1]) if y != top],
    )


def test_file_numbers_count_from_each_sides_right() -> None:
    board = start_board()
    assert _file_numbers(board, flipped=False) == (list("123456789"), list("九八七六五四三二一"))
    assert _file_numbers(board, flipped=True) == (list("一二三四五六七八九"), list("987654321"))


def test_the_board_has_its_river_palaces_and_marks() -> None:
    root = parse(render.svg(start_board()))
    (river,) = find_all(root, "g", "river")
    assert "".join(char for _, _, char in characters(river)) == "楚河漢界"
    (grid,) = find_all(root, "g", "grid")
    lines = grid.findall(f"{SVG}line")
    diagonals = [e for e in lines if e.get("x1") != e.get("x2") and e.get("y1") != e.get("y2")]
    assert len(diagonals) == 4  # two per palace
    verticals = [e for e in lines if e.get("x1") == e.get("x2")]
    assert len(verticals) == 14  # 7 inner files, cut by the river; the outer files are the frame
    # 4 cannon and 10 soldier points: 4 corner marks each, 2 on the edge files
    assert len(grid.findall(f"{SVG}polyline")) == 4 * 4 + 6 * 4 + 4 * 2


def test_the_last_move_is_an_arrow_to_the_moved_piece_and_the_check_a_ring() -> None:
    board, last = xiangqi_game(CANNON_CHECK)
    assert last is not None
    root = parse(render.svg(board, last_move=last))
    (arrow,) = find_all(root, "g", "last-move")
    line, head = arrow
    frm, to = move_from(last), move_to(last)  # e2 → e6: straight up the e file
    assert line.get("x1") == line.get("x2") == "238"
    assert float(line.get("y1", "0")) == 66 + (9 - frm // 9) * 50
    tip_y = float(head.get("points", "").split()[0].split(",")[1])
    assert 66 + (9 - to // 9) * 50 < tip_y < 66 + (9 - to // 9) * 50 + 25  # at the rim of the piece
    (ring,) = find_all(root, "circle", "check")
    king = board.kings[board.side]
    assert (ring.get("cx"), ring.get("cy")) == (str(38 + (king % 9) * 50), str(66 + (9 - king // 9) * 50))
    assert root.findtext(f"{SVG}desc") == f"FEN {write_fen(board)}; last move e2e6"
    assert root.findtext(f"{SVG}title") == "Xiangqi position, Black to move, in check"
    quiet = parse(render.svg(start_board()))
    assert not find_all(quiet, "g", "last-move") and not find_all(quiet, "circle", "check")


@pytest.mark.parametrize("size", [300, 578, 1000])
def test_svg_height_is_size(size: int) -> None:
    width, height = pixels(parse(render.svg(start_board(), size=size)))
    assert height == size and width < height


def test_text_shows_every_piece_and_marks() -> None:
    board, last = xiangqi_game(CANNON_CHECK)
    diagram = render.text(board, last_move=last)
    rows = [
        line for line in diagram.splitlines() if line.startswith("  ") and "│" in line and "river" not in line
    ]
    assert len(rows) == 10
    for row, rank in zip(rows, range(9, -1, -1), strict=True):
        cells = row.split("│")[1]
        for file in range(9):
            piece = board.board[rank * 9 + file]
            letter = render.LETTERS[abs(piece)] if piece else "."
            assert cells[3 * file + 1] == (letter if piece >= 0 else letter.lower())
    assert "*k*" in rows[0] and "[C]" in rows[3] and "[.]" in rows[7]
    assert "Black to move, in check; last move e2e6 on the points in [ ]; *k* the king in check" in diagram
    assert diagram.index("river") > diagram.index(" 5 │") and diagram.index("river") < diagram.index(" 4 │")
    quiet = render.text(start_board())
    assert "[" not in quiet and "*" not in quiet and "Red to move\n" in quiet


def test_the_legend_names_checkmate_and_stalemate_and_keeps_the_fen_given() -> None:
    """Both lose in xiangqi; the FEN under the board keeps the record's move counters."""
    mate = parse_fen("9/2N2k3/b8/9/9/9/9/3AK4/5R3/9 b - - 1 1")
    drawn = render.text(mate, fen="9/2N2k3/b8/9/9/9/9/3AK4/5R3/9 b - - 1 1")
    assert "\nBlack is checkmated; *k* the king in check\n" in drawn
    assert drawn.endswith("\nFEN 9/2N2k3/b8/9/9/9/9/3AK4/5R3/9 b - - 1 1\n")
    stalemate = parse_fen("6R2/9/3k5/2N6/9/9/9/5A3/9/4KA3 b - - 1 1")
    assert "\nBlack to move: stalemate, a loss in xiangqi\n" in render.text(stalemate)
    assert render.text(stalemate).endswith(" b - - 0 1\n")  # without fen: the board's, counters unknown


@pytest.mark.parametrize("style", ["glyphs", "letters"])
def test_the_board_needs_no_font_but_a_latin_one(style: render.Style) -> None:
    """Issue 30: no text in a CJK font (a viewer without one sees boxes); the glyphs are defined
    once per document and drawn with use; style letters draws WXF letters."""
    drawn = render.svg(start_board(), style=style)
    root = parse(drawn)
    assert all(t.strip().isascii() for t in texts(root))
    assert "CJK" not in drawn
    symbols = root.findall(f"{SVG}defs/{SVG}symbol")
    assert len({s.get("id") for s in symbols}) == len(symbols)
    uses = [u.get(f"{XLINK}href") for u in root.iter(f"{SVG}use")]
    assert {f"#{s.get('id')}" for s in symbols} == set(uses)
    if style == "glyphs":
        assert len(symbols) == 14 + 9 + 9 + 4 and len(uses) == 32 + 9 + 9 + 4  # pieces, numbers, river
        assert drawn.count(render.glyph_id("兵")) == 1 + 5  # defined once, drawn five times
    else:
        pieces = find_all(root, "g", "piece")
        letters = Counter((g.get("class", "").split()[1], g.findtext(f"{SVG}text")) for g in pieces)
        assert letters[("red", "R")] == letters[("black", "R")] == 2 and letters[("red", "P")] == 5
        assert len(symbols) == 4  # the river only


def test_style_text_writes_the_characters_in_cjk_fonts() -> None:
    drawn = render.svg(start_board(), style="text")
    assert "<use" not in drawn and "Noto Serif CJK" in drawn
    assert [t for t in texts(parse(drawn)) if len(t) > 1] == ["楚 河", "漢 界"]
    with pytest.raises(ValueError, match="style must be"):
        render.svg(start_board(), style="emoji")  # type: ignore[arg-type]
