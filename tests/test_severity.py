"""Issue 32: severity follows the impact. docs/severity.md's impact table equals the codes'
registry; one golden report per impact class and game (the cases of tests/cases/<game>/severity,
run by tests/test_cases.py); ``--strict`` makes format warnings errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.findings import REGISTRY
from kifu.games import load_all_codes

from tests.golden import CASES as CASE_TABLES
from tests.golden import UPDATE

ROOT = Path(__file__).resolve().parents[1]
#: the records written for an impact class: go-…, chess-…, xiangqi-… beside their expected reports
CASES = {
    path.name: path for path in CASE_TABLES.glob("*/severity/*") if path.suffix in (".sgf", ".pgn", ".xqf")
}
ROW = re.compile(r"^\| ([A-Z]+\d{3}) \| ([a-z ()]+) \| (.+) \|$")


def impact_table() -> dict[str, str]:
    """code → class, from the "Severity follows the impact" section of docs/severity.md."""
    text = (ROOT / "docs" / "severity.md").read_text(encoding="utf-8")
    section = text.split("## Severity follows the impact", 1)[1].split("\n## ", 1)[0]
    table: dict[str, str] = {}
    for line in section.splitlines():
        match = ROW.match(line)
        if match:
            assert match.group(1) not in table, f"{match.group(1)} twice in the table"
            table[match.group(1)] = match.group(2)
    return table


def test_impact_table_equals_the_registry() -> None:
    load_all_codes()
    table = impact_table()
    assert sorted(table) == sorted(REGISTRY), "every code has one row, and every row a code"
    differ = {
        code: (cls, REGISTRY[code].impact) for code, cls in table.items() if cls != REGISTRY[code].impact
    }
    assert not differ, f"docs/severity.md class vs registry: {differ}"


def check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--quiet", "--isolated", *args], catch_exceptions=False)
    return result.exit_code, result.stdout


# (case file, extra arguments, the code it is about, its severity, the exit code): each a case
GOLDEN_CASES = [
    ("go-error-occupied.sgf", (), "GO101", "error", 1),
    ("go-format-ap-without-version.sgf", (), "SGF017", "warning", 0),
    ("go-format-ap-without-version.sgf", ("--strict",), "SGF017", "error", 1),
    ("go-superko-without-ru.sgf", (), "GO104", "warning", 0),
    ("go-superko-without-ru.sgf", ("--strict",), "GO104", "warning", 0),
    ("go-ko-for-komi.sgf", (), "SGF048", "warning", 0),
    ("go-ko-for-komi.sgf", ("--strict",), "SGF048", "error", 1),
    ("go-info-empty-text.sgf", (), "SGF019", "info", 0),
    ("go-error-missing-open-paren.sgf", (), "SGF010", "error", 1),
    ("go-format-damaged-utf8.sgf", (), "SGF043", "warning", 0),
    ("go-format-setup-twice.sgf", (), "SGF020", "warning", 0),
    ("go-format-text-between-trees.sgf", (), "SGF049", "warning", 0),
    ("go-format-two-passes-in-one-node.sgf", (), "SGF025", "warning", 0),
    ("go-warning-dead-stones-not-proven.sgf", (), "GO201", "warning", 0),
    ("go-warning-territory-without-ru.sgf", (), "GO201", "warning", 0),
    ("chess-error-illegal.pgn", (), "CHESS101", "error", 1),
    ("chess-format-tag-and-numbers.pgn", (), "PGN027", "warning", 0),
    ("chess-format-tag-and-numbers.pgn", ("--strict",), "PGN012", "error", 1),
    ("chess-warning-unfinished-but-mate.pgn", ("--strict",), "CHESS203", "warning", 0),
    ("chess-info-draw-by-agreement.pgn", (), "CHESS205", "info", 0),
    ("chess-fivefold-2015.pgn", (), "CHESS202", "error", 1),
    ("chess-fivefold-date-unknown.pgn", (), "CHESS202", "warning", 0),
    ("xiangqi-error-illegal.pgn", (), "XQ101", "error", 1),
    ("xiangqi-format-tags-and-numbers.pgn", (), "XQN018", "warning", 0),
    ("xiangqi-format-tags-and-numbers.pgn", ("--strict",), "XQN017", "error", 1),
    ("xiangqi-warning-unfinished-but-over.pgn", ("--strict",), "XQ203", "warning", 0),
    ("xiangqi-info-noncanonical.pgn", (), "XQN008", "info", 0),
    ("xiangqi-format-del-in-xqf-comment.xqf", (), "XQN019", "warning", 0),
    ("xiangqi-format-del-in-xqf-comment.xqf", ("--strict",), "XQN019", "error", 1),
]


@pytest.mark.parametrize(
    ("case", "args", "code", "severity", "exit_code"),
    GOLDEN_CASES,
    ids=[f"{case.rsplit('.', 1)[0]}{'-strict' if args else ''}" for case, args, *_ in GOLDEN_CASES],
)
def test_impact_class_case(
    case: str, args: tuple[str, ...], code: str, severity: str, exit_code: int
) -> None:
    """The expected report of the case (held equal to what check prints) shows the code at its severity."""
    name = case.rsplit(".", 1)[0] + ("-strict" if args else "")
    expected = CASES[case].with_name(f"{name}.txt").read_text(encoding="utf-8")
    assert expected.startswith(f"exit {exit_code}\n")
    assert f" {severity} {code} " in expected


def test_superko_without_ru_is_a_warning_naming_the_rule() -> None:
    status, output = check("--format", "json", str(CASES["go-superko-without-ru.sgf"]))
    record = json.loads(output)["files"][0]["records"][0]
    superko = next(f for f in record["findings"] if f["code"] == "GO104")
    assert status == 0 and superko["severity"] == "warning"
    assert "positional superko assumed" in superko["message"] and "RU[" in superko["message"]


def test_superko_with_ru_or_stated_rules_is_an_error() -> None:
    path = CASES["go-superko-without-ru.sgf"]
    for args in ((), ("--rules", "chinese"), ("--ko", "positional")):
        if not args:
            status, output = check(str(ROOT / "fixtures" / "go" / "bad" / "GO104-positional-superko.sgf"))
        else:
            status, output = check(*args, str(path))
        assert status == 1 and " error GO104 " in output, args
    status, output = check("--ko", "simple", str(path))
    assert (status, "GO104" in output) == (0, False)


def test_ko_for_komi_is_read_as_komi_only_without_km(tmp_path: Path) -> None:
    def komi(text: str) -> float:
        path = tmp_path / "game.sgf"
        path.write_text(text, encoding="utf-8")
        _, output = check("--format", "json", str(path))
        return float(json.loads(output)["files"][0]["records"][0]["score"]["komi"])

    moves = "AB[ca][cb][cc][cd][ce][cf][cg]AW[da][db][dc][dd][de][df][dg];B[];W[])"
    assert komi(f"(;FF[4]GM[1]SZ[7]KO[6.5]{moves}") == 6.5
    assert komi(f"(;FF[4]GM[1]SZ[7]KM[0.5]KO[6.5]{moves}") == 0.5


def test_strict_from_configuration_and_severity_over_strict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = CASES["go-format-ap-without-version.sgf"].read_text(encoding="utf-8")
    (tmp_path / "game.sgf").write_text(case, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    run = CliRunner().invoke(cli, ["check", "-q", "game.sgf"], catch_exceptions=False)
    assert run.exit_code == 0
    (tmp_path / "kifu.toml").write_text("strict = true\n", encoding="utf-8")
    run = CliRunner().invoke(cli, ["check", "-q", "game.sgf"], catch_exceptions=False)
    assert run.exit_code == 1 and " error SGF017 " in run.stdout and " error SGF015 " in run.stdout
    run = CliRunner().invoke(
        cli, ["check", "-q", "--severity", "SGF017=info", "game.sgf"], catch_exceptions=False
    )
    assert " info SGF017 " in run.stdout and " error SGF015 " in run.stdout


def test_explain_names_the_impact_and_sgfc_classification() -> None:
    run = CliRunner().invoke(cli, ["explain", "SGF017"])
    assert run.exit_code == 0 and run.stdout.startswith("SGF017 (warning)")
    assert "SGFC error 23" in run.stdout and "--strict" in run.stdout


# --- the fixes table: docs/severity.md, "Fixes" (issue 46) -------------------------------------

FIXES_HEADING = "## Fixes"


def fixes_section() -> str:
    """docs/severity.md's "Fixes" section, made from the registry: every fixable code with its
    applicability and what its fix does, then the codes that have none."""
    load_all_codes()
    fixable = [entry for code, entry in sorted(REGISTRY.items()) if entry.fix is not None]
    none = [code for code, entry in sorted(REGISTRY.items()) if entry.fix is None]
    bar = "\\|"  # (a table cell's |)
    rows = "".join(
        f"| {entry.code} | {entry.fix} | {entry.title} | {entry.fix_does.replace('|', bar)} |\n"
        for entry in fixable
    )
    return (
        f"{FIXES_HEADING}\n\n"
        "`kifu check --fix` applies the **safe** fixes, which change notation only: the game's moves\n"
        "and its result stay as they are. `--unsafe-fixes` adds the **unsafe** ones, which change\n"
        "what the record says and which an arbiter confirms: a move replaced by the reading the\n"
        "moves after it decide (never a tie), a half-move put back, removed or two swapped back, a\n"
        "result the record proves, a property or tag written for another. A fix is edits on the\n"
        "file's own text (docs/cli.md, \"Fixing\"). The registry holds each code's kind and what its\n"
        "fix does (`kifu explain CODE` says it); `tests/test_severity.py` makes this table from it.\n\n"
        "| code | fix | finding | what the fix does |\n|---|---|---|---|\n"
        f"{rows}\n"
        f"The {len(none)} other codes have no fix: the record needs a person (what was played, what a\n"
        "damaged file held), or kifu would only guess. They are " + ", ".join(none) + ".\n"
    )


def test_the_fixes_table_is_the_registrys() -> None:
    path = ROOT / "docs" / "severity.md"
    text = path.read_text(encoding="utf-8")
    before, found, after = text.partition(f"\n{FIXES_HEADING}\n")
    current = (found.lstrip("\n") + after.split("\n## ", 1)[0]).rstrip("\n") + "\n" if found else ""
    wanted = fixes_section()
    if current != wanted and UPDATE:
        rest = ("\n## " + after.split("\n## ", 1)[1]) if found and "\n## " in after else ""
        path.write_text(f"{before.rstrip()}\n\n{wanted}{rest}" if found else f"{text.rstrip()}\n\n{wanted}")
        return
    assert current == wanted, "docs/severity.md's Fixes section: run KIFU_UPDATE_GOLDEN=1"
