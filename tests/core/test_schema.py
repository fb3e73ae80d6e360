"""The JSON report keeps its contract: every report kifu writes validates against the JSON Schema
shipped in the package (``kifu.application.report.contract.schema()``): the three games'
fixtures, the corpus."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.report.contract import schema

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"


@functools.cache
def _validator(definition: str | None = None) -> object:
    """The schema's validator (for one of its definitions), built and checked once."""
    document = schema()
    if definition is not None:
        document = {
            "$schema": document["$schema"],
            "$defs": document["$defs"],
            "$ref": f"#/$defs/{definition}",
        }
    validator_class = jsonschema.Draft202012Validator
    validator_class.check_schema(document)
    return validator_class(document)


def _errors(document: object, definition: str | None = None) -> list[str]:
    validator = _validator(definition)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)][:5]  # type: ignore[attr-defined]


def _check(*args: str) -> str:
    return CliRunner().invoke(cli, ["check", "-q", "-j1", *args], catch_exceptions=False).stdout


@pytest.mark.parametrize("game", ["chess", "xiangqi", "go"])
def test_the_json_report_of_every_fixture_validates(game: str) -> None:
    document = json.loads(_check("-r", "--format", "json", str(ROOT / "fixtures" / game)))
    assert document["files"] and _errors(document) == []
    assert '"fix": {"applicability"' in json.dumps(document)  # (their fixes are validated too)


def test_every_jsonl_line_validates() -> None:
    lines = _check("-r", "--format", "jsonl", str(ROOT / "fixtures")).splitlines()
    assert len(lines) > 100
    assert [error for line in lines for error in _errors(json.loads(line), "finding_line")] == []


def test_the_schema_rejects_what_breaks_the_contract() -> None:
    """A test that could not fail would prove nothing: a renamed key and a wrong type are caught."""
    document = json.loads(_check("--format", "json", str(ROOT / "fixtures/chess/bad/rules.pgn")))
    finding = document["files"][0]["records"][0]["findings"][0]
    finding["column_number"] = finding.pop("column")
    assert _errors(document)
    document["files"][0]["records"][0]["findings"][0] = {**finding, "column": "1"}
    assert _errors(document)
    place = {"line": 1, "column": 1}
    fix = {"applicability": "safe", "message": "m", "edits": [{"start": place, "end": place, "content": ""}]}
    document["files"][0]["records"][0]["findings"][0] = {**finding, "column": 1, "fix": fix}
    assert not _errors(document)
    for wrong in (
        {**fix, "applicability": "always"},
        {**fix, "edits": []},
        {**fix, "edits": [{"start": place}]},
    ):
        document["files"][0]["records"][0]["findings"][0] = {**finding, "column": 1, "fix": wrong}
        assert _errors(document)


@pytest.mark.corpus
def test_the_json_report_of_the_corpus_validates() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is absent (a plain clone)")
    document = json.loads(_check("-r", "--format", "json", str(CORPUS)))
    assert len(document["files"]) > 250 and _errors(document) == []
