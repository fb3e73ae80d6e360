"""Shell completion through Click (bash, zsh, fish) and the man pages built from the commands."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.manpage import pages  # noqa: E402


@pytest.mark.parametrize(
    ("shell", "marker"), [("bash", "complete -o"), ("zsh", "compdef"), ("fish", "complete --no-files")]
)
def test_completion_scripts(shell: str, marker: str) -> None:
    result = CliRunner().invoke(cli, [], prog_name="kifu", env={"_KIFU_COMPLETE": f"{shell}_source"})
    assert result.exit_code == 0 and marker in result.output and "_KIFU_COMPLETE" in result.output


def complete(words: str) -> list[str]:
    env = {"_KIFU_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    result = CliRunner().invoke(cli, [], prog_name="kifu", env=env)
    return [line.split(",", 1)[1] for line in result.output.splitlines()]


def test_completion_of_commands_and_options() -> None:
    assert "check" in complete("kifu ch") and "config" in complete("kifu co")
    assert complete("kifu check --ign") == ["--ignore"]
    assert complete("kifu check --fail-on w") == ["warning"]


def test_man_pages_cover_every_command_and_option(tmp_path: Path) -> None:
    generated = pages(date="2026-01-01")
    assert set(generated) == {f"kifu-{name}.1" for name in cli.list_commands(None)} | {"kifu.1"}  # type: ignore[arg-type]
    check = generated["kifu-check.1"]
    assert check.startswith('.TH "KIFU-CHECK" "1" "2026-01-01"')
    for option in ("\\-\\-select", "\\-\\-per\\-file\\-ignores", "\\-\\-respect\\-gitignore", "\\-\\-config"):
        assert option in check
    assert "_KIFU_COMPLETE" in generated["kifu.1"]
    if shutil.which("groff"):
        for name, text in generated.items():
            (tmp_path / name).write_text(text)
            rendered = subprocess.run(
                ["groff", "-man", "-Tutf8", "-ww", str(tmp_path / name)], capture_output=True, text=True
            )
            assert rendered.returncode == 0 and rendered.stderr == "", (name, rendered.stderr)
