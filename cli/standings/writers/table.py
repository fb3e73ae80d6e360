"""The standings as CSV: the text table's columns, one competitor per row, in ASCII but for the
names (``0.5``, not ``½``).

A name is a stranger's text: one a spreadsheet would read as a formula (``=HYPERLINK(…)``) is
written as text (:func:`kifu.core.escape.csv_cell`). The other cells are kifu's own (places,
numbers, results) and stay as they are.

Plain UTF-8 with LF line ends by default, for programs. ``--excel`` writes what Excel on Windows
needs to read it: a byte-order mark (without one Excel reads the file in the system's legacy code
page, and accented names come out as mojibake), CRLF line ends, and a shared place ``3–4`` with
an en dash (Excel reads ``3-4`` as the date 4 March).
"""

from __future__ import annotations

import csv
import io
from typing import TextIO

from kifu.core.escape import csv_cell
from kifu.standings.writers import Report
from kifu.standings.writers.text import NAME, rows

#: the byte-order mark that tells Excel the file is UTF-8
BOM = "\ufeff"


def write_csv(report: Report, out: TextIO) -> None:
    """Header, then a row per competitor in ranking order; points and tie-breaks as numbers
    (``2.5``: a spreadsheet adds them up), round cells in ASCII (``3b0.5``); with
    ``report.excel``, the byte-order mark, CRLF and en dashes Excel needs."""
    header, lines = rows(report, numeric=True)
    texts = range(NAME, NAME + 1 + len(report.crosstable.profile()))
    body = [[csv_cell(cell) if i in texts else cell for i, cell in enumerate(line)] for line in lines]
    if not report.excel:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(body)
        return
    for line in body:
        line[0] = line[0].replace("-", "–")  # the place: 3–4, not a date
    # UTF-8 whatever the stream's own encoding (a Windows console's code page), lines as written
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        _excel_rows(out, header, body)
        return
    out.flush()
    stream = io.TextIOWrapper(buffer, encoding="utf-8", newline="")
    _excel_rows(stream, header, body)
    stream.flush()
    stream.detach()  # (the caller closes the stream it gave)


def _excel_rows(out: TextIO, header: list[str], body: list[list[str]]) -> None:
    """The byte-order mark, then the rows ended by CRLF."""
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(body)
