"""Each game has one ``convert --to`` table, name → Target(description, extension, separated,
writer), and its conversion looks the target up instead of testing its name (issue 27, "Derive,
don't copy")."""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest
from kifu import games
from kifu.core.game import Target

GAMES = sorted(games.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_the_game_module_serves_the_table_of_its_writers(name: str) -> None:
    game = games.load(name)
    assert game is not None
    writers = importlib.import_module(f"kifu.{name}.writers")
    assert game.TARGETS is writers.TARGETS
    for target, kind in game.TARGETS.items():
        assert isinstance(kind, Target), target
        assert callable(kind.writer), target
        assert kind.description and kind.extension.startswith("."), target


#: each game's other lists of targets, as the table gives them
DERIVED = {
    "chess": ("AS_WRITTEN", {"pgn", "san", "fan"}),
    "go": ("PGN_TARGETS", {"diagram"}),
    "xiangqi": ("PGN_TARGETS", {"chinese", "traditional", "pgn", "wxf", "iccs"}),
}


@pytest.mark.parametrize("name", GAMES)
def test_the_other_lists_of_targets_are_derived_from_the_table(name: str) -> None:
    writers = importlib.import_module(f"kifu.{name}.writers")
    assert {target: kind.extension for target, kind in writers.TARGETS.items()} == writers.EXTENSIONS
    derived, expected = DERIVED[name]
    assert expected == getattr(writers, derived)


#: functions that may still test a target's name, and why
ALLOWED = {
    # the SGF charset goes into CA; the Game protocol's declare_encoding, not a conversion
    "declare_encoding",
}


def _tests_of_the_target_name(name: str) -> list[str]:
    """``target == "x"`` / ``target in X`` in the game's writers, except ``target in TARGETS``."""
    source = inspect.getsource(importlib.import_module(f"kifu.{name}.writers"))
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef) or function.name in ALLOWED:
            continue
        for node in ast.walk(function):
            if not (isinstance(node, ast.Compare) and isinstance(node.left, ast.Name)):
                continue
            if node.left.id == "target" and not (
                isinstance(node.comparators[0], ast.Name) and node.comparators[0].id == "TARGETS"
            ):
                found.append(f"{function.name}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("name", GAMES)
def test_the_dispatch_is_a_table_lookup(name: str) -> None:
    assert _tests_of_the_target_name(name) == []


def test_a_chess_target_that_cannot_copy_moves_as_written_says_so() -> None:
    from kifu.chess.writers import written_as_is
    from kifu.core.record import Record

    with pytest.raises(ValueError, match="uci"):
        written_as_is("uci", Record("chess", 1, 1), None)
