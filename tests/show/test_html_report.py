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
from kifu.application.report.html import MAX_BOARDS, HtmlReporter
from kifu.commands.check import check as check_command
from kifu.commands.options import board_cap
from kifu.core.findings import Finding, Severity
from kifu.core.record import Span
from kifu.core.results import RecordReport, Totals

from tests.render.screenshots import HEADLESS

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
    # a board, or past the cap (MAX_BOARDS) the command that draws it
    assert with_ply and all(b.count("<svg") == 1 or "board: <code>kifu show " in b for b in with_ply)
    assert any(b.count("<svg") == 1 for b in with_ply)
    assert "<mark>" in page
    assert 'class="territory' in page  # the Go count's board


def test_a_finding_position_is_drawn_without_the_file() -> None:
    out = io.StringIO()

    class Drawer:
        def board(self, game: str, position: object, territory: bool = False, finding: object = None) -> str:
            return f"<svg>{game}</svg>"

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
        base = [*HEADLESS, "--disable-quic", f"--user-data-dir={profile}"]
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


def _check(*arguments: str) -> str:
    result = CliRunner().invoke(cli, ["check", "-q", "--isolated", "--format", "html", *arguments])
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def _illegal(tmp_path: Path, names: list[str], games: int = 1) -> None:
    record = '[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n'
    for name in names:
        (tmp_path / name).write_text(record * games, encoding="utf-8")


def test_the_summary_and_an_index_in_natural_order_come_first(tmp_path: Path) -> None:
    """Issue 30: the summary and an index of the files (b1, b2, b10, b100) open the page; the
    files follow in the same order, each at the anchor the index links to."""
    names = ["b10.pgn", "b2.pgn", "b100.pgn", "b1.pgn"]
    _illegal(tmp_path, names)
    page = _check(*(str(tmp_path / name) for name in sorted(names)))  # given in string order
    summary, index, first = page.index('id="summary"'), page.index('class="index"'), page.index("<section")
    assert summary < index < first
    links = re.findall(r'<a href="#(f\d+)">(.*?)</a>', page[index:first])
    shown = [html.unescape(re.sub(r"<wbr>", "", text)).rsplit("/", 1)[1] for _, text in links]
    assert shown == ["b1.pgn", "b2.pgn", "b10.pgn", "b100.pgn"]
    sections = re.findall(r'<section class="file" id="(f\d+)"><h2>(.*?) <span', page)
    assert [anchor for anchor, _ in sections] == [anchor for anchor, _ in links]
    assert [re.sub("<wbr>", "", text).rsplit("/", 1)[1] for _, text in sections] == shown
    row = re.search(r"b1\.pgn</a></td>(.*?)</tr>", page)
    assert row and _rows(f"<tr>{row.group(1)}</tr>")[0][:2] == ["1", "1"]  # one record, one error


def test_piece_definitions_appear_once_per_page(tmp_path: Path) -> None:
    _illegal(tmp_path, ["a.pgn", "b.pgn"], games=2)
    page = _check("--max-boards", "5", str(tmp_path / "a.pgn"), str(tmp_path / "b.pgn"))
    assert page.count("<svg") == 1 + 4  # the shared definitions, and four boards
    assert page.count('id="white-king"') == 1 and page.count(' href="#white-king"') == 4
    assert page.index('id="white-king"') < page.index("<section")
    body = page[page.index("<section") :]
    assert re.findall(r'<path d="[^"]{160}', body) == []  # the coordinates' outlines are shared too
    assert len(body) < 4 * 16_000  # four boards (a standalone one is over 30 KB)


def test_boards_are_capped_and_a_finding_past_the_cap_says_how_to_draw_it(tmp_path: Path) -> None:
    _illegal(tmp_path, ["a.pgn", "b.pgn"], games=3)
    a, b = str(tmp_path / "a.pgn"), str(tmp_path / "b.pgn")
    page = _check("--select", "CHESS", "--max-boards", "2,3", a, b)
    found = blocks(page)
    assert len(found) == 6 and [b.count("<svg") for b in found] == [1, 1, 0, 1, 0, 0]
    commands = [html.unescape(m) for m in re.findall(r"board: <code>(.*?)</code>", page)]
    assert len(commands) == 3
    assert all("2. Ke3" in b for b in found)  # every finding is listed with its message
    command = commands[-1].split()
    assert command[:2] == ["kifu", "show"] and "--finding" in command and "--record" in command
    drawn = CliRunner().invoke(cli, [*command[1:], "--format", "svg"])  # the command draws the position
    assert drawn.exit_code == 0 and drawn.stdout.startswith("<svg")
    assert "FEN rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" in drawn.stdout  # before 2. Ke3
    none = _check("--select", "CHESS", "--max-boards", "0", str(tmp_path / "a.pgn"))
    assert "<svg" not in none and none.count("board: <code>kifu show") == 3


