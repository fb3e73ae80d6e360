"""The whole computation: an event, a system and a ranking order in; the crosstable out."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from kifu.standings.crosstable import Crosstable, build
from kifu.standings.event import Event
from kifu.standings.ranking import knockout, rank
from kifu.standings.scoring import Team, apply_withdrawals, individual, teams
from kifu.standings.tiebreaks import PRESETS, Rules

SYSTEMS = ("round-robin", "swiss", "knockout")


def infer_system(event: Event, roster: Sequence[Team] | None = None) -> str:
    """``round-robin`` when every two competitors met (a match of two too), else ``swiss``."""
    team_of = {p: t.name for t in roster for p in t.players} if roster else {}
    met: set[frozenset[str]] = set()
    names: set[str] = set()
    for game in event.games:
        if game.second is None:
            continue
        a, b = (team_of.get(game.first), team_of.get(game.second)) if roster else (game.first, game.second)
        if a is None or b is None or a == b:
            continue
        names |= {a, b}
        met.add(frozenset((a, b)))
    # every pair in ``met`` is two of ``names``: all of them met when there are as many pairs
    # as two of ``names`` make (the pairs themselves, n²/2 of them, are never built)
    return "round-robin" if len(names) >= 2 and len(met) == comb(len(names), 2) else "swiss"


def compute(
    event: Event,
    system: str,
    criteria: Sequence[str],
    game: str | None = None,
    roster: Sequence[Team] | None = None,
    rules: Rules | None = None,
) -> Crosstable:
    """Apply withdrawals (20.3, round robin), score, rank (unplayed rounds by ``rules``) and lay
    out the crosstable."""
    apply_withdrawals(event, system == "round-robin")
    places = individual_places(event, system) if PLACE_CRITERIA & set(criteria) else None
    table = teams(event, roster) if roster else individual(event)
    if system == "knockout":
        return build(knockout(table), ("points",), game, bool(roster), event.players)
    return build(rank(table, criteria, rules, places), criteria, game, bool(roster), event.players)


#: the criteria that rank a team by its players' individual places (CXA 15.5)
PLACE_CRITERIA = {"place-sum", "best-place", "second-place"}


def individual_places(event: Event, system: str) -> dict[str, int]:
    """Each player's place in the individual standings (15.1 round robin, 15.2 Swiss); a shared
    place counts as its best (3 for "3-4")."""
    preset = PRESETS["cxa-individual-swiss" if system == "swiss" else "cxa-individual-rr"]
    return {s.competitor.name: s.place for s in rank(individual(event), preset.criteria)}
