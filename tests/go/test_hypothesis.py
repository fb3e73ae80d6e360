"""Property-based tests: random legal games replay cleanly and score like sgfmill."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kifu.go.board import BLACK, WHITE, Board
from kifu.go.rules import PRESETS
from kifu.go.scoring import count
from sgfmill import boards

from tests.go.helpers import check_text

LETTERS = "abcdefghijklmnopqrs"


def random_legal_game(size: int, choices: list[int], play_out: bool) -> tuple[str, boards.Board]:
    """An SGF game legal by sgfmill's board: empty point, not the simple-ko point, not self-capture.

    Each choice picks among the legal moves; with ``play_out`` a player passes only when no legal
    move remains that does not fill one of its own single-point eyes, so the game is played out.
    """
    board = boards.Board(size)
    moves: list[str] = []
    ko: tuple[int, int] | None = None
    colour = "b"
    passes = 0
    for choice in choices:
        legal = []
        for row in range(size):
            for col in range(size):
                if board.get(row, col) is not None or (row, col) == ko:
                    continue
                if play_out and _own_eye(board, row, col, colour):
                    continue
                trial = board.copy()
                trial.play(row, col, colour)
                if trial.get(row, col) is None:
                    continue  # sgfmill performs self-capture; kifu's chinese/simple-ko replay forbids it
                legal.append((row, col))
        if not legal:
            moves.append(f";{colour.upper()}[]")
            passes += 1
            ko = None
            if passes == 2:
                break
        else:
            passes = 0
            row, col = legal[choice % len(legal)]
            ko = board.play(row, col, colour)
            moves.append(f";{colour.upper()}[{LETTERS[col]}{LETTERS[size - 1 - row]}]")
        colour = "w" if colour == "b" else "b"
    if play_out and passes < 2:
        moves.extend(f";{c}[]" for c in ("BW" if colour == "b" else "WB"))
    return f"(;GM[1]FF[4]SZ[{size}]KM[0]RU[Tromp-Taylor]{''.join(moves)})", board


def _own_eye(board: boards.Board, row: int, col: int, colour: str) -> bool:
    size = board.side
    neighbours = [(row + dr, col + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    return all(board.get(r, c) == colour for r, c in neighbours if 0 <= r < size and 0 <= c < size)


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    st.integers(min_value=2, max_value=9), st.lists(st.integers(min_value=0, max_value=10_000), max_size=120)
)
def test_random_legal_games_replay_cleanly(size: int, choices: list[int]) -> None:
    source, _ = random_legal_game(size, choices, play_out=False)
    checked = check_text(source, ko="simple")
    assert "KIFU001" not in checked.all_codes()
    assert not {"GO101", "GO102", "GO103"} & set(checked.codes())
    assert checked.records[0].plies == source.count(";") - 1


@SETTINGS
@given(
    st.integers(min_value=3, max_value=7),
    st.lists(st.integers(min_value=0, max_value=10_000), min_size=200, max_size=200),
)
def test_played_out_games_score_like_sgfmill(size: int, choices: list[int]) -> None:
    source, final = random_legal_game(size, choices, play_out=True)
    checked = check_text(source, ko="simple")
    game = checked.games[0]
    assert game.count is not None, "a played-out game ends with two passes and is counted"
    assert game.count.margin == final.area_score()
    assert game.main.board is not None
    stones = sum(1 for c in game.main.board.cells if c in (BLACK, WHITE))
    assert stones == sum(1 for row in range(size) for col in range(size) if final.get(row, col))


@SETTINGS
@given(st.data())
def test_undo_restores_every_position(data: st.DataObject) -> None:
    board = Board(5)
    history = []
    for _ in range(data.draw(st.integers(0, 60))):
        point = data.draw(st.sampled_from(board.on_board()))
        colour = data.draw(st.sampled_from((BLACK, WHITE)))
        before = (board.cells.copy(), board.hash)
        _, undo = board.play(point, colour, suicide_allowed=data.draw(st.booleans()))
        if undo is not None:
            history.append((before, undo))
    for before, undo in reversed(history):
        board.undo(undo)
        assert (board.cells, board.hash) == before
    assert board.hash == 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_empty_board_counts_as_shared(preset: str) -> None:
    counted = count(Board(9), set(), PRESETS[preset], 7.5, 0)
    assert counted.shared == 81 and counted.result == "W+7.5"
