"""Reporters turn check results into text, JSON and the CI formats.

A reporter receives events in input order — ``begin_file``, ``record`` for each record,
``end_file`` with the findings about the file itself — and writes as it goes, so that
memory stays flat on huge inputs.
"""

from __future__ import annotations

import importlib
import re
from typing import Any, Protocol, TextIO

from kifu.core.findings import Finding
from kifu.core.results import RecordReport, Totals


class Reporter(Protocol):
    """The events every reporter handles.

    ``uses_tags``: whether :meth:`record` reads the reports' tags (players, event …); when it
    does not, a batch's workers leave them out of what they send (:mod:`kifu.application.batch`).
    """

    uses_tags: bool

    def begin(self) -> None: ...

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None: ...

    def record(self, report: RecordReport) -> None: ...

    def end_file(self, findings: list[Finding]) -> None: ...

    def end(self, totals: Totals) -> None: ...


class FindingStream:
    """Base of the reporters that write each finding as it arrives (text, github, jsonl).

    Subclasses implement :meth:`finding`; ``report`` is ``None`` for a finding about the file.
    """

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.path = ""
        self.uses_tags = False

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self.path = path

    def record(self, report: RecordReport) -> None:
        for finding in report.findings:
            self.finding(finding, report)

    def end_file(self, findings: list[Finding]) -> None:
        for finding in findings:
            self.finding(finding, None)

    def end(self, totals: Totals) -> None:
        pass

    def finding(self, finding: Finding, report: RecordReport | None) -> None:
        """Write one finding."""
        raise NotImplementedError


#: format name → the module and class of its reporter (imported when chosen), and which of
#: :func:`make_reporter`'s keywords it takes
REPORTERS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "text": ("kifu.application.report.text", "TextReporter", ("verbose", "color")),
    "json": ("kifu.application.report.json", "JsonReporter", ()),
    "jsonl": ("kifu.application.report.jsonl", "JsonLinesReporter", ()),
    "github": ("kifu.application.report.github", "GithubReporter", ()),
    "sarif": ("kifu.application.report.sarif", "SarifReporter", ()),
    "junit": ("kifu.application.report.junit", "JunitReporter", ()),
    "html": ("kifu.application.report.html", "HtmlReporter", ("drawer", "max_boards")),
}
FORMATS = tuple(REPORTERS)


def make_reporter(
    name: str,
    out: TextIO,
    *,
    verbose: bool = False,
    color: bool = False,
    drawer: Any = None,
    max_boards: tuple[int, int] | None = None,
) -> Reporter:
    """The reporter called ``name`` writing to ``out`` (``color``: the text format only;
    ``drawer``: the boards of the html format, a :class:`kifu.application.report.html.Drawer`;
    ``max_boards``: its boards per file and per report)."""
    module, cls, takes = REPORTERS[name]
    given: dict[str, Any] = {"verbose": verbose, "color": color, "drawer": drawer}
    if max_boards is not None:
        given["max_boards"] = max_boards
    takes = tuple(key for key in takes if key in given)
    reporter: Reporter = getattr(importlib.import_module(module), cls)(
        out, **{key: given[key] for key in takes}
    )
    return reporter


#: a move number before the move in a message: ``2. `` or ``12... ``
_MOVE_NUMBER = re.compile(r"\d+\.(?:\.\.)? ")


def names_move(finding: Finding) -> bool:
    """Whether the finding's message begins with its move (``Ke3: …``, ``2. Ke3: …``, ``12... Bg4 …``),
    so that a report need not name the move again beside it."""
    move = finding.move
    if move is None:
        return False
    # compared as text, not as a pattern made of the move: a hostile record's move can be
    # megabytes long, and compiling it took seconds (10 s for a 10 MB move)
    message = finding.message
    number = _MOVE_NUMBER.match(message)
    for start in (number.end(), 0) if number else (0,):
        end = start + len(move)
        if message.startswith(move, start) and (
            end == len(message) or message[end] == ":" or message[end].isspace()
        ):
            return True
    return False