def test_a_rounds_file_is_drawn_whole_by_default_and_an_archives_is_capped(tmp_path: Path) -> None:
    """A round's file (8 games, a finding each) gets its 8 boards with no option; a file of
    40 such games gets MAX_BOARDS' 16, the rest listed with the command that draws each."""
    _illegal(tmp_path, ["round.pgn"], games=8)
    round_page = _check("--select", "CHESS", str(tmp_path / "round.pgn"))
    assert [block.count("<svg") for block in blocks(round_page)] == [1] * 8
    _illegal(tmp_path, ["archive.pgn"], games=40)
    archive = _check("--select", "CHESS", str(tmp_path / "archive.pgn"))
    assert sum(block.count("<svg") for block in blocks(archive)) == MAX_BOARDS[0] == 16
    assert archive.count("board: <code>kifu show") == 40 - 16


def test_the_check_options_default_cap_is_the_reports() -> None:
    option = next(p for p in check_command.params if p.name == "max_boards")
    assert board_cap(option.type.convert(option.default, None, None)) == MAX_BOARDS


@pytest.mark.parametrize("value", ["x", "1,2,3", "-1", "1,"])
def test_a_board_cap_that_is_not_n_or_n_m_is_a_usage_error(value: str) -> None:
    result = CliRunner().invoke(cli, ["check", "--isolated", "--format", "html", "--max-boards", value, "-"])
    assert result.exit_code == 2 and "N or N,M" in result.output


def test_a_latin1_line_is_shown_as_the_table_shows_it_and_the_whole_mark() -> None:
    page = _check(str(FIXTURES / "chess/bad/latin1.pgn"))
    assert "Müller" in page and "\ufffd" not in page
    assert "<mark>[White &quot;Müller, Jörg&quot;]</mark>" in page


def test_a_mark_far_along_a_long_line_is_in_view(tmp_path: Path) -> None:
    moves = "{" + "a long comment " * 46 + "} 1. e4 e5"
    path = tmp_path / "long.pgn"
    path.write_text(f'[Result "*"]\n\n{moves} 2. Ke3 *\n', encoding="utf-8")
    column = len(moves) + 4
    assert column > 700
    page = _check("--select", "CHESS", str(path))
    [source] = re.findall(r'<pre class="source">(.*?)</pre>', page)
    assert "<span class=muted>    3 │ </span>" in source
    text = html.unescape(re.sub(r"<[^>]+>", "", source))
    assert "<mark>Ke3</mark>" in source and len(text) < 120
    assert text.split("│ ", 1)[1].startswith("…") and text.endswith("Ke3 *")


def test_a_gb18030_xiangqi_line_is_shown_in_its_own_encoding(tmp_path: Path) -> None:
    record = '[Game "Chinese Chess"]\n[Red "红方"]\n[Black "黑方"]\n[Result "*"]\n\n1. 马八进六 *\n'
    path = tmp_path / "gb.pgn"
    path.write_bytes(record.encode("gb18030"))
    page = _check("--select", "XQ1", str(path))
    assert "<td>红方 – 黑方</td>" in page
    assert "1. <mark>马八进六</mark> *" in page


def test_the_xiangqi_glyphs_are_defined_once_per_page() -> None:
    page = _check("--max-boards", "6", str(FIXTURES / "xiangqi/bad/XQ101-rules.pgn"))
    body = page[page.index("<section") :]
    assert body.count("<svg") == 6 and "<symbol" not in body and "CJK" not in body  # no text in CJK fonts
    defined = re.findall(r'<symbol id="(kifu-xq-[0-9a-f]+)"', page)
    assert len(defined) == len(set(defined)) >= 14 + 9 + 9 + 4 - 1  # a piece may be missing
    assert body.count('"#kifu-xq-695a"') == 6  # 楚 on every board, defined once
