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
from dataclasses import dataclass, field

from kifu.standings import fide
from kifu.standings.scoring import DRAW, WIN, Competitor

Table = dict[str, Competitor]


@dataclass(frozen=True, slots=True)
class Rules:
    """How the criteria treat rounds without play: ``plain`` (a bye adds nothing, a forfeit
    counts its real opponent: CXA and Go presets) or ``fide`` (C.07 article 16, of ``edition``)."""

    convention: str = "plain"
    edition: str = fide.DEFAULT_EDITION
    round_robin: bool = False

    @property
    def fide(self) -> bool:
        """Whether article 16 of C.07 applies."""
        return self.convention == "fide"


@dataclass(slots=True)
class Context:
    """What a criterion looks at: every competitor, the event's rounds, the rules."""

    table: Table
    rules: Rules = field(default_factory=Rules)
    rounds: int = 0
    #: each player's place in the individual standings (CXA 15.5 ranks teams by them)
    places: dict[str, int] = field(default_factory=dict)
    _adjusted: dict[str, float] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.rounds:
            self.rounds = max((r.round for c in self.table.values() for r in c.results), default=0)

    def adjusted(self) -> dict[str, float]:
        """Each competitor's points as an opponent counts them (C.07 article 16)."""
        if self._adjusted is None:
            self._adjusted = {
                name: fide.adjusted_points(c, self.rounds, self.rules.round_robin)
                for name, c in self.table.items()
            }
        return self._adjusted


#: a criterion's values for the members of a group still tied, in the group's order
Values = Callable[[Sequence[Competitor], Context], list[float | None]]


@dataclass(frozen=True, slots=True)
class Criterion:
    """A ranking criterion: its option name, column heading and values."""

    name: str
    heading: str
    description: str
    values: Values
    relative: bool = False  # computed within the tied group only (direct encounter)
    lower_first: bool = False  # a place (direct encounter): 1 ranks first


def each(value: Callable[[Competitor, Context], float | None]) -> Values:
    """The criterion whose value of a competitor does not depend on who else is tied."""

    def values(group: Sequence[Competitor], context: Context) -> list[float | None]:
        return [value(member, context) for member in group]

    return values


def _points(c: Competitor, context: Context) -> float:
    return c.points


def _board_points(c: Competitor, context: Context) -> float:
    return sum(r.board_points for r in c.results)


def _wins(c: Competitor, context: Context) -> float:
    if context.rules.fide:  # 7.1 WIN: every round scored as a win, a full-point bye too
        return sum(1 for r in c.results if r.score >= fide.WIN_POINTS)
    return sum(1 for r in c.games() if r.outcome == WIN)


def _won(c: Competitor, context: Context) -> float:
    """7.2 WON: games won over the board."""
    return sum(1 for r in c.games() if r.outcome == WIN and not r.forfeit)


def _black(c: Competitor, context: Context) -> float:
    return sum(1 for r in c.games() if r.colour == "2" and not r.forfeit)


def _opponent_scores(c: Competitor, context: Context) -> list[float]:
    table = context.table
    return [table[r.opponent].points for r in c.games() if r.opponent in table]


def _entries(c: Competitor, context: Context, sb: bool) -> list[fide.Entry]:
    rules = context.rules
    return fide.entries(
        c, context.table, context.rounds, rules.round_robin, rules.edition, sb, context.adjusted()
    )


def _buchholz(c: Competitor, context: Context) -> float:
    if context.rules.fide:
        return sum(e.value for e in _entries(c, context, False))
    return sum(_opponent_scores(c, context))


def _buchholz_cut1(c: Competitor, context: Context) -> float:
    if context.rules.fide:
        return sum(e.value for e in fide.cut(_entries(c, context, False), 1, 0))
    scores = sorted(_opponent_scores(c, context))
    return sum(scores[1:])


def _buchholz_median(c: Competitor, context: Context) -> float:
    if context.rules.fide:
        return sum(e.value for e in fide.cut(_entries(c, context, False), 1, 1))
    scores = sorted(_opponent_scores(c, context))
    return sum(scores[1:-1])


