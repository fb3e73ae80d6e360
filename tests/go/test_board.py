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


def test_a_refused_suicide_leaves_the_position_and_its_hash() -> None:
    board = Board(3)
    board.play(board.point(1, 0), BLACK)
    board.play(board.point(0, 1), BLACK)
    before = (board.cells.copy(), board.hash)
    assert board.play(board.point(0, 0), WHITE) == (SUICIDE, None)
    assert (board.cells, board.hash) == before
    outcome, undo = board.play(board.point(0, 0), WHITE, suicide_allowed=True)
    assert outcome == SUICIDE and undo is not None
    assert (board.cells, board.hash) == before and board.hash == full_hash(board)


def test_captures_on_every_side_at_once_keep_the_hash() -> None:
    """A stone that takes four groups at once (west, east, north, south): each goes, in that order."""
    board = Board(5)
    for x, y in ((1, 2), (3, 2), (2, 1), (2, 3)):  # white stones around the centre
        board.play(board.point(x, y), WHITE)
    for x, y in ((0, 2), (1, 1), (1, 3), (4, 2), (3, 1), (3, 3), (2, 0), (2, 4)):
        board.play(board.point(x, y), BLACK)
    outcome, undo = board.play(board.point(2, 2), BLACK)
    assert outcome == OK and undo is not None
    assert [p for p, _ in undo.changes] == [
        board.point(x, y) for x, y in ((2, 2), (1, 2), (3, 2), (2, 1), (2, 3))
    ]
    assert board.hash == full_hash(board)
    board.undo(undo)
    assert board.hash == full_hash(board) and board.cells[board.point(1, 2)] == WHITE


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
