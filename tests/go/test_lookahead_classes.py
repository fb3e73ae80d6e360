"""The Go look-ahead's figures on planted slips, judged from the findings alone (tests/go/slips.py).

Two classes apply to Go: a coordinate slip onto an occupied point (``single``) and a move left
out, which leaves two moves of one colour in a row (``missing``); each is planted in 200 seeded
random games on a 9x9 board. ``python -m tests.go.slips --games 1000`` prints the figures at
large counts, and ``--examples K`` prints the records that fail.
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.chess.slips import MISSING_NAMED, MISSING_SAID, SEVERAL_NAMED, UNIQUE_ASSUMED, ClassFigures
from tests.go.slips import CLASSES, measure_class

#: 200 of each class: at 30 no slip had exactly one point that fits, and few a gap the rest
#: decides (on a 9x9 board the later moves rarely reach every other point); a few seconds
GAMES = 200
SEED = 1


@cache
def figures(kind: str) -> ClassFigures:
    """The figures of class ``kind`` (measured once a process)."""
    return measure_class(kind, GAMES, SEED, keep=3)


def _shown(figures: ClassFigures) -> str:
    return "\n".join([*figures.lines(), *figures.failures])


@pytest.mark.parametrize("kind", CLASSES)
def test_no_error_on_a_move_the_original_game_played_legally(kind: str) -> None:
    """No error-severity finding on a move other than the slip's own (a left-out move: the
    moves from the gap up to the finding that says it is missing)."""
    found = figures(kind)
    assert found.false_errors == 0, _shown(found)


@pytest.mark.parametrize("kind", CLASSES)
def test_no_wrong_move_assumed(kind: str) -> None:
    """Every finding's ``meant`` (``B[cd]``) is the true point of its move (a left-out move: the
    missing one)."""
    found = figures(kind)
    assert found.wrong_assumed == 0, _shown(found)


def test_the_only_point_that_lets_the_rest_be_played_is_assumed() -> None:
    """Where exactly one legal point at a coordinate slip lets the rest be played, kifu assumes
    it in at least 98% of the slips."""
    found = figures("single")
    if not found.unique:
        pytest.skip("no slip with exactly one legal point that fits")
    assert found.unique_assumed >= UNIQUE_ASSUMED * found.unique, _shown(found)


def test_the_true_point_is_among_those_named_where_several_fit() -> None:
    """Where several legal points let the rest be played, the true point is assumed or named in
    the message (``[cd]``) in at least 99% of the slips."""
    found = figures("single")
    if not found.several:
        pytest.skip("no slip with several legal points that fit")
    assert found.several_named >= SEVERAL_NAMED * found.several, _shown(found)


def test_a_left_out_move_is_said_missing() -> None:
    """A left-out move (two moves of one colour in a row) gets a GO106 finding that says
    "missing" in at least 95% of the games."""
    found = figures("missing")
    assert found.missing_said >= MISSING_SAID * found.missing, _shown(found)


def test_a_left_out_move_is_named_where_the_rest_decides_it() -> None:
    """Where exactly one legal point in the gap lets the rest be played, kifu names it in at
    least 95% of the games."""
    found = figures("missing")
    if not found.missing_unique:
        pytest.skip("no gap that only one point fits")
    assert found.missing_named >= MISSING_NAMED * found.missing_unique, _shown(found)
