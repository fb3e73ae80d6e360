"""Shared test helpers: where the fixtures and the shared corpus are."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.fixture
def corpus() -> Path:
    """The shared corpus (``../shared/corpus``); tests using it skip in a plain clone."""
    if not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS} (a plain clone has no corpus)")
    return CORPUS


def find_program(name: str) -> str | None:
    """An installed program, also looking in /usr/games where Debian puts gnugo and pgn-extract."""
    return shutil.which(name) or shutil.which(name, path="/usr/games")
