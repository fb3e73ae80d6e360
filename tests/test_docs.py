"""Docs that cannot drift (sqlite-utils' test_docs.py is the model): the command reference is
generated from the commands, every command and option is documented, the lists written in help
texts equal what the games provide, and every finding code has its explanation."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
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


# --- the README's console examples, run ------------------------------------------------------

#: The names the README's examples give to files this repository does not hold (a round of an
#: event, an archive, a project in /srv): an example whose command or shown output names one is
#: shown, not run. Every other ``$ kifu …`` of a ``console`` block is run from the repository's
#: root and its output compared with what the README shows.
MADE_UP = ("round5", "event/", "export/", "archive", "game.pgn", "/srv/")


def _illustrative(command: str, shown: list[str]) -> bool:
    """Whether an example names a made-up file (:data:`MADE_UP`) in its command or its output."""
    arguments = shlex.split(command)[1:]
    return any(argument.startswith(MADE_UP) for argument in arguments) or any(
        name in line for line in shown for name in MADE_UP if name.startswith("/")
    )


def _console_examples() -> list[tuple[str, list[str]]]:
    """``(command, shown output lines)`` of every ``$ kifu …`` line of the README's ``console``
    blocks; a trailing ``# comment`` is not part of the command."""
    examples: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```console\n(.*?)^```$", README, re.M | re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                command = re.sub(r"\s+#.*$", "", line[2:]).strip()
                examples.append((command, []))
            elif examples:
                examples[-1][1].append(line)
    return examples


def _matches(shown: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is what ``shown`` shows: a line ``…`` stands for any lines (none too), a
    ``…`` inside a line for the rest of it (or a part of it), and a time for any time."""
    if not shown:
        return not actual
    if shown[0] == "…":
        return any(_matches(shown[1:], actual[skip:]) for skip in range(len(actual) + 1))
    pattern = ".*".join(re.escape(part) for part in _timeless(shown[0]).split("…"))
    return (
        bool(actual)
        and re.fullmatch(pattern, _timeless(actual[0])) is not None
        and _matches(shown[1:], actual[1:])
    )


def _timeless(line: str) -> str:
    """A summary line with its time and rate (which change from run to run) as ``…``."""
    return re.sub(r" in [0-9.]+ s(, [0-9,]+ records/s)?$", " in …", line)


def _run(command: str) -> list[str]:
    """The lines that ``command`` (``kifu …``) prints, stdout then stderr, run from the root."""
    arguments = shlex.split(command)
    assert arguments[0] == "kifu", command
    done = subprocess.run(
        [sys.executable, "-m", "kifu", *arguments[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"},
    )
    return (done.stdout + done.stderr).splitlines()


EXAMPLES = _console_examples()


def test_the_readme_s_console_examples_are_run_but_for_the_made_up_files() -> None:
    run = [command for command, shown in EXAMPLES if not _illustrative(command, shown)]
    assert len(run) >= 10 and len(EXAMPLES) - len(run) <= 10
    assert [name for name in MADE_UP if (ROOT / name.strip("/")).exists()] == []  # made up indeed


@pytest.mark.parametrize(
    ("command", "shown"),
    [pytest.param(c, s, id=c) for c, s in EXAMPLES if not _illustrative(c, s)],
)
def test_a_readme_console_example_prints_what_the_readme_shows(command: str, shown: list[str]) -> None:
    actual = _run(command)
    assert _matches(shown, actual), "\n".join(["README shows:", *shown, "", "kifu prints:", *actual])
