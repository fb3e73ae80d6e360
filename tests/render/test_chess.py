"""Chess boards: golden text and SVG, and what each must show."""

from __future__ import annotations

from pathlib import Path

import pytest
from kifu.chess import render

import chess
from tests.golden import assert_golden
from tests.render.positions import RUY_LOPEZ, SCHOLARS_MATE, chess_game
from tests.render.svgcheck import SVG, find_all, parse, pixels

GOLDEN = Path(__file__).with_name("golden") / "chess"


def positions() -> dict[str, tuple[chess.Board, chess.Move | None]]:
    mid, mate = chess_game(RUY_LOPEZ), chess_game(SCHOLARS_MATE)
    return {"start": (chess.Board(), None), "ruy-lopez": (mid, mid.peek()), "mate": (mate, mate.peek())}


@pytest.mark.parametrize("name", ["start", "ruy-lopez", "mate"])
def test_golden_text_and_svg(name: str) -> None:
    board, last = positions()[name]
    assert_golden(GOLDEN / f"{name}.txt", render.text(board, last_move=last))
    assert_golden(GOLDEN / f"{name}.svg", render.svg(board, last_move=last))


def test_golden_flipped_text() -> None:
    board, last = positions()["mate"]
    assert_golden(GOLDEN / "mate-flipped.txt", render.text(board, last_move=last, flipped=True))


def _rows(diagram: str) -> list[str]:
    return [line for line in diagram.splitlines() if "│" in line]


def test_text_shows_every_piece_where_it_stands() -> None:
    board, _ = positions()["ruy-lopez"]
    rows = _rows(render.text(board))
    assert len(rows) == 8
    for row, rank in zip(rows, range(7, -1, -1), strict=True):
        cells = row.split("│")[1]
        assert len(cells) == 24
        for file in range(8):
            piece = board.piece_at(chess.square(file, rank))
            assert cells[3 * file + 1] == (piece.symbol() if piece else ".")


def test_text_marks_the_last_move_and_the_checked_king() -> None:
    board, last = positions()["mate"]
    diagram = render.text(board, last_move=last)
    rows = _rows(diagram)
    assert "[.]" in rows[3] and "[Q]" in rows[1]  # h5 and f7
    assert "*k*" in rows[0]
    assert "Black is checkmated; last move 4. Qxf7# on the squares in [ ]; *k* the king in check" in diagram
    assert f"FEN {board.fen()}" in diagram
    quiet = render.text(chess.Board())
    assert "[" not in quiet and "*" not in quiet and "White to move\n" in quiet


def test_flipped_text_puts_rank_1_and_file_h_at_the_top_left() -> None:
    rows = _rows(render.text(chess.Board(), flipped=True))
    assert rows[0].startswith(" 1 │ R  N  B  K  Q ")
    assert render.text(chess.Board(), flipped=True).splitlines()[0].split() == list("hgfedcba")


def test_a_move_that_is_not_the_boards_last_is_named_in_uci() -> None:
    board = chess.Board()
    assert "last move e2e4" in render.text(board, last_move=chess.Move.from_uci("e2e4"))


@pytest.mark.parametrize("size", [200, 360, 801])
def test_svg_is_svg_11_of_the_size_asked(size: int) -> None:
    board, last = positions()["mate"]
    root = parse(render.svg(board, size=size, last_move=last))
    assert pixels(root) == (size, size)
    assert root.findtext(f"{SVG}desc") == f"FEN {board.fen()}; last move 4. Qxf7#"
    assert root.findtext(f"{SVG}title") == "Chess position, Black is checkmated"


def test_svg_shows_the_last_move_and_the_check_only_when_there_are_some() -> None:
    board, last = positions()["mate"]
    drawn = render.svg(board, last_move=last)
    assert len(find_all(parse(drawn), "rect", "lastmove")) == 2
    assert "check_gradient" in drawn
    quiet = render.svg(chess.Board())
    assert not find_all(parse(quiet), "rect", "lastmove") and "check_gradient" not in quiet


def test_svg_flipped_puts_a1_at_the_top_right() -> None:
    root = parse(render.svg(chess.Board(), flipped=True))
    (a1,) = find_all(root, "rect", "a1")
    assert float(a1.get("x", "0")) > 300 and float(a1.get("y", "0")) < 50


def test_svg_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="size"):
        render.svg(chess.Board(), size=0)
