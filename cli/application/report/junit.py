"""JUnit XML: a ``<testsuite>`` per file and a ``<testcase>`` per record.

The mapping, for CI systems that show test reports (GitLab, Jenkins, Azure, …):

- a record with error findings fails: one ``<failure>`` whose ``type`` is the first error's
  code and whose text lists every error as ``path:line:col: error CODE message``;
- a record on which kifu itself failed (``KIFU001``) is in ``<error>`` instead: it is kifu's
  bug, not the record's fault;
- warnings and infos never fail a test case (the reporter does not know ``--fail-on``): they are
  listed in ``<system-out>``, after a line with the record's result and outcome;
- findings about the file itself (unreadable, no records, …) make a test case named ``file``.

Test cases are spooled per file, since a suite's counts come before its cases.
"""

from __future__ import annotations

import re
import tempfile
import xml.etree.ElementTree as ET
from typing import IO, TextIO

from kifu.application.report.text import describe_record
from kifu.core.escape import terminal
from kifu.core.findings import INTERNAL_ERROR, Finding, Severity
from kifu.core.markup import quoteattr
from kifu.core.results import RecordReport, Totals

_SPOOL_BYTES = 4 << 20
#: Characters that XML 1.0 does not allow, even as character references, beyond the controls
#: :func:`~kifu.core.escape.terminal` shows as escapes.
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` with the characters XML cannot carry, and those a terminal would obey (the report
    is read in CI logs and terminals too), written as ``\\xNN`` / ``\\uNNNN``."""
    return _NOT_XML.sub(lambda m: f"\\u{ord(m[0]):04x}", terminal(text))


def testcase_name(report: RecordReport) -> str:
    """``game 3: White - Black``, or ``game 3`` when the record names no players."""
    tags = report.tags
    players = [
        name
        for name in (
            tags.get("White") or tags.get("Red") or tags.get("PB"),
            tags.get("Black") or tags.get("PW"),
        )
        if name
    ]
    return f"game {report.index}: {' - '.join(players)}" if players else f"game {report.index}"


class JunitReporter:
    """Writes ``<testsuites>`` once every file is checked; memory stays flat (spooled)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.uses_tags = True
        self._body = _spool()
        self._cases = _spool()
        self._path = ""
        self._properties: dict[str, str] = {}
        self._suite = _Counts()
        self._total = _Counts()

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self._path = path
        self._properties = {key: value for key, value in (("game", game), ("format", fmt)) if value}
        self._suite = _Counts()
        self._cases.seek(0)
        self._cases.truncate()

    def record(self, report: RecordReport) -> None:
        self._case(testcase_name(report), report.findings, describe_record(report), report.line)

    def end_file(self, findings: list[Finding]) -> None:
        if findings:
            self._case("file", findings, None, None)
        self._body.write(f"  <testsuite name={quoteattr(xml_text(self._path))}{self._suite.attributes()}>\n")
        if self._properties:
            self._body.write("    <properties>\n")
            for name, value in self._properties.items():
                self._body.write(
                    f"      <property name={quoteattr(name)} value={quoteattr(xml_text(value))}/>\n"
                )
            self._body.write("    </properties>\n")
        _copy(self._cases, self._body)
        self._body.write("  </testsuite>\n")
        self._total.add(self._suite)

    def end(self, totals: Totals) -> None:
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        self.out.write(f'<testsuites name="kifu"{self._total.attributes()}>\n')
        _copy(self._body, self.out)
        self.out.write("</testsuites>\n")
        self._body.close()
        self._cases.close()

    def _case(self, name: str, findings: list[Finding], summary: str | None, line: int | None) -> None:
        case = ET.Element("testcase", name=xml_text(name), classname=xml_text(self._path))
        errors = [f for f in findings if f.severity is Severity.ERROR]
        crashed = [f for f in errors if f.code == INTERNAL_ERROR.code]
        if errors:
            first = (crashed or errors)[0]
            count = f"{len(errors)} errors; first: " if len(errors) > 1 else ""
            element = ET.SubElement(
                case,
                "error" if crashed else "failure",
                message=xml_text(count + first.message),
                type=first.code,
            )
            element.text = xml_text("".join(self._line(f, line) for f in errors))
        others = [f for f in findings if f.severity is not Severity.ERROR]
        if summary is not None or others:
            out = ET.SubElement(case, "system-out")
            out.text = xml_text(
                (f"{summary}\n" if summary else "") + "".join(self._line(f, line) for f in others)
            )
        ET.indent(case, space="  ", level=2)
        self._cases.write("    " + ET.tostring(case, encoding="unicode").rstrip() + "\n")
        self._suite.tests += 1
        if crashed:
            self._suite.errors += 1
        elif errors:
            self._suite.failures += 1

    def _line(self, finding: Finding, line: int | None) -> str:
        """``path:line:col: severity CODE message``; without a span, the record's line."""
        span = finding.span
        if span is not None:
            where = f"{self._path}:{span.line}:{span.column}"
        else:
            where = self._path if line is None else f"{self._path}:{line}"
        return f"{where}: {finding.severity.label} {finding.code} {finding.message}\n"


class _Counts:
    """The ``tests``, ``failures``, ``errors`` and ``skipped`` attributes of a suite."""

    def __init__(self) -> None:
        self.tests = 0
        self.failures = 0
        self.errors = 0

    def add(self, other: _Counts) -> None:
        self.tests += other.tests
        self.failures += other.failures
        self.errors += other.errors

    def attributes(self) -> str:
        return f' tests="{self.tests}" failures="{self.failures}" errors="{self.errors}" skipped="0"'


def _spool() -> IO[str]:
    return tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES, mode="w+", encoding="utf-8")


def _copy(source: IO[str], target: IO[str] | TextIO) -> None:
    source.seek(0)
    while chunk := source.read(1 << 16):
        target.write(chunk)
