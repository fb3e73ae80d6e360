"""The one walk of a chess record: its events, and check and convert agreeing because of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.chess.reader import read_game, start_board
from kifu.chess.splitter import split_games
from kifu.chess.walk import Step, Unplayable, Visitor, WalkOptions, walk

import chess

ROOT = Path(__file__).resolve().parents[2]


class _Events(Visitor[list[str]]):
    """Writes each move in ``notation`` as it hears it before the move, with its check mark after."""

    def __init__(self, notation: str) -> None:
        self.events: list[str] = []
        self.notation = notation
        self.hears_before_move = True
        self.written = ""

    def before_move(self, step: Step) -> None:
        assert step.read is not None
        self.written = step.position.write(step.read.move, self.notation)

    def move(self, step: Step) -> None:
        mark = ("#" if step.mate else "+") if step.check else ""
        self.events.append(f"{step.ply}:{self.written}{mark}")

    def begin_variation(self, depth: int) -> None:
        self.events.append(f"({depth}")

    def end_variation(self) -> None:
        self.events.append(")")

    def unplayable(self, problem: Unplayable) -> None:
        self.events.append(f"{problem.ply}:{problem.node.text}?")

    def end(self, complete: bool) -> None:
        self.events.append(f"end {complete}")

    def result(self) -> list[str]:
        return self.events


def _walked(movetext: str, notation: str = "san") -> list[str]:
    [game] = split_games(['[Event "x"]', "", movetext])
    record = read_game(game, 1).record
    start = start_board(record, [])
    assert start is not None
    return walk(record, WalkOptions(start), _Events(notation))


def test_walk_events_are_nested_in_pgn_order() -> None:
    assert _walked("1. e4 (1. d4 d5 (1... Nf6 2. c4)) e5 2. Nf3 *") == [
        "1:e4",
        "(1",
        "1:d4",
        "2:d5",
        "(2",
        "2:Nf6",
        "3:c4",
        ")",
        ")",
        "2:e5",
        "3:Nf3",
        "end True",
    ]


def test_walk_ends_a_line_at_an_unplayable_move_and_still_walks_its_alternatives() -> None:
    assert _walked("1. e4 Kx (1... e5) 2. Nf3 *", "lan") == [
        "1:e2-e4",
        "2:Kx?",
        "(1",
        "2:e7-e5",
        ")",
        "end False",
    ]


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


#: (language, score sheet, its moves in UCI); Dutch writes a pawn O (pion): O-O is still castling
SCORE_SHEETS = {
    "es": (
        "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 *",
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6",
    ),
    "nl": (
        "1. e4 e5 2. Pf3 Pc6 3. Lc4 Lc5 4. O-O Pf6 5. d3 O-O *",
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 e8g8",
    ),
}


@pytest.mark.parametrize("lang", SCORE_SHEETS)
def test_convert_reads_the_piece_letters_that_check_reads(tmp_path: Path, lang: str) -> None:
    """convert --lang and check --lang are one option of one walk: the same moves."""
    movetext, uci = SCORE_SHEETS[lang]
    path = tmp_path / f"{lang}.pgn"
    path.write_text(f'[Event "x"]\n[Result "*"]\n\n{movetext}\n', encoding="utf-8")
    code, out, _ = _invoke("check", "--lang", lang, "--format", "json", str(path))
    assert code == 0 and '"CHESS1' not in out
    code, out, err = _invoke("convert", "--to", "uci", "--lang", lang, str(path))
    assert (code, err) == (0, "") or "dropped" in err
    assert out.split() == uci.split()
    # the writers play on python-chess's board (read_move reads every move): the same moves
    code, out, err = _invoke("convert", "--to", "lan", "--lang", lang, str(path))
    assert (code, err) == (0, "") or "dropped" in err
    assert ("O-O" in out) == ("O-O" in movetext)
    if lang == "es":
        code, out, _ = _invoke("convert", "--to", "san", "--lang", "es", "--write-lang", "de", str(path))
        assert code == 0 and "2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 dxc6" in " ".join(out.split())


def test_a_finding_on_a_first_null_move_shows_the_start_position(tmp_path: Path) -> None:
    """The walk never plays on the start it is given: the second walk, which writes the position
    before each move with a finding, starts from it again."""
    path = tmp_path / "null.pgn"
    path.write_text('[Event "x"]\n[Result "*"]\n\n1. -- e5 2. Nf3 *\n', encoding="utf-8")
    _, out, _ = _invoke("check", "--format", "json", str(path))
    null = next(f for f in json.loads(out)["files"][0]["records"][0]["findings"] if f["move"] == "--")
    assert null["position"] == chess.STARTING_FEN


def test_convert_stops_where_check_finds_the_illegal_move() -> None:
    """Both are visitors of one walk: the move check rejects is the one convert cannot play."""
    source = str(ROOT / "fixtures/chess/bad/rules.pgn")
    _, report, _ = _invoke("check", "--format", "json", source)
    first = json.loads(report)["files"][0]["records"][0]
    illegal = next(f for f in first["findings"] if f["code"] == "CHESS101")
    code, out, err = _invoke("convert", "--to", "uci", "--lenient", source)
    assert code == 0 and "Ke3 (line 9)" in err
    assert len(out.splitlines()[0].split()) == illegal["ply"] - 1
