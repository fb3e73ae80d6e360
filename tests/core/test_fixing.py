"""Applying fixes to a file's bytes (kifu.application.fixing, issue 46): every byte outside the
edits is kept, in the file's own encoding; overlapping fixes wait for the next round; a fix is
applied whole or not at all; the policy of --unsafe-fixes, --unfixable and --extend-safe-fixes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kifu.application.fixing import Policy, apply, apply_text, unified_diff
from kifu.core.findings import Edit, Finding, Fix, Severity
from kifu.core.record import Span


def fix(*edits: tuple[tuple[int, int, int, int], str], applicability: str = "safe") -> Fix:
    return Fix(
        "safe" if applicability == "safe" else "unsafe",
        "test",
        tuple(Edit(Span(*span), content) for span, content in edits),
    )


def test_an_edit_replaces_its_span_and_keeps_everything_else() -> None:
    text, applied = apply_text("1. e4 e5 2. 0-0 *\n", [fix(((1, 13, 1, 16), "O-O"))])
    assert text == "1. e4 e5 2. O-O *\n" and len(applied) == 1


def test_insertions_deletions_and_edits_over_lines() -> None:
    text = '[Event "x"]\n\n1. e4 e5 *\n'
    inserted, _ = apply_text(text, [fix(((1, 1, 1, 1), '[Site "?"]\n'))])
    assert inserted == '[Site "?"]\n' + text
    deleted, _ = apply_text(text, [fix(((1, 1, 3, 1), ""))])
    assert deleted == "1. e4 e5 *\n"
    at_end, _ = apply_text("1. e4 *", [fix(((1, 8, 1, 8), "\n"))])
    assert at_end == "1. e4 *\n"


def test_the_file_keeps_its_encoding_line_endings_and_byte_order_mark() -> None:
    data = "\ufeff1. e4 {café} 0-0\r\n2. x\r\n".encode("utf-8")
    done = apply(data, [fix(((1, 14, 1, 17), "O-O"))], None)
    assert done.data == "\ufeff1. e4 {café} O-O\r\n2. x\r\n".encode("utf-8")
    latin = "1. e4 {café} 0-0\n".encode("latin-1")  # (a PGN line that is not UTF-8 is read as Latin-1)
    assert apply(latin, [fix(((1, 14, 1, 17), "O-O"))], None).data == "1. e4 {café} O-O\n".encode("latin-1")
    chinese = "炮二平五 马８进７\n".encode("gb18030")
    done = apply(chinese, [fix(((1, 6, 1, 10), "馬８進７"))], "gb18030")
    assert done.data == "炮二平五 馬８進７\n".encode("gb18030")


def test_a_file_read_as_utf8_sig_is_fixed_on_any_line_and_keeps_one_byte_order_mark() -> None:
    # (the mark comes before the first line only: the others, read alone, are plain UTF-8, and an
    # edit's text is written without a mark of its own)
    data = '\ufeff[Event "é"]\n1. e4 0-0\n'.encode("utf-8")
    done = apply(data, [fix(((2, 7, 2, 10), "O-O")), fix(((1, 1, 1, 1), "{é} "))], "utf-8-sig")
    assert done.data == '\ufeff{é} [Event "é"]\n1. e4 O-O\n'.encode("utf-8") and len(done.applied) == 2


def test_a_line_break_written_in_a_crlf_file_is_a_crlf() -> None:
    data = b'[Event "x"]\r\n1. e4 *\r\n'
    assert apply(data, [fix(((2, 1, 2, 1), '[Site "?"]\n\n'))], None).data == (
        b'[Event "x"]\r\n[Site "?"]\r\n\r\n1. e4 *\r\n'
    )


def test_a_fix_the_codec_cannot_write_or_whose_place_is_not_in_the_file_is_not_applied() -> None:
    done = apply(b"1. e4 *\n", [fix(((1, 1, 1, 2), "\u9a6c"))], "latin-1")
    assert done.data == b"1. e4 *\n" and not done.applied and "latin-1" in done.failed[0][1]
    done = apply(b"1. e4 *\n", [fix(((5, 1, 5, 2), "x"))], None)
    assert not done.applied and "line 5" in done.failed[0][1]
    done = apply(b"1. e4 *\n", [fix(((1, 40, 1, 41), "x"))], None)
    assert not done.applied and "column 40" in done.failed[0][1]
    assert apply(b"\xff\xfe1\x00", [fix(((1, 1, 1, 2), "2"))], "utf-16").applied == []


def test_overlapping_fixes_the_first_wins_and_the_other_waits() -> None:
    first, second = fix(((1, 1, 1, 4), "abc")), fix(((1, 3, 1, 6), "xyz"))
    text, applied = apply_text("0123456789\n", [second, first])
    assert text == "abc3456789\n" and applied == [first]
    one, other = fix(((1, 2, 1, 2), "a")), fix(((1, 2, 1, 2), "b"))  # two insertions at one point
    assert apply_text("01\n", [one, other])[1] == [one]
    touching = fix(((1, 4, 1, 5), "!"))  # (an edit that starts where another ends does not overlap)
    assert apply_text("0123456789\n", [first, touching])[0] == "abc!456789\n"


def test_a_fix_is_applied_whole_or_not_at_all() -> None:
    whole = fix(((1, 1, 1, 2), "A"), ((1, 5, 1, 6), "B"))
    blocking = fix(((1, 5, 1, 7), "C"))
    text, applied = apply_text("0123456789\n", [blocking, whole])
    assert (text, applied) == ("A123B56789\n", [whole])  # (blocking overlaps whole's second edit)


@given(
    st.text(alphabet=st.sampled_from("ab é\n{}馬"), max_size=60),  # (CRLF: the test above)
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 5), st.text(alphabet="xyz\n", max_size=3))),
)
def test_every_byte_outside_the_applied_edits_is_kept(text: str, cuts: list[tuple[int, int, str]]) -> None:
    """A property: the result is the text outside the applied edits, in order, with each applied
    edit's content in its place, and no two applied edits overlap."""
    lines = text.split("\n")

    def place(offset: int) -> tuple[int, int]:
        before = text[:offset]
        return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1

    fixes = []
    for start, length, content in cuts:
        start = min(start, len(text))
        end = min(start + length, len(text))
        fixes.append((start, end, content, fix(((*place(start), *place(end)), content))))
    assert len(lines) >= 1
    result, applied = apply_text(text, [each[3] for each in fixes])
    chosen = sorted(
        (start, end, content) for start, end, content, made in fixes if any(made is a for a in applied)
    )
    expected, at = [], 0
    for start, end, content in chosen:
        assert start >= at  # (no two applied edits overlap)
        expected += [text[at:start], content]
        at = end
    expected.append(text[at:])
    assert result == "".join(expected)


