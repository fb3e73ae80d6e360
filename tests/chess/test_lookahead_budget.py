"""The chess look-ahead's work is bounded per game, counted not timed.

Each slip's probe replays the moves after it under every candidate, and past the later slips
where they stop. A game's probes take their moves from one effort
(:func:`~kifu.core.lookahead.game_effort`: a few slips' worth, and a bounded multiple of the
game's length): once it is spent, no move is assumed (the evidence would be cut short), the
message says why, and the line is not checked further. A game of 50 slips once took 40 s.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from kifu.chess import lookahead
from kifu.chess.checker import check_game
from kifu.chess.splitter import split_games
from kifu.core import lookahead as engine

from tests.chess.slips import game, plant


def _slipped(plies: int, slips: int, seed: int = 0) -> str:
    for attempt in range(seed, seed + 50):
        sans = game(random.Random(attempt), plies)
        planted = plant(random.Random(attempt), sans, slips) if len(sans) >= plies * 0.9 else None
        if planted is not None:
            return planted.pgn()
    raise AssertionError("no game to plant the slips in")


def _replayed(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[int, list[str]]:
    """Moves the look-ahead replays (and its later slips' readings at their price) in checking
    ``text``; the messages of the findings."""
    counted = [0]
    play: Callable[..., int] = lookahead.ChessGame.play
    readings: Callable[..., Any] = lookahead.ChessGame.readings

    def counting_play(self: Any, *args: Any) -> int:
        counted[0] += 1
        return play(self, *args)

    def counting_readings(self: Any, *args: Any) -> Any:
        counted[0] += engine.READINGS_COST
        return readings(self, *args)

    monkeypatch.setattr(lookahead.ChessGame, "play", counting_play)
    monkeypatch.setattr(lookahead.ChessGame, "readings", counting_readings)
    (text_game,) = split_games(iter(text.splitlines()))
    report = check_game(text_game, 1)
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
