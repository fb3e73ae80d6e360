"""``kifu convert`` is a fixed point (issue 16): ``--to pgn`` (``--to sgf`` for Go) applied to its
own output gives the same bytes, and the output is read as the same game.

Every chess, xiangqi and Go fixture and every record of the shared corpus that converts at all
is converted by the command as a user runs it (the game detected, not given), then its output
is converted again. The per-game tests hold finer round trips (same moves, tags, findings);
this one holds the contract on whole files, detection included.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.detection import detect, recognise
from kifu.core.sources import Source, SourceError
from kifu.games import KNOWN_EXTENSIONS

from tests.conftest import CORPUS, FIXTURES

#: files this large take seconds each (the DhtmlXQ book of 107,000 moves)
LARGE = 1 << 18


def _records(root: Path) -> list[Path]:
    """The files under ``root`` that kifu takes as records (as ``kifu check -r`` does)."""
    found = []
    for path in sorted(root.rglob("*")):
        source = Source(str(path))
        if path.is_file() and (source.extension in KNOWN_EXTENSIONS or recognise(source)):
            found.append(path)
    return found


def _params(root: Path, paths: list[Path], marks: list[pytest.MarkDecorator]) -> list[object]:
    return [
        pytest.param(
            path,
            id=str(path.relative_to(root.parent)),
            marks=[*marks, *([pytest.mark.slow] if path.stat().st_size > LARGE else [])],
        )
        for path in paths
    ]


FIXTURE_PATHS = _records(FIXTURES)
FIXTURE_FILES = _params(FIXTURES, FIXTURE_PATHS, [])
CORPUS_FILES = (
    _params(CORPUS, _records(CORPUS), [pytest.mark.corpus])
    if CORPUS.is_dir()
    else [pytest.param(None, id="(no corpus)", marks=[pytest.mark.corpus])]
)


def _convert(source: Path, target: str, output: Path) -> str:
    """``kifu convert --to target source -o output``: the output's text ("" when nothing was written)."""
    result = CliRunner().invoke(cli, ["convert", "--to", target, "--lenient", str(source), "-o", str(output)])
    assert "Traceback" not in result.output and result.exit_code in (0, 1), result.output
    return output.read_text(encoding="utf-8") if output.exists() else ""


def _fixed_point(path: Path, tmp_path: Path) -> None:
    """Hold the contract on ``path``, or skip saying why there is nothing to check."""
    try:
        detected = detect(Source(str(path)))
    except SourceError as error:  # binary data where text was expected: nothing converts
        pytest.skip(f"not read as a record: {error.finding.message}")
    if detected is None:
        pytest.skip("its game cannot be told: nothing converts")
    game = detected[0]
    target = "sgf" if game == "go" else "pgn"
    once_path, twice_path = tmp_path / f"once.{target}", tmp_path / f"twice.{target}"
    once = _convert(path, target, once_path)
    if not once:  # a truncated header, a library kifu cannot read yet
        pytest.skip(f"nothing in it converts to {target}")
    again = detect(Source(str(once_path)))
    assert again is not None and again[0] == game, f"{path}: the {target} output reads as {again}"
    twice = _convert(once_path, target, twice_path)
    assert twice == once, f"{path}: the second conversion differs"


@pytest.mark.parametrize("path", FIXTURE_FILES)
def test_the_fixtures_convert_to_a_fixed_point(path: Path, tmp_path: Path) -> None:
    _fixed_point(path, tmp_path)


@pytest.mark.parametrize("path", CORPUS_FILES)
def test_the_corpus_converts_to_a_fixed_point(path: Path | None, corpus: Path, tmp_path: Path) -> None:
    assert path is not None
    _fixed_point(path, tmp_path)


def test_the_fixtures_of_every_game_are_found() -> None:
    names = {path.name for path in FIXTURE_PATHS}
    assert {"opera-game.pgn", "plain-v10.xqf", "game.dhtml", "variations-and-text.sgf"} <= names
