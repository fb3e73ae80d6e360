"""``kifu show``: valid SVG, options, and usage errors (the text and SVG boards of each game are
cases of tests/cases/<game>/show, run by tests/test_cases.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.game import Position

from tests.golden import GAMES, Case, all_cases
from tests.render.svgcheck import parse

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
#: the SVG boards of ``kifu show`` that the cases pin
SVG_CASES = [case for case in all_cases() if case.run[0] == "show" and case.expected.suffix == ".svg"]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("case", SVG_CASES, ids=[case.name for case in SVG_CASES])
def test_svg_is_valid_and_of_the_size_asked(case: Case) -> None:
    """The expected output of each SVG case (which the case holds equal to what show prints)."""
    root = parse(case.expected.read_text(encoding="utf-8"))
    size = int(case.run[case.run.index("--size") + 1])
    assert max(int(root.get("width", "0")), int(root.get("height", "0"))) == size


def test_every_game_has_show_cases() -> None:
    assert {case.name.split("/")[0] for case in SVG_CASES} == set(GAMES)


def test_svg_written_with_output(tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    code, out, err = invoke(
        "show",
        str(FIXTURES / "go/good/9x9-even-two-passes.sgf"),
        "--territory",
        "--format",
        "svg",
        "-o",
        str(target),
    )
    assert code == 0 and out == ""
    assert "wrote" in err
    root = parse(target.read_text(encoding="utf-8"))
    assert any("territory" in (e.get("class") or "") for e in root.iter())


def test_last_move_and_checked_king_are_marked() -> None:
    _, out, _ = invoke("show", str(FIXTURES / "xiangqi/good/mate.pgn"))
    assert "*k*" in out and "[R]" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess/good/opera-game.pgn", "--ply", "999"], "no ply 999"),
        (["chess/good/opera-game.pgn", "--game", "7"], "not 7"),
        (["chess/good/opera-game.pgn", "--finding", "CHESS999"], "no finding CHESS999"),
        (["chess/good/opera-game.pgn", "--territory"], "for Go records"),
        (["chess/good/opera-game.pgn", "--ply", "1", "--finding", "X"], "exclude each other"),
    ],
)
def test_usage_errors_exit_2_without_traceback(args: list[str], message: str) -> None:
    code, _, err = invoke("show", str(FIXTURES / args[0]), *args[1:])
    assert code == 2
    assert message in err and "Traceback" not in err


def test_missing_file_is_a_usage_error() -> None:
    code, _, err = invoke("show", str(FIXTURES / "nothing-here.pgn"))
    assert code == 2 and "Traceback" not in err


def test_draw_without_last_move_degrades_gracefully() -> None:
    from kifu import games

    for name, text in (
        ("chess", "8/8/8/4k3/8/8/8/4K3 w - - 0 1"),
        ("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
        ("go", ".X./O../..."),
    ):
        module = games.drawing(name)
        assert module.draw(Position(text), svg=False, size=100, territory=False)
        parse(module.draw(Position(text), svg=True, size=100, territory=False))


def test_a_finding_is_picked_by_its_code_and_its_count() -> None:
    """``--finding CODE:N`` draws the N-th finding with that code (case as the user types it);
    past the last one, or with an N that counts nothing, a usage error that says how many."""
    path = str(ROOT / "fixtures/chess/bad/three-illegal-moves-unique-intents.pgn")
    code, first, _ = invoke("show", "--finding", "CHESS101", path)
    assert code == 0 and "4. Bxc7 · ply 7 · CHESS101" in first
    code, second, _ = invoke("show", "--finding", "chess101:2", path)
    assert code == 0 and "7. Nxd5 · ply 13 · CHESS101" in second
    assert invoke("show", "--finding", "CHESS101:1", path)[1] == first
    code, _, err = invoke("show", "--finding", "CHESS101:3", path)
    assert code == 2 and "record 1 has 2 finding(s) CHESS101, not 3" in err
    for wrong in ("CHESS101:0", "CHESS101:x", "CHESS101:"):
        code, _, err = invoke("show", "--finding", wrong, path)
        assert code == 2 and "N in CODE:N counts the findings from 1" in err
    code, _, err = invoke("show", "--finding", "GO101:2", path)
    assert code == 2 and "record 1 has no finding GO101" in err
