"""One SGF game tree parsed with the Lark grammar into the tree model (:mod:`kifu.go.tree`).

The grammar (``grammars/sgf.lark``) is LALR with the contextual lexer and is built once per
process. Parsing runs an inline transformer, so no Lark tree is built: each rule becomes a
:class:`Node`, :class:`Prop` or :class:`RawTree` at once. Turning the raw trees into the
node tree is iterative, so 100,000 nested variations need no recursion. Every syntax
problem becomes a finding with the absolute character offset of the offending text.

Before the grammar sees a game tree, one linear scan settles what would otherwise cost the
parser time or memory out of proportion (see :func:`parse_game`): a value never closed, game
trees never closed, nesting past ``limits().depth``, more nodes than ``limits().nodes``, more
values, ``(`` and words than ``limits().items``.

A well-formed game tree (white space, parentheses and runs of nodes) does not need the LALR
machinery: :func:`scan` reads it (runs of nodes cut where the grammar's NODES terminal ends
them, white space by its WS pattern) into the same raw trees (tests/go/test_scan.py holds it
equal to :func:`lark_parse`); any other text is parsed by the grammar, which finds what is
wrong with it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kifu.core.findings import IO_LIMIT, Finding, Fix
from kifu.core.limits import limits
from kifu.go import codes
from kifu.go.capped import Capped, merged
from kifu.go.fixes import edit
from kifu.go.index import TextIndex
from kifu.go.lexical import NODES, VALUE
from kifu.go.nodes import ParseContext, cut_run, unclosed_value
from kifu.go.tree import (
    SPACE_PATTERN,
    SPACE_RE,
    Game,
    Node,
    RawTree,
)

if TYPE_CHECKING:
    from lark import Lark

MAX_ID = 100
__all__ = [
    "NODES_PATTERN",
    "SPACE_PATTERN",
    "Game",
    "lark_parse",
    "link",
    "parse_game",
    "parse_unparsed",
    "parser",
    "scan",
]


#: text up to the next "(", ")" or "[" of a value never closed (values and their escapes skipped)
_SKIP = re.compile(rf"(?:[^()\[]++|{VALUE})*+", re.S)
#: text up to the next "[" of a value holding a ";" (values without one skipped)
_SKIP_PLAIN = re.compile(r"(?:[^\[]++|\[[^\\\];]*+(?:\\[^;][^\\\];]*+)*+\])*+")
_VALUE = re.compile(VALUE, re.S)
_NOT_NEWLINE = re.compile(r"[^\n]+")


def _shape(chunk: str, deepest: int) -> tuple[int, int, list[tuple[int, int]]]:
    """One linear scan of a game tree's text, before any parsing: the offset of the ``[`` of a
    value never closed (-1: none; the value runs to the end, so nothing after it is read), the
    ``(`` left open at the end, and the stretches ``(…)`` nested deeper than ``deepest``
    (0: no limit)."""
    depth = 0
    pos = 0
    size = len(chunk)
    unclosed = -1
    cut_start = -1
    cuts: list[tuple[int, int]] = []
    while True:
        skip = _SKIP.match(chunk, pos)
        at = skip.end() if skip else pos
        if at >= size:
            break
        char = chunk[at]
        if char == "[":
            unclosed = at
            break
        if char == "(":
            depth += 1
            if depth == deepest + 1 and deepest:
                cut_start = at
        elif depth:
            depth -= 1
            if depth == deepest and deepest:
                cuts.append((cut_start, at + 1))
        pos = at + 1
    if deepest and depth > deepest:  # never closed: to the end
        cuts.append((cut_start, unclosed if unclosed >= 0 else size))
        depth = deepest
    return unclosed, depth, cuts


def _blank(text: str, cuts: list[tuple[int, int]]) -> str:
    """``text`` with the stretches ``cuts`` blanked, newlines kept (positions stay right)."""
    pieces = []
    end = 0
    for begin, stop in cuts:
        pieces.append(text[end:begin])
        pieces.append(_NOT_NEWLINE.sub(lambda m: " " * len(m.group()), text[begin:stop]))
        end = stop
    pieces.append(text[end:])
    return "".join(pieces)


def count_nodes(text: str, cap: int) -> int:
    """The nodes (``;`` outside values) of a game tree's text, exactly when there may be more
    than ``cap``; linear, with a step in Python only for each value that holds a ``;``."""
    rough = text.count(";")
    if rough <= cap:
        return rough
    inside = 0
    pos = 0
    size = len(text)
    while True:
        skip = _SKIP_PLAIN.match(text, pos)
        at = skip.end() if skip else pos
        value = _VALUE.match(text, at) if at < size else None
        if value is None:
            break
        inside += value.group().count(";")
        pos = value.end()
    return rough - inside


#: a word outside values: letters (an identifier), or a run of what can be neither
_WORD = re.compile(r"[A-Za-z]++|[^\s()\[\];A-Za-z]++")


def count_items(text: str, cap: int) -> int:
    """The items of a game tree's text that cost memory of their own once parsed, apart from
    nodes: values, ``(``, words outside values (identifiers, junk); exactly when there may be
    more than ``cap``, else at most the length of the text."""
    if len(text) <= cap:  # (the items do not overlap, and each takes a character at least)
        return len(text)
    outside, values = _VALUE.subn(" ", text)
    return values + outside.count("(") + _WORD.subn("", outside)[1]


def parse_game(
    text: str,
    start: int,
    end: int,
    index: TextIndex,
    number: int,
    ignored: list[int] | None = None,
    closed: bool = False,
) -> Game:
    """Parse one top-level game tree ``text[start:end]`` and link its nodes.

    The ``(`` at the offsets in ``ignored`` are blanked out (see :class:`CollectionReader`).
    ``closed``: the reader found the game tree's own ``)`` at ``end`` (its scan is the same as
    :func:`_shape`'s, so no value and no game tree is left open), and the scan is needed only
    when there are more ``(`` than the depth limit allows.
    Before the grammar sees the text, one linear scan (:func:`_shape`) finds a value never
    closed (SGF003; the text ends at its ``[``), the game trees never closed (SGF002; their
    ``)`` are added at the end) and the variations nested deeper than ``limits().depth``
    (IO008; blanked), and the nodes are counted: past ``limits().nodes`` the game tree is not
    parsed (IO008), nor past ``limits().items`` values, ``(`` and words outside values
    (:func:`count_items`). So the parser meets neither a value of megabytes nor unbounded
    nesting, nor millions of tokens.
    """
    chunk = text[start:end]
    if ignored:
        pieces = []
        last = 0
        for offset in sorted(o - start for o in ignored if start <= o < end):
            pieces.append(chunk[last:offset])
            pieces.append(" ")
            last = offset + 1
        pieces.append(chunk[last:])
        chunk = "".join(pieces)
    ctx = ParseContext(start, len(chunk), text)
    depth_limit = limits().depth
    deepest = depth_limit + 1 if depth_limit else 0
    cuts: list[tuple[int, int]] = []
    if closed and (not deepest or chunk.count("(") <= deepest):
        unclosed, open_trees = -1, 0
    else:
        unclosed, open_trees, cuts = _shape(chunk, deepest)
    if unclosed >= 0:
        unclosed_value(ctx, unclosed, chunk[unclosed:])
        chunk = chunk[:unclosed]
    if open_trees:
        ctx.add(codes.MISSING_PAREN, "the game tree is not closed: `)` missing at the end", ctx.end)
    for begin, _ in cuts:
        ctx.add(
            IO_LIMIT,
            f"variations nested deeper than {depth_limit} (the depth limit, --max-depth): this one "
            "and those inside it are not read",
            begin,
        )
    if cuts:
        chunk = _blank(chunk, cuts)
    trees: list[RawTree] = []
    node_limit = limits().nodes
    nodes = count_nodes(chunk, node_limit) if node_limit else 0
    item_limit = limits().items
    items = count_items(chunk, item_limit) if item_limit and not (node_limit and nodes > node_limit) else 0
    if node_limit and nodes > node_limit:
        ctx.add(
            IO_LIMIT,
            f"this game tree has {nodes:,} nodes, more than {node_limit:,} (--max-nodes): it is not read",
            0,
        )
    elif item_limit and items > item_limit:
        ctx.add(
            IO_LIMIT,
            f"this game tree has {items:,} values, `(` and words outside values, more than "
            f"{item_limit:,} (--max-items): it is not read",
            0,
        )
    else:
        trees = _parse(chunk + ")" * open_trees, ctx)
    for offset in ignored or ():
        ctx.add(
            codes.BAD_VARIATION_START,
            "variation starts with `(` instead of a node (the first `(` is ignored)",
            offset - start,
        )
    problems = ctx.problems.items()
    if ctx.unclosed >= 0:  # (a value never closed met only by the parser: see ctx.add)
        problems = [
            p
            for p in problems
            if p[0] is not codes.PROPERTY_WITHOUT_VALUE or ctx.property_without_value(p[2] + p[3])
        ]
    findings = []
    text = index.text
    lines: dict[int, str | None] = {}  # one copy of each line shown, whatever the findings on it
    for code, message, offset, length in sorted(problems, key=lambda p: p[2]):
        span = index.span(offset, length)
        place = min(max(offset, 0), len(text))
        head = index.line_start(place)
        shown = lines.get(head, "")
        if shown == "":
            tail = text.find("\n", place)
            line = text[head : tail if tail >= 0 else len(text)].rstrip("\r")
            # (else the text starts, or stops, inside this line)
            whole = (head > 0 or not index.column_base) and (tail >= 0 or not index.cut)
            shown = lines[head] = line if whole and line.strip() else None
        finding = code(message, span, source_line=shown)
        if code is codes.MISSING_SEMICOLON:
            finding.fix = code.fixing("write the node's `;`", edit(index, offset + 1, offset + 1, ";"))
        findings.append(finding)
    linked: Capped[Finding] = Capped(findings)
    root = link(trees[0], linked, index) if trees else None
    game = Game(number, start, root, linked.items())
    game.dropped = merged(ctx.problems.dropped(), linked.dropped())
    return game


def _parse(chunk: str, ctx: ParseContext) -> list[RawTree]:
    """The raw trees of a prepared game tree's text, the syntax problems added to ``ctx``."""
    trees = scan(chunk, ctx.base)
    if trees is not None:
        return trees
    return lark_parse(chunk, ctx)


def parser() -> Lark:
    """The SGF parser, built once per process from ``kifu.grammars/sgf.lark``
    (:func:`kifu.go.lalr.parser`)."""
    from kifu.go import lalr

    return lalr.parser()


def lark_parse(chunk: str, ctx: ParseContext) -> list[RawTree]:
    """The raw trees of a prepared game tree's text parsed by the grammar, the syntax problems
    added to ``ctx`` (:func:`kifu.go.lalr.lark_parse`; Lark is imported only for such a text)."""
    from kifu.go import lalr

    return lalr.lark_parse(chunk, ctx)


#: the grammar's NODES terminal as Lark compiles it (its white space, ``WS``, is
#: :data:`~kifu.go.tree.SPACE_PATTERN`), written out: a run :func:`cut_run` cuts ends where this
#: pattern ends it (tests/go/test_scan.py holds the two equal, and both patterns equal to the
#: grammar's)
NODES_PATTERN = f"(?s:{NODES})"


def scan(chunk: str, base: int) -> list[RawTree] | None:
    """The raw trees of a well-formed game tree's text without the LALR machinery, or ``None``.

    Well-formed: white space, ``(``, ``)`` and runs of nodes (the grammar's NODES terminal),
    the parentheses balanced, no run of nodes outside them. The grammar lexes such a text as
    exactly these tokens (a ``;`` can start no other terminal, and a run of nodes ends where
    the next character is not ``;``) and parses it without a syntax problem, so the trees are
    what :func:`lark_parse` builds from them: each run is cut by :func:`cut_run`, in one pass
    that also finds where the run ends, as the grammar cuts its NODES token. Anything else
    (a property without its node, values without an identifier, junk, an unbalanced
    parenthesis) returns ``None``, and the grammar parses the text and says what is wrong
    (tests/go/test_scan.py holds the two equal).
    """
    space_re = SPACE_RE
    trees: list[RawTree] = []
    open_trees: list[RawTree] = []
    size = len(chunk)
    pos = space_re.match(chunk, 0).end()  # type: ignore[union-attr]
    while pos < size:
        char = chunk[pos]
        if char == ";" and open_trees:
            nodes, pos = cut_run(chunk, pos, base)
            open_trees[-1].items.extend(nodes)
        elif char == "(":
            tree = RawTree(base + pos, [])
            if open_trees:
                open_trees[-1].items.append(tree)
            else:
                trees.append(tree)
            open_trees.append(tree)
            pos += 1
        elif char == ")" and open_trees:
            open_trees.pop()
            pos += 1
        else:
            return None
        pos = space_re.match(chunk, pos).end()  # type: ignore[union-attr]
    return None if open_trees else trees


def parse_unparsed(unparsed: Game) -> tuple[Game, TextIndex]:
    """Parse a game the reader left unparsed (see :attr:`kifu.go.tree.Game.text`), with its own
    line index."""
    text = unparsed.text or ""
    index = TextIndex(text, unparsed.line_base, unparsed.column_base, unparsed.cut)
    if not text:  # not read (over a limit): its findings say why
        return Game(unparsed.index, 0, None, list(unparsed.findings)), index
    game = parse_game(
        text, unparsed.text_start, unparsed.text_end, index, unparsed.index, unparsed.ignored, unparsed.closed
    )
    game.findings[:0] = unparsed.findings
    return game, index


def link(raw: RawTree, findings: Capped[Finding], index: TextIndex) -> Node | None:
    """Turn a raw tree into linked nodes, iteratively; returns the root node. Its findings are
    capped by code as they are made."""
    sentinel = Node(raw.offset)
    stack: list[tuple[RawTree, Node]] = [(raw, sentinel)]
    while stack:
        tree, parent = stack.pop()
        if not tree.items:
            code = codes.EMPTY_VARIATION
            if findings.admit(code.code, tree.offset):
                finding = code("empty variation `()` (ignored)", index.span(tree.offset))
                if parent is not sentinel:
                    finding.fix = _empty_variation(index, tree.offset)
                findings.keep(code.code, tree.offset, finding)
            continue
        attach = parent
        subtrees: list[tuple[RawTree, Node]] = []
        seen_subtree = False
        implicit: RawTree | None = None
        if isinstance(tree.items[0], RawTree):
            code = codes.BAD_VARIATION_START
            if findings.admit(code.code, tree.offset):
                findings.keep(
                    code.code,
                    tree.offset,
                    code("variation starts with `(` instead of a node", index.span(tree.offset)),
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
                    code = codes.NODE_OUTSIDE_VARIATION
                    if findings.admit(code.code, item.offset):
                        findings.keep(
                            code.code,
                            item.offset,
                            code(
                                "node after the variations of its game tree: a `(` is missing "
                                "(read as a new variation)",
                                index.span(item.offset),
                            ),
                        )
                    implicit = RawTree(item.offset, [])
                    subtrees.append((implicit, attach))
                implicit.items.append(item)
        for sub in reversed(subtrees):
            stack.append(sub)
    return sentinel.children[0] if sentinel.children else None


def _empty_variation(index: TextIndex, offset: int) -> Fix | None:
    """The fix of SGF004: the ``()`` at ``offset`` deleted, when only white space is inside it and it
    does not follow another ``(`` (whose ``)`` it would leave to a variation of its own)."""
    text = index.text
    close = offset + 1
    while close < len(text) and text[close].isspace():
        close += 1
    before = offset - 1
    while before >= 0 and text[before].isspace():
        before -= 1
    if text[offset : offset + 1] != "(" or text[close : close + 1] != ")" or text[before : before + 1] == "(":
        return None
    return codes.EMPTY_VARIATION.fixing("delete the empty `()`", edit(index, offset, close + 1, ""))
