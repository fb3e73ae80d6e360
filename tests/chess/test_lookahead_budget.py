"""The chess look-ahead's work is bounded per game, counted not timed.

Each slip's probe replays the moves after it under every candidate, and past the later slips
where they stop. A game's probes take their moves from one effort
(:func:`~kifu.chess.lookahead.game_effort`: a few slips' worth, and a bounded multiple of the
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

from tests.chess.slips import game, plant


def _slipped(plies: int, slips: int, seed: int = 0) -> str:
    for attempt in range(seed, seed + 50):
        sans = game(random.Random(attempt), plies)
        planted = plant(random.Random(attempt), sans, slips) if len(sans) >= plies * 0.9 else None
        if planted is not None:
            return planted.pgn()
    raise AssertionError("no game to plant the slips in")


def _replayed(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[int, list[str]]:
    """Moves the look-ahead replays (and its later slips' candidate sets at their price) in checking
    ``text``; the messages of the findings."""
    counted = [0]
    reach: Callable[..., tuple[int, int]] = lookahead._reach
    candidates_at: Callable[..., Any] = lookahead._candidates_at

    def counting_reach(board: Any, rest: Any, start: int, *args: Any) -> tuple[int, int]:
        index, wrong = reach(board, rest, start, *args)
        counted[0] += index - start
        return index, wrong

    def counting_candidates(*args: Any) -> Any:
        counted[0] += lookahead.CANDIDATES_COST
        return candidates_at(*args)

    monkeypatch.setattr(lookahead, "_reach", counting_reach)
    monkeypatch.setattr(lookahead, "_candidates_at", counting_candidates)
    (text_game,) = split_games(iter(text.splitlines()))
    report = check_game(text_game, 1)
    monkeypatch.undo()
    return counted[0], [f.message for f in report.findings]


def test_a_game_of_slips_replays_at_most_its_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookahead, "GAME_EFFORT", 300)
    monkeypatch.setattr(lookahead, "EFFORT_PER_PLY", 1)
    text = _slipped(200, 12)
    replayed, messages = _replayed(monkeypatch, text)
    # the probes take at most the effort (and a later slip's candidate set past it); the reason
    # given for a move assumed replays again what its probes replayed, for two of them at most
    assert replayed <= 3 * (500 + lookahead.CANDIDATES_COST), replayed
    assert any(lookahead.SPENT in message for message in messages)


def test_a_score_sheets_slips_take_a_fraction_of_the_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _slipped(120, 3)
    replayed, messages = _replayed(monkeypatch, text)
    assert replayed < lookahead.game_effort(120).left // 4, replayed
    assert not any(lookahead.SPENT in message for message in messages)
