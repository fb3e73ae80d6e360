"""``kifu config``: the settings ``kifu check`` would use here, and where each one comes from."""

from __future__ import annotations

import json
import os
from typing import Any

import click
from kifu.commands.check import check_options
from kifu.commands.options import DEFAULT, HELP, LAYERED, resolve
from kifu.core.escape import terminal


@click.command("config", context_settings=HELP)
@check_options
@click.pass_context
def config(ctx: click.Context, /, **_: Any) -> None:
    """Print the effective settings of `kifu check` and where each comes from.

    Settings are read from [tool.kifu] in the nearest pyproject.toml and from the nearest
    kifu.toml (looking from the current directory upwards, to the repository root at most);
    kifu.toml wins over pyproject.toml and the command line wins over both; the user's own
    ~/.config/kifu/kifu.toml ($XDG_CONFIG_HOME) comes below them all, and alone (with the
    command line) may set executor, scheduler, dashboard and dead-from. Give check's options
    to see their effect. select, extend-select, ignore, per-file-ignores and severity combine
    in layers (ruff's manner): each origin that sets them is listed, lowest precedence first.
    Unknown keys are an error.
    """
    resolved = resolve(ctx)
    resolved.selection()  # a selector that names no code is an error here as in check
    files = ", ".join(config.name for config in resolved.files) or "none"
    lines = [f"# kifu check settings in {os.getcwd()}", f"# configuration files: {files}"]
    rows: list[tuple[str, str]] = []
    for key, param in resolved.keys.items():
        if key in LAYERED:
            layers = [(origin, layer[key]) for origin, layer in resolved.layers if key in layer]
            rows += [(f"{key} = {_toml(values)}", origin) for origin, values in layers] or [
                (f"{key} = []", DEFAULT)
            ]
        else:
            rows.append((f"{key} = {_toml(resolved.values[param.name or key])}", resolved.origins[key]))
    # a directory, a file name or a value from a configuration file may hold control characters
    lines = [terminal(line, one_line=True) for line in lines]
    rows = [(terminal(text, one_line=True), terminal(origin, one_line=True)) for text, origin in rows]
    width = max(len(text) for text, _ in rows)
    lines += [f"{text:<{width}}  # {origin}" for text, origin in rows]
    click.echo("\n".join(lines))


def _toml(value: Any) -> str:
    """``value`` as TOML writes it (``None``, which TOML lacks, as a comment-like ``none``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)
