"""SARIF 2.1.0, as GitHub code scanning and other SARIF viewers read it.

One run; ``tool.driver.rules`` lists the codes that the run reported (in the order first seen,
so that ``ruleIndex`` can be written as results arrive), with the registry's title and
documentation. Results are written to a spooled temporary file as they arrive and copied
after the rules, so memory stays flat however many findings there are.

Every result has a region, as code scanning needs ``startLine``: a finding without a span
points at the start of its record, or at line 1 for a finding about the whole file (its
``properties.record`` is then ``null``).
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import tempfile
from pathlib import Path, PurePath
from typing import IO, Any, TextIO
from urllib.parse import quote

from kifu import __version__
from kifu.core.escape import json_text
from kifu.core.findings import REGISTRY, Code, Finding, Fix, Severity
from kifu.core.results import RecordReport, Totals

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
VERSION = "2.1.0"
#: Where relative artifact URIs are rooted: the directory the check ran in (the checkout).
SRCROOT = "%SRCROOT%"

LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
#: GitHub's ``problem.severity`` for alerts that are not security alerts.
PROBLEM_SEVERITIES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "recommendation"}

_SPOOL_BYTES = 4 << 20
_RESULTS = "\0results\0"


def artifact_location(path: str) -> dict[str, str]:
    """The ``artifactLocation`` of ``path``: relative to ``%SRCROOT%``, or a file URI if absolute."""
    pure = PurePath(path)
    if pure.is_absolute():
        return {"uri": Path(path).as_uri()}
    relative = posixpath.normpath(pure.as_posix().replace(os.sep, "/"))
    return {"uri": quote(relative, safe="/"), "uriBaseId": SRCROOT}


def rule_name(title: str) -> str:
    """A rule's ``name``: its title in PascalCase (``illegal move`` → ``IllegalMove``)."""
    return "".join(word[0].upper() + word[1:] for word in re.findall(r"[A-Za-z0-9]+", title))


def rule_descriptor(code: str) -> dict[str, Any]:
    """The ``reportingDescriptor`` of a finding code, from the code registry."""
    entry: Code | None = REGISTRY.get(code)
    if entry is None:  # not registered here: still the fields that code scanning requires
        text = {"text": f"{code} (not documented in this version of kifu)"}
        return {"id": code, "shortDescription": text, "fullDescription": text, "help": text}
    rule = f"\n\nRule: {entry.rule}" if entry.rule else ""
    explain = f"\n\nkifu explain {entry.code} prints this text."
    help_markdown = entry.doc + (f"\n\n**Rule:** {entry.rule}" if entry.rule else "")
    help_markdown += f"\n\n`kifu explain {entry.code}` prints this text."
    properties: dict[str, Any] = {
        "tags": [re.sub(r"\d+$", "", entry.code).lower()],
        "precision": "very-high",
        "problem.severity": PROBLEM_SEVERITIES[entry.severity],
    }
    if entry.rule:
        properties["rule"] = entry.rule
    return {
        "id": entry.code,
        "name": rule_name(entry.title),
        "shortDescription": {"text": entry.title},
        "fullDescription": {"text": entry.doc},
        "help": {"text": entry.doc + rule + explain, "markdown": help_markdown},
        "defaultConfiguration": {"level": LEVELS[entry.severity]},
        "properties": properties,
    }


def information_uri() -> str | None:
    """The project's home page from the installed package's metadata, if it names one."""
    from importlib import metadata

    try:
        meta = metadata.metadata("kifu")
    except metadata.PackageNotFoundError:
        return None
    for home in meta.get_all("Home-page") or []:
        return str(home)
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = str(entry).partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository"):
            return url.strip()
    return None


class SarifReporter:
    """Writes one SARIF log with one run; results are spooled until the rules are known.

    The rules are described from :data:`~kifu.core.findings.REGISTRY`: the caller registers
    every game's codes first (results may come from worker processes, where they were made).
    """

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.uses_tags = False
        self._spool = _spool()
        self._results = 0
        self._rules: dict[str, int] = {}
        self._location: dict[str, str] = {}

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self._location = artifact_location(path)

    def record(self, report: RecordReport) -> None:
        for finding in report.findings:
            self._result(finding, report)

    def end_file(self, findings: list[Finding]) -> None:
        for finding in findings:
            self._result(finding, None)

    def end(self, totals: Totals) -> None:
        driver: dict[str, Any] = {"name": "kifu", "version": __version__}
        home = information_uri()
        if home:
            driver["informationUri"] = home
        driver["rules"] = [rule_descriptor(code) for code in self._rules]
        run = {
            "tool": {"driver": driver},
            "invocations": [{"executionSuccessful": totals.internal_errors == 0}],
            "columnKind": "unicodeCodePoints",
            "results": _RESULTS,
        }
        document = {"$schema": SCHEMA, "version": VERSION, "runs": [run]}
        head, tail = json.dumps(document, indent=2, ensure_ascii=False).split(json.dumps(_RESULTS))
        if not self._results:
            self.out.write(head + "[]" + tail + "\n")
        else:
            self.out.write(head + "[")
            self._spool.seek(0)
            while chunk := self._spool.read(1 << 16):
                self.out.write(chunk)
            self.out.write("\n      ]" + tail + "\n")
        self._spool.close()

    def _result(self, finding: Finding, report: RecordReport | None) -> None:
        index = self._rules.setdefault(finding.code, len(self._rules))
        span = finding.span
        region: dict[str, int]
        if span is not None:
            region = {
                "startLine": span.line,
                "startColumn": span.column,
                "endLine": span.end_line,
                "endColumn": span.end_column,
            }
        else:
            region = {"startLine": report.line if report is not None else 1}
        properties: dict[str, Any] = {"record": report.index if report is not None else None}
        properties.update(
            (key, value) for key, value in (("ply", finding.ply), ("move", finding.move)) if value is not None
        )
        result = {
            "ruleId": finding.code,
            "ruleIndex": index,
            "level": LEVELS[finding.severity],
            "message": {"text": finding.message},
            "locations": [{"physicalLocation": {"artifactLocation": self._location, "region": region}}],
            "properties": properties,
        }
        if finding.fix is not None:
            result["fixes"] = [self._fix(finding.fix)]
        text = json_text(json.dumps(result, indent=2, ensure_ascii=False)).replace("\n", "\n        ")
        self._spool.write(("," if self._results else "") + "\n        " + text)
        self._results += 1

    def _fix(self, fix: Fix) -> dict[str, Any]:
        """A SARIF ``fix``: its edits as replacements of regions of the one artifact."""
        replacements = [
            {
                "deletedRegion": {
                    "startLine": edit.span.line,
                    "startColumn": edit.span.column,
                    "endLine": edit.span.end_line,
                    "endColumn": edit.span.end_column,
                },
                "insertedContent": {"text": edit.content},
            }
            for edit in fix.edits
        ]
        return {
            "description": {"text": f"{fix.message} ({fix.applicability} fix)"},
            "artifactChanges": [{"artifactLocation": self._location, "replacements": replacements}],
        }


def _spool() -> IO[str]:
    return tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES, mode="w+", encoding="utf-8")
