"""The command cases: every ``tests/cases/<game>/cases.toml`` entry run through the CLI.

Each game's table maps an expected file, kept beside the table, to the command line that makes
it (run from the repository root, or from ``cwd``), the exit code it must end with and the
*shape* of the expected file:

- ``stdout``: what the command printed on standard output;
- ``exit+stdout``: ``exit N`` on the first line, then standard output;
- ``exit+stderr+stdout``: ``exit N``, ``--- stderr`` and standard error, ``--- stdout`` and
  standard output;
- ``json-report``: the JSON report on standard output, its ``kifu`` version replaced by
  ``<version>`` (indented by one).

An input written for a case sits beside its expected output; the fixtures of ``fixtures/`` are
named by their path. ``fault`` injects a bug (a name of ``FAULTS``) so that the reports of an
internal error are pinned too. ``KIFU_UPDATE_GOLDEN=1`` rewrites the expected files, never the
tables: an exit code is changed by hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from click.testing import CliRunner
from kifu import games
from kifu.app import cli
from kifu.application.report import sarif

from tests.faults import chess_record_2_fails
from tests.golden import CASES, GAMES, ROOT, Case, all_cases, assert_golden, table

ALL = all_cases()
#: Where a KIFU001 message names the failing source line: it moves whenever that file is edited.
WHERE = re.compile(r"\bat [\w.]+\.py:\d+")
FAULTS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {"chess-record-2-fails": chess_record_2_fails}


def _json_report(stdout: str) -> str:
    document = json.loads(stdout)
    document["kifu"] = "<version>"
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


SHAPES: dict[str, Callable[[int, str, str], str]] = {
    "stdout": lambda code, out, err: out,
    "exit+stdout": lambda code, out, err: f"exit {code}\n{out}",
    "exit+stderr+stdout": lambda code, out, err: f"exit {code}\n--- stderr\n{err}--- stdout\n{out}",
    "json-report": lambda code, out, err: _json_report(out),
}


@pytest.mark.parametrize("case", ALL, ids=[case.name for case in ALL])
def test_case(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command prints its expected file (in its shape) and ends with its exit code."""
    monkeypatch.chdir(case.cwd)
    # the SARIF names kifu's version and home page: fixed, so that a release changes no case
    monkeypatch.setattr(sarif, "__version__", "0.0.0-test")
    monkeypatch.setattr(sarif, "information_uri", lambda: None)
    if case.fault:
        FAULTS[case.fault](monkeypatch)
    result = CliRunner().invoke(cli, list(case.run), catch_exceptions=False)
    actual = SHAPES[case.shape](result.exit_code, result.stdout, result.stderr)
    assert_golden(case.expected, WHERE.sub("at <where>", actual))
    assert result.exit_code == case.exit, f"{case.name}: exit {result.exit_code}, the table says {case.exit}"


@pytest.mark.parametrize("game", GAMES)
def test_the_table_is_well_formed(game: str) -> None:
    """Each entry names a known shape and fault, a file beside its table, and only known keys."""
    for key, entry in table(game).items():
        assert set(entry) <= {"run", "exit", "shape", "cwd", "fault"}, key
        assert {"run", "exit", "shape"} <= set(entry), key
        assert entry["shape"] in SHAPES, key
        assert entry.get("fault", "chess-record-2-fails") in FAULTS, key
        assert (CASES / game / key).resolve().is_relative_to(CASES / game), key
        assert (ROOT / str(entry.get("cwd", "."))).is_dir(), key


def test_every_expected_file_is_in_a_table() -> None:
    """A file under tests/cases that no table names is an input or a stale output: inputs are
    named by a case's command line."""
    named = {case.expected for case in ALL}
    used = " ".join(" ".join(case.run) for case in ALL)
    stray = [
        path.relative_to(CASES).as_posix()
        for path in sorted(CASES.rglob("*"))
        if path.is_file() and path.name != "cases.toml" and path not in named and path.name not in used
    ]
    assert not stray, f"files no case names: {stray}"


@pytest.mark.parametrize("game", GAMES)
def test_each_converted_source_has_a_case_per_target(game: str) -> None:
    """A new target needs its expected output from every source already converted: the cases
    ``convert/<source>.<target>``."""
    targets = {loaded.NAME: set(loaded.TARGETS) for loaded in games.loaded()}[game]
    converted: dict[str, set[str]] = {}
    for case in ALL:
        if case.name.startswith(f"{game}/convert/"):
            source, target = case.expected.name.split(".", 1)
            converted.setdefault(source, set()).add(target)
    assert converted
    missing = {source: sorted(targets - have) for source, have in converted.items() if not targets <= have}
    assert not missing, f"targets without a case: {missing}"


def test_every_chess_fixture_has_a_check_case() -> None:
    """``kifu check`` of each chess fixture is pinned (its text findings)."""
    fixtures = [path.relative_to(ROOT).as_posix() for path in sorted(ROOT.glob("fixtures/chess/**/*.pgn"))]
    texts = [case for case in ALL if case.name.startswith("chess/check/") and case.name.endswith(".txt")]
    checked = {case.run[-1] for case in texts}
    missing = [path for path in fixtures if path not in checked]
    assert fixtures and not missing, f"chess fixtures without a check case: {missing}"
