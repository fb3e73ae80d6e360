"""SGF text to game trees: split a collection into games, parse each with the Lark grammar.

The grammar (``grammars/sgf.lark``) is LALR with the contextual lexer and is built once per
process. Parsing runs an inline transformer, so no Lark tree is built: each rule becomes a
:class:`Node`, :class:`Prop` or :class:`RawTree` at once. Turning the raw trees into the
node tree is iterative, so 100,000 nested variations need no recursion. Every syntax
problem becomes a finding with the absolute character offset of the offending text.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from itertools import islice
from typing import Any

from kifu.core.findings import Code, Finding
from kifu.core.record import Span
from kifu.go import codes
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

PROP_RE = re.compile(r"([A-Za-z]+)\s*((?:\[[^\\\]]*(?:\\.[^\\\]]*)*\]\s*)+)", re.S)
VALUE_RE = re.compile(r"\[([^\\\]]*(?:\\.[^\\\]]*)*)\]", re.S)
ITEM_RE = re.compile(
    r";\s*([A-Za-z]+)\[([^\\\]]*)\]\s*(?=;|\Z)|(;)|([A-Za-z]+)\s*((?:\[[^\\\]]*(?:\\.[^\\\]]*)*\]\s*)+)", re.S
)
_NOT_PAREN = re.compile(r"(?:[^()\[]++|\[[^\\\]]*+(?:\\.[^\\\]]*+)*+\]?+)*+", re.S)
_GAME_START = re.compile(r"\(\s*;")
_SPACE = re.compile(r"\s*")
_SGF_LIKE = re.compile(r"[A-Z]{1,2}\[[^\]\n]*\]|\[[^\]\n]{0,10}\]")
MAX_ID = 100


class TextIndex:
    """Offsets to 1-based line and column, for one decoded text.

    Only the number of line breaks before each 64 KiB block is kept (built when a position is
    first needed), so a gigabyte archive costs a few thousand integers, not one per line.
    """

    BLOCK = 1 << 16

    def __init__(self, text: str, line_base: int = 0) -> None:
        self.text = text
        self.line_base = line_base  # lines before the start of ``text`` (a window of a big file)
        self._before: list[int] | None = None
        self._last = (0, 1)  # the last (offset, line) computed: findings mostly come in order

    def _blocks(self) -> list[int]:
        if self._before is None:
            text, block = self.text, self.BLOCK
            before = [0]
            for start in range(0, len(text), block):
                before.append(before[-1] + text.count("\n", start, start + block))
            self._before = before
        return self._before

    def position(self, offset: int) -> tuple[int, int]:
        """(line, column) of a character offset."""
        text = self.text
        offset = max(0, min(offset, len(text)))
        last_offset, last_line = self._last
        if last_offset <= offset < last_offset + 4096:
            line = last_line + text.count("\n", last_offset, offset)
        else:
            block = offset // self.BLOCK
            line = self._blocks()[block] + text.count("\n", block * self.BLOCK, offset) + 1
        self._last = (offset, line)
        return line + self.line_base, offset - (text.rfind("\n", 0, offset) + 1) + 1

    def span(self, offset: int, length: int = 1) -> Span:
        """A span starting at ``offset``; multi-line lengths end on the last line."""
        line, column = self.position(offset)
        end_line, end_column = self.position(offset + max(length, 1))
        return Span(line, column, end_line, end_column)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its terminator."""
        line -= self.line_base
        before = self._blocks()
        text = self.text
        start = 0
        if line > 1:  # find the (line - 1)th line break, from the block that holds it
            block = max(0, bisect.bisect_left(before, line - 1) - 1)
            start = block * self.BLOCK
            for _ in range(line - 1 - before[block]):
                start = text.index("\n", start) + 1
        end = text.find("\n", start)
        return text[start : end if end >= 0 else len(text)].rstrip("\r")


