"""A self-contained HTML report: inline CSS and SVG boards, no script, no network (a strict
Content-Security-Policy says so to the browser: :func:`kifu.core.markup.content_security_policy`).

The page opens with the summary and an index of the files (natural order: b1, b2, b10, with
their counts, linking to each file's section), then the definitions the boards share (drawn
once: :mod:`kifu.application.report.shared`), then the files in the index's order. Each file's section
is written as its results arrive to a temporary file (memory stays flat on a big archive) and
copied into the page at the end, when the summary is known. Boards are capped per file and per
report (:data:`MAX_BOARDS`); a finding past the cap is still listed, with the ``kifu show``
command that draws it. The report imports no game: the boards are drawn by a :class:`Drawer`
the check command injects (:mod:`kifu.application.report_boards`, each game's ``draw``), from
the positions each record's check kept in its own walk (:attr:`RecordReport.positions`, within
the cap per file: ``Options.boards``): no record is read or walked again. A finding's board is
the position
before its move: the finding's own ``position`` when the checker set it, else the position
the walk kept at that ply; without either, the finding has no board. A finding about the
result is drawn in the final position (its code says which: ``board_at``), and every finding's
board carries its marks and caption (the game's ``mark``).
"""

from __future__ import annotations

import codecs
import os
import re
import shlex
import tempfile
from dataclasses import dataclass, field
from typing import IO, Any, Protocol, TextIO

from kifu import __version__
from kifu.application.report.shared import SharedDefinitions
from kifu.core.findings import Finding, Severity
from kifu.core.game import FINAL, Position, Where, board_at
from kifu.core.lines import LineDecoder
from kifu.core.marking import finding_position
from kifu.core.markup import content_security_policy, escape, html_text
from kifu.core.results import RecordReport, Totals

#: boards drawn per file and per report unless ``--max-boards`` says otherwise: every finding of
#: a round's file (8 to 16 games, a finding or so each) is drawn; an archive's file or a folder
#: of files stays a page (the check option's default is this: tests/show/test_html_report.py)
MAX_BOARDS = (16, 200)
#: characters of a long source line shown on each side of the mark
_CONTEXT = 40
#: the longest mark shown whole (a longer one is cut with an ellipsis)
_LONGEST_MARK = 80


class Drawer(Protocol):
    """Draws boards for the report (each game's own renderer, behind the registry:
    :mod:`kifu.application.report_boards`)."""

    def board(
        self, game: str, position: Position, territory: bool = False, finding: Finding | None = None
    ) -> str:
        """``position`` as an SVG document; ``finding``: with the finding's marks and caption."""
        ...


