"""The shared model of a game record: spans, move nodes and records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class Span(NamedTuple):
    """A region of the source text; lines and columns are 1-based, the end is exclusive.

    A named tuple rather than a frozen dataclass: every move of every game gets one, and
    a tuple is several times cheaper to create.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, line: int, column: int, length: int = 1) -> Span:
        """A span of ``length`` characters on one line."""
        return cls(line, column, line, column + max(length, 1))


@dataclass(slots=True)
class MoveNode:
    """One move as written, with what the record attaches to it.

    ``variations`` are alternatives to this move: each is a list of nodes played instead of it.
    """

    text: str
    span: Span | None = None
    move_number: int | None = None
    nags: list[int] = field(default_factory=list)
    comments_before: list[str] = field(default_factory=list)
    comments_after: list[str] = field(default_factory=list)
    variations: list[list[MoveNode]] = field(default_factory=list)


@dataclass(slots=True)
class Record:
    """What every game record has: header tags, an optional start position and a move tree."""

    game: str
    index: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_spans: dict[str, Span] = field(default_factory=dict)
    start_position: str | None = None
    comments: list[str] = field(default_factory=list)
    moves: list[MoveNode] = field(default_factory=list)
    result: str | None = None
    result_span: Span | None = None