class Source:
    """A NODES token: its text and offset. Item positions are found again only when a finding
    needs one, so the common case (no finding) creates no match objects."""

    __slots__ = ("_items", "_scan", "base", "text")

    def __init__(self, text: str, base: int) -> None:
        self.text = text
        self.base = base
        self._items: list[re.Match[str]] = []
        self._scan: Iterator[re.Match[str]] | None = None  # items are found up to the last one asked for

    def item(self, ordinal: int) -> tuple[int, int, int]:
        """(node or property start, identifier start, values start) of item ``ordinal``."""
        items = self._items
        if ordinal >= len(items):
            if self._scan is None:
                self._scan = ITEM_RE.finditer(self.text)
            # at least as many again: a run of findings scans the text once
            items.extend(islice(self._scan, max(ordinal + 1, 2 * len(items) + 16) - len(items)))
        m = items[ordinal]
        base = self.base
        if m.start(1) >= 0:  # ";" and one property with one plain value
            return base + m.start(), base + m.start(1), base + m.start(2) - 1
        if m.start(3) >= 0:  # ";"
            return base + m.start(), base - 1, base - 1
        return base + m.start(), base + m.start(4), base + m.start(5)


class Prop:
    """One property as written: identifier, raw values (escapes kept) and where they are."""

    __slots__ = (
        "_blob",
        "_blob_offset",
        "_offset",
        "_ordinal",
        "_source",
        "_value_offsets",
        "ident",
        "name",
        "values",
    )

    def __init__(
        self,
        name: str,
        values: list[str],
        offset: int,
        blob: str | None = "",
        blob_offset: int = 0,
        source: Source | None = None,
        ordinal: int = 0,
    ) -> None:
        self.name = name
        self.ident = name if name.isupper() else "".join(ch for ch in name if ch.isupper())
        self.values = values
        self._offset = offset
        self._blob = blob
        self._blob_offset = blob_offset
        self._source = source
        self._ordinal = ordinal
        self._value_offsets: list[int] | None = None

    @property
    def offset(self) -> int:
        """The offset of the identifier."""
        if self._source is not None:
            return self._source.item(self._ordinal)[1]
        return self._offset

    @property
    def value_offsets(self) -> list[int]:
        """The offset of the ``[`` of each value (computed when a finding needs it)."""
        if self._value_offsets is None:
            base = self._source.item(self._ordinal)[2] if self._source is not None else self._blob_offset
            if self._blob is None:  # a single plain value
                self._value_offsets = [base]
            else:
                self._value_offsets = [base + m.start() for m in VALUE_RE.finditer(self._blob)]
        return self._value_offsets


class Node:
    """One SGF node: its properties by identifier (first occurrence wins) and children."""

    __slots__ = ("_offset", "_ordinal", "_source", "children", "duplicates", "props")

    def __init__(self, offset: int, source: Source | None = None, ordinal: int = 0) -> None:
        self._offset = offset
        self._source = source
        self._ordinal = ordinal
        self.props: dict[str, Prop] = {}
        self.children: list[Node] = []
        self.duplicates: list[Prop] | None = None

    @property
    def offset(self) -> int:
        """The offset of the node's ``;``."""
        if self._source is not None:
            return self._source.item(self._ordinal)[0]
        return self._offset

    def add(self, prop: Prop) -> None:
        """Add a property; a second one of the same identifier is kept aside for checking."""
        if prop.ident in self.props:
            if self.duplicates is None:
                self.duplicates = []
            self.duplicates.append(prop)
        else:
            self.props[prop.ident] = prop


@dataclass(slots=True)
class RawTree:
    """A parsed ``( … )`` before its nodes are linked: items are nodes and sub-trees."""

    offset: int
    items: list[Node | RawTree]


