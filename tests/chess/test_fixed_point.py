"""``convert --to pgn`` is a fixed point (issue 16): its output converts to the same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "fuzz" / "cases" / "chess"


def _pgn(source: Path, target: Path) -> str:
    result = CliRunner().invoke(cli, ["convert", "--to", "pgn", "--lenient", str(source), "-o", str(target)])
    assert "Traceback" not in result.output
    return target.read_text(encoding="utf-8")


def _twice(tmp_path: Path, text: str | bytes) -> tuple[str, str]:
    source = tmp_path / "in.pgn"
    if isinstance(text, str):
        source.write_text(text, encoding="utf-8")
    else:
        source.write_bytes(text)
    once = _pgn(source, tmp_path / "once.pgn")
    return once, _pgn(tmp_path / "once.pgn", tmp_path / "twice.pgn")


def test_a_long_comment_holding_a_tag_is_never_wrapped_so_that_the_bracket_starts_a_line(
    tmp_path: Path,
) -> None:
    comment = " ".join(["word"] * 14 + ['[Ref "a b"]'] + ["x" * 30, "[%clk 0:01:00]", "%", "end"])
    for shift in range(12):  # the bracket falls at every place of the line
        once, twice = _twice(tmp_path, f'[Event "x"]\n\n1. e4 {{ {"y" * shift} {comment} }} e5 *\n')
        assert not any(line.startswith(("[Ref", "[%", "%")) for line in once.splitlines()), once
        assert once == twice


def test_control_characters_are_never_copied_into_the_output(tmp_path: Path) -> None:
    header = b"".join(
        b'[%s "a tournament"]\n' % name for name in (b"Event", b"Site", b"Date", b"Round", b"Black")
    )
    once, twice = _twice(tmp_path, header + b'[White "The Ki\x0bng"]\n\n1. e4 { a\x01b } e5 *\n')
    assert '[White "The Ki ng"]' in once  # a vertical tab is whitespace: written as a space
    assert "{ a\ufffdb }" in once
    assert once == twice  # and kifu reads it back: it is text


def test_whitespace_controls_of_a_tag_keep_their_meaning(tmp_path: Path) -> None:
    """cases/chess/fixpoint-4.pgn: a FEN holding vertical tabs was split at them when read, but
    written with U+FFFD, so the second conversion numbered the moves from another field."""
    padding = b'[Annotator "%s"]\n' % (b"x" * 400)  # so that the input is not taken for binary data
    fen = padding + b'[FEN "7k/\x0b\x0b\x0b3P4/7K/8/8/8/8/8 w - - 6 55"]\n[SetUp "1"]\n\nd7d8n 1/2-1/2\n'
    once, twice = _twice(tmp_path, fen)
    assert '[FEN "7k/   3P4/7K/8/8/8/8/8 w - - 6 55"]' in once and once == twice
    for separator in (b"\x0c", b"\r"):
        once, twice = _twice(tmp_path, fen.replace(b"\x0b\x0b\x0b", separator))
        assert once == twice, separator


@pytest.mark.parametrize("case", ["fixpoint-2.pgn", "fixpoint-3.pgn", "fixpoint-4.pgn"])
def test_the_fuzzed_reproducers_convert_to_a_fixed_point(case: str, tmp_path: Path) -> None:
    once, twice = _twice(tmp_path, (CASES / case).read_bytes())
    assert once == twice


def test_a_line_comment_with_control_bytes_is_read_written_and_reported_sanely(tmp_path: Path) -> None:
    """A ``;`` comment holding control bytes: they read as U+FFFD (IO004 at the first, with its
    line and column), the comment is written as a rest-of-line comment again (it holds a ``}``),
    and the output converts to itself."""
    header = b'[Event "e"]\n[Site "%s"]\n\n' % (b"s" * 300)
    source = tmp_path / "in.pgn"
    source.write_bytes(header + b"1. e4 ; a\x00b\x1b c } d\ne5 2. Nf3 *\n")
    result = CliRunner().invoke(cli, ["check", str(source)])
    assert "IO004" in result.output and "line 4, column 10" in result.output
    once, twice = _twice(tmp_path, source.read_bytes())
    assert "1. e4 ; a\ufffdb\ufffd c } d\n1... e5 2. Nf3 *" in once and once == twice
