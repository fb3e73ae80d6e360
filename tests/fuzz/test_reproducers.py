"""Issue 16's reproducers through the command line (:mod:`tests.fuzz.reproducers`): each gets its
finding and exit status, no KIFU001 nor traceback, and stays under 100 MiB. Their time is
measured and printed by ``python -m tests.fuzz.reproducers``; here it only bounds the wait."""

from __future__ import annotations

from functools import cache

import pytest

from tests.fuzz.hostile import Outcome
from tests.fuzz.reproducers import REPRODUCERS, Reproducer, measure_all

MEMORY_MIB = 100


@cache
def _outcomes() -> dict[str, Outcome]:
    return measure_all()


@pytest.mark.parametrize("reproducer", REPRODUCERS, ids=[r.id for r in REPRODUCERS])
def test_each_reproducer_gets_its_finding_within_bounds(reproducer: Reproducer) -> None:
    outcome = _outcomes()[reproducer.id]
    output = outcome.stdout + outcome.stderr
    assert outcome.status == reproducer.status, f"{outcome.measured()}\n{output[-2000:]}"
    assert reproducer.says in output, output[-2000:]
    assert "KIFU001" not in output and "Traceback" not in output, output[-2000:]
    assert outcome.peak_mib < MEMORY_MIB, outcome.measured()
