"""What a PGN-like text says outside its comments: its tag pairs and its movetext.

Detection weighs these and never a comment, since a comment may say anything (a chess game's
comment may quote a xiangqi move or a ``[DhtmlXQ`` block): :func:`kifu.application.detection.sniff` picks the
game with it, and the xiangqi reader picks DhtmlXQ or PGN with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: the parts of a PGN text that are not movetext: a tag pair (its name and value kept), a ``{}``
#: comment (one never closed runs to the end), a ``;`` comment to the end of the line (a ``;``
#: after other text is no comment: ``&nbsp;`` in a web page), a ``%`` escape line
_PARTS = re.compile(
    r'\[[ \t]*([A-Za-z_][\w.-]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]'
    r"|\{[^}]*\}?"
    r"|(?<![^\s)]);[^\n]*"
    r"|(?m:^%[^\n]*)"
)


@dataclass(frozen=True, slots=True)
class Outside:
    """A text's tag pairs (name, value as written, in order) and the rest of it outside its
    comments: the movetext, with each comment and tag pair blanked (its line ends kept)."""

    tags: tuple[tuple[str, str], ...]
    movetext: str

    def tag(self, name: str) -> str | None:
        """The value of the first tag pair named ``name`` (any case), or ``None``."""
        wanted = name.lower()
        return next((value for key, value in self.tags if key.lower() == wanted), None)


def outside_comments(text: str) -> Outside:
    """The tag pairs and the movetext of ``text`` (a PGN game, a score sheet, or any text)."""
    if "{" not in text and ";" not in text and "[" not in text and "%" not in text:
        return Outside((), text)
    tags: list[tuple[str, str]] = []

    def blank(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            tags.append((match.group(1), match.group(2)))
        part = match.group()
        return "\n" * part.count("\n") or " "

    movetext = _PARTS.sub(blank, text)
    return Outside(tuple(tags), movetext)
