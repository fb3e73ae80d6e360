"""The interface between the game-agnostic commands and each game's package."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from kifu.core.findings import Finding
from kifu.core.results import RecordReport
from kifu.core.sources import Source


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """What the command line says about how to check.

    ``rules`` is a preset name or ``None`` for the game's default; ``settings`` holds the
    game-specific overrides (``komi``, ``ko``, ``natural_limit``, ``lang`` …).
    """

    rules: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)


class GameChecker(Protocol):
    """What each game package exposes as ``kifu.<game>.checker``."""

    def check(self, source: Source, fmt: str, options: CheckOptions) -> Iterator[RecordReport | Finding]:
        """Read ``source`` in format ``fmt`` and yield one report per record.

        A :class:`Finding` yielded on its own concerns the file, not one record (an
        unreadable file, a damaged compressed stream, the encoding used).
        """
        ...
