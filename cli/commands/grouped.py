"""Help that lists a command's options by use, in headed groups (``kifu check --help``: paths and
output first, then selection, each game's options, the limits).

Click writes one "Options" section; :class:`Grouped` writes one section per group, in the order
given, with the columns aligned across them, and orders the command's parameters alike (so that
the man page and ``kifu config`` follow it too). An option that no group names would go under
"Other options"; a group that names no option of the command is an error when it is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

#: (heading, the parameter names under it, in order)
Groups = Sequence[tuple[str, Sequence[str]]]

#: the help option, which Click adds to every command
HELP_NAME = "help"

#: the groups of the options every reading command shares (:func:`kifu.commands.options.rules_options`,
#: :func:`~kifu.commands.options.limit_options`, :func:`~kifu.commands.options.config_options`)
CHESS: tuple[str, Sequence[str]] = ("Chess", ("lang",))
XIANGQI: tuple[str, Sequence[str]] = (
    "Xiangqi",
    ("repetition", "natural_limit", "natural_limit_checks", "abridged"),
)
GO: tuple[str, Sequence[str]] = ("Go", ("komi", "dead", "dead_from", "ko"))
LIMITS: tuple[str, Sequence[str]] = (
    "Limits against hostile input",
    ("max_decompressed", "max_record", "max_depth", "max_nodes", "max_items", "max_moves"),
)
CONFIGURATION: tuple[str, Sequence[str]] = ("Configuration", ("config_file", "isolated"))


class Grouped(click.Command):
    """A command whose ``--help`` lists its options in ``groups`` (``groups=`` of
    ``@click.command(cls=Grouped, …)``), each under its heading."""

    def __init__(self, *args: Any, groups: Groups = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.groups = groups
        names = {param.name for param in self.params}
        unknown = [name for _, members in groups for name in members if name not in names | {HELP_NAME}]
        if unknown:
            raise ValueError(f"option groups of {self.name}: no such option: {', '.join(unknown)}")
        order = {name: index for index, name in enumerate(name for _, members in groups for name in members)}
        last = len(order)
        self.params.sort(
            key=lambda param: -1 if isinstance(param, click.Argument) else order.get(param.name or "", last)
        )

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The options, one headed section per group, their help in one column for all."""
        records: dict[str, tuple[str, str]] = {}
        help_option = self.get_help_option(ctx)
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx) if isinstance(param, click.Option) else None
            if record is not None:
                records[HELP_NAME if param is help_option else param.name or ""] = record
        sections: list[tuple[str, list[tuple[str, str]]]] = []
        for heading, members in self.groups:
            said = f"{heading}: "  # (an option's help names its game: its heading says it here)
            rows = [
                (term, text[len(said)].upper() + text[len(said) + 1 :] if text.startswith(said) else text)
                for term, text in (records.pop(name) for name in members if name in records)
            ]
            if rows:
                sections.append((heading, rows))
        if records:
            sections.append(("Other options", list(records.values())))
        # every section's help starts in the same column (Click sizes each list on its own)
        width = min(max((len(term) for _, rows in sections for term, _ in rows), default=0), 30)
        for heading, rows in sections:
            with formatter.section(heading):
                formatter.write_dl([(term.ljust(width), text) for term, text in rows])
