"""`kifu convert --to diagram`: the boards `kifu show` draws, for the final position (Go: with
its count) or, with --every-move, after every move of the main line."""

from __future__ import annotations

from pathlib import Path

import kifu
import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
#: a record of each game, and how many plies its main line has
RECORDS = {
    "chess": ("fixtures/chess/good/opera-game.pgn", 33),
    "xiangqi": ("fixtures/xiangqi/good/perpetual-check.pgn", 8),
    "go": ("fixtures/go/good/9x9-even-two-passes.sgf", 68),
}


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_the_final_diagram_is_what_show_draws(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    path, _ = RECORDS[game]
    code, diagram, _ = invoke("convert", path, "--to", "diagram")
    assert code == 0
    shown = invoke("show", path, *(["--territory"] if game == "go" else []))[1]
    assert diagram.endswith("\n" + shown), diagram
    head = diagram[: -len(shown)]
    assert head.startswith("Game 1") and "Final position after " in head
    assert ("Result: W+16.5" if game == "go" else "Result: ") in head


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_every_move_draws_each_ply_of_the_main_line(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    path, plies = RECORDS[game]
    code, diagram, _ = invoke("convert", path, "--to", "diagram", "--every-move")
    assert code == 0
    heading = "Move " if game == "go" else "Ply "
    headings = [line for line in diagram.splitlines() if line.startswith(heading)]
    assert len(headings) == plies
    assert headings[0].startswith(f"{heading}1: ") and headings[-1].startswith(f"{heading}{plies}: ")
    # the first board and the last are those show draws after ply 1 and at the end
    assert f"{headings[0]}\n{invoke('show', path, '--ply', '1')[1]}" in diagram
    assert f"{headings[-1]}\n{invoke('show', path)[1]}" in diagram


def test_every_move_goes_with_the_diagram_target_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = invoke("convert", RECORDS["chess"][0], "--to", "pgn", "--every-move")
    assert code == 2 and out == "" and "--every-move" in err and "--to diagram" in err
    with pytest.raises(ValueError, match="every_move"):
        kifu.convert(ROOT / RECORDS["chess"][0], to="uci", every_move=True)
    text = kifu.convert(ROOT / RECORDS["xiangqi"][0], to="diagram", every_move=True).text
    assert text.count("\nPly ") == RECORDS["xiangqi"][1]


def test_what_the_diagrams_drop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Variations and NAGs never fit; comments fit under the boards of --every-move only."""
    monkeypatch.chdir(ROOT)
    path = "fixtures/chess/good/annotated.pgn"
    code, _, err = invoke("convert", path, "--to", "diagram")
    assert code == 0 and "dropped: comments (1 game), NAGs (1 game), variations (1 game)" in err
    code, out, err = invoke("convert", path, "--to", "diagram", "--every-move")
    assert code == 0 and "dropped: NAGs (1 game), variations (1 game)" in err
    assert "\n  Weakens the king.\n" in out
    assert invoke("convert", path, "--to", "diagram", "--strict")[0] == 1


def test_a_main_line_that_stops_is_drawn_where_it_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = invoke("convert", "fixtures/go/bad/GO103-ko.sgf", "--to", "diagram", "--lenient")
    assert code == 0 and "retakes the ko at once" in err
    assert "Position after move 2 (W C3), where the main line stops" in out
    assert "does not end with two passes" in out


def test_go_counts_with_the_dead_stones_of_the_last_node(tmp_path: Path) -> None:
    """The last node's TB/TW give the count its dead stones (drawn #/@): they are not dropped."""
    path = tmp_path / "dead.sgf"
    path.write_text(
        "(;FF[4]GM[1]SZ[5]KM[0.5]RU[Chinese]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de][ac]"
        ";B[];W[]TB[aa][ab][ac][ad][ae])"
    )
    code, out, err = invoke("convert", str(path), "--to", "diagram")
    assert code == 0 and err == ""
    assert "\n3  @ X . O o 3\n" in out and "# @ dead black and white stones" in out
    assert out.endswith(invoke("show", str(path), "--territory")[1])
    assert "margin -0.5 → W+0.5" in out and "does not end with two passes" not in out
    code, out, err = invoke("convert", str(path), "--to", "diagram", "--every-move")
    assert code == 0 and "dropped: markup (1 game)" in err and "@" not in out
