"""What the default output shows (docs/severity.md): the text and github outputs list every
error and warning, and an info only beside an error or warning of its record (of its file, for a
finding about the file); the other infos are counted in the summary. ``-v``, ``--fail-on info``
and a selection that names the code list them; the machine formats keep every finding."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.report import Infos, named_codes
from kifu.application.selection import Layer, Selection
from kifu.commands.check import summary
from kifu.core.results import Totals

ROOT = Path(__file__).resolve().parents[2]
SEVERITY = ROOT / "tests/cases"
DRAWN = "chess/severity/chess-info-draw-by-agreement.pgn"  # CHESS205 alone (an info)
VERDICT = "xiangqi/severity/xiangqi-error-perpetual-check-drawn.pgn"  # XQ301 (info) explains XQ302
ILLEGAL = "1. e4 e5 2. Ke3 *\n"  # PGN009 (warning) and CHESS101 (error)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    for n in range(3):
        shutil.copy(SEVERITY / DRAWN, tmp_path / f"a{n}-drawn.pgn")
    shutil.copy(SEVERITY / VERDICT, tmp_path / "b-verdict.pgn")
    (tmp_path / "c-illegal.pgn").write_text(ILLEGAL)
    return tmp_path


def run(archive: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", "--isolated", *args, str(archive)], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def listed(out: str) -> list[str]:
    """``file severity CODE`` of each finding line."""
    rows = []
    for line in out.splitlines():
        where, severity, code = line.split()[:3]
        rows.append(f"{Path(where.split(':')[0]).name} {severity} {code}")
    return rows


def test_by_default_infos_alone_on_a_record_are_counted_not_listed(archive: Path) -> None:
    code, out, err = run(archive)
    assert code == 1
    assert listed(out) == [
        "b-verdict.pgn info XQ301",  # beside the error it explains, in line order
        "b-verdict.pgn error XQ302",
        "c-illegal.pgn warning PGN009",
        "c-illegal.pgn error CHESS101",
    ]
    assert err.startswith(
        "kifu: 5 file(s), 5 record(s): 2 error(s), 1 warning(s), 4 info(s), 3 not shown (-v shows them) in "
    )


def test_only_infos_a_clean_exit_and_the_summary_says_how_to_see_them(archive: Path) -> None:
    code, out, err = run(archive / "a0-drawn.pgn")
    assert (code, out) == (0, "")
    assert err.startswith(
        "kifu: 1 file(s), 1 record(s): 0 error(s), 0 warning(s), 1 info(s) not shown (-v or --select shows "
        "them) in "
    )


@pytest.mark.parametrize(
    "option",
    [["-v"], ["--fail-on", "info"], ["--extend-select", "CHESS205"], ["--extend-select", "CHESS2"]],
    ids=["verbose", "fail-on-info", "named-code", "named-prefix"],
)
def test_infos_are_listed_when_asked_for(archive: Path, option: list[str]) -> None:
    _, out, err = run(archive, *option)
    assert [row for row in listed(out) if "CHESS205" in row] == [
        f"a{n}-drawn.pgn info CHESS205" for n in range(3)
    ]
    assert "not shown" not in err


def test_select_all_names_no_code(archive: Path) -> None:
    _, out, err = run(archive, "--select", "ALL")
    assert "CHESS205" not in out and "3 not shown" in err
    _, out, err = run(archive, "--select", "CHESS2")  # only these codes, and named: listed
    assert listed(out) == [f"a{n}-drawn.pgn info CHESS205" for n in range(3)]
    assert "not shown" not in err and "4 ignored" in err


def test_a_configuration_that_names_the_code_lists_it_in_its_files(archive: Path) -> None:
    (archive / "kifu.toml").write_text('extend-select = ["CHESS205"]\n')
    (archive / "sub").mkdir()
    shutil.copy(SEVERITY / DRAWN, archive / "sub" / "drawn.pgn")
    (archive / "sub" / "kifu.toml").write_text('ignore = ["GO"]\n')  # the closest: nothing named in sub/
    result = CliRunner().invoke(cli, ["check", str(archive)], catch_exceptions=False)
    assert listed(result.stdout).count("drawn.pgn info CHESS205") == 0
    assert result.stdout.count("info CHESS205") == 3 and "1 not shown" in result.stderr


def test_github_output_follows_the_same_policy(archive: Path) -> None:
    _, out, err = run(archive, "--format", "github")
    assert "::notice title=CHESS205" not in out and "::notice title=XQ301" in out
    assert "::error title=CHESS101" in out and "3 not shown" in err
    _, out, _ = run(archive, "--format", "github", "-v")
    assert out.count("::notice title=CHESS205") == 3


@pytest.mark.parametrize("fmt", ["json", "jsonl", "sarif", "junit"])
def test_machine_formats_keep_every_finding(archive: Path, fmt: str) -> None:
    _, out, err = run(archive, "--format", fmt)
    assert out.count("CHESS205") >= 3 and "XQ301" in out and "not shown" not in err
    if fmt == "json":
        assert json.loads(out)["summary"]["infos"] == 4


def test_the_summary_states_errors_first() -> None:
    totals = Totals(files=2, records=0, errors=1, warnings=2, infos=5, ignored=1)
    assert summary(totals, 0.5, hidden=5) == (
        "kifu: 2 file(s), 0 record(s): 1 error(s), 2 warning(s), 5 info(s) not shown (-v or --select shows "
        "them), 1 ignored in 0.50 s"
    )
    assert "5 info(s), 2 not shown (-v shows them), 1 ignored" in summary(totals, 0.5, hidden=2)
    assert "5 info(s), 1 ignored" in summary(totals, 0.5)


def test_the_named_codes_are_those_of_the_last_fresh_selection() -> None:
    assert named_codes(None) == ()
    layers = [Layer(("CHESS2",)), Layer(None, ("XQ3",)), Layer(("",), ("GO1",), ("PGN",))]
    assert named_codes(Selection(layers)) == ("GO1",)  # ALL names nothing; a fresh select ends the rest
    assert named_codes(Selection(layers[:2])) == ("CHESS2", "XQ3")
    infos = Infos(False, ("CHESS2",), {"sub": ("XQ3",)})
    assert infos.named_in("a.pgn") == infos.named_in("other/a.pgn") == ("CHESS2",)
    assert infos.named_in("sub/a.pgn") == ("XQ3",)
