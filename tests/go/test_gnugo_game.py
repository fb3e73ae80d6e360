"""GNU Go is given the game (issue 29): ``--dead-from gnugo`` loads the record with ``loadsgf``
instead of placing the final position stone by stone, which changes GNU Go's answer."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.go.board import BLACK, WHITE, Board
from kifu.go.gnugo import Gtp, dead_stones, main_line_sgf
from kifu.go.tree import Node

from tests.conftest import find_program

GNUGO = find_program("gnugo")
needs_gnugo = pytest.mark.skipif(GNUGO is None, reason="gnugo is not installed")
#: a random legal 9×9 game (41 moves, seed 0, each move checked with GNU Go's is_legal): GNU Go
#: finds other dead stones in its final position placed stone by stone than in the game
RANDOM_GAME = (
    "(;GM[1]FF[4]SZ[9]KM[7.5];B[cg];W[hc];B[eg];W[if];B[bd];W[ge];B[fb];W[bg];B[fd];W[ha];B[ei];W[ch]"
    ";B[hi];W[hf];B[eb];W[ee];B[ih];W[ie];B[gb];W[ga];B[ci];W[di];B[cb];W[bc];B[he];W[bb];B[gh];W[hh]"
    ";B[da];W[cf];B[dc];W[cc];B[fi];W[gf];B[db];W[be];B[de];W[ce];B[fa];W[ab];B[id])"
)


def _gtp(*commands: str) -> list[str]:
    """GNU Go's answers to ``commands`` (each without its ``=``)."""
    assert GNUGO is not None
    script = "\n".join([*commands, "quit"]) + "\n"
    out = subprocess.run(
        [GNUGO, "--mode", "gtp", "--chinese-rules"], input=script, capture_output=True, text=True
    )
    return [block.strip()[1:].strip() for block in out.stdout.split("\n\n") if block.strip()]


@needs_gnugo
def test_dead_stones_are_gnugos_answer_on_the_game_it_loads(tmp_path: Path) -> None:
    """kifu's dead stones are those GNU Go names when it loads the record itself; placed stone
    by stone, the same final position gets another answer (so the route matters)."""
    path = tmp_path / "random.sgf"
    path.write_text(RANDOM_GAME)
    loaded = set(_gtp(f"loadsgf {path}", "komi 7.5", "final_status_list dead")[-2].split())
    black, white = (_gtp(f"loadsgf {path}", f"list_stones {c}")[-2].split() for c in ("black", "white"))
    placed = [f"play black {v}" for v in black] + [f"play white {v}" for v in white]
    by_stone = set(
        _gtp("boardsize 9", "clear_board", "komi 7.5", *placed, "final_status_list dead")[-2].split()
    )
    assert loaded != by_stone
    result = CliRunner().invoke(
        cli,
        ["score", "--dead-from", "gnugo", "--format", "json", str(path)],
        env={"PATH": "/usr/games:/usr/bin:/bin"},
    )
    entry = json.loads(result.stdout)["games"][0]
    assert set(entry["dead"]) == loaded


def _game(text: str) -> Node:
    from kifu.go.reader import parse_collection

    root = next(iter(parse_collection(text))).root
    assert root is not None
    return root


def test_the_game_given_to_gnugo_is_the_main_line_only() -> None:
    """Size, komi, handicap, setup (point lists expanded), moves (a pass as ``[]``), nothing else;
    it ends at the main line's last node played."""
    root = _game("(;GM[1]SZ[9]HA[2]AB[cc:cd]PB[Ann]C[hello];B[ee]C[x](;W[];B[tt];W[ff])(;W[gg]))")
    board = Board(9, 9)
    text = main_line_sgf(root, board, 0.5)
    assert text == "(;SZ[9]KM[0.5]HA[2]AB[cc][cd]\n;B[ee]\n;W[]\n;B[]\n;W[ff])\n"
    second = root.children[0].children[0]
    assert main_line_sgf(root, board, 0.5, second).endswith(";W[])\n")


@needs_gnugo
def test_a_record_gnugo_replays_elsewhere_falls_back_to_the_position() -> None:
    """When GNU Go's board after loading the record is not kifu's final position (here: the
    record is of another game), the position is placed stone by stone, as before."""
    board = Board(9, 9)
    for x in range(9):
        board.cells[board.point(3, x)] = BLACK
        board.cells[board.point(5, x)] = WHITE
    board.cells[board.point(1, 1)] = WHITE  # a lone white stone in Black's area
    other = "(;SZ[9]KM[0.5];B[ee])\n"
    with Gtp() as gtp:
        assert not gtp.load(other, board, 0.5)
    assert dead_stones(board, 0.5, other) == dead_stones(board, 0.5)
    assert board.point(1, 1) in dead_stones(board, 0.5, other)
