"""The standings as one JSON document."""

from __future__ import annotations

import json
from typing import Any, TextIO

from kifu import __version__
from kifu.core.escape import json_text
from kifu.standings.writers import Report


def to_dict(report: Report) -> dict[str, Any]:
    """The JSON form: criteria, standings with their rounds, errors, warnings."""
    return _document(report, [_entry(report, row) for row in report.crosstable.rows])


def _entry(report: Report, row: Any) -> dict[str, Any]:
    """One competitor's standing and rounds."""
    table = report.crosstable
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
        "title": table.profile_of(competitor.name, "title") or None,
        "rating": competitor.rating,
        "federation": table.profile_of(competitor.name, "federation") or None,
        "withdrawn": competitor.withdrawn,
        "points": competitor.points,
        "tiebreaks": {name: row.standing.values.get(name) for name in table.criteria},
        "rounds": rounds,
    }
    if report.team:
        entry["members"] = competitor.members
    if report.provenance is not None and competitor.name in report.provenance:
        known = report.provenance[competitor.name]
        entry["fide_id"] = known.fide_id
        entry["national_id"] = known.national_id
        entry["sources"] = known.columns
        entry["register"] = known.entry
        entry["spellings"] = list(known.spellings)
    return entry


def _document(report: Report, standings: list[dict[str, Any]]) -> dict[str, Any]:
    table = report.crosstable
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
        "ranked_by": report.ranked_by(),
        "standings": standings,
        "errors": report.errors,
        "warnings": report.warnings,
    }


#: where the list of standings stands in the indented document with an empty one
_EMPTY_STANDINGS = '\n  "standings": [],'


def write_json(report: Report, out: TextIO) -> None:
    """One JSON document, indented: the text ``json.dumps(to_dict(report), indent=2)`` gives,
    written a competitor at a time, so that an event of 100,000 players is never one string
    (or one dictionary) in memory."""
    rows = report.crosstable.rows
    frame = json.dumps(_document(report, []), ensure_ascii=False, indent=2)
    if not rows:
        out.write(json_text(frame) + "\n")
        return
    # a string value holds no unescaped quote, so only the key itself can match
    before, after = frame.split(_EMPTY_STANDINGS, 1)
    out.write(json_text(before) + '\n  "standings": [')
    separator = "\n    "
    for row in rows:
        entry = json.dumps(_entry(report, row), ensure_ascii=False, indent=2)
        out.write(separator + json_text(entry).replace("\n", "\n    "))
        separator = ",\n    "
    out.write("\n  ]," + json_text(after) + "\n")
