"""The standings as a standalone HTML page. A strict Content-Security-Policy allows its inline
style and nothing else.

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
from kifu.standings.tiebreaks import CRITERIA
from kifu.standings.writers import Report, value_text
from kifu.standings.writers.links import Links
from kifu.standings.writers.text import PROFILE

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em}"
    "h1{overflow-wrap:normal;word-break:normal;hyphens:manual}"
    ".scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse}"
    "th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right;white-space:nowrap}"
    ".name,td.text{text-align:left}.name{position:sticky;left:0;background:#fff;box-shadow:inset -1px 0 #999}"
    ".pts{position:sticky;right:0;background:#fff;font-weight:bold;box-shadow:inset 1px 0 #999}"
    "tr.shared td.place{font-style:italic}.warnings{color:#8a5300}.errors{color:#b00020}"
    "@media (max-width:600px){body{margin:.5em}h1{font-size:1.3em}th,td{padding:.2em .3em}}"
)


def _link(source: str, text: str, links: Links) -> str:
    address = links.address(source)
    if address is None:
        return f'<abbr title="{html_text(source)}">{html_text(text)}</abbr>'
    return f'<a href="{html_text(address)}" title="{html_text(source)}">{html_text(text)}</a>'


def _withdrew(withdrawn: bool) -> str:
    return " (withdrew)" if withdrawn else ""


def _list(css: str, items: list[str]) -> str:
    if not items:
        return ""
    return f'<ul class="{css}">\n' + "".join(f"<li>{html_text(item)}</li>\n" for item in items) + "</ul>\n"


def write_html(report: Report, out: TextIO) -> None:
    """A page with the standings table, the ranking order, the errors and the warnings."""
    table = report.crosstable
    profile = table.profile()
    title = html_text(report.event or "Standings")
    out.write(f'<!DOCTYPE html>\n<html><head><meta charset="utf-8">{content_security_policy(_STYLE)}')
    out.write('<meta name="viewport" content="width=device-width, initial-scale=1">')
    out.write(f"<title>{title}</title>")
    out.write(f'<style>{_STYLE}</style></head><body>\n<h1>{title}</h1>\n<div class="scroll"><table>\n<tr>')
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
    out.write(f"<p>{html_text(report.ranked_by())}</p>\n")
    out.write(_list("errors", report.errors))
    out.write(_list("warnings", report.warnings))
    out.write("</body></html>\n")
