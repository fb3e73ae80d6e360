"""The rules options every command shares: check, convert and score are one walk per game, so
they read a record under the same rules and take the same options."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from kifu.application.config import (
    ConfigError,
    ConfigFile,
    Finder,
    check_keys,
    check_table_keys,
    discover,
    find,
    load,
    read_user_config,
    user_config_path,
)
from kifu.application.selection import (
    FileIgnore,
    Layer,
    Selection,
    SelectionError,
    normalise_selectors,
    parse_file_ignore,
    parse_severity,
)
from kifu.application.settings import FINITE as FINITE
from kifu.application.settings import TYPES
from kifu.application.settings import check_language as check_language
from kifu.commands import HELP as HELP
from kifu.core.digits import is_ascii_number
from kifu.core.escape import terminal
from kifu.core.findings import Finding, Severity
from kifu.core.paths import Anchored, PatternError, check_patterns
from kifu.games import GAMES, OPTION_SETTINGS, preset_names, presets

F = TypeVar("F", bound=Callable[..., Any])


#: every game's presets; each game reads the one that concerns it (default: its own)
RULES_PRESETS = preset_names()
#: the parameters of :func:`rules_options` that are game settings (:func:`settings_from`)
SETTING_NAMES = tuple(OPTION_SETTINGS)


def _listed(names: tuple[str, ...]) -> str:
    """``a``; ``a (default) or b``; ``a (default), b, c``: a game's presets, its default first."""
    if len(names) == 1:
        return names[0]
    first = f"{names[0]} (default)"
    return f"{first} or {names[1]}" if len(names) == 2 else ", ".join((first, *names[1:]))


def _rules_help() -> str:
    """The help of ``--rules``: each game's presets."""
    return "Rules preset: " + "; ".join(f"{game} {_listed(tuple(presets(game)))}" for game in GAMES) + "."


def rules_options(command: F) -> F:
    """Add ``--rules`` and the game-specific overrides to a Click command."""
    decorators = [
        click.option(
            "--rules",
            type=TYPES["rules"],
            metavar="PRESET",
            help=_rules_help(),
        ),
        click.option(
            "--repetition",
            type=TYPES["repetition"],
            metavar="N",
            help="Xiangqi: the occurrence of a position that ends a repetition cycle (default 3; 0, 1: off).",
        ),
        click.option(
            "--natural-limit",
            type=TYPES["natural_limit"],
            metavar="ROUNDS",
            help="Xiangqi: rounds without a capture that end the game in a draw (default 60; 0: off).",
        ),
        click.option(
            "--natural-limit-checks",
            type=TYPES["natural_limit_checks"],
            metavar="N",
            help="Xiangqi: checks of a side that still count for its natural-limit claim (default 10).",
        ),
        click.option(
            "--abridged",
            type=TYPES["abridged"],
            help="Xiangqi: how to read an abridged move that fits both (车1 2: 进 or 平); default: say so.",
        ),
        click.option("--komi", type=TYPES["komi"], help="Go: komi for the count (default: the record's KM)."),
        click.option(
            "--dead",
            metavar="POINTS",
            help="Go: dead stones at the end, e.g. D4,Q16 (GTP) or dd,pp (SGF): their whole groups.",
        ),
        click.option(
            "--dead-from",
            type=TYPES["dead_from"],
            help="Go: ask GNU Go which stones are dead at the end (final_status_list dead).",
        ),
        click.option(
            "--ko",
            type=TYPES["ko"],
            help="Go: ko rule (default: the rules' own).",
        ),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def settings_from(values: dict[str, Any]) -> dict[str, Any]:
    """The game settings among a command's parameters (those given), keyed as the games read them.

    Removes them from ``values``, which keeps the command's own parameters.
    """
    settings: dict[str, Any] = {}
    for name, key in OPTION_SETTINGS.items():
        value = values.pop(name, None)
        if value is not None:
            settings[key] = value
    return settings


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}

if TYPE_CHECKING:
    from kifu.core.sources import Source

    _IntType = click.ParamType[int]  # generic for type checkers (Click 8.2+), not at run time before
    _StrType = click.ParamType[str]
else:
    _IntType = _StrType = click.ParamType


