"""Cut a PGN stream into games cheaply, line by line, before any parsing.

A game ends at its termination marker (with the comments that follow it: GUIs write one about
the game there, ``; { Game Nr. 56 : … }``); a tag section after movetext also starts a new game,
and so does a tag line met inside a `{` comment that was never closed (the comment is cut
there, so it cannot swallow the following games). Memory holds one game at a time, of at most
``limits().record`` characters (every line from the game's first to the next game's counts,
blank ones too), kept as its text rather than one object per line: the lines past the limit are
dropped up to the next game (the game says so, :attr:`GameText.cut`). In decompressed data the
reading stops at such a game (see :func:`numbered_games`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from kifu.core.findings import IO_BINARY, IO_LIMIT, Finding
from kifu.core.limits import characters, limits
from kifu.core.lines import LineDecoder, plain
from kifu.core.record import Span
from kifu.core.sources import Source, decompressing, looks_binary, open_binary

_RESULT_AT_END = re.compile(r"(?:^|[\s.)}\]])(?:1-0|0-1|1/2-1/2|½-½|\*)\s*$")
#: what a line must end with for :data:`_RESULT_AT_END` to match it (tested first: it is cheaper)
_RESULT_ENDINGS = ("1-0", "0-1", "1/2-1/2", "½-½", "*")
#: the bytes a line that ends with a result in ASCII ends with
RESULT_LAST_BYTES = b"012*"
_TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s*"')
#: a game's lines are joined into one string this many at a time, so that a game of many short
#: lines costs about its size in memory, not a Python object per line
_JOIN = 1024


@dataclass(slots=True)
class GameText:
    """The text of one game (its lines joined by ``\\n``) and where it starts in the file."""

    start_line: int
    text: str
    missing_blank_line: bool = False
    #: the line where the game passed ``limits().record`` characters (the rest was dropped), or 0
    cut: int = 0
    _lines: list[str] | None = field(default=None, repr=False, compare=False)

    @property
    def lines(self) -> list[str]:
        """The game's lines (split from its text when first asked, for the carets of findings)."""
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines

    @property
    def weight(self) -> int:
        """How many characters the game holds (for progress displays and worker balance)."""
        return len(self.text) + 1

    def __getstate__(self) -> tuple[int, str, bool, int]:
        """Sent to a worker without the split lines."""
        return self.start_line, self.text, self.missing_blank_line, self.cut

    def __setstate__(self, state: tuple[int, str, bool, int]) -> None:
        self.start_line, self.text, self.missing_blank_line, self.cut = state
        self._lines = None


@dataclass(slots=True)
class _LineFacts:
    in_brace: bool
    has_content: bool
    ends_with_result: bool


def _ends_with_result(text: str) -> bool:
    """Whether ``text`` (stripped) ends with a termination marker."""
    return text.endswith(_RESULT_ENDINGS) and _RESULT_AT_END.search(text) is not None


def _scan(line: str, in_brace: bool) -> _LineFacts:
    """What a movetext line holds outside comments, and whether a `{` is still open after it."""
    if not in_brace and "{" not in line and "}" not in line and ";" not in line:
        stripped = line.strip()
        return _LineFacts(False, bool(stripped), _ends_with_result(stripped))
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
    return _LineFacts(in_brace, bool(rest), _ends_with_result(rest))


