"""The text standings: one table with place, name, a column per round, points and tie-breaks."""

from __future__ import annotations

import unicodedata
from typing import TextIO

from kifu.core.escape import terminal
from kifu.standings.crosstable import Cell
from kifu.standings.tiebreaks import CRITERIA
from kifu.standings.writers import Report, value_text


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded to ``columns`` terminal columns."""
    fill = " " * max(columns - width(text), 0)
    return fill + text if right else text + fill


#: the column of the competitor's name; it and the profile columns after it (title, rating,
#: federation, when the records give them) are the table's text taken from the records
NAME = 2
#: the headings of the profile columns
PROFILE = {"title": "Title", "rating": "Rtg", "federation": "Fed"}


def ascii_cell(cell: Cell) -> str:
    """A round's cell in ASCII, as a spreadsheet or a program reads it: ``12w1``, ``3b0.5``,
    ``5r+``, ``bye``, ``bye0.5``, ``bye0``; a team ``4 (2.5)`` (opponent 4, 2.5 board points:
    ``4-2`` or ``4/2`` would be read as a date)."""
    if cell.opponent is None:
        score = cell.result.score
        return "bye" + ("" if score >= 1 else f"{score:g}")
    if not cell.colour:
        return f"{cell.opponent} ({cell.result.board_points:g})"
    return f"{cell.opponent}{cell.colour}{'0.5' if cell.symbol == '½' else cell.symbol}"


def rows(report: Report, numeric: bool = False) -> tuple[list[str], list[list[str]]]:
    """The header and the cells of the standings table (shared with the CSV writer, which asks
    for ``numeric`` points, ``2.5``, and round cells in ASCII, :func:`ascii_cell`)."""
    table = report.crosstable
    profile = table.profile()
    header = ["Place", "No", "Name", *(PROFILE[column] for column in profile)]
    header += [f"R{n}" for n in range(1, table.rounds + 1)]
    header += [CRITERIA[name].heading for name in table.criteria]
    lines = []
    for row in table.rows:
        competitor = row.standing.competitor
        name = competitor.name + (" (withdrew)" if competitor.withdrawn else "")
        cells = [row.standing.label, str(row.number), name]
        cells += [table.profile_of(competitor.name, column) for column in profile]
        text = ascii_cell if numeric else Cell.text
        cells += [" ".join(text(cell) for cell in round_) for round_ in row.cells]
        cells += [value_text(name_, row.standing.values.get(name_), numeric) for name_ in table.criteria]
        lines.append(cells)
    return header, lines


def write_text(report: Report, out: TextIO) -> None:
    """The table, then the criteria it was ranked by (the command prints warnings on stderr)."""
    header, lines = rows(report)
    texts = range(NAME, NAME + 1 + len(report.crosstable.profile()))
    for line in lines:
        for column in texts:
            line[column] = terminal(line[column], one_line=True)
    widths = [max(width(line[i]) for line in [header, *lines]) for i in range(len(header))]
    numeric = set(range(len(header))) - set(texts)
    if report.event:
        out.write(f"{terminal(report.event, one_line=True)}\n\n")
    for line in [header, *lines]:
        out.write(
            "  ".join(pad(cell, widths[i], i in numeric) for i, cell in enumerate(line)).rstrip() + "\n"
        )
    out.write("\n")
    out.write(report.ranked_by() + "\n")
    shared = [row.standing.label for row in report.crosstable.rows if row.standing.shared]
    if shared:
        out.write(f"Shared places ({', '.join(dict.fromkeys(shared))}): no criterion separates them.\n")
    for note in report.source_notes():
        out.write(terminal(note, one_line=True) + "\n")
