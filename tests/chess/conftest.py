"""Helpers for the chess tests: check a file through the library and look at the results."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.core.sources import Source
from kifu.games import check


@dataclass
class Checked:
    records: list[RecordReport]
    file_findings: list[Finding]

    def codes(self, index: int) -> list[str]:
        return [f.code for f in self.records[index - 1].findings]

    def all_codes(self) -> list[str]:
        return [f.code for r in self.records for f in r.findings] + [f.code for f in self.file_findings]

    def first(self, code: str) -> Finding:
        return next(f for r in self.records for f in r.findings if f.code == code)


def check_file(path: Path | str, rules: str | None = None, **settings: object) -> Checked:
    records: list[RecordReport] = []
    findings: list[Finding] = []
    for item in check(Source(str(path)), "chess", "pgn", Options(rules, dict(settings))):
        (records if isinstance(item, RecordReport) else findings).append(item)  # type: ignore[arg-type]
    return Checked(records, findings)
