"""FIDE Tie-Break Regulations (Handbook C.07): unplayed rounds (article 16) and direct encounter (6).

What is computed here, for each round of the event (1 to its last round), as the reference
``standings.md`` and FIDE's own checker (OttoMilvang/TieBreakServer) read the articles:

* A participant's *own* unplayed round — a pairing-allocated bye, a forfeit won or lost, a round
  without a game (absent, withdrawn) — counts in Buchholz and Sonneborn-Berger as a game against
  a dummy opponent whose points equal the participant's own final points (16, Swiss events).
  The 2026 revision caps that value: a forfeit at the real opponent's adjusted points, any
  other unplayed round at a draw in every round (16.4.1, 16.4.2).
* An opponent's points are their *adjusted* points: a round without an opponent after the
  last round the opponent took part in (the rounds after leaving the event) counts as a draw.
* Voluntarily unplayed rounds (a forfeit lost, a zero- or half-point bye, an absence; not a
  forfeit won, not the pairing-allocated bye) are cut first by Cut-1 and Median.
* In a round robin (pairings fixed in advance) a forfeit keeps its real opponent and counts as
  played; a round without an opponent adds nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kifu.standings.scoring import Competitor, Result

#: the editions a FIDE preset can follow: the 2023 text (in force from 1 August 2024) and the
#: revision approved by the FIDE Council on 2 February 2026 (in force from 1 March 2026)
EDITIONS = {"2023": "FIDE C.07, 2023 edition", "2026": "FIDE C.07, 2026 revision"}
DEFAULT_EDITION = "2023"
DRAW_POINTS = 0.5
WIN_POINTS = 1.0


@dataclass(frozen=True, slots=True)
class Slot:
    """A competitor's round as article 16 sees it."""

    round: int
    result: Result | None  # None: no game, no bye (absent)

    @property
    def played(self) -> bool:
        """Played over the board (a forfeit is not)."""
        return self.result is not None and self.result.opponent is not None and not self.result.forfeit

    @property
    def opponent(self) -> str | None:
        """The opponent paired, played or forfeited."""
        return self.result.opponent if self.result is not None else None

    @property
    def points(self) -> float:
        """The points the round gave (0 without a result)."""
        return self.result.score if self.result is not None else 0.0

    @property
    def voluntary(self) -> bool:
        """A voluntarily unplayed round (16.2.5): not played and not scored as a win (a forfeit
        lost, a half- or zero-point bye, an absence; not a forfeit won, not the
        pairing-allocated bye)."""
        if self.result is None:
            return True
        return not self.played and self.result.score < WIN_POINTS


def slots(competitor: Competitor, rounds: int) -> list[Slot]:
    """One slot per round 1..``rounds`` (a second game in a round is left to the first)."""
    by_round: dict[int, Result] = {}
    for result in competitor.results:
        by_round.setdefault(result.round, result)
    return [Slot(r, by_round.get(r)) for r in range(1, rounds + 1)]


def adjusted_points(competitor: Competitor, rounds: int, round_robin: bool) -> float:
    """The points an opponent counts with (16): after the last round the competitor took part in,
    a round without an opponent is a draw (Swiss) or nothing (a round robin, as FIDE's checker
    counts it)."""
    total = competitor.points
    own = slots(competitor, rounds)
    last = max((s.round for s in own if not s.voluntary), default=0)
    after = 0.0 if round_robin else DRAW_POINTS
    for slot in own:
        if slot.round > last and slot.opponent is None:
            total += after - slot.points
    return total


@dataclass(frozen=True, slots=True)
class Entry:
    """A round's contribution to Buchholz (``score``) and Sonneborn-Berger (``score`` times the
    competitor's own points in that round)."""

    score: float
    value: float
    voluntary: bool


def entries(
    competitor: Competitor,
    table: dict[str, Competitor],
    rounds: int,
    round_robin: bool,
    edition: str,
    sb: bool,
    adjusted: dict[str, float],
) -> list[Entry]:
    """The rounds counted in Buchholz (``sb`` false) or Sonneborn-Berger of ``competitor``."""
    found = []
    own_points = competitor.points
    for slot in slots(competitor, rounds):
        opponent = slot.opponent if slot.opponent in table else None
        if opponent is not None and (slot.played or round_robin):
            score, voluntary = adjusted[opponent], False
        elif round_robin:
            continue
        else:
            score, voluntary = own_points, slot.voluntary
            if edition == "2026":
                cap = adjusted[opponent] if opponent is not None else DRAW_POINTS * rounds
                score = min(score, cap)
        found.append(Entry(score, score * slot.points if sb else score, voluntary))
    return found


