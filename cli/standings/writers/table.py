"""The standings as CSV: the text table's columns, one competitor per row.

A name is a stranger's text: one a spreadsheet would read as a formula (``=HYPERLINK(…)``) is
written as text (:func:`kifu.core.escape.csv_cell`). The other cells are kifu's own (places,
numbers, results) and stay as they are.
"""

from __future__ import annotations

import csv
from typing import TextIO

from kifu.core.escape import csv_cell
from kifu.standings.writers import Report
from kifu.standings.writers.text import NAME, rows


def write_csv(report: Report, out: TextIO) -> None:
    """Header, then a row per competitor in ranking order; points and tie-breaks as numbers
    (``2.5``: a spreadsheet adds them up; the round cells keep the crosstable's ``3b½``)."""
    header, lines = rows(report, numeric=True)
    texts = range(NAME, NAME + 1 + len(report.crosstable.profile()))
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(
        [csv_cell(cell) if i in texts else cell for i, cell in enumerate(line)] for line in lines
    )
