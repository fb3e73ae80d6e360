"""The standings as CSV: the text table's columns, one competitor per row.

A name is a stranger's text: one a spreadsheet would read as a formula (``=HYPERLINK(…)``) is
written as text (:func:`kifu.core.escape.csv_cell`). The other cells are kifu's own (places,
numbers, results) and stay as they are.
"""

from __future__ import annotations

import csv
from typing import TextIO

from kifu.core.escape import csv_cell
from kifu.core.standings.writers import Report
from kifu.core.standings.writers.text import NAME, rows


def write_csv(report: Report, out: TextIO) -> None:
    """Header, then a row per competitor in ranking order; halves written ½."""
    header, lines = rows(report)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([*line[:NAME], csv_cell(line[NAME]), *line[NAME + 1 :]] for line in lines)
