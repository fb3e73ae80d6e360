"""Tag names written for others (``[Data "…"]`` for ``Date``): which tag was meant, when the
intent is clear."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache

#: how alike a name must be to a known tag (difflib's ratio: ``Data``/``Date`` is 0.75)
CUTOFF = 0.75
#: the longest name whose reading is cached (a longer one is no tag an archive repeats)
_CACHED_NAME = 64


def meant(
    name: str, present: Collection[str], known: Sequence[str], aliases: Mapping[str, str] | None = None
) -> str | None:
    """The known tag that ``name`` was written for, or ``None``: a case slip (``DATE``), a tag of
    ``aliases`` (``White`` in xiangqi is ``Red``), or one close misspelling (``Data``). The
    intent is clear only when that tag is not in the record already (``present``); a name that
    extends a known one (``WhiteElo``) is a tag of its own."""
    if aliases is None and len(name) <= _CACHED_NAME:
        target = _cached_target(name, tuple(known))
    else:
        target = _target(name, known, aliases)
    return None if target is None or target in present else target


@lru_cache(maxsize=4096)
def _cached_target(name: str, known: tuple[str, ...]) -> str | None:
    """:func:`_target` without aliases, cached: every game of an archive writes the same tags,
    and comparing a name with the known ones costs more than the rest of a game's tags."""
    return _target(name, known, None)


def _target(name: str, known: Sequence[str], aliases: Mapping[str, str] | None) -> str | None:
    """The known tag ``name`` was written for, whatever the record holds, or ``None``."""
    if name in known or any(name.startswith(tag) for tag in known):
        return None  # a tag of its own (WhiteElo, EventDate, RedTeam)
    target = (aliases or {}).get(name)
    if target is None:
        target = next((tag for tag in known if tag.lower() == name.lower()), None)
    if target is None:
        import difflib  # (here: a record with only known tags, most of them, never needs it)

        close = difflib.get_close_matches(name, known, n=2, cutoff=CUTOFF)
        target = close[0] if len(close) == 1 else None  # two candidates: the intent is not clear
    return target
