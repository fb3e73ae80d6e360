"""A short deterministic slice of every fuzzer (seed 0), and the triaged reproducers of
tests/fuzz/cases replayed through the same oracle.

The kinds of failure the slice meets on today's main are ``xfail`` (not strict) with the
reproducer that shows each; the game packages' fixes come later, and then the marks go.
"""

from __future__ import annotations

import json
import tempfile
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from tests.fuzz import oracle
from tests.fuzz.formats import FORMATS
from tests.fuzz.run import run_one

SEED = 0
#: inputs per format: about 20 s for all of them on one core
SLICE = {"chess": 60, "sgf": 120, "xqpgn": 100, "dhtmlxq": 80, "cbf": 100, "xqf": 200, "cbr": 200}
KINDS = ("kifu001", "exception", "slow", "fixpoint", "detect")
CASES = Path(__file__).parent / "cases"
INDEX: dict[str, dict[str, object]] = json.loads((CASES / "index.json").read_text(encoding="utf-8"))

#: (format, kind) failing on today's main → the triaged reproducer under tests/fuzz/cases
FAILING_TODAY: dict[tuple[str, str], str] = {}


@cache
def _slice(name: str) -> dict[str, list[str]]:
    """The slice of ``name``: per kind, the failing inputs (index and symptom)."""
    limit = oracle.HARD_LIMIT
    oracle.HARD_LIMIT = 3.0  # a slow input is a failure already; do not wait for it
    found: dict[str, list[str]] = defaultdict(list)
    try:
        with tempfile.TemporaryDirectory(prefix="kifu-slice-") as workdir:
            for index in range(SLICE[name]):
                *_, result = run_one(name, SEED, index, workdir, all_targets=False)
                for failure in result.failures:
                    found[failure.kind].append(
                        f"input {index}: {failure.op}: {failure.symptom} {failure.where}"
                    )
    finally:
        oracle.HARD_LIMIT = limit
    return found


#: reproducers fixed since index.json was written (its "open" flag belongs to the campaign)
FIXED = {
    # xiangqi: ASCII digits only (kifu.core.digits)
    "cbf/kifu001-1.cbf",
    "cbf/kifu001-2.cbf",
    "cbf/kifu001-3.cbf",
    "cbf/kifu001-4.cbf",
    "dhtmlxq/kifu001-1.dhtml",
    "dhtmlxq/kifu001-2.dhtml",
    "xqpgn/kifu001-1.pgn",
    "xqpgn/kifu001-2.pgn",
    "xqpgn/kifu001-3.pgn",
    "xqpgn/kifu001-4.pgn",
    # xiangqi: empty variations `()` are no longer written
    "cbr/fixpoint-1.cbr",
    "xqf/fixpoint-2.xqf",
    "xqpgn/fixpoint-3.pgn",
    # xiangqi: a comment keeps a leading ';'
    "dhtmlxq/fixpoint-1.dhtml",
    # detection: the full-width WXF pattern matches characters, not single bytes
    "chess/fixpoint-1.pgn",
    # xiangqi PGN writer: [Game "Chinese Chess"] first, whatever the record had
    "xqpgn/fixpoint-1.pgn",
    # xiangqi reader: DhtmlXQ only outside PGN comments
    "cbf/fixpoint-1.cbf",
    # xiangqi: control characters of tags, comments and XQF/CBR fields are never written
    "xqf/fixpoint-1.xqf",
    "xqpgn/fixpoint-2.pgn",
}


def _slice_params() -> list[object]:
    params = []
    for name in FORMATS:
        for kind in KINDS:
            case = FAILING_TODAY.get((name, kind))
            marks = [pytest.mark.xfail(strict=False, reason=f"fails on main today: {case}")] if case else []
            params.append(pytest.param(name, kind, id=f"{name}-{kind}", marks=marks))
    return params


@pytest.mark.parametrize(("name", "kind"), _slice_params())
def test_fuzz_slice(name: str, kind: str) -> None:
    failures = _slice(name).get(kind, [])
    if kind == "slow":  # the machine may be busy: only an input far over the limit counts here
        failures = [f for f in failures if "stopped" in f]
    assert failures == [], f"{len(failures)} {kind} failure(s) of {name}:\n" + "\n".join(failures[:10])


def _case_params() -> list[object]:
    params = []
    for name, note in sorted(INDEX.items()):
        reason = f"{note['kind']} at {note.get('where') or note['op']}: {note['symptom']}"
        marks = (
            [pytest.mark.xfail(strict=False, reason=reason)] if note.get("open") and name not in FIXED else []
        )
        params.append(pytest.param(name, id=name, marks=marks))
    return params


@pytest.mark.parametrize("case", _case_params())
def test_triaged_reproducer(case: str) -> None:
    note = INDEX[case]
    spec = FORMATS[str(note["format"])]
    data = (CASES / case).read_bytes()
    truth = note.get("truth")
    with tempfile.TemporaryDirectory(prefix="kifu-case-") as workdir:
        result = oracle.run(spec, data, workdir, str(truth) if truth else None)
    assert [f for f in result.failures if f.kind != "slow" or "stopped" in f.symptom] == []
