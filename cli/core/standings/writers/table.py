"""The standings as CSV: the text table's columns, one competitor per row."""

from __future__ import annotations

import csv
from typing import TextIO

from kifu.core.standings.writers import Report
from kifu.core.standings.writers.text import rows


def write_csv(report: Report, out: TextIO) -> None:
    """Header, then a row per competitor in ranking order; halves written ½."""
    header, lines = rows(report)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(lines)
