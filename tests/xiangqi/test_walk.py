"""The one walk over a xiangqi record: its events, its depth, and what check and convert share
through it (the ``--abridged`` reading, the judgement of the result)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.game import Options
from kifu.core.record import MoveNode, Record
from kifu.xiangqi.board import Board
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import write_fen
from kifu.xiangqi.formats.pgn import read_games
from kifu.xiangqi.walk import Problem, Step, WalkOptions, XiangqiVisitor, walk, walk_options
from kifu.xiangqi.writers import convert_record
from kifu.xiangqi.writers.tree import MAX_DEPTH

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "xiangqi"


class Events(XiangqiVisitor[list[str]]):
    """Writes down every event, with the FEN after each move."""

    def __init__(self, variations: bool = True) -> None:
        self.variations = variations
        self.events: list[str] = []

    def begin(self, start: Board) -> None:
        self.events.append(f"begin {write_fen(start).split()[0]}")

    def move(self, step: Step) -> None:
        self.events.append(f"move {step.depth} {step.ply} {step.round} {step.node.text} {step.fen()}")

    def begin_variation(self, depth: int) -> None:
        self.events.append(f"( {depth}")

    def end_variation(self) -> None:
        self.events.append(")")

    def unplayable(self, problem: Problem) -> None:
        self.events.append(f"unplayable {problem.depth} {problem.ply} {problem.node.text} {problem.after}")

    def end(self, complete: bool) -> None:
        self.events.append(f"end {complete}")

    def result(self) -> list[str]:
        return self.events


def _record(text: str) -> Record:
    return next(read_games(text)).record


def _options(record: Record) -> WalkOptions:
    options = walk_options(record, {})
    assert isinstance(options, WalkOptions)
    return options


START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"


def test_events_are_nested_in_the_order_of_the_record() -> None:
    record = _record("1. h2e2 (1. h2e9 h9g7) (1. b0c2) h9g7 (1... b9c7 (1... a9a8)) 2. a0a2 *")
    visitor = Events()
    assert walk(record, _options(record), visitor) is visitor.events
    after = {
        "h2e2": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        "h9g7": "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
    }
    assert visitor.events == [
        f"begin {START}",
        f"move 0 1 1 h2e2 {after['h2e2']}",
        "( 1",
        "unplayable 1 1 h2e9 1",  # a cannon cannot capture without a screen; h9g7 is not played
        ")",
        "( 1",
        "move 1 1 1 b0c2 rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR b - - 1 1",
        ")",
        f"move 0 2 1 h9g7 {after['h9g7']}",
        "( 1",
        "move 1 2 1 b9c7 r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
        "( 2",
        "move 2 2 1 a9a8 1nbakabnr/r8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
        ")",
        ")",
        "move 0 3 2 a0a2 rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/RC2C4/9/1NBAKABNR b - - 3 2",
        "end True",
    ]
    main_only = Events(variations=False)
    walk(record, _options(record), main_only)
    assert main_only.events == [
        event for event in visitor.events if event.startswith(("begin", "move 0", "end"))
    ]


def _nested(depth: int, last: str) -> Record:
    """Red's first move with a variation, whose move has a variation, … ``depth`` deep; the
    innermost variation plays ``last``."""
    record = Record(game="xiangqi", index=1, line=1)
    node = MoveNode(text="h2e2")
    record.moves = [node]
    for level in range(depth):
        inner = MoveNode(text=last if level == depth - 1 else ("b2e2" if level % 2 else "h2e2"))
        node.variations.append([inner])
        node = inner
    return record


def test_a_thousand_nested_variations_walk_without_recursion() -> None:
    record = _nested(1000, "a0a5")  # the innermost move is illegal: the chariot is blocked
    visitor = Events()
    walk(record, _options(record), visitor)
    assert visitor.events.count(")") == 1000 and visitor.events[-1] == "end True"
    assert "unplayable 1000 1 a0a5 0" in visitor.events
    report = check_record(record, [], Options())
    assert [f.code for f in report.findings] == ["XQ101"] and report.plies == 1
    converted = convert_record(record, [], "chinese")
    assert converted.problems == [f"variations nested deeper than {MAX_DEPTH} levels are dropped"]
    assert converted.text.count("(") == MAX_DEPTH
    assert convert_record(record, [], "ucci").text == "h2e2\n"


def _convert(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["convert", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_convert_honours_abridged() -> None:
    """车1 2 fits 车一进二 and 车一平二: --abridged picks one, as check reads it; without it the
    move is reported, not guessed."""
    path = str(FIXTURES / "bad" / "XQN006-abridged.pgn")
    code, out, err = _convert(path, "--to", "chinese")
    assert (
        code == 1
        and "车1 2 (line 3): the text fits several legal moves: 车一进二 or 车一平二; not replayed" in err
        and "game 1 not written" in err
    )
    assert "车一" not in out
    code, out, err = _convert(path, "--to", "chinese", "--abridged", "advance")
    assert (code, err) == (0, "") and "  3. 车一进二 炮８进４\n" in out
    code, out, err = _convert(path, "--to", "chinese", "--abridged", "traverse")
    assert (code, err) == (0, "") and "  3. 车一平二 炮８进４\n" in out
    for reading in ("advance", "traverse"):  # check reads it the same way
        assert CliRunner().invoke(cli, ["check", path, "-q", "--abridged", reading]).exit_code == 0


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("XQ202-contradicts.pgn", "line 8: result 0-1, but Black has no legal move after ply 1"),
        ("XQN014-result-markers.pgn", "Result tag says 1-0, the moves end with 0-1"),
        ("XQ302-perpetual-check-drawn.pgn", "result 1/2-1/2, but the rules decide 0-1 by perpetual-check"),
    ],
)
def test_convert_warns_on_a_result_check_rejects_and_strict_exits_1(name: str, message: str) -> None:
    """The record is written with its result as stated, and a warning says what check says of
    it (check exits 1): exit 0, 1 with --strict, as for a chess record."""
    path = str(FIXTURES / "bad" / name)
    assert CliRunner().invoke(cli, ["check", path, "-q"]).exit_code == 1
    code, out, err = _convert(path, "--to", "iccs")
    assert code == 0 and "warning: game 1: line " in err and message in err and "[Format" in out
    assert _convert(path, "--to", "iccs", "--strict")[0] == 1
