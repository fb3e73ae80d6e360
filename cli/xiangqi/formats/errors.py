"""The error a record reader raises when a whole record cannot be read."""

from __future__ import annotations

from kifu.core.findings import Finding


class RecordError(Exception):
    """A record that cannot be read at all; carries the finding that says why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding
