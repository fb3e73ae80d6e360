"""The fields of a DhtmlXQ block are found in linear time, as the pattern found them before.

``fields_of`` replaced ``\\[DhtmlXQ_([A-Za-z0-9_]+)\\](.*?)\\[/DhtmlXQ_\\1\\]`` (``re.S | re.I``), which
searched the rest of the text for each opening never closed (a megabyte of ``[DhtmlXQ_x]`` took
minutes); it is compared here with that pattern on random blocks, with the letters that fold
to ASCII ones ignoring case (``K``, ``ſ``, ``ı``, ``İ``). The work is counted in
tests/test_linear_readers.py.
"""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st
from kifu.xiangqi.formats.dhtmlxq import fields_of

_OLD_FIELD = re.compile(r"\[DhtmlXQ_([A-Za-z0-9_]+)\](.*?)\[/DhtmlXQ_\1\]", re.S | re.I)
PIECES = [
    "[DhtmlXQ_", "[/DhtmlXQ_", "[dhtmlxq_", "[/DHTMLXQ_", "]", "[", "/", "a", "A", "s", "S", "\u017f", "i",
    "I", "\u0130", "\u0131", "k", "K", "\u212a", "_", "1", "x", "\n", " ", "\u03a3", "movelist", "MoveList",
]  # fmt: skip


def old_fields(body: str) -> list[tuple[str, int, str]]:
    return [(m.group(1), m.start(2), m.group(2)) for m in _OLD_FIELD.finditer(body)]


@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
@example("[DhtmlXQ_title]t[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]")
@example("[DhtmlXQ_a][DhtmlXQ_b]x[/DhtmlXQ_b][/DhtmlXQ_a]")  # a field inside a field is its value
@example("[DhtmlXQ_a][DhtmlXQ_a]x[/DhtmlXQ_a]")  # the first opening takes the closing
@example("[DhtmlXQ_i]x[/DhtmlXQ_\u0130]")  # İ is i to a back reference ignoring case
@example("[DhtmlXQ_s]x[/DhtmlXQ_\u017f]")  # ſ is not s
@example("[DhtmlXQ_x]" * 5)
def test_the_fields_are_those_the_pattern_found(body: str) -> None:
    assert list(fields_of(body)) == old_fields(body)


def test_openings_never_closed_are_skipped() -> None:
    body = "[DhtmlXQ_x]" * 1000 + "[DhtmlXQ_title]t[/DhtmlXQ_title]" + "[DhtmlXQ_y]" * 1000
    assert list(fields_of(body)) == [("title", 11_015, "t")] == old_fields(body)
