"""The JSON document of the output contract, written incrementally."""

from __future__ import annotations

import json
from typing import TextIO

from kifu import __version__
from kifu.core.escape import json_text
from kifu.core.findings import Finding
from kifu.core.results import RecordReport, Totals

#: records and findings keep their text as written (json.dumps would build an encoder per call)
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def _json(value: object) -> str:
    """``value`` as JSON, its text as written but for what a terminal would obey (C1, DEL …)."""
    return json_text(_ENCODE(value))


class JsonReporter:
    """Writes ``{"kifu": …, "files": [...], "summary": {...}}`` one record at a time."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.uses_tags = True
        self._files = 0
        self._records = 0

    def begin(self) -> None:
        self.out.write(f'{{"kifu": {json.dumps(__version__)}, "files": [')

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        head = json.dumps({"path": path, "game": game, "format": fmt})[:-1]
        self.out.write(("," if self._files else "") + "\n  " + head + ', "records": [')
        self._files += 1
        self._records = 0

    def record(self, report: RecordReport) -> None:
        self.out.write(("," if self._records else "") + "\n    " + _json(report.to_dict()))
        self._records += 1

    def end_file(self, findings: list[Finding]) -> None:
        listed = _json([f.to_dict() for f in findings])
        self.out.write(("\n  " if self._records else "") + '], "findings": ' + listed + "}")

    def end(self, totals: Totals) -> None:
        self.out.write(
            ("\n" if self._files else "") + '], "summary": ' + json.dumps(totals.to_dict()) + "}\n"
        )