@dataclass(slots=True)
class Game:
    """One top-level game tree: its root node, where it starts, and its syntax findings."""

    index: int
    offset: int
    root: Node | None
    findings: list[Finding] = field(default_factory=list)
    #: unparsed (``CollectionReader(raw=True)``): the game's text from the start of its first
    #: line, where the game starts in it, the lines before it, and the ignored "(" in it
    text: str | None = None
    text_start: int = 0
    text_end: int = 0
    line_base: int = 0
    ignored: list[int] = field(default_factory=list)

    def parse(self) -> tuple[Game, TextIndex]:
        """Parse an unparsed game (see :attr:`text`) with its own line index."""
        text = self.text or ""
        index = TextIndex(text, self.line_base)
        game = parse_game(text, self.text_start, self.text_end, index, self.index, self.ignored)
        game.findings[:0] = self.findings
        return game, index


class _Context:
    """What one parse collects: findings (with offsets) and the base offset of the chunk."""

    def __init__(self, base: int, end: int) -> None:
        self.base = base
        self.end = end
        self.problems: list[tuple[Code, str, int, int]] = []
        self.headless: set[int] = set()

    def add(self, code: Code, message: str, offset: int, length: int = 1) -> None:
        self.problems.append((code, message, self.base + offset, length))


class _Builder(Transformer[Token, Any]):
    """Inline transformer: builds :class:`Node` and :class:`RawTree` while parsing."""

    ctx: _Context

    def property(self, children: list[Token]) -> Prop:
        token = children[0]
        base = self.ctx.base + token.start_pos  # type: ignore[operator]
        if token.type == "BAREID":
            self.ctx.add(
                codes.PROPERTY_WITHOUT_VALUE,
                f"property {token} has no value (ignored)",
                token.start_pos or 0,
                len(token),
            )
            return Prop(str(token), [], base)
        return split_property(str(token), base)

    def stray(self, children: list[Token]) -> list[Token]:
        first = children[0]
        self.ctx.add(
            codes.VALUES_WITHOUT_ID,
            f"{len(children)} value(s) without a property identifier (ignored): {_short(''.join(children))}",
            first.start_pos or 0,
            len(first),
        )
        return children

    def sequence(self, children: list[Any]) -> list[Node]:
        head: Token = children[0]
        nodes = split_nodes(str(head), self.ctx.base + (head.start_pos or 0))
        last = nodes[-1]
        for child in children[1:]:
            if isinstance(child, Prop) and child.values:
                last.add(child)
        return nodes

    def headless(self, children: list[Prop]) -> Node:
        node = Node(children[0].offset)
        for prop in children:
            if prop.values:
                node.add(prop)
        self.ctx.headless.add(id(node))
        return node

    def gametree(self, children: list[Any]) -> RawTree:
        lpar: Token = children[0]
        tree = RawTree(self.ctx.base + (lpar.start_pos or 0), [])
        if len(children) > 1 and id(children[1]) in self.ctx.headless:
            self.ctx.add(
                codes.MISSING_SEMICOLON,
                "game tree starts without `;`: a node is assumed",
                lpar.start_pos or 0,
            )
        items = tree.items
        for child in children[1:]:
            if isinstance(child, list):
                if child and isinstance(child[0], Node):
                    items.extend(child)
            elif isinstance(child, (Node, RawTree)):
                items.append(child)
        return tree

    def start(self, children: list[RawTree]) -> list[RawTree]:
        return children


def split_nodes(text: str, offset: int) -> list[Node]:
    """The nodes of a NODES token (``;`` and properties, repeated)."""
    source = Source(text, offset)
    nodes: list[Node] = []
    node = Node(offset)
    for ordinal, (simple, value, semicolon, name, blob) in enumerate(ITEM_RE.findall(text)):
        if simple:  # ";" and one property with one plain value
            node = Node(-1, source, ordinal)
            nodes.append(node)
            node.props[simple if simple.isupper() else "".join(c for c in simple if c.isupper())] = Prop(
                simple, [value], -1, None, 0, source, ordinal
            )
        elif semicolon:
            node = Node(-1, source, ordinal)
            nodes.append(node)
        else:
            values = [blob[1 : blob.index("]")]] if blob.count("]") == 1 else VALUE_RE.findall(blob)
            node.add(Prop(name, values, -1, blob, 0, source, ordinal))
    return nodes


