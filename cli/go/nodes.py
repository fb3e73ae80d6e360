"""A run of SGF nodes cut into nodes and properties, and what one parse collects.

Both the scanner of a well-formed game tree (:func:`kifu.go.parser.scan`) and the grammar's
transformer (:mod:`kifu.go.lalr`) build the tree model from a run of nodes (the grammar's NODES
terminal) and a property (its PROPERTY) with these functions, and add their findings to a
:class:`ParseContext`: the one place both read, so that neither imports the other.
"""

from __future__ import annotations

from kifu.core.excerpt import short
from kifu.core.findings import Code
from kifu.go import codes
from kifu.go.capped import Capped
from kifu.go.tree import ITEM_RE, PROP_RE, SPACE_RE, VALUE_RE, Items, Node, Prop, plain_node, plain_property

__all__ = ["ParseContext", "cut_run", "split_nodes", "split_property", "unclosed_value"]


class ParseContext:
    """What one parse collects: findings (with offsets, capped by code as they are made) and
    the base offset of the chunk."""

    def __init__(self, base: int, end: int, text: str = "") -> None:
        self.base = base
        self.end = end
        self.text = text  # the text ``base`` is an offset in
        self.problems: Capped[tuple[Code, str, int, int]] = Capped()
        self.headless: set[int] = set()
        self.unclosed = -1  # the offset of the "[" of a value never closed

    def add(self, code: Code, message: str, offset: int, length: int = 1) -> None:
        at = self.base + offset
        if code is codes.PROPERTY_WITHOUT_VALUE and not self.property_without_value(at + length):
            return
        self.problems.add(code.code, at, (code, message, at, length))

    def property_without_value(self, end: int) -> bool:
        """Whether an identifier ending at ``end`` lacks its value: not when the next thing
        is a value never closed (the identifier is that value's)."""
        return self.unclosed < 0 or bool(self.text[end : self.base + self.unclosed].strip())


def split_nodes(text: str, offset: int) -> list[Node]:
    """The nodes of a NODES token (``;`` and properties, repeated; ``offset`` is where it
    starts): the run of nodes that is the whole token (:func:`cut_run`)."""
    return cut_run(text, 0, offset)[0]


def cut_run(text: str, start: int, offset: int) -> tuple[list[Node], int]:
    """The nodes of the run of nodes at the ``;`` at ``start`` of ``text`` (whose first character
    is at ``offset``), and where the run ends: where the grammar's NODES terminal would end it
    (after its white space), at a ``(``, a ``)``, the end of the text or whatever can continue no
    node. The items are those of :data:`~kifu.go.tree.ITEM_RE` in order, as ``findall`` finds
    them in the run's text.

    Most nodes are a move written ``;B[pd]`` and followed by the next ``;`` (or the run's end),
    at once or after a line break, and most other items a property of one plain value: such
    items are cut out with ``str.find`` (:func:`~kifu.go.tree.plain_node`,
    :func:`~kifu.go.tree.plain_property`, which :class:`~kifu.go.tree.Items` asks too); any other
    item is matched by the pattern. The scanner cuts a run in this one pass, without matching
    the NODES pattern first (tests/go/test_scan.py holds the cut and its end equal to the
    pattern's, on the corpus and on generated and damaged trees).
    """
    source = Items(text, offset, start)
    nodes: list[Node] = []
    node = Node(offset + start)
    size = len(text)
    pos = start
    ordinal = 0
    while pos < size:
        char = text[pos]
        if char == ";":
            opening, closing, after = plain_node(text, pos, size)
            if opening >= 0:
                # (its offset kept: the identifier and the value follow the ";" at once, so a
                # finding on the move needs no search for its item)
                node = Node(offset + pos, None, 0, text[pos + 1 : opening], text[opening + 1 : closing])
                nodes.append(node)
                ordinal += 1
                pos = after
                continue
        elif char == "(" or char == ")":
            break  # a variation starts, or the game tree ends
        else:
            opening, closing, after = plain_property(text, pos, size)
            if opening >= 0:
                value = text[opening + 1 : closing]
                node.add(Prop(text[pos:opening], [value], offset + pos, None, offset + opening))
                ordinal += 1
                pos = after
                continue
        match = ITEM_RE.match(text, pos)
        if match is None:
            space = SPACE_RE.match(text, pos).end()  # type: ignore[union-attr]
            if space == pos:
                break  # no item and no white space: no node goes on here (the scan declines)
            pos = space  # white space after a bare ";"
            continue
        # ("" for a group that took no part, as findall gives it)
        simple, value, semicolon, name, blob = match.groups("")
        if simple:  # ";" and one property with one plain value (its Prop made when asked for)
            node = Node(-1, source, ordinal, simple, value)
            nodes.append(node)
        elif semicolon:
            node = Node(-1, source, ordinal)
            nodes.append(node)
        else:
            values = [blob[1 : blob.index("]")]] if blob.count("]") == 1 else VALUE_RE.findall(blob)
            node.add(Prop(name, values, -1, blob, 0, source, ordinal))
        ordinal += 1
        pos = match.end()
    source.end = pos
    return nodes, pos


def split_property(text: str, offset: int) -> Prop:
    """A PROPERTY token (identifier and values) as a :class:`Prop`."""
    match = PROP_RE.match(text)
    if match is None:  # cannot happen: the terminal is the same pattern
        return Prop(text, [], offset)
    blob = match.group(2)
    return Prop(
        match.group(1), VALUE_RE.findall(blob), offset + match.start(1), blob, offset + match.start(2)
    )


def unclosed_value(ctx: ParseContext, where: int, value: str) -> None:
    """SGF003 at the ``[`` of a value that runs to the end of the text (``value``: from it)."""
    ctx.unclosed = where
    ctx.add(
        codes.UNCLOSED_VALUE,
        f"value {short(value, 20)} is not closed by `]` before the end of the file",
        where,
    )
