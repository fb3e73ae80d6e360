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
    """

    index: int
    text: str
    dropped: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
