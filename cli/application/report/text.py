"""Human-readable findings: ``path:line:col: severity CODE [where] message``.

Syntax errors get the source line with a caret under the offending text. The infos listed are
those of :class:`~kifu.application.report.Infos` (by default, only those beside an error or
warning). With ``verbose``, every record also gets one line with its result and what the rules
make of it. Every text
from the input (the path, tags, moves, messages quoting the record, the source line) is written
through :func:`kifu.core.escape.terminal`.
"""

from __future__ import annotations

from typing import TextIO

from kifu.application.report import FindingStream, Infos, names_move
from kifu.application.terminal import style
from kifu.core.escape import terminal
from kifu.core.findings import Finding
from kifu.core.results import RecordReport

_MAX_SHOWN_LINE = 160
_SEVERITY_STYLES = {"error": ("red", "bold"), "warning": ("yellow",), "info": ("blue",)}


class TextReporter(FindingStream):
    """Writes findings as they arrive, grouped by file and record."""

    def __init__(
        self, out: TextIO, *, verbose: bool = False, color: bool = False, infos: Infos | None = None
    ) -> None:
        super().__init__(out, infos=infos)
        self.verbose = verbose
        self.uses_tags = verbose  # the players, in the line about each record
        self.color = color
        self.shown = ""  # the path as it is written

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        super().begin_file(path, game, fmt)
        self.shown = terminal(path, one_line=True)

    def record(self, report: RecordReport) -> None:
        if self.verbose:
            described = terminal(describe_record(report), one_line=True)
            self.out.write(f"{self.shown}:{report.line}: {described}\n")
        super().record(report)

    def finding(self, finding: Finding, report: RecordReport | None) -> None:
        span = finding.span
        where = f"{self.shown}:{span.line}:{span.column}" if span else self.shown
        context = []
        if report is not None:
            context.append(f"game {report.index}")
        if finding.move is not None and not names_move(finding):
            context.append(terminal(finding.move, one_line=True))
        label = fix_mark(finding) + (f" [{', '.join(context)}]" if context else "")
        message = terminal(finding.message, one_line=True)
        if self.color:
            severity = finding.severity.label
            where = style(where, "bold")
            level = style(severity, *_SEVERITY_STYLES[severity])
            self.out.write(f"{where}: {level} {style(finding.code, 'cyan')}{label} {message}\n")
        else:
            self.out.write(f"{where}: {finding.severity.label} {finding.code}{label} {message}\n")
        if finding.source_line is not None and span is not None:
            self._caret(
                finding.source_line, span.column, span.end_column if span.end_line == span.line else None
            )

    def _caret(self, line: str, column: int, end_column: int | None) -> None:
        start = 0
        if len(line) > _MAX_SHOWN_LINE:
            start = max(0, column - 1 - _MAX_SHOWN_LINE // 2)
            line = line[start : start + _MAX_SHOWN_LINE]
        offset = column - 1 - start
        width = max(1, min((end_column or column + 1) - column, len(line) - offset))
        # a control character is shown as an escape several columns wide: the caret follows it
        before, marked = terminal(line[:offset]), terminal(line[offset : offset + width])
        prefix = "".join(ch if ch == "\t" else " " for ch in before)
        self.out.write(f"    {terminal(line)}\n    {prefix}{'^' * max(1, len(marked))}\n")


def fix_mark(finding: Finding) -> str:
    """`` [*]`` after the code of a finding ``kifu check --fix`` repairs, `` [unsafe fix]`` after
    one that ``--unsafe-fixes`` repairs (ruff's mark), else nothing."""
    if finding.fix is None:
        return ""
    return " [*]" if finding.fix.applicability == "safe" else " [unsafe fix]"


def describe_record(report: RecordReport) -> str:
    """One line about a record: players, declared result, plies and the rules' verdict."""
    tags = report.tags
    players = " - ".join(
        name
        for name in (
            tags.get("White") or tags.get("Red") or tags.get("PB"),
            tags.get("Black") or tags.get("PW"),
        )
        if name
    )
    parts = [f"game {report.index}"]
    if players:
        parts.append(players)
    replayed = "" if report.replayed is None else f" read, {report.replayed} replayed"
    parts.append(f"{report.declared_result or 'no result'}, {report.plies} plies{replayed}")
    if report.outcome:
        ply = report.outcome.get("ply")
        at = f" at ply {ply}" if ply else ""
        assumed = report.outcome.get("assumption")
        provisional = f" (if {assumed['assumed']} was meant at ply {assumed['ply']})" if assumed else ""
        parts.append(f"{report.outcome['reason']}{at} → {report.outcome['result']}{provisional}")
    for claim in report.claims:
        state = "claimable" if claim.get("valid") else "was claimable"
        parts.append(f"{claim['reason']} {state} from ply {claim['ply']}")
    if report.score:
        parts.append(f"score {report.score.get('result')}")
    counts = _counts(report.findings)
    if counts:
        parts.append(counts)
    return "; ".join(parts)


def _counts(findings: list[Finding]) -> str:
    tally: dict[str, int] = {}
    for finding in findings:
        tally[finding.severity.label] = tally.get(finding.severity.label, 0) + 1
    return ", ".join(f"{n} {label}{'s' if n > 1 else ''}" for label, n in sorted(tally.items()))
