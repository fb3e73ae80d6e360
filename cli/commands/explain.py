"""``kifu explain``: the documentation of a finding code, in the shape of ruff's rule pages."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import click
from kifu.commands import HELP
from kifu.commands.completion import complete_codes

if TYPE_CHECKING:
    from kifu.core.findings import Code

#: the longest line ``kifu explain`` prints
WIDTH = 100
#: how far a section's text stands in under its heading (an example's lines twice as far)
INDENT = "  "


def _wrap(text: str, indent: str = INDENT, width: int = WIDTH) -> list[str]:
    """``text`` in lines of at most ``width`` characters, each begun by ``indent``."""
    return textwrap.wrap(
        text, width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False
    ) or [indent.rstrip()]


def page(entry: Code) -> list[str]:
    """The lines of ``kifu explain CODE``: the title, then what it means, why it matters, an
    example, how to fix it (with whether ``kifu check --fix`` does), how kifu decides (when
    ``doc`` is more than the meaning), the impact of a format slip and the rule."""
    sections: list[tuple[str, list[str]]] = [
        ("What it means", _wrap(entry.means or entry.doc)),
        ("Why it matters", _wrap(entry.why)),
        ("Example", [INDENT * 2 + line if line else "" for line in entry.example.splitlines()]),
        ("How to fix it", _wrap(entry.fix_hint) + _wrap(entry.fix_note)),
    ]
    if entry.means:
        sections.append(("How kifu decides", _wrap(entry.doc)))
    lines = _wrap(f"{entry.code} ({entry.severity.label}): {entry.title}", indent="")
    for heading, body in sections:
        lines += ["", heading, *body]
    if entry.format:
        impact = (
            "Impact: a format slip; the game is unchanged, so it is a warning (an error with "
            "--strict). docs/severity.md gives the impact class of every code."
        )
        lines += ["", *_wrap(impact, indent="")]
    if entry.rule:
        lines += ["", *_wrap(f"Rule: {entry.rule}", indent="")]
    return lines


def listing(entries: list[Code]) -> list[str]:
    """One line per code for ``kifu explain``: the code, its impact and its title (wrapped
    under the title's column)."""
    lines: list[str] = []
    for entry in sorted(entries, key=lambda c: c.code):
        head = f"{entry.code:<9} {entry.impact:<16} "
        lines += textwrap.wrap(
            entry.title, WIDTH, initial_indent=head, subsequent_indent=" " * len(head), break_on_hyphens=False
        )
    return lines


@click.command("explain", context_settings=HELP)
@click.argument("code", required=False, shell_complete=complete_codes)
def explain(code: str | None) -> None:
    """Explain finding CODE such as CHESS101; without CODE, list every code.

    A code's page says what it means, why it matters, an example and how to fix it."""
    from kifu import games
    from kifu.core.findings import REGISTRY, lookup

    games.load_all_codes()
    if code is None:
        click.echo("\n".join(listing(list(REGISTRY.values()))))
        return
    found = lookup(code)
    if found is None:
        from kifu.application.selection import close_codes

        close = close_codes(code.strip().upper(), REGISTRY.keys())
        hint = f"; did you mean {' or '.join(close)}?" if close else "; `kifu explain` lists them all"
        raise click.BadParameter(f"no finding code {code!r}{hint}", param_hint="CODE")
    click.echo("\n".join(page(found)))
