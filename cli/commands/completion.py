"""Shell completion of the values that are no fixed :class:`click.Choice`: the ``--to`` targets
and the finding codes (a :class:`click.Choice` completes itself: ``--game``, ``--rules``,
``--preset``). The games are read only when the shell asks."""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem


def complete_targets(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``--to``: every game's targets, with the games that have each."""
    from kifu import games

    found: dict[str, list[str]] = {}
    for game in games.loaded():
        for target in game.TARGETS:
            found.setdefault(target, []).append(game.NAME)
    return [
        CompletionItem(target, help=", ".join(names))
        for target, names in sorted(found.items())
        if target.startswith(incomplete)
    ]


def complete_codes(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A finding code or family (``CHESS``, ``CHESS101``) after the last comma of ``incomplete``;
    after a ``PATTERN:`` (``--per-file-ignores``) or before ``=LEVEL`` (``--severity``) alike."""
    from kifu import games
    from kifu.core.findings import REGISTRY

    games.load_all_codes()
    head, _, last = incomplete.rpartition(",")
    pattern, colon, last = last.rpartition(":") if ":" in last else ("", "", last)
    prefix = (head + "," if head else "") + pattern + colon
    families = sorted({code.rstrip("0123456789") for code in REGISTRY})
    items = [CompletionItem(prefix + family, help="family") for family in families]
    items += [CompletionItem(prefix + code, help=REGISTRY[code].title) for code in sorted(REGISTRY)]
    wanted = last.upper()
    return [item for item in items if str(item.value)[len(prefix) :].startswith(wanted)]
