"""The CI output formats of ``kifu check``: github, sarif, junit and jsonl.

Golden files pin each format's exact shape: for a batch of real fixtures and for a batch in which
kifu fails on one record (KIFU001), as cases of tests/cases/chess/formats (tests/test_cases.py);
here, for a synthetic event stream that reaches every branch (multi-line spans, findings without a
span, standard input, paths and messages that need escaping). Regenerate with
``KIFU_UPDATE_GOLDEN=1`` and review the diff like code.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.report import FORMATS, Reporter, github, make_reporter, names_move, sarif
from kifu.core.findings import Finding, Severity
from kifu.core.record import Span
from kifu.core.results import RecordReport, Totals

from tests.faults import chess_record_2_fails
from tests.golden import assert_golden

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden")

CI_FORMATS = ("github", "jsonl", "sarif", "junit")
SUFFIX = {"github": "github.txt", "jsonl": "jsonl", "sarif": "sarif.json", "junit": "junit.xml"}
RULES = "fixtures/chess/bad/rules.pgn"
BATCH = (
    RULES,
    "fixtures/chess/bad/binary.pgn",
    "fixtures/chess/bad/empty.pgn",
    "/dev/null",  # a device: IO001 (a missing file is a usage error)
    "fixtures/chess/good/opera-game.pgn",
)


@pytest.fixture(autouse=True)
def _fixed_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the repository root, with a fixed version and no home page in the SARIF."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sarif, "__version__", "0.0.0-test")
    monkeypatch.setattr(sarif, "information_uri", lambda: None)


def run_check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--quiet", *args], catch_exceptions=False)
    return result.exit_code, result.stdout


@pytest.fixture
def crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """kifu fails on the second record of every chess file (a stand-in for a bug)."""
    chess_record_2_fails(monkeypatch)


# --- golden files ----------------------------------------------------------------------------


def test_every_format_is_offered() -> None:
    assert set(CI_FORMATS) <= set(FORMATS)
    for name in CI_FORMATS:
        assert type(make_reporter(name, io.StringIO())).__module__ == f"kifu.application.report.{name}"


@pytest.mark.parametrize("fmt", CI_FORMATS)
def test_parallel_output_is_the_serial_output(fmt: str) -> None:
    _, serial = run_check("--jobs", "1", "--format", fmt, *BATCH, *BATCH)
    _, parallel = run_check("--jobs", "3", "--format", fmt, *BATCH, *BATCH)
    assert parallel == serial


def synthetic_events(reporter: Reporter) -> Totals:
    """Feed ``reporter`` a run that reaches every branch of the CI reporters."""
    error, warning, info = Severity.ERROR, Severity.WARNING, Severity.INFO
    totals = Totals(files=3, records=3)
    reporter.begin()
    reporter.begin_file("games/round 1,board:2.pgn", "chess", "pgn")
    first = RecordReport(
        index=1,
        line=1,
        tags={"White": "Ånand <V>", "Black": 'Carlsen & "M"'},
        plies=3,
        declared_result="1-0",
        findings=[
            Finding("CHESS101", error, "100% wrong:\nsee\r\nthis", Span(3, 5, 3, 8), 3, "2. Ke3", "FIDE 3"),
            Finding("PGN002", error, "comment opened here is never closed", Span(4, 7, 6, 2)),
            Finding("CHESS107", warning, "null move -- in a variation", Span(5, 1, 5, 3), 2, "1... --"),
            Finding("CHESS205", info, "a draw by agreement, line\u2028separator", None),
        ],
    )
    for report in (first, RecordReport(index=2, line=9, tags={"Red": "紅"})):
        totals.add(report.findings)
        reporter.record(report)
    reporter.end_file([])
    reporter.begin_file("-", "chess", "pgn")
    crashed = RecordReport(index=1, line=1, findings=[Finding("KIFU001", error, "internal error: boom")])
    totals.add(crashed.findings)
    reporter.record(crashed)
    tail = [Finding("IO003", info, "text is not UTF-8; read as Latin-1", Span(2, 1, 2, 5))]
    totals.add(tail)
    reporter.end_file(tail)
    reporter.begin_file("/archive/gone.pgn", None, None)
    gone = [Finding("IO001", error, "no such file: \x01<gone> & 'more'"), Finding("TEST999", warning, "x")]
    totals.add(gone)
    reporter.end_file(gone)
    reporter.end(totals)
    return totals


@pytest.mark.parametrize("fmt", CI_FORMATS)
def test_synthetic_golden(fmt: str) -> None:
    out = io.StringIO()
    synthetic_events(make_reporter(fmt, out))
    assert_golden(GOLDEN / f"synthetic.{SUFFIX[fmt]}", out.getvalue())


@pytest.mark.parametrize("fmt", ["sarif", "junit"])
def test_spooling_to_disk_changes_nothing(fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from kifu.application.report import junit

    expected = io.StringIO()
    synthetic_events(make_reporter(fmt, expected))
    monkeypatch.setattr(sarif, "_SPOOL_BYTES", 16)
    monkeypatch.setattr(junit, "_SPOOL_BYTES", 16)
    out = io.StringIO()
    synthetic_events(make_reporter(fmt, out))
    assert out.getvalue() == expected.getvalue()


# --- exit codes and order ------------------------------------------------------------------


@pytest.mark.parametrize("fmt", CI_FORMATS)
@pytest.mark.parametrize(("fail_on", "expected"), [("error", 0), ("warning", 1), ("info", 1)])
def test_fail_on(tmp_path: Path, fmt: str, fail_on: str, expected: int) -> None:
    path = tmp_path / "zeros.pgn"
    path.write_text((ROOT / "fixtures/chess/good/opera-game.pgn").read_text().replace("O-O-O", "0-0-0"))
    code, out = run_check("--format", fmt, "--fail-on", fail_on, str(path))
    assert code == expected
    assert "CHESS105" in out


@pytest.mark.parametrize("fmt", CI_FORMATS)
def test_errors_exit_1_and_clean_files_exit_0(fmt: str) -> None:
    assert run_check("--format", fmt, RULES)[0] == 1
    code, out = run_check("--format", fmt, "--fail-on", "info", "fixtures/chess/good/opera-game.pgn")
    assert code == 0
    if fmt in ("github", "jsonl"):
        assert out == ""


def paths_and_records(fmt: str, out: str) -> list[tuple[str, int | None]]:
    """``(path, record)`` of each finding (junit: of each test case), in output order."""
    if fmt == "jsonl":
        return [(line["path"], line["record"]) for line in map(json.loads, out.splitlines())]
    if fmt == "github":
        found = re.findall(r"file=([^,:]+)[^:]*::(?:\[game (\d+))?", out)
        return [(path, int(game) if game else None) for path, game in found]
    if fmt == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        return [
            (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["properties"]["record"])
            for r in results
        ]
    cases = ET.fromstring(out).iter("testcase")
    return [
        (
            c.get("classname", ""),
            None if c.get("name") == "file" else int(c.get("name", "")[5:].split(":")[0]),
        )
        for c in cases
    ]


@pytest.mark.parametrize("fmt", CI_FORMATS)
def test_files_and_records_keep_the_input_order(fmt: str) -> None:
    files = ("fixtures/chess/bad/syntax.pgn", RULES, "fixtures/chess/bad/deep-variations.pgn")
    forward = paths_and_records(fmt, run_check("--jobs", "2", "--format", fmt, *files)[1])
    backward = paths_and_records(fmt, run_check("--jobs", "2", "--format", fmt, *reversed(files))[1])
    paths = [path for path, _ in forward]
    assert sorted(set(paths), key=paths.index) == list(files)
    assert paths == sorted(paths, key=files.index)
    for name in files:
        records = [record for path, record in forward if path == name and record is not None]
        assert records == sorted(records) and records
    assert sorted(forward, key=lambda item: files.index(item[0])) == sorted(
        backward, key=lambda item: files.index(item[0])
    )


# --- a crashing record: KIFU001 in every format, the other records still reported --------------


def test_crash_jsonl(crashing: None) -> None:
    code, out = run_check("--jobs", "1", "--format", "jsonl", RULES)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert [(line["record"], line["code"]) for line in lines if line["record"] == 2] == [(2, "KIFU001")]
    assert {line["record"] for line in lines} == set(range(1, 17))


def test_crash_github(crashing: None) -> None:
    code, out = run_check("--jobs", "1", "--format", "github", RULES)
    crash = [line for line in out.splitlines() if "title=KIFU001" in line]
    assert code == 2
    assert len(crash) == 1 and crash[0].startswith("::error title=KIFU001,file=fixtures/chess/bad/rules.pgn")
    assert "[game 2] internal error" in crash[0] and "boom" in crash[0]
    assert "[game 1]" in out and "[game 16]" in out


def test_crash_sarif(crashing: None) -> None:
    code, out = run_check("--jobs", "1", "--format", "sarif", RULES)
    run = json.loads(out)["runs"][0]
    crash = [r for r in run["results"] if r["ruleId"] == "KIFU001"]
    assert code == 2
    assert len(crash) == 1 and crash[0]["properties"]["record"] == 2 and crash[0]["level"] == "error"
    assert crash[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 11
    assert run["invocations"] == [{"executionSuccessful": False}]
    assert {r["properties"]["record"] for r in run["results"]} == set(range(1, 17))
    assert "KIFU001" in [rule["id"] for rule in run["tool"]["driver"]["rules"]]


def test_crash_junit(crashing: None) -> None:
    code, out = run_check("--jobs", "1", "--format", "junit", RULES)
    suite = ET.fromstring(out).find("testsuite")
    assert code == 2 and suite is not None
    cases = suite.findall("testcase")
    assert len(cases) == 16 and (suite.get("tests"), suite.get("errors")) == ("16", "1")
    error = cases[1].find("error")
    assert error is not None and error.get("type") == "KIFU001" and "boom" in (error.text or "")
    assert cases[1].find("failure") is None
    assert cases[0].find("failure") is not None and cases[15].find("failure") is not None


# --- github ----------------------------------------------------------------------------------


def test_github_escaping_is_the_toolkit_s() -> None:
    assert github.escape_data("100%\r\nnext: a, b") == "100%25%0D%0Anext: a, b"
    assert github.escape_property("100%\r\nnext: a, b") == "100%25%0D%0Anext%3A a%2C b"
    assert github.command("warning", {"title": "X1", "file": "a:b,c.pgn", "line": 3, "col": None}, "m") == (
        "::warning title=X1,file=a%3Ab%2Cc.pgn,line=3::m"
    )
    assert github.command("notice", {}, "plain") == "::notice::plain"


def test_github_columns_only_on_one_line() -> None:
    out = io.StringIO()
    synthetic_events(make_reporter("github", out))
    lines = out.getvalue().split("\n")[:-1]  # the runner splits at LF only, not at U+2028
    assert "line=4,endLine=6::" in lines[1] and "col=" not in lines[1]
    assert ",line=1::[game 1] a draw" in lines[3]  # no span: the record's line
    assert lines[4].startswith("::error title=KIFU001::")  # standard input: no file
    assert len(lines) == 8 and all(line.startswith(("::error ", "::warning ", "::notice ")) for line in lines)


# --- jsonl -----------------------------------------------------------------------------------


def test_jsonl_lines_are_the_json_findings_plus_path_and_record() -> None:
    _, out = run_check("--format", "jsonl", RULES)
    _, document = run_check("--format", "json", RULES)
    expected = [
        {"path": file["path"], "record": record["index"], **finding}
        for file in json.loads(document)["files"]
        for record in file["records"]
        for finding in record["findings"]
    ]
    assert [json.loads(line) for line in out.splitlines()] == expected


def test_jsonl_one_object_per_line_even_with_unicode_line_separators() -> None:
    out = io.StringIO()
    synthetic_events(make_reporter("jsonl", out))
    lines = out.getvalue().splitlines()
    assert len(lines) == 8
    assert json.loads(lines[3])["message"].endswith("line\u2028separator")
    assert [json.loads(line)["record"] for line in lines] == [1, 1, 1, 1, 1, None, None, None]


# --- sarif -----------------------------------------------------------------------------------

#: Keys the SARIF 2.1.0 schema allows on the objects kifu writes (``additionalProperties: false``).
SARIF_KEYS = {
    "log": {"$schema", "version", "runs"},
    "run": {"tool", "invocations", "columnKind", "results"},
    "driver": {"name", "version", "informationUri", "rules"},
    "rule": {
        "id",
        "name",
        "shortDescription",
        "fullDescription",
        "help",
        "defaultConfiguration",
        "properties",
    },
    "result": {"ruleId", "ruleIndex", "level", "message", "locations", "properties", "fixes"},
    "region": {"startLine", "startColumn", "endLine", "endColumn"},
    "fix": {"description", "artifactChanges"},
    "artifactChange": {"artifactLocation", "replacements"},
    "replacement": {"deletedRegion", "insertedContent"},
}
LEVELS = {"error", "warning", "note", "none"}


def check_sarif(log: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Assert the parts of the SARIF schema and of GitHub's upload checks that kifu's output meets."""
    assert set(log) == SARIF_KEYS["log"] and log["version"] == "2.1.0"
    assert log["$schema"].startswith("https://") and log["$schema"].endswith("sarif-schema-2.1.0.json")
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    assert set(run) == SARIF_KEYS["run"] and run["columnKind"] == "unicodeCodePoints"
    driver = run["tool"]["driver"]
    assert set(driver) <= SARIF_KEYS["driver"] and driver["name"] == "kifu"
    rules = driver["rules"]
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert set(rule) <= SARIF_KEYS["rule"]
        for key in ("shortDescription", "fullDescription", "help"):
            if key in rule:
                assert set(rule[key]) <= {"text", "markdown"} and rule[key]["text"]
        if "defaultConfiguration" in rule:
            assert rule["defaultConfiguration"]["level"] in LEVELS
            assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", rule["name"]) and len(rule["name"]) <= 255
            tags = rule["properties"]["tags"]
            assert len(tags) == len(set(tags)) <= 20
    for result in run["results"]:
        assert set(result) <= SARIF_KEYS["result"]
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in LEVELS and result["message"]["text"]
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        artifact = physical["artifactLocation"]
        assert set(artifact) <= {"uri", "uriBaseId"} and "\\" not in artifact["uri"]
        assert re.fullmatch(r"[A-Za-z0-9._~%!$&'()*+,;=:@/-]+", artifact["uri"])
        assert ("uriBaseId" in artifact) == (not artifact["uri"].startswith("file:"))
        region = physical["region"]
        assert set(region) <= SARIF_KEYS["region"] and "startLine" in region
        assert all(isinstance(value, int) and value >= 1 for value in region.values())
        for fix in result.get("fixes", []):
            assert set(fix) == SARIF_KEYS["fix"] and fix["description"]["text"]
            (change,) = fix["artifactChanges"]
            assert set(change) == SARIF_KEYS["artifactChange"] and change["artifactLocation"] == artifact
            assert change["replacements"]
            for replacement in change["replacements"]:
                assert set(replacement) == SARIF_KEYS["replacement"]
                assert set(replacement["deletedRegion"]) == SARIF_KEYS["region"]
                assert all(value >= 1 for value in replacement["deletedRegion"].values())
                assert set(replacement["insertedContent"]) == {"text"}
        yield result


