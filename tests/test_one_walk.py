"""One walk contract for the three games (issue 27): ``walk(record, options, visitor)`` returns
``visitor.result()``; ``begin_variation`` may skip one variation; core's ``Tee`` shares a walk and
its ``Positions`` gives the boards; no other code of the package replays moves."""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import inspect
import io
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest
from kifu.chess import walk as chess_walk_module
from kifu.chess.reader import read_game, start_board
from kifu.chess.splitter import split_games
from kifu.chess.walk import Step, Unplayable, Visitor, WalkOptions
from kifu.chess.walk import walk as chess_walk
from kifu.chess.writers.diagram import Boards
from kifu.core import walk as core_walk
from kifu.core.record import Record
from kifu.core.walk import SKIP, Tee
from kifu.go import walk as go
from kifu.go.index import TextIndex
from kifu.go.reader import parse_collection
from kifu.go.rules import PRESETS
from kifu.go.writers import read_info
from kifu.xiangqi import walk as xiangqi
from kifu.xiangqi.formats.pgn import read_games

import chess

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cli"

#: where moves may be played or taken back on a board, and why; everywhere else a position
#: comes from a walk's events (a visitor, :class:`kifu.core.walk.Positions`)
ALLOWED = {
    "chess/walk.py": "the chess walk",
    "go/walk.py": "the Go walk",
    "xiangqi/walk.py": "the xiangqi walk",
    "chess/position.py": "the chess board (kifu's mailbox, and python-chess's board behind it)",
    "chess/fastpath.py": "the chess board's fast paths (a move played without its undo record)",
    "xiangqi/board.py": "the xiangqi board (its legality tests try a move and take it back)",
    "chess/render.py": "a caller's python-chess board with its move stack: the last move taken back "
    "on a copy to name it in SAN in the legend",
    "xiangqi/notation/resolve.py": "a candidate move is tried and taken back to test its legality "
    "(no move of the record is replayed)",
    "xiangqi/protection.py": "classifying a move for the repetition rules looks one move (a capture, "
    "a reply) ahead and takes it back",
    "core/lookahead.py": "the one look-ahead: at a move that cannot be played, the moves after it "
    "are replayed on boards of its own under each hypothesis about it (the walk replays the record "
    "once), and its one loop grows the probe's horizon",
    "chess/lookahead.py": "the look-ahead's chess side: a move of the line played on the engine's "
    "boards (python-chess), and a reason's line replayed once",
    "go/lookahead.py": "the look-ahead's Go side: a move of the line played on the engine's boards",
    "xiangqi/lookahead.py": "the look-ahead's xiangqi side: a move of the line played on the engine's boards",
    "xiangqi/fixes.py": "a swap undone is written in the record's notation: its second move is named "
    "on a copy of the board after the first two of the swapped three (no move of the record is replayed)",
    "go/writers/common.py": "a move the rules forbid was judged on the board: its undo record, on a "
    "copy, gives the position before it where the writer's main line stops",
}
_MOVES = {"push", "push_san", "push_uci", "play", "undo"}
#: a bare ``pop()`` takes back a move when it is called on a board (lists pop too)
_BOARD = re.compile(r"board|before|after|position", re.IGNORECASE)


