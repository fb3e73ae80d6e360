"""The values of the rules settings, as every command's options and the library take them: one
definition of each setting's type (a number and its range, a finite komi, its choices, a known
language of piece letters), which ``kifu.commands.options`` puts on the command line and
:mod:`kifu.application.library` checks a keyword's value with."""

from __future__ import annotations

import math
from typing import Any

import click
from kifu.games import preset_names, setting_choices


class _Finite(click.types.FloatParamType):
    """A float that is a number: ``inf`` and ``nan``, which Python and TOML read, are refused
    (a komi of ``inf`` broke every count, ``nan`` made every result contradict it)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        number: float = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


FINITE = _Finite()

#: each rules setting's type, by the name of its option's parameter (``lang``: a known
#: language, :func:`check_language`; ``dead``: points, read by the game)
TYPES: dict[str, click.ParamType[Any]] = {
    "rules": click.Choice(preset_names()),
    "repetition": click.IntRange(0),
    "natural_limit": click.IntRange(0),
    "natural_limit_checks": click.IntRange(0),
    "abridged": click.Choice(["advance", "traverse"]),
    "komi": FINITE,
    "dead": click.STRING,
    "dead_from": click.Choice(["gnugo"]),
    "ko": click.Choice(["simple", "positional", "situational"]),
    "lang": click.STRING,
}


def check_language(value: str | None, option: str) -> str | None:
    """``value`` in lower case when some game knows it as a language of piece letters."""
    if value is None:
        return None
    known = setting_choices("lang")
    if value.lower() not in known:
        raise click.BadParameter(
            f"unknown language {value!r}; use one of {', '.join(known)}", param_hint=option
        )
    return value.lower()
