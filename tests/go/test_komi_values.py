"""A komi is a finite number: ``inf`` and ``nan``, which Python's float and TOML both read, are a
usage error naming where they came from (``inf`` was an internal error on every Go record, and
``nan`` turned a correct result into a GO201 error)."""

from __future__ import annotations

import re
from pathlib import Path

import kifu
import pytest
from click.testing import CliRunner
from kifu.app import cli

GAME = Path(__file__).resolve().parents[2] / "fixtures" / "go" / "good" / "9x9-even-two-passes.sgf"


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "Infinity", "1e999"])
@pytest.mark.parametrize("command", ["check", "score"])
def test_a_komi_that_is_no_number_is_a_usage_error(command: str, value: str) -> None:
    result = CliRunner().invoke(cli, [command, "--komi", value, str(GAME)])
    assert result.exit_code == 2, result.output
    assert "--komi" in result.stderr and "not a finite number" in result.stderr


@pytest.mark.parametrize("value", ["inf", "nan"])
def test_a_configured_komi_that_is_no_number_names_the_file(tmp_path: Path, value: str) -> None:
    (tmp_path / "kifu.toml").write_text(f"komi = {value}\n")
    (tmp_path / "game.sgf").write_bytes(GAME.read_bytes())
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "game.sgf")])
    assert result.exit_code == 2, result.output
    assert "kifu.toml" in result.stderr and "komi" in result.stderr and "KIFU001" not in result.output


def test_the_library_refuses_it_too() -> None:
    with pytest.raises(ValueError, match="finite"):
        kifu.score(GAME, komi=float("inf"))
    assert len(kifu.score(GAME, komi=6.5)) == 1


def test_a_bool_for_komi_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="komi takes a number, not bool"):
        kifu.check(GAME, komi=True)


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"komi": "x"}, "komi: 'x' is not a valid float"),
        ({"komi": float("nan")}, "komi: nan is not a finite number"),
        ({"ko": "nope"}, "ko: 'nope' is not one of"),
        ({"repetition": "many"}, "repetition: 'many'"),
    ],
)
def test_check_and_convert_refuse_a_bad_setting_with_a_value_error(
    setting: dict[str, object], message: str
) -> None:
    """A bad value is the caller's mistake: a ValueError, never KIFU001 (it was "internal error
    … could not convert string to float: 'x' … please report this bug")."""
    with pytest.raises(ValueError, match=re.escape(message)):
        kifu.check(GAME, **setting)
    with pytest.raises(ValueError, match=re.escape(message)):
        kifu.convert(GAME, "sgf", **setting)
    assert kifu.check(GAME, komi="7.5").records[0].findings == kifu.check(GAME, komi=7.5).records[0].findings