def _replays(path: Path) -> list[str]:
    """``line: receiver.method`` of each call in ``path`` that plays or takes back a move."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method, receiver = node.func.attr, ast.unparse(node.func.value)
        taken_back = method == "pop" and not node.args and bool(_BOARD.search(receiver))
        if method in _MOVES or taken_back:
            found.append((node.lineno, f"{node.lineno}: {receiver}.{method}"))
    return [call for _, call in sorted(found)]


def test_no_move_is_replayed_outside_the_walks_and_the_boards() -> None:
    replays = {
        str(path.relative_to(PACKAGE)): _replays(path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if str(path.relative_to(PACKAGE)) not in ALLOWED
    }
    assert {name: calls for name, calls in replays.items() if calls} == {}


def test_the_allow_list_names_only_modules_that_replay() -> None:
    """An entry that no longer plays a move is removed, so the list stays short and true."""
    assert [name for name in ALLOWED if not _replays(PACKAGE / name)] == []


def test_the_scan_finds_a_replay_loop(tmp_path: Path) -> None:
    """What the diagram writers did before the walk gave them their boards (and lists still pop)."""
    loop = (
        "board = start.copy()\nfor played in moves:\n    board.push(played.move)\nboard.pop()\nstack.pop()\n"
    )
    path = tmp_path / "sample.py"
    path.write_text(loop, encoding="utf-8")
    assert _replays(path) == ["3: board.push", "4: board.pop"]


#: every walk's signature, in the game's own types: the record (Go: the tree's root node), the
#: game's WalkOptions, a core Visitor of the game's position, Step and unplayable move; its result
_SIGNATURE = re.compile(
    r"\(record: (?P<record>Record|Node), options: WalkOptions, "
    r"visitor: (?:core\.)?Visitor\[(?P<position>\w+), Step, (?P<unplayable>\w+), R\]\) -> R"
)


def _signature(name: str) -> str:
    """The signature of ``walk`` in ``kifu/<name>/walk.py``, as its source writes it (a compiled
    function keeps no annotations)."""
    tree = ast.parse((PACKAGE / name / "walk.py").read_text(encoding="utf-8"))
    [walk] = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "walk"]
    returns = ast.unparse(walk.returns) if walk.returns else ""
    return f"({ast.unparse(walk.args)}) -> {returns}"


@pytest.mark.parametrize(("name", "module"), [("chess", chess_walk_module), ("go", go), ("xiangqi", xiangqi)])
def test_every_walk_has_one_signature_and_its_unplayable_move_is_cores(name: str, module: ModuleType) -> None:
    """Annotations included; the unplayable move's type has every member of core's protocol (mypy
    checks their types: :class:`kifu.core.walk.Visitor`'s ``U`` is bound to it)."""
    matched = _SIGNATURE.fullmatch(_signature(name))
    assert matched, _signature(name)
    assert list(inspect.signature(module.walk).parameters) == ["record", "options", "visitor"]
    unplayable = getattr(module, matched["unplayable"])
    members = {name for name in vars(core_walk.Unplayable) if not name.startswith("_")}
    assert members == {"node", "ply", "depth", "written", "candidates", "assumed"}
    assert all(hasattr(unplayable, name) for name in members), unplayable


def test_the_walks_detect_no_hook_and_the_letters_are_detected_in_one_place() -> None:
    for name in ("chess/walk.py", "go/walk.py", "xiangqi/walk.py"):
        assert "getattr(" not in (PACKAGE / name).read_text(encoding="utf-8"), name
    callers = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if "detect_language" in path.read_text(encoding="utf-8")
    ]
    assert callers == ["chess/walk.py"]


# --- chess: events, skip, Tee, positions ---------------------------------------------------------


class _Lines:
    """The variations a visitor hears, skipping those at depth ``skip``; its events are the result."""

    def __init__(self, skip: int = 0) -> None:
        self.skip = skip
        self.events: list[str] = []

    def begin_variation(self, depth: int) -> bool | None:
        if depth == self.skip:
            return SKIP
        self.events.append(f"({depth}")
        return None

    def end_variation(self) -> None:
        self.events.append(")")

    def result(self) -> list[str]:
        return self.events


class Events(_Lines, Visitor[list[str]]):
    """Writes down every event; skips the variations at ``skip`` depth."""

    hears_comments = True

    def move(self, step: Step) -> None:
        self.events.append(f"{step.ply}:{step.node.text}")

    def comment(self, text: str) -> None:
        self.events.append(f"{{{text}}}")

    def unplayable(self, problem: Unplayable) -> None:
        self.events.append(f"{problem.ply}:{problem.node.text}?")

    def end(self, complete: bool) -> None:
        self.events.append(f"end {complete}")


