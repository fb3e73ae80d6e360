"""``kifu show``: golden text diagrams and SVG for each game, options, and usage errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.game import Position

from tests.golden import assert_golden
from tests.render.svgcheck import parse

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
GOLDEN = Path(__file__).with_name("golden")

#: name → (file, options): the start, a mid-game position with its last move, the final count
CASES = {
    "chess-start": ("chess/good/opera-game.pgn", ["--ply", "0"]),
    "chess-mid": ("chess/good/opera-game.pgn", ["--ply", "11"]),
    "chess-finding": ("chess/bad/rules.pgn", ["--finding", "CHESS101"]),
    "xiangqi-start": ("xiangqi/good/opening.pgn", ["--ply", "0"]),
    "xiangqi-mid": ("xiangqi/good/opening.pgn", ["--ply", "3"]),
    "xiangqi-check": ("xiangqi/good/mate.pgn", []),
    "go-start": ("go/good/9x9-handicap3.sgf", ["--ply", "0"]),
    "go-mid": ("go/good/9x9-even-two-passes.sgf", ["--ply", "21"]),
    "go-count": ("go/good/9x9-even-two-passes.sgf", ["--territory"]),
}


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", sorted(CASES))
def test_text_diagram_is_golden(name: str) -> None:
    path, options = CASES[name]
    code, out, _ = invoke("show", str(FIXTURES / path), *options)
    assert code == 0
    assert_golden(GOLDEN / f"{name}.txt", out)


@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_is_golden_and_valid(name: str) -> None:
    path, options = CASES[name]
    code, out, _ = invoke("show", str(FIXTURES / path), *options, "--format", "svg", "--size", "320")
    assert code == 0
    root = parse(out)
    assert max(int(root.get("width", "0")), int(root.get("height", "0"))) == 320
    assert_golden(GOLDEN / f"{name}.svg", out)


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
        module = games.load(name)
        assert module is not None
        assert module.draw(Position(text), svg=False, size=100, territory=False)
        parse(module.draw(Position(text), svg=True, size=100, territory=False))
