"""`kifu check --format html`: self-contained, a board at each finding with a position, in Chromium."""

from __future__ import annotations

import html
import io
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.findings import Finding, Severity
from kifu.core.record import Span
from kifu.core.report.html import HtmlReporter
from kifu.core.results import RecordReport, Totals

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
INPUTS = [
    FIXTURES / "chess/bad/rules.pgn",
    FIXTURES / "xiangqi/bad",
    FIXTURES / "go/good/9x9-even-two-passes.sgf",
    FIXTURES / "go/bad/GO103-ko.sgf",
]


def report() -> str:
    result = CliRunner().invoke(
        cli, ["check", "-r", "-q", "--format", "html", *map(str, INPUTS)], catch_exceptions=False
    )
    assert result.exit_code in (0, 1)
    return result.stdout


def blocks(page: str) -> list[str]:
    return re.findall(r'<div class="finding .*?(?=<div class="finding |</section>)', page, re.S)


def test_self_contained_and_a_board_before_each_move() -> None:
    page = report()
    assert "<script" not in page and "http://" not in page.replace('="http://www.w3.org/', "")
    assert "prefers-color-scheme" in page and "@media print" in page
    found = blocks(page)
    assert found
    with_ply = [b for b in found if ", ply " in b]
    assert with_ply and all(b.count("<svg") == 1 for b in with_ply)
    assert "<mark>" in page
    assert 'class="territory' in page  # the Go count's board


def test_a_finding_position_is_drawn_without_the_file() -> None:
    out = io.StringIO()

    class Drawer:
        def board(self, game: str, position: object, territory: bool = False, finding: object = None) -> str:
            return f"<svg>{game}</svg>"

        def board_at(self, game: str, finding: Finding) -> int | None:
            return None if finding.ply is None else finding.ply - 1

        def positions(self, *args: object) -> dict[int | None, object]:
            return {}

    reporter = HtmlReporter(out, Drawer())  # type: ignore[arg-type]
    reporter.begin()
    reporter.begin_file("-", "chess", "pgn")
    finding = Finding(
        "CHESS101",
        Severity.ERROR,
        "2. Ke3: <no> king",
        Span(1, 7, 1, 10),
        ply=3,
        move="Ke3",
        source_line="1. e4 Ke3",
        position="8/8/8/4k3/8/8/8/4K3 w - - 0 1",
    )
    reporter.record(RecordReport(1, 1, findings=[finding, Finding("PGN001", Severity.WARNING, "no ply")]))
    reporter.end_file([])
    reporter.end(Totals())
    page = out.getvalue()
    first, second = blocks(page)
    assert first.count("<svg") == 1 and second.count("<svg") == 0
    assert "2. Ke3: &lt;no&gt; king" in page and "1. e4 <mark>Ke3</mark>" in page


@pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed")
def test_chromium_renders_it_without_console_errors(tmp_path: Path) -> None:
    page = report()
    target = tmp_path / "report.html"
    target.write_text(page, encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        base = [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
        ]
        shot = tmp_path / "report.png"
        subprocess.run(
            [*base, f"--screenshot={shot}", "--window-size=1200,1600", target.as_uri()],
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert shot.exists() and shot.stat().st_size > 10_000
        dom = subprocess.run(
            [*base, "--enable-logging=stderr", "--v=0", "--dump-dom", target.as_uri()],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert "CONSOLE" not in dom.stderr and "Uncaught" not in dom.stderr
    text = html.unescape(re.sub(r"<[^>]+>", "", dom.stdout))
    for message in re.findall(r'<p class="message">(.*?)</p>', page, re.S):
        assert html.unescape(message) in text


def _rows(section: str) -> list[list[str]]:
    return [
        [html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", section)
    ]


@pytest.mark.parametrize(
    ("fixture", "red", "ruling"),
    [
        (
            "perpetual-chase.pgn",
            [
                "chase of the horse i5 by the chariot i0 (unprotected)",
                "chase of the horse a5 by the chariot a0 (unprotected)",
            ],
            "perpetual chase of the horse a5 and the horse i5",
        ),
        (
            "one-check-one-chase.pgn",
            ["check", "chase of the horse g6 by the chariot g1 (unprotected)"],
            "one check one chase",
        ),
        ("perpetual-check.pgn", ["check", "check"], "perpetual check"),
    ],
)
def test_a_repetition_verdict_shows_the_cycle_move_by_move(fixture: str, red: list[str], ruling: str) -> None:
    """Issue 14: the report shows the cycle the xiangqi rules judge, each move classified."""
    path = FIXTURES / "xiangqi/good" / fixture
    result = CliRunner().invoke(cli, ["check", "-q", "--format", "html", str(path)], catch_exceptions=False)
    assert result.exit_code == 0
    [section] = re.findall(r'<div class="score repetition">.*?(?=<div class="finding )', result.stdout, re.S)
    *played, result = re.sub(r"\d+\. ", "", path.read_text(encoding="utf-8").splitlines()[-1]).split()
    assert result == "0-1" and len(played) == 8
    rows = _rows(section)
    cycle = [row for row in rows if len(row) == 4]
    assert [row[:3] for row in cycle] == [
        [str(ply), "Red" if ply % 2 else "Black", move] for ply, move in enumerate(played, 1)
    ]
    assert [row[3] for row in cycle] == [red[0], "idle", red[1], "idle"] * 2
    assert ["Red", ruling, "forbidden"] in rows and ["Black", "idle", "allowed"] in rows
    assert "The start position occurs for the third time after ply 8: the cycle is plies 1–8." in section
    assert "Red must vary or loses: 0-1" in section
    assert section.count("<svg") == 1 and "the repeated position" in section  # the position that recurs
    report = json.loads(
        CliRunner().invoke(cli, ["check", "-q", "--format", "json", str(path)], catch_exceptions=False).stdout
    )
    repetition = report["files"][0]["records"][0]["repetition"]
    assert (repetition["first"], repetition["last"], repetition["occurrence"]) == (0, 8, 3)
    assert [move["move"] for move in repetition["moves"]] == played


def test_the_players_are_named_by_the_tags_of_their_game() -> None:
    page = report()
    for players in ("White, A. – Black, B.", "Red player – Black player", "GNU Go 3.8 – GNU Go 3.8"):
        assert f"<td>{players}</td>" in page, players
    assert "<td>? – Black, B.</td>" not in page
