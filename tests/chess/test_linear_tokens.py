"""The castling slip and the check suffixes are told in linear time, and as before.

``castling_slip`` replaced ``-[-O0]*[O0][-O0]*[+#]?`` (quadratic on ``-OOO…Ox``: 36 s for 40,000
``O``); ``split_suffixes`` strips ``+`` and ``#`` at once (it sliced the move again for each one:
20 s for ``e4`` and a million ``+``). Both are compared here with the code they replaced, on
random tokens; their work is counted in tests/test_linear_readers.py.
"""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st
from kifu.chess.moves import split_suffixes
from kifu.chess.reader import castling_slip

from tests.sizes import scaled

_OLD_CASTLING_SLIP = re.compile(r"-[-O0]*[O0][-O0]*[+#]?")
_OLD_ANNOTATION = re.compile(r"[!?]{1,2}$")


def old_split_suffixes(text: str) -> tuple[str, str, str]:
    """``split_suffixes`` as it was (a character at a time)."""
    annotation = ""
    match = _OLD_ANNOTATION.search(text)
    if match:
        annotation = match.group()
        text = text[: match.start()]
    suffix = ""
    while text and text[-1] in "+#":
        suffix = text[-1] + suffix if suffix != text[-1] else suffix
        text = text[:-1]
    return text, suffix[:1] if suffix else "", annotation


@given(st.text(alphabet="Ne4+#!?x=Q", max_size=12))
@example("Nf3+!?")
@example("e4+#")
@example("e4#+")
@example("++")
@example("e4!!?")
@example("")
def test_split_suffixes_is_what_it_was(text: str) -> None:
    assert split_suffixes(text) == old_split_suffixes(text)


@given(st.text(alphabet="Ne4+#!?x=Q\n ", max_size=40).map(lambda s: s * 3))
def test_split_suffixes_is_what_it_was_on_long_tokens(text: str) -> None:
    assert split_suffixes(text) == old_split_suffixes(text)


@given(st.text(alphabet="-O0o+#x ", max_size=14))
@example("-O")
@example("-0-0")
@example("-O-O+")
@example("-O-O-O#")
@example("-")
@example("-+")
@example("--O")
@example("-O++")
@example("-O+#")
@example("O-O")
def test_castling_slip_is_what_the_pattern_matched(token: str) -> None:
    assert castling_slip(token) == bool(_OLD_CASTLING_SLIP.fullmatch(token))


def test_castling_slips_of_every_length() -> None:
    """Every token of up to 6 characters of ``-O0+#x`` (55,986 of them; 7 with KIFU_SLOW=1) told as
    before."""
    tokens = [""]
    for _ in range(scaled(6, 7)):
        tokens = [t + c for t in tokens for c in "-O0+#x"]
        for token in tokens:
            assert castling_slip(token) == bool(_OLD_CASTLING_SLIP.fullmatch(token)), token
