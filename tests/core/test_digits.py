"""kifu.core.digits: numbers in a record are ASCII digits only, at most 9 of them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kifu.core.digits import MAX_DIGITS, TOO_BIG, ascii_number, is_ascii_number

#: what str.isdigit() (or int()) takes and a record's number must not be
NOT_ASCII = ["¹", "²³", "٣", "١٢", "１２", "８", "߁", "𝟗", "1¹", "٣4"]

#: what int() reads (or strips) and a record's number must not be either
NOT_PLAIN = ["", "+1", "-1", " 1", "1 ", "1\n", "1_000", "1.0", "0x1", "\u30001"]


@pytest.mark.parametrize("text", NOT_ASCII + NOT_PLAIN)
def test_other_digits_signs_spaces_and_the_empty_string_are_no_number(text: str) -> None:
    assert not is_ascii_number(text)
    assert ascii_number(text) is None
    assert ascii_number(text, saturate=True) is None


def test_nine_digits_are_read_ten_are_too_many() -> None:
    assert MAX_DIGITS == 9 and TOO_BIG == 10**9
    assert ascii_number("9" * 9) == 999_999_999 == ascii_number("9" * 9, saturate=True)
    assert ascii_number("000000012") == 12
    assert is_ascii_number("1" * 10)
    assert ascii_number("1" * 10) is None
    assert ascii_number("1" * 10, saturate=True) == TOO_BIG
    assert ascii_number("0" * 10, saturate=True) == TOO_BIG  # counted in digits, not in value
    assert ascii_number("9" * 5000, saturate=True) == TOO_BIG  # int() refuses 4,300 digits


@given(st.integers(min_value=0, max_value=10**12))
def test_ascii_numbers_read_as_int_does(value: int) -> None:
    text = str(value)
    expected = value if len(text) <= MAX_DIGITS else None
    assert ascii_number(text) == expected
    assert ascii_number(text, saturate=True) == (value if expected is not None else TOO_BIG)


@given(st.text(max_size=12))
def test_a_number_is_ascii_digits_and_nothing_else(text: str) -> None:
    plain = text != "" and all("0" <= ch <= "9" for ch in text)
    assert is_ascii_number(text) == plain
    assert (ascii_number(text, saturate=True) is not None) == plain
    if ascii_number(text) is not None:
        assert ascii_number(text) == int(text) and len(text) <= MAX_DIGITS
