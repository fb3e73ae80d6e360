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


#: The longest tests (seconds each; ``make test`` names its 10 slowest), by node id or its start,
#: the longest first. They run first, then the ``slow`` ones: ``make test``'s two workers
#: (pytest-xdist's worksteal schedule) then share out the short tests after them, and no worker
#: is left at the end of the run with a long test the other waits for.
LONG = (
    "tests/test_linear_readers.py::test_every_reader_is_linear_on_runs_of_each_character_class",
    "tests/test_compiled.py::test_a_representative_part_of_the_suite_in_the_other_mode",
    "tests/show/test_report_scale.py::",
    "tests/test_imports.py::test_every_module_imports_alone",
    "tests/go/test_gnugo_game.py::test_dead_stones_are_gnugos_answer_on_the_game_it_loads",
    "tests/chess/test_position.py::test_the_mailbox_plays_as_python_chess",
    "tests/chess/test_position.py::test_python_chess_positions_answer_alike",
    "tests/test_quality.py::test_mypy_strict",
    "tests/chess/test_lookahead.py::test_planted_slips_in_random_games",
    "tests/xiangqi/test_notation.py::test_property_strategy_reaches_doubled_pawn_files",
    "tests/xiangqi/test_convert.py::test_random_games_round_trip",
    "tests/xiangqi/test_convert.py::test_converted_output_checks_with_no_new_finding",
    "tests/core/test_schema.py::test_the_json_report_of_the_corpus_validates",
)


def _rank(item: pytest.Item) -> int:
    """Where ``item`` runs: by its place in :data:`LONG`, then the ``slow`` ones, then the rest."""
    place = next((i for i, start in enumerate(LONG) if item.nodeid.startswith(start)), None)
    if place is not None:
        return place
    return len(LONG) if item.get_closest_marker("slow") else len(LONG) + 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long tests first (:data:`LONG`, then the ``slow`` ones), the rest in their order; the
    ``install`` tests (they build kifu) only when a ``-m`` expression names them."""
    if "install" not in (config.option.markexpr or ""):
        skip = pytest.mark.skip(reason="builds and installs kifu: make test-install runs it")
        for item in items:
            if item.get_closest_marker("install"):
                item.add_marker(skip)
    items.sort(key=_rank)


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
