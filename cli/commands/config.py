"""``kifu config``: the settings ``kifu check`` would apply to a file, and where each comes from."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
from kifu.commands.check import check, check_options
from kifu.commands.options import DEFAULT, HELP, LAYERED, Resolved, resolve
from kifu.commands.output_file import output_to
from kifu.core.escape import terminal


@click.command("config", context_settings=HELP)
@click.argument("path", required=False, metavar="[FILE]")
@click.option(
    "--format",
    "shown_as",
    type=click.Choice(["toml", "json"]),
    default="toml",
    show_default=True,
    help="Print the settings as TOML (a kifu.toml, each origin in a comment) or as JSON.",
)
@check_options
@click.pass_context
def config(ctx: click.Context, /, path: str | None, shown_as: str, **_: Any) -> None:
    """Print the settings `kifu check` applies to FILE, and where each comes from.

    FILE is a record file or a folder; default: the current directory. The configuration of a
    file is the closest kifu.toml, .kifu.toml or pyproject.toml with [tool.kifu] (looking from
    the file's directory upwards, to the repository root at most): one file, with the files it
    names by `extend = "../kifu.toml"` below it, not merged with the files above it. The
    command line wins over it (--config FILE applies a file to every record, --isolated none);
    the user's own ~/.config/kifu/kifu.toml ($XDG_CONFIG_HOME) comes below it, and alone (with
    the command line) may set executor, scheduler, dashboard and dead-from. Give check's
    options to see their effect (but --format, which is this command's). select,
    extend-select, ignore, per-file-ignores and severity combine in layers (ruff's manner):
    each is shown once, as the layers make it, with every origin that sets it. The TOML output
    is a valid kifu.toml; a key that is not set is a comment. Unknown keys are an error.
    """
    directory = os.curdir
    if path is not None:
        if not os.path.lexists(path):
            raise click.BadParameter(f"no such file or directory: {path}", param_hint="FILE")
        directory = path if os.path.isdir(path) else (os.path.dirname(path) or os.curdir)
    resolved = resolve(ctx, Path(directory), check)
    resolved.selection()  # a selector that names no code is an error here as in check
    where = os.path.abspath(path if path is not None else os.curdir)
    settings = _settings(resolved)
    if shown_as == "json":
        document = {
            "path": where,
            "configuration": [str(config.path) for config in resolved.files],
            "settings": {
                key: {"value": value, "source": source} for key, (value, source) in settings.items()
            },
        }
        with output_to(None) as out:  # (a short write is an error, exit 2)
            out.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        return
    files = ", ".join(config.name for config in resolved.files) or "none"
    lines = [f"# kifu check settings for {where}", f"# configuration files: {files}"]
    rows: list[tuple[str, str]] = []
    for key, (value, source) in settings.items():
        rows.append((f"{key} = {_toml(value)}" if value is not None else f"# {key} is not set", source))
    # a directory, a file name or a value from a configuration file may hold control characters
    lines = [terminal(line, one_line=True) for line in lines]
    rows = [(terminal(text, one_line=True), terminal(origin, one_line=True)) for text, origin in rows]
    width = max(len(text) for text, _ in rows)
    lines += [f"{text:<{width}}  # {origin}" for text, origin in rows]
    with output_to(None) as out:
        out.write("\n".join(lines) + "\n")


def _settings(resolved: Resolved) -> dict[str, tuple[Any, str]]:
    """Each key's value (``None``: not set) and where it comes from; a layered key (select,
    ignore …) once, as its layers make it: the last ``select``, the others joined in order."""
    shown: dict[str, tuple[Any, str]] = {}
    for key, param in resolved.keys.items():
        if key in LAYERED:
            layers = [(origin, list(layer[key])) for origin, layer in resolved.layers if key in layer]
            if key == "select":
                layers = layers[-1:]
            value: Any = [item for _, values in layers for item in values]
            if key == "select" and not layers:
                value = None  # (an empty list would select no code)
            elif key == "per-file-ignores":  # as the configuration writes them: tables
                value = _table(value, ":", list)
            elif key == "severity":
                value = _table(value, "=", str)
            origins = " + ".join(origin for origin, _ in layers)
            shown[key] = (value, origins or DEFAULT)
        else:
            value = resolved.values[param.name or key]
            shown[key] = (list(value) if isinstance(value, tuple) else value, resolved.origins[key])
    return shown


def _table(entries: list[str], separator: str, kind: type) -> dict[str, Any]:
    """``pattern:codes`` or ``CODE=LEVEL`` entries as the table a configuration file holds:
    a pattern's codes joined, a code's last level."""
    table: dict[str, Any] = {}
    for entry in entries:
        key, _, value = entry.rpartition(separator)
        if kind is list:
            codes = table.setdefault(key, [])
            codes += [code for code in value.split(",") if code and code not in codes]
        else:
            table[key] = value
    return table


def _toml(value: Any) -> str:
    """``value`` as TOML writes it (never ``None``, which TOML lacks)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(key)} = {_toml(item)}" for key, item in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)


# check's --format (text, json, sarif …) is a setting this command shows; its own --format says how
config.params = [param for param in config.params if param.name != "output_format"]
