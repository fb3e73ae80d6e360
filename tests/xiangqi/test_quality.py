"""Static checks of the xiangqi package: mypy --strict and ruff on its own files."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.typecheck import mypy

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_strict_xiangqi() -> None:
    result = mypy(["kifu.xiangqi"])
    # only the xiangqi package is judged here; imported packages have their own quality tests
    ours = [line for line in result.stdout.splitlines() if line.startswith("kifu/xiangqi/")]
    assert not ours, "\n".join(ours)
    assert "kifu/xiangqi" not in result.stderr


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
def test_ruff_xiangqi() -> None:
    paths = ["cli/xiangqi", "tests/xiangqi", "tests/bench/xiangqi_replay.py"]
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", *paths], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