def cut(found: Sequence[Entry], low: int, high: int) -> list[Entry]:
    """Cut ``low`` least significant values, voluntarily unplayed rounds first, then ``high``
    most significant ones (Cut-1: 1, 0; Median-1: 1, 1)."""
    kept = list(found)
    for _ in range(min(low, len(kept))):
        lowest = min(kept, key=lambda e: (e.score, e.value))
        first = min(kept, key=lambda e: (not e.voluntary, e.score, e.value))
        # a voluntarily unplayed round goes first, unless the lowest round counts more (SB)
        kept.remove(lowest if lowest.value > first.value else first)
    for _ in range(min(high, len(kept))):
        kept.remove(max(kept, key=lambda e: (e.score, e.value)))
    return kept


def average_rating(competitor: Competitor, table: dict[str, Competitor]) -> float | None:
    """ARO (10.1): the average rating of the opponents of the games played, rounded to a whole
    number (unrated opponents left out); ``None`` without such a game."""
    ratings = []
    for result in competitor.results:
        if result.opponent is None or result.forfeit or result.opponent not in table:
            continue
        rating = table[result.opponent].rating
        if rating is not None:
            ratings.append(rating)
    if not ratings:
        return None
    return float(round(sum(ratings) / len(ratings) + 0.000001))


def direct_encounter(group: Sequence[Competitor], forfeits: bool, predetermined: bool) -> list[float | None]:
    """Article 6 for a tied group: each member's place within it (1 first, shared places equal),
    or ``None`` for all when the encounter separates nobody.

    The mutual points decide when every member met every other (or the pairing was fixed in
    advance, ``predetermined``: a round robin); ``forfeits`` says whether a forfeit counts as a
    game (a round robin's does, a Swiss event's does not); otherwise a member is separated only
    when its mutual points exceed every remaining member's possible maximum (games not played
    counted as won). The rule is applied again to each subgroup still tied, until it separates
    nobody more.
    """
    place = {member.name: 1 for member in group}
    _split(list(group), forfeits, predetermined, place, 1)
    values = [place[member.name] for member in group]
    if len(set(values)) == 1:
        return [None] * len(group)
    return [float(v) for v in values]


def _mutual(member: Competitor, names: set[str], forfeits: bool) -> tuple[float, int]:
    """Mutual points against ``names`` (the mean per opponent when they met more than once),
    and how many of them were met."""
    scores: dict[str, list[float]] = {}
    for result in member.results:
        counted = forfeits or not result.forfeit
        if result.opponent in names and result.opponent != member.name and counted:
            scores.setdefault(result.opponent, []).append(result.score)
    return sum(sum(s) / len(s) for s in scores.values()), len(scores)


def _split(
    group: list[Competitor], forfeits: bool, predetermined: bool, place: dict[str, int], first: int
) -> None:
    if len(group) < 2:
        return
    names = {member.name for member in group}
    mutual = {m.name: _mutual(m, names, forfeits) for m in group}
    others = len(group) - 1
    all_met = predetermined or all(met == others for _, met in mutual.values())
    points = {name: value for name, (value, _) in mutual.items()}
    most = {name: value + (others - met) * WIN_POINTS for name, (value, met) in mutual.items()}
    order = sorted(group, key=lambda m: (-points[m.name], -most[m.name], m.name))
    ranks = [first]
    if all_met:
        for index in range(1, len(order)):
            same = points[order[index].name] == points[order[index - 1].name]
            ranks.append(ranks[-1] if same else first + index)
    else:
        unique = True
        for index in range(1, len(order)):
            best_rest = max(most[m.name] for m in order[index:])
            if unique and points[order[index - 1].name] > best_rest:
                ranks.append(first + index)
            else:
                unique = False
                ranks.append(ranks[-1])
    if len(set(ranks)) == 1:
        return
    for member, rank in zip(order, ranks, strict=True):
        place[member.name] = rank
    for rank in sorted(set(ranks)):
        tied = [m for m, r in zip(order, ranks, strict=True) if r == rank]
        _split(tied, forfeits, predetermined, place, rank)