_STYLE = """
:root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--muted:#5f6368;--rule:#d0d7de;--card:#f6f8fa;
--error:#b3261e;--warning:#8a5a00;--info:#1a5fb4;--mark:#ffd8a8}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#16181c;--muted:#a0a6ad;--rule:#3a4048;
--card:#1f2329;--error:#ff8a80;--warning:#ffcc66;--info:#8ab4f8;--mark:#6b4a1f}}
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,"Noto Sans","Noto Sans CJK SC",sans-serif;color:var(--fg);
background:var(--bg);margin:2em auto;max-width:64em;padding:0 1em}
h1{font-size:1.5em;margin:0 0 .3em}h2{font-size:1.2em;border-bottom:1px solid var(--rule);
padding-bottom:.2em;margin-top:2em;overflow-wrap:break-word;hyphens:none}
h3{font-size:1.05em;margin:1.2em 0 .4em}h1,h2,h3{word-break:normal}
table{border-collapse:collapse;margin:.5em 0;display:block;max-width:100%;overflow-x:auto;width:max-content}
td,th{border:1px solid var(--rule);padding:.25em .6em;text-align:left;vertical-align:top}
th{background:var(--card)}.index td:first-child{overflow-wrap:anywhere;min-width:10em}
svg.defs{position:absolute;width:0;height:0;overflow:hidden}
.muted{color:var(--muted)}.n{text-align:right;font-variant-numeric:tabular-nums}
.finding{display:flex;flex-wrap:wrap;gap:1em;border:1px solid var(--rule);border-left-width:5px;
border-radius:6px;padding:.7em 1em;margin:.8em 0;background:var(--card);break-inside:avoid}
.finding.error{border-left-color:var(--error)}.finding.warning{border-left-color:var(--warning)}
.finding.info{border-left-color:var(--info)}.finding .text{flex:1 1 22em;min-width:0}
.sev{font-weight:600;text-transform:uppercase;font-size:.8em;letter-spacing:.04em}
.error .sev{color:var(--error)}.warning .sev{color:var(--warning)}.info .sev{color:var(--info)}
code,pre{font-family:ui-monospace,"DejaVu Sans Mono","Noto Sans Mono CJK SC",monospace;font-size:.92em}
pre.source{background:var(--bg);border:1px solid var(--rule);padding:.35em .6em;overflow-x:auto;
white-space:pre;margin:.5em 0 0}mark{background:var(--mark);color:inherit;border-radius:2px}
.board{flex:0 0 auto;break-inside:avoid}.board svg{display:block;max-width:100%;height:auto}
.record{break-inside:auto}section.file,.record{content-visibility:auto;contain-intrinsic-size:auto 600px}
.score{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.repetition>div:first-child{flex:1 1 30em;min-width:0}
.caption{margin:.2em 0 0;font-size:.85em;text-align:center}
.show{margin:.4em 0 0;font-size:.9em}.show code{overflow-wrap:anywhere}
.source .cut{color:var(--muted)}
@media print{body{margin:0;max-width:none;font-size:10.5pt}section.file,.record{content-visibility:visible}
h2{break-after:avoid}
.finding,.board,.score{break-inside:avoid;page-break-inside:avoid}@page{size:A4;margin:14mm}}
"""


class _Lines:
    """Reads a file's lines by number, forward (findings come in line order), reopening when asked
    for an earlier line; memory holds one line. A line is decoded as the readers decode it
    (:class:`kifu.core.lines.LineDecoder`): with the file's codec when known, else UTF-8, a line
    that is not UTF-8 as Latin-1 (as the tags in the table above were read)."""

    def __init__(self, path: str, encoding: str | None = None) -> None:
        self.path = path
        self.decoder = LineDecoder(encoding)
        self.handle: IO[bytes] | None = None
        self.number = 0
        self.usable = (
            path != "-"
            and os.path.isfile(path)
            and not path.endswith((".gz", ".bz2", ".xz", ".zst"))
            and not (encoding or "").lower().replace("_", "-").startswith(("utf-16", "utf-32"))
        )

    def get(self, number: int) -> str | None:
        if not self.usable:
            return None
        if self.handle is None or number <= self.number:
            self.close()
            self.handle = open(self.path, "rb")  # noqa: SIM115
            self.number = 0
        raw = b""
        while self.number < number:
            raw = self.handle.readline(1 << 20)
            if not raw:
                return None
            if raw[-1:] != b"\n":  # a line of over a megabyte: not shown, and not counted again
                self.close()
                self.usable = False
                return None
            self.number += 1
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[3:]
        line = self.decoder.decode_line(raw, number)
        return None if "\x00" in line else line

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None


def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sorts ``b1``, ``b2``, ``b10``, ``b100``: runs of digits compare as numbers."""
    return tuple(
        (0, int(part), part) if part.isdigit() else (1, 0, part.casefold())
        for part in re.split(r"(\d+)", text)
        if part
    )


def _breakable(path: str) -> str:
    """``path`` escaped, with a line-break opportunity after each separator (a long path wraps
    there, not inside a name)."""
    return re.sub(r"([/\\_-])", r"\1<wbr>", html_text(path))


@dataclass(slots=True)
class _Section:
    """One file's section of the page, spooled: where it lies in the temporary file, its counts."""

    path: str
    anchor: str
    start: int
    end: int = 0
    records: int = 0
    counts: dict[Severity, int] = field(default_factory=lambda: dict.fromkeys(Severity, 0))


#: the tags that name the players, the first mover first, per game
_PLAYER_TAGS = {"chess": ("White", "Black"), "xiangqi": ("Red", "Black"), "go": ("PB", "PW")}


