"""Static checks that CI enforces: mypy --strict and ruff on the core and the chess package."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.typecheck import mypy

ROOT = Path(__file__).resolve().parents[1]
STRICT = ["kifu.core", "kifu.chess", "kifu.commands.check", "kifu.commands.explain", "kifu.app", "kifu.games"]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_strict() -> None:
    result = mypy(STRICT)
    assert result.returncode == 0, result.stdout


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
def test_ruff() -> None:
    paths = [
        "cli/core",
        "cli/chess",
        "cli/commands/check.py",
        "cli/commands/explain.py",
        "cli/app.py",
        "cli/games.py",
        "tests/core",
        "tests/chess",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", *paths], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
