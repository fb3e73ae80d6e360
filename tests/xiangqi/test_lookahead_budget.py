"""The xiangqi look-ahead's work is bounded per game, as chess's and Go's are, counted not timed.

A record whose every move is written with a look-alike character (乎 for 平, 近 for 进) once
cost 49 s for 300 plies: each slip's look-ahead read past every later slip, asking for their
candidates (every legal move written out) without counting them. The work counted here is
the moves the look-ahead reads and the candidate sets it asks for, each set at the price the
budget gives it (:data:`~kifu.xiangqi.lookahead.CANDIDATES_COST`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from kifu.xiangqi import lookahead
from kifu.xiangqi.board import Board
from kifu.xiangqi.fen import START_FEN, parse_fen
from kifu.xiangqi.notation import write_move

from tests.xiangqi.slips import check, random_game, record_text


def _all_slipped(plies: int, seed: int = 7) -> str:
    """A random game of ``plies`` plies in Chinese notation, 平 and 进 written 乎 and 近."""
    board: Board = parse_fen(START_FEN)
    texts = []
    for move in random_game(random.Random(seed), plies):
        texts.append(write_move(board, move).replace("平", "乎").replace("进", "近"))
        board.push(move)
    return record_text(texts)


def _work(monkeypatch: pytest.MonkeyPatch, text: str) -> int:
    """Moves read by the look-ahead plus its candidate sets at their price, in checking ``text``."""
    counted = [0]

    def counting(function: Callable[..., Any], cost: int) -> Callable[..., Any]:
        def counted_call(*args: Any) -> Any:
            counted[0] += cost
            return function(*args)

        return counted_call

    monkeypatch.setattr(lookahead, "_read", counting(lookahead._read, 1))
    monkeypatch.setattr(lookahead, "candidates", counting(lookahead.candidates, lookahead.CANDIDATES_COST))
    check(text)
    monkeypatch.undo()
    return counted[0]


def test_a_game_of_slips_costs_a_bounded_multiple_of_its_length(monkeypatch: pytest.MonkeyPatch) -> None:
    """The work stays under the record's effort (:func:`~kifu.xiangqi.lookahead.game_effort`),
    a fifth more for what a round may read past its share; before the bound, 300 plies of
    slips read about 1.5 M moves' worth."""
    for plies in (100, 300):
        work = _work(monkeypatch, _all_slipped(plies))
        bound = lookahead.game_effort(plies).left * 6 // 5
        assert work <= bound, f"{plies} plies of slips: {work:,} moves read, over {bound:,}"


def test_the_spent_effort_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    report = check(_all_slipped(300))
    assert any(lookahead.SPENT in f.message for f in report.findings)
