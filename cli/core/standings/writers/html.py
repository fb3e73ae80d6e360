"""The standings as a standalone HTML page; each result links to its record. A strict
Content-Security-Policy allows its inline style and nothing else."""

from __future__ import annotations

from typing import TextIO

from kifu.core.markup import content_security_policy, html_text
from kifu.core.standings.tiebreaks import CRITERIA
from kifu.core.standings.writers import Report, value_text

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}"
    "th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right}td.name{text-align:left}"
    "tr.shared td.place{font-style:italic}.warnings{color:#8a5300}"
)


def _link(source: str, text: str) -> str:
    path = source.rsplit(":", 1)[0] if source.rsplit(":", 1)[-1].isdigit() else source
    if path.startswith("CXA"):
        return f'<abbr title="{html_text(source)}">{html_text(text)}</abbr>'
    return f'<a href="{html_text(path)}" title="{html_text(source)}">{html_text(text)}</a>'


def _withdrew(withdrawn: bool) -> str:
    return " (withdrew)" if withdrawn else ""


def write_html(report: Report, out: TextIO) -> None:
    """A page with the standings table, the ranking order and the warnings."""
    table = report.crosstable
    title = html_text(report.event or "Standings")
    out.write(f'<!DOCTYPE html>\n<html><head><meta charset="utf-8">{content_security_policy(_STYLE)}')
    out.write(f"<title>{title}</title>")
    out.write(f"<style>{_STYLE}</style></head><body>\n<h1>{title}</h1>\n<table>\n<tr>")
    headings = ["Place", "No", "Name"] + [f"R{n}" for n in range(1, table.rounds + 1)]
    headings += [CRITERIA[name].heading for name in table.criteria]
    out.write("".join(f"<th>{html_text(h)}</th>" for h in headings) + "</tr>\n")
    for row in table.rows:
        competitor = row.standing.competitor
        css = ' class="shared"' if row.standing.shared else ""
        cells = [
            f'<td class="place">{row.standing.label}</td>',
            f"<td>{row.number}</td>",
            f'<td class="name">{html_text(competitor.name)}{_withdrew(competitor.withdrawn)}</td>',
        ]
        for round_ in row.cells:
            parts = []
            for cell in round_:
                sources = cell.result.sources
                parts.append(_link(sources[0], cell.text()) if sources else html_text(cell.text()))
            cells.append(f"<td>{' '.join(parts)}</td>")
        cells += [f"<td>{value_text(n, row.standing.values.get(n))}</td>" for n in table.criteria]
        out.write(f"<tr{css}>{''.join(cells)}</tr>\n")
    out.write("</table>\n")
    order = ", ".join(html_text(CRITERIA[name].description) for name in table.criteria)
    out.write(f"<p>Ranked by ({html_text(report.preset)}, {html_text(report.source)}): {order}.</p>\n")
    if report.warnings:
        out.write('<ul class="warnings">\n')
        out.write("".join(f"<li>{html_text(w)}</li>\n" for w in report.warnings))
        out.write("</ul>\n")
    out.write("</body></html>\n")
