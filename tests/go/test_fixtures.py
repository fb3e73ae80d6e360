"""Fixtures: every SGF/GO finding code has a broken file that triggers it; good files are clean.

What `kifu check` prints for them is a case of tests/cases/go (tests/test_cases.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.findings import REGISTRY
from kifu.go import codes  # noqa: F401  (registers the codes)

from tests.go.helpers import check_file

ROOT = Path(__file__).resolve().parents[2]
BAD = sorted((ROOT / "fixtures" / "go" / "bad").glob("*.sgf"))
GOOD = sorted((ROOT / "fixtures" / "go" / "good").glob("*.sgf"))
#: Codes only the score command or a missing program can produce (tested in test_score.py).
NOT_FROM_CHECK = {"GO204", "GO207"}


@pytest.mark.parametrize("fixture", BAD, ids=lambda p: p.name)
def test_bad_fixture_triggers_its_code(fixture: Path) -> None:
    code = fixture.name.split("-")[0]
    checked = check_file(fixture)
    assert code in checked.all_codes()
    assert "KIFU001" not in checked.all_codes()


@pytest.mark.parametrize("fixture", GOOD, ids=lambda p: p.name)
def test_good_fixture_is_clean(fixture: Path) -> None:
    checked = check_file(fixture)
    assert checked.all_codes() == []
    assert checked.records


def test_every_go_code_has_a_fixture() -> None:
    registered = {c for c in REGISTRY if c.startswith(("SGF", "GO"))}
    covered = {p.name.split("-")[0] for p in BAD}
    assert registered - covered == NOT_FROM_CHECK
    assert covered <= registered


def test_codes_are_documented() -> None:
    for code, entry in REGISTRY.items():
        if code.startswith(("SGF", "GO")):
            assert len(entry.doc) > 40 and entry.rule, code


def test_clean_fixtures_exit_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["check", "-q", "-r", "fixtures/go/good"], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout
    assert result.stdout == ""


def test_explain_go_code() -> None:
    result = CliRunner().invoke(cli, ["explain", "GO104"])
    assert result.exit_code == 0
    assert "positional superko" in result.stdout


def test_check_ko_and_komi_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    fixture = "fixtures/go/bad/GO104-positional-superko.sgf"
    strict = CliRunner().invoke(cli, ["check", "-q", fixture], catch_exceptions=False)
    simple = CliRunner().invoke(cli, ["check", "-q", "--ko", "simple", fixture], catch_exceptions=False)
    assert "error GO104" in strict.stdout and strict.exit_code == 1
    assert "error GO104" not in simple.stdout and simple.exit_code == 0
    counted = CliRunner().invoke(
        cli,
        ["check", "-q", "--format", "json", "--komi", "2.5", "fixtures/go/bad/GO201-result-disagrees.sgf"],
        catch_exceptions=False,
    )
    score = json.loads(counted.stdout)["files"][0]["records"][0]["score"]
    assert score["komi"] == 2.5 and score["result"] == "W+2.5"


def test_check_reads_sgf_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    result = CliRunner().invoke(
        cli,
        ["check", "-q", "--format", "json", "-"],
        input="(;GM[1]SZ[9]KM[6.5];B[ee];W[ee])",
        catch_exceptions=False,
    )
    document = json.loads(result.stdout)
    assert document["files"][0]["game"] == "go"
    assert [f["code"] for f in document["files"][0]["records"][0]["findings"]] == ["GO101"]
    assert result.exit_code == 1
