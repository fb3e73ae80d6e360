"""kifu reads back its own text targets to the same moves (issue 16): ``fan`` and ``lan`` too,
and a character it cannot read in a move is an error at its column, never another move."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
GOOD = sorted((ROOT / "fixtures" / "chess" / "good").glob("*.pgn"))


def _run(*arguments: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(arguments), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _san(path: Path) -> str:
    code, out, err = _run("convert", "--to", "san", str(path), "-o", "-")
    assert code == 0, err
    return out


@pytest.mark.parametrize("target", ["fan", "lan"])
@pytest.mark.parametrize("fixture", GOOD, ids=lambda p: p.name)
def test_kifu_reads_its_own_figurine_and_long_algebraic_output_to_the_same_moves(
    fixture: Path, target: str, tmp_path: Path
) -> None:
    written = tmp_path / f"out.{target}.pgn"
    code, _, err = _run("convert", "--to", target, str(fixture), "-o", str(written))
    assert code == 0, err
    assert _san(written) == _san(fixture)


def test_figurines_are_read_as_their_pieces_with_one_warning(tmp_path: Path) -> None:
    path = tmp_path / "fan.pgn"
    path.write_text('[Event "x"]\n\n1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 dxc6 *\n', encoding="utf-8")
    code, out, _ = _run("check", "--quiet", "--select", "CHESS", str(path))
    assert code == 0
    assert out.count("CHESS112") == 1
    assert "2. ♘f3: the pieces are figurines; SAN writes letters (read as Nf3)" in out
    _, san, _ = _run("convert", "--to", "san", str(path), "-o", "-")
    assert "2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *" in san  # not 2. d3, as it was read before


def test_a_character_kifu_cannot_read_in_a_move_is_an_error_at_its_column(tmp_path: Path) -> None:
    path = tmp_path / "cyrillic.pgn"
    path.write_text('[Event "x"]\n\n1. e4 e5 2. Кf3 *\n', encoding="utf-8")  # a Cyrillic К
    code, out, _ = _run("check", "--quiet", str(path))
    assert code == 1
    assert ":3:13: error PGN001 [game 1] cannot read 'Кf3'" in out