MOVETEXT = "{start} 1. e4 {best} e5 (1... c5 2. Nf3 (2. c3) d6) (1... e6) 2. Nf3 *"


def _chess(movetext: str = MOVETEXT) -> tuple[Record, WalkOptions]:
    [game] = split_games(['[Event "x"]', "", movetext])
    record = read_game(game, 1).record
    start = start_board(record, [])
    assert start is not None
    return record, WalkOptions(start)


def test_chess_events_comments_and_a_skipped_variation() -> None:
    record, options = _chess()
    assert chess_walk(record, options, Events()) == [
        "{start}",
        "1:e4",
        "{best}",
        "2:e5",
        "(1",
        "2:c5",
        "3:Nf3",
        "(2",
        "3:c3",
        ")",
        "4:d6",
        ")",
        "(1",
        "2:e6",
        ")",
        "3:Nf3",
        "end True",
    ]
    # the variations of depth 2 are skipped: no event of theirs, not even their end
    skipped = chess_walk(record, options, Events(skip=2))
    assert skipped == [
        *("{start}", "1:e4", "{best}", "2:e5", "(1", "2:c5", "3:Nf3", "4:d6", ")"),
        *("(1", "2:e6", ")", "3:Nf3", "end True"),
    ]


def test_tee_mutes_only_the_visitor_that_skips() -> None:
    record, options = _chess()
    every, some, none = Events(), Events(skip=2), Events(skip=1)
    results = chess_walk(record, options, Tee(every, some, none))
    assert results == (every.events, some.events, none.events)
    assert every.events == chess_walk(record, options, Events())
    assert some.events == chess_walk(record, options, Events(skip=2))
    assert none.events == ["{start}", "1:e4", "{best}", "2:e5", "3:Nf3", "end True"]
    # skipped by every visitor: the walk does not play it
    both = Tee(Events(skip=1), Events(skip=1))
    assert chess_walk(record, options, both) == (none.events, none.events)


def test_positions_are_the_boards_the_walk_reached() -> None:
    record, options = _chess()
    boards = chess_walk(record, options, Tee(Events(), Boards()))[1]
    board = chess.Board()
    expected = [board.fen()]
    for san in ("e4", "e5", "Nf3"):
        board.push_san(san)
        expected.append(board.fen())
    assert {ply: found.fen() for ply, found in boards.items()} == dict(enumerate(expected))
    assert chess_walk(record, options, Boards(plies=[2])).keys() == {2}


def test_the_letters_are_detected_once_and_remembered_by_the_options() -> None:
    record, options = _chess("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *")  # Spanish: C knight, A bishop
    assert chess_walk(record, options, Events())[-1] == "end True"
    assert options.lang is not None and options.detected is not None and not options.detect


# --- xiangqi and Go: the same contract -------------------------------------------------------------


class XiangqiEvents(_Lines, xiangqi.XiangqiVisitor[list[str]]):
    def move(self, step: xiangqi.Step) -> None:
        self.events.append(f"{step.ply}:{step.node.text}")


def test_xiangqi_walk_skips_one_variation_and_returns_the_result() -> None:
    record = next(read_games("1. h2e2 (1. b0c2 (1. h0g2)) h9g7 2. a0a1 *")).record
    options = xiangqi.walk_options(record, {})
    assert isinstance(options, xiangqi.WalkOptions)
    assert xiangqi.walk(record, options, XiangqiEvents()) == [
        *("1:h2e2", "(1", "1:b0c2", "(2", "1:h0g2", ")", ")", "2:h9g7", "3:a0a1")
    ]
    assert xiangqi.walk(record, options, XiangqiEvents(skip=2)) == [
        *("1:h2e2", "(1", "1:b0c2", ")", "2:h9g7", "3:a0a1")
    ]


class GoEvents(_Lines, go.GoVisitor[list[str]]):
    def move(self, step: go.Step) -> None:
        self.events.append(f"{step.ply}:{step.prop.ident if step.prop else '?'}")


