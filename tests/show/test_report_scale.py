"""Issue 30: the HTML report scales to an archive. 300 files with 5,100 findings: the page is
at most three times the JSON report's size (a size bound, not a timing: tests/bench/html_report.py
times both, and Chromium), draws at most --max-boards' 200 boards, and still lists every finding.

The archive is checked once: both reporters receive the same events (a tee in place of the
command's reporter), which halves the test's time."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application import report

from tests.show.archive import write_archive


class _Tee:
    """Hands every event to each reporter."""

    def __init__(self, *reporters: Any) -> None:
        self.reporters = reporters
        self.uses_tags = True

    def __getattr__(self, event: str) -> Any:
        return lambda *args: [getattr(r, event)(*args) for r in self.reporters]


def test_300_files_and_5000_findings_make_a_page_at_most_three_times_the_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    findings = write_archive(tmp_path)
    assert findings > 5000
    json = io.StringIO()
    make = report.make_reporter

    def both(name: str, out: Any, **options: Any) -> Any:
        assert name == "html"
        return _Tee(make("html", out, **options), make("json", json))

    monkeypatch.setattr(report, "make_reporter", both)
    arguments = ["check", "-r", "-q", "--isolated", "-j", "1", "--format", "html", str(tmp_path)]
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 1, result.output
    page = result.stdout
    assert page.count('<div class="finding ') == findings and json.getvalue().count('"code"') == findings
    assert page.count("<svg") == 1 + 200  # the shared definitions and the report's cap of boards
    assert page.count("board: <code>kifu show ") == findings - 200
    html_size, json_size = len(page.encode()), len(json.getvalue().encode())
    assert html_size <= 3 * json_size, (html_size, json_size)
