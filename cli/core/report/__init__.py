"""Reporters turn check results into text, JSON and the CI formats.

A reporter receives events in input order — ``begin_file``, ``record`` for each record,
``end_file`` with the findings about the file itself — and writes as it goes, so that
memory stays flat on huge inputs.
"""

from __future__ import annotations

from typing import Protocol, TextIO

from kifu.core.findings import Finding
from kifu.core.results import RecordReport, Totals


class Reporter(Protocol):
    """The events every reporter handles."""

    def begin(self) -> None: ...

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None: ...

    def record(self, report: RecordReport) -> None: ...

    def end_file(self, findings: list[Finding]) -> None: ...

    def end(self, totals: Totals) -> None: ...


FORMATS = ("text", "json")


def make_reporter(name: str, out: TextIO, *, verbose: bool = False) -> Reporter:
    """The reporter called ``name`` writing to ``out``."""
    if name == "json":
        from kifu.core.report.json import JsonReporter

        return JsonReporter(out)
    from kifu.core.report.text import TextReporter

    return TextReporter(out, verbose=verbose)
