"""``kifu explain``: the documentation of a finding code."""

from __future__ import annotations

import click
from kifu.commands import HELP
from kifu.commands.completion import complete_codes


@click.command("explain", context_settings=HELP)
@click.argument("code", required=False, shell_complete=complete_codes)
def explain(code: str | None) -> None:
    """Explain finding CODE such as CHESS101; without CODE, list every code."""
    from kifu import games
    from kifu.core.findings import REGISTRY, lookup

    games.load_all_codes()
    if code is None:
        for entry in sorted(REGISTRY.values(), key=lambda c: c.code):
            click.echo(f"{entry.code:<9} {entry.impact:<16} {entry.title}")
        return
    found = lookup(code)
    if found is None:
        from kifu.application.selection import suggest

        hint = suggest(code.strip().upper(), REGISTRY.keys())
        raise click.BadParameter(
            f"no finding code {code!r}{hint or '; `kifu explain` lists them all'}", param_hint="CODE"
        )
    click.echo(f"{found.code} ({found.severity.label}): {found.title}\n")
    click.echo(found.doc)
    if found.format:
        click.echo(
            "\nImpact: a format slip; the game is unchanged, so it is a warning (an error with "
            "--strict). docs/severity.md gives the impact class of every code."
        )
    if found.rule:
        click.echo(f"\nRule: {found.rule}")
