"""kifu's FIDE presets against FIDE's own tie-break checker, value by value.

``events.json`` holds generated events (30 Swiss events with byes, half- and zero-point byes,
absences, forfeits, double forfeits and a withdrawal; 10 round robins with forfeits) and, for
each comparison, the places and tie-break values the TEC checker (OttoMilvang/TieBreakServer)
computed from kifu's TRF. ``regenerate.py`` (next to this file) says how the checker was
obtained and run. No network and no checker are needed here: every place and every value of
``--preset fide`` / ``fide-rr`` must equal the stored one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli

STORED = json.loads((Path(__file__).parent / "events.json").read_text(encoding="utf-8"))
EVENTS: list[dict[str, Any]] = STORED["events"]


def kifu_values(table: Path, comparison: dict[str, Any]) -> dict[int, tuple[int, list[float | None]]]:
    """Starting number → (place, values of the compared criteria) as kifu ranks the event."""
    arguments = ["standings", str(table), "--preset", comparison["preset"]]
    arguments += ["--fide-edition", comparison["edition"], "--format", "json"]
    if comparison["tiebreak"]:
        arguments += ["--tiebreak", comparison["tiebreak"]]
    outcome = CliRunner().invoke(cli, arguments)
    assert outcome.exit_code == 0, outcome.output
    document = json.loads(outcome.stdout)
    criteria = document["criteria"]
    assert len(criteria) == len(comparison["tec"])
    return {
        entry["number"]: (entry["place"], [entry["tiebreaks"].get(name) for name in criteria])
        for entry in document["standings"]
    }


def disagreements(event: dict[str, Any], folder: Path) -> list[str]:
    """Every place and value where kifu and the checker differ, named."""
    table = folder / f"{event['name']}.csv"
    table.write_text("\n".join(event["table"]) + "\n", encoding="utf-8")
    found = []
    for comparison in event["comparisons"]:
        ours = kifu_values(table, comparison)
        theirs = comparison["competitors"]
        assert sorted(ours) == sorted(int(number) for number in theirs)
        label = f"{event['name']} {comparison['preset']} {comparison['edition']}"
        for number, (place, values) in sorted(ours.items()):
            expected = theirs[str(number)]
            if place != expected["rank"]:
                found.append(f"{label} #{number}: place {place}, checker {expected['rank']}")
            for spec, mine, tec in zip(comparison["tec"], values, expected["values"], strict=True):
                # the checker writes 0 for a direct encounter that separates nobody: kifu a blank
                mine = 0.0 if mine is None and spec.startswith("DE") else mine
                same = mine == tec if mine is None or tec is None else abs(mine - tec) <= 1e-9
                if not same:
                    found.append(f"{label} #{number} {spec}: kifu {mine}, checker {tec}")
    return found


def test_the_stored_events_are_the_ones_asked_for() -> None:
    systems = [event["system"] for event in EVENTS]
    assert systems.count("swiss") >= 30 and systems.count("round-robin") >= 10
    rows = [row for event in EVENTS if event["system"] == "swiss" for row in event["table"]]
    for mark in (",--", ",+-", ",-+", ",withdrew", ",1/2-1/2", ",,½", ",,0"):
        assert any(row.endswith(mark) for row in rows), mark
    assert any(row.endswith(",,") for row in rows)  # byes
    for event in EVENTS:
        for comparison in event["comparisons"]:
            wanted = {"2023": 1, "2026": 2}[comparison["edition"]]
            assert set(comparison["versions"]) == {wanted}, "the checker's edition was chosen"


@pytest.mark.parametrize("event", EVENTS, ids=[event["name"] for event in EVENTS])
def test_every_place_and_value_equals_the_checkers(event: dict[str, Any], tmp_path: Path) -> None:
    assert disagreements(event, tmp_path) == []
