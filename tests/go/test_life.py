"""kifu's static life-and-death estimate: Benson's unconditional life, dead candidates, seki."""

from __future__ import annotations

from kifu.go.board import BLACK, WHITE, Board
from kifu.go.life import benson, estimate


def board_of(rows: list[str]) -> Board:
    board = Board(len(rows[0]), len(rows))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            board.cells[board.point(x, y)] = {".": 0, "X": BLACK, "O": WHITE}[ch]
    return board


def test_benson_finds_a_group_with_two_small_eyes_unconditionally_alive() -> None:
    board = board_of([".X.X.", "XXXXX", ".....", ".....", "....."])
    assert benson(board, BLACK) == {p for p in board.on_board() if board.cells[p] == BLACK}
    assert benson(board, WHITE) == set()


def test_benson_does_not_call_a_group_with_one_eye_alive() -> None:
    board = board_of([".X...", "XX...", ".....", ".....", "....."])
    assert benson(board, BLACK) == set()


def test_a_lone_stone_inside_the_opponents_area_is_a_dead_candidate() -> None:
    board = board_of([".X.O...", ".X.O...", ".X.O.X.", ".X.O...", ".X.O..."])
    guess = estimate(board)
    assert guess.dead_points == {board.point(5, 2)}


def test_seki_shared_liberties_are_recognised_and_neither_side_is_dead() -> None:
    # White inside Black's wall with one eye (c2) and no shared liberty: dead
    board = board_of(
        [
            "XOOOX..",
            "XO.OX..",
            "XOOOX..",
            "XXXXX..",
            ".......",
            ".......",
            ".......",
        ]
    )
    guess = estimate(board)
    assert board.point(1, 0) in guess.dead_points  # one eye inside Black's wall: dead, not seki
    seki = board_of(
        [
            "..OX...",
            "XXOX...",
            "OOOX...",
            "XXXX...",
            ".......",
            ".......",
            ".......",
        ]
    )
    found = estimate(seki)
    assert found.seki and not found.dead_points & {seki.point(2, 0), seki.point(0, 1)}
