"""Helpers for the Go tests: check SGF text or files through the library."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.core.sources import Source
from kifu.go.checker import GameResult, check_games


@dataclass
class Checked:
    """Reports and file-level findings of one file."""

    games: list[GameResult]
    file_findings: list[Finding]

    @property
    def records(self) -> list[RecordReport]:
        return [g.report for g in self.games]

    def codes(self, index: int = 1) -> list[str]:
        return [f.code for f in self.records[index - 1].findings]

    def all_codes(self) -> list[str]:
        return [f.code for r in self.records for f in r.findings] + [f.code for f in self.file_findings]

    def first(self, code: str) -> Finding:
        return next(f for r in self.records for f in [*r.findings, *self.file_findings] if f.code == code)


def check_file(path: Path | str, rules: str | None = None, **settings: object) -> Checked:
    games: list[GameResult] = []
    findings: list[Finding] = []
    for item in check_games(Source(str(path)), Options(rules=rules, settings=dict(settings))):
        if isinstance(item, GameResult):
            games.append(item)
        else:
            findings.append(item)
    return Checked(games, findings)


def check_text(text: str | bytes, rules: str | None = None, **settings: object) -> Checked:
    data = text.encode("utf-8") if isinstance(text, str) else text
    with tempfile.NamedTemporaryFile(suffix=".sgf", delete=False) as handle:
        handle.write(data)
        name = handle.name
    try:
        return check_file(name, rules, **settings)
    finally:
        Path(name).unlink()
