"""JSON Lines: one finding per line, the finding object of the JSON report plus ``path`` and ``record``.

``record`` is the record's 1-based index in its file, or ``null`` for a finding about the file
itself. Lines come in input order, so ``grep``, ``jq -c`` and ``wc -l`` work on a run of any size.
"""

from __future__ import annotations

import json
from typing import Any

from kifu.core.findings import Finding
from kifu.core.report import FindingStream
from kifu.core.results import RecordReport

#: Characters that ``str.splitlines`` breaks at but JSON leaves unescaped: written as escapes, so
#: that every reader sees one object per line.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


class JsonLinesReporter(FindingStream):
    """Writes each finding as one JSON object on its own line, as the findings arrive."""

    def finding(self, finding: Finding, report: RecordReport | None) -> None:
        line: dict[str, Any] = {"path": self.path, "record": report.index if report else None}
        line.update(finding.to_dict())
        self.out.write(json.dumps(line, ensure_ascii=False).translate(_LINE_BREAKS) + "\n")
