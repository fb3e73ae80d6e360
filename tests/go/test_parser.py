"""The SGF reader: structure, positions, recovery, deep trees, values."""

from __future__ import annotations

import sys

import pytest
from kifu.core.limits import set_limits
from kifu.go.index import TextIndex
from kifu.go.reader import parse_collection
from kifu.go.values import normalise_result, real, simple_text, split_compose, text

from tests.go.helpers import check_text


def games(source: str) -> list:  # type: ignore[type-arg]
    return list(parse_collection(source, TextIndex(source)))


def test_collection_of_three_games_with_a_broken_one() -> None:
    checked = check_text("(;GM[1]SZ[9];B[aa];W[bb])\n(;GM[1]SZ[9];B[aa] }}junk ;W[bb])\n(;GM[1]SZ[9];B[cc])")
    assert [r.index for r in checked.records] == [1, 2, 3]
    assert [r.line for r in checked.records] == [1, 2, 3]
    assert checked.codes(1) == [] and checked.codes(3) == []
    finding = checked.first("SGF001")
    assert (finding.span.line, finding.span.column) == (2, 20)
    assert checked.records[1].plies == 2


def test_truncated_file_keeps_its_moves() -> None:
    checked = check_text("(;GM[1]SZ[9];B[aa];W[bb];B[c")
    assert "SGF003" in checked.codes()
    assert checked.records[0].plies == 2


def test_positions_are_line_and_column() -> None:
    checked = check_text("(;GM[1]SZ[9]\n;B[ee]\n;W[ee])")
    finding = checked.first("GO101")
    assert (finding.span.line, finding.span.column, finding.ply, finding.move) == (3, 2, 2, "W[ee]")


def test_variations_are_linked_in_order() -> None:
    [game] = games("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd])(;W[ee]))")
    b = game.root.children[0]
    assert [c.props["W"].values[0] for c in b.children] == ["bb", "dd", "ee"]
    assert b.children[0].children[0].props["B"].values[0] == "cc"


def test_deep_variation_tree_without_recursion() -> None:
    depth = 100_000
    moves = "".join(
        f"(;{'BW'[i % 2]}[{'ab'[i % 2]}{'ab'[(i // 2) % 2]}]" if i < 4 else "(;B[]" if i % 2 == 0 else "(;W[]"
        for i in range(depth)
    )
    source = "(;GM[1]SZ[19]" + moves + ")" * depth + ")"
    limit = sys.getrecursionlimit()
    old = set_limits(depth=0, nodes=0)  # (the limits, 1000 deep and 100,000 nodes, would cut it)
    try:
        checked = check_text(source)
    finally:
        set_limits(depth=old.depth, nodes=old.nodes)
    assert sys.getrecursionlimit() == limit
    assert "KIFU001" not in checked.all_codes()
    assert checked.records[0].plies == depth


def test_escapes_and_soft_line_breaks() -> None:
    assert text("a\\]b\\\\c\\\nd") == "a]b\\cd"
    assert simple_text("one\ntwo\\\nthree") == "one twothree"
    assert split_compose("My\\:App:1.0") == ("My\\:App", "1.0")
    checked = check_text("(;GM[1]SZ[9]C[a \\] b]PB[x\\\ny];B[aa])")
    assert checked.all_codes() == []
    assert checked.records[0].tags["PB"] == "xy"


def test_compressed_point_lists() -> None:
    checked = check_text("(;GM[1]SZ[9]AB[aa:cc][ee]AW[gg:gh];W[ii])")
    assert checked.all_codes() == []
    board = checked.games[0].main.board
    assert board is not None
    assert sum(1 for c in board.cells if c == 1) == 10
    assert sum(1 for c in board.cells if c == 2) == 3


def test_empty_and_binary_and_random_input_never_crash() -> None:
    for data in (
        b"",
        b"\x00\x01\x02garbage\xff",
        bytes(range(256)) * 8,
        b"(((((",
        b")))",
        b"(;" * 5000,
        b"(;SZ[99999999999999999999];B[aa])",
        b"(;SZ[0:0]AB[aa:zz])",
        b"(;B[\\",
    ):
        checked = check_text(data)
        assert "KIFU001" not in checked.all_codes()
        assert checked.all_codes(), data[:20]


def test_result_forms() -> None:
    assert normalise_result("B+9.50") == ("B+9.5", True)
    assert normalise_result("W+Resign") == ("W+R", True)
    assert normalise_result("B+T") == ("B+T", True)
    assert normalise_result("Draw") == ("0", True)
    assert normalise_result("Void") == ("Void", True)
    assert normalise_result("?") == ("?", True)
    assert normalise_result("B+") == ("B+", True)


@pytest.mark.parametrize(
    "free",
    [
        "B+Illegal",
        "W+Repetition",
        "draw",
        "Black wins by 12 points",
        "White resigns. B 47 W 34",
        "Black resigns. W 133.5 B 81.0",
        "Black 185 White 176",
        "nobody knows",
    ],
)
def test_free_text_result_is_never_read_as_a_result(free: str) -> None:
    assert normalise_result(free) == (None, False)


def test_text_index_against_split_lines() -> None:
    import bisect
    import random

    rnd = random.Random(7)
    text = "".join(rnd.choice("ab\n") for _ in range(50_000))
    index = TextIndex(text)
    index.BLOCK = 1000  # many blocks: exercise the block boundaries
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    offsets = rnd.sample(range(len(text) + 1), 2000)
    # in any order, then in order (as findings mostly come: each goes on from the one before)
    for offset in [*offsets, *sorted(offsets), *sorted(rnd.sample(range(len(text) + 1), 20))]:
        line = bisect.bisect_right(starts, offset)
        assert index.position(offset) == (line, offset - starts[line - 1] + 1)
    for line in [1, len(lines), *rnd.sample(range(1, len(lines) + 1), 500)]:
        assert index.line_text(line) == lines[line - 1]


def test_a_number_too_large_for_a_float_is_not_a_value() -> None:
    """Fuzz case sgf/kifu001-1: an RE margin of 300 digits became infinity and crashed the check."""
    assert real("1" + "0" * 400) is None
    assert normalise_result("B+" + "9" * 400 + ".75") == (None, False)
    assert normalise_result("B+12.5") == ("B+12.5", True)
