"""The standings as standalone HTML pages, one per audience: the public page (the ranking, the
crosstable and how to read it) and the arbiter's notes (errors and warnings: results the rules
contradict, names, missing players, file paths), which never appear on the public page. A
strict Content-Security-Policy allows their inline style and nothing else.

Self-contained: nothing loads from elsewhere. Each result links to its record, as
:class:`Links` says: relative to the page when it is written to a file (``-o``: the page and the
records move together, and no folder of the machine is named in it), under a base address the
user gives (``--link-base``: the records published on a website), not at all (``--no-links``),
or, when the page goes to stdout and its place is unknown, by absolute ``file://`` address
(which keeps working wherever it is saved on the machine that holds the records).

Readable on a phone (400 px): a viewport meta, the table scrolls inside its own box with the
name column and the points column kept in view (the rounds scroll between them), cells never
wrap, and the heading breaks between words only.
"""

from __future__ import annotations

from typing import TextIO

from kifu.core.markup import content_security_policy, html_text
from kifu.standings.articles import describe, rulebook
from kifu.standings.crosstable import COLOURS
from kifu.standings.tiebreaks import CRITERIA
from kifu.standings.writers import Report, value_text
from kifu.standings.writers.links import Links
from kifu.standings.writers.text import PROFILE

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em}"
    "h1{overflow-wrap:normal;word-break:normal;hyphens:manual}h2{font-size:1.1em;margin-top:1.5em}"
    ".scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse}"
    "th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right;white-space:nowrap}"
    ".name,td.text{text-align:left}.name{position:sticky;left:0;background:#fff;box-shadow:inset -1px 0 #999}"
    ".pts{position:sticky;right:0;background:#fff;font-weight:bold;box-shadow:inset 1px 0 #999}"
    "tr.shared td.place{font-style:italic}"
    "dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}dt{font-weight:bold}dd{margin:0}"
    "@media (max-width:600px){body{margin:.5em}h1{font-size:1.3em}th,td{padding:.2em .3em}"
    # a long name wraps on a phone, leaving the rounds room to scroll between it and the points
    ".name{white-space:normal;min-width:6em;width:8em;overflow-wrap:anywhere}}"
)
#: the notes page's style
_NOTES_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em;max-width:60em}"
    "h1{overflow-wrap:normal;word-break:normal;hyphens:manual}h2{font-size:1.1em;margin-top:1.5em}"
    "li{margin:.3em 0;overflow-wrap:anywhere}.warnings{color:#8a5300}.errors{color:#b00020}"
    ".private{font-style:italic}@media (max-width:600px){body{margin:.5em}h1{font-size:1.3em}}"
)


def _link(source: str, text: str, links: Links) -> str:
    """A result linked to its record (its tooltip naming the record as the link does); a
    forfeit a rule made (CXA 20.3) names the rule; without links, the text alone."""
    address = links.address(source)
    if address is not None:
        return (
            f'<a href="{html_text(address)}" title="{html_text(links.shown(source))}">{html_text(text)}</a>'
        )
    if source.startswith("CXA"):
        return f'<abbr title="{html_text(source)}">{html_text(text)}</abbr>'
    return html_text(text)


def _withdrew(withdrawn: bool) -> str:
    return " (withdrew)" if withdrawn else ""


def _list(css: str, items: list[str]) -> str:
    if not items:
        return ""
    return f'<ul class="{css}">\n' + "".join(f"<li>{html_text(item)}</li>\n" for item in items) + "</ul>\n"


def _head(title: str, style: str) -> str:
    """The page up to its heading: charset, policy, viewport, style, title."""
    return (
        f'<!DOCTYPE html>\n<html><head><meta charset="utf-8">{content_security_policy(style)}'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{style}</style></head><body>\n<h1>{title}</h1>\n"
    )


def write_html(report: Report, out: TextIO) -> None:
    """The public page: the standings table and how to read it (its cells, its columns, the
    ranking order). The arbiter's notes are not on it (:func:`write_notes`)."""
    table = report.crosstable
    profile = table.profile()
    out.write(_head(html_text(report.event or "Standings"), _STYLE))
    out.write('<div class="scroll"><table>\n<tr>')
    headings = ["Place", "No", "Name", *(PROFILE[column] for column in profile)]
    headings += [f"R{n}" for n in range(1, table.rounds + 1)]
    headings += [CRITERIA[name].heading for name in table.criteria]
    classes = {2: "name", len(headings) - len(table.criteria): "pts"}
    out.write(
        "".join(
            f'<th class="{classes[i]}">{html_text(h)}</th>' if i in classes else f"<th>{html_text(h)}</th>"
            for i, h in enumerate(headings)
        )
        + "</tr>\n"
    )
    for row in table.rows:
        competitor = row.standing.competitor
        css = ' class="shared"' if row.standing.shared else ""
        cells = [
            f'<td class="place">{row.standing.label}</td>',
            f"<td>{row.number}</td>",
            f'<td class="name">{html_text(competitor.name)}{_withdrew(competitor.withdrawn)}</td>',
        ]
        cells += [
            f'<td class="text">{html_text(table.profile_of(competitor.name, column))}</td>'
            for column in profile
        ]
        for round_ in row.cells:
            parts = []
            for cell in round_:
                sources = cell.result.sources
                text = cell.text()
                parts.append(_link(sources[0], text, report.links) if sources else html_text(text))
            cells.append(f"<td>{' '.join(parts)}</td>")
        values = [value_text(n, row.standing.values.get(n)) for n in table.criteria]
        cells += [f'<td class="pts">{v}</td>' if i == 0 else f"<td>{v}</td>" for i, v in enumerate(values)]
        out.write(f"<tr{css}>{''.join(cells)}</tr>\n")
    out.write("</table></div>\n")
    out.write(_legend(report))
    out.write("</body></html>\n")