def test_go_walk_skips_one_variation_and_returns_the_result() -> None:
    sgf = "(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))"
    [game] = list(parse_collection(sgf, TextIndex(sgf)))
    assert game.root is not None
    options = go.WalkOptions(read_info(game.root, TextIndex(sgf)), PRESETS["chinese"])
    assert go.walk(game.root, options, GoEvents()) == [
        *("1:B", "2:W", "(1", "2:W", "3:B", "(2", "3:B", ")", ")", "3:B")
    ]
    assert go.walk(game.root, options, GoEvents(skip=2)) == [*("1:B", "2:W", "(1", "2:W", "3:B", ")", "3:B")]
    assert go.walk(game.root, options, GoEvents(skip=1)) == ["1:B", "2:W", "3:B"]


class Header(Visitor[list[str]]):
    """The events of the start only (one class serves the three games: they share the contract)."""

    variations = False

    def __init__(self) -> None:
        self.events: list[str] = []

    def begin(self, start: object) -> None:  # type: ignore[override]
        self.events.append("begin")

    def header(self, tags: Mapping[str, str]) -> None:
        self.events.append(" ".join(f"{name}={value}" for name, value in tags.items()))

    def result(self) -> list[str]:
        return self.events


def test_every_walk_begins_with_the_start_then_the_header() -> None:
    record, options = _chess()
    assert chess_walk(record, options, Header()) == ["begin", "Event=x"]
    xq = next(read_games('[Event "x"]\n[Red "R"]\n\n1. h2e2 *')).record
    walked = xiangqi.walk_options(xq, {})
    assert isinstance(walked, xiangqi.WalkOptions)
    assert xiangqi.walk(xq, walked, Header()) == ["begin", "Event=x Red=R"]  # type: ignore[arg-type]
    sgf = "(;GM[1]SZ[9]PB[Black]KM[6.5];B[aa])"
    [game] = list(parse_collection(sgf, TextIndex(sgf)))
    assert game.root is not None
    info = go.WalkOptions(read_info(game.root, TextIndex(sgf)), PRESETS["chinese"])
    assert go.walk(game.root, info, Header()) == ["begin", "PB=Black KM=6.5"]  # type: ignore[arg-type]


# --- the example of docs/architecture.md ------------------------------------------------------------


def test_the_visitor_example_of_the_architecture_page_runs() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, flags=re.DOTALL)
    [example] = [block for block in blocks if "begin_variation" in block]
    assert 15 <= len(example.strip().splitlines()) <= 40
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "docs/architecture.md", "exec"), {"__name__": "example"})
    assert out.getvalue()  # it shows what it found


@pytest.mark.parametrize("name", ["chess/walk.py", "go/walk.py", "xiangqi/walk.py"])
def test_each_walk_module_says_it_returns_the_result(name: str) -> None:
    assert "return visitor.result()" in (PACKAGE / name).read_text(encoding="utf-8")


def test_the_carry_on_mode_has_one_name_in_the_three_walks() -> None:
    """Going on past a move that cannot be played is ``WalkOptions.assume`` in every game."""
    from kifu.chess.walk import WalkOptions as ChessOptions
    from kifu.go.walk import WalkOptions as GoOptions
    from kifu.xiangqi.walk import WalkOptions as XiangqiOptions

    for options in (ChessOptions, GoOptions, XiangqiOptions):
        fields = {field.name for field in dataclasses.fields(options)}
        assert "assume" in fields and not fields & {"recover", "plays_through"}, options.__module__


# --- one walk per record per command ------------------------------------------------------------

