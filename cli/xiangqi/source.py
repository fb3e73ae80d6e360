"""A record's text as its file holds it, kept beside the record for the fixes of its findings
(``kifu check --fix``): the edits are made on these lines, never on a record written again."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifu.core.record import Span


@dataclass(slots=True)
class RecordText:
    """The lines of one record of a text format, from file line ``first`` on.

    ``form`` is ``pgn`` (XQBase PGN: tags, comments), ``sheet`` (a plain score sheet: no tag)
    or ``dhtmlxq``; ``numbers``: the round number written before a move, by the start of the
    move's span (:attr:`kifu.xiangqi.formats.movetext.Movetext.numbers`); ``fields``: the spans
    of a DhtmlXQ record's field values by name (``result``), and ``end``, the point before its
    closing ``[/DhtmlXQ]`` or the end of its text.
    """

    form: str
    first: int
    lines: list[str]
    numbers: dict[tuple[int, int], tuple[Span, str]] = field(default_factory=dict)
    fields: dict[str, Span] = field(default_factory=dict)

    def line(self, number: int) -> str:
        """File line ``number`` (empty outside the record)."""
        at = number - self.first
        return self.lines[at] if 0 <= at < len(self.lines) else ""

    def last(self) -> int:
        """The file line of the record's last line that is not blank (its first line if none is)."""
        for at in range(len(self.lines) - 1, -1, -1):
            if self.lines[at].strip():
                return self.first + at
        return self.first
