"""The standings as one JSON document."""

from __future__ import annotations

import json
from typing import Any, TextIO

from kifu import __version__
from kifu.core.escape import json_text
from kifu.core.standings.writers import Report


def to_dict(report: Report) -> dict[str, Any]:
    """The JSON form: criteria, standings with their rounds, warnings."""
    table = report.crosstable
    standings = []
    for row in table.rows:
        competitor = row.standing.competitor
        rounds = []
        for cells in row.cells:
            for cell in cells:
                result = cell.result
                rounds.append(
                    {
                        "round": result.round,
                        "opponent": cell.opponent,
                        "opponent_name": result.opponent,
                        "colour": cell.colour or None,
                        "result": result.outcome,
                        "forfeit": result.forfeit,
                        "score": result.score,
                        "board_points": result.board_points,
                        "sources": result.sources,
                    }
                )
        entry: dict[str, Any] = {
            "place": row.standing.place,
            "place_last": row.standing.last,
            "shared": row.standing.shared,
            "number": row.number,
            "name": competitor.name,
            "withdrawn": competitor.withdrawn,
            "points": competitor.points,
            "tiebreaks": {name: row.standing.values.get(name) for name in table.criteria},
            "rounds": rounds,
        }
        if report.team:
            entry["members"] = competitor.members
        standings.append(entry)
    return {
        "kifu": __version__,
        "event": report.event or None,
        "game": report.game,
        "system": report.system,
        "preset": report.preset,
        "source": report.source,
        "team": report.team,
        "criteria": list(table.criteria),
        "rounds": table.rounds,
        "standings": standings,
        "warnings": report.warnings,
    }


def write_json(report: Report, out: TextIO) -> None:
    """One JSON document, indented."""
    out.write(json_text(json.dumps(to_dict(report), ensure_ascii=False, indent=2)))
    out.write("\n")