def test_sarif_structure_of_a_real_batch() -> None:
    _, out = run_check("--format", "sarif", *BATCH, "fixtures/chess/bad/syntax.pgn")
    results = list(check_sarif(json.loads(out)))
    assert len(results) > 40


def test_sarif_structure_of_the_synthetic_run() -> None:
    out = io.StringIO()
    synthetic_events(make_reporter("sarif", out))
    log = json.loads(out.getvalue())
    results = list(check_sarif(log))
    assert [r["ruleId"] for r in results] == [
        "CHESS101", "PGN002", "CHESS107", "CHESS205", "KIFU001", "IO003", "IO001", "TEST999"
    ]  # fmt: skip
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [r["ruleId"] for r in results]
    assert set(rules[-1]) == {"id", "shortDescription", "fullDescription", "help"}
    assert results[2]["level"] == "warning" and rules[2]["defaultConfiguration"]["level"] == "error"
    assert results[3]["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}
    assert results[6]["properties"] == {"record": None}


def test_sarif_rules_are_listed_even_when_their_game_was_checked_in_another_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import kifu.core.findings as findings

    saved = dict(findings.REGISTRY)
    try:
        for code in [code for code in findings.REGISTRY if code.startswith(("CHESS", "PGN"))]:
            del findings.REGISTRY[code]
        monkeypatch.delitem(sys.modules, "kifu.chess.codes")
        rule = sarif.rule_descriptor("CHESS101")
        assert rule["id"] == "CHESS101" and "name" not in rule and rule["help"]["text"]
        # the command registers every game's codes before the log is written
        result = CliRunner().invoke(cli, ["check", "--format", "sarif", "-j1", str(ROOT / RULES)])
        rules = json.loads(result.stdout)["runs"][0]["tool"]["driver"]["rules"]
        assert {"id": "CHESS101", "name": "IllegalMove"}.items() <= next(
            r for r in rules if r["id"] == "CHESS101"
        ).items()
    finally:
        findings.REGISTRY.clear()
        findings.REGISTRY.update(saved)


def test_sarif_fixes_of_the_bad_fixtures() -> None:
    """Each finding with a fix carries it as a SARIF ``fix``: its edits as replacements."""
    _, out = run_check("--format", "sarif", "fixtures/chess/bad", "fixtures/go/bad", "fixtures/xiangqi/bad")
    results = list(check_sarif(json.loads(out)))
    fixed = [result for result in results if "fixes" in result]
    assert len(fixed) > 20 and all(
        result["fixes"][0]["description"]["text"].endswith(" fix)") for result in fixed
    )


#: the SARIF 2.1.0 JSON schema (sarif-2.1/schema/sarif-schema-2.1.0.json of github.com/oasis-tcs/sarif-spec)
SARIF_SCHEMA = os.environ.get("KIFU_SARIF_SCHEMA")


@pytest.mark.skipif(not SARIF_SCHEMA, reason="set KIFU_SARIF_SCHEMA to OASIS's sarif-schema-2.1.0.json")
def test_sarif_with_fixes_validates_against_the_oasis_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(Path(str(SARIF_SCHEMA)).read_text(encoding="utf-8"))
    _, out = run_check("--format", "sarif", "fixtures/chess/bad", "fixtures/go/bad", "fixtures/xiangqi/bad")
    log = json.loads(out)
    assert any("fixes" in result for result in log["runs"][0]["results"])
    errors = list(jsonschema.validators.validator_for(schema)(schema).iter_errors(log))
    assert errors == []


MULTITOOL = os.environ.get("KIFU_SARIF_MULTITOOL")


@pytest.mark.skipif(not MULTITOOL, reason="set KIFU_SARIF_MULTITOOL to Microsoft's Sarif.Multitool")
def test_sarif_passes_the_sarif_multitool_with_github_rules(tmp_path: Path) -> None:
    """The official validator: the 2.1.0 schema, its own rules and GitHub's (GH1001…).

    Not run by default: the validator is a 100 MB .NET program (npm package
    ``@microsoft/sarif-multitool-linux``). Warnings count as failures, except SARIF2005
    (``informationUri``, present only when the package metadata names a home page).
    """
    import subprocess

    logs = [tmp_path / "batch.sarif", tmp_path / "synthetic.sarif"]
    logs[0].write_text(run_check("--format", "sarif", *BATCH)[1], encoding="utf-8")
    out = io.StringIO()
    synthetic_events(make_reporter("sarif", out))
    logs[1].write_text(out.getvalue(), encoding="utf-8")
    for log in logs:
        result = subprocess.run(
            [str(MULTITOOL), "validate", str(log), "--rule-kind", "Sarif;Gh", "--level", "Error;Warning",
             "-o", str(log.with_suffix(".out")), "--log", "ForceOverwrite"],
            capture_output=True, text=True, env={**os.environ, "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT": "1"},
        )  # fmt: skip
        problems = [line for line in result.stdout.splitlines() if re.search(r": (error|warning) ", line)]
        assert [line for line in problems if "SARIF2005" not in line] == [], result.stdout
        assert result.returncode == 0, result.stdout


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("fixtures/a.pgn", {"uri": "fixtures/a.pgn", "uriBaseId": "%SRCROOT%"}),
        ("./round 1/a#b.pgn", {"uri": "round%201/a%23b.pgn", "uriBaseId": "%SRCROOT%"}),
        ("../up/é.sgf", {"uri": "../up/%C3%A9.sgf", "uriBaseId": "%SRCROOT%"}),
        ("/srv/games/a b.pgn", {"uri": "file:///srv/games/a%20b.pgn"}),
    ],
)
def test_sarif_artifact_locations(path: str, expected: dict[str, str]) -> None:
    assert sarif.artifact_location(path) == expected


