"""``kifu explain``: the documentation of a finding code."""

from __future__ import annotations

import importlib

import click

#: Modules that register codes; a game whose package is absent is skipped.
CODE_MODULES = ("kifu.chess.codes", "kifu.go.codes", "kifu.xiangqi.codes")


def load_all_codes() -> None:
    """Import every module that registers finding codes."""
    for name in CODE_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is None or not name.startswith(error.name):
                raise


@click.command("explain")
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain finding CODE (e.g. CHESS101); without CODE, list every code."""
    from kifu.core.findings import REGISTRY, lookup

    load_all_codes()
    if code is None:
        for entry in sorted(REGISTRY.values(), key=lambda c: c.code):
            click.echo(f"{entry.code:<9} {entry.severity.label:<8} {entry.title}")
        return
    found = lookup(code)
    if found is None:
        raise click.BadParameter(
            f"no finding code {code!r}; `kifu explain` lists them all", param_hint="CODE"
        )
    click.echo(f"{found.code} ({found.severity.label}): {found.title}\n")
    click.echo(found.doc)
    if found.rule:
        click.echo(f"\nRule: {found.rule}")
