"""An SGF source cut into its game trees, not parsed yet: the records of ``kifu.go``.

The text is decoded (:mod:`~kifu.go.encoding`) and split at each top-level ``)`` by the
:class:`CollectionReader`; each game tree is parsed later (:mod:`~kifu.go.parser`), on its
own, by whoever takes the record (a worker, the checker, a writer).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kifu.core.excerpt import short
from kifu.core.findings import IO_LIMIT, Finding, Severity
from kifu.core.game import RawRecord
from kifu.core.limits import characters, limits
from kifu.core.record import Span
from kifu.core.sources import Source, decompressing
from kifu.go import codes
from kifu.go.encoding import texts
from kifu.go.index import TextIndex
from kifu.go.lexical import PROPERTY_PARTS, VALUE, VALUE_PARTS, VALUE_TEXT
from kifu.go.parser import parse_game
from kifu.go.tree import Game
from kifu.go.values import INFO_IDENTS


def records(source: Source) -> Iterator[RawRecord[Game] | Finding]:
    """The game trees of an SGF source, cut at each top-level ``)`` (not parsed yet).

    In decompressed data the reading stops, with an IO008 finding on the file, where a game
    tree or the text between game trees passes the record limit: a small compressed file can
    inflate a thousand times, and what follows (a comment of gigabytes, a flood of line breaks,
    ``(;`` over and over) is taken for a decompression bomb rather than read to
    ``--max-decompressed`` (the chess and xiangqi readers do the same). A file on disk is read on:
    its work is bounded by its size.
    """
    reader = CollectionReader(raw=True)
    kinds: dict[tuple[str, str], int] = {}
    count = 0
    characters = 0
    wary: list[bool] = []  # whether the data is decompressed, once the source is open
    # the first game's kind is read when a second game comes (a file of one game, as Go
    # archives are, has no other game to differ from)
    first: Game | None = None

    def taken(games: Iterable[Game]) -> Iterator[RawRecord[Game] | Finding]:
        nonlocal count, first
        for game in games:
            if game.index == 0:
                yield from game.findings
                continue
            count += 1
            if count == 1:
                first = game
            elif game.text:  # (a game over the record limit is not read)
                if first is not None:
                    _kind(first, kinds)
                    first = None
                _kind(game, kinds)
            yield RawRecord(game.index, game.line_base + 1, len(game.text or ""), game)

    for piece in texts(source, lambda stream: wary.append(decompressing(stream))):
        if not isinstance(piece, tuple):
            yield piece
            continue
        characters += len(piece[0])
        yield from taken(game for game, _ in reader.feed(*piece))
        stop = reader.overflow() if wary == [True] and not piece[1] else None
        if stop is not None:
            yield from taken(reader.stop())
            yield IO_LIMIT(
                f"{source.path}: {stop} of the decompressed data: reading stops there, the rest of "
                "the file is not read (a decompression bomb?); the records before it were checked"
            )
            return
    if count == 0:
        yield codes.NO_GAMES(
            f"no SGF game tree `(;` in {source.path}" + ("" if characters else " (the file is empty)")
        )


_ROOT = re.compile(rf"\(\s*;?((?:[^;()\[]++|\[{VALUE_TEXT}\]?+)*+)")
_KIND = {name: re.compile(rf"(?<![A-Za-z]){name}\s*\[\s*(\d+)") for name in ("FF", "GM")}


def _kind(game: Game, kinds: dict[tuple[str, str], int]) -> None:
    """:func:`mixed` on an unparsed game of the file (none for a game over the record limit,
    which has no text)."""
    text = game.text
    if text:
        mixed(text, game, kinds, TextIndex(text, game.line_base, game.column_base), game.text_start)


def mixed(
    text: str, game: Game, kinds: dict[tuple[str, str], int], index: TextIndex, start: int | None = None
) -> None:
    """SGF033 on the first game of another FF or GM than the games before it.

    FF and GM are read from the root node's text, so that a file split across workers gives
    the same notes as a file checked whole.
    """
    offset = game.offset if start is None else start
    root = _ROOT.match(text, offset)
    head = root.group(1) if root else ""
    for name, pattern in _KIND.items():
        found = pattern.search(head)
        kind = (name, found.group(1) if found else "1")
        others = [k for k in kinds if k[0] == name and k != kind]
        if others and kind not in kinds:
            game.findings.append(
                codes.MIXED_FILE(
                    f"game {game.index} is {name}[{kind[1]}], an earlier game {name}[{others[0][1]}]",
                    index.span(offset),
                )
            )
        kinds.setdefault(kind, game.index)


#: text up to the next "(", ")" or unclosed "[": outside values, and values closed by their "]"
#: (the text before the first value, then each value with the text after it: a third faster
#: than an alternation of the two repeated)
_NOT_PAREN = re.compile(rf"[^()\[]*+(?:{VALUE}[^()\[]*+)*+", re.S)
#: the rest of a value (up to its "]", or to the end of the text, or to a "\" that ends the text)
_VALUE_REST = re.compile(VALUE_TEXT, re.S)
_GAME_START = re.compile(r"\(\s*;")
#: text without a ")" or a "[": inside a game tree, only its "(" count
_NO_CLOSE = re.compile(r"[^)\[]*+")
#: a "(" directly followed by another (white space between): it cannot start a game tree
_IGNORED = re.compile(r"\((?=\s*\()")
_SPACE = re.compile(r"\s*")
_SGF_LIKE = re.compile(r"[A-Z]{1,2}\[[^\]\n]*\]|\[[^\]\n]{0,10}\]")
#: the most of a game's first line before it, and of its last line after it, that an unparsed
#: game's text holds (its findings show their source line); on a longer line the text starts or
#: stops at the game: a line of a million games is neither copied nor searched for each of them
_CONTEXT = 256


class CollectionReader:
    """Splits SGF text into top-level game trees and parses each, as the text arrives.

    The text may come in pieces (a big file decoded block by block): :meth:`feed` yields the
    games completed so far with the :class:`TextIndex` their positions refer to, and drops
    the text it no longer needs, so memory stays flat. Parenthesis depth is counted outside
    values; a ``(`` directly followed by another ``(`` cannot start a game tree and, like
    SGFC, kifu ignores it, so that ``((;…))`` closes where its author meant.

    The scan is linear: a value still open at the end of a piece is remembered (``in_value``)
    and read on from where the piece ended. A game tree longer than ``limits().record``
    characters is not kept: its text is dropped as it is scanned (also inside a line, the
    columns after it counted from ``column_base``), and it becomes a game without nodes whose
    IO008 finding is at its ``(``.
    """

    def __init__(self, raw: bool = False) -> None:
        self.raw = raw  # yield games unparsed (for splitting a big file across workers)
        self.buffer = ""
        self.line_base = 0
        self.column_base = 0  # characters of the buffer's first line dropped before it
        self.started = False
        self.pos = 0  # where scanning resumes
        self.depth = 0
        self.in_value = False  # a value is open at ``pos``
        self.value_start: tuple[Span, str] | None = None  # where it opened and how it starts
        self.start = -1  # start of the open game tree
        self.oversized: Span | None = None  # where the open game tree starts, once over the limit
        self.ignored: list[int] = []
        self.owed = 0  # `)` that close an ignored `(` (not a stray when only space is before it)
        self.previous_end = -1
        self.number = 0
        self.pending: list[Finding] = []
        self.dropped = 0  # characters dropped before the buffer
        self.gap_from = 0  # where the text outside game trees begins (after the last one)
        self.searched = 0  # where the search for the first game tree resumes

    def feed(self, text: str, final: bool) -> Iterator[tuple[Game, TextIndex]]:
        """Add ``text``; yield each game tree completed (all of them when ``final``)."""
        self.buffer += text
        buffer = self.buffer
        index = TextIndex(buffer, self.line_base, self.column_base)
        if not self.started and not self._begin(index, final):
            if not final:
                self._drop_blank_head()
            return
        size = len(buffer)
        pos = self.pos
        while True:
            if self.in_value:
                rest = _VALUE_REST.match(buffer, pos)
                end = rest.end() if rest else pos
                if end >= size or buffer[end] == "\\":  # (a "\\" stops it at the end only)
                    pos = end  # the value goes on in the next piece
                    break
                self.in_value = False
                self.value_start = None
                pos = end + 1
            if self.depth > 0:
                pos, waiting = self._opening(buffer, pos, final)
                if waiting:
                    break
            skip = _NOT_PAREN.match(buffer, pos)
            at = skip.end() if skip else pos
            if at >= size:
                pos = at
                break
            char = buffer[at]
            if char == "[":  # not closed in the text so far
                self.in_value = True
                self.value_start = (index.span(at), buffer[at : at + 200])
                pos = at + 1
                continue
            if char == "(":
                after = _SPACE.match(buffer, at + 1)
                end = after.end() if after else at + 1
                if end >= size and not final:
                    pos = at
                    break  # cannot tell yet whether another "(" follows
                if end < size and buffer[end] == "(":
                    self.owed += 1
                    if self.oversized is None:
                        self.ignored.append(at)
                else:
                    if self.depth == 0:
                        self.start = at
                    self.depth += 1
            elif self.depth > 0:
                self.depth -= 1
                if self.depth == 0:
                    yield self._game(buffer, self.start, at + 1, index), index
            elif self.owed and (self.previous_end < 0 or not buffer[self.previous_end : at].strip()):
                self.owed -= 1  # closes a `((` whose first `(` was ignored (SGF009 says so)
                self.previous_end = at + 1
            else:
                if self.previous_end >= 0:  # (the text before it, since the last game tree)
                    self.pending.extend(_junk_between(buffer, self.previous_end, at, index))
                stray = codes.TEXT_OUTSIDE_TREES("`)` outside any game tree (ignored)", index.span(at))
                self.pending.append(stray)
                self.previous_end = at + 1
            pos = at + 1
        self.pos = pos
        if final:
            if self.depth > 0:
                yield self._game(buffer, self.start, size, index), index
            elif self.previous_end >= 0:
                self.pending.extend(_junk_between(buffer, self.previous_end, size, index))
            if self.pending and self.number:
                yield Game(0, size, None, self.pending), index
            return
        cap = limits().record
        if self.depth > 0 and self.oversized is None and cap and pos - self.start > cap:
            self._over_limit(buffer, index)
        self._trim()

    def _opening(self, buffer: str, pos: int, final: bool) -> tuple[int, bool]:
        """Inside a game tree, the text from ``pos`` up to the next ``)`` or ``[``: its ``(`` counted
        at once (the same as one by one below, without a Python step each: ``(;`` a million
        times over is a few string searches). Where the scan resumes, and whether it waits for
        more text (a ``(`` that only white space follows at the end of the text so far)."""
        plain = _NO_CLOSE.match(buffer, pos)
        end = plain.end() if plain else pos
        if buffer.find("(", pos, end) < 0:
            return pos, False
        stop, waiting = end, False
        if end >= len(buffer) and not final:
            last = buffer.rfind("(", pos, end)
            blank = _SPACE.match(buffer, last + 1)
            if blank is not None and blank.end() >= end:  # cannot tell yet whether "(" follows
                stop, waiting = last, True
        opened = buffer.count("(", pos, stop)
        # (the look-ahead sees up to the ")" or "[": a "(" before the last one may be followed by it)
        ignored = [found.start() for found in _IGNORED.finditer(buffer, pos, end) if found.start() < stop]
        self.depth += opened - len(ignored)
        self.owed += len(ignored)
        if self.oversized is None:
            self.ignored.extend(ignored)
        return stop, waiting

    def _over_limit(self, buffer: str, index: TextIndex) -> None:
        """The open game tree passed the record limit: keep where it starts, drop its text."""
        if self.previous_end >= 0:
            self.pending.extend(_junk_between(buffer, self.previous_end, self.start, index))
            self.previous_end = -1
        self.oversized = index.span(self.start)
        self.ignored = []

    def _begin(self, index: TextIndex, final: bool) -> bool:
        """Find the first game tree and check the text before it; False to wait for more text."""
        buffer = self.buffer
        first = _GAME_START.search(buffer, self.searched)
        if first is None:
            if not final:
                # the next search starts at a "(" that white space alone follows, or at the end
                last = buffer.rfind("(", self.searched)
                self.searched = last if last >= 0 and not buffer[last + 1 :].strip() else len(buffer)
                return False
            stripped = buffer.lstrip("\ufeff \t\r\n")
            if not stripped.startswith("("):
                return False
            begin = buffer.index("(")
        else:
            begin = first.start()
        sgf_like = _SGF_LIKE.search(buffer, 0, begin)
        if sgf_like:
            span = index.span(sgf_like.start(), len(sgf_like.group()))
            held = lost(buffer, 0, begin)
            if held:
                self.pending.append(
                    codes.DATA_BEFORE_GAME(
                        f"SGF data before the first game tree is not read (a `(` missing?): {held}",
                        span,
                        severity=Severity.ERROR,
                    )
                )
            else:
                self.pending.append(
                    codes.DATA_BEFORE_GAME(
                        f"SGF-like data before the first game tree (ignored): {short(sgf_like.group())}", span
                    )
                )
        head = buffer[:begin].rstrip(" \t\r\n")
        extra = len(head) - len(head.rstrip("("))
        if extra:  # `((;` opening the file: the game tree wrapped in one `(` too many
            self.owed += extra
            self.pending.append(
                codes.TEXT_OUTSIDE_TREES(
                    "an extra `(` before the game tree's own (ignored, with its `)` where there is one)",
                    index.span(len(head) - extra),
                )
            )
        self.started = True
        self.pos = begin
        return True

    def _game(self, buffer: str, start: int, end: int, index: TextIndex) -> Game:
        cap = limits().record
        if self.oversized is None and cap and end - start > cap:
            self._over_limit(buffer, index)
        if self.previous_end >= 0:
            self.pending.extend(_junk_between(buffer, self.previous_end, start, index))
        self.previous_end = end
        self.gap_from = self.dropped + end
        self.number += 1
        ignored, self.ignored = self.ignored, []
        if self.oversized is not None:
            return self._unread(self.oversized, cap, start, index.span(end))
        if self.raw:
            line, column = index.position(start)
            before = column - 1  # of the first line, before the game (and before the buffer)
            line_start = max(start - before, 0) if before <= _CONTEXT else start
            newline = buffer.find("\n", end, end + _CONTEXT + 1)
            cut = newline < 0 and len(buffer) - end > _CONTEXT
            line_end = newline if newline >= 0 else end if cut else len(buffer)
            pending, self.pending = self.pending, []
            return Game(
                self.number,
                start,
                None,
                pending,
                buffer[line_start:line_end],
                start - line_start,
                end - line_start,
                line - 1,
                [i - line_start for i in ignored],
                before - (start - line_start),
                self.depth == 0,
                cut=cut,
            )
        game = parse_game(buffer, start, end, index, self.number, ignored, self.depth == 0)
        if self.pending:
            game.findings[:0] = self.pending
            self.pending = []
        return game

    def _unread(self, where: Span, cap: int, start: int, end: Span) -> Game:
        """The open game tree, over the record limit: no text, no nodes, an IO008 finding (and
        what the scan saw of it: a value or the tree itself never closed)."""
        self.oversized = None
        pending, self.pending = self.pending, []
        pending.append(
            IO_LIMIT(f"this game tree is longer than {characters(cap)} (--max-record): it is not read", where)
        )
        if self.in_value and self.value_start is not None:
            opened, preview = self.value_start
            pending.append(
                codes.UNCLOSED_VALUE(
                    f"value {short(preview, 20)} is not closed by `]` before the end of the file", opened
                )
            )
        if self.depth > 0:
            pending.append(codes.MISSING_PAREN("the game tree is not closed: `)` missing at the end", end))
        if not self.raw:
            return Game(self.number, max(start, 0), None, pending)
        # no text (parse_unparsed reads nothing); the record's line is where the game starts
        return Game(self.number, 0, None, pending, "", 0, 0, where.line - 1)

    def _trim(self) -> None:
        """Drop the text before what is still needed, at a line start (positions stay right);
        inside a game over the record limit, up to the scan position."""
        if self.depth == 0 and self.previous_end >= 0:
            # white space after a game tree is no junk: a flood of line breaks is not kept
            blank = _SPACE.match(self.buffer, self.previous_end, self.pos)
            self.previous_end = blank.end() if blank else self.previous_end
        keep = self.pos
        if self.depth > 0 and self.oversized is None:
            keep = min(keep, self.start)
        if self.previous_end >= 0:
            keep = min(keep, self.previous_end)
        if self.ignored:
            keep = min(keep, self.ignored[0])
        if self.oversized is not None:  # (the columns after it start at column_base)
            self._drop(keep)
            return
        # at the start of the line, or inside a long line as much before ``keep`` as a game's
        # text takes of it (not searched back to its start and kept whole, piece after piece)
        low = keep - _CONTEXT
        newline = self.buffer.rfind("\n", max(low, 0), keep)
        self._drop(newline + 1 if newline >= 0 or low <= 0 else low)

    def _drop_blank_head(self) -> None:
        """No game tree yet: drop the lines of white space the text starts with."""
        blank = _SPACE.match(self.buffer)
        self._drop(self.buffer.rfind("\n", 0, blank.end() if blank else 0) + 1)

    def _drop(self, cut: int) -> None:
        """Drop the first ``cut`` characters of the buffer (positions after them stay right)."""
        if cut <= 0:
            return
        buffer = self.buffer
        newline = buffer.rfind("\n", 0, cut)
        if newline >= 0:
            self.line_base += buffer.count("\n", 0, cut)
            self.column_base = cut - (newline + 1)
        else:
            self.column_base += cut
        self.buffer = buffer[cut:]
        self.dropped += cut
        self.pos -= cut
        self.searched = max(0, self.searched - cut)
        if self.depth > 0:
            self.start -= cut
        if self.previous_end >= 0:
            self.previous_end -= cut
        self.ignored = [i - cut for i in self.ignored]

    def overflow(self) -> str | None:
        """What passed the record limit in the text so far, if anything: the open game tree, or
        the text outside game trees since the last one (or before the first)."""
        cap = limits().record
        if not cap:
            return None
        if self.oversized is not None:
            return f"game {self.number + 1} passes {characters(cap)} (--max-record) at line {self._line()}"
        scanned = self.dropped + (self.pos if self.started else len(self.buffer))
        if self.depth > 0 or scanned - self.gap_from <= cap:
            return None
        where = f"after game {self.number}" if self.number else "before any game tree"
        return f"the text {where} passes {characters(cap)} (--max-record) at line {self._line()}"

    def _line(self) -> int:
        """The line of the scan position."""
        end = self.pos if self.started else len(self.buffer)
        return self.line_base + self.buffer.count("\n", 0, end) + 1

    def stop(self) -> Iterator[Game]:
        """The reading ends here, before the end of the text (a decompression bomb): the open
        game tree over the limit, unread, and the findings still pending (with the junk since
        the last game tree); the end of the file is not claimed (the file was not read to it)."""
        index = TextIndex(self.buffer, self.line_base, self.column_base)
        if self.depth > 0 and self.oversized is not None:
            self.number += 1
            self.depth, self.in_value = 0, False
            yield self._unread(self.oversized, limits().record, 0, self.oversized)
            return
        if self.previous_end >= 0:
            self.pending.extend(_junk_between(self.buffer, self.previous_end, self.pos, index))
        if self.pending and self.number:
            yield Game(0, self.pos, None, self.pending)
        self.pending = []


def parse_collection(text: str, index: TextIndex | None = None) -> Iterator[Game]:
    """Yield every game tree of a whole text; junk between games is reported with the next game."""
    for game, _ in CollectionReader().feed(text, final=True):
        yield game


def _junk_between(text: str, start: int, end: int, index: TextIndex) -> list[Finding]:
    """SGF049 on the text between two game trees (or after the last): a warning, an error when it
    holds moves or game information (:func:`lost`)."""
    gap = text[start:end]
    stripped = gap.strip()
    if not stripped:
        return []
    at = start + gap.index(stripped[0])
    span = index.span(at, len(stripped))
    held = lost(text, at, at + len(stripped))
    if held:
        return [
            codes.TEXT_OUTSIDE_TREES(
                f"text outside the game trees is not read (a `(` missing?): {held}",
                span,
                severity=Severity.ERROR,
            )
        ]
    return [codes.TEXT_OUTSIDE_TREES(f"text outside the game trees (ignored): {short(stripped)}", span)]


#: a property and its values, outside values (possessive: linear in the text)
_PROPERTY = re.compile(rf"(?<![A-Za-z]){PROPERTY_PARTS}", re.S)
_FIRST_VALUE = re.compile(VALUE_PARTS, re.S)
#: the moves a message shows
_SHOWN_MOVES = 4


def lost(text: str, start: int, end: int) -> str:
    """What the SGF text ``text[start:end]``, outside any game tree, holds that the record as read
    loses: its moves (B, W), setup stones (AB, AW) and game information (PB, PW, RE, KM …), said
    in words (``"the game information PB, PW, KM, RE and 3 moves (B[pd] W[dd] B[pp]), lost"``);
    ``""`` when it holds none."""
    moves: list[str] = []
    setup: list[str] = []
    info: list[str] = []
    for match in _PROPERTY.finditer(text, start, end):
        ident = "".join(ch for ch in match.group(1) if ch.isupper())
        if ident in ("B", "W"):
            value = _FIRST_VALUE.match(match.group(2).lstrip())
            moves.append(f"{ident}[{value.group(1) if value else ''}]")
        elif ident in ("AB", "AW"):
            setup.append(ident)
        elif ident in INFO_IDENTS and ident not in info:
            info.append(ident)
    parts = []
    if info:
        parts.append(f"the game information {', '.join(info)}")
    if setup:
        parts.append(f"setup stones ({', '.join(dict.fromkeys(setup))})")
    if moves:
        shown = " ".join(moves[:_SHOWN_MOVES]) + (" …" if len(moves) > _SHOWN_MOVES else "")
        parts.append(f"{len(moves)} move{'s' if len(moves) > 1 else ''} ({shown})")
    if not parts:
        return ""
    held = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"it holds {held}, which the record as read has lost"