def test_sarif_rule_names() -> None:
    assert sarif.rule_name("illegal move") == "IllegalMove"
    assert sarif.rule_name("text is not UTF-8; read as Latin-1") == "TextIsNotUTF8ReadAsLatin1"


# --- junit -----------------------------------------------------------------------------------


def test_junit_counts_and_mapping() -> None:
    _, out = run_check("--format", "junit", *BATCH)
    root = ET.fromstring(out)
    suites = root.findall("testsuite")
    assert [suite.get("name") for suite in suites] == list(BATCH)
    for element in (root, *suites):
        cases = list(element.iter("testcase"))
        assert element.get("tests") == str(len(cases))
        assert element.get("failures") == str(sum(c.find("failure") is not None for c in cases))
        assert element.get("errors") == str(sum(c.find("error") is not None for c in cases))
        assert element.get("skipped") == "0"
    rules = suites[0].findall("testcase")
    assert [case.get("name") for case in rules][:2] == [
        "game 1: White, A. - Black, B.",
        "game 2: White, A. - Black, B.",
    ]
    assert all(case.get("classname") == RULES for case in rules)
    warned = rules[3]  # game 4: warnings only: passes, the warnings are in its output
    assert warned.find("failure") is None and "CHESS104" in (warned.findtext("system-out") or "")
    assert [case.get("name") for case in suites[1].findall("testcase")] == ["file"]
    assert suites[4].find("testcase/system-out") is not None and suites[4].find("testcase/failure") is None


