"""Writers of the standings: text, csv, json, html, trf (FIDE's TRF-16, chess)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TextIO

from kifu.standings.crosstable import Crosstable
from kifu.standings.details import Details
from kifu.standings.register import Provenance
from kifu.standings.writers.links import Links

FORMATS = ("text", "csv", "json", "html", "trf")


@dataclass(slots=True)
class Report:
    """Everything a writer prints."""

    crosstable: Crosstable
    game: str | None
    system: str
    preset: str
    source: str  # where the ranking order comes from ("CXA 15.1", "--tiebreak")
    team: bool
    event: str = ""
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    details: Details = field(default_factory=Details)
    links: Links = field(default_factory=Links)  # where the HTML page links each result
    excel: bool = False  # csv: the form Excel on Windows reads (a byte-order mark, CRLF)
    #: with a player register or ``--alias``: where each player's columns come from, and the
    #: register file as shown (``None``: ``--alias`` alone)
    provenance: dict[str, Provenance] | None = None
    register: str | None = None

    def ranked_by(self) -> str:
        """The line under the table: the criteria applied, each with its article."""
        from kifu.standings.articles import ranked_by

        order = ranked_by(self.crosstable.criteria, self.preset, self.game, self.team)
        return f"Ranked by ({self.preset}, {self.source}): {order}."

    def source_notes(self) -> list[str]:
        """The lines that say where the players' columns come from (none without a register)."""
        from kifu.standings.register import notes

        return [] if self.provenance is None else notes(self.provenance, self.register)


def write(name: str, report: Report, out: TextIO) -> None:
    """Write ``report`` to ``out`` in the format called ``name``."""
    if name == "csv":
        from kifu.standings.writers.table import write_csv

        write_csv(report, out)
    elif name == "json":
        from kifu.standings.writers.document import write_json

        write_json(report, out)
    elif name == "html":
        from kifu.standings.writers.html import write_html

        write_html(report, out)
    elif name == "trf":
        from kifu.standings.writers.trf import write_trf

        write_trf(report, out)
    else:
        from kifu.standings.writers.text import write_text

        write_text(report, out)


def number_text(value: float) -> str:
    """A tie-break value: ``7``, ``6.5``, ``4.25``."""
    return f"{value:g}"


def value_text(name: str, value: float | None, numeric: bool = False) -> str:
    """Points with ½ (``numeric``: ``2.5``, what a spreadsheet adds up), other values as
    decimals; nothing when the criterion was not applied."""
    from kifu.standings.crosstable import points_text

    if value is None:
        return ""
    if name in ("points", "board-points") and not numeric:
        return points_text(value)
    return number_text(value)
