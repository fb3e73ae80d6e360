"""Findings of one Go record capped as they are made: of each code the first
:data:`MAX_PER_CODE` by position are kept, the others only counted.

The parser, :func:`kifu.go.parser.link` and the property checker collect into a :class:`Capped`,
so that a flood of millions of items that each make a finding builds a few hundred objects; the
checker's end-of-record cap then says how many more there were (``… and N more CODE
finding(s) in this game``), as if every finding had been made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, Generic, TypeVar

from kifu.core import findings

#: findings of one code kept per game, as in every game (the rest are counted in one more finding)
MAX_PER_CODE: Final = findings.MAX_PER_CODE

T = TypeVar("T")


def _place(entry: tuple[int, int, object]) -> tuple[int, int]:
    return entry[0], entry[1]


def _order(entry: tuple[int, int, object]) -> int:
    return entry[1]


class Capped(Generic[T]):
    """Items by code (findings, or what one is made from): of each code the first
    :data:`MAX_PER_CODE` by offset, then order of making, are kept; all are counted.

    A code's items are held up to twice the cap, then cut back to it: memory stays bounded
    whatever the number made, and once cut, an item at or after the last one kept is not even
    built (:meth:`admit` says so). :meth:`append` keeps an item uncounted and uncapped.
    """

    __slots__ = ("_bar", "_free", "_kept", "_made", "counts")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._kept: dict[str, list[tuple[int, int, T]]] = {}
        self._bar: dict[str, int] = {}  # a code's items from this offset on are no longer kept
        self._free: list[tuple[int, int, T]] = []
        self._made = 0
        #: items made of each code (kept or not)
        self.counts: dict[str, int] = {}
        for item in items:
            self.append(item)

    def admit(self, code: str, offset: int) -> bool:
        """Count an item of ``code`` at ``offset``: whether it may be kept (then build it and
        :meth:`keep` it)."""
        self.counts[code] = self.counts.get(code, 0) + 1
        bar = self._bar.get(code)
        return bar is None or offset < bar

    def keep(self, code: str, offset: int, item: T) -> None:
        """Keep an item :meth:`admit` let in."""
        kept = self._kept.get(code)
        if kept is None:
            kept = self._kept[code] = []
        kept.append((offset, self._made, item))
        self._made += 1
        if len(kept) >= 2 * MAX_PER_CODE:
            kept.sort(key=_place)
            del kept[MAX_PER_CODE:]
            self._bar[code] = kept[-1][0]

    def add(self, code: str, offset: int, item: T) -> None:
        """Count an item and keep it if it is among the first of its code."""
        if self.admit(code, offset):
            self.keep(code, offset, item)

    def append(self, item: T) -> None:
        """Keep an item whatever its code (one capped elsewhere, or one of a kind made once)."""
        self._free.append((0, self._made, item))
        self._made += 1

    def items(self) -> list[T]:
        """The items kept, in the order they were made."""
        entries = list(self._free)
        for kept in self._kept.values():
            entries += sorted(kept, key=_place)[:MAX_PER_CODE]
        entries.sort(key=_order)
        return [entry[2] for entry in entries]

    def dropped(self) -> dict[str, int]:
        """The items of each code made but not kept (codes with none left out are absent)."""
        return {code: n - MAX_PER_CODE for code, n in self.counts.items() if n > MAX_PER_CODE}


def merged(*dropped: Mapping[str, int]) -> dict[str, int]:
    """Counts of left-out findings by code, summed."""
    total: dict[str, int] = {}
    for counts in dropped:
        for code, n in counts.items():
            total[code] = total.get(code, 0) + n
    return total