class Size(_IntType):
    """A size in bytes or characters: ``512M``, ``2G``, ``300k``, ``1000``; ``0`` for no limit.

    A type rather than a callback, so that a value from a configuration file is read alike.
    """

    name = "size"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and value >= 0:
            return value
        text = str(value).strip().upper().removesuffix("B").removesuffix("I")
        unit = text[-1:] if text[-1:] in ("K", "M", "G") else ""
        number = text[: len(text) - len(unit)]
        if not is_ascii_number(number) or len(number) > 18:  # (int() refuses 4,300 digits)
            self.fail(f"{value!r} is not a size such as 512M, 2G or 0", param, ctx)
        return int(number) * _UNITS[unit]


class BoardCap(_StrType):
    """``--max-boards``: ``N`` boards per file, or ``N,M``: N per file and M per report; ``0``
    draws none. Read as the normal form ``"N,M"`` (what ``kifu config`` shows, a configuration
    file takes); :func:`board_cap` gives the two numbers. (A type, so that a configuration
    file's value is read alike.)"""

    name = "boards"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            value = str(value)
        parts = str(value).replace(" ", "").split(",")
        if len(parts) > 2 or not all(is_ascii_number(part) and len(part) < 10 for part in parts):
            self.fail(f"{value!r} is not N or N,M (boards per file, per report): 16 or 16,200", param, ctx)
        per_file = int(parts[0])
        per_report = int(parts[1]) if len(parts) == 2 else max(per_file, _REPORT_BOARDS)
        return f"{per_file},{per_report}"


def board_cap(value: str) -> tuple[int, int]:
    """The boards per file and per report of a :class:`BoardCap` value (``"3,200"``)."""
    per_file, _, per_report = value.partition(",")
    return int(per_file), int(per_report)


#: the boards of a whole report when ``--max-boards`` gives only the number per file
_REPORT_BOARDS = 200


#: the parameter names of :func:`limit_options`
LIMIT_NAMES = ("max_decompressed", "max_record", "max_depth", "max_nodes", "max_items", "max_moves")
#: the configuration keys of the limits against hostile input (:class:`kifu.core.limits.Limits`):
#: a project's file may raise one, not lift it (``0``), which only the command line and the
#: user's own configuration may
SAFETY_LIMITS = tuple(name.replace("_", "-") for name in LIMIT_NAMES)
#: the keys whose values are gitignore patterns (:mod:`kifu.core.paths`)
PATTERN_KEYS = ("include", "exclude", "extend-exclude")


