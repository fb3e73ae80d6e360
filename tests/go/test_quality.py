"""Static checks for the Go package: mypy --strict and ruff."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.typecheck import mypy

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_strict_go() -> None:
    result = mypy(["kifu.go", "kifu.commands.score"])
    errors = [line for line in result.stdout.splitlines() if "kifu/go/" in line or "commands/score" in line]
    assert errors == [], result.stdout


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
def test_ruff_go() -> None:
    paths = ["cli/go", "cli/commands/score.py", "tests/go", "tests/bench/go_check.py"]
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", *paths], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
