"""The text standings: one table with place, name, a column per round, points and tie-breaks."""

from __future__ import annotations

import unicodedata
from typing import TextIO

from kifu.core.escape import terminal
from kifu.core.standings.tiebreaks import CRITERIA
from kifu.core.standings.writers import Report, value_text


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded to ``columns`` terminal columns."""
    fill = " " * max(columns - width(text), 0)
    return fill + text if right else text + fill


#: the column of the competitor's name, the only text of the table taken from the records
NAME = 2


def rows(report: Report) -> tuple[list[str], list[list[str]]]:
    """The header and the cells of the standings table (shared with the CSV writer)."""
    table = report.crosstable
    header = ["Place", "No", "Name"] + [f"R{n}" for n in range(1, table.rounds + 1)]
    header += [CRITERIA[name].heading for name in table.criteria]
    lines = []
    for row in table.rows:
        competitor = row.standing.competitor
        name = competitor.name + (" (withdrew)" if competitor.withdrawn else "")
        cells = [row.standing.label, str(row.number), name]
        cells += [" ".join(cell.text() for cell in round_) for round_ in row.cells]
        cells += [value_text(name_, row.standing.values.get(name_)) for name_ in table.criteria]
        lines.append(cells)
    return header, lines


def write_text(report: Report, out: TextIO) -> None:
    """The table, then the criteria it was ranked by (the command prints warnings on stderr)."""
    header, lines = rows(report)
    for line in lines:
        line[NAME] = terminal(line[NAME], one_line=True)
    widths = [max(width(line[i]) for line in [header, *lines]) for i in range(len(header))]
    numeric = {0, 1} | set(range(3, len(header)))
    if report.event:
        out.write(f"{terminal(report.event, one_line=True)}\n\n")
    for line in [header, *lines]:
        out.write(
            "  ".join(pad(cell, widths[i], i in numeric) for i, cell in enumerate(line)).rstrip() + "\n"
        )
    out.write("\n")
    order = ", ".join(CRITERIA[name].description for name in report.crosstable.criteria)
    out.write(f"Ranked by ({report.preset}, {report.source}): {order}.\n")
    shared = [row.standing.label for row in report.crosstable.rows if row.standing.shared]
    if shared:
        out.write(f"Shared places ({', '.join(dict.fromkeys(shared))}): no criterion separates them.\n")
