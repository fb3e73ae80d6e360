"""The light path of a plain move (issue 31): a node of one plain property keeps its name and value,
its Prop made only when asked for, and the checker's walk plays it without asking; and the
first read of a file is small, the rest of a large file read after it."""

from __future__ import annotations

from kifu.core.findings import Severity
from kifu.go.capped import MAX_PER_CODE
from kifu.go.encoding import FIRST_READ
from kifu.go.index import TextIndex
from kifu.go.reader import parse_collection
from kifu.go.tree import Node

from tests.go.helpers import check_text


def main_line(root: Node) -> list[Node]:
    nodes = [root]
    while nodes[-1].children:
        nodes.append(nodes[-1].children[0])
    return nodes


def test_a_plain_move_keeps_its_name_and_value_and_makes_its_property_when_asked() -> None:
    text = "(;SZ[9];B[cc];W[]\n;b[dd];B[ee]C[hi])"
    [game] = parse_collection(text, TextIndex(text))
    assert game.root is not None
    _, black, white, lower, both = main_line(game.root)
    assert (black.simple, black.value, white.simple, white.value) == ("B", "cc", "W", "")
    assert (lower.simple, both.simple) == ("b", "")  # ";B[ee]C[hi]": two properties
    prop = black.props["B"]
    assert (prop.name, prop.ident, prop.values, prop.offset, prop.value_offsets) == ("B", "B", ["cc"], 8, [9])
    assert black.offset == 7 and black.props["B"] is prop  # built once
    assert list(lower.props) == [""] and lower.props[""].name == "b"  # (no upper-case letter: SGF030)
    assert list(both.props) == ["B", "C"]


def test_the_checker_plays_plain_moves_without_their_properties() -> None:
    checked = check_text("(;SZ[9]KM[7];B[cc];W[gg];B[cg];W[ge]C[a comment];B[ee])")
    [result] = checked.games
    assert result.report.plies == 5 and result.root is not None
    nodes = main_line(result.root)[1:]
    built = [node.simple or "other" for node in nodes if node._props is not None]
    assert built == ["other"]  # only the node of two properties has its dictionary


def test_a_finding_on_a_plain_move_makes_its_property() -> None:
    checked = check_text("(;SZ[9];B[cc];W[cc];B[zz])")
    occupied, off_board = checked.first("GO101"), checked.first("SGF040")
    assert (occupied.move, occupied.span.column) == ("W[cc]", 15)
    assert off_board.message.startswith("B[zz] ") and off_board.span.column == 22  # (at its value)


def test_a_file_longer_than_the_first_read_is_read_whole() -> None:
    comment = "x" * (FIRST_READ + 1000)
    checked = check_text(f"(;SZ[9]C[{comment}];B[cc];W[gg];B[cg])")
    [result] = checked.games
    assert result.report.plies == 3 and not checked.all_codes()


def test_superko_remarks_past_the_cap_are_counted_not_kept() -> None:
    # a 2x2 board where captures back and forth recreate earlier positions, without RU: each
    # repetition is a GO104 warning (legal under simple ko); past the cap the walk only counts them
    cycle = ";B[aa];W[];B[ba];W[ab];B[];W[bb]"
    [record] = check_text("(;GM[1]FF[4]SZ[2]" + cycle * 60 + ")").records
    superko = [f for f in record.findings if f.code == "GO104"]
    assert len(superko) == MAX_PER_CODE + 1 and superko[-1].span is None
    assert superko[-1].message == "… and 135 more GO104 finding(s) in this game"
    assert superko[0].message.startswith("Black recreates an earlier whole-board position (chinese rules")
    assert superko[0].severity is Severity.WARNING and "assumed: the record has no RU" in superko[0].message
