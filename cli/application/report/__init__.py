"""Reporters turn check results into text, JSON and the CI formats.

A reporter receives events in input order — ``begin_file``, ``record`` for each record,
``end_file`` with the findings about the file itself — and writes as it goes, so that
memory stays flat on huge inputs.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from kifu.core.findings import Finding, Severity
from kifu.core.results import RecordReport, Totals

if TYPE_CHECKING:
    from kifu.application.selection import Selection


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


@dataclass(frozen=True, slots=True)
class Infos:
    """Which infos a report for people (text, github) lists; the others are only counted
    (:attr:`FindingStream.hidden`, said in the summary). The policy, and why, is docs/severity.md's
    "What the default output shows": every info (``every``), or those beside an error or warning
    of their record (of their file, for a finding about the file) and those with a code that the
    selection names: ``named`` (code prefixes), or in the files of a folder of ``by_folder`` (keyed
    as ``os.path.dirname`` gives it, ``.`` for none) the folder's own."""

    every: bool = True
    named: tuple[str, ...] = ()
    by_folder: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def named_in(self, path: str) -> tuple[str, ...]:
        """The code prefixes named for the file at ``path``."""
        return self.by_folder.get(os.path.dirname(path) or os.curdir, self.named)


def named_codes(selection: Selection | None) -> tuple[str, ...]:
    """The code prefixes that ``selection``'s ``select`` and ``extend-select`` name, ``ALL``
    aside, from its last layer that selects afresh (the ones below it no longer count)."""
    if selection is None:
        return ()
    layers = list(selection.layers)
    fresh = max((n for n, layer in enumerate(layers) if layer.select is not None), default=0)
    return tuple(
        prefix
        for layer in layers[fresh:]
        for prefix in (*(layer.select or ()), *layer.extend_select)
        if prefix  # (ALL is "")
    )


def _acting(findings: list[Finding]) -> bool:
    """Whether ``findings`` hold an error or a warning (the infos beside them explain them)."""
    return any(finding.severity is not Severity.INFO for finding in findings)


class FindingStream:
    """Base of the reporters that write each finding as it arrives (text, github, jsonl).

    Subclasses implement :meth:`finding`; ``report`` is ``None`` for a finding about the file.
    ``infos``: which infos are written; the others are counted in :attr:`hidden`.
    """

    def __init__(self, out: TextIO, *, infos: Infos | None = None) -> None:
        self.out = out
        self.path = ""
        self.uses_tags = False
        self.infos = Infos() if infos is None else infos
        self.hidden = 0
        self.acting = False  # an error or warning on the file's records so far
        self.named = self.infos.named  # the code prefixes of the infos listed in this file

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self.path = path
        self.acting = False
        self.named = self.infos.named_in(path)

    def record(self, report: RecordReport) -> None:
        acting = _acting(report.findings)
        self.acting = self.acting or acting
        for finding in report.findings:
            if acting or self._listed(finding):
                self.finding(finding, report)

    def end_file(self, findings: list[Finding]) -> None:
        acting = self.acting or _acting(findings)
        for finding in findings:
            if acting or self._listed(finding):
                self.finding(finding, None)

    def _listed(self, finding: Finding) -> bool:
        """Whether ``finding``, on a record (or file) without an error or warning, is listed."""
        if finding.severity is not Severity.INFO or self.infos.every or finding.code.startswith(self.named):
            return True
        self.hidden += 1
        return False

    def end(self, totals: Totals) -> None:
        pass

    def finding(self, finding: Finding, report: RecordReport | None) -> None:
        """Write one finding."""
        raise NotImplementedError


#: format name → the module and class of its reporter (imported when chosen), and which of
#: :func:`make_reporter`'s keywords it takes
REPORTERS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "text": ("kifu.application.report.text", "TextReporter", ("verbose", "color", "infos")),
    "json": ("kifu.application.report.json", "JsonReporter", ()),
    "jsonl": ("kifu.application.report.jsonl", "JsonLinesReporter", ()),
    "github": ("kifu.application.report.github", "GithubReporter", ("infos",)),
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
    infos: Infos | None = None,
) -> Reporter:
    """The reporter called ``name`` writing to ``out`` (``color``: the text format only;
    ``drawer``: the boards of the html format, a :class:`kifu.application.report.html.Drawer`;
    ``max_boards``: its boards per file and per report; ``infos``: the infos that the text and
    github formats list, default all; the machine formats keep every finding)."""
    module, cls, takes = REPORTERS[name]
    given: dict[str, Any] = {"verbose": verbose, "color": color, "drawer": drawer}
    if max_boards is not None:
        given["max_boards"] = max_boards
    if infos is not None:
        given["infos"] = infos
    takes = tuple(key for key in takes if key in given)
    reporter: Reporter = getattr(importlib.import_module(module), cls)(
        out, **{key: given[key] for key in takes}
    )
    return reporter


def hidden_infos(reporter: Reporter) -> int:
    """The infos that ``reporter`` counted without listing them (:class:`Infos`)."""
    return reporter.hidden if isinstance(reporter, FindingStream) else 0


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
