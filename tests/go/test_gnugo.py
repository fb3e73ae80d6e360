"""Differential test: kifu's move legality against GNU Go's ``is_legal`` on random positions."""

from __future__ import annotations

import random

import pytest
from kifu.go.board import BLACK, OK, WHITE, Board
from kifu.go.gnugo import Gtp

from tests.conftest import find_program

GNUGO = find_program("gnugo")
pytestmark = pytest.mark.skipif(GNUGO is None, reason="gnugo is not installed")


def kifu_legal(board: Board, point: int, colour: int, before_last: int) -> bool:
    """Legal under simple ko, no suicide: what GNU Go's is_legal decides."""
    outcome, undo = board.play(point, colour)
    if undo is None:
        return False
    legal = outcome == OK and board.hash != before_last
    board.undo(undo)
    return legal


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_is_legal_agrees_with_gnugo(seed: int) -> None:
    rnd = random.Random(seed)
    size = 7
    board = Board(size)
    before_last = -1
    compared = 0
    refused_empty = 0  # suicide or ko: the cases where legality is more than "is the point empty"
    with Gtp(GNUGO) as gtp:
        gtp.command(f"boardsize {size}")
        gtp.command("clear_board")
        colour = BLACK
        for move in range(120):
            if move % 10 == 9:  # compare every point, both colours
                for point in board.on_board():
                    x, y = board.coordinates(point)
                    for who in (colour, 3 - colour):
                        ours = kifu_legal(board, point, who, before_last if who == colour else -1)
                        assert ours == gtp.is_legal(who, x, y, size), (seed, move, x, y, who)
                        compared += 1
                        refused_empty += board.cells[point] == 0 and not ours
            empties = [p for p in board.on_board() if board.cells[p] == 0]
            rnd.shuffle(empties)
            for point in empties:
                if kifu_legal(board, point, colour, before_last):
                    previous = board.hash
                    board.play(point, colour)
                    before_last = previous
                    x, y = board.coordinates(point)
                    gtp.command(f"play {'black' if colour == BLACK else 'white'} {'ABCDEFGHJ'[x]}{size - y}")
                    break
            else:
                gtp.command(f"play {'black' if colour == BLACK else 'white'} pass")
                before_last = board.hash
            colour = WHITE if colour == BLACK else BLACK
    assert compared >= 1000 and refused_empty > 0
