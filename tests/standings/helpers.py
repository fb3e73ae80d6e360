"""Running ``kifu standings`` in-process and reading its JSON."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner
from kifu.app import cli

from tests.conftest import FIXTURES

EVENTS = FIXTURES / "standings"


def run(*arguments: str) -> tuple[dict[str, Any], str]:
    """The JSON document of ``kifu standings ARGUMENTS --format json``, and stderr."""
    result = CliRunner().invoke(cli, ["standings", *arguments, "--format", "json"])
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout), result.stderr


def places(document: dict[str, Any]) -> list[tuple[str, str, float]]:
    """``(place, name, points)`` in ranking order; a shared place is written ``1-2``."""
    rows = []
    for entry in document["standings"]:
        place = f"{entry['place']}-{entry['place_last']}" if entry["shared"] else str(entry["place"])
        rows.append((place, entry["name"], entry["points"]))
    return rows


def tiebreak(document: dict[str, Any], name: str, criterion: str) -> float | None:
    """One competitor's value of a criterion."""
    entry = next(e for e in document["standings"] if e["name"] == name)
    value: float | None = entry["tiebreaks"][criterion]
    return value
