"""What a converter gives back for each record: the text in the target format, and what it lost."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifu.core.findings import Finding


@dataclass(slots=True)
class Converted:
    """One record in the target notation or format, and what the conversion could not carry over.

    ``dropped`` names kinds of content the target cannot hold ("comments", "variations" …), so
    that ``kifu convert`` can say so on stderr; ``problems`` says what could not be read or
    played (a move and the moves after it), one message each; ``findings`` are failures of
    kifu itself (KIFU001), which make the command exit 2.

    ``lost`` says, one message each, what ``text`` leaves out or cannot be trusted to state
    (moves that could not be replayed, a board size or komi the replay could not read): such a
    record is not written by ``kifu convert`` unless ``--lenient``. Where the target can, the
    text then carries the unreplayed remainder as written (``remainder_kept``); else it ends at
    the last move replayed.
    """

    index: int
    text: str
    dropped: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    remainder_kept: bool = False