#: run in a process of its own, on the pure-Python sources (a compiled caller binds the walk it
#: calls, where no patch reaches it): every game's ``walk`` is wrapped to count its calls per
#: record (the record or game tree it is given, kept alive so that no id is reused); then the
#: command runs in-process, or ``--exec CODE`` runs; prints the most walks of one record and
#: the walks in all
_COUNT_WALKS = """
import collections, sys
import kifu.chess.walk, kifu.go.walk, kifu.xiangqi.walk

calls = collections.Counter()
walked = []
for module in (kifu.chess.walk, kifu.go.walk, kifu.xiangqi.walk):
    original = module.walk
    def counting(record, options, visitor, original=original):
        walked.append(record)
        calls[id(record)] += 1
        return original(record, options, visitor)
    for loaded in list(sys.modules.values()):
        if getattr(loaded, "__name__", "").startswith("kifu") and getattr(loaded, "walk", None) is original:
            loaded.walk = counting
    module.walk = counting  # (the modules imported later take the counting one)
if sys.argv[1] == "--exec":
    exec(sys.argv[2])
else:
    from click.testing import CliRunner
    from kifu.app import cli

    result = CliRunner().invoke(cli, sys.argv[1:])
    assert result.exit_code in (0, 1), (result.exit_code, result.output, result.exception)
print(max(calls.values(), default=0), sum(calls.values()))
"""

_BAD = sorted(
    str(path.relative_to(ROOT))
    for game in ("chess", "go", "xiangqi")
    for path in (ROOT / "fixtures" / game / "bad").iterdir()
    if path.suffix.lower() in (".pgn", ".sgf")
)


def _walks(*args: str) -> tuple[int, int]:
    """(the most walks of one record, the walks in all) of ``kifu ARGS``."""
    env = {**os.environ, "KIFU_PURE": "1"}
    command = [sys.executable, "-c", _COUNT_WALKS, *args]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    most, walks = done.stdout.split()
    return int(most), int(walks)


def test_check_walks_each_record_once_in_every_format() -> None:
    """The HTML report's boards included: they come from the check's own walk, and no record is
    read and walked again (a second reading would make new records: more walks in all)."""
    check = ("check", "--jobs", "1", "--select", "ALL", "--max-boards", "16,5000", "--format")
    most, walks = _walks(*check, "json", *_BAD)
    assert most == 1 and walks > 100
    assert _walks(*check, "text", *_BAD) == (1, walks)
    assert _walks(*check, "html", *_BAD) == (1, walks)


@pytest.mark.parametrize(
    ("path", "finding"),
    [
        ("fixtures/chess/bad/slips-told-by-later-moves.pgn", "CHESS101"),
        ("fixtures/go/bad/GO103-ko.sgf", "GO103"),
        ("fixtures/xiangqi/bad/XQ102-check.pgn", "XQ102"),
    ],
)
def test_show_finding_walks_the_record_once(path: str, finding: str) -> None:
    assert _walks("show", path, "--finding", finding) == (1, 1)


def test_the_counter_sees_a_record_walked_twice() -> None:
    twice = """
from kifu.chess.checker import Kept
from kifu.chess.reader import read_game, start_board
from kifu.chess.splitter import split_games
from kifu.chess.walk import WalkOptions, walk

[game] = split_games(['[Event "x"]', "", "1. e4 e5 *"])
record = read_game(game, 1).record
options = WalkOptions(start_board(record, []))
walk(record, options, Kept())
walk(record, options, Kept())
"""
    assert _walks("--exec", twice) == (2, 2)


def test_what_a_visitor_hears_it_says_itself_not_the_options() -> None:
    """No game's options carry a hook or a hearing flag: a writer hears ``before_move``, and the
    flags are the visitor's (``hears_comments``, ``hears_before``, ``hears_before_move``; Go's
    ``hears_moves`` and ``hears_nodes``)."""
    hooks = {"notation", "write", "moves", "nodes", "watched"}
    for options in (WalkOptions, go.WalkOptions, xiangqi.WalkOptions):
        assert {f.name for f in dataclasses.fields(options)} & hooks == set(), options.__module__
    assert {"hears_comments", "hears_before", "hears_before_move"} <= set(vars(core_walk.Visitor))
    assert {"hears_moves", "hears_nodes"} <= set(dir(go.GoVisitor))