#: the first and second player's colour, in words, per game (the letters of :data:`COLOURS`)
_COLOUR_WORDS = {"chess": ("White", "Black"), "xiangqi": ("Red", "Black"), "go": ("Black", "White")}


def _legend(report: Report) -> str:
    """How to read the table: a round's cell (the forfeits and byes when there are some), each
    column's heading, the ranking order by headings, and the places no criterion separates."""
    table = report.crosstable
    cells = [cell for row in table.rows for round_ in row.cells for cell in round_]
    if report.team:
        key = [("4–2½", "against team 4: 2½ board points")]
    else:
        letter, _ = COLOURS.get(report.game or "", COLOURS["chess"])
        colour, _ = _COLOUR_WORDS.get(report.game or "", _COLOUR_WORDS["chess"])
        key = [(f"12{letter}1", f"against player 12, with {colour}: won (½ drawn, 0 lost)")]
        if any(cell.result.forfeit and cell.opponent is not None for cell in cells):
            key.append(("+ -", "a forfeit, won or lost: not played"))
    if any(cell.opponent is None for cell in cells):
        key.append(
            ("bye", "a round without an opponent, scored as a win (bye½, bye0: a half- or zero-point bye)")
        )
    names = rulebook(report.preset, report.game, report.team)
    columns = [("No", "starting number"), *(_PROFILE_WORDS[column] for column in table.profile())]
    criteria = [(CRITERIA[name].heading, describe(name, names)) for name in table.criteria]
    parts = ["<h2>How to read the table</h2>\n<dl>"]
    parts += [
        f"<dt>{html_text(term)}</dt><dd>{html_text(words)}</dd>" for term, words in key + columns + criteria
    ]
    order = ", ".join(heading for heading, _ in criteria)
    parts.append(f"</dl>\n<p>{html_text(f'Ranked by {order} ({report.preset}, {report.source}).')}</p>\n")
    shared = [row.standing.label for row in table.rows if row.standing.shared]
    if shared:
        labels = ", ".join(dict.fromkeys(shared))
        parts.append(f"<p>Shared places ({html_text(labels)}): no criterion separates them.</p>\n")
    return "".join(parts)


#: the profile columns' headings and what they hold
_PROFILE_WORDS = {
    "title": ("Title", "FIDE title"),
    "rating": ("Rtg", "rating"),
    "federation": ("Fed", "federation"),
}

#: the kinds of notes, in the order the notes page shows them, each with the words that tell
#: its warnings (a warning no kind claims is among the other notes)
_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Results the rules contradict", ("(--trust ",)),
    ("Names", ("look like one player", "differ only in case", "compare their names", "register")),
    ("Missing players and rounds", ("no game, bye or forfeit", " withdrew ")),
)


def write_notes(report: Report, out: TextIO, trust: str) -> None:
    """The arbiter's notes as a page of their own: the errors, then the warnings by kind
    (results the rules contradict, names, missing players and rounds, the others), and how a
    contradicted result was counted (``trust``). Nothing of it is on the public page."""
    event = report.event or "Standings"
    out.write(_head(html_text(f"Arbiter's notes: {event}"), _NOTES_STYLE))
    counted = "what the rules decided" if trust == "verified" else "what the score sheet says"
    out.write(
        '<p class="private">For the arbiter, not for publishing: the public page leaves these '
        f"notes out. Where the rules contradict a declared result, {counted} was counted "
        f"(--trust {html_text(trust)}).</p>\n"
    )
    sources = report.source_notes()  # (the player register's: where each column comes from)
    if sources:
        out.write(f"<h2>Player register</h2>\n{_list('sources', [line.strip() for line in sources])}")
    if not report.errors and not report.warnings:
        out.write("<p>No errors and no warnings.</p>\n</body></html>\n")
        return
    out.write(f"<p>{_count(len(report.errors), 'error')}, {_count(len(report.warnings), 'warning')}.</p>\n")
    if report.errors:
        out.write(f"<h2>Errors: not counted</h2>\n{_list('errors', report.errors)}")
    groups: dict[str, list[str]] = {}
    for warning in report.warnings:
        kind = next((kind for kind, words in _KINDS if any(w in warning for w in words)), "Other notes")
        groups.setdefault(kind, []).append(warning)
    for kind in [*(kind for kind, _ in _KINDS), "Other notes"]:
        if kind in groups:
            out.write(f"<h2>{kind}</h2>\n{_list('warnings', groups[kind])}")
    out.write("</body></html>\n")


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"
