"""JSON Lines: one finding per line, the finding object of the JSON report plus ``path`` and ``record``.

``record`` is the record's 1-based index in its file, or ``null`` for a finding about the file
itself. Lines come in input order, so ``grep``, ``jq -c`` and ``wc -l`` work on a run of any size.
"""

from __future__ import annotations

import json
from typing import Any

from kifu.application.report import FindingStream
from kifu.core.escape import json_text
from kifu.core.findings import Finding
from kifu.core.results import RecordReport


class JsonLinesReporter(FindingStream):
    """Writes each finding as one JSON object on its own line, as the findings arrive."""

    def finding(self, finding: Finding, report: RecordReport | None) -> None:
        line: dict[str, Any] = {"path": self.path, "record": report.index if report else None}
        line.update(finding.to_dict())
        # json_text writes the characters ``str.splitlines`` breaks at but JSON leaves raw (U+0085,
        # U+2028, U+2029) as escapes too, so that every reader sees one object per line
        self.out.write(json_text(json.dumps(line, ensure_ascii=False)) + "\n")
