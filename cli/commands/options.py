"""The rules options every command shares: check, convert and score are one walk per game, so
they read a record under the same rules and take the same options."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

#: every game's presets; each game reads the one that concerns it (default: its own).
#: ``tests/test_docs.py`` holds this list equal to the union of the games' ``PRESETS``.
RULES_PRESETS = (
    "fide",
    "cxa",
    "axf",
    "chinese",
    "tromp-taylor",
    "wmsg2008",
    "aga",
    "nz",
    "ing",
    "japanese",
    "korean",
)

#: option name → key in :attr:`kifu.core.game.Options.settings`
_SETTINGS = {
    "komi": "komi",
    "ko": "ko",
    "abridged": "xiangqi_abridged",
    "repetition": "repetition",
    "natural_limit": "natural_limit",
    "natural_limit_checks": "natural_limit_checks",
}


def rules_options(command: F) -> F:
    """Add ``--rules`` and the game-specific overrides to a Click command."""
    decorators = [
        click.option(
            "--rules",
            type=click.Choice(RULES_PRESETS),
            metavar="PRESET",
            help="Rules preset: chess fide; xiangqi cxa (default) or axf; "
            "go chinese (default), tromp-taylor, wmsg2008, aga, nz, ing, japanese, korean.",
        ),
        click.option(
            "--repetition",
            type=click.IntRange(0),
            metavar="N",
            help="Xiangqi: the occurrence of a position that ends a repetition cycle (default 3; 0, 1: off).",
        ),
        click.option(
            "--natural-limit",
            type=click.IntRange(0),
            metavar="ROUNDS",
            help="Xiangqi: rounds without a capture that end the game in a draw (default 60; 0: off).",
        ),
        click.option(
            "--natural-limit-checks",
            type=click.IntRange(0),
            metavar="N",
            help="Xiangqi: checks of a side that still count for its natural-limit claim (default 10).",
        ),
        click.option(
            "--abridged",
            type=click.Choice(["advance", "traverse"]),
            help="Xiangqi: how to read an abridged move that fits both (车1 2: 进 or 平); default: say so.",
        ),
        click.option("--komi", type=float, help="Go: komi for the count (default: the record's KM)."),
        click.option(
            "--ko",
            type=click.Choice(["simple", "positional", "situational"]),
            help="Go: ko rule (default: the rules' own).",
        ),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def settings_from(values: dict[str, Any]) -> dict[str, Any]:
    """The game settings among a command's parameters (those given), keyed as the games read them.

    Removes them from ``values``, which keeps the command's own parameters.
    """
    settings: dict[str, Any] = {}
    for name, key in _SETTINGS.items():
        value = values.pop(name, None)
        if value is not None:
            settings[key] = value
    return settings


def check_language(value: str | None, option: str) -> str | None:
    """``value`` in lower case when some game knows it as a language of piece letters."""
    if value is None:
        return None
    from kifu import games

    known = games.setting_choices("lang")
    if value.lower() not in known:
        raise click.BadParameter(
            f"unknown language {value!r}; use one of {', '.join(known)}", param_hint=option
        )
    return value.lower()


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def _size(context: click.Context, parameter: click.Parameter, value: str | None) -> int | None:
    """A size in bytes or characters: ``512M``, ``2G``, ``300k``, ``1000``; ``0`` for no limit."""
    if value is None:
        return None
    text = value.strip().upper().removesuffix("B").removesuffix("I")
    unit = text[-1:] if text[-1:] in ("K", "M", "G") else ""
    number = text[: len(text) - len(unit)]
    if not (number.isascii() and number.isdigit()):
        raise click.BadParameter(f"{value!r} is not a size such as 512M, 2G or 0", context, parameter)
    return int(number) * _UNITS[unit]


def limit_options(command: F) -> F:
    """Add the input limits (``--max-decompressed``, ``--max-record``, ``--max-depth``) to a command."""
    decorators = [
        click.option(
            "--max-decompressed",
            callback=_size,
            metavar="SIZE",
            help="Stop reading a compressed file that inflates past SIZE (default 512M; 0: no limit).",
        ),
        click.option(
            "--max-record",
            callback=_size,
            metavar="SIZE",
            help="Do not read a record longer than SIZE characters (default 16M; 0: no limit).",
        ),
        click.option(
            "--max-depth",
            type=click.IntRange(0),
            metavar="N",
            help="Do not read variations nested deeper than N (default 1000; 0: no limit).",
        ),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def apply_limits(values: dict[str, Any]) -> None:
    """Set the process's input limits from a command's parameters (removed from ``values``)."""
    from kifu.core.limits import set_limits

    given = {
        key: value
        for key, value in (
            ("decompressed", values.pop("max_decompressed", None)),
            ("record", values.pop("max_record", None)),
            ("depth", values.pop("max_depth", None)),
        )
        if value is not None
    }
    if given:
        set_limits(**given)
