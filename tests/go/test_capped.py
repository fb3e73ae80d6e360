"""Findings capped as they are made (kifu.go.capped) and the items limit (``--max-items``):
a flood of items that each make a finding builds a few hundred findings, the report is the one
every finding made would give, and a game tree of too many items is not read."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kifu.core.findings import Code, Finding
from kifu.core.limits import set_limits
from kifu.go.capped import MAX_PER_CODE, Capped
from kifu.go.index import TextIndex
from kifu.go.parser import count_items, parse_game

from tests.go.helpers import check_text

HEAD = "(;GM[1]FF[4]SZ[19];B[pd]"


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The codes of the findings built while the test runs."""
    codes: list[str] = []
    make = Code.__call__

    def counting(self: Code, message: str, *args: Any, **kwargs: Any) -> Finding:
        codes.append(self.code)
        return make(self, message, *args, **kwargs)

    monkeypatch.setattr(Code, "__call__", counting)
    yield codes


def rows(text: str) -> list[tuple[str, int | None, str]]:
    """(code, column, message) of each finding of the one game of ``text``."""
    [record] = check_text(text).records
    return [(f.code, f.span.column if f.span else None, f.message) for f in record.findings]


def test_the_first_of_a_code_by_position_are_kept_whatever_the_order_they_come_in() -> None:
    capped: Capped[int] = Capped()
    for offset in reversed(range(3 * MAX_PER_CODE)):
        capped.add("A", offset, offset)
    capped.add("B", 7, -1)
    capped.append(-2)
    assert capped.items() == [*reversed(range(MAX_PER_CODE)), -1, -2]  # (in the order made)
    assert capped.dropped() == {"A": 2 * MAX_PER_CODE}
    assert capped.counts == {"A": 3 * MAX_PER_CODE, "B": 1}
    assert not capped.admit("A", MAX_PER_CODE)  # past the last kept: not even built
    assert not capped.admit("A", MAX_PER_CODE - 1)  # (at the same offset, the one made later is after)
    assert capped.admit("A", MAX_PER_CODE - 2)


def test_300_comments_in_a_node_report_as_before_with_at_most_twice_the_cap_built(
    built: list[str],
) -> None:
    found = rows(HEAD + "C[x]" * 300 + ")")
    # the first C is the property, the 299 others are SGF020, each 4 columns after the one before
    first = len(HEAD) + 5
    assert found == [
        *[("SGF020", first + 4 * i, "property C given twice in this node") for i in range(MAX_PER_CODE)],
        ("SGF020", None, "… and 199 more SGF020 finding(s) in this game"),
    ]
    assert built.count("SGF020") <= 2 * MAX_PER_CODE


def test_the_parser_keeps_the_first_of_each_code_and_counts_the_others(built: list[str]) -> None:
    text = HEAD + " zz" * 150 + " Q" * 150 + "()" * 150 + ")"
    game = parse_game(text, 0, len(text), TextIndex(text), 1, closed=True)
    kept = [f.code for f in game.findings]
    assert {code: kept.count(code) for code in kept} == {"SGF001": 100, "SGF006": 100, "SGF004": 100}
    assert game.dropped == {"SGF001": 50, "SGF006": 50, "SGF004": 50}
    assert len(built) <= 2 * len(kept)
    found = rows(text)
    junk = len(HEAD) + 2
    assert found[:2] == [
        ("SGF001", junk, "illegal characters (ignored): 'zz'"),
        ("SGF001", junk + 3, "illegal characters (ignored): 'zz'"),
    ]
    assert [row for row in found if row[1] is None] == [
        ("SGF001", None, "… and 50 more SGF001 finding(s) in this game"),
        ("SGF006", None, "… and 50 more SGF006 finding(s) in this game"),
        ("SGF004", None, "… and 50 more SGF004 finding(s) in this game"),
    ]
    assert found[-4] == ("SGF004", len(HEAD) + 450 + 300 + 1 + 2 * 99, "empty variation `()` (ignored)")


def test_property_findings_over_variations_are_capped_as_they_are_made(built: list[str]) -> None:
    # 3 SGF026 a variation: the report keeps the first 100 in the text, and counts 200 more
    text = "(;GM[1]FF[4]SZ[19]" + "".join(f"(;AB[aa][aa][aa][aa]C[{i}])" for i in range(100)) + ")"
    found = rows(text)
    dup = [row for row in found if row[0] == "SGF026"]
    assert len(dup) == MAX_PER_CODE + 1
    assert dup[-1] == ("SGF026", None, "… and 200 more SGF026 finding(s) in this game")
    assert built.count("SGF026") <= 2 * MAX_PER_CODE
    columns = [row[1] or 0 for row in dup[:-1]]
    assert columns == sorted(columns) and columns[-1] < text.index("C[34]")


def test_items_are_values_variations_and_words_outside_values() -> None:
    text = "(;GM[1]C[a ( b [c\\] d]LB[aa:x]zz Q(;B[aa]))"
    # values 4, "(" 2, words: GM C LB zz Q B
    assert count_items(text, 0) == 12
    assert count_items(text, 100) == len(text)  # (under the cap its length is enough)


def test_a_game_tree_of_more_items_than_the_limit_is_not_read() -> None:
    set_limits(items=10)  # (the autouse fixture gives the limits back)
    checked = check_text("(;GM[1]SZ[19]\n;AB[aa][bb][cc][dd][ee])\n(;GM[1]SZ[19];B[aa];W[bb])")
    [limit] = checked.records[0].findings
    assert (limit.code, limit.span.line, limit.span.column) == ("IO008", 1, 1)
    assert limit.message == (
        "this game tree has 11 values, `(` and words outside values, more than 10 (--max-items): "
        "it is not read"
    )
    assert checked.records[0].plies == 0
    assert checked.records[1].findings == [] and checked.records[1].plies == 2
