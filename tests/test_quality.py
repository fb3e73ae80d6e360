"""Static checks that CI enforces on the whole package: mypy --strict and ruff."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.typecheck import mypy

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_strict() -> None:
    result = mypy(["kifu"])
    assert result.returncode == 0, result.stdout


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
def test_ruff() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "cli", "tests"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
