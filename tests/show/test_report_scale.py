"""Issue 30: the HTML report scales to an archive. 300 files with 5,100 findings make a page at most
three times the JSON report's size, draw at most --max-boards' 200 boards, and still list every
finding; tests/bench/html_report.py (make bench) checks that archive and prints both sizes and
times, the boards drawn, and Chromium's time to draw the page.

Here a tenth of it, with a tenth of the boards (30 files, 510 findings, at most 20 boards): the
same share of findings drawn, so the same bound (the page is 2.1 times the JSON here, 2.0 times
at 300 files with 200 boards; with 200 boards for 510 findings it would be 6.2 times), in 8 s
instead of a minute. The archive is checked once: both reporters receive the same events (a tee
in place of the command's reporter)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application import report

from tests.show.archive import write_archive

#: a tenth of issue 30's archive, and of the boards the report draws of it (16 per file, 200 in all)
FILES = 30
BOARDS = (16, 20)


class _Tee:
    """Hands every event to each reporter."""

    def __init__(self, *reporters: Any) -> None:
        self.reporters = reporters
        self.uses_tags = True

    def __getattr__(self, event: str) -> Any:
        return lambda *args: [getattr(r, event)(*args) for r in self.reporters]


def test_an_archives_page_is_at_most_three_times_the_json_and_draws_at_most_its_boards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    findings = write_archive(tmp_path, files=FILES)
    assert findings > 25 * BOARDS[1]  # (issue 30's share drawn: 200 boards for 5,100 findings)
    json = io.StringIO()
    make = report.make_reporter

    def both(name: str, out: Any, **options: Any) -> Any:
        assert name == "html"
        return _Tee(make("html", out, **options), make("json", json))

    monkeypatch.setattr(report, "make_reporter", both)
    arguments = ["check", "-r", "-q", "--isolated", "-j", "1", "--format", "html", str(tmp_path)]
    arguments += ["--max-boards", ",".join(map(str, BOARDS))]
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 1, result.output
    page = result.stdout
    assert page.count('<div class="finding ') == findings and json.getvalue().count('"code"') == findings
    assert page.count("<svg") == 1 + BOARDS[1]  # the shared definitions and the report's cap of boards
    assert page.count("board: <code>kifu show ") == findings - BOARDS[1]
    html_size, json_size = len(page.encode()), len(json.getvalue().encode())
    assert html_size <= 3 * json_size, (html_size, json_size)