def test_junit_escapes_what_xml_cannot_carry() -> None:
    out = io.StringIO()
    synthetic_events(make_reporter("junit", out))
    root = ET.fromstring(out.getvalue())
    first = root.find("testsuite/testcase")
    assert first is not None and first.get("name") == 'game 1: Ånand <V> - Carlsen & "M"'
    failure = first.find("failure")
    # a CR is shown as an escape (a terminal shows the report too); a line feed stays a line feed
    assert failure is not None and failure.get("message") == "2 errors; first: 100% wrong:\nsee\\r\nthis"
    gone = root.findall("testsuite")[2].find("testcase/failure")
    assert gone is not None and gone.get("message") == "no such file: \\x01<gone> & 'more'"
    stdin = root.findall("testsuite")[1]
    assert (stdin.get("errors"), stdin.get("failures")) == ("1", "0")


# --- pre-commit --------------------------------------------------------------------------------


def test_pre_commit_hook_matches_every_record_file() -> None:
    from kifu.core.sources import COMPRESSION_SUFFIXES
    from kifu.games import KNOWN_EXTENSIONS

    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert re.search(r"^- id: kifu-check$", text, re.M)
    assert re.search(r"^  entry: kifu check --force-exclude$", text, re.M)
    assert re.search(r"^  language: python$", text, re.M)
    (pattern,) = re.findall(r"^  files: '(.+)'$", text, re.M)
    files = re.compile(pattern)
    for extension in KNOWN_EXTENSIONS:
        for suffix in ("", *COMPRESSION_SUFFIXES):
            for name in (f"games/a{extension}{suffix}", f"A{extension.upper()}{suffix}"):
                assert files.search(name), name
    for name in ("notes.md", "a.pgn.bak", "a.pgnx", "pgn", "a.sgf.gz.txt"):
        assert not files.search(name), name


