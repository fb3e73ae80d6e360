"""The chess look-ahead's figures on each class of planted score-sheet slips, judged from the findings alone.

Each class (tests/chess/slips.py: one slip, two or three, a garbled move, a move left out with
the later moves shifted or with their own numbers, a move written twice, two moves of one side
swapped; each of the last two also where it shows only some moves later) is planted in 50
seeded random legal games and checked; every figure is its own test, per class. ``python -m
tests.chess.slips --games 1000`` (``make fuzz``) prints them at large counts, and ``--examples
K`` prints the sheets that fail.
"""

from __future__ import annotations

from functools import cache

import pytest
from kifu.core.findings import Severity

from tests.chess.slips import (
    CLASSES,
    LATE_CLASSES,
    MISSING_NAMED,
    MISSING_SAID,
    SEVERAL_NAMED,
    UNIQUE_ASSUMED,
    ClassFigures,
    check_sheet,
    measure_class,
    sheets,
)

GAMES = 50
SEED = 1
#: the classes whose slip sits on one written move with a true move there (a move written
#: twice has none; a left-out move has figures of its own)
MOVES = [kind for kind in CLASSES if not kind.startswith(("twice", "missing"))]
MISSING = [kind for kind in CLASSES if kind.startswith("missing")]


@cache
def figures(kind: str) -> ClassFigures:
    """The figures of class ``kind`` (measured once a process)."""
    return measure_class(kind, GAMES, SEED, keep=3)


def _shown(figures: ClassFigures) -> str:
    return "\n".join([*figures.lines(), *figures.failures])


@pytest.mark.parametrize("kind", CLASSES)
def test_no_error_on_a_move_the_original_game_played_legally(kind: str) -> None:
    """No error-severity finding on a written move other than the slip's own (a left-out move:
    the written moves from the gap up to the finding that says it is missing; two moves
    swapped: both; a move written twice: the second copy)."""
    found = figures(kind)
    assert found.false_errors == 0, _shown(found)


@pytest.mark.parametrize("kind", CLASSES)
def test_no_wrong_move_assumed(kind: str) -> None:
    """Every finding's ``meant`` (the move kifu assumed) is the true move at its written move
    (a left-out move: the missing move; a move written twice: none may be assumed)."""
    found = figures(kind)
    assert found.wrong_assumed == 0, _shown(found)


@pytest.mark.parametrize("kind", MOVES)
def test_the_only_legal_move_that_lets_the_rest_be_played_is_assumed(kind: str) -> None:
    """Where exactly one legal move at the slip lets the rest of the game be played (two moves
    swapped: at the first of them; a slip at the second that fits too counts as another), kifu
    assumes it (``meant`` of the finding on the slip's written move) in at least 98% of the slips."""
    found = figures(kind)
    if not found.unique:
        pytest.skip("no slip with exactly one legal move that fits")
    assert found.unique_assumed >= UNIQUE_ASSUMED * found.unique, _shown(found)


@pytest.mark.parametrize("kind", MOVES)
def test_the_true_move_is_among_those_named_where_several_fit(kind: str) -> None:
    """Where several legal moves let the rest be played, the true move is assumed or named
    (a whole token, SAN without check marks) by the finding on the slip's written move (two
    moves swapped: the first of them) in at least 99% of the slips."""
    found = figures(kind)
    if not found.several:
        pytest.skip("no slip with several legal moves that fit")
    assert found.several_named >= SEVERAL_NAMED * found.several, _shown(found)


@pytest.mark.parametrize("kind", MISSING)
def test_a_left_out_move_is_said_missing(kind: str) -> None:
    """A left-out half-move gets a CHESS113 finding that says "missing" (at the first written
    move after the gap or later) in at least 95% of the games."""
    found = figures(kind)
    assert found.missing_said >= MISSING_SAID * found.missing, _shown(found)


@pytest.mark.parametrize("kind", MISSING)
def test_a_left_out_move_is_named_where_the_rest_decides_it(kind: str) -> None:
    """Where exactly one legal move in the gap lets the rest be played, kifu names it (``meant``,
    or in the message that says it is missing) in at least 95% of the games."""
    found = figures(kind)
    if not found.missing_unique:
        pytest.skip("no gap that only one move fits")
    assert found.missing_named >= MISSING_NAMED * found.missing_unique, _shown(found)


@pytest.mark.parametrize("kind", LATE_CLASSES)
def test_a_late_structural_slip_is_never_passed_in_silence(kind: str) -> None:
    """A move written twice that the other side could play, or two moves swapped that both play,
    shows only some moves later: every such sheet gets an error, none a crash (besides the bars
    above, which these classes are held to as the others are)."""
    for sheet in sheets(kind, 20, SEED):
        findings = check_sheet(sheet)
        assert not any(f.code == "KIFU001" for f in findings), sheet.text
        assert any(f.severity is Severity.ERROR for f in findings), sheet.text
