"""The limits that keep a hostile or damaged input from exhausting memory or time.

One process-wide value, set by the command from its options before any record is read (worker
processes are forked after that, and inherit it). Each limit is documented in
docs/reliability.md; reaching one is an IO008 finding, never a crash, and ``0`` lifts it: from
the command line or the user's own configuration only, as a project's file (which comes with the
records, from anyone) may raise a limit but not lift it (:data:`kifu.commands.options.SAFETY_LIMITS`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MIB = 1 << 20


@dataclass(frozen=True, slots=True)
class Limits:
    """``decompressed``: bytes a compressed file may inflate to; ``record``: characters of one
    record; ``depth``: nesting of variations; ``nodes``: nodes of one SGF game tree; ``items``:
    property values, ``(`` and words outside values of one SGF game tree; ``moves``: moves of
    one xiangqi record, its variations included (a node, a value or a move costs far more
    memory than its few characters). ``0`` means no limit."""

    decompressed: int = 512 * MIB
    record: int = 16 * MIB
    depth: int = 1000
    nodes: int = 100_000
    items: int = 500_000
    moves: int = 150_000


_CURRENT = [Limits()]


def limits() -> Limits:
    """The limits in force."""
    return _CURRENT[0]


def set_limits(**changes: int) -> Limits:
    """Change some limits for the rest of the process (the command line's options); the old ones."""
    old = _CURRENT[0]
    _CURRENT[0] = replace(old, **changes)
    return old


def shown(size: int) -> str:
    """A size in bytes: ``512 MiB``, ``16 MiB``, ``300 KiB``, ``12 bytes``."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", MIB), ("KiB", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size:,} bytes"


def characters(size: int) -> str:
    """A size in characters (a record's), as ``--max-record`` takes it: ``16M characters``,
    ``300K characters``, ``1,000 characters``."""
    for unit, scale in (("G", 1 << 30), ("M", MIB), ("K", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale}{unit} characters"
    return f"{size:,} characters"