def split_property(text: str, offset: int) -> Prop:
    """A PROPERTY token (identifier and values) as a :class:`Prop`."""
    match = PROP_RE.match(text)
    if match is None:  # cannot happen: the terminal is the same pattern
        return Prop(text, [], offset)
    blob = match.group(2)
    return Prop(
        match.group(1), VALUE_RE.findall(blob), offset + match.start(1), blob, offset + match.start(2)
    )


def _short(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_BUILDER = _Builder()
_PARSER: Lark | None = None
_JUNK: list[Token] = []


def _junk(token: Token) -> Token:
    _JUNK.append(token)
    return token


def parser() -> Lark:
    """The SGF parser, built once per process from ``kifu.grammars/sgf.lark``."""
    global _PARSER
    if _PARSER is None:
        grammar = (resources.files("kifu.grammars") / "sgf.lark").read_text(encoding="utf-8")
        _PARSER = Lark(
            grammar,
            parser="lalr",
            lexer="contextual",
            transformer=_BUILDER,
            lexer_callbacks={"JUNK": _junk, "UNCLOSED": _junk},
        )
    return _PARSER


def _on_error(ctx: _Context) -> Any:
    def handle(error: UnexpectedInput) -> bool:
        if isinstance(error, UnexpectedToken):
            token = error.token
            if token.type == "$END":
                ctx.add(codes.MISSING_PAREN, "the game tree is not closed: `)` missing at the end", ctx.end)
                interactive = error.interactive_parser
                for _ in range(1_000_000):
                    if "$END" in interactive.accepts():  # type: ignore[no-untyped-call]
                        break
                    interactive.feed_token(Token("RPAR", ")"))
                return True
            where = token.start_pos or 0
            if token.type == "VALUE":
                ctx.add(
                    codes.VALUES_WITHOUT_ID,
                    f"value without a property identifier (ignored): {_short(str(token))}",
                    where,
                    len(token),
                )
            elif token.type in ("PROPERTY", "BAREID"):
                ctx.add(
                    codes.NODE_OUTSIDE_VARIATION,
                    f"property {_short(str(token))} after a variation, outside any node (ignored)",
                    where,
                    len(token),
                )
            else:
                ctx.add(
                    codes.ILLEGAL_CHARS, f"unexpected {_short(str(token))!r} (ignored)", where, len(token)
                )
            return True
        if isinstance(error, UnexpectedCharacters):
            ctx.add(
                codes.ILLEGAL_CHARS, f"illegal character {error.char!r} (ignored)", error.pos_in_stream or 0
            )
            return True
        return False

    return handle


class CollectionReader:
    """Splits SGF text into top-level game trees and parses each, as the text arrives.

    The text may come in pieces (a big file decoded block by block): :meth:`feed` yields the
    games completed so far with the :class:`TextIndex` their positions refer to, and drops
    the text it no longer needs, so memory stays flat. Parenthesis depth is counted outside
    values; a ``(`` directly followed by another ``(`` cannot start a game tree and, like
    SGFC, kifu ignores it, so that ``((;…))`` closes where its author meant.
    """

    def __init__(self, raw: bool = False) -> None:
        self.raw = raw  # yield games unparsed (for splitting a big file across workers)
        self.buffer = ""
        self.line_base = 0
        self.started = False
        self.pos = 0  # where scanning resumes
        self.depth = 0
        self.start = -1  # start of the open game tree
        self.ignored: list[int] = []
        self.previous_end = -1
        self.number = 0
        self.pending: list[Finding] = []

    def feed(self, text: str, final: bool) -> Iterator[tuple[Game, TextIndex]]:
        """Add ``text``; yield each game tree completed (all of them when ``final``)."""
        self.buffer += text
        buffer = self.buffer
        index = TextIndex(buffer, self.line_base)
        if not self.started and not self._begin(index, final):
            return
        size = len(buffer)
        pos = self.pos
        while True:
            skip = _NOT_PAREN.match(buffer, pos)
            at = skip.end() if skip else pos
            if at >= size:
                break
            if buffer[at] == "(":
                after = _SPACE.match(buffer, at + 1)
                end = after.end() if after else at + 1
                if end >= size and not final:
                    break  # cannot tell yet whether another "(" follows
                if end < size and buffer[end] == "(":
                    self.ignored.append(at)
                else:
                    if self.depth == 0:
                        self.start = at
                    self.depth += 1
            elif self.depth > 0:
                self.depth -= 1
                if self.depth == 0:
                    yield self._game(buffer, self.start, at + 1, index), index
            else:
                stray = codes.ILLEGAL_CHARS("`)` outside any game tree (ignored)", index.span(at))
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
        self._trim()

    def _begin(self, index: TextIndex, final: bool) -> bool:
        """Find the first game tree and check the text before it; False to wait for more text."""
        buffer = self.buffer
        first = _GAME_START.search(buffer)
        if first is None:
            if not final:
                return False
            stripped = buffer.lstrip("\ufeff \t\r\n")
            if not stripped.startswith("("):
                return False
            begin = buffer.index("(")
        else:
            begin = first.start()
        sgf_like = _SGF_LIKE.search(buffer, 0, begin)
        if sgf_like:
            self.pending.append(
                codes.DATA_BEFORE_GAME(
                    f"SGF-like data before the first game tree (ignored): {_short(sgf_like.group())}",
                    index.span(sgf_like.start(), len(sgf_like.group())),
                )
            )
        self.started = True
        self.pos = begin
        return True

    def _game(self, buffer: str, start: int, end: int, index: TextIndex) -> Game:
        if self.previous_end >= 0:
            self.pending.extend(_junk_between(buffer, self.previous_end, start, index))
        self.previous_end = end
        self.number += 1
        ignored, self.ignored = self.ignored, []
        if self.raw:
            line_start = buffer.rfind("\n", 0, start) + 1
            line_end = buffer.find("\n", end)  # whole lines: findings show their source line
            pending, self.pending = self.pending, []
            return Game(
                self.number,
                start,
                None,
                pending,
                buffer[line_start : line_end if line_end >= 0 else len(buffer)],
                start - line_start,
                end - line_start,
                index.position(start)[0] - 1,
                [i - line_start for i in ignored],
            )
        try:
            game = parse_game(buffer, start, end, index, self.number, ignored)
        except Exception as error:  # a bug in kifu: report it on this game, go on with the next
            from kifu.core.findings import internal_error

            failure = internal_error(error, f"while parsing game {self.number}")
            game = Game(self.number, start, None, [failure])
        if self.pending:
            game.findings[:0] = self.pending
            self.pending = []
        return game

    def _trim(self) -> None:
        """Drop the text before what is still needed, at a line start (positions stay right)."""
        keep = self.pos
        if self.depth > 0:
            keep = min(keep, self.start)
        if self.previous_end >= 0:
            keep = min(keep, self.previous_end)
        if self.ignored:
            keep = min(keep, self.ignored[0])
        cut = self.buffer.rfind("\n", 0, keep) + 1
        if cut <= 0:
            return
        self.line_base += self.buffer.count("\n", 0, cut)
        self.buffer = self.buffer[cut:]
        self.pos -= cut
        if self.depth > 0:
            self.start -= cut
        if self.previous_end >= 0:
            self.previous_end -= cut
        self.ignored = [i - cut for i in self.ignored]


def parse_collection(text: str, index: TextIndex | None = None) -> Iterator[Game]:
    """Yield every game tree of a whole text; junk between games is reported with the next game."""
    for game, _ in CollectionReader().feed(text, final=True):
        yield game


def _junk_between(text: str, start: int, end: int, index: TextIndex) -> list[Finding]:
    gap = text[start:end]
    stripped = gap.strip()
    if not stripped:
        return []
    at = start + gap.index(stripped[0])
    return [
        codes.ILLEGAL_CHARS(
            f"text between game trees (ignored): {_short(stripped)}", index.span(at, len(stripped))
        )
    ]


def parse_game(
    text: str, start: int, end: int, index: TextIndex, number: int, ignored: list[int] | None = None
) -> Game:
    """Parse one top-level game tree ``text[start:end]`` and link its nodes.

    The ``(`` at the offsets in ``ignored`` are blanked out (see :class:`CollectionReader`).
    """
    chunk = text[start:end]
    if ignored:
        pieces = list(chunk)
        for offset in ignored:
            if start <= offset < end:
                pieces[offset - start] = " "
        chunk = "".join(pieces)
    ctx = _Context(start, len(chunk))
    _BUILDER.ctx = ctx
    _JUNK.clear()
    try:
        trees: list[RawTree] = parser().parse(chunk, on_error=_on_error(ctx))  # type: ignore[assignment]
    except UnexpectedInput as error:  # recovery gave up: report it, keep nothing of this game
        ctx.add(
            codes.ILLEGAL_CHARS,
            f"cannot parse this game tree: {str(error).splitlines()[0]}",
            getattr(error, "pos_in_stream", 0) or 0,
        )
        trees = []
    for token in _JUNK:
        where = token.start_pos or 0
        if token.type == "UNCLOSED":
            opened = start + where  # the identifier before it is not "a property without a value"
            ctx.problems = [
                p
                for p in ctx.problems
                if p[0] is not codes.PROPERTY_WITHOUT_VALUE or text[p[2] + p[3] : opened].strip()
            ]
            ctx.add(
                codes.UNCLOSED_VALUE,
                f"value {_short(str(token), 20)} is not closed by `]` before the end of the file",
                where,
            )
        else:
            ctx.add(
                codes.ILLEGAL_CHARS,
                f"illegal characters (ignored): {_short(str(token))!r}",
                where,
                len(token),
            )
    _JUNK.clear()
    for offset in ignored or ():
        ctx.add(
            codes.BAD_VARIATION_START,
            "variation starts with `(` instead of a node (the first `(` is ignored)",
            offset - start,
        )
    findings = []
    for code, message, offset, length in sorted(ctx.problems, key=lambda p: p[2]):
        span = index.span(offset, length)
        shown = index.line_text(span.line)
        findings.append(code(message, span, source_line=shown if shown.strip() else None))
    root = link(trees[0], findings, index) if trees else None
    return Game(number, start, root, findings)


def link(raw: RawTree, findings: list[Finding], index: TextIndex) -> Node | None:
    """Turn a raw tree into linked nodes, iteratively; returns the root node."""
    sentinel = Node(raw.offset)
    stack: list[tuple[RawTree, Node]] = [(raw, sentinel)]
    while stack:
        tree, parent = stack.pop()
        if not tree.items:
            findings.append(codes.EMPTY_VARIATION("empty variation `()` (ignored)", index.span(tree.offset)))
            continue
        attach = parent
        subtrees: list[tuple[RawTree, Node]] = []
        seen_subtree = False
        implicit: RawTree | None = None
        if isinstance(tree.items[0], RawTree):
            findings.append(
                codes.BAD_VARIATION_START(
                    "variation starts with `(` instead of a node", index.span(tree.offset)
                )
            )
        for item in tree.items:
            if isinstance(item, RawTree):
                seen_subtree = True
                implicit = None
                subtrees.append((item, attach))
            elif not seen_subtree:
                attach.children.append(item)
                attach = item
            else:
                if implicit is None:
                    findings.append(
                        codes.NODE_OUTSIDE_VARIATION(
                            "node after the variations of its game tree: a `(` is missing "
                            "(read as a new variation)",
                            index.span(item.offset),
                        )
                    )
                    implicit = RawTree(item.offset, [])
                    subtrees.append((implicit, attach))
                implicit.items.append(item)
        for sub in reversed(subtrees):
            stack.append(sub)
    return sentinel.children[0] if sentinel.children else None
