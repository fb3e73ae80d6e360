"""``kifu config``: the settings ``kifu check`` would apply to a file, and where each comes from."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
from kifu.commands.check import CHECK_GROUPS, check, check_options, excluded
from kifu.commands.grouped import Grouped, Groups
from kifu.commands.options import (
    COMMAND_LINE,
    DEFAULT,
    HELP,
    LAYERED,
    PER_FILE_SETTINGS,
    SAFETY_LIMITS,
    Configurations,
    Resolved,
    Size,
    resolve,
)
from kifu.commands.output_file import output_to
from kifu.core.escape import terminal

#: check's groups, this command's --format in place of check's (a setting here) and no -o
CONFIG_GROUPS: Groups = tuple(
    (
        heading,
        tuple("shown_as" if name == "output_format" else name for name in names if name != "output_file"),
    )
    for heading, names in CHECK_GROUPS
)


@click.command("config", cls=Grouped, groups=CONFIG_GROUPS, context_settings=HELP)
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
    extend-select, ignore, per-file-ignores, per-file-settings and severity combine in layers
    (ruff's manner): each is shown once, as the layers make it, with every origin that sets it.
    The TOML output is a valid kifu.toml; a key that is not set is a comment. Unknown keys are
    an error. Path patterns (include, exclude, extend-exclude, per-file-ignores,
    per-file-settings) are relative to the folder of the file that sets them, the command
    line's (and --config's) to the working directory; for a FILE, the output says whether a walk
    takes it and which per-file-ignores and per-file-settings apply to it, and a setting that
    per-file-settings give it shows that value, with the entry that gives it. A key that is
    not set says what applies instead.
    """
    directory = os.curdir
    if path is not None:
        if not os.path.lexists(path):
            raise click.BadParameter(f"no such file or directory: {path}", param_hint="FILE")
        directory = path if os.path.isdir(path) else (os.path.dirname(path) or os.curdir)
    resolved = resolve(ctx, Path(directory), check)
    selection = resolved.selection()  # a selector that names no code is an error here as in check
    where = os.path.abspath(path if path is not None else os.curdir)
    settings = _settings(resolved)
    anchors = _anchors(resolved)
    about_file: dict[str, Any] = {}
    if path is not None and not os.path.isdir(path):
        applying = resolved.for_file(path)
        about_file = {
            "walked": not excluded(path, Configurations(ctx, check)),
            "per-file-ignores": [
                code for rule in selection.per_file if rule.patterns.matches(path) for code in rule.codes
            ],
            "per-file-settings": {key: rule.values[key] for key, rule in applying.items()},
        }
        for key, rule in applying.items():  # what applies to this file, and which entry says it
            settings[key] = (rule.values[key], f"{rule.origin}: {PER_FILE_SETTINGS} {rule.pattern!r}")
    if shown_as == "json":
        document = {
            "path": where,
            "configuration": [str(config.path) for config in resolved.files],
            "anchors": anchors,
            **({"file": about_file} if about_file else {}),
            "settings": {
                key: {"value": value, "source": source} for key, (value, source) in settings.items()
            },
        }
        with output_to(None) as out:  # (a short write is an error, exit 2)
            out.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        return
    files = ", ".join(config.name for config in resolved.files) or "none"
    lines = [f"# kifu check settings for {where}", f"# configuration files: {files}"]
    relative = "; ".join(f"{origin}'s to {anchor}" for origin, anchor in anchors.items())
    lines.append(f"# path patterns are relative to the folder of the file that sets them: {relative}")
    if about_file:
        walked = (
            "taken by a walk"
            if about_file["walked"]
            else "left out by exclude, also when named (force-exclude)"
            if resolved.values["force_exclude"]
            else "left out of a walk by exclude, checked when named (no force-exclude)"
        )
        ignored = ", ".join(about_file["per-file-ignores"]) or "no code"
        lines.append(f"# this file: {walked}; per-file-ignores that apply to it: {ignored}")
        given = ", ".join(f"{key} = {_toml(value)}" for key, value in about_file["per-file-settings"].items())
        lines.append(f"# per-file-settings that apply to this file: {given or 'no setting'}")
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


def _anchors(resolved: Resolved) -> dict[str, str]:
    """Each origin (a file's name, the command line) → the folder its path patterns are relative to."""
    cwd = os.getcwd()
    anchors = {config.name: config.anchor or cwd for config in resolved.files}
    anchors[COMMAND_LINE] = cwd
    return anchors


#: what applies when a key is not set (a default of ``None``), as the options' help says it
_UNSET = {
    "rules": "each game's own",
    "repetition": "xiangqi's rules' (3)",
    "natural-limit": "xiangqi's rules' (60 rounds)",
    "natural-limit-checks": "xiangqi's rules' (10)",
    "abridged": "an abridged move that fits both readings is reported",
    "komi": "the record's KM",
    "dead": "no stone is taken for dead but by the record",
    "dead-from": "no program is run",
    "ko": "the rules' own",
    "lang": "English, with detection of a single other language",
    "select": "every code",
    "scheduler": "an in-process cluster, on no network",
}
#: the keys kept for older files that change nothing, and what is true instead
_ALWAYS = {"recursive": (True, "always: folders are walked (the key is kept for older files)")}


def _settings(resolved: Resolved) -> dict[str, tuple[Any, str]]:
    """Each key's value (``None``: not set) and where it comes from, or what applies when it is
    not set; a layered key (select, ignore …) once, as its layers make it: the last ``select``,
    the others joined in order. A limit not set shows the value that applies."""
    from kifu.core.limits import Limits

    defaults = Limits()
    shown: dict[str, tuple[Any, str]] = {}
    for key, param in resolved.keys.items():
        if key in _ALWAYS:
            shown[key] = _ALWAYS[key]
            continue
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
            elif key == PER_FILE_SETTINGS:  # every entry, as the configuration writes it
                value = _settings_table(resolved)
            origins = " + ".join(origin for origin, _ in layers)
            shown[key] = (value, origins or _default(key))
        else:
            value = resolved.values[param.name or key]
            origin = resolved.origins[key]
            if value is None and key in SAFETY_LIMITS:
                value = getattr(defaults, key.removeprefix("max-"))
            elif value is None:
                origin = _default(key)
            if isinstance(param.type, Size) and isinstance(value, int):
                value = _size(value)
            shown[key] = (list(value) if isinstance(value, tuple) else value, origin)
    return shown


def _default(key: str) -> str:
    return f"{DEFAULT}: {_UNSET[key]}" if key in _UNSET else DEFAULT


def _size(size: int) -> str | int:
    """A limit as a configuration file writes it: ``"512M"``, or a number."""
    for unit, scale in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale}{unit}"
    return size


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


def _settings_table(resolved: Resolved) -> dict[str, dict[str, Any]]:
    """The entries of ``per-file-settings`` of every layer as one table: a pattern given twice
    takes the later entry's value of a key it sets twice (the order of a pattern is its first)."""
    table: dict[str, dict[str, Any]] = {}
    for rule in resolved.file_rules:
        table.setdefault(rule.pattern, {}).update(rule.values)
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