def _players(tags: dict[str, str], game: str | None) -> str:
    """``White – Black`` (chess), ``Red – Black`` (xiangqi), ``PB – PW`` (Go); ``?`` for a
    missing name. Without the game, the first pair of tags present."""
    pairs = [_PLAYER_TAGS[game]] if game in _PLAYER_TAGS else list(_PLAYER_TAGS.values())
    for first, second in pairs:
        if first in tags or second in tags:
            return f"{tags.get(first, '?')} – {tags.get(second, '?')}"
    return ""


def _row(*cells: object) -> str:
    """A table row of escaped cells; a number is right-aligned."""
    return (
        "<tr>"
        + "".join(
            f"<td class=n>{cell}</td>" if isinstance(cell, int) else f"<td>{html_text(str(cell))}</td>"
            for cell in cells
        )
        + "</tr>"
    )


def _move_class(move: dict[str, Any]) -> str:
    """What one move of a repetition cycle does: ``check``, ``mate threat``, ``chase of the horse
    g6 by the chariot g1 (unprotected)``, several joined by ``+``, or ``idle``."""
    parts = []
    if move.get("check"):
        parts.append("check")
    if move.get("mate_threat"):
        parts.append("mate threat")
    for chase in move.get("chases", []):
        parts.append(
            f"chase of the {chase.get('target')} by the {chase.get('attacker')} ({chase.get('why')})"
        )
    return " + ".join(parts) if parts else "idle"


def _side_pattern(side: dict[str, Any]) -> str:
    chased = side.get("chased") or []
    pattern = str(side.get("pattern", ""))
    return f"{pattern} of the {' and the '.join(chased)}" if chased else pattern


