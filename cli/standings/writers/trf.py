"""FIDE's Tournament Report File, TRF-16 (FIDE Handbook C.04 Annex 2, approved 2015).

The player line ``001``, by column (1-based, both ends included):

====== =====================================================
1-3    ``001``
5-8    starting rank (right-aligned)
10     sex (``m``/``w``; left blank: records do not say)
11-13  title (right-aligned: `` GM``), from the ``WhiteTitle``/``BlackTitle`` tags
15-47  name, "Lastname, Firstname" as the records write it
49-52  FIDE rating, from ``WhiteElo``/``BlackElo``
54-56  federation, from ``WhiteFed``/``WhiteFederation``/``WhiteCountry`` (and Black's)
58-68  FIDE number, from ``WhiteFideId``/``BlackFideId`` (right-aligned)
70-79  birth date (blank)
81-84  points, ``11.5`` (right-aligned)
86-89  rank (right-aligned; a shared place gives each its best place)
92-95  round 1: opponent's starting rank, ``0000`` when not paired
97     round 1: colour ``w``/``b``, ``-`` when not paired
99     round 1: result ``1`` ``=`` ``0``, forfeits ``+`` ``-``, bye ``U`` (half-point ``H``,
       zero-point ``Z``), absent ``Z``; the rounds after a withdrawal blank
====== =====================================================

and every further round 10 columns to the right (102-105, 107, 109; 112-115 …).

The tournament lines come first, the code in columns 1-3 and the value from column 5:

====== =====================================================================================
012    tournament name: ``--event``, else the records' ``Event``
022    city: ``Site``
032    federation: ``--federation``, else ``EventCountry``
042    date of start ``YYYY/MM/DD``: ``EventDate``, else the first round's date
052    date of end ``YYYY/MM/DD``: the last round's date
062    number of players
072    number of rated players (a ``WhiteElo``/``BlackElo``)
092    type of tournament: ``Swiss system``, ``Round robin``, ``Knockout``
102    chief arbiter: ``--arbiter``
112    deputy arbiters, one line each (a TRF file read as the event gives them)
122    time control: ``TimeControl``
132    dates of the rounds ``YY/MM/DD``, each in the columns of its round in the 001 lines
       (round 1 in 92-99, round 2 in 102-109 …): the date most of the round's games give
====== =====================================================================================

A line whose value neither the records nor an option give is left out (``012``, ``062`` and
``092`` are always written). Lines end with CR LF (the format asks for a carriage return at
each line's end).
"""

from __future__ import annotations

from typing import TextIO

from kifu.core.escape import terminal
from kifu.standings.crosstable import Cell, Row
from kifu.standings.scoring import DRAW, LOSS, WIN
from kifu.standings.writers import Report

EOL = "\r\n"
SYSTEMS = {"round-robin": "Round robin", "swiss": "Swiss system", "knockout": "Knockout"}


def _put(line: list[str], first: int, last: int, text: str, right: bool = False) -> None:
    """Write ``text`` into columns ``first``..``last`` (1-based) of ``line`` (a control character,
    which would break the line or drive a terminal, as a visible escape)."""
    size = last - first + 1
    text = terminal(text, one_line=True)[:size]
    text = text.rjust(size) if right else text.ljust(size)
    line[first - 1 : last] = list(text)


def _result(cell: Cell) -> tuple[str, str, str]:
    result = cell.result
    if result.opponent is None or cell.opponent is None:
        # the pairing-allocated bye U; the byes asked for: half-point H, zero-point Z
        return "0000", "-", "U" if result.score >= 1 else "H" if result.score > 0 else "Z"
    colour = {"w": "w", "b": "b"}.get(cell.colour, "-")
    if result.forfeit:
        return f"{cell.opponent:4d}", colour, "+" if result.outcome == WIN else "-"
    return f"{cell.opponent:4d}", colour, {WIN: "1", DRAW: "=", LOSS: "0"}[result.outcome]


def player_line(row: Row, rounds: int, federation: str | None = None) -> str:
    """The ``001`` line of a crosstable row."""
    competitor = row.standing.competitor
    line = [" "] * (91 + 10 * rounds)
    _put(line, 1, 3, "001")
    _put(line, 5, 8, str(row.number), right=True)
    _put(line, 11, 13, competitor.title or "", right=True)
    _put(line, 15, 47, competitor.name)
    _put(line, 49, 52, str(competitor.rating) if competitor.rating else "", right=True)
    _put(line, 54, 56, federation or "")
    _put(line, 58, 68, competitor.fide_id or "", right=True)
    _put(line, 81, 84, f"{competitor.points:.1f}", right=True)
    _put(line, 86, 89, str(row.standing.place), right=True)
    # the rounds after a withdrawal are left blank (TRF-16: blank is Z), as FIDE's example file
    # leaves them: a reader tells a player who left from one absent for a round
    left = (
        max((i for i, cells in enumerate(row.cells) if cells), default=-1) + 1
        if competitor.withdrawn
        else None
    )
    for index, cells in enumerate(row.cells):
        if left is not None and index >= left:
            break
        start = 92 + 10 * index
        opponent, colour, symbol = _result(cells[0]) if cells else ("0000", "-", "Z")
        _put(line, start, start + 3, opponent, right=True)
        _put(line, start + 5, start + 5, colour)
        _put(line, start + 7, start + 7, symbol)
    return "".join(line).rstrip()


def _date(iso: str | None, short: bool = False) -> str | None:
    """``2024/05/01`` (``short``: ``24/05/01``) of ``2024-05-01``."""
    if iso is None:
        return None
    text = iso.replace("-", "/")
    return text[2:] if short else text


def dates_line(dates: dict[int, str], rounds: int) -> str | None:
    """The ``132`` line: each round's date ``YY/MM/DD`` in columns 92-99, 102-109 …"""
    if not dates:
        return None
    line = [" "] * (91 + 10 * rounds)
    _put(line, 1, 3, "132")
    for round_, iso in dates.items():
        if 1 <= round_ <= rounds:
            start = 92 + 10 * (round_ - 1)
            _put(line, start, start + 7, _date(iso, short=True) or "")
    return "".join(line).rstrip()


def header_lines(report: Report) -> list[str]:
    """The tournament lines 012 … 132 that the records or the options fill."""
    table, details = report.crosstable, report.details
    rated = sum(1 for row in table.rows if row.standing.competitor.rating)
    values = [
        ("012", report.event or "Tournament"),
        ("022", details.site),
        ("032", details.event_federation),
        ("042", _date(details.start)),
        ("052", _date(details.end)),
        ("062", str(len(table.rows))),
        ("072", str(rated)),
        ("092", SYSTEMS.get(report.system, report.system)),
        ("102", details.arbiter),
        # deputy arbiters: a TRF file read as the event gives them (kifu.standings.trf_read)
        *(("112", deputy) for deputy in getattr(details, "deputies", ())),
        ("122", details.time_control),
    ]
    lines = [f"{code} {terminal(value, one_line=True)}" for code, value in values if value]
    dates = dates_line(details.dates(), table.rounds)
    return lines + ([dates] if dates else [])


def write_trf(report: Report, out: TextIO) -> None:
    """The tournament lines, then a player line per competitor in starting-rank order."""
    table = report.crosstable
    for line in header_lines(report):
        out.write(line + EOL)
    for row in sorted(table.rows, key=lambda row: row.number):
        federation = table.profile_of(row.standing.competitor.name, "federation")
        out.write(player_line(row, table.rounds, federation) + EOL)
