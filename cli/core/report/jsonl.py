"""JSON Lines: one finding per line, the finding object of the JSON report plus ``path`` and ``record``.

``record`` is the record's 1-based index in its file, or ``null`` for a finding about the file
itself. Lines come in input order, so ``grep``, ``jq -c`` and ``wc -l`` work on a run of any size.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from kifu.core.findings import Finding
from kifu.core.results import RecordReport, Totals

#: Characters that ``str.splitlines`` breaks at but JSON leaves unescaped: written as escapes, so
#: that every reader sees one object per line.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


class JsonLinesReporter:
    """Writes each finding as one JSON object on its own line, as the findings arrive."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self._path = ""

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self._path = path

    def record(self, report: RecordReport) -> None:
        self._write(report.findings, report.index)

    def end_file(self, findings: list[Finding]) -> None:
        self._write(findings, None)

    def end(self, totals: Totals) -> None:
        pass

    def _write(self, findings: list[Finding], record: int | None) -> None:
        for finding in findings:
            line: dict[str, Any] = {"path": self._path, "record": record}
            line.update(finding.to_dict())
            self.out.write(json.dumps(line, ensure_ascii=False).translate(_LINE_BREAKS) + "\n")
