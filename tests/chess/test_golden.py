"""Golden files: each fixture's findings, as `kifu check` prints them, must not change.

Regenerate after a deliberate change with ``KIFU_UPDATE_GOLDEN=1 make test`` and review the
diff like code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.findings import REGISTRY
from kifu.games import load_all_codes

from tests.golden import assert_golden

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden")
FIXTURES = sorted((ROOT / "fixtures" / "chess").rglob("*.pgn"))


def run_check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--quiet", *args], catch_exceptions=False)
    return result.exit_code, result.stdout


def compare(name: str, actual: str) -> None:
    assert_golden(GOLDEN / name, actual)


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_text_findings(fixture: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    relative = fixture.relative_to(ROOT).as_posix()
    code, output = run_check(relative)
    compare(f"{fixture.parent.name}-{fixture.stem}.txt", f"exit {code}\n{output}")


@pytest.mark.parametrize("name", ["bad/rules.pgn", "good/annotated.pgn"])
def test_json_report(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    _, output = run_check("--format", "json", f"fixtures/chess/{name}")
    document = json.loads(output)
    document["kifu"] = "<version>"
    compare(
        f"{name.replace('/', '-').removesuffix('.pgn')}.json",
        json.dumps(document, indent=1, ensure_ascii=False) + "\n",
    )


def test_every_chess_code_has_a_fixture() -> None:
    load_all_codes()
    chess_codes = {c for c in REGISTRY if c.startswith(("PGN", "CHESS"))} | {"IO003", "IO004", "IO005"}
    shown = "".join(p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.txt"))
    missing = sorted(code for code in chess_codes if f" {code} " not in shown)
    assert not missing, f"codes without a fixture that produces them: {missing}"


def test_good_fixtures_have_no_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, output = run_check("--fail-on", "warning", "-r", "fixtures/chess/good")
    assert code == 0, output
