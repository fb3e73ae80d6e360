"""A self-contained HTML report: inline CSS and SVG boards, no script, no network (a strict
Content-Security-Policy says so to the browser: :func:`kifu.core.markup.content_security_policy`).

Written record by record as results arrive (memory stays flat on a big archive). Core imports
no game: the boards come from a :class:`Drawer` the check command injects (``kifu.drawer``
provides it from each game's ``positions`` and ``draw``). A finding's board is the position
before its move: the finding's own ``position`` when the checker set it, else the position
the game's walk finds at that ply; without either, the finding has no board. A finding about the
result is drawn in the final position (the game says which: ``board_at``), and every finding's
board carries its marks and caption (the game's ``mark``).
"""

from __future__ import annotations

import contextlib
import os
from typing import IO, Any, Protocol, TextIO

from kifu import __version__
from kifu.core.findings import Finding, Severity
from kifu.core.game import FINAL, Position, Where
from kifu.core.marking import finding_position
from kifu.core.markup import content_security_policy, html_text
from kifu.core.results import RecordReport, Totals


class Drawer(Protocol):
    """Draws boards for the report (each game's own renderer, behind the registry: ``kifu.drawer``)."""

    def board(
        self, game: str, position: Position, territory: bool = False, finding: Finding | None = None
    ) -> str:
        """``position`` as an SVG document; ``finding``: with the finding's marks and caption."""
        ...

    def board_at(self, game: str, finding: Finding) -> Where:
        """Where the board of ``finding`` stands (after a ply, ``"final"``, or ``None``: no board)."""
        ...

    def positions(
        self, path: str, game: str, fmt: str | None, index: int, plies: list[int | None]
    ) -> dict[int | None, Position]:
        """Main-line positions of record ``index`` of ``path`` after ``plies`` (``None``: final)."""
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
padding-bottom:.2em;margin-top:2em;word-break:break-all}h3{font-size:1.05em;margin:1.2em 0 .4em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid var(--rule);padding:.25em .6em;
text-align:left;vertical-align:top}th{background:var(--card)}
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
.record{break-inside:auto}.score{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.repetition>div:first-child{flex:1 1 30em;min-width:0}
.caption{margin:.2em 0 0;font-size:.85em;text-align:center}
@media print{body{margin:0;max-width:none;font-size:10.5pt}h2{break-after:avoid}
.finding,.board,.score{break-inside:avoid;page-break-inside:avoid}@page{size:A4;margin:14mm}}
"""


class _Lines:
    """Reads a file's lines by number, forward (findings come in line order), reopening when asked
    for an earlier line; memory holds one line."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.handle: IO[str] | None = None
        self.number = 0
        self.usable = (
            path != "-" and os.path.isfile(path) and not path.endswith((".gz", ".bz2", ".xz", ".zst"))
        )

    def get(self, number: int) -> str | None:
        if not self.usable:
            return None
        if self.handle is None or number <= self.number:
            self.close()
            self.handle = open(self.path, encoding="utf-8", errors="replace", newline=None)  # noqa: SIM115
            self.number = 0
        line = ""
        while self.number < number:
            line = self.handle.readline()
            if not line:
                return None
            self.number += 1
        line = line.rstrip("\r\n")
        return None if "\x00" in line or len(line) > 2000 else line

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None


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
    """Writes the report as the records arrive; ``drawer`` draws the boards (none without it)."""

    def __init__(self, out: TextIO, drawer: Drawer | None = None) -> None:
        self.out = out
        self.uses_tags = True
        self.drawer = drawer
        self.path = ""
        self.game: str | None = None
        self.fmt: str | None = None
        self.lines: _Lines | None = None
        self.rows: list[str] = []

    def begin(self) -> None:
        self.out.write(
            f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">{content_security_policy(_STYLE)}'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>kifu check report</title><style>{_STYLE}</style></head><body>\n"
            f'<h1>kifu check</h1><p class="muted">kifu {html_text(__version__)}</p>\n'
        )

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self.path, self.game, self.fmt = path, game, fmt
        self.lines = _Lines(path)
        what = " · ".join(x for x in (game, fmt) if x)
        self.out.write(
            f'<section class="file"><h2>{html_text(path)} <span class="muted">{html_text(what)}</span></h2>\n'
        )

    def record(self, report: RecordReport) -> None:
        counts = {s: sum(1 for f in report.findings if f.severity is s) for s in Severity}
        tags = report.tags
        declared = report.declared_result or ""
        out = self.out
        out.write(
            '<div class="record"><table class="summary"><tr><th>record</th><th>players</th><th>result</th>'
            "<th>the rules decided</th><th>plies</th><th>errors</th><th>warnings</th><th>infos</th></tr>"
            f"<tr><td class=n>{report.index} <span class=muted>(line {report.line})</span></td>"
            f"<td>{html_text(_players(tags, self.game))}</td><td>{html_text(declared)}</td>"
            f"<td>{html_text(_decided(report))}</td>"
            f"<td class=n>{report.plies}</td><td class=n>{counts[Severity.ERROR]}</td>"
            f"<td class=n>{counts[Severity.WARNING]}</td><td class=n>{counts[Severity.INFO]}</td>"
            "</tr></table>\n"
        )
        boards = self._positions(report)
        if report.score is not None:
            self._score(report, boards.get(None))
        if report.repetition is not None:
            self._repetition(report.repetition, boards.get(report.repetition.get("first")))
        for finding in report.findings:
            self._finding(finding, boards)
        out.write("</div>\n")

    def _positions(self, report: RecordReport) -> dict[int | None, Position]:
        """Positions before each finding's move (that has none of its own), the final one for a
        score, the repeated one for a repetition."""
        if self.drawer is None or self.game is None:
            return {}
        try:
            where = [self.drawer.board_at(self.game, f) for f in report.findings]
            wanted = {w for w in where if isinstance(w, int) and w >= 0}
            if report.repetition is not None and isinstance(report.repetition.get("first"), int):
                wanted.add(report.repetition["first"])
            plies: list[int | None] = [*sorted(wanted)]
            if report.score is not None or FINAL in where:
                plies.append(None)
            return self.drawer.positions(self.path, self.game, self.fmt, report.index, plies)
        except Exception:  # a board is a nicety: the report goes on without it
            return {}

    def _board(
        self, position: Position | None, territory: bool = False, finding: Finding | None = None
    ) -> str:
        if position is None or self.drawer is None or self.game is None:
            return ""
        try:
            return f'<div class="board">{self.drawer.board(self.game, position, territory, finding)}</div>'
        except Exception:  # a position the renderer cannot read: no board rather than no report
            return ""

    def _score(self, report: RecordReport, final: Position | None) -> None:
        score = report.score or {}
        black, white = score.get("black", {}), score.get("white", {})
        rows = "".join(
            f"<tr><td>{name}</td><td class=n>{side.get('stones', '')}</td><td class=n>"
            f"{side.get('territory', '')}</td><td class=n>{side.get('area', '')}</td></tr>"
            for name, side in (("Black", black), ("White", white))
        )
        self.out.write(
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
        self.out.write(
            f'<div class="score repetition"><div><h3>Repetition: {rule}</h3>'
            f"<p>{start} occurs for the {occurrence} time after ply {last}: the cycle is plies "
            f"{first + 1}–{last}.</p><table><tr><th>ply</th><th>side</th><th>move</th><th>what it does</th>"
            f"</tr>{moves}</table><table><tr><th></th><th>through the cycle</th><th>the rules</th></tr>"
            f"{patterns}</table><p><b>{ruling}</b></p></div>"
            f"{board}</div>\n"
        )

    def _finding(self, finding: Finding, boards: dict[int | None, Position]) -> None:
        severity = finding.severity.label
        span = finding.span
        where = f"line {span.line}, column {span.column}" if span else ""
        if finding.ply is not None:
            where += f"{', ' if where else ''}ply {finding.ply}"
        rule = f'<div class="muted">rule: {html_text(finding.rule)}</div>' if finding.rule else ""
        position: Position | None = None
        if self.drawer is not None and self.game is not None:
            at: Where = None
            with contextlib.suppress(Exception):  # no board rather than no report
                at = self.drawer.board_at(self.game, finding)
            position = finding_position(finding, at, boards)
        self.out.write(
            f'<div class="finding {severity}"><div class="text"><div><span class="sev">{severity}</span> '
            f"<code>{html_text(finding.code)}</code> <span class=muted>{html_text(where)}</span></div>"
            f'<p class="message">{html_text(finding.message)}</p>{rule}{self._source(finding)}</div>'
            f"{self._board(position, finding=finding)}</div>\n"
        )

    def _source(self, finding: Finding) -> str:
        span = finding.span
        if span is None:
            return ""
        line = finding.source_line
        if line is None and self.lines is not None:
            line = self.lines.get(span.line)
        if line is None:
            return ""
        start = max(span.column - 1, 0)
        end = span.end_column - 1 if span.end_line == span.line else len(line)
        end = min(max(end, start + 1), len(line))
        before, mark, after = line[:start], line[start:end], line[end:]
        marked = f"{html_text(before)}<mark>{html_text(mark)}</mark>{html_text(after)}"
        return f'<pre class="source"><span class=muted>{span.line:>5} │ </span>{marked}</pre>'

    def end_file(self, findings: list[Finding]) -> None:
        for finding in findings:
            self._finding(finding, {})
        if self.lines is not None:
            self.lines.close()
        self.out.write("</section>\n")

    def end(self, totals: Totals) -> None:
        self.out.write(
            f"<footer><h2>Summary</h2><table><tr><th>files</th><th>records</th><th>errors</th><th>warnings</th>"
            f"<th>infos</th></tr><tr><td class=n>{totals.files}</td><td class=n>{totals.records}</td>"
            f"<td class=n>{totals.errors}</td><td class=n>{totals.warnings}</td><td class=n>{totals.infos}"
            "</td></tr></table></footer>\n</body></html>\n"
        )
