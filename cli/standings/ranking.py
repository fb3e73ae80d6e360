"""Ranking: split the competitors criterion by criterion; who stays tied shares a place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby

from kifu.standings.scoring import Competitor
from kifu.standings.tiebreaks import CRITERIA, Context, Rules, Table


@dataclass(slots=True)
class Standing:
    """A competitor's line in the standings."""

    place: int  # the best place of its group: 3 for a shared "3–4"
    last: int  # the last place of its group: 4 for a shared "3–4"
    competitor: Competitor
    values: dict[str, float] = field(default_factory=dict)

    @property
    def shared(self) -> bool:
        """Whether the place is shared (the criteria could not separate the group)."""
        return self.last > self.place

    @property
    def label(self) -> str:
        """``3`` or ``3-4``."""
        return f"{self.place}-{self.last}" if self.shared else str(self.place)


def rank(
    table: Table,
    criteria: Sequence[str],
    rules: Rules | None = None,
    places: dict[str, int] | None = None,
) -> list[Standing]:
    """The standings of ``table`` ordered by ``criteria`` (the first is the primary score),
    unplayed rounds counted by ``rules`` (default: plain), the players' individual ``places``
    for the criteria of CXA 15.5.

    Criteria apply in order to each group still tied; a group nothing separates shares its
    places. A competitor without a value (no rated opponent for ARO, a direct encounter that
    separates nobody) comes after those with one. Within a group the order is by name, for a
    stable listing only.
    """
    context = Context(table, rules or Rules(), places=places or {})
    values: dict[str, dict[str, float]] = {name: {} for name in table}
    groups: list[list[Competitor]] = [sorted(table.values(), key=lambda c: c.name)]
    for name in criteria:
        criterion = CRITERIA[name]
        split: list[list[Competitor]] = []
        for group in groups:
            if len(group) == 1 and criterion.relative:
                split.append(group)  # nothing to compare within a group of one: no value shown
                continue
            by_value: dict[float | None, list[Competitor]] = {}
            for member, value in zip(group, criterion.values(group, context), strict=True):
                if value is not None:
                    values[member.name][name] = value
                by_value.setdefault(None if value is None else round(value, 6), []).append(member)
            if len(group) == 1:
                split.append(group)
                continue
            keys = sorted((k for k in by_value if k is not None), reverse=not criterion.lower_first)
            split.extend(by_value[key] for key in keys)
            if None in by_value:
                split.append(by_value[None])
        groups = split
    standings = []
    place = 1
    for group in groups:
        for member in group:
            standings.append(Standing(place, place + len(group) - 1, member, values[member.name]))
        place += len(group)
    return standings


def knockout(table: Table) -> list[Standing]:
    """A knockout's standings: by the last round played, its winner first; the losers of one
    round share their places (no criterion separates them)."""

    def reached(c: Competitor) -> tuple[int, int]:
        last = max((r.round for r in c.results), default=0)
        mine = [r for r in c.results if r.round == last]
        won = sum(r.score for r in mine) > sum(r.against for r in mine)
        return last, 1 if won else 0

    reach = {c.name: reached(c) for c in table.values()}
    order = sorted(table.values(), key=lambda c: (-reach[c.name][0], -reach[c.name][1], c.name))
    standings = []
    place = 1
    for key, members in groupby(order, key=lambda c: reach[c.name]):
        group = list(members)
        for member in group:
            standings.append(
                Standing(place, place + len(group) - 1, member, {"points": member.points, "round": key[0]})
            )
        place += len(group)
    return standings
