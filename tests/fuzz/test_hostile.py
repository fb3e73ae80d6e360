"""The hostile table of issue 16, each row a file made at test time and checked by the command
line in a subprocess: a finding and exit 1 within the row's time limit, peak RSS under 200 MiB.

The small rows run at once (side by side, so that the suite waits for the slowest only); the
large ones are ``slow`` (``pytest -m slow tests/fuzz/test_hostile.py``). Rows that fail on
today's main are ``xfail`` with what was measured (2 cores shared, address space capped at
3 GiB by the test).
"""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

import pytest

from tests.fuzz.hostile import ROWS, Outcome, Row, collect, launch, measure

#: measured on main ed9d06f; each says what the row did then
FAILING_TODAY: dict[str, str] = {}

_SMALL = [row for row in ROWS if not row.slow]
_LARGE = [row for row in ROWS if row.slow]


@cache
def _small_outcomes() -> dict[str, Outcome]:
    """Every small row, run side by side (each measured by its own helper process)."""
    directory = Path(tempfile.mkdtemp(prefix="kifu-hostile-"))
    running = []
    for row in _SMALL:
        place = directory / row.id
        place.mkdir()
        running.append((row, launch(row.make(place), place, row.limit)))
    return {row.id: collect(helper, row.limit) for row, helper in running}


def _params(rows: list[Row]) -> list[object]:
    return [
        pytest.param(
            row,
            id=row.id,
            marks=[pytest.mark.xfail(strict=False, reason=f"main today: {FAILING_TODAY[row.id]}")]
            if row.id in FAILING_TODAY
            else [],
        )
        for row in rows
    ]


@pytest.mark.parametrize("row", _params(_SMALL))
def test_small_hostile_input(row: Row) -> None:
    outcome = _small_outcomes()[row.id]
    assert outcome.problems(row.limit) == [], f"{row.id}: {outcome.measured()}\n{outcome.stderr[-2000:]}"


@pytest.mark.slow
@pytest.mark.parametrize("row", _params(_LARGE))
def test_large_hostile_input(row: Row, tmp_path: Path) -> None:
    outcome = measure(row, tmp_path)
    assert outcome.problems(row.limit) == [], f"{row.id}: {outcome.measured()}\n{outcome.stderr[-2000:]}"
