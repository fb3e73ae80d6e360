"""The record model's constructors give what their plain forms give."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from kifu.core.record import Span, line_span


@given(line=st.integers(1, 10**6), column=st.integers(1, 10**4), length=st.integers(0, 10**4))
def test_a_line_span_is_the_span_on_that_line(line: int, column: int, length: int) -> None:
    made = line_span(line, column, column + length)
    assert made == Span(line, column, line, column + length)
    assert type(made) is Span
    assert (made.line, made.column, made.end_line, made.end_column) == (line, column, line, column + length)
    assert made._replace(column=1).column == 1
