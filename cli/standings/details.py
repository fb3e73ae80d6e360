"""What the records say about the event as a whole: name, place, dates, time control.

The TRF-16 header (012 … 132) is filled from these; each value is the one most records give
(a stray record from another event does not rename it). Dates are PGN dates ``YYYY.MM.DD``;
one with ``??`` in it says nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

_DATE = re.compile(r"([0-9]{4})[.\-/]([0-9]{2})[.\-/]([0-9]{2})")


def parse_date(text: str | None) -> str | None:
    """``2024-05-01`` of a PGN date ``2024.05.01`` (``None`` when it is not a whole date)."""
    match = _DATE.fullmatch((text or "").strip())
    return "-".join(match.groups()) if match else None


def _known(text: str | None) -> str | None:
    value = (text or "").strip()
    return value if value and value not in ("?", "-") and "??" not in value else None


@dataclass(slots=True)
class Details:
    """The event's header data, counted over its records; options fill what records lack."""

    names: Counter[str] = field(default_factory=Counter)
    sites: Counter[str] = field(default_factory=Counter)
    federations: Counter[str] = field(default_factory=Counter)
    time_controls: Counter[str] = field(default_factory=Counter)
    event_dates: Counter[str] = field(default_factory=Counter)
    #: round → its games' dates
    round_dates: dict[int, Counter[str]] = field(default_factory=dict)
    arbiter: str | None = None
    federation: str | None = None  # the --federation option: wins over EventCountry

    def add(self, tags: dict[str, str], round_: int | None) -> None:
        """Count the event tags of one record (``Event``, ``Site``, ``EventDate``, ``Date``,
        ``EventCountry``, ``TimeControl``)."""
        for counter, tag in (
            (self.names, "Event"),
            (self.sites, "Site"),
            (self.federations, "EventCountry"),
            (self.time_controls, "TimeControl"),
        ):
            value = _known(tags.get(tag))
            if value is not None:
                counter[value] += 1
        start = parse_date(tags.get("EventDate"))
        if start is not None:
            self.event_dates[start] += 1
        date = parse_date(tags.get("Date"))
        if date is not None and round_ is not None:
            self.round_dates.setdefault(round_, Counter())[date] += 1

    @staticmethod
    def _most(counter: Counter[str]) -> str | None:
        return counter.most_common(1)[0][0] if counter else None

    @property
    def name(self) -> str | None:
        """The event's name (``Event``)."""
        return self._most(self.names)

    @property
    def site(self) -> str | None:
        """Where it was played (``Site``)."""
        return self._most(self.sites)

    @property
    def event_federation(self) -> str | None:
        """The federation running it (``--federation``, else ``EventCountry``)."""
        return self.federation or self._most(self.federations)

    @property
    def time_control(self) -> str | None:
        """The time control (``TimeControl``)."""
        return self._most(self.time_controls)

    def dates(self) -> dict[int, str]:
        """Each round's date (the date most of its games give)."""
        return {round_: counter.most_common(1)[0][0] for round_, counter in self.round_dates.items()}

    @property
    def start(self) -> str | None:
        """The first day (``EventDate``, else the earliest round date)."""
        return self._most(self.event_dates) or min(self.dates().values(), default=None)

    @property
    def end(self) -> str | None:
        """The last day (the latest round date)."""
        return max(self.dates().values(), default=None)
