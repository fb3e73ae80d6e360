"""GitHub Actions workflow commands: one ``::error``/``::warning``/``::notice`` line per finding.

The runner turns each line into an annotation on the file and line. Values are escaped as the
Actions toolkit (``@actions/core``) escapes them, and the properties come in its order:
``title``, ``file``, ``line``, ``endLine``, ``col``, ``endColumn``. Columns are sent only for
findings on a single line, since annotations cannot carry columns across lines.

The log that shows the commands is a terminal: the other control characters of a path or a
message (ESC, BEL, C1 …) are written as visible escapes (:func:`kifu.core.escape.terminal`)
after the toolkit's escaping, which leaves them raw.
"""

from __future__ import annotations

from kifu.application.report import FindingStream, names_move
from kifu.application.report.text import fix_mark
from kifu.core.escape import terminal
from kifu.core.findings import Finding, Severity
from kifu.core.results import RecordReport

#: The workflow command for each severity.
COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}

#: ``path`` of standard input, which no annotation can point into.
STDIN = "-"


def escape_data(text: str) -> str:
    """Escape a command's message: ``%``, CR and LF as the toolkit does; any other control
    character as a visible escape."""
    return terminal(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    """Escape a property value: as :func:`escape_data`, and also ``:`` and ``,``."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, properties: dict[str, str | int | None], message: str) -> str:
    """One workflow command line (without the newline); ``None`` and empty properties are left out."""
    shown = ",".join(
        f"{key}={escape_property(str(value))}" for key, value in properties.items() if value not in (None, "")
    )
    return f"::{name}{' ' + shown if shown else ''}::{escape_data(message)}"


class GithubReporter(FindingStream):
    """Writes one workflow command per finding, as the findings arrive."""

    def finding(self, finding: Finding, report: RecordReport | None) -> None:
        properties: dict[str, str | int | None] = {"title": finding.code + fix_mark(finding)}
        if self.path != STDIN:
            properties["file"] = self.path
            span = finding.span
            if span is not None:
                properties["line"] = span.line
                properties["endLine"] = span.end_line
                if span.end_line == span.line:
                    properties["col"] = span.column
                    properties["endColumn"] = span.end_column
            elif report is not None:
                properties["line"] = report.line
        context = [f"game {report.index}"] if report is not None else []
        if finding.move is not None and not names_move(finding):
            context.append(finding.move)
        message = f"[{', '.join(context)}] {finding.message}" if context else finding.message
        self.out.write(command(COMMANDS[finding.severity], properties, message) + "\n")