def _names_move_as_a_pattern(move: str, message: str) -> bool:
    """The pattern names_move once compiled from the move: the oracle of its text comparison."""
    return re.match(rf"(?:\d+\.(?:\.\.)? )?{re.escape(move)}(?=[\s:]|$)", message) is not None


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("Ke3", "Ke3: no white king"),
        ("Ke3", "2. Ke3: no white king"),
        ("Bg4", "12... Bg4 is not legal"),
        ("Bg4", "12... Bg4x is not legal"),
        ("Bg4", "12.. Bg4 is not legal"),
        ("Bg4", "Bg4"),
        ("Bg4", "12... Bg4"),
        ("Bg4", "12... Bg"),
        ("2.", "2. e4"),
        ("1.", "1. 1. x"),
        ("e4", "1.e4 bad"),
        ("e4", "the move e4 is bad"),
        ("a+b", "a+b\tthen"),
        ("a.b", "axb: no"),
        ("x", "x\u3000full-width space"),
        ("", ": empty"),
        ("", "1. "),
        ("", "no"),
    ],
)
def test_a_report_sees_the_move_at_the_start_of_the_message_as_before(move: str, message: str) -> None:
    finding = Finding("CHESS101", Severity.ERROR, message, move=move)
    assert names_move(finding) is _names_move_as_a_pattern(move, message)


def test_a_move_of_megabytes_is_compared_not_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile record's move (tests/chess/test_hostile.py's 10 MB line) is no pattern: compiling
    one took 10 s."""

    def small(pattern: Any, *args: Any) -> Any:
        assert len(pattern) < 1000, "a pattern made of the move"
        return compile_pattern(pattern)

    compile_pattern = re.compile
    monkeypatch.setattr(re, "compile", lambda pattern, *args: small(pattern))
    monkeypatch.setattr(re, "match", lambda pattern, text, *args: small(pattern).match(text))
    move = "x" * 10_000_000
    assert names_move(Finding("CHESS103", Severity.ERROR, f"2. {move} is not a move", move=move))
    assert not names_move(Finding("CHESS103", Severity.ERROR, f"2. {move}x", move=move))
