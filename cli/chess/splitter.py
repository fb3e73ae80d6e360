"""Cut a PGN stream into games cheaply, line by line, before any parsing.

A game ends at its termination marker; a tag section after movetext also starts a new game,
and so does a tag line met inside a `{` comment that was never closed (the comment is cut
there, so it cannot swallow the following games). Memory holds one game at a time, of at most
``limits().record`` characters: the lines past it are dropped up to the next game (the game says
so, :attr:`GameText.cut`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from kifu.core.findings import IO_BINARY, Finding
from kifu.core.limits import limits
from kifu.core.record import Span
from kifu.core.sources import LineDecoder, Source, looks_binary, open_binary

_RESULT_AT_END = re.compile(r"(?:^|[\s.)}\]])(?:1-0|0-1|1/2-1/2|½-½|\*)\s*$")
_TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s*"')


@dataclass(slots=True)
class GameText:
    """The lines of one game and where it starts in the file."""

    start_line: int
    lines: list[str]
    missing_blank_line: bool = False
    #: the line where the game passed ``limits().record`` characters (the rest was dropped), or 0
    cut: int = 0

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def weight(self) -> int:
        """How many characters the game holds (for progress displays and worker balance)."""
        return sum(len(line) + 1 for line in self.lines)


@dataclass(slots=True)
class _LineFacts:
    in_brace: bool
    has_content: bool
    ends_with_result: bool


def _scan(line: str, in_brace: bool) -> _LineFacts:
    """What a movetext line holds outside comments, and whether a `{` is still open after it."""
    if not in_brace and "{" not in line and "}" not in line and ";" not in line:
        stripped = line.strip()
        return _LineFacts(False, bool(stripped), bool(stripped) and bool(_RESULT_AT_END.search(stripped)))
    outside: list[str] = []
    for char in line:
        if in_brace:
            if char == "}":
                in_brace = False
                outside.append(" ")
        elif char == "{":
            in_brace = True
        elif char == ";":
            break
        else:
            outside.append(char)
    rest = "".join(outside).strip()
    return _LineFacts(in_brace, bool(rest), bool(rest) and bool(_RESULT_AT_END.search(rest)))


def split_games(lines: Iterable[str]) -> Iterator[GameText]:
    """Yield the games of a PGN stream (given as lines without terminators), in order."""
    current: list[str] = []
    start = 1
    tags_seen: set[str] = set()
    movetext = False
    ended = False
    in_brace = False
    previous_blank = True
    missing_blank = False
    number = 0
    cap = limits().record
    size = 0  # characters of the current game
    cut = 0  # the line where it passed the cap
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped:
            if current and not cut:
                current.append(line)
            previous_blank = True
            continue
        if line.startswith("%"):
            if current:
                if not cut:
                    current.append(line)
            else:
                start = number
                current = [line]
            previous_blank = False
            continue
        tag = _TAG_LINE.match(line)
        new_game = False
        if current:
            if ended:
                new_game = True
            elif tag and (movetext or in_brace):
                name = tag.group(1)
                new_game = in_brace or name == "Event" or name in tags_seen
        if new_game:
            yield GameText(start, _trim(current), missing_blank, cut)
            current, tags_seen, movetext, ended, in_brace = [], set(), False, False, False
            missing_blank = bool(tag) and not previous_blank
            size = cut = 0
        if not current:
            start = number
        size += len(line) + 1
        if cap and size > cap and current:
            cut = cut or number
        if not cut:
            current.append(line)
        previous_blank = False
        if tag and not in_brace:
            tags_seen.add(tag.group(1))
            # a tag line may carry movetext after its `]` (`[Result "1-0"] e4 1-0`)
            facts = _scan(line[line.rfind("]") + 1 :] if "]" in line else "", False)
        else:
            facts = _scan(line, in_brace)
        in_brace = facts.in_brace
        movetext = movetext or facts.has_content
        ended = facts.ends_with_result and not in_brace
    if current:
        yield GameText(start, _trim(current), missing_blank, cut)


def _trim(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def numbered_games(source: Source) -> Iterator[tuple[int, GameText] | Finding]:
    """The numbered games of a source, then the findings about the file itself."""
    decoder = LineDecoder()
    with open_binary(source) as stream:
        head = stream.peek(4096)[:4096] if hasattr(stream, "peek") else b""
        if looks_binary(head):
            yield IO_BINARY(
                f"{source.path} is not a text file (binary data at the start); it is not read as PGN",
                Span.point(1, 1),
            )
            return
        yield from enumerate(split_games(decoder.lines(stream, source.path)), 1)
    yield from decoder.findings
