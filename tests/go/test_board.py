"""The board: captures, suicide, undo, and the incremental Zobrist hash."""

from __future__ import annotations

from kifu.go.board import BLACK, OCCUPIED, OK, SUICIDE, WHITE, Board, Undo


def full_hash(board: Board) -> int:
    """The hash recomputed from scratch, to compare with the incremental one."""
    twin = Board(board.width, board.height)
    undo = Undo([], 0)
    for point in board.on_board():
        if board.cells[point]:
            twin.put(point, board.cells[point], undo)
    return twin.hash


def test_capture_and_undo_restore_position_and_hash() -> None:
    board = Board(5)
    for x, y, colour in ((1, 0, BLACK), (0, 0, WHITE), (0, 2, BLACK), (0, 1, WHITE)):
        assert board.play(board.point(x, y), colour)[0] == OK
    before = (board.cells.copy(), board.hash)
    outcome, undo = board.play(board.point(1, 1), BLACK)
    assert outcome == OK and undo is not None
    assert board.cells[board.point(0, 0)] == 0 and board.cells[board.point(0, 1)] == 0
    assert board.hash == full_hash(board)
    board.undo(undo)
    assert (board.cells, board.hash) == before


def test_occupied_and_suicide() -> None:
    board = Board(3)
    board.play(board.point(1, 0), BLACK)
    board.play(board.point(0, 1), BLACK)
    assert board.play(board.point(1, 0), WHITE) == (OCCUPIED, None)
    assert board.play(board.point(0, 0), WHITE) == (SUICIDE, None)
    outcome, undo = board.play(board.point(0, 0), WHITE, suicide_allowed=True)
    assert outcome == SUICIDE and undo is not None and board.cells[board.point(0, 0)] == 0


def test_rectangular_and_largest_boards() -> None:
    board = Board(52, 52)
    assert board.play(board.point(51, 51), BLACK)[0] == OK
    wide = Board(13, 9)
    assert wide.play(wide.point(12, 8), WHITE)[0] == OK
    assert len(wide.on_board()) == 13 * 9


def test_regions() -> None:
    board = Board(3)
    board.play(board.point(1, 0), BLACK)
    board.play(board.point(1, 1), BLACK)
    board.play(board.point(1, 2), BLACK)
    regions = sorted((len(r), sorted(b)) for r, b in board.regions())
    assert regions == [(3, [BLACK]), (3, [BLACK])]
