"""The xiangqi look-ahead's work is bounded per game, as chess's and Go's are, counted not timed.

Each slip's probe replays the moves after it under every hypothesis (its readings, every other
legal move, a half-move left out, the move written twice, two moves swapped), and past the later
slips where they stop. A game's probes take their moves from one effort
(:func:`~kifu.core.lookahead.game_effort`: a few slips' worth, and a bounded multiple of the
game's length): once it is spent, no move is assumed, the message says why, and the line is not
checked further. A record whose every move was written with a look-alike character (乎 for 平,
近 for 进) once cost 49 s for 300 plies. The work counted here is the moves the look-ahead
replays and the readings of later slips it asks for, each at the price the budget gives it
(:data:`~kifu.core.lookahead.READINGS_COST`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from kifu.core import lookahead as engine
from kifu.xiangqi import lookahead
from kifu.xiangqi.board import Board
from kifu.xiangqi.fen import START_FEN, parse_fen
from kifu.xiangqi.notation import write_move

pytest.importorskip("pyffish")

from tests.xiangqi.slips import check, plant, random_game, record_text


def _all_slipped(plies: int, seed: int = 7) -> str:
    """A random game of ``plies`` plies in Chinese notation, 平 and 进 written 乎 and 近."""
    board: Board = parse_fen(START_FEN)
    texts = []
    for move in random_game(random.Random(seed), plies):
        texts.append(write_move(board, move).replace("平", "乎").replace("进", "近"))
        board.push(move)
    return record_text(texts)


def _slipped(plies: int, slips: int, seed: int = 0) -> str:
    """A random game of about ``plies`` plies in Chinese notation with ``slips`` planted slips."""
    for attempt in range(seed, seed + 50):
        moves = random_game(random.Random(attempt), plies)
        planted = (
            plant(random.Random(attempt), moves, "chinese", slips, 4) if len(moves) >= plies * 0.9 else None
        )
        if planted is not None:
            return record_text(planted.texts)
    raise AssertionError("no game to plant the slips in")


def _replayed(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[int, list[str]]:
    """Moves the look-ahead replays (and its later slips' readings at their price) in checking
    ``text``; the messages of the findings."""
    counted = [0]
    play: Callable[..., int] = lookahead.XiangqiGame.play
    readings: Callable[..., Any] = lookahead.XiangqiGame.readings

    def counting_play(self: Any, *args: Any) -> int:
        counted[0] += 1
        return play(self, *args)

    def counting_readings(self: Any, *args: Any) -> Any:
        counted[0] += engine.READINGS_COST
        return readings(self, *args)

    monkeypatch.setattr(lookahead.XiangqiGame, "play", counting_play)
    monkeypatch.setattr(lookahead.XiangqiGame, "readings", counting_readings)
    report = check(text)
    monkeypatch.undo()
    return counted[0], [f.message for f in report.findings]


def test_a_game_of_slips_replays_at_most_its_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "GAME_EFFORT", 300)
    monkeypatch.setattr(engine, "EFFORT_PER_PLY", 1)
    text = _slipped(200, 12)
    replayed, messages = _replayed(monkeypatch, text)
    # the probes take at most the effort (a slip's hypotheses are set up past it: a reading's
    # own moves, each slip's readings at their price); the reasons replay a line again, once
    assert replayed <= 3 * (500 + 2 * engine.READINGS_COST), replayed
    assert any(engine.SPENT in message for message in messages)


def test_a_score_sheets_slips_take_a_fraction_of_the_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _slipped(120, 3)
    replayed, messages = _replayed(monkeypatch, text)
    assert replayed < engine.game_effort(120).left // 4, replayed
    assert not any(engine.SPENT in message for message in messages)


@pytest.mark.parametrize("plies", [100, 300])
def test_a_game_of_look_alike_characters_costs_a_bounded_multiple_of_its_length(
    monkeypatch: pytest.MonkeyPatch, plies: int
) -> None:
    """Every move a look-alike slip: the first is read (the text is that move but for its
    writing) and the rest of the game, its every later move a slip, reads past them as far as
    the effort lets it."""
    replayed, messages = _replayed(monkeypatch, _all_slipped(plies))
    assert replayed <= engine.game_effort(plies).left * 6 // 5, replayed
    assert messages


def test_the_spent_effort_is_said() -> None:
    report = check(_all_slipped(300))
    assert any(engine.SPENT in f.message for f in report.findings)
