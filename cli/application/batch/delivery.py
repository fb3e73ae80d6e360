"""Delivering a batch run's results to the reporter: selection, renumbering of a part's records
in their file, the end of a file (changed while read, no records), display paths.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from kifu.application.batch.jobs import Item, _FileState, _stamp
from kifu.application.report import Reporter
from kifu.application.selection import Selection
from kifu.core import records
from kifu.core.findings import (
    INTERNAL_ERROR,
    IO_CHANGED,
    IO_LIMIT,
    IO_NO_RECORDS,
    Finding,
    Severity,
)
from kifu.core.lines import LineDecoder
from kifu.core.parts import Part, PartRead
from kifu.core.results import RecordReport, Totals
from kifu.core.sources import Source, display_path


def _select(
    state: _FileState, findings: list[Finding], totals: Totals, selection: Selection | None
) -> list[Finding]:
    if state.selection is not None:  # the file's own configuration
        selection = state.selection
    if selection is None or not selection.active:
        return findings
    kept, ignored = selection.apply(state.relative, findings)
    totals.ignore(ignored)
    return kept


def _deliver(
    state: _FileState, items: Iterable[Item], reporter: Reporter, totals: Totals, selection: Selection | None
) -> None:
    for item in items:
        if isinstance(item, RecordReport):
            state.records += 1
            totals.records += 1
            item.findings = _select(state, item.findings, totals, selection)
            totals.add(item.findings)
            if state.listed is not None and state.records > state.listed:
                state.unlisted += 1  # (counted in the summary and the exit status, not listed)
                continue
            if state.reported + len(item.findings) > MAX_FILE_FINDINGS:
                item.findings = _withheld(state, item.findings)
            state.reported += len(item.findings)
            reporter.record(_displayed(state.path, item) if _undisplayable(state.path) else item)
        else:
            state.findings.append(item)


#: records a compressed file lists, at least, and per byte of its compressed data: real archives
#: hold a record per 100 compressed bytes or more (a PGN game compresses to 150 to 400 bytes, an
#: SGF game to 300 or more); a file of a million records in a few kilobytes is a bomb, whose
#: report would otherwise grow by a record for each few decompressed bytes
LISTED_RECORDS = 10_000
LISTED_PER_BYTE = 1


def listed_at_most(compressed_size: int) -> int:
    """The records listed in the report of a compressed file of ``compressed_size`` bytes."""
    return max(LISTED_RECORDS, LISTED_PER_BYTE * compressed_size)


#: findings listed on the records of one file: past them, each record's are counted (in the summary
#: and the exit status) and said in one finding at the file's end, so that a small compressed file
#: of a million broken records cannot write gigabytes of report
MAX_FILE_FINDINGS = 10_000


def _withheld(state: _FileState, findings: list[Finding]) -> list[Finding]:
    """The ``findings`` of a record that fit under the file's cap; the others are counted."""
    room = max(MAX_FILE_FINDINGS - state.reported, 0)
    for finding in findings[room:]:
        state.withheld[finding.severity] = state.withheld.get(finding.severity, 0) + 1
    return findings[:room]


def _part_items(state: _FileState, part: Part, result: Iterable[Item] | PartRead[RecordReport]) -> list[Item]:
    """The items of a part's task, its records numbered in the file; none when the worker of an
    earlier part read through this one (:mod:`kifu.core.parts`)."""
    if part.number != state.next_part:
        return []
    if not isinstance(result, PartRead):  # the task failed as a whole: reported; on with the next part
        state.next_part = None if part.last else part.number + 1
        return list(result)
    state.next_part = result.resume
    if state.decoder is None:
        state.decoder = LineDecoder()
    state.decoder.add(result.counts)
    before = state.records
    return [*(_numbered(report, before) for report in result.records), *result.findings]


def _numbered(report: RecordReport, before: int) -> RecordReport:
    """``report`` of a record numbered in its part, numbered in the file (``before`` records
    precede the part), the crash guard's message included (:func:`kifu.core.records.guarded`)."""
    if before:
        written = records.record_at(report.index, report.line)
        report.index += before
        numbered = records.record_at(report.index, report.line)
        report.findings = [
            replace(f, message=f.message.replace(written, numbered, 1))
            if f.code == INTERNAL_ERROR.code
            else f
            for f in report.findings
        ]
    return report


def _end_file(state: _FileState, reporter: Reporter, totals: Totals, selection: Selection | None) -> None:
    if state.decoder is not None:  # what the decoders of the parts noticed, as one decoder says it
        state.decoder.finish(state.path)
        state.findings += state.decoder.findings
    # a worker went on to a part this process did not cut, or the file's size or time moved
    if state.stamp is not None or state.planned_parts:
        unfinished = bool(state.planned_parts) and state.next_part is not None
        if unfinished or (state.stamp is not None and _stamp(Source(state.path)) != state.stamp):
            state.findings.append(
                IO_CHANGED(
                    f"{state.path} changed while it was read: records may be missing from this "
                    "report, or be read from two versions of the file; check it again"
                )
            )
    findings = state.findings
    if state.withheld:
        withheld = sorted(state.withheld.items(), reverse=True)  # errors first
        counts = ", ".join(f"{n:,} {severity.label}(s)" for severity, n in withheld)
        findings.append(
            IO_LIMIT(
                f"{sum(state.withheld.values()):,} more finding(s) on the records of this file are not "
                f"listed ({counts}): a file lists its first {MAX_FILE_FINDINGS:,}; the summary and "
                "the exit status count them all",
                severity=max(state.withheld),
            )
        )
    if state.unlisted:
        findings.append(
            IO_LIMIT(
                f"{state.unlisted:,} more record(s) of this file are not listed: its {state.size:,} "
                f"bytes of compressed data hold more records than bytes (a decompression bomb?), and "
                f"it lists its first {state.listed:,}; the summary and the exit status count them all",
                severity=Severity.WARNING,
            )
        )
    if (
        state.game is not None
        and state.records == 0
        and not any(f.severity >= IO_NO_RECORDS.severity for f in findings)
    ):
        findings.append(IO_NO_RECORDS(f"no {state.game} records found in {state.path}"))
    findings = _select(state, findings, totals, selection)
    totals.add(findings)
    if _undisplayable(state.path):
        findings = [_displayed_finding(state.path, finding) for finding in findings]
    reporter.end_file(findings)


def _undisplayable(path: str) -> bool:
    """A file name that is not UTF-8 (it holds surrogate escapes): shown escaped in every format."""
    return not path.isascii() and display_path(path) != path


def _displayed_finding(path: str, finding: Finding) -> Finding:
    return replace(finding, message=finding.message.replace(path, display_path(path)))


def _displayed(path: str, report: RecordReport) -> RecordReport:
    report.findings = [_displayed_finding(path, finding) for finding in report.findings]
    return report
