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


#: the text held before it is written: a file's report goes out in one write, or in pieces of
#: this size (one write per record costs a system call each where Python writes unbuffered,
#: as with PYTHONUNBUFFERED, which container images often set)
_PIECE = 1 << 16


class JsonReporter:
    """Writes ``{"kifu": …, "files": [...], "summary": {...}}`` a file at a time (a file of
    many records in pieces of :data:`_PIECE` characters)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.uses_tags = True
        self._files = 0
        self._records = 0
        self._held: list[str] = []
        self._size = 0

    def begin(self) -> None:
        self.out.write(f'{{"kifu": {json.dumps(__version__)}, "files": [')

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        head = json.dumps({"path": path, "game": game, "format": fmt})[:-1]
        self._hold(("," if self._files else "") + "\n  " + head + ', "records": [')
        self._files += 1
        self._records = 0

    def record(self, report: RecordReport) -> None:
        self._hold(("," if self._records else "") + "\n    " + _json(report.to_dict()))
        self._records += 1

    def end_file(self, findings: list[Finding]) -> None:
        listed = _json([f.to_dict() for f in findings])
        self._hold(("\n  " if self._records else "") + '], "findings": ' + listed + "}")
        self._write()

    def end(self, totals: Totals) -> None:
        self._write()
        self.out.write(
            ("\n" if self._files else "") + '], "summary": ' + json.dumps(totals.to_dict()) + "}\n"
        )

    def _hold(self, text: str) -> None:
        self._held.append(text)
        self._size += len(text)
        if self._size >= _PIECE:
            self._write()

    def _write(self) -> None:
        if self._held:
            self.out.write("".join(self._held))
            self._held = []
            self._size = 0
