"""Issue 48, "A CSV for spreadsheets": round cells in ASCII (``1``, ``0.5``, ``0``, ``+``, ``-``;
no ``½``); ``--excel`` (``--bom``) writes the UTF-8 byte-order mark and the CRLF line ends Excel
on Windows needs, and shared places Excel does not read as dates; the default stays plain UTF-8
with LF. Where LibreOffice is installed, its headless conversion to XLSX reads the names intact
and the points as numbers."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from kifu.app import cli

from tests.standings.helpers import EVENTS

#: a round robin of four with accented, Cyrillic and CJK names, a shared place, a draw, a forfeit,
#: a half-point bye and a name a spreadsheet would take for a formula
TABLE = (
    "round,board,player 1,player 2,result\n"
    "1,1,Müller Jürgen,Łukasz Ćwik,1/2-1/2\n"
    "1,2,王磊,Пётр Иванов,+-\n"
    "2,1,Müller Jürgen,王磊,0-1\n"
    "2,2,Łukasz Ćwik,Пётр Иванов,1-0\n"
    "3,1,Müller Jürgen,Пётр Иванов,1-0\n"
    "3,2,Łukasz Ćwik,王磊,0-1\n"
    "4,1,=SUM(1+1),,½\n"
)
NAMES = ("Müller Jürgen", "Łukasz Ćwik", "王磊", "Пётр Иванов")


def _csv(path: Path, *options: str) -> bytes:
    """The CSV of ``path``'s standings, ranked by points then wins (two players share a place)."""
    result = CliRunner().invoke(
        cli, ["standings", str(path), "--format", "csv", "--tiebreak", "wins", *options]
    )
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout_bytes


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.csv"
    path.write_text(TABLE, encoding="utf-8")
    return path


def test_round_cells_are_ascii(event: Path) -> None:
    """``1w0.5``, not ``1w½``; forfeits ``+`` and ``-``; the half-point bye ``bye0.5``; points
    and tie-breaks numbers; only the names are not ASCII."""
    rows = list(csv.reader(io.StringIO(_csv(event).decode("utf-8"))))
    header, body = rows[0], rows[1:]
    rounds = [i for i, heading in enumerate(header) if heading.startswith("R") and heading[1:].isdigit()]
    cells = [row[i] for row in body for i in rounds]
    assert "½" not in "".join(cells) and all(cell.isascii() for cell in cells)
    assert {"2b0.5", "3w0.5"} <= set(cells)  # Müller and Ćwik drew
    assert any(cell.endswith("+") for cell in cells) and any(cell.endswith("-") for cell in cells)
    assert "bye0.5" in cells
    assert all(cell.isascii() for row in body for cell in row if cell not in NAMES)
    for row in body:
        for cell in row[header.index("Pts") :]:
            assert cell == "" or float(cell) >= 0


def test_the_default_is_plain_utf8_with_lf(event: Path) -> None:
    data = _csv(event)
    assert not data.startswith(b"\xef\xbb\xbf") and b"\r" not in data
    text = data.decode("utf-8")
    assert all(name in text for name in NAMES) and "\n2-3," in text
    assert "'=SUM(1+1)" in text  # (the injection escape stays)


@pytest.mark.parametrize("option", ["--excel", "--bom"])
def test_excel_writes_a_bom_and_crlf(event: Path, option: str) -> None:
    """The bytes Excel on Windows reads as UTF-8: the byte-order mark first, every line ended
    by CR LF (none by a lone LF), the names intact UTF-8, the formula still escaped."""
    data = _csv(event, option)
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\xef\xbb\xbf") == 1
    lines = data[3:].split(b"\r\n")
    assert lines[-1] == b"" and not any(b"\n" in line or b"\r" in line for line in lines)
    text = data[3:].decode("utf-8")
    for name in NAMES:
        assert name.encode("utf-8") in data
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][:3] == ["Place", "No", "Name"] and len(rows) == 1 + 5
    assert "'=SUM(1+1)" in {row[2] for row in rows}
    plain = list(csv.reader(io.StringIO(_csv(event).decode("utf-8"))))
    for excel_row, plain_row in zip(rows, plain, strict=True):  # the same cells but the shared places
        assert excel_row[1:] == plain_row[1:]
        assert excel_row[0] == plain_row[0].replace("-", "–")


def test_excel_written_to_a_file(event: Path, tmp_path: Path) -> None:
    """``-o`` writes the same bytes as stdout."""
    out = tmp_path / "standings.csv"
    arguments = ["standings", str(event), "--format", "csv", "--tiebreak", "wins", "--excel", "-o", str(out)]
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == _csv(event, "--excel")


def test_shared_places_are_no_dates_in_excel() -> None:
    """Excel reads ``3-4`` as 4 March: the Excel CSV writes a shared place with an en dash."""
    rows = list(csv.reader(io.StringIO(_csv(EVENTS / "fide-de.csv", "--excel")[3:].decode("utf-8"))))
    places = [row[0] for row in rows[1:]]
    assert any("–" in place for place in places) and not any("-" in place for place in places)


#: the namespace of an XLSX sheet's XML
_SHEET = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def _column(reference: str) -> int:
    """The column of a cell reference: ``A1`` 0, ``C7`` 2, ``AB3`` 27."""
    letters = reference.rstrip("0123456789")
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


def _xlsx_cells(path: Path) -> list[list[tuple[str, str]]]:
    """The cells of an XLSX file's first sheet: (value, type), ``s`` a string, ``n`` a number;
    an empty cell (which the file leaves out) ``("", "")``."""
    with zipfile.ZipFile(path) as book:
        strings = [
            "".join(text.text or "" for text in item.iter(f"{_SHEET}t"))
            for item in ElementTree.fromstring(book.read("xl/sharedStrings.xml")).findall(f"{_SHEET}si")
        ]
        sheet = ElementTree.fromstring(book.read("xl/worksheets/sheet1.xml"))
    rows = []
    for row in sheet.iter(f"{_SHEET}row"):
        cells: list[tuple[str, str]] = []
        for cell in row.findall(f"{_SHEET}c"):
            value = cell.find(f"{_SHEET}v")
            kind = cell.get("t") or "n"
            text = value.text or "" if value is not None else ""
            column = _column(cell.get("r", ""))
            cells += [("", "")] * (column - len(cells))
            cells.append((strings[int(text)] if kind == "s" else text, kind))
        rows.append(cells)
    return rows


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_reads_the_excel_csv(event: Path, tmp_path: Path) -> None:
    """LibreOffice headless converts the ``--excel`` CSV to XLSX, read as UTF-8 (the charset the
    byte-order mark names): the names intact, the mark not in the first heading, the points
    numbers, the round cells and the shared places text (none taken for a date)."""
    source = tmp_path / "excel.csv"
    source.write_bytes(_csv(event, "--excel"))
    subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--infilter=CSV:44,34,76,1",  # comma, double quote, UTF-8, from line 1
            "--convert-to",
            "xlsx",
            "--outdir",
            str(tmp_path),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    rows = _xlsx_cells(tmp_path / "excel.xlsx")
    header = [value for value, _ in rows[0]]
    assert header[:3] == ["Place", "No", "Name"]
    names = {row[2][0] for row in rows[1:]}
    assert set(NAMES) <= names and "'=SUM(1+1)" in names
    points = header.index("Pts")
    assert all(row[points][1] == "n" for row in rows[1:])
    assert all(kind == "s" for row in rows[1:] for value, kind in row[3:points] if value)
    assert all(row[0][1] == "s" for row in rows[1:] if "–" in row[0][0])
    assert any("–" in row[0][0] for row in rows[1:])  # a shared place, as text
