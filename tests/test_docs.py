"""Docs that cannot drift (sqlite-utils' test_docs.py is the model): the command reference is
generated from the commands, every command and option is documented, the lists written in help
texts equal what the games provide, and every finding code has its explanation."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from kifu import games
from kifu.app import COMMANDS, cli
from kifu.commands.options import RULES_PRESETS
from kifu.core.findings import REGISTRY

from tests.cli_reference import reference
from tests.golden import assert_golden

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTEXT = click.Context(cli, info_name="kifu")


def _commands() -> dict[str, click.Command]:
    commands = {name: cli.get_command(CONTEXT, name) for name in cli.list_commands(CONTEXT)}
    return {name: command for name, command in commands.items() if command is not None}


def test_the_command_reference_is_up_to_date() -> None:
    assert_golden(ROOT / "docs" / "cli.md", reference())


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_shown_in_the_readme(name: str) -> None:
    assert f"kifu {name}" in README


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_is_documented(name: str) -> None:
    documented = README + (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    options = [  # (a hidden option is a deprecated spelling, no longer shown)
        flag
        for parameter in _commands()[name].params
        if not getattr(parameter, "hidden", False)
        for flag in getattr(parameter, "opts", [])
    ]
    assert [flag for flag in options if flag.startswith("-") and flag not in documented] == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_group_lists_each_command_with_its_own_short_help(name: str) -> None:
    assert COMMANDS[name][2] == _commands()[name].get_short_help_str(limit=200)


def _listed_per_game(help_text: str) -> dict[str, set[str]]:
    """``Chess: a, b. Xiangqi: c. Go: d, e.`` → {"chess": {a, b}, …}."""
    found = re.findall(r"(Chess|Xiangqi|Go):\s*([^.]*)", help_text)
    return {game.lower(): {item.strip() for item in items.split(",")} for game, items in found}


def _option(command: str, flag: str) -> click.Parameter:
    return next(p for p in _commands()[command].params if flag in getattr(p, "opts", []))


def test_the_convert_targets_in_the_help_are_the_games_targets() -> None:
    listed = _listed_per_game(_option("convert", "--to").help or "")
    assert listed == {game.NAME: set(game.TARGETS) for game in games.loaded()}


def test_the_rules_presets_are_the_union_of_the_games_presets() -> None:
    presets = {name for game in games.loaded() for name in game.PRESETS}
    assert set(RULES_PRESETS) == presets
    help_text = _option("check", "--rules").help or ""
    for game in games.loaded():
        assert all(name in help_text for name in game.PRESETS), game.NAME
    score_rules = _option("score", "--rules")
    assert isinstance(score_rules.type, click.Choice)
    go = games.load("go")
    assert go is not None and set(score_rules.type.choices) == set(go.PRESETS)


def test_every_finding_code_has_its_explanation() -> None:
    games.load_all_codes()
    assert len(REGISTRY) > 120
    assert [code for code, entry in REGISTRY.items() if not (entry.title.strip() and entry.doc.strip())] == []
    assert all(re.fullmatch(r"[A-Z]+[0-9]{3}", code) for code in REGISTRY)


def test_the_game_choices_of_every_command_are_the_registry_s() -> None:
    for name, flag in (("check", "--game"), ("convert", "--game"), ("show", "--as"), ("standings", "--game")):
        choice = _option(name, flag).type
        assert isinstance(choice, click.Choice)
        assert tuple(choice.choices) == ("auto", *games.GAMES), name


def test_the_shared_rules_options_are_the_settings_table_s() -> None:
    from kifu.commands.options import SETTING_NAMES, rules_options

    parameters = {p.name for p in rules_options(click.command()(lambda **_: None)).params}
    assert parameters == {"rules", *SETTING_NAMES}
    assert set(SETTING_NAMES) == {s.name for s in games.SETTINGS if s.option}


def test_each_game_s_presets_are_its_registered_ones_default_first() -> None:
    for game in games.loaded():
        assert tuple(game.PRESETS) == tuple(games.presets(game.NAME))
        assert {name: p.description for name, p in game.PRESETS.items()} == dict(games.presets(game.NAME))
