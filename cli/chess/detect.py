"""How a file is recognised as chess, cheaply: its tags and movetext.

The registry (:mod:`kifu.application.detection`) calls this without importing the rest of the package, and
after xiangqi's tests: a xiangqi record may look like PGN, never the other way round.
"""

from __future__ import annotations

import re

from kifu.core.pgntext import Outside

_CHESS_NUMBERED = re.compile(r"(?m)^\s*1\.\s*[a-hNBRQKO]")
_CHESS_MOVES = re.compile(r"\b[a-h][2-7]\s+[a-h][2-7]\b|\b[a-h]2[a-h][34]\b", re.ASCII)


def magic(head: bytes) -> str | None:
    """PGN has no binary format."""
    return None


def in_bytes(head: bytes) -> bool:
    """PGN is told by its text."""
    return False


def in_text(text: str, outside: Outside) -> bool:
    """Whether a text is chess: an Event or White tag, a first numbered move, or SAN moves."""
    if "[Event " in text or "[White " in text or _CHESS_NUMBERED.search(outside.movetext):
        return True
    return _CHESS_MOVES.search(outside.movetext) is not None