def _ordinal(n: object) -> str:
    return (
        {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th") if isinstance(n, int) else str(n)
    )


def _decided(report: RecordReport) -> str:
    outcome = report.outcome
    parts = []
    if outcome:
        parts.append(f"{outcome.get('result', '')} by {outcome.get('reason', '')}".strip())
    for claim in report.claims:
        parts.append(f"{claim.get('reason')} claim {'holds' if claim.get('valid') else 'fails'}")
    return "; ".join(parts)


class HtmlReporter:
    """Writes the report as the records arrive; ``drawer`` draws the boards (none without it);
    ``max_boards``: at most so many boards per file and per report."""

    def __init__(
        self, out: TextIO, drawer: Drawer | None = None, max_boards: tuple[int, int] = MAX_BOARDS
    ) -> None:
        self.out = out
        self.uses_tags = True
        self.drawer = drawer
        self.per_file, self.per_report = max_boards
        self.path = ""
        self.game: str | None = None
        self.fmt: str | None = None
        self.lines: _Lines | None = None
        self.shared = SharedDefinitions()
        self.spool: IO[bytes] | None = None
        self.sections: list[_Section] = []
        self.section: _Section | None = None
        self.boards = 0  # drawn in the report so far
        self.file_boards = 0  # drawn in the current file

    def _write(self, text: str) -> None:
        assert self.spool is not None
        self.spool.write(text.encode("utf-8", "surrogateescape"))

    def begin(self) -> None:
        self.spool = tempfile.TemporaryFile()  # noqa: SIM115 (closed by end)

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        if self.spool is None:
            self.begin()
        assert self.spool is not None
        self.path, self.game, self.fmt = path, game, fmt
        encoding = None
        if self.drawer is not None and game is not None and hasattr(self.drawer, "encoding"):
            try:
                encoding = self.drawer.encoding(path, game)
            except Exception:  # the source lines are a nicety: read them as UTF-8 or Latin-1
                encoding = None
        self.lines = _Lines(path, encoding)
        self.file_boards = 0
        self.section = _Section(path, f"f{len(self.sections) + 1}", self.spool.tell())
        what = " · ".join(x for x in (game, fmt) if x)
        self._write(
            f'<section class="file" id="{self.section.anchor}"><h2>{_breakable(path)} '
            f'<span class="muted">{html_text(what)}</span></h2>\n'
        )

    def _count(self, findings: list[Finding]) -> None:
        if self.section is not None:
            for finding in findings:
                self.section.counts[finding.severity] += 1

    def _room(self) -> bool:
        """Whether one more board may be drawn (the caps of the file and of the report)."""
        return self.file_boards < self.per_file and self.boards < self.per_report

    def _take(self) -> None:
        self.file_boards += 1
        self.boards += 1

    def record(self, report: RecordReport) -> None:
        if self.section is not None:
            self.section.records += 1
        self._count(report.findings)
        counts = {s: sum(1 for f in report.findings if f.severity is s) for s in Severity}
        tags = report.tags
        declared = report.declared_result or ""
        self._write(
            '<div class="record"><table class="summary"><tr><th>record</th><th>players</th><th>result</th>'
            "<th>the rules decided</th><th>plies</th><th>errors</th><th>warnings</th><th>infos</th></tr>"
            f"<tr><td class=n>{report.index} <span class=muted>(line {report.line})</span></td>"
            f"<td>{html_text(_players(tags, self.game))}</td><td>{html_text(declared)}</td>"
            f"<td>{html_text(_decided(report))}</td>"
            f"<td class=n>{report.plies}</td><td class=n>{counts[Severity.ERROR]}</td>"
            f"<td class=n>{counts[Severity.WARNING]}</td><td class=n>{counts[Severity.INFO]}</td>"
            "</tr></table>\n"
        )
        where = self._where(report)
        drawn = self._drawn(report, where)
        boards = self._positions(report, drawn, where)
        if report.score is not None:
            self._score(report, boards.get(None) if None in drawn else None)
        if report.repetition is not None:
            first = report.repetition.get("first")
            self._repetition(report.repetition, boards.get(first) if first in drawn else None)
        first_of_code: set[str] = set()
        for number, finding in enumerate(report.findings):
            first = finding.code not in first_of_code
            first_of_code.add(finding.code)
            self._finding(finding, boards, where[number], report.index, number in drawn, first)
        self._write("</div>\n")

    def _where(self, report: RecordReport) -> list[Where]:
        """Where each finding's board stands (its code says: ``board_at``; ``None``: no board)."""
        if self.drawer is None or self.game is None:
            return [None] * len(report.findings)
        where = (board_at(finding) for finding in report.findings)
        return [None if isinstance(at, int) and at < 0 else at for at in where]

    def _drawn(self, report: RecordReport, where: list[Where]) -> set[Any]:
        """What of ``report`` gets a board within the caps: ``None`` (the score's final position),
        the repetition's first ply, and the numbers of the findings, in that order."""
        if self.drawer is None or self.game is None:
            return set()
        drawn: set[Any] = set()
        if report.score is not None and self._room():
            self._take()
            drawn.add(None)
        first = report.repetition.get("first") if report.repetition is not None else None
        if isinstance(first, int) and self._room():
            self._take()
            drawn.add(first)
        for number, at in enumerate(where):
            if at is not None and self._room():
                self._take()
                drawn.add(number)
        return drawn

    def _positions(
        self, report: RecordReport, drawn: set[Any], where: list[Where]
    ) -> dict[int | None, Position]:
        """The positions of the drawn boards: each drawn finding's (where the game says), the
        final one for a score, the repeated one for a repetition."""
        if self.drawer is None or self.game is None or not drawn:
            return {}
        wanted = {at for number, at in enumerate(where) if number in drawn and isinstance(at, int)}
        first = report.repetition.get("first") if report.repetition is not None else None
        if isinstance(first, int) and first in drawn:
            wanted.add(first)
        plies: list[int | None] = [*sorted(wanted)]
        if None in drawn or any(at == FINAL for number, at in enumerate(where) if number in drawn):
            plies.append(None)
        # (the check's own walk kept them: Options.boards)
        return {ply: report.positions[ply] for ply in plies if ply in report.positions}

    def _board(
        self, position: Position | None, territory: bool = False, finding: Finding | None = None
    ) -> str:
        if position is None or self.drawer is None or self.game is None:
            return ""
        try:
            svg = self.drawer.board(self.game, position, territory, finding)
        except Exception:  # a position the renderer cannot read: no board rather than no report
            return ""
        return f'<div class="board">{self.shared.board(svg)}</div>'

    def _score(self, report: RecordReport, final: Position | None) -> None:
        score = report.score or {}
        black, white = score.get("black", {}), score.get("white", {})
        rows = "".join(
            f"<tr><td>{name}</td><td class=n>{side.get('stones', '')}</td><td class=n>"
            f"{side.get('territory', '')}</td><td class=n>{side.get('area', '')}</td></tr>"
            for name, side in (("Black", black), ("White", white))
        )
        self._write(
            '<div class="score"><div><h3>Count</h3><table><tr><th></th><th>stones</th><th>territory</th>'
            f"<th>area</th></tr>{rows}</table><p>{html_text(str(score.get('rules', '')))} rules; shared "
            f"{score.get('shared', '')}; komi {score.get('komi', '')}; handicap {score.get('handicap', '')}; "
            f"margin {score.get('margin', '')} → <b>{html_text(str(score.get('result', '')))}</b></p></div>"
            f"{self._board(final, territory=True)}</div>\n"
        )

    def _repetition(self, repetition: dict[str, Any], repeated: Position | None) -> None:
        """The cycle that decides the game: each move and what it does, each side's pattern,
        the ruling, and the repeated position."""
        first, last = repetition.get("first", 0), repetition.get("last", 0)
        start = "The start position" if first == 0 else f"The position after ply {first}"
        occurrence = _ordinal(repetition.get("occurrence", 3))
        moves = "".join(
            _row(
                move.get("ply", ""),
                str(move.get("side", "")).capitalize(),
                move.get("move", ""),
                _move_class(move),
            )
            for move in repetition.get("moves", [])
        )
        sides = repetition.get("sides", {})
        patterns = "".join(
            _row(name, _side_pattern(side), "forbidden" if side.get("forbidden") else "allowed")
            for name, side in (("Red", sides.get("red", {})), ("Black", sides.get("black", {})))
        )
        board = self._board(repeated)
        if board:
            board = f'<div>{board}<p class="muted caption">the repeated position</p></div>'
        rule = html_text(str(repetition.get("rule", "")))
        ruling = html_text(str(repetition.get("ruling", "")))
        self._write(
            f'<div class="score repetition"><div><h3>Repetition: {rule}</h3>'
            f"<p>{start} occurs for the {occurrence} time after ply {last}: the cycle is plies "
            f"{first + 1}–{last}.</p><table><tr><th>ply</th><th>side</th><th>move</th><th>what it does</th>"
            f"</tr>{moves}</table><table><tr><th></th><th>through the cycle</th><th>the rules</th></tr>"
            f"{patterns}</table><p><b>{ruling}</b></p></div>"
            f"{board}</div>\n"
        )

    def _finding(
        self,
        finding: Finding,
        boards: dict[int | None, Position],
        at: Where = None,
        index: int | None = None,
        drawn: bool = False,
        first: bool = True,
    ) -> None:
        severity = finding.severity.label
        span = finding.span
        where = f"line {span.line}, column {span.column}" if span else ""
        if finding.ply is not None:
            where += f"{', ' if where else ''}ply {finding.ply}"
        rule = f'<div class="muted">rule: {html_text(finding.rule)}</div>' if finding.rule else ""
        board = self._board(finding_position(finding, at, boards), finding=finding) if drawn else ""
        show = ""
        if not board and index is not None and at is not None:
            show = self._show(finding, index, first, at)
        self._write(
            f'<div class="finding {severity}"><div class="text"><div><span class="sev">{severity}</span> '
            f"<code>{html_text(finding.code)}</code> <span class=muted>{html_text(where)}</span></div>"
            f'<p class="message">{escape(finding.message)}</p>{rule}{self._source(finding)}{show}</div>'
            f"{board}</div>\n"
        )

    def _show(self, finding: Finding, index: int, first: bool, at: Where) -> str:
        """The ``kifu show`` command that draws the finding's board (past the cap): ``--finding``
        draws a record's first finding of a code, with its marks; a later one's position is the
        one after ply ``at`` (``--ply``), or the final one (no option)."""
        if self.path == "-":
            return ""
        which = f" --finding {finding.code}" if first else f" --ply {at}" if isinstance(at, int) else ""
        game = f" --record {index}" if index != 1 else ""
        command = f"kifu show {shlex.quote(self.path)}{game}{which}"
        return f'<p class="show muted">board: <code>{html_text(command)}</code></p>'

    def _source(self, finding: Finding) -> str:
        """The finding's source line, its span marked; a long line is cut to a window round the
        mark, with an ellipsis where it is cut."""
        span = finding.span
        if span is None:
            return ""
        line = finding.source_line
        if line is None and self.lines is not None:
            line = self.lines.get(span.line)
        if line is None:
            return ""
        start = min(max(span.column - 1, 0), len(line))
        end = span.end_column - 1 if span.end_line == span.line else len(line)
        end = min(max(end, start + 1), len(line))
        if end - start <= 1:
            end = _token_end(line, start, end)
        shown_end = min(end, start + _LONGEST_MARK)
        left = max(0, start - _CONTEXT)
        right = min(len(line), shown_end + _CONTEXT)
        if left < 8:  # not worth an ellipsis
            left = 0
        if len(line) - right < 8 and shown_end == end:
            right = len(line)
        before, mark, after = line[left:start], line[start:shown_end], line[shown_end:right]
        cut = '<span class="cut">…</span>'
        marked = (
            f"{cut if left else ''}{html_text(before)}<mark>{html_text(mark)}"
            f"{cut if shown_end < end else ''}</mark>{html_text(after)}{cut if right < len(line) else ''}"
        )
        return f'<pre class="source"><span class=muted>{span.line:>5} │ </span>{marked}</pre>'

    def end_file(self, findings: list[Finding]) -> None:
        self._count(findings)
        for finding in findings:
            self._finding(finding, {})
        if self.lines is not None:
            self.lines.close()
        self._write("</section>\n")
        if self.section is not None and self.spool is not None:
            self.section.end = self.spool.tell()
            self.sections.append(self.section)
            self.section = None

    def end(self, totals: Totals) -> None:
        out = self.out
        out.write(
            f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">{content_security_policy(_STYLE)}'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>kifu check report</title><style>{_STYLE}</style></head><body>\n"
            f'<h1>kifu check</h1><p class="muted">kifu {html_text(__version__)}</p>\n'
            f'<h2 id="summary">Summary</h2><table><tr><th>files</th><th>records</th><th>errors</th>'
            f"<th>warnings</th><th>infos</th><th>boards drawn</th></tr><tr><td class=n>{totals.files}</td>"
            f"<td class=n>{totals.records}</td><td class=n>{totals.errors}</td><td class=n>{totals.warnings}"
            f"</td><td class=n>{totals.infos}</td><td class=n>{self.boards}</td></tr></table>\n"
        )
        sections = sorted(self.sections, key=lambda section: (natural_key(section.path), section.path))
        if sections:
            out.write(
                '<table class="index"><tr><th>file</th><th>records</th><th>errors</th><th>warnings</th>'
                "<th>infos</th></tr>"
            )
            for section in sections:
                c = section.counts
                out.write(
                    f'<tr><td><a href="#{section.anchor}">{_breakable(section.path)}</a></td>'
                    f"<td class=n>{section.records}</td><td class=n>{c[Severity.ERROR]}</td>"
                    f"<td class=n>{c[Severity.WARNING]}</td><td class=n>{c[Severity.INFO]}</td></tr>\n"
                )
            out.write("</table>\n")
        out.write(self.shared.svg())
        if self.spool is not None:
            for section in sections:
                self._copy(section)
            self.spool.close()
            self.spool = None
        out.write("</body></html>\n")

    def _copy(self, section: _Section) -> None:
        """Copy a section from the spool to the page, a megabyte at a time."""
        assert self.spool is not None
        self.spool.seek(section.start)
        decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        left = section.end - section.start
        while left > 0:
            chunk = self.spool.read(min(left, 1 << 20))
            if not chunk:
                break
            left -= len(chunk)
            self.out.write(decoder.decode(chunk, final=left <= 0))
        self.spool.seek(0, os.SEEK_END)


def _token_end(line: str, start: int, end: int) -> int:
    """The end of the token a one-character mark starts: a bracketed tag, a comment, a quoted
    string, else a run of characters other than white space."""
    closing = {"[": "]", "{": "}", "(": ")", '"': '"'}.get(line[start : start + 1])
    if closing is not None:
        found = line.find(closing, start + 1)
        return found + 1 if found >= 0 else len(line)
    match = re.compile(r"\S*").match(line, start)
    return max(end, match.end()) if match else end
