"""Both HTML pages (``check --format html`` and ``standings --format html``) carry a strict
Content-Security-Policy, and Chromium renders them under it without a single console message."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
#: a record of each game, with findings (boards of all three renderers), a score and a repetition
CHECKED = [
    "fixtures/chess/bad/rules.pgn",
    "fixtures/xiangqi/good/one-check-one-chase.pgn",
    "fixtures/go/bad/GO103-ko.sgf",
]


def _page(*arguments: str) -> str:
    result = CliRunner().invoke(cli, list(arguments))
    assert result.exit_code in (0, 1), result.output + result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {
        "check": _page("check", "-q", "--isolated", "--format", "html", *(str(ROOT / p) for p in CHECKED)),
        "standings": _page("standings", str(ROOT / "fixtures/standings/chess-event"), "--format", "html"),
    }


def _policy(page: str) -> str:
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    assert match, "no Content-Security-Policy"
    return match.group(1)


@pytest.mark.parametrize("name", ["check", "standings"])
def test_the_page_allows_its_own_style_and_nothing_else(pages: dict[str, str], name: str) -> None:
    page = pages[name]
    policy = _policy(page)
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["base-uri"] == "'none'" and directives["form-action"] == "'none'"
    styles = re.findall(r"<style>(.*?)</style>", page, re.DOTALL)
    assert len(styles) == 1
    digest = base64.b64encode(hashlib.sha256(styles[0].encode()).digest()).decode()
    assert directives["style-src"] == f"'sha256-{digest}'"  # no 'unsafe-inline'
    assert "script-src" not in directives and "<script" not in page
    assert page.index("Content-Security-Policy") < page.index("<style>")  # in force before the style
    assert " style=" not in page  # an inline style attribute would be blocked (the chess pieces had one)


def _console(page: Path) -> list[str]:
    """The console messages Chromium logs while it loads ``page``."""
    completed = subprocess.run(
        [
            "chromium",
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--enable-logging=stderr",
            "--v=0",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            f"--user-data-dir={page.parent / 'profile'}",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "</html>" in completed.stdout, completed.stderr[-2000:]
    return [line for line in completed.stderr.splitlines() if ":CONSOLE" in line]


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed (apt: chromium)")
def test_chromium_renders_both_pages_with_no_console_message(pages: dict[str, str], tmp_path: Path) -> None:
    for name, page in pages.items():
        path = tmp_path / f"{name}.html"
        path.write_text(page, encoding="utf-8")
        assert _console(path) == [], name
    # the check can fail: a page whose hash does not match its style is reported
    broken = tmp_path / "broken.html"
    broken.write_text(re.sub(r"'sha256-[^']*'", "'sha256-AAAA'", pages["standings"]), encoding="utf-8")
    assert any("Content Security Policy" in line for line in _console(broken))
