"""The ranking criteria (points and tie-breaks) and the presets that order them.

Each criterion gives a number per competitor, higher ranks first; the direct encounter is
computed inside each group still tied, the others over the whole event. Sources:

* CXA competition rules, as issue 17 states them: 15.1 individual round robin: points, small
  score (sum of the points of the opponents beaten plus half of those drawn with, which is
  Sonneborn-Berger), wins, direct encounter, fouls; 15.2 individual Swiss: points, opponents'
  points (Buchholz), wins, fouls. Fouls (犯规) are not in game records, so kifu leaves that last
  step to the arbiter (ties it cannot break are shown as shared places).
* The team forms (15.3 round robin, 15.4 Swiss) follow the individual ones with match points
  (14.2) first and board points next, the order published event regulations apply (场分, 局分,
  直胜); 15.5 (team total score) ranks by the total of board points. The article texts of 15.3–
  15.5 were not available to kifu's authors: these orders are kifu's reading, printed in the
  output, and ``--tiebreak`` replaces them.
* FIDE Tie-Break Regulations, common criteria: Buchholz, Buchholz cut-1, Sonneborn-Berger,
  direct encounter, number of wins, number of games played with Black.
* Go: wins, SOS (sum of opponents' scores), SODOS (sum of defeated opponents' scores).

Unplayed rounds: a forfeit is a result (it counts in points, wins and the small score); a bye
adds nothing to Buchholz or SOS (no opponent), and "games with Black" counts played games only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kifu.core.standings.scoring import DRAW, WIN, Competitor

Table = dict[str, Competitor]
#: a criterion's values for the members of a group still tied, in the group's order
Values = Callable[[Sequence[Competitor], Table], list[float]]


@dataclass(frozen=True, slots=True)
class Criterion:
    """A ranking criterion: its option name, column heading and values."""

    name: str
    heading: str
    description: str
    values: Values
    relative: bool = False  # computed within the tied group only (direct encounter)


def each(value: Callable[[Competitor, Table], float]) -> Values:
    """The criterion whose value of a competitor does not depend on who else is tied."""

    def values(group: Sequence[Competitor], table: Table) -> list[float]:
        return [value(member, table) for member in group]

    return values


def _points(c: Competitor, table: Table) -> float:
    return c.points


def _board_points(c: Competitor, table: Table) -> float:
    return sum(r.board_points for r in c.results)


def _wins(c: Competitor, table: Table) -> float:
    return sum(1 for r in c.games() if r.outcome == WIN)


def _black(c: Competitor, table: Table) -> float:
    return sum(1 for r in c.games() if r.colour == "2" and not r.forfeit)


def _opponent_scores(c: Competitor, table: Table) -> list[float]:
    return [table[r.opponent].points for r in c.games() if r.opponent in table]


def _buchholz(c: Competitor, table: Table) -> float:
    return sum(_opponent_scores(c, table))


def _buchholz_cut1(c: Competitor, table: Table) -> float:
    scores = sorted(_opponent_scores(c, table))
    return sum(scores[1:])


def _sonneborn_berger(c: Competitor, table: Table) -> float:
    total = 0.0
    for r in c.games():
        if r.opponent in table:
            share = 1.0 if r.outcome == WIN else 0.5 if r.outcome == DRAW else 0.0
            total += share * table[r.opponent].points
    return total


def _direct_encounter(group: Sequence[Competitor], table: Table) -> list[float]:
    """Points scored against the others of the tied group, when all of them met each other."""
    names = {member.name for member in group}
    for member in group:
        # met all the others: as many of them among its opponents as there are others (a
        # member meets at most as many as it played, so a large group stops at once)
        met = {r.opponent for r in member.games()} & names
        met.discard(member.name)
        if len(met) < len(names) - 1:
            return [0.0] * len(group)  # not everyone met everyone: the encounter decides nothing
    return [sum(r.score for r in member.games() if r.opponent in names) for member in group]


CRITERIA: dict[str, Criterion] = {
    criterion.name: criterion
    for criterion in (
        Criterion(
            "points", "Pts", "points (win 1, draw ½, loss 0; a team: match points 2, 1, 0)", each(_points)
        ),
        Criterion(
            "board-points", "BP", "board points (a team: the sum of its game points)", each(_board_points)
        ),
        Criterion("sb", "SB", "Sonneborn-Berger (CXA small score)", each(_sonneborn_berger)),
        Criterion("buchholz", "Buch", "Buchholz (CXA opponents' points)", each(_buchholz)),
        Criterion(
            "buchholz-cut1", "Bc1", "Buchholz cut-1 (the lowest opponent left out)", each(_buchholz_cut1)
        ),
        Criterion("de", "DE", "direct encounter (among the tied, when all met)", _direct_encounter, True),
        Criterion("wins", "W", "number of wins (forfeits included)", each(_wins)),
        Criterion("black", "Bl", "number of games played with Black (moving second)", each(_black)),
        Criterion("sos", "SOS", "Go: sum of opponents' scores", each(_buchholz)),
        Criterion("sodos", "SODOS", "Go: sum of defeated opponents' scores", each(_sonneborn_berger)),
    )
}


@dataclass(frozen=True, slots=True)
class Preset:
    """A named ranking order, and where it comes from."""

    name: str
    team: bool
    criteria: tuple[str, ...]
    source: str


PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset("cxa-individual-rr", False, ("points", "sb", "wins", "de"), "CXA 15.1"),
        Preset("cxa-individual-swiss", False, ("points", "buchholz", "wins"), "CXA 15.2"),
        Preset("cxa-team-rr", True, ("points", "board-points", "de"), "CXA 15.3"),
        Preset("cxa-team-swiss", True, ("points", "buchholz", "board-points"), "CXA 15.4"),
        Preset("cxa-team-total", True, ("board-points", "points"), "CXA 15.5"),
        Preset(
            "fide",
            False,
            ("points", "buchholz-cut1", "buchholz", "sb", "de", "wins", "black"),
            "FIDE Tie-Break Regulations (Swiss order)",
        ),
        Preset(
            "fide-rr",
            False,
            ("points", "de", "wins", "sb", "black"),
            "FIDE Tie-Break Regulations (round robin order)",
        ),
        Preset("go", False, ("points", "sos", "sodos"), "Go: wins, SOS, SODOS"),
    )
}


def default_preset(game: str | None, system: str, team: bool) -> str:
    """The preset for an event of ``game`` under ``system`` (the issue: it follows the game)."""
    round_robin = system != "swiss"
    if game == "xiangqi" or team:
        if team:
            return "cxa-team-rr" if round_robin else "cxa-team-swiss"
        return "cxa-individual-rr" if round_robin else "cxa-individual-swiss"
    if game == "go":
        return "go"
    return "fide-rr" if round_robin else "fide"


def parse_list(text: str) -> tuple[str, ...]:
    """A ``--tiebreak`` list (comma separated); raises ``ValueError`` naming an unknown one."""
    names = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    unknown = [name for name in names if name not in CRITERIA]
    if unknown:
        raise ValueError(f"unknown tie-break {', '.join(unknown)}; known: {', '.join(CRITERIA)}")
    return names
