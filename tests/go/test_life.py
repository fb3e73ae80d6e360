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
    # two eyeless chains sharing their two liberties, each inside the other colour's wall: seki
    # (GNU Go's final_status_list seki names both)
    seki = board_of(
        [
            "OO.XXO.",
            "OO.XXO.",
            "OOOXXO.",
            "XXXOOO.",
            "..XO...",
            "..XO...",
            "..XO...",
        ]
    )
    found = estimate(seki)
    assert len(found.seki) == 2 and not found.dead_points


def test_a_chain_in_atari_is_no_seki() -> None:
    """Issue 44: this board was read as seki (the white chain's other liberties are none, the
    black pair's are its eye points), yet White is in atari: Black takes it at B7 (GNU Go:
    the white stones are dead, the black pair alive). The old test held it a seki."""
    board = board_of(
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
    found = estimate(board)
    assert all(board.point(2, 0) not in group for group in found.seki)
    assert board.point(2, 0) in found.dead_points and board.point(0, 1) not in found.dead_points
