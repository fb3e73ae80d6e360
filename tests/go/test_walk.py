"""The one Go walk (kifu.go.walk): events in PGN order, the board after every ply, both modes."""

from __future__ import annotations

from kifu.core.limits import set_limits
from kifu.go.board import BLACK, WHITE, Board
from kifu.go.index import TextIndex
from kifu.go.reader import parse_collection
from kifu.go.rules import PRESETS
from kifu.go.walk import GoVisitor, Problem, Step, WalkOptions, walk
from kifu.go.writers import read_info


class Events(GoVisitor[list[str]]):
    """Records every event; ``through``: the checker's mode (the line goes on after a problem)."""

    def __init__(self, through: bool = False, variations: bool = True) -> None:
        self.through = through
        self.variations = variations
        self.events: list[str] = []

    def begin(self, start: Board) -> None:
        self.events.append("begin")

    def move(self, step: Step) -> None:
        stones = sum(1 for c in step.board.cells if c in (BLACK, WHITE))
        self.events.append(f"{step.prop.ident if step.prop else '?'}{step.ply}:{stones}")

    def begin_variation(self, depth: int) -> None:
        self.events.append(f"({depth}")

    def end_variation(self) -> None:
        self.events.append(")")

    def unplayable(self, problem: Problem) -> None:
        self.events.append(f"!{problem.code.code}")

    def end(self, complete: bool) -> None:
        self.events.append(f"end {complete}")

    def result(self) -> list[str]:
        return self.events


def run(sgf: str, visitor: GoVisitor, rules: str = "chinese") -> list[str]:
    [game] = list(parse_collection(sgf, TextIndex(sgf)))
    assert game.root is not None
    assert isinstance(visitor, Events)
    options = WalkOptions(read_info(game.root, TextIndex(sgf)), PRESETS[rules], assume=visitor.through)
    return walk(game.root, options, visitor)


def test_variations_come_right_after_the_move_they_replace() -> None:
    sgf = "(;SZ[9];B[aa];W[bb](;B[cc];W[dd])(;B[ee](;W[ff])(;W[gg]))(;B[hh]))"
    assert run(sgf, Events()) == [
        *("begin", "B1:1", "W2:2", "B3:3"),
        *("(1", "B3:3", "W4:4", "(2", "W4:4", ")", ")"),
        *("(1", "B3:3", ")"),
        *("W4:4", "end True"),
    ]


def test_main_line_only_and_an_illegal_move() -> None:
    sgf = "(;SZ[9];B[aa];W[ab];B[ba];W[aa](;B[cc])(;B[dd]))"  # W[aa] is occupied
    assert run(sgf, Events(variations=False)) == ["begin", "B1:1", "W2:2", "B3:3", "!GO101", "end False"]
    assert run(sgf, Events(through=True)) == [
        *("begin", "B1:1", "W2:2", "B3:3", "!GO101", "B5:4"),
        *("(1", "B5:4", ")", "end True"),
    ]


def test_deep_variations_need_no_recursion() -> None:
    sgf = "(;SZ[19]" + "".join(f"(;B[{chr(97 + i % 19)}{chr(97 + i // 19 % 19)}]" for i in range(3000))
    sgf += ")" * 3001
    old = set_limits(depth=0)  # (the depth limit, 1000 by default, would blank the deeper ones)
    try:
        events = run(sgf, Events(through=True))
    finally:
        set_limits(depth=old.depth)
    assert events[0] == "begin" and events[-1] == "end True" and len(events) == 3002
