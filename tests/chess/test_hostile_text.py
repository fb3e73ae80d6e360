"""Input text that crashed the chess reader or writers (issue 16): each now gets a finding."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli
from kifu.chess.notation import TOO_BIG, ascii_number

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "fuzz" / "cases" / "chess"


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
    assert code == 1 and "KIFU001" not in output
    assert "is out of range ($0 to $255)" in output


def test_numbers_are_ascii_digits_only() -> None:
    assert ascii_number("12") == 12
    assert ascii_number("¹") is None  # str.isdigit() says yes, int() says no
    assert ascii_number("١٢") is None  # Arabic-Indic digits: int() would read them
    assert ascii_number("１２") is None  # full-width digits
    assert ascii_number("1" * 10) == TOO_BIG
    assert ascii_number("") is None
