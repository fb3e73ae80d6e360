"""The SGF scanner (:func:`kifu.go.parser.scan`) against the grammar (:func:`lark_parse`), and
the cutting of a run of nodes (:func:`split_nodes`) against its pattern's ``findall``.

The scanner reads a well-formed game tree without Lark's LALR machinery; the grammar stays the
definition of SGF. Whenever the scanner takes a text, the grammar parses it without a problem
into the same trees (nodes, properties, values and every offset); whenever it declines one,
the grammar finds something wrong with it (so the fast path is taken for every clean text).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kifu.core.sources import Source
from kifu.go.nodes import ParseContext, cut_run, split_nodes
from kifu.go.parser import NODES_PATTERN, SPACE_PATTERN, lark_parse, parser, scan
from kifu.go.reader import records
from kifu.go.tree import ITEM_RE, VALUE_RE, Items, Node, Prop, RawTree

from tests.sizes import scaled

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "go"


def shape(item: RawTree | Node) -> Any:
    """Everything the later stages read of a raw tree, offsets included."""
    if isinstance(item, RawTree):
        return ("(", item.offset, [shape(child) for child in item.items])
    props = [(ident, p.name, p.ident, p.values, p.offset, p.value_offsets) for ident, p in item.props.items()]
    duplicates = [(p.name, p.values, p.offset, p.value_offsets) for p in item.duplicates or []]
    return (";", item.offset, props, duplicates, len(item.children))


def both(chunk: str, base: int = 0) -> tuple[Any, Any, list[Any]]:
    """(the scanner's trees or None, the grammar's trees, the grammar's problems)."""
    scanned = scan(chunk, base)
    ctx = ParseContext(base, len(chunk), chunk)
    parsed = lark_parse(chunk, ctx)
    return (
        None if scanned is None else [shape(t) for t in scanned],
        [shape(t) for t in parsed],
        ctx.problems.items(),
    )


def assert_equal(chunk: str, base: int = 0) -> bool:
    """The scanner agrees with the grammar on ``chunk``; whether it took the text."""
    scanned, parsed, problems = both(chunk, base)
    if scanned is None:
        assert problems, f"the scanner declined a text the grammar reads cleanly: {chunk!r}"
        return False
    assert not problems, f"the scanner took a text with problems {problems}: {chunk!r}"
    assert scanned == parsed, chunk
    return True


def findall_nodes(text: str, offset: int) -> list[Node]:
    """The oracle of :func:`split_nodes`: the run's items as ``ITEM_RE.findall`` lists them."""
    source = Items(text, offset)
    nodes: list[Node] = []
    node = Node(offset)
    for ordinal, (simple, value, semicolon, name, blob) in enumerate(ITEM_RE.findall(text)):
        if simple:
            node = Node(-1, source, ordinal, simple, value)
            nodes.append(node)
        elif semicolon:
            node = Node(-1, source, ordinal)
            nodes.append(node)
        else:
            node.add(Prop(name, VALUE_RE.findall(blob), -1, blob, 0, source, ordinal))
    return nodes


def finditer_positions(text: str, base: int) -> list[tuple[int, int, int]]:
    """The oracle of :meth:`Items.item`: each item's start, identifier start and values start
    as ``ITEM_RE.finditer`` finds the items."""
    positions = []
    for m in ITEM_RE.finditer(text):
        if m.start(1) >= 0:
            positions.append((base + m.start(), base + m.start(1), base + m.start(2) - 1))
        elif m.start(3) >= 0:
            positions.append((base + m.start(), base - 1, base - 1))
        else:
            positions.append((base + m.start(), base + m.start(4), base + m.start(5)))
    return positions


RUN = re.compile(NODES_PATTERN)


def assert_cut_as_findall(text: str, base: int = 0) -> int:
    """Every run of nodes of ``text`` is cut by :func:`split_nodes` as the pattern's ``findall``
    cuts it (names, values, ordinals, offsets), and its items are where ``finditer`` finds them
    (asked for in order, and last first); how many nodes there were."""
    count = 0
    for run in RUN.finditer(text):
        cut = [shape(n) for n in split_nodes(run.group(), base + run.start())]
        assert cut == [shape(n) for n in findall_nodes(run.group(), base + run.start())], run.group()
        # the scanner's one pass over the whole text: the run's end, and the same nodes where
        # the scan goes on after the run (a "(", a ")", the end; before anything else it
        # declines the text, and the nodes are not used)
        nodes, end = cut_run(text, run.start(), base)
        assert end == run.end(), (text, run.start())
        if end == len(text) or text[end] in "()":
            assert [shape(n) for n in nodes] == cut, (text, run.start())
        expected = finditer_positions(run.group(), base + run.start())
        in_order = Items(run.group(), base + run.start())
        assert [in_order.item(k) for k in range(len(expected))] == expected, run.group()
        last_first = Items(run.group(), base + run.start())
        if expected:
            assert last_first.item(len(expected) - 1) == expected[-1], run.group()
        assert [last_first.item(k) for k in range(len(expected))] == expected, run.group()
        count += len(cut)
    return count


# --- generated trees ---------------------------------------------------------------------------

#: white space as Python's \s knows it, odd kinds included (the grammar's WS is /\s+/)
SPACE = st.text(alphabet=" \n\t\r\x0b\x0c\x1c\x1f\x85\u00a0\u3000", max_size=3)
IDENT = st.from_regex(r"[a-z]{0,2}[A-Z]{1,2}[a-z]{0,1}", fullmatch=True)


@st.composite
def values(draw: st.DrawFn) -> str:
    raw = draw(st.text(alphabet="ab]\\[;()\n é:", max_size=6))
    escaped = raw.replace("\\", "\\\\").replace("]", "\\]")
    if draw(st.booleans()):
        escaped += "\\\n"  # a soft line break
    return f"[{escaped}]"


@st.composite
def prop(draw: st.DrawFn) -> str:
    vals = draw(st.lists(values(), min_size=1, max_size=3))
    return draw(IDENT) + "".join(draw(SPACE) + v for v in vals)


@st.composite
def node(draw: st.DrawFn) -> str:
    props = draw(st.lists(prop(), max_size=3))
    return ";" + "".join(draw(SPACE) + p for p in props) + draw(SPACE)


def tree(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    @st.composite
    def build(draw: st.DrawFn) -> str:
        nodes = "".join(draw(st.lists(node(), min_size=1, max_size=4)))
        kids = "".join(draw(SPACE) + kid for kid in draw(st.lists(children, max_size=3)))
        return f"({draw(SPACE)}{nodes}{kids}{draw(SPACE)})"

    return build()


TREES = st.recursive(tree(st.just("")), tree, max_leaves=8)
#: what can break a text: parentheses, brackets, a value without its identifier, junk, an
#: identifier without a value, a lone ";"
DAMAGE = st.sampled_from(["(", ")", "[", "]", "[x]", "\\", "zz", "B", ";", "ü", "()", "B[aa]"])
SIZE = scaled(50, 3000)


@settings(max_examples=SIZE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SPACE, TREES, SPACE, st.integers(min_value=0, max_value=5_000))
def test_generated_trees_scan_as_the_grammar_parses(before: str, text: str, after: str, base: int) -> None:
    assert assert_equal(before + text + after, base)
    assert_cut_as_findall(before + text + after, base)


#: plain move nodes as most records write them, with what makes one not plain mixed in
MOVES = st.lists(
    st.sampled_from(
        [
            ";B[pd]",
            ";W[dp]",
            ";B[]",
            ";W[tt]",
            "\n",
            " ",
            "\r\n\t",
            "\x0b",  # white space of \s that the cut's own test of a plain node leaves to the pattern
            ";",
            ";C[a;b]",
            ";B[a\\]b]",
            "C[x]",
            ";b[cc]",
            "; B[aa]",
            ";BL[12.5]",
            ";B[aa][bb]",
            ";é[aa]",
            # properties after a node's first (a root node's, a move's comment): most are cut as
            # plain properties, the rest (several values, an escape, odd white space after the
            # value, a long or a non-ASCII identifier) are left to the pattern
            "GM[1]",
            "SZ[19]\n",
            "AB[aa][bb]",
            "AB[aa] [bb]",
            "C[x\\]y]",
            "KM[6.5]\x0b",
            "KM [6.5]",
            "PlayerBlackRank[1d]",
            "PÉ[x]",
        ]
    ),
    max_size=30,
)


@settings(max_examples=scaled(1000, 20_000), deadline=None)
@given(MOVES)
def test_runs_of_moves_are_cut_as_the_pattern_finds_them(pieces: list[str]) -> None:
    assert_cut_as_findall("".join(pieces))


@settings(max_examples=SIZE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TREES, st.lists(st.tuples(st.integers(min_value=0), DAMAGE), min_size=1, max_size=3))
def test_damaged_trees_scan_as_the_grammar_parses_or_are_left_to_it(
    text: str, damage: list[tuple[int, str]]
) -> None:
    for where, piece in damage:
        at = where % (len(text) + 1)
        text = text[:at] + piece + text[at:]
    assert_equal(text)


def test_the_scanner_patterns_are_the_grammars() -> None:
    """The scanner's patterns, written out so that a clean record needs no Lark, are the
    grammar's NODES and WS terminals as Lark compiles them (a change to one fails here)."""
    grammar = parser()
    assert grammar.get_terminal("NODES").pattern.to_regexp() == NODES_PATTERN
    assert f"(?:{grammar.get_terminal('WS').pattern.to_regexp()})?" == SPACE_PATTERN


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        ("(;FF[4]SZ[9];B[aa];W[bb](;B[cc])(;B[dd];W[ee]))", True),
        ("  (\n;B[a\\]a]\n;W[]\t)\r\n", True),
        ("(;B[aa](;W[bb]);B[cc])", True),  # a node after a variation: the grammar's too
        ("((;B[aa]))", True),  # a variation that starts with "(": link() reports it
        ("(;B[aa]())", True),  # an empty variation: link() reports it
        ("(;B[aa]) (;W[bb])", True),
        ("", True),
        ("(B[aa];W[bb])", False),  # a node without its ";"
        ("(;B[aa]W)", False),  # an identifier without a value
        ("(;B[aa][bb]+[cc])", False),  # junk
        ("(;B[aa]", False),  # not closed
        ("(;B[aa]))", False),
        (";B[aa]", False),
    ],
)
def test_what_the_scanner_takes(text: str, taken: bool) -> None:
    assert assert_equal(text, 7) is taken


def test_corpus_games_scan_as_the_grammar_parses() -> None:
    if not CORPUS.is_dir():
        pytest.skip("corpus not present")
    taken = declined = nodes = 0
    for path in sorted(CORPUS.rglob("*.sgf")):
        for record in records(Source(str(path))):
            game = getattr(record, "data", None)
            if game is None or not game.text or game.ignored:
                continue
            chunk = game.text[game.text_start : game.text_end]
            nodes += assert_cut_as_findall(chunk, game.text_start)
            if assert_equal(chunk, game.text_start):
                taken += 1
            else:
                declined += 1
    assert taken > 150 and declined > 5, (taken, declined)
    assert nodes > 20_000, nodes  # every run of nodes cut as the pattern finds them
