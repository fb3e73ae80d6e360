"""One name per meaning across the commands: ``--game`` is the game type everywhere, ``--record
N`` the record of a file; the old spellings (``show --game 2``, ``show --as go``) still work for
one release, with a deprecation warning."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.shell_completion import CompletionItem
from kifu.games import GAME_CHOICES

F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:
    _ParamType = click.ParamType[Any]  # generic for type checkers (Click 8.2+), not at run time before
else:
    _ParamType = click.ParamType


class GameOrNumber(_ParamType):
    """``--game``: a game type (``chess``, ``xiangqi``, ``go``, ``auto``); a whole number is the
    old spelling of ``--record`` (``show --game 2``), returned as an ``int`` for the command to
    warn about."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str | int:
        if isinstance(value, int) or (isinstance(value, str) and value.isascii() and value.isdigit()):
            number = int(value)
            if number < 1:
                self.fail(f"record {number} does not exist: records are numbered from 1", param, ctx)
            return number
        chosen = str(value).lower()
        if chosen not in GAME_CHOICES:
            self.fail(f"{value!r} is not one of {', '.join(map(repr, GAME_CHOICES))}", param, ctx)
        return chosen

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(GAME_CHOICES) + "]"

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return [CompletionItem(name) for name in GAME_CHOICES if name.startswith(incomplete.lower())]


def deprecated(old: str, new: str) -> None:
    """Say on stderr that ``old`` is deprecated in favour of ``new``."""
    click.echo(
        f"kifu: warning: {old} is deprecated and will be removed in the next release; use {new}", err=True
    )


def game_options(command: F) -> F:
    """``--game auto|chess|xiangqi|go``, ``--record N`` and the hidden, deprecated ``--as`` (the
    game type) for a command that reads one record of a file; ``--game N`` still means
    ``--record N`` for one release. :func:`resolve_game` reconciles the spellings."""
    decorators = [
        click.option(
            "--game",
            type=GameOrNumber(),
            default="auto",
            show_default=True,
            help="Which game the file records (auto: by extension, then by content).",
        ),
        click.option(
            "--record",
            type=click.IntRange(1),
            metavar="N",
            help="Which record of the file (1-based; default 1).",
        ),
        click.option("--as", "game_as", type=click.Choice(GAME_CHOICES), hidden=True),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def resolve_game(values: dict[str, Any]) -> tuple[str | None, int]:
    """``(game, record)`` from the parameters of :func:`game_options` (removed from ``values``):
    the game type (``None`` for auto) and the record number (default 1), each old spelling
    warned about on stderr."""
    game: str | int = values.pop("game")
    game_as: str | None = values.pop("game_as", None)
    record: int | None = values.pop("record", None)
    if isinstance(game, int):
        deprecated(f"--game {game} (the record number)", f"--record {game}")
        if record is not None and record != game:
            raise click.UsageError(f"--game {game} and --record {record} name different records")
        record, game = game, "auto"
    if game_as is not None:
        deprecated(f"--as {game_as}", f"--game {game_as}")
        if game != "auto" and game != game_as:
            raise click.UsageError(f"--as {game_as} and --game {game} name different games")
        game = game_as
    return (None if game == "auto" else game), (record or 1)