def finding(applicability: str | None, code: str = "CHESS105") -> Finding:
    made = Finding(code, Severity.WARNING, "m", Span(1, 1, 1, 2))
    if applicability is not None:
        made.fix = fix(((1, 1, 1, 2), "x"), applicability=applicability)
    return made


@pytest.mark.parametrize(
    ("policy", "safe", "unsafe", "waiting"),
    [
        (Policy(), True, False, True),
        (Policy(unsafe=True), True, True, False),
        (Policy(extend_safe=("CHESS1",)), True, True, False),
        (Policy(unsafe=True, unfixable=("CHESS105",)), False, False, False),
    ],
)
def test_the_policy(policy: Policy, safe: bool, unsafe: bool, waiting: bool) -> None:
    assert policy.applies(finding("safe")) is safe
    assert policy.applies(finding("unsafe")) is unsafe
    assert policy.waiting(finding("unsafe")) is waiting
    assert not policy.applies(finding(None)) and not policy.waiting(finding(None))


def test_the_diff_is_safe_on_a_terminal() -> None:
    before = b"1. e4 {\x1b[2J} 0-0\r\n"
    after = b"1. e4 {\x1b[2J} O-O\r\n"
    shown = unified_diff("a\x1b.pgn", before, after, None)
    assert "\x1b" not in shown and "\r" not in shown
    assert shown.splitlines()[:2] == ["--- a/a\\x1b.pgn", "+++ b/a\\x1b.pgn"]
    assert "-1. e4 {\\x1b[2J} 0-0" in shown and "+1. e4 {\\x1b[2J} O-O" in shown


def test_a_binary_record_with_a_finding_a_text_record_would_have_fixed_is_said_not_edited(
    tmp_path: Path,
) -> None:
    import kifu.xiangqi.codes  # noqa: F401  (the registry's XQ202)
    from kifu.application.fixing import fix_sources
    from kifu.core.results import RecordReport, Totals
    from kifu.core.sources import Source

    path = tmp_path / "game.xqf"
    path.write_bytes(b"XQ\x0a")

    def check(sources: list[Source], reporter: Any) -> None:
        reporter.begin()
        reporter.begin_file(str(path), "xiangqi", "xqf")
        reporter.record(RecordReport(1, 1, findings=[Finding("XQ202", Severity.ERROR, "m")]))
        reporter.end_file([])
        reporter.end(Totals())

    (entry,) = fix_sources([Source(str(path))], check, Policy(unsafe=True), lambda game, path: None)
    assert entry.refused == "a binary XQF file is not edited" and not entry.changed
    assert fix_sources([Source(str(path))], check, Policy(), lambda game, path: None) == []  # (unsafe)