def split_games(
    lines: Iterable[str], *, stop_at_cut: bool = False, first_line: int = 1
) -> Iterator[GameText]:
    """Yield the games of a PGN stream (given as lines without terminators), in order; the first
    line is line ``first_line`` of the file.

    A run of blank lines may come as one string of line breaks (``LineDecoder.lines`` with
    ``blank_runs``): it counts as that many lines plus one. With ``stop_at_cut``, the stream
    ends at the first game cut at the size limit: that game is the last one yielded (its ``cut``
    says where), and nothing after the cut is read.
    """
    current: list[str] = []  # the game's lines not yet joined into `chunks`
    chunks: list[str] = []  # the game's earlier lines, joined `_JOIN` at a time
    in_game = False
    start = 1
    tags_seen: set[str] = set()
    movetext = False
    ended = False
    in_brace = False
    previous_blank = True
    missing_blank = False
    cap = limits().record
    size = 0  # characters of the current game
    cut = 0  # the line where it passed the cap
    number = first_line - 1
    for line in lines:
        number += 1
        run = 0  # the lines after the first of a run of blank lines
        if not line.strip():
            previous_blank = True
            if line:
                run = line.count("\n")
                number += run
            if not in_game:
                continue
            scan = False
        elif line.startswith("%"):
            if not in_game:
                in_game, start = True, number
            previous_blank = scan = False
        else:
            tag = _TAG_LINE.match(line) if "[" in line else None
            # a comment after the termination marker stays with its game: the next line that
            # holds a tag or a move starts the next game
            remark = ended and not tag and not _scan(line, in_brace).has_content
            if (
                in_game
                and not remark
                and (
                    ended
                    or (
                        tag
                        and (movetext or in_brace)
                        and (in_brace or tag[1] == "Event" or tag[1] in tags_seen)
                    )
                )
            ):
                yield GameText(start, _text(chunks, current), missing_blank, cut)
                current, chunks, tags_seen, movetext, ended, in_brace = [], [], set(), False, False, False
                missing_blank = bool(tag) and not previous_blank
                size = cut = 0
                in_game = False
            if not in_game:
                in_game, start = True, number
            previous_blank, scan = False, True
        size += len(line) + 1
        if not cut:
            if cap and size > cap:
                cut = number - min(size - cap - 1, run)
                if stop_at_cut:
                    break
            else:
                current.append(line)
                if len(current) >= _JOIN:
                    chunks.append("\n".join(current))
                    current = []
        if not scan:
            continue
        if tag and not in_brace:
            tags_seen.add(tag[1])
            # a tag line may carry movetext after its `]` (`[Result "1-0"] e4 1-0`)
            facts = _scan(line[line.rfind("]") + 1 :] if "]" in line else "", False)
        else:
            facts = _scan(line, in_brace)
        in_brace = facts.in_brace
        movetext = movetext or facts.has_content
        ended = (ended and not facts.has_content) or (facts.ends_with_result and not in_brace)
    if in_game:
        yield GameText(start, _text(chunks, current), missing_blank, cut)


def _text(chunks: list[str], lines: list[str]) -> str:
    """The game's text: its chunks and last lines joined, without trailing blank lines."""
    while lines and not lines[-1].strip():
        lines.pop()
    if not chunks:
        return "\n".join(lines)
    if lines:
        return "\n".join([*chunks, *lines])
    text = "\n".join(chunks)  # the last chunk ends with blank lines: drop them
    end = text.find("\n", len(text.rstrip()))
    return text if end < 0 else text[:end]


def numbered_games(source: Source) -> Iterator[tuple[int, GameText] | Finding]:
    """The numbered games of a source, then the findings about the file itself.

    In decompressed data, the reading stops at the first game that passes the size limit, with
    an IO008 finding on the file: a small compressed file can inflate a thousand times, and
    what follows a game of that size (a comment or a line of gigabytes, a flood of blank lines)
    is taken for a decompression bomb rather than read to ``--max-decompressed``. A file on
    disk is read on, up to the next game: its work is bounded by its size.
    """
    decoder = LineDecoder()
    with open_binary(source) as stream:
        head = stream.peek(4096)[:4096] if hasattr(stream, "peek") else b""
        if looks_binary(head):
            yield IO_BINARY(
                f"{source.path} is not a text file (binary data at the start); it is not read as PGN",
                Span.point(1, 1),
            )
            return
        wary = decompressing(stream)
        last: tuple[int, GameText] | None = None
        games = split_games(decoder.lines(stream, source.path, blank_runs=True), stop_at_cut=wary)
        for last in enumerate(games, 1):
            yield last
    if wary and last is not None and last[1].cut:
        index, game = last
        yield IO_LIMIT(
            f"{source.path}: game {index} passes {characters(limits().record)} (--max-record) at line "
            f"{game.cut} of the decompressed data: reading stops there, the rest of the file is not "
            "read (a decompression bomb?); the records before it were checked"
        )
    decoder.finish(source.path)
    yield from decoder.findings


def game_starts_after(before: bytes, line: bytes) -> bool:
    """Whether :func:`split_games` starts a game at ``line`` whatever came before ``before`` (the
    last line before it that is not blank), for cutting a file into parts
    (:data:`kifu.core.parts.CutRule`): ``line`` is a tag pair, and ``before`` ends a game with
    its result, with no comment, escape or tag in it. Then either no comment is open and the
    game has ended, or one is open and a tag line cuts it: a new game starts at ``line``."""
    if _TAG_LINE.match(line.decode("ascii")) is None or not plain(before) or before.lstrip().startswith(b"%"):
        return False
    if any(mark in before for mark in (b";", b"{", b"}", b"[", b"]")):
        return False
    return _ends_with_result(before.decode("ascii").strip())