def limit_options(command: F) -> F:
    """Add the input limits (``--max-decompressed``, ``--max-record``, ``--max-depth``,
    ``--max-nodes``, ``--max-items``, ``--max-moves``) to a command."""
    decorators = [
        click.option(
            "--max-decompressed",
            type=Size(),
            metavar="SIZE",
            help="Stop reading a compressed file that inflates past SIZE (default 512M; 0: no limit).",
        ),
        click.option(
            "--max-record",
            type=Size(),
            metavar="SIZE",
            help="Do not read a record past SIZE characters, nor a compressed file past such a "
            "record (or as much SGF text outside game trees) (default 16M; 0: no limit).",
        ),
        click.option(
            "--max-depth",
            type=click.IntRange(0),
            metavar="N",
            help="Do not read variations nested deeper than N (default 1000; 0: no limit).",
        ),
        click.option(
            "--max-nodes",
            type=click.IntRange(0),
            metavar="N",
            help="Do not read an SGF game tree of more than N nodes (default 100000; 0: no limit).",
        ),
        click.option(
            "--max-items",
            type=click.IntRange(0),
            metavar="N",
            help="Do not read an SGF game tree of more than N items: property values, `(` and "
            "words outside values, such as identifiers (default 500000; 0: no limit).",
        ),
        click.option(
            "--max-moves",
            type=click.IntRange(0),
            metavar="N",
            help="Do not read more than N moves of a xiangqi record, its variations included "
            "(default 150000; 0: no limit).",
        ),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def apply_limits(values: dict[str, Any]) -> None:
    """Set the process's input limits from a command's parameters (removed from ``values``)."""
    from kifu.core.limits import set_limits

    given = {
        key: value
        for key, value in (
            ("decompressed", values.pop("max_decompressed", None)),
            ("record", values.pop("max_record", None)),
            ("depth", values.pop("max_depth", None)),
            ("nodes", values.pop("max_nodes", None)),
            ("items", values.pop("max_items", None)),
            ("moves", values.pop("max_moves", None)),
        )
        if value is not None
    }
    if given:
        set_limits(**given)


class FatalError(click.ClickException):
    """A configuration, environment or output problem that stops a command: one line on
    stderr (``Error: …``, no usage text: the command line is not at fault), exit status 2."""

    exit_code = 2


def sources_of(
    paths: Sequence[str], extensions: frozenset[str] | None = None, empty: str | None = "record files"
) -> list[Source | tuple[str, Finding]]:
    """The sources of ``paths`` for convert, score and standings, folders walked (``kifu check``
    chooses its files by each folder's configuration: :func:`kifu.commands.check.expand`):
    files with one of ``extensions`` (default: every game's), else recognised by content.
    Raises :class:`FatalError` naming a path that does not exist or a glob that matches nothing;
    warns on stderr, naming ``empty``, when the paths hold no such file (``None``: silent)."""
    from kifu import games
    from kifu.application import detection
    from kifu.core.sources import expand_paths

    missing: list[str] = []
    sources = list(
        expand_paths(
            paths,
            recursive=True,
            extensions=games.KNOWN_EXTENSIONS if extensions is None else extensions,
            recognise=detection.recognise if extensions is None else None,
            missing=lambda _, message: missing.append(message),
        )
    )
    if missing:
        raise FatalError("; ".join(missing))
    if not sources and empty is not None:
        shown = terminal(", ".join(paths), one_line=True)
        click.echo(f"kifu: warning: no {empty} found under {shown}", err=True)
    return sources


# --- configuration: [tool.kifu] in pyproject.toml, kifu.toml ----------------------------------

#: the game settings that apply to the files a pattern matches, over the file's own values
PER_FILE_SETTINGS = "per-file-settings"
#: the keys an entry of ``per-file-settings`` may set: the rules of a record, and its language
PER_FILE_KEYS = ("rules", *(name.replace("_", "-") for name in SETTING_NAMES), "lang")
#: keys whose layers combine (ruff's rule selection) instead of the nearest one winning
LAYERED = ("select", "extend-select", "ignore", "per-file-ignores", "severity", PER_FILE_SETTINGS)
#: options that are about finding the configuration, not settings it can hold; and where a run
#: writes its report, which a project's file (from anyone) may not choose
NOT_KEYS = frozenset({"help", "config", "isolated", "output-file", "diff"})
COMMAND_LINE = "command line"
DEFAULT = "default"
#: keys that send records elsewhere or run a program, with what they do: a project's file (which
#: comes with the records, from anyone) may not set them; the command line and the user's own
#: configuration (:func:`~kifu.application.config.user_config_path`) may
PRIVILEGED = {
    "executor": "sends records to a Dask cluster",
    "scheduler": "sends records to a Dask scheduler",
    "insecure-scheduler": "accepts a Dask scheduler that is not tls://",
    "dashboard": "opens a Dask dashboard",
    "dead-from": "runs a program (GNU Go)",
    "fix": "rewrites the record files in place",
    "unsafe-fixes": "lets fixes change the records' moves and results",
    "extend-safe-fixes": "lets fixes change the records' moves and results",
}


def option_key(param: click.Parameter) -> str | None:
    """The configuration key of a Click option: its long name without dashes (``fail-on``)."""
    if not isinstance(param, click.Option):
        return None
    names = [opt for opt in param.opts if opt.startswith("--")]
    key = names[0][2:] if names else None
    return None if key in NOT_KEYS else key


def config_options(command: F) -> F:
    """Add ``--config FILE`` and ``--isolated`` to a Click command."""
    command = click.option(
        "--isolated",
        is_flag=True,
        help="Read no configuration file (kifu.toml, .kifu.toml, pyproject.toml, the user's).",
    )(command)
    return click.option(
        "--config",
        "config_file",
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help="Apply this kifu.toml or pyproject.toml to every file, instead of the one closest to each.",
    )(command)


@dataclass(slots=True)
class Resolved:
    """The effective settings of a command: the command line over kifu.toml over pyproject.toml.

    ``values`` are keyed by parameter name (as the command receives them), ``origins`` by
    configuration key; ``layers`` are the rule-selection keys of each origin, lowest first;
    ``anchors``: the folder each origin's path patterns are anchored at (``""``: the working
    directory, for the command line, ``--config`` and the user's own file).
    """

    values: dict[str, Any]
    origins: dict[str, str]
    layers: list[tuple[str, dict[str, Any]]]
    files: list[ConfigFile]
    keys: dict[str, click.Option]
    anchors: dict[str, str] = field(default_factory=dict)
    #: the entries of ``per-file-settings``, every layer's in order (the command line's last)
    file_rules: list[FileRules] = field(default_factory=list)

    def for_file(self, path: str) -> dict[str, FileRules]:
        """Each key that ``per-file-settings`` set for the file at ``path``, with the entry whose
        value applies (:attr:`file_rules`): a later entry wins, and the command line's options
        win over a configuration file's entries (not over the command line's own entries)."""
        applying: dict[str, FileRules] = {}
        for rule in self.file_rules:
            if rule.patterns.matches(path):
                for key in rule.values:
                    if rule.origin == COMMAND_LINE or self.origins.get(key) != COMMAND_LINE:
                        applying[key] = rule
        return applying

    def anchor(self, key: str) -> str:
        """The folder the patterns of ``key`` (include, exclude …) are anchored at (``""``: the
        working directory)."""
        return self.anchors.get(self.origins.get(key, ""), "")

    def selection(self) -> Selection:
        """The :class:`~kifu.application.selection.Selection` that ``layers`` make."""
        known = _known_codes() if any(layer for _, layer in self.layers) else frozenset()
        rule_layers: list[Layer] = []
        per_file: list[FileIgnore] = []
        severity: dict[str, Severity] = {}
        private = {config.name: config.shown for config in self.files if config.private}
        origin = key = ""
        try:
            for origin, layer in self.layers:
                key = "select"
                select = layer.get(key)
                chosen = None if select is None else normalise_selectors(select, known, f"{origin}: {key}")
                key = "extend-select"
                extend = normalise_selectors(layer.get(key, ()), known, f"{origin}: {key}")
                key = "ignore"
                rule_layers.append(
                    Layer(chosen, extend, normalise_selectors(layer.get(key, ()), known, f"{origin}: {key}"))
                )
                key = "per-file-ignores"
                for value in layer.get(key, ()):
                    anchor = self.anchors.get(origin, "")
                    per_file.append(parse_file_ignore(value, known, f"{origin}: {key}", anchor))
                key = "severity"
                severity.update(parse_severity(layer.get(key, ()), known, f"{origin}: {key}"))
        except SelectionError as error:
            if origin in private:  # (the message quotes a value: none of the user's file)
                raise FatalError(
                    f"{private[origin]}: {key}: a value that names no finding code or is no pattern "
                    "(not shown: the file is the user's, not the project's)"
                ) from None
            if origin != COMMAND_LINE:  # (a file's mistake: one line, as the other ones of a file)
                raise FatalError(str(error)) from None
            raise click.UsageError(str(error)) from None
        return Selection(rule_layers, per_file, severity)


def _known_codes() -> frozenset[str]:
    from kifu import games
    from kifu.core.findings import REGISTRY

    games.load_all_codes()
    return frozenset(REGISTRY)


def resolve(ctx: click.Context, start: Path | None = None, command: click.Command | None = None) -> Resolved:
    """Read the configuration that applies in the directory ``start`` (default: the current
    one) to the options of ``command`` (default: ``ctx``'s) and merge it with ``ctx``'s command
    line; an option ``ctx`` lacks has its default unless the configuration sets it. Raises
    :class:`FatalError` naming a file and key that mean nothing."""
    options = {
        key: param
        for param in (command or ctx.command).params
        if isinstance(param, click.Option) and (key := option_key(param)) is not None
    }
    files = _config_files(ctx, options, start)
    values = dict(ctx.params)
    if command is not None and command is not ctx.command:
        defaults = command.make_context(command.name, [], resilient_parsing=True).params
        values = {**defaults, **values}
    origins: dict[str, str] = {}
    command_line: dict[str, Any] = {}
    for key, param in options.items():
        name = param.name or key
        given = _given(ctx, name)
        if key in LAYERED:
            if given:
                command_line[key] = list(values[name])
            continue
        if given:
            origins[key] = COMMAND_LINE
            if key in PATTERN_KEYS:
                _check_patterns(values[name], key, None)
            continue
        origins[key] = DEFAULT
        for config in reversed(files):
            if key in config.values:
                values[name] = _cast(ctx, param, config, key)
                origins[key] = config.name
                if key in PATTERN_KEYS:
                    _check_patterns(values[name], key, config)
                elif key == "lang":
                    values[name] = _language(values[name], config.name, config.private)
                break
    layers = [(config.name, _layer(config)) for config in files]
    if command_line:
        layers.append((COMMAND_LINE, command_line))
    for key in LAYERED:
        set_by = [origin for origin, layer in layers if key in layer]
        origins[key] = " + ".join(set_by) if set_by else DEFAULT
    anchors = {config.name: config.anchor for config in files}
    rules = [rule for config in files for rule in _file_rules(ctx, options, config)]
    if PER_FILE_SETTINGS in command_line:
        rules += _command_line_rules(ctx, options, command_line[PER_FILE_SETTINGS])
    return Resolved(values, origins, layers, files, options, anchors, rules)


@dataclass(frozen=True, slots=True)
class FileRules:
    """One entry of ``per-file-settings``: the game settings ``values`` (by configuration key,
    read as the options read them) that apply to the files ``patterns`` matches (``pattern`` as
    written, anchored as per-file-ignores is); ``origin``: the file that declares it, or the
    command line."""

    patterns: Anchored
    values: Mapping[str, Any]
    origin: str
    pattern: str


def _file_rules(ctx: click.Context, options: dict[str, click.Option], config: ConfigFile) -> list[FileRules]:
    """The ``per-file-settings`` entries of ``config``, anchored at its folder; :class:`FatalError`
    for a key or a value that means nothing, said as for the same key at the top of the file."""
    table = config.values.get(PER_FILE_SETTINGS)
    if table is None:
        return []
    if not isinstance(table, dict):
        raise FatalError(
            f'{config.name}: {PER_FILE_SETTINGS} must be a table: {{"old/*.pgn" = {{rules = "fide-2009"}}}}'
        )
    rules = []
    for pattern, settings in table.items():
        # (a pattern of the user's file is not quoted, as none of its values is)
        where = f"{config.name}: {PER_FILE_SETTINGS}{'' if config.private else f' {pattern!r}'}"
        if not isinstance(settings, dict):
            raise FatalError(f"{where} must be a table of settings: {{komi = 6.5}}")
        try:
            check_table_keys(settings, [key for key in PER_FILE_KEYS if key in options], where)
            if not _same_file(config.path, user_config_path()):  # (the user's own may run a program)
                for key in settings:
                    if key in PRIVILEGED:
                        raise ConfigError(
                            f"{where}: {key} {PRIVILEGED[key]} and may not be set in a project's "
                            f"configuration; give --{key} on the command line or set it in "
                            f"{user_config_path()}"
                        )
        except ConfigError as error:
            raise FatalError(str(error)) from None
        values = {
            key: _cast_value(
                ctx, options[key], raw, key, where, f"{config.shown}: {PER_FILE_SETTINGS}", config.private
            )
            for key, raw in settings.items()
        }
        if values.get("lang") is not None:
            values["lang"] = _language(values["lang"], where, config.private)
        try:
            patterns = Anchored(((config.anchor, (pattern,)),))
        except PatternError as error:
            said = _NOT_SHOWN if config.private else str(error)
            raise FatalError(f"{config.shown}: {PER_FILE_SETTINGS}: {said}") from None
        rules.append(FileRules(patterns, values, config.name, pattern))
    return rules


def _language(value: str, where: str, private: bool) -> str | None:
    """``lang``'s ``value`` at ``where`` (a file's), as :func:`check_language` reads it; a
    :class:`FatalError` (not quoting the value of the user's file, ``private``) for one no game knows."""
    try:
        return check_language(value, "lang")
    except click.BadParameter as error:
        said = "a language kifu does not know (not shown: the file is the user's)"
        raise FatalError(f"{where}: lang: {said if private else error.message}") from None


#: ``PATTERN:KEY=VALUE``, a pattern and its first setting (the last ``:`` that a key and ``=`` follow)
_COMMAND_LINE_ENTRY = re.compile(r"(?P<pattern>.+):(?P<settings>[a-z][a-z-]*=.*)", re.DOTALL)
#: where the settings of a command-line entry part: a comma that a key and ``=`` follow
_NEXT_SETTING = re.compile(r",(?=[a-z][a-z-]*=)")


def _command_line_rules(
    ctx: click.Context, options: dict[str, click.Option], entries: Sequence[str]
) -> list[FileRules]:
    """``--per-file-settings PATTERN:KEY=VALUE[,KEY=VALUE…]`` as :class:`FileRules`, anchored at the
    working directory; a usage error for one that means nothing."""
    hint = f"--{PER_FILE_SETTINGS}"
    known = [key for key in PER_FILE_KEYS if key in options]
    rules = []
    for entry in entries:
        match = _COMMAND_LINE_ENTRY.fullmatch(entry)
        if match is None:
            raise click.BadParameter(
                f"{entry!r} is not PATTERN:KEY=VALUE[,KEY=VALUE…] (e.g. 'old/*.pgn:rules=fide-2009')",
                param_hint=hint,
            )
        pattern = match["pattern"]
        values: dict[str, Any] = {}
        for setting in _NEXT_SETTING.split(match["settings"]):
            key, _, raw = setting.partition("=")
            try:
                check_table_keys([key], known, repr(entry))
            except ConfigError as error:
                raise click.BadParameter(str(error), param_hint=hint) from None
            try:
                values[key] = options[key].type_cast_value(ctx, raw)
                if key == "lang":
                    values[key] = check_language(values[key], hint)
            except click.BadParameter as error:
                raise click.BadParameter(f"{key}: {error.message}", param_hint=hint) from None
        try:
            patterns = Anchored((("", (pattern,)),))
        except PatternError as error:
            raise click.BadParameter(str(error), param_hint=hint) from None
        rules.append(FileRules(patterns, values, COMMAND_LINE, pattern))
    return rules


def _check_patterns(patterns: Sequence[str], key: str, config: ConfigFile | None) -> None:
    """Raise a usage error (``config`` ``None``: the command line's option) or a
    :class:`FatalError` naming ``config`` and ``key`` for a value that is no gitignore pattern."""
    try:
        check_patterns(patterns)
    except PatternError as error:
        if config is None:
            raise click.BadParameter(str(error), param_hint=f"--{key}") from None
        said = _NOT_SHOWN if config.private else str(error)
        raise FatalError(f"{config.shown}: {key}: {said}") from None


#: what a message about the user's file says instead of quoting a value
_NOT_SHOWN = "a value that is no gitignore pattern (not shown: the file is the user's, not the project's)"


def _given(ctx: click.Context, name: str) -> bool:
    """Whether the command line of ``ctx`` gives the parameter ``name`` (one it has)."""
    return name in ctx.params and ctx.get_parameter_source(name) not in (
        click.core.ParameterSource.DEFAULT,
        click.core.ParameterSource.DEFAULT_MAP,
    )


#: the keys of ``kifu check``'s configuration that convert, show and standings apply too, where
#: they have the option: the rules and their overrides, the input limits, the language, the game
SHARED_KEYS = (
    "rules",
    "repetition",
    "natural-limit",
    "natural-limit-checks",
    "abridged",
    "komi",
    "dead",
    "ko",
    "max-decompressed",
    "max-record",
    "max-depth",
    "max-nodes",
    "max-items",
    "max-moves",
    "lang",
    "game",
)


def configured(ctx: click.Context, path: str) -> dict[str, Any]:
    """The settings of :data:`SHARED_KEYS` that the configuration of the file at ``path``
    (the closest file, ``--config``, none with ``--isolated``) sets and ``ctx``'s command line
    does not give, by ``ctx``'s parameter names (each command names them as check does), the
    ``per-file-settings`` that match ``path`` over the others. Keys are checked against
    ``kifu check``'s options, as check checks them."""
    start = Path(os.path.dirname(path) if path != "-" else os.curdir)
    if ctx.params.get("isolated"):
        return {}
    try:
        if not ctx.params.get("config_file") and find(start) is None and read_user_config() is None:
            return {}  # (no file: check's options, which cost a start to import, are not needed)
    except ConfigError as error:
        raise FatalError(str(error)) from None
    from kifu.commands.check import check

    options = {
        key: param
        for param in check.params
        if isinstance(param, click.Option) and (key := option_key(param)) is not None
    }
    files = _config_files(ctx, options, start)
    values: dict[str, Any] = {}
    for key in SHARED_KEYS:
        name = options[key].name or key
        if name not in ctx.params or _given(ctx, name):
            continue
        for config in reversed(files):
            if key in config.values:
                values[name] = _cast(ctx, options[key], config, key)
                break
    for config in files:  # per-file-settings over the values above, a later entry winning
        for rule in _file_rules(ctx, options, config):
            if rule.patterns.matches(path):
                for key, value in rule.values.items():
                    name = options[key].name or key
                    if key in SHARED_KEYS and name in ctx.params and not _given(ctx, name):
                        values[name] = value
    return values


class Configurations:
    """The settings of a run, directory by directory: each directory's closest configuration
    file (or ``--config``, or none with ``--isolated``) merged with the command line, each file
    read once, for the options of ``command`` (default: ``ctx``'s). Raises :class:`FatalError`
    as :func:`resolve` does."""

    def __init__(self, ctx: click.Context, command: click.Command | None = None) -> None:
        self.ctx = ctx
        self.command = command
        self._fixed = bool(ctx.params.get("isolated") or ctx.params.get("config_file"))
        self._by_directory: dict[str, Resolved] = {}
        self._by_file: dict[Path | None, Resolved] = {}
        self._finder = Finder()

    def at(self, directory: str) -> Resolved:
        """The settings that apply to the files directly in ``directory``."""
        key = os.path.abspath(directory or os.curdir)
        known = self._by_directory.get(key)
        if known is None:
            try:
                found = None if self._fixed else self._finder.find(Path(key))
            except ConfigError as error:
                raise FatalError(str(error)) from None
            known = self._by_file.get(found)
            if known is None:
                known = self._by_file[found] = resolve(self.ctx, Path(key), self.command)
            self._by_directory[key] = known
        return known

    def of(self, path: str) -> Resolved:
        """The settings that apply to the file at ``path`` (standard input: the current directory's)."""
        return self.at(os.curdir if path == "-" else os.path.dirname(path))


def _config_files(
    ctx: click.Context, options: dict[str, click.Option], start: Path | None
) -> list[ConfigFile]:
    """The user's configuration, then the project's file (``--config``, or the closest to
    ``start``) and the files it extends, lowest precedence first; none with ``--isolated``."""
    if ctx.params.get("isolated"):
        return []
    explicit = ctx.params.get("config_file")
    try:
        user = read_user_config()
        files = load(Path(explicit), named=True) if explicit else discover(start or Path.cwd())
        files = [config for config in files if user is None or not _same_file(config.path, user.path)]
        for config in files:
            check_keys(config, options)
            _check_project_keys(config)
            _check_project_limits(ctx, config, options)
        if user is not None:
            check_keys(user, options)
            files.insert(0, user)
    except ConfigError as error:
        raise FatalError(str(error)) from None
    return files


def _same_file(one: Path, other: Path) -> bool:
    """Whether two paths are one file (``os.path.realpath``: a loop of links raises nothing)."""
    return os.path.realpath(one) == os.path.realpath(other)


def _check_project_limits(ctx: click.Context, config: ConfigFile, options: dict[str, click.Option]) -> None:
    """Raise :class:`ConfigError` for a limit of :data:`SAFETY_LIMITS` that a project's file (or
    one named with ``--config``) lifts (``0``): it may raise it, not switch it off for everyone
    who checks the project."""
    for key in SAFETY_LIMITS:
        if key in config.values and key in options and _cast(ctx, options[key], config, key) == 0:
            raise ConfigError(
                f"{config.shown}: {key} = 0 lifts a limit against hostile input, which a project's "
                f"configuration may raise but not lift; give --{key} 0 on the command line or set it "
                f"in {terminal(str(user_config_path()), one_line=True)}"
            )


def _check_project_keys(config: ConfigFile) -> None:
    """Raise :class:`ConfigError` for a key of :data:`PRIVILEGED` in a project's file (a file
    named with ``--config`` is one too: it may have come with the records)."""
    for key in config.values:
        if key in PRIVILEGED:
            raise ConfigError(
                f"{config.name}: {key} {PRIVILEGED[key]} and may not be set in a project's "
                f"configuration; give --{key} on the command line or set it in {user_config_path()}"
            )


def _cast(ctx: click.Context, param: click.Option, config: ConfigFile, key: str) -> Any:
    """A configuration value read as the option reads its command-line value, once its TOML
    type is the option's (a number where a string is meant is an error, not converted)."""
    return _cast_value(ctx, param, config.values[key], key, config.name, config.shown, config.private)


def _cast_value(
    ctx: click.Context, param: click.Option, raw: Any, key: str, where: str, shown: str, private: bool
) -> Any:
    """:func:`_cast` for the value ``raw`` of ``key`` at ``where`` (a file's name, or one of its
    tables'; ``shown``: the file's name for a one-line message, ``private``: the user's file)."""
    if param.multiple and isinstance(raw, str):
        raw = [raw]
    if param.multiple and not (isinstance(raw, list) and all(isinstance(item, str) for item in raw)):
        raise FatalError(f"{where}: {key} must be a list of strings")
    if not param.multiple and isinstance(raw, (list, dict)):
        raise FatalError(f"{where}: {key} must be a single value, not {type(raw).__name__}")
    if param.is_flag and not isinstance(raw, bool):
        raise FatalError(f"{where}: {key} must be true or false")
    types = _toml_types(param.type)
    if not param.multiple and not param.is_flag and (isinstance(raw, bool) or not isinstance(raw, types)):
        expected = {int: "an integer", float: "a number", str: "a string"}
        kinds = "a number" if float in types else " or ".join(expected[kind] for kind in types)
        raise FatalError(f"{where}: {key} must be {kinds}, not {_toml_name(raw)}")
    try:
        return param.type_cast_value(ctx, raw)
    except click.BadParameter as error:
        if private:  # (click's message quotes the value)
            raise FatalError(
                f"{shown}: {key}: a value --{key} does not take (not shown: the file is the "
                "user's, not the project's)"
            ) from None
        raise FatalError(f"{where}: {key}: {error.message}") from None


def _toml_types(kind: click.ParamType) -> tuple[type, ...]:  # type: ignore[type-arg]
    """The Python types of the TOML values an option of type ``kind`` takes."""
    if isinstance(kind, Size):
        return (int, str)
    if isinstance(kind, click.types.IntParamType):
        return (int,)
    if isinstance(kind, click.types.FloatParamType):
        return (int, float)
    if isinstance(kind, BoardCap):
        return (int, str)
    return (str,)


def _toml_name(value: Any) -> str:
    """What TOML calls the type of ``value``."""
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string"}
    return names.get(type(value), f"a {type(value).__name__}")


def _layer(config: ConfigFile) -> dict[str, Any]:
    """The rule-selection keys of ``config`` in their command-line form."""
    layer: dict[str, Any] = {}
    where = config.name
    for key in ("select", "extend-select", "ignore"):
        if key in config.values:
            value = config.values[key]
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                raise FatalError(f"{where}: {key} must be a list of codes or prefixes")
            layer[key] = value
    if "per-file-ignores" in config.values:
        table = config.values["per-file-ignores"]
        if not isinstance(table, dict):
            raise FatalError(f'{where}: per-file-ignores must be a table: {{"drafts/*" = ["CHESS1"]}}')
        entries = []
        for pattern, codes in table.items():
            codes = [codes] if isinstance(codes, str) else codes
            if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
                shown = "" if config.private else f" {pattern!r}"  # (none of the user's file is quoted)
                raise FatalError(f"{where}: per-file-ignores{shown} must be a list of codes")
            entries.append(f"{pattern}:{','.join(codes)}")
        layer["per-file-ignores"] = entries
    if PER_FILE_SETTINGS in config.values:  # (read, and its values checked, by _file_rules)
        layer[PER_FILE_SETTINGS] = config.values[PER_FILE_SETTINGS]
    if "severity" in config.values:
        table = config.values["severity"]
        if not isinstance(table, dict) or not all(isinstance(level, str) for level in table.values()):
            raise FatalError(f'{where}: severity must be a table: {{PGN012 = "warning"}}')
        layer["severity"] = [f"{code}={level}" for code, level in table.items()]
    return layer
