"""Bad input is normal input: each case gets a finding and exit status 1, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli


def check(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "-q", str(path)], catch_exceptions=False)
    return result.exit_code, result.stdout


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("binary.pgn", bytes(range(256)) * 40, "IO004"),
        ("empty.pgn", b"", "IO005"),
        # (a million characters: no limit lies between that and the record's 16 MiB, so a longer move
        # takes the same path; the look-ahead reads the move whole in each of its ~100 readings, and
        # 10 MB took 15 s)
        ("long-line.pgn", b'[Event "x"]\n\n1. e4 e5 2. ' + b"x" * 1_000_000 + b" *\n", "CHESS103"),
        ("long-garbage.pgn", b'[Event "x"]\n\n1. e4 ' + b"%" * 10_000_000 + b" *\n", "PGN001"),
        ("nested.pgn", b'[Event "x"]\n\n1. e4 ' + b"(1. d4 " * 10_000 + b")" * 10_000 + b" e5 *\n", "PGN024"),
        ("unclosed.pgn", b'[Event "x"]\n\n1. e4 ' + b"(1. d4 " * 10_000 + b"*\n", "PGN011"),
        ("truncated.pgn", b'[Event "x"]\n[Site "y"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb', "PGN006"),
        ("nul.pgn", b'[Event "x"]\n\n1. e4\x00 e5 *\n', "IO004"),
    ],
)
def test_bad_input(tmp_path: Path, name: str, content: bytes, code: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    status, output = check(path)
    assert status == 1
    assert f" {code} " in output
    assert "KIFU001" not in output
