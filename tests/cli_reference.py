"""docs/cli.md, generated from the Click commands themselves so that it cannot drift.

``python -m tests.cli_reference > docs/cli.md`` (or ``KIFU_UPDATE_GOLDEN=1 make test``)
rewrites it; ``tests/test_docs.py`` fails when the file and the commands disagree.
"""

from __future__ import annotations

import click
from kifu.app import cli

WIDTH = 100

HEAD = """# Command reference

Every `kifu` command with all its options, as `kifu COMMAND --help` prints them. This page is
generated from the commands (`python -m tests.cli_reference > docs/cli.md`); a test fails when
it is out of date. The README shows the commands at work for each use case.
"""


def _help(command: click.Command, name: str, parent: click.Context | None) -> str:
    context = click.Context(
        command,
        info_name=name,
        parent=parent,
        terminal_width=WIDTH,
        max_content_width=WIDTH,
        **command.context_settings,
    )
    return command.get_help(context)


def reference() -> str:
    """The text of docs/cli.md."""
    root = click.Context(
        cli, info_name="kifu", terminal_width=WIDTH, max_content_width=WIDTH, **cli.context_settings
    )
    parts = [HEAD, "## kifu\n", "```text\n" + cli.get_help(root) + "\n```\n"]
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        assert command is not None
        parts.append(f"## kifu {name}\n")
        parts.append("```text\n" + _help(command, name, root) + "\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(reference(), end="")
