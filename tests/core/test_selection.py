"""Rule selection: --select, --extend-select, --ignore (prefixes), --per-file-ignores, --severity,
--exit-zero; ignored findings are counted, never lost; --statistics with titles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.selection import FileIgnore, Layer, Selection, SelectionError, normalise_selectors
from kifu.core.findings import Finding, Severity
from kifu.core.paths import Anchored

ROOT = Path(__file__).resolve().parents[2]
ILLEGAL = "1. e4 e5 2. Ke3 *\n"  # PGN009 (warning: no tags) and CHESS101 (error)
TAGS = '[Event "x"]\n[Site "x"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", "--isolated", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def codes(out: str) -> list[str]:
    return [line.split()[2] for line in out.splitlines() if line and not line.startswith(" ")]


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    (tmp_path / "round.pgn").write_text(ILLEGAL)
    (tmp_path / "drafts").mkdir()
    (tmp_path / "drafts" / "draft.pgn").write_text(ILLEGAL)
    return tmp_path


def finding(code: str, severity: Severity = Severity.ERROR) -> Finding:
    return Finding(code, severity, "message")


# --- the selection itself ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("layers", "code", "expected"),
    [
        ([], "CHESS101", True),
        ([Layer(select=("CHESS",))], "CHESS101", True),
        ([Layer(select=("CHESS",))], "PGN009", False),
        ([Layer(ignore=("PGN0",))], "PGN009", False),
        ([Layer(ignore=("PGN0",))], "PGN100", True),
        ([Layer(ignore=("PGN0",))], "CHESS101", True),
        ([Layer(select=("CHESS",), ignore=("CHESS1",))], "CHESS101", False),
        ([Layer(select=("CHESS",), ignore=("CHESS1",))], "CHESS201", True),
        ([Layer(select=("CHESS101",), ignore=("CHESS",))], "CHESS101", True),  # more specific wins
        ([Layer(select=("CHESS",), ignore=("CHESS",))], "CHESS101", False),  # a tie: ignoring wins
        ([Layer(select=("GO",)), Layer(extend_select=("CHESS1",))], "CHESS101", True),
        ([Layer(select=("GO",)), Layer(extend_select=("CHESS1",))], "PGN009", False),
        ([Layer(ignore=("CHESS",)), Layer(select=("",))], "CHESS101", True),  # a later select starts afresh
        ([Layer(select=("CHESS",)), Layer(ignore=("CHESS101",))], "CHESS102", True),
        ([Layer(select=("CHESS",)), Layer(ignore=("CHESS101",))], "CHESS101", False),
        ([Layer(ignore=("",))], "KIFU001", True),  # kifu's own failure is always reported
    ],
)
def test_layers_and_specificity(layers: list[Layer], code: str, expected: bool) -> None:
    assert Selection(layers).selected(code) is expected


def test_apply_counts_per_file_ignores_and_regrades() -> None:
    selection = Selection(
        [Layer(ignore=("PGN0",))],
        [FileIgnore(Anchored((("", ("drafts/",)),)), ("CHESS1",))],
        {"CHESS2": Severity.WARNING, "CHESS202": Severity.INFO},
    )
    found = [finding("PGN009"), finding("CHESS101"), finding("CHESS201"), finding("CHESS202")]
    kept, ignored = selection.apply("a/drafts/x.pgn", found)
    assert [f.code for f in ignored] == ["PGN009", "CHESS101"]
    assert [(f.code, f.severity) for f in kept] == [
        ("CHESS201", Severity.WARNING),
        ("CHESS202", Severity.INFO),
    ]
    assert found[2].severity is Severity.ERROR  # the finding given is not changed
    kept, _ = selection.apply("round.pgn", found)
    assert [f.code for f in kept] == ["CHESS101", "CHESS201", "CHESS202"]


def test_selectors_are_checked_against_the_codes() -> None:
    known = {"CHESS101", "PGN009"}
    assert normalise_selectors(["chess1, pgn", "ALL"], known, "x") == ("CHESS1", "PGN", "")
    with pytest.raises(SelectionError, match="'CHES0'"):
        normalise_selectors(["CHES0"], known, "--ignore")


# --- the command line ----------------------------------------------------------------------------


def test_ignore_by_prefix_is_counted_in_the_summary(archive: Path) -> None:
    code, out, err = run(str(archive / "round.pgn"))
    assert (code, codes(out)) == (1, ["PGN009", "CHESS101"])
    code, out, err = run("--ignore", "PGN0", str(archive / "round.pgn"))
    assert (code, codes(out)) == (1, ["CHESS101"])
    assert "1 error(s), 0 warning(s), 0 info(s), 1 ignored in" in err


def test_select_and_extend_select(archive: Path) -> None:
    path = str(archive / "round.pgn")
    code, out, err = run("--select", "PGN", path)
    assert (code, codes(out)) == (0, ["PGN009"])  # the error is not selected: exit 0
    assert "1 ignored" in err
    assert codes(run("--select", "GO", "--extend-select", "CHESS101", path)[1]) == ["CHESS101"]
    assert codes(run("--select", "all", path)[1]) == ["PGN009", "CHESS101"]


def test_an_unknown_selector_is_a_usage_error(archive: Path) -> None:
    code, _, err = run("--ignore", "CHES101", str(archive / "round.pgn"))
    assert code == 2 and "'CHES101' is no finding code nor the prefix of one" in err


def test_per_file_ignores_of_the_command_line_are_anchored_at_the_working_directory(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(archive)
    for given in (".", str(archive), "drafts", "drafts/draft.pgn"):
        code, out, err = run("--per-file-ignores", "drafts/*:CHESS1,PGN", given)
        assert [line for line in out.splitlines() if "draft.pgn" in line] == [], given
        assert "2 ignored" in err
    assert codes(run("--per-file-ignores", "drafts/*:CHESS1,PGN", ".")[1]) == ["PGN009", "CHESS101"]
    monkeypatch.chdir(archive / "drafts")  # drafts/* is now a folder under drafts/: none
    assert codes(run("--per-file-ignores", "drafts/*:CHESS1,PGN", ".")[1]) == ["PGN009", "CHESS101"]
    code, _, err = run("--per-file-ignores", "drafts", str(archive))
    assert code == 2 and "PATTERN:CODES" in err


def test_severity_raises_or_lowers_a_code(archive: Path) -> None:
    path = str(archive / "round.pgn")
    code, out, _ = run("--severity", "CHESS101=warning", path)
    assert code == 0 and "warning CHESS101" in out
    code, out, _ = run("--severity", "PGN0=error", "--severity", "CHESS101=info", path)
    assert code == 1 and "error PGN009" in out and "info CHESS101" in out
    for bad in ("CHESS101", "CHESS101=fatal", "KIFU001=info"):
        assert run("--severity", bad, path)[0] == 2


def test_exit_zero(archive: Path) -> None:
    assert run("--exit-zero", str(archive / "round.pgn"))[0] == 0
    assert run("--exit-zero", "--fail-on", "info", str(archive / "round.pgn"))[0] == 0


def test_every_format_sees_the_same_selection(archive: Path) -> None:
    path = str(archive / "round.pgn")
    for fmt in ("json", "jsonl", "github", "sarif", "junit", "text"):
        _, out, _ = run("-q", "--format", fmt, "--ignore", "PGN", path)
        if fmt == "json":
            out = json.dumps(json.loads(out)["files"])
        assert "CHESS101" in out and "PGN009" not in out, fmt


def test_json_summary_counts_codes_and_ignored(archive: Path) -> None:
    _, out, _ = run("-q", "-r", "--format", "json", "--ignore", "PGN009", str(archive))
    summary = json.loads(out)["summary"]
    assert summary == {
        "files": 2,
        "records": 2,
        "errors": 2,
        "warnings": 0,
        "infos": 0,
        "ignored": 2,
        "codes": {"CHESS101": 2},
        "ignored_codes": {"PGN009": 2},
    }


def test_statistics_print_count_code_and_title_by_count(archive: Path) -> None:
    (archive / "tagged.pgn").write_text(TAGS + "1. e4 e5 2. Ke3 *\n")
    _, out, _ = run("-r", "--statistics", "--ignore", "PGN009", str(archive))
    rows = [line.split(None, 2) for line in out.splitlines()]  # the counts only, on stdout
    assert rows == [
        ["3", "CHESS101", "illegal move"],
        ["2", "PGN009", "Seven Tag Roster incomplete (ignored)"],
    ]
