"""The SGF tree model: properties as written, nodes, game trees (parsed or not yet).

Positions are kept cheap: a plain move node (``;B[pd]``) and a property of one plain value keep
their offset, all the rest follows from it; any other item of a run of nodes knows only its
ordinal in the run (:class:`Items`), and its offset is found again when a finding needs one.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass, field
from typing import Final

from kifu.core.findings import Finding
from kifu.go.lexical import IDENT, PLAIN_TEXT, PROPERTY_PARTS, VALUE_PARTS
from kifu.go.values import PROPERTIES

#: the properties whose value is a list: given twice in a node, their values are read as one list
#: (FF[4] allows each property once per node; sgfmill and SGFC merge a repeated list the same way),
#: with L and M, the FF[1]-FF[3] label and mark lists
LISTS: Final = frozenset([*(ident for ident, ptype in PROPERTIES.items() if ptype.many), "L", "M"])

# (possessive quantifiers: no backtracking state is kept per value or escape, so a property of a
# million values or a comment of a million escapes costs no more than its text)
PROP_RE = re.compile(PROPERTY_PARTS, re.S)
VALUE_RE = re.compile(VALUE_PARTS, re.S)
#: the items of a run of nodes: ``;`` with one property of one plain value, then the next ``;``
#: or the run's end (a ``(`` or ``)`` after it in a game tree: outside values a run holds only
#: ``;``, identifiers and white space); a ``;``; a property and its values
ITEM_RE = re.compile(rf";\s*+({IDENT})\[({PLAIN_TEXT})\]\s*+(?=[;()]|\Z)|(;)|{PROPERTY_PARTS}", re.S)


#: how far after a ";" :func:`plain_node` looks for the "[" of a plain move node
NEAR: Final = 12
#: the white space :func:`plain_node` takes after a plain move node (the pattern's ``\s`` is
#: more: a node followed by another kind is left to the pattern)
BLANKS: Final = " \n\r\t"
#: white space: the grammar's WS terminal (``\s+``) as Lark compiles it, optional
#: (tests/go/test_scan.py holds it equal to the grammar's)
SPACE_PATTERN = r"(?:\s+)?"
SPACE_RE = re.compile(SPACE_PATTERN)


def plain_node(text: str, pos: int, size: int) -> tuple[int, int, int]:
    """Whether the item at the ``;`` at ``pos`` of a run of nodes is a plain move node, as
    :data:`ITEM_RE`'s first branch takes it: ``;``, letters, one value without ``\\`` and then
    the next ``;`` or the run's end (a ``(``, a ``)`` or ``size``; after spaces or line breaks).
    ``(opening, closing, after)``: the offsets of its ``[`` and ``]`` and where the next item
    starts; ``(-1, -1, -1)`` for any other item (anything between the ``;`` and the ``[`` that is
    not a letter, a ``(`` or ``)`` included, makes it another item).

    Found with ``str.find`` (a quarter of what matching the pattern costs): the cut of a run's
    nodes and the positions of its items both ask it first, so the two cannot differ
    (tests/go/test_scan.py holds it equal to the pattern).
    """
    found = _plain_value(text, pos + 1, pos + NEAR, size)
    after = found[2]
    if after >= 0 and after < size:
        char = text[after]
        if char != ";" and char != "(" and char != ")":
            return -1, -1, -1
    return found


def plain_property(text: str, pos: int, size: int) -> tuple[int, int, int]:
    """Whether the item at ``pos`` of a run of nodes (not a ``;``) is a plain property, as
    :data:`ITEM_RE`'s last branch takes it: letters, at once one value without ``\\``, and then
    neither another value nor white space other than :data:`BLANKS` (after those). ``(opening,
    closing, after)`` as :func:`plain_node` gives them; ``(-1, -1, -1)`` for any other item.

    The properties of a root node or a commented move are most of the items that are not plain
    move nodes: cut with ``str.find``, not matched by the pattern (tests/go/test_scan.py holds
    the two equal)."""
    found = _plain_value(text, pos, pos + NEAR, size)
    after = found[2]
    if after >= 0 and after < size:
        char = text[after]
        if char == "[" or char.isspace():  # another value, or white space the pattern takes
            return -1, -1, -1
    return found


def _plain_value(text: str, ident: int, near: int, size: int) -> tuple[int, int, int]:
    """An identifier of ASCII letters at ``ident`` and at once its one value without ``\\``
    (its ``[`` before ``near``: a run of bare ``;`` stays linear): the offsets of the ``[`` and
    the ``]``, and of what follows after spaces and line breaks (:data:`BLANKS`); ``(-1, -1,
    -1)`` for anything else. What may follow is the caller's test."""
    opening = text.find("[", ident, near)
    if opening <= ident:
        return -1, -1, -1
    closing = text.find("]", opening)
    if closing < 0:
        return -1, -1, -1
    name = text[ident:opening]
    # (the grammar's identifiers are [A-Za-z]; B and W compared first: a method call costs the
    # compiled build more than the rest of the test)
    if not (name == "B" or name == "W" or (name.isascii() and name.isalpha())):
        return -1, -1, -1
    if text.find("\\", opening, closing) >= 0:
        return -1, -1, -1
    after = closing + 1
    while after < size and text[after] in BLANKS:
        after += 1
    return opening, closing, after


class Items:
    """The items (nodes and properties) of a run of nodes: the text it is in, the offset of that
    text, and where the run starts and ends in it. Item positions are found again only when a
    finding needs one, so the common case (no finding) creates no match objects; those found are
    kept as three integers each, not as match objects."""

    __slots__ = ("_positions", "_resume", "base", "end", "text")

    def __init__(self, text: str, base: int, start: int = 0) -> None:
        self.text = text
        self.base = base
        self.end = len(text)  # where the run ends (its cut sets it)
        self._positions = array("q")  # (node or property start, identifier start, values start) …
        self._resume = start  # where the cut resumes: items are found up to the last one asked for

    def item(self, ordinal: int) -> tuple[int, int, int]:
        """(node or property start, identifier start, values start) of item ``ordinal``: the
        items cut as :func:`kifu.go.nodes.cut_run` cuts them."""
        positions = self._positions
        found = len(positions) // 3
        if ordinal >= found:
            text = self.text
            base = self.base
            size = self.end
            pos = self._resume
            wanted = max(ordinal + 1, 2 * found + 16)  # at least as many again: a run of findings cuts once
            while found < wanted and pos < size:
                if text[pos] == ";":
                    opening, _, after = plain_node(text, pos, size)
                    if opening >= 0:
                        positions.extend((base + pos, base + pos + 1, base + opening))
                        found += 1
                        pos = after
                        continue
                else:
                    opening, _, after = plain_property(text, pos, size)
                    if opening >= 0:
                        positions.extend((base + pos, base + pos, base + opening))
                        found += 1
                        pos = after
                        continue
                m = ITEM_RE.match(text, pos, size)
                if m is None:  # white space after a bare ";"
                    pos = max(pos + 1, SPACE_RE.match(text, pos).end())  # type: ignore[union-attr]
                    continue
                start = base + m.start()
                ident = m.start(1)
                if ident >= 0:  # ";" and one property with one plain value
                    positions.extend((start, base + ident, base + m.start(2) - 1))
                elif m.start(3) >= 0:  # ";"
                    positions.extend((start, base - 1, base - 1))
                else:
                    positions.extend((start, base + m.start(4), base + m.start(5)))
                found += 1
                pos = m.end()
            self._resume = pos
        at = 3 * ordinal
        return positions[at], positions[at + 1], positions[at + 2]


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
        "merged",
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
        source: Items | None = None,
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
        #: the repetitions of a list property in the same node whose values were appended to
        #: :attr:`values` (:meth:`Node.add`)
        self.merged: list[Prop] | None = None

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
                offsets = [base]
            else:
                offsets = [base + m.start() for m in VALUE_RE.finditer(self._blob)]
            for more in self.merged or ():
                offsets.extend(more.value_offsets)
            self._value_offsets = offsets
        return self._value_offsets


class Node:
    """One SGF node: its properties by identifier (first occurrence wins) and children.

    A node written as ``;`` and one property with one plain value (``;B[pd]``, as most moves
    are) keeps only that property's name and value (:attr:`simple`, :attr:`value`): its
    :attr:`props` are built when first asked for, so the walk plays such a move without them.
    Its offset is that of its ``;`` (a plain move node, cut by :func:`plain_node`) or, with
    ``source`` and ``ordinal``, found in its run when asked for.
    """

    __slots__ = ("_offset", "_ordinal", "_props", "_source", "children", "duplicates", "simple", "value")

    def __init__(
        self, offset: int, source: Items | None = None, ordinal: int = 0, simple: str = "", value: str = ""
    ) -> None:
        self._offset = offset
        self._source = source
        self._ordinal = ordinal
        #: the name of the node's one plain property as written ("" for any other node), its value
        self.simple = simple
        self.value = value
        self._props: dict[str, Prop] | None = None if simple else {}
        self.children: list[Node] = []
        self.duplicates: list[Prop] | None = None

    @property
    def props(self) -> dict[str, Prop]:
        """The node's properties by identifier (first occurrence wins)."""
        props = self._props
        if props is None:
            name = self.simple
            ident = name if name.isupper() else "".join(ch for ch in name if ch.isupper())
            if self._source is None:  # its offset known: ";", the identifier and "[" follow at once
                prop = Prop(name, [self.value], self._offset + 1, None, self._offset + 1 + len(name))
            else:
                prop = Prop(name, [self.value], -1, None, 0, self._source, self._ordinal)
            props = self._props = {ident: prop}
        return props

    @property
    def offset(self) -> int:
        """The offset of the node's ``;``."""
        if self._source is not None:
            return self._source.item(self._ordinal)[0]
        return self._offset

    def add(self, prop: Prop) -> None:
        """Add a property. A second one of the same identifier is kept aside for checking
        (:attr:`duplicates`), unless it is a list (:data:`LISTS`): its values are then appended to
        the first one's (``AB[dd]AB[pp]`` is ``AB[dd][pp]``), and it is kept in that one's
        :attr:`Prop.merged`."""
        props = self.props
        self.simple = ""  # (no longer a node of one plain property)
        first = props.get(prop.ident)
        if first is None:
            props[prop.ident] = prop
        elif prop.ident in LISTS:
            # (a copy: the first property's list may be shared with the text's cut)
            first.values = [*first.values, *prop.values]
            first._value_offsets = None
            if first.merged is None:
                first.merged = []
            first.merged.append(prop)
        else:
            if self.duplicates is None:
                self.duplicates = []
            self.duplicates.append(prop)


class RawTree:
    """A parsed ``( … )`` before its nodes are linked: items are nodes and sub-trees (a plain
    class: a compiled dataclass's ``__init__`` is interpreted)."""

    __slots__ = ("items", "offset")

    def __init__(self, offset: int, items: list[Node | RawTree]) -> None:
        self.offset = offset
        self.items = items

    def __repr__(self) -> str:
        return f"RawTree(offset={self.offset!r}, items={self.items!r})"


@dataclass(slots=True)
class Game:
    """One top-level game tree: its root node, where it starts, and its syntax findings."""

    index: int
    offset: int
    root: Node | None
    findings: list[Finding] = field(default_factory=list)
    #: unparsed (``CollectionReader(raw=True)``): the game's text from the start of its first
    #: line (to the end of its last line), where the game starts in it, the lines before it, and
    #: the ignored "(" in it; on a long line, from the game's ``(`` (to its ``)``: :attr:`cut`)
    text: str | None = None
    text_start: int = 0
    text_end: int = 0
    line_base: int = 0
    ignored: list[int] = field(default_factory=list)
    #: characters of the first line before :attr:`text` (when the reader dropped the start of a
    #: long line: see :class:`~kifu.go.reader.CollectionReader`)
    column_base: int = 0
    #: the reader found the game tree's own ``)`` (not the end of the file)
    closed: bool = False
    #: findings of each code made by the parser but left out past the cap (kifu.go.capped)
    dropped: dict[str, int] = field(default_factory=dict)
    #: :attr:`text` stops inside its last line (the rest of a long line is not kept)
    cut: bool = False