def _sonneborn_berger(c: Competitor, context: Context) -> float:
    if context.rules.fide:
        return sum(e.value for e in _entries(c, context, True))
    table = context.table
    total = 0.0
    for r in c.games():
        if r.opponent in table:
            # a double forfeit is a loss for both (no game): it adds nothing
            share = 1.0 if r.outcome == WIN else 0.5 if r.outcome == DRAW else 0.0
            total += share * table[r.opponent].points
    return total


def _aro(c: Competitor, context: Context) -> float | None:
    return fide.average_rating(c, context.table)


def _member_places(c: Competitor, context: Context) -> list[int]:
    return sorted(context.places[m] for m in c.members if m in context.places)


def _place_sum(c: Competitor, context: Context) -> float | None:
    found = _member_places(c, context)
    return float(sum(found)) if found else None


def _nth_place(n: int) -> Callable[[Competitor, Context], float | None]:
    def place(c: Competitor, context: Context) -> float | None:
        found = _member_places(c, context)
        return float(found[n]) if len(found) > n else None

    return place


def _direct_encounter(group: Sequence[Competitor], context: Context) -> list[float | None]:
    """Article 6 (FIDE) / CXA 15.1 "straight win": each member's place within the tied group by
    the games among them; blank when it separates nobody."""
    rules = context.rules
    return fide.direct_encounter(group, rules.round_robin or not rules.fide, rules.fide and rules.round_robin)


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
        Criterion(
            "buchholz-median",
            "BhM",
            "Median Buchholz (the lowest and the highest left out)",
            each(_buchholz_median),
        ),
        Criterion(
            "de", "DE", "direct encounter (place among the tied)", _direct_encounter, True, lower_first=True
        ),
        Criterion("wins", "W", "number of wins (FIDE 7.1: a full-point bye too)", each(_wins)),
        Criterion("won", "WON", "number of games won over the board (FIDE 7.2)", each(_won)),
        Criterion("black", "Bl", "number of games played with Black (moving second)", each(_black)),
        Criterion("aro", "ARO", "average rating of the opponents (FIDE 10.1)", each(_aro)),
        Criterion(
            "place-sum",
            "ΣPl",
            "sum of the players' individual places (CXA 15.5, lowest first)",
            each(_place_sum),
            lower_first=True,
        ),
        Criterion(
            "best-place", "Pl1", "the best individual place (CXA 15.5)", each(_nth_place(0)), lower_first=True
        ),
        Criterion(
            "second-place",
            "Pl2",
            "the second best individual place (CXA 15.5)",
            each(_nth_place(1)),
            lower_first=True,
        ),
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
    convention: str = "plain"  # how unplayed rounds count (:class:`Rules`)

    def describe(self, edition: str) -> str:
        """Where the order comes from, with the edition of a FIDE preset."""
        if self.convention == "fide":
            return f"{fide.EDITIONS[edition]}, {self.source}"
        return self.source


#: CXA 15.1-15.5 end with fouls (18.4); records carry no penalties
_NO_FOULS = "foul (18.4) not applied: the input names no penalties"

PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset("cxa-individual-rr", False, ("points", "sb", "wins", "de"), f"CXA 15.1; {_NO_FOULS}"),
        Preset("cxa-individual-swiss", False, ("points", "buchholz", "wins"), f"CXA 15.2; {_NO_FOULS}"),
        Preset("cxa-team-rr", True, ("points", "board-points", "wins", "de"), f"CXA 15.3; {_NO_FOULS}"),
        Preset(
            "cxa-team-swiss", True, ("points", "buchholz", "board-points", "wins"), f"CXA 15.4; {_NO_FOULS}"
        ),
        Preset(
            "cxa-team-total",
            True,
            ("place-sum", "best-place", "second-place"),
            f"CXA 15.5 (the players' places in the individual standings, by 15.1 or 15.2); {_NO_FOULS}",
        ),
        Preset(
            "fide",
            False,
            ("points", "buchholz-cut1", "buchholz", "sb", "de", "wins", "black"),
            "Swiss order; unplayed rounds by article 16",
            "fide",
        ),
        Preset(
            "fide-rr",
            False,
            ("points", "de", "wins", "sb", "black"),
            "round robin order; forfeits count their real opponent (article 16)",
            "fide",
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
