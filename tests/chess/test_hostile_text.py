"""Input text that crashed the chess reader or writers (issue 16): each now gets a finding."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.digits import TOO_BIG, ascii_number

from tests.golden import assert_golden

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "fuzz" / "cases" / "chess"
GOLDEN = Path(__file__).with_name("golden")


def _run(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(arguments), catch_exceptions=False)
    return result.exit_code, result.stdout + result.stderr


def test_a_promotion_on_the_wrong_sides_rank_is_an_illegal_move_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "g8.pgn"
    path.write_text("1. e4 Nf6 2. d4 g8=Q *\n", encoding="utf-8")
    code, output = _run("check", "--quiet", str(path))
    assert code == 1
    assert "KIFU001" not in output
    assert "error CHESS101 [game 1] 2... g8=Q: no black pawn can reach g8" in output


def test_superscript_digits_in_the_fen_move_number_do_not_crash_convert(tmp_path: Path) -> None:
    code, output = _run("convert", "--to", "pgn", str(CASES / "kifu001-1.pgn"), "-o", str(tmp_path / "o.pgn"))
    assert "KIFU001" not in output and "Traceback" not in output
    assert code == 1  # the FEN cannot be read: the moves are copied as written, and convert says so


def test_a_move_number_of_17767_digits_is_a_move_number_finding(tmp_path: Path) -> None:
    path = tmp_path / "long.pgn"
    path.write_text(f"1. e4 e5 {'7' * 17767}. Nf3 *\n", encoding="utf-8")
    _, output = _run("check", "--quiet", str(path))
    assert "KIFU001" not in output
    assert "move number of more than 9 digits where 2 was due" in output


def test_a_nag_of_5000_digits_is_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "nag.pgn"
    path.write_text(f"1. e4 ${'9' * 5000} e5 *\n", encoding="utf-8")
    code, output = _run("check", "--quiet", str(path))
    assert code == 0 and "KIFU001" not in output  # an annotation: a format warning (docs/severity.md)
    assert "warning PGN015" in output and "is out of range ($0 to $255)" in output


def test_numbers_are_ascii_digits_only() -> None:
    assert ascii_number("12", saturate=True) == 12
    assert ascii_number("¹", saturate=True) is None  # str.isdigit() says yes, int() says no
    assert ascii_number("١٢", saturate=True) is None  # Arabic-Indic digits: int() would read them
    assert ascii_number("１２", saturate=True) is None  # full-width digits
    assert ascii_number("1" * 10, saturate=True) == TOO_BIG
    assert ascii_number("", saturate=True) is None


def test_a_line_longer_than_any_game_is_read_up_to_the_laws_bound_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 10 MB of knight moves used to take minutes and 1.5 GB: the line is cut at 17,697 plies
    # (no game lasts longer under the 75-move rule), and the lexer's tokens are bounded
    monkeypatch.chdir(tmp_path)
    unit = "Nf3 Nf6 Ng1 Ng8 "
    Path("line.pgn").write_text('[Event "line"]\n\n1. ' + unit * 6000 + "*\n", encoding="utf-8")
    code, output = _run("check", "--quiet", "line.pgn")
    assert_golden(GOLDEN / "generated-longer-than-any-game.txt", f"exit {code}\n{output}")
    assert code == 1
    assert "error PGN026 [game 1] a line of more than 17,697 plies" in output
    # the moves after the fivefold repetition are still reported: a warning, as the record has no
    # Date to prove the Laws of 1 July 2014 or later (FIDE 9.6) in force
    assert "warning CHESS201" in output and "(Date unknown;" in output


def test_a_game_past_the_record_limit_is_cut_with_io008_and_the_next_game_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.pgn"
    long_comment = "\n".join("{ " + "x" * 70 + " }" for _ in range(100))
    path.write_text(
        f'[Event "big"]\n\n1. e4 e5\n{long_comment}\n2. Nf3 *\n\n[Event "next"]\n\n1. d4 d5 *\n',
        encoding="utf-8",
    )
    _, whole = _run("check", "--quiet", str(path))
    assert "IO008" not in whole
    code, output = _run("check", "--quiet", "--max-record", "2000", str(path))
    assert code == 1
    assert "error IO008 [game 1] this game passes 2,000 characters at line 30 (--max-record)" in output
    assert "[game 2]" not in output.replace("PGN009 [game 2]", "")  # the next game is read, clean


def test_variations_nested_past_the_depth_limit_are_io008_and_not_read(tmp_path: Path) -> None:
    path = tmp_path / "deep.pgn"
    path.write_text("1. e4 " + "(1. d4 " * 50 + ")" * 50 + " e5 *\n", encoding="utf-8")
    code, output = _run("check", "--quiet", "--max-depth", "20", str(path))
    assert code == 1
    assert output.count("IO008") == 1
    assert "variations nested more than 20 levels deep (--max-depth)" in output


def test_20000_nested_variations_are_checked_in_time(tmp_path: Path) -> None:
    path = tmp_path / "deep.pgn"
    path.write_text("1. e4 " + "(1. d4 " * 20_000 + ")" * 20_000 + " e5 *\n", encoding="utf-8")
    started = time.monotonic()
    code, output = _run("check", "--quiet", str(path))
    assert time.monotonic() - started < 10  # (2 s alone; the suite shares the cores)
    assert code == 1 and "KIFU001" not in output
    assert "IO008" in output and "PGN024" in output  # past 100 levels reported, past 1,000 not read


def test_in_compressed_data_reading_stops_at_a_game_past_the_record_limit(tmp_path: Path) -> None:
    """A compressed file can inflate a thousand times: what follows a game of the limit's size is
    not read on (a file on disk is: see the test above), and the file says so."""
    import gzip

    text = (
        '[Event "one"]\n\n1. e4 e5 *\n\n[Event "big"]\n\n1. d4 {'
        + "x" * 5000
        + '} d5 *\n\n[Event "three"]\n\n1. c4 *\n'
    )
    (tmp_path / "big.pgn.gz").write_bytes(gzip.compress(text.encode()))
    (tmp_path / "big.pgn").write_text(text)
    code, output = _run("check", "--quiet", "--max-record", "2000", str(tmp_path / "big.pgn.gz"))
    _, plain = _run("check", "--quiet", "--max-record", "2000", str(tmp_path / "big.pgn"))
    assert code == 1 and "KIFU001" not in output
    assert "error IO008 [game 2] this game passes 2,000 characters at line 7 (--max-record)" in output
    assert (
        f"{tmp_path / 'big.pgn.gz'}: error IO008 {tmp_path / 'big.pgn.gz'}: game 2 passes 2,000 characters "
        "(--max-record) at line 7 of the decompressed data: reading stops there" in output
    )
    assert "[game 1]" in output and "[game 3]" not in output  # game 1 checked, game 3 never read
    assert "[game 3]" in plain and "decompressed" not in plain  # on disk, the next game is read


def test_blank_lines_count_towards_the_record_limit(tmp_path: Path) -> None:
    path = tmp_path / "blank.pgn"
    path.write_text(
        '[Event "x"]\n\n1. e4' + "\n" * 3000 + "e5 *\n\n" + "\n" * 5000 + '[Event "y"]\n\n1. d4 *\n'
    )
    code, output = _run("check", "--quiet", "--max-record", "2000", str(path))
    assert code == 1
    # lines 1-3 hold 19 characters with their line breaks; the 1,982nd blank line after them
    # passes 2,000 (a flood of blank lines is read in runs: the line is counted exactly)
    assert "error IO008 [game 1] this game passes 2,000 characters at line 1985 (--max-record)" in output
    assert "[game 2]" in output and output.count("IO008") == 1
