"""Shared test helpers: where the fixtures and the shared corpus are; the hypothesis profile."""

from __future__ import annotations

import dataclasses
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from kifu.core.limits import limits, set_limits

# In CI (`.ci/run` sets CI) the property tests draw the same examples on every run, so that a
# run never fails on a case no earlier run met; elsewhere every run draws new ones, and a case
# that fails is pinned with @example once the bug is fixed.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.fixture(autouse=True)
def _limits_restored() -> Iterator[None]:
    """A command run in-process sets kifu's limits from its options (``--max-record``…) for the
    rest of the process: each test gives back the limits it found."""
    before = limits()
    yield
    set_limits(**dataclasses.asdict(before))


@pytest.fixture(autouse=True)
def _no_user_config(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the configuration of the user who runs it (``~/.config/kifu/kifu.toml``):
    ``XDG_CONFIG_HOME`` is an empty directory of the session, for subprocesses too."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.getbasetemp() / "no-user-config"))


@pytest.fixture
def corpus() -> Path:
    """The shared corpus (``../shared/corpus``); tests using it skip in a plain clone."""
    if not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS} (a plain clone has no corpus)")
    return CORPUS


def find_program(name: str) -> str | None:
    """An installed program, also looking in /usr/games where Debian puts gnugo and pgn-extract."""
    return shutil.which(name) or shutil.which(name, path="/usr/games")
