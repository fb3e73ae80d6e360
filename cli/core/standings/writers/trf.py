"""FIDE's Tournament Report File, TRF-16 (FIDE Handbook C.04 Annex 2, approved 2015).

The player line ``001``, by column (1-based, both ends included):

====== =====================================================
1-3    ``001``
5-8    starting rank (right-aligned)
10     sex (``m``/``w``; left blank: records do not say)
11-13  title (right-aligned: `` GM``), from the ``WhiteTitle``/``BlackTitle`` tags
15-47  name, "Lastname, Firstname" as the records write it
49-52  FIDE rating, from ``WhiteElo``/``BlackElo``
54-56  federation (blank)
58-68  FIDE number, from ``WhiteFideId``/``BlackFideId`` (right-aligned)
70-79  birth date (blank)
81-84  points, ``11.5`` (right-aligned)
86-89  rank (right-aligned; a shared place gives each its best place)
92-95  round 1: opponent's starting rank, ``0000`` when not paired
97     round 1: colour ``w``/``b``, ``-`` when not paired
99     round 1: result ``1`` ``=`` ``0``, forfeits ``+`` ``-``, bye ``U`` (half-point ``H``,
       zero-point ``Z``), absent ``Z``
====== =====================================================

and every further round 10 columns to the right (102-105, 107, 109; 112-115 …). The
tournament lines ``012`` (name), ``062`` (number of players), ``092`` (type) come first.
Lines end with CR LF (the format asks for a carriage return at each line's end).
"""

from __future__ import annotations

from typing import TextIO

from kifu.core.escape import terminal
from kifu.core.standings.crosstable import Cell, Row
from kifu.core.standings.scoring import DRAW, LOSS, WIN
from kifu.core.standings.writers import Report

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


def player_line(row: Row, rounds: int) -> str:
    """The ``001`` line of a crosstable row."""
    competitor = row.standing.competitor
    line = [" "] * (91 + 10 * rounds)
    _put(line, 1, 3, "001")
    _put(line, 5, 8, str(row.number), right=True)
    _put(line, 11, 13, competitor.title or "", right=True)
    _put(line, 15, 47, competitor.name)
    _put(line, 49, 52, str(competitor.rating) if competitor.rating else "", right=True)
    _put(line, 58, 68, competitor.fide_id or "", right=True)
    _put(line, 81, 84, f"{competitor.points:.1f}", right=True)
    _put(line, 86, 89, str(row.standing.place), right=True)
    for index, cells in enumerate(row.cells):
        start = 92 + 10 * index
        opponent, colour, symbol = _result(cells[0]) if cells else ("0000", "-", "Z")
        _put(line, start, start + 3, opponent, right=True)
        _put(line, start + 5, start + 5, colour)
        _put(line, start + 7, start + 7, symbol)
    return "".join(line).rstrip()


def write_trf(report: Report, out: TextIO) -> None:
    """The tournament lines, then a player line per competitor in starting-rank order."""
    table = report.crosstable
    out.write(f"012 {terminal(report.event or 'Tournament', one_line=True)}{EOL}")
    out.write(f"062 {len(table.rows)}{EOL}")
    out.write(f"092 {SYSTEMS.get(report.system, report.system)}{EOL}")
    for row in sorted(table.rows, key=lambda row: row.number):
        out.write(player_line(row, table.rounds) + EOL)
