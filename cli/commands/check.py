"""``kifu check``: parse and replay records, report findings and what the rules decide."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import importlib.util
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, cast

import click
from kifu.application.report import FORMATS, Reporter
from kifu.application.terminal import COLORS, BarSafeStream, ProgressBar, progress_wanted, style, use_color
from kifu.commands.completion import complete_codes
from kifu.commands.grouped import CHESS, CONFIGURATION, GO, LIMITS, XIANGQI, Grouped, Groups
from kifu.commands.options import (
    HELP,
    LIMIT_NAMES,
    SETTING_NAMES,
    BoardCap,
    Configurations,
    FatalError,
    apply_limits,
    board_cap,
    check_language,
    config_options,
    limit_options,
    rules_options,
    settings_from,
)
from kifu.commands.output_file import output_file_option, output_to
from kifu.core.escape import terminal
from kifu.core.findings import Finding, Severity
from kifu.core.results import RecordReport, Totals, by_count
from kifu.games import GAME_CHOICES

if TYPE_CHECKING:
    from kifu.application.batch import Batch, FileSettings
    from kifu.application.fixing import Counted, FileFix, Policy
    from kifu.application.report_boards import Drawer
    from kifu.core.game import Options
    from kifu.core.sources import Choice, Source

F = TypeVar("F", bound=Callable[..., Any])


#: Input (bytes on disk, summed over the files) from which a pool of workers gains over one
#: process on the project's 2-core machine: measured in docs/performance.md ("--jobs").
BREAK_EVEN = 1024 * 1024
#: more workers than any machine or cluster kifu meets: a larger --jobs is a mistake, not a wish
MAX_JOBS = 4096


def check_options(command: F) -> F:
    """Every option of ``kifu check`` (``kifu config`` takes them too, to show their effect)."""
    decorators = [
        click.option(
            "-r",
            "--recursive",
            is_flag=True,
            help="Check the record files inside directories: the default (kept for older scripts).",
        ),
        click.option(
            "--game",
            type=click.Choice(GAME_CHOICES),
            default="auto",
            show_default=True,
            help="Which game the files record (auto: by extension, then by content).",
        ),
        rules_options,
        limit_options,
        click.option(
            "--lang",
            metavar="LANG",
            help="Chess: piece letters of the score sheet (en, de, es, fr, it, nl, …). Default: English, "
            "with detection of a single other language.",
        ),
        click.option(
            "--format",
            "output_format",
            type=click.Choice(FORMATS),
            default="text",
            show_default=True,
            help="Output format on stdout.",
        ),
        click.option(
            "--max-boards",
            type=BoardCap(),
            default="16,200",
            show_default=True,
            metavar="N[,M]",
            help="HTML report: draw at most N boards per file and M per report (N alone: M is 200); "
            "a finding past the cap is listed with the `kifu show` command that draws it.",
        ),
        click.option(
            "--fail-on",
            type=click.Choice(["error", "warning", "info"]),
            default="error",
            show_default=True,
            help="Exit with status 1 when a finding at or above this severity is reported.",
        ),
        click.option(
            "--exit-zero",
            is_flag=True,
            help="Exit with status 0 whatever is found (2 still means kifu failed).",
        ),
        click.option(
            "--select",
            multiple=True,
            shell_complete=complete_codes,
            metavar="CODES",
            help="Report only these codes or prefixes (CHESS,PGN0; ALL: every code). Repeatable.",
        ),
        click.option(
            "--extend-select",
            multiple=True,
            shell_complete=complete_codes,
            metavar="CODES",
            help="Report these codes or prefixes too, on top of --select or the configuration.",
        ),
        click.option(
            "--ignore",
            multiple=True,
            shell_complete=complete_codes,
            metavar="CODES",
            help="Do not report these codes or prefixes (PGN0, GO2); they are counted as ignored.",
        ),
        click.option(
            "--per-file-ignores",
            multiple=True,
            shell_complete=complete_codes,
            metavar="PATTERN:CODES",
            help="Ignore codes in the files a gitignore pattern matches ('drafts/*:CHESS1,PGN0').",
        ),
        click.option(
            "--per-file-settings",
            multiple=True,
            metavar="PATTERN:KEY=VALUE",
            help="Set rules, lang or a game's option for the files a gitignore pattern matches "
            "('old/*.pgn:rules=fide-2009', 'club/*.sgf:komi=6.5,rules=japanese'), over the other options "
            "and the configuration; of two that match a file, the later wins.",
        ),
        click.option(
            "--severity",
            multiple=True,
            shell_complete=complete_codes,
            metavar="CODE=LEVEL",
            help="Report a code (or prefix) as error, warning or info (PGN012=warning).",
        ),
        click.option(
            "--strict",
            is_flag=True,
            help="Report format warnings (a slip in the record's format that leaves the game unchanged: "
            "docs/severity.md) as errors, by the letter of the PGN Standard and SGF.",
        ),
        click.option(
            "-v",
            "--verbose",
            is_flag=True,
            help="List every info in the text and github output (by default, only those beside an error "
            "or warning; the summary counts the others), and in text one line per record with its "
            "result and outcome.",
        ),
        click.option("-q", "--quiet", is_flag=True, help="No summary line or progress bar on stderr."),
        click.option(
            "--fix/--no-fix",
            default=False,
            show_default=True,
            help="Repair the files in place (each written whole, atomically) with the safe fixes: notation "
            "only, the moves and the result unchanged; the report then lists what is left.",
        ),
        click.option(
            "--unsafe-fixes/--no-unsafe-fixes",
            default=False,
            show_default=True,
            help="With --fix or --diff: apply the unsafe fixes too, which an arbiter confirms (a move "
            "replaced by the one the later moves prove, a missing move inserted, a proven result).",
        ),
        click.option(
            "--diff",
            is_flag=True,
            help="Print a unified diff of what --fix would change and write nothing; exit status 1 if there "
            "is anything to fix.",
        ),
        click.option(
            "--fix-comments/--no-fix-comments",
            default=True,
            show_default=True,
            help="An unsafe fix that changes a move leaves a comment in the record saying what it changed "
            "and why ({kifu: 8. Nd3 corrected to Bd3: …}), where the format has comments.",
        ),
        click.option(
            "--unfixable",
            multiple=True,
            shell_complete=complete_codes,
            metavar="CODES",
            help="Never fix these codes or prefixes (CHESS101,PGN0).",
        ),
        click.option(
            "--extend-safe-fixes",
            multiple=True,
            shell_complete=complete_codes,
            metavar="CODES",
            help="Apply the unsafe fixes of these codes or prefixes as safe ones (without --unsafe-fixes).",
        ),
        click.option(
            "--statistics",
            is_flag=True,
            help="Print the count of each code with its title, most frequent first, instead of the "
            "findings (text, or with --format json a JSON list).",
        ),
        click.option(
            "--color",
            type=click.Choice(COLORS),
            default="auto",
            show_default=True,
            help="Colour the text report and the summary (auto: on a terminal, unless NO_COLOR is set).",
        ),
        click.option(
            "-j",
            "--jobs",
            type=click.IntRange(0, MAX_JOBS),
            default=0,
            show_default=True,
            help="Worker processes, at most the usable cores (but for a remote --scheduler); 0: all "
            f"cores when the input is large enough to gain ({BREAK_EVEN // 1024} KiB or more), else 1.",
        ),
        click.option(
            "--executor",
            type=click.Choice(["local", "dask"]),
            default="local",
            show_default=True,
            help="Where to compute: this machine, or a Dask cluster (needs the dask extra).",
        ),
        click.option(
            "--scheduler",
            metavar="ADDRESS",
            help="Dask scheduler, tls://host:8786 with Dask's TLS configuration (docs/ci.md); default: an "
            "in-process cluster, on no network.",
        ),
        click.option(
            "--insecure-scheduler",
            is_flag=True,
            help="Accept a --scheduler that is not tls:// (tcp://, or no scheme): unencrypted and "
            "unauthenticated, for a trusted network only.",
        ),
        click.option(
            "--connect-timeout",
            type=click.FloatRange(0, 3600, min_open=True),
            default=10.0,
            show_default=True,
            metavar="SECONDS",
            help="Give up connecting to the --scheduler after this long (exit status 2).",
        ),
        click.option(
            "--dashboard",
            is_flag=True,
            help="With the in-process Dask cluster: serve its dashboard on 127.0.0.1 (address on stderr).",
        ),
        click.option(
            "--include",
            multiple=True,
            metavar="PATTERN",
            help="In directories and globs: only the files a gitignore pattern matches (repeatable). "
            "Patterns are relative to the working directory, a configuration file's to its folder.",
        ),
        click.option(
            "--exclude",
            multiple=True,
            metavar="PATTERN",
            help="In directories and globs: skip the files and directories a gitignore pattern matches "
            "('drafts/', 'archive/drafts/*', '**/old/*.pgn'); replaces the configuration's.",
        ),
        click.option(
            "--extend-exclude",
            multiple=True,
            metavar="PATTERN",
            help="Like --exclude, but on top of the configuration's exclude.",
        ),
        click.option(
            "--force-exclude/--no-force-exclude",
            default=False,
            show_default=True,
            help="Apply exclude and extend-exclude to the files and folders named on the command line "
            "too (as a pre-commit hook names them), not only to what a walk or a glob finds.",
        ),
        click.option(
            "--respect-gitignore/--no-respect-gitignore",
            default=True,
            show_default=True,
            help="In directories and globs: skip what git ignores (.gitignore files) in a git work tree.",
        ),
        config_options,
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


#: ``kifu check --help``: what to read and what to print first, then what to report, each game's
#: options, the limits, and how to find the configuration and run the work
CHECK_GROUPS: Groups = (
    ("Paths", ("include", "exclude", "extend_exclude", "force_exclude", "respect_gitignore", "recursive")),
    (
        "Output",
        ("output_format", "output_file", "verbose", "quiet", "statistics", "color", "max_boards", "help"),
    ),
    (
        "Selection",
        (
            "select",
            "extend_select",
            "ignore",
            "per_file_ignores",
            "severity",
            "strict",
            "fail_on",
            "exit_zero",
        ),
    ),
    ("Fixing", ("fix", "unsafe_fixes", "diff", "fix_comments", "unfixable", "extend_safe_fixes")),
    ("Rules", ("game", "rules", "per_file_settings")),
    CHESS,
    XIANGQI,
    GO,
    LIMITS,
    CONFIGURATION,
    ("Workers", ("jobs", "executor", "scheduler", "insecure_scheduler", "connect_timeout", "dashboard")),
)


@click.command("check", cls=Grouped, groups=CHECK_GROUPS, context_settings=HELP)
@click.argument("paths", nargs=-1)
@check_options
@output_file_option  # (not one of check_options: `kifu config` writes no report)
@click.pass_context
def check(ctx: click.Context, /, paths: tuple[str, ...], **_: Any) -> None:
    """Check game records: syntax, legality of every move, results, draws.

    PATHS are files, directories (walked), globs or - for standard input; none: the current
    directory. .gz, .bz2, .xz and (with the zstd extra) .zst files are decompressed. A path
    that does not exist, or a glob that matches nothing, is a usage error; an input without
    record files is a warning. Findings go to stdout: the errors and warnings, and the infos
    beside them (the other infos are counted in the summary: -v, --select naming them or
    --fail-on info lists them; the machine formats hold all); a summary, errors first, goes to
    stderr, and a progress bar when stderr is a terminal. Every option can also be set in a
    kifu.toml, .kifu.toml or [tool.kifu] of pyproject.toml: the one closest to each file
    applies to it (see `kifu config FILE`), and the command line wins.
    Exit status: 0 clean (or --exit-zero), 1 findings at or above --fail-on, 2 usage,
    configuration or output error, or an internal error (reported as KIFU001; the other
    records are still checked).
    """
    from kifu import games
    from kifu.application import batch, detection
    from kifu.application.fixing import Counted
    from kifu.application.report import Infos, hidden_infos, make_reporter, named_codes

    configurations = Configurations(ctx)
    here = configurations.at(os.curdir)  # the run's own settings: the current directory's
    values = here.values
    here.selection()  # a code that means nothing is an error before any path is looked at
    apply_limits({name: values[name] for name in LIMIT_NAMES})
    executor = values["executor"]
    if executor == "dask" and importlib.util.find_spec("distributed") is None:
        raise click.UsageError("--executor dask needs the dask extra: pip install 'kifu[dask]'")
    output_format, quiet, counts_only = values["output_format"], values["quiet"], values["statistics"]
    if counts_only and output_format not in ("text", "json"):
        raise click.UsageError(f"--statistics prints text or json, not {output_format}")
    gc.set_threshold(*batch.jobs.CHECK_THRESHOLDS)  # (this process and the workers it forks)
    if output_format == "sarif" or counts_only:
        games.load_all_codes()  # the rules of the log (and the titles) describe codes workers made
    sources = expand(paths or (os.curdir,), configurations)
    per_file = file_settings(sources, configurations)
    if output_format == "html":  # the boards' positions come from each record's own check
        boards = board_cap(values["max_boards"])[0]
        drawn: dict[int, FileSettings] = {}  # (one each: the files that share settings still do)
        for where, own in per_file.items():
            if id(own) not in drawn:
                asked = dataclasses.replace(own.options, boards=boards)
                drawn[id(own)] = dataclasses.replace(own, options=asked)
            per_file[where] = drawn[id(own)]
    options = per_file[os.curdir].options
    remote = executor == "dask" and bool(values["scheduler"])
    workers = values["jobs"] or default_jobs(sources)
    if not remote and workers > usable_cores():
        click.echo(
            f"kifu: warning: --jobs {workers} is more than the {usable_cores()} usable core(s) of this "
            f"machine; using {usable_cores()}",
            err=True,
        )
        workers = usable_cores()
    plan = batch.Batch(
        detection.detect,
        games.load,
        per_file[os.curdir].game,
        jobs=workers,
        executor=executor,
        scheduler=values["scheduler"],
        insecure_scheduler=values["insecure_scheduler"],
        chunk_records=2000 if executor == "dask" else 200,
        part_bytes=batch.jobs.DASK_PART_BYTES if executor == "dask" else batch.jobs.PART_BYTES,
        connect_timeout=values["connect_timeout"],
        dashboard=values["dashboard"],
        announce=lambda message: click.echo(f"kifu: {message}", err=True),
    )
    color = values["color"]
    started = time.perf_counter()

    def settings_of(source: Source) -> FileSettings:
        return per_file.get(source.path) or per_file[os.path.dirname(source.path) or os.curdir]

    policy = _fix_policy(values)
    fixed: list[FileFix] = []
    if values["fix"] or values["diff"]:
        fixed = _fix(sources, plan, per_file[os.curdir], settings_of, policy)
        if values["diff"]:
            sys.exit(_print_diffs(fixed, values["output_file"], quiet or counts_only))
        _write_fixes(fixed)
    with output_to(values["output_file"]) as target:
        with _progress(sources, enabled=not quiet and progress_wanted(sys.stderr, target)) as bar:
            out: TextIO = target
            if bar is not None and target.isatty():
                out = cast(TextIO, BarSafeStream(target, bar))
            reporter: Reporter = (
                Counting()
                if counts_only
                else make_reporter(
                    output_format,
                    out,
                    verbose=values["verbose"],
                    color=use_color(color, target),
                    drawer=_drawer(options) if output_format == "html" else None,  # each game's boards
                    max_boards=board_cap(values["max_boards"]),
                    infos=Infos(
                        values["verbose"] or values["fail_on"] == "info",
                        named_codes(per_file[os.curdir].selection),
                        {folder: named_codes(own.selection) for folder, own in per_file.items()},
                    ),
                )
            )
            counted = Counted(reporter, policy)
            try:
                totals = batch.run(
                    sources, plan, options, counted, bar, per_file[os.curdir].selection, settings_of
                )
            except batch.ExecutorError as error:
                raise FatalError(str(error)) from None
        if counts_only:
            target.write(statistics(totals, as_json=output_format == "json"))
        target.flush()
    elapsed = time.perf_counter() - started
    colored = use_color(color, sys.stderr)
    if not quiet:
        click.echo(summary(totals, elapsed, colored, hidden_infos(reporter)), err=True, color=colored)
        said = fix_summary(fixed, counted, totals, fixing=values["fix"])
        if said:
            click.echo(said, err=True)
    sys.stdout.flush()
    if totals.internal_errors:
        sys.exit(2)
    worst = totals.worst()
    if not values["exit_zero"] and worst is not None and worst >= Severity.parse(values["fail_on"]):
        sys.exit(1)


def expand(paths: Sequence[str], configurations: Configurations) -> list[Source | tuple[str, Finding]]:
    """The sources of ``paths``, directories walked: the entries of each folder chosen by the
    configuration that applies in it (include, exclude, extend-exclude, respect-gitignore,
    each pattern anchored at the folder of the file that gives it); a path named as it is is
    taken unless the configuration of its folder sets force-exclude and excludes it. Raises
    :class:`FatalError` naming a path that does not exist or a glob that matches nothing; warns
    on stderr when the paths hold no record file."""
    from kifu import games
    from kifu.application import detection
    from kifu.core.sources import expand_paths, walked_root

    missing: list[str] = []
    sources: list[Source | tuple[str, Finding]] = []
    choosing = partial(_choice, configurations, {})
    for path in paths:
        sources += expand_paths(
            [path],
            recursive=True,
            extensions=games.KNOWN_EXTENSIONS,
            recognise=detection.recognise,
            missing=lambda _, message: missing.append(message),
            choosing=choosing,
            force_exclude=configurations.at(walked_root(path)).values["force_exclude"],
        )
    if missing:
        raise FatalError("; ".join(missing))
    if not sources:
        shown = ", ".join(paths)
        click.echo(f"kifu: warning: no record files found under {terminal(shown, one_line=True)}", err=True)
    return sources


def excluded(path: str, configurations: Configurations) -> bool:
    """Whether a walk leaves out the file at ``path`` (as force-exclude leaves it out when named)."""
    from kifu import games
    from kifu.core.sources import expand_paths

    choosing = partial(_choice, configurations, {})
    found = expand_paths(
        [path], recursive=False, extensions=games.KNOWN_EXTENSIONS, choosing=choosing, force_exclude=True
    )
    return not any(True for _ in found)


def _choice(configurations: Configurations, made: dict[int, Choice], directory: str) -> Choice:
    """How the configuration that applies in ``directory`` chooses its entries: its patterns,
    each key's anchored where it was set (a file's folder; the working directory for the
    command line's), as ruff matches them."""
    from kifu.core.sources import Choice

    resolved = configurations.at(directory)
    choice = made.get(id(resolved))
    if choice is None:
        values = resolved.values
        choice = made[id(resolved)] = Choice(
            ((resolved.anchor("include"), tuple(values["include"])),),
            (
                (resolved.anchor("exclude"), tuple(values["exclude"])),
                (resolved.anchor("extend-exclude"), tuple(values["extend_exclude"])),
            ),
            values["respect_gitignore"],
        )
    return choice


def file_settings(
    sources: Sequence[Source | tuple[str, Finding]], configurations: Configurations
) -> dict[str, FileSettings]:
    """What applies to the files of each directory of ``sources`` (``.`` among them: the run's
    own), keyed by the directory as ``os.path.dirname`` gives it (``.`` for an empty one), and
    to each file that ``per-file-settings`` concern, keyed by its path (which wins); the
    configurations are read here, so that a bad one stops the run before it reports anything."""
    from kifu import games
    from kifu.application.batch import FileSettings
    from kifu.core.sources import Source

    made: dict[object, FileSettings] = {}
    settings: dict[str, FileSettings] = {}
    paths = [source.path for source in sources if isinstance(source, Source)]
    for directory in [os.curdir] + [os.path.dirname(path) or os.curdir for path in paths]:
        if directory in settings:
            continue
        resolved = configurations.at(directory)
        own = made.get(id(resolved))
        if own is None:
            values = resolved.values
            selection = resolved.selection()
            if values["strict"]:
                games.load_all_codes()  # which codes are format slips
                selection.strict = True
            own = made[id(resolved)] = FileSettings(_options(values), selection, _game(values))
        settings[directory] = own
    for path in paths:
        resolved = configurations.of(path)
        if not resolved.file_rules:
            continue
        applying = resolved.for_file(path)
        if applying:  # (files under the same entries share their settings: a worker task takes them)
            key = (id(resolved), tuple((name, id(rule)) for name, rule in applying.items()))
            own = made.get(key)
            if own is None:
                folder = settings[os.path.dirname(path) or os.curdir]
                merged = dict(resolved.values)
                for name, rule in applying.items():
                    merged[resolved.keys[name].name or name] = rule.values[name]
                own = made[key] = FileSettings(_options(merged), folder.selection, folder.game)
            settings[path] = own
    return settings


def _options(values: dict[str, Any]) -> Options:
    """The rules options of the settings ``values`` (by parameter name)."""
    from kifu.core.game import Options

    rules = settings_from({name: values[name] for name in SETTING_NAMES})
    if values["lang"] is not None:  # (a file's is checked where it is read: the command line's here)
        rules["lang"] = check_language(values["lang"], "--lang")
    return Options(values["rules"], rules, fix_notes=values.get("fix_comments", True))


def _game(values: dict[str, Any]) -> str | None:
    """The game ``values`` name (``None``: detected)."""
    return None if values["game"] == "auto" else values["game"]


def _drawer(options: Options) -> Drawer:
    from kifu.application.report_boards import Drawer

    return Drawer(options)


def _fix_policy(values: dict[str, Any]) -> Policy:
    """The fixes the run applies: ``--unsafe-fixes``, ``--unfixable``, ``--extend-safe-fixes``."""
    from kifu.application.fixing import Policy
    from kifu.application.selection import SelectionError, normalise_selectors

    known = _fix_codes()
    try:
        return Policy(
            values["unsafe_fixes"],
            normalise_selectors(values["unfixable"], known, "--unfixable"),
            normalise_selectors(values["extend_safe_fixes"], known, "--extend-safe-fixes"),
        )
    except SelectionError as error:
        raise click.UsageError(str(error)) from None


def _fix_codes() -> frozenset[str]:
    from kifu import games
    from kifu.core.findings import REGISTRY

    games.load_all_codes()
    return frozenset(REGISTRY)


def _fix(
    sources: Sequence[Source | tuple[str, Finding]],
    plan: Batch,
    own: FileSettings,
    settings_of: Callable[[Source], FileSettings],
    policy: Policy,
) -> list[FileFix]:
    """The fixes of ``sources``' files, found and applied in memory over rounds of checks, each
    file checked with its own settings (nothing written here)."""
    from kifu import games
    from kifu.application import batch
    from kifu.application.fixing import fix_sources
    from kifu.core.sources import Source

    def check_them(items: list[Source], reporter: Reporter) -> None:
        try:
            batch.run(items, plan, own.options, reporter, None, own.selection, settings_of)
        except batch.ExecutorError as error:
            raise FatalError(str(error)) from None

    def codec_of(game: str, path: str) -> str | None:
        module = games.load(game) if game in games.GAMES else None
        return None if module is None else module.text_encoding(path)

    files = [source for source in sources if isinstance(source, Source)]
    return fix_sources(files, check_them, policy, codec_of)


def _said_failures(entry: FileFix) -> None:
    if entry.refused is not None:
        click.echo(f"kifu: {terminal(entry.shown, one_line=True)}: not fixed: {entry.refused}", err=True)
    for failure in entry.failures:
        shown = terminal(entry.shown, one_line=True)
        click.echo(f"kifu: {shown}: a fix not applied: {terminal(failure, one_line=True)}", err=True)


def _print_diffs(fixed: list[FileFix], output_file: str | None, quiet: bool) -> int:
    """Print the diff of every file ``--fix`` would change; the exit status: 1 if any."""
    from kifu.application.fixing import unified_diff

    changed = [entry for entry in fixed if entry.changed]
    with output_to(output_file) as target:
        for entry in changed:
            target.write(unified_diff(entry.source.path, entry.original, entry.data, entry.codec))
        target.flush()
    for entry in fixed:
        _said_failures(entry)
    if not quiet:
        count = sum(sum(entry.applied.values()) for entry in changed)
        click.echo(f"kifu: would fix {count} finding(s) in {len(changed)} file(s)", err=True)
    return 1 if changed else 0


def _write_fixes(fixed: list[FileFix]) -> None:
    """Write each fixed file in place, whole (a temporary file renamed over it), keeping its mode;
    a file changed since it was read, or one kifu may not replace (a symbolic link, a file with
    several hard links), is left as it is and said on stderr."""
    from collections import Counter

    from kifu.application.output import OutputError, write_output

    for entry in fixed:
        _said_failures(entry)
        if not entry.changed:
            continue
        shown = terminal(entry.shown, one_line=True)
        try:
            with open(entry.source.path, "rb") as stream:
                unchanged = stream.read() == entry.original
        except OSError as error:
            unchanged, entry.applied = False, Counter()
            click.echo(f"kifu: {shown}: not fixed: cannot be read again: {error.strerror}", err=True)
            continue
        if not unchanged:
            entry.applied = Counter()
            click.echo(f"kifu: {shown}: not fixed: the file changed while kifu checked it", err=True)
            continue
        try:
            write_output(entry.source.path, entry.data)
        except OutputError as error:
            entry.applied = Counter()
            click.echo(f"kifu: not fixed: {error}", err=True)


def fix_summary(fixed: list[FileFix], counted: Counted, totals: Totals, *, fixing: bool) -> str:
    """The line after the summary: with ``--fix``, ``kifu: found 14 finding(s) (9 fixed, 3 fixable
    with --unsafe-fixes, 2 left)``; without it, how many ``--fix`` would repair (empty: none)."""
    if fixing:
        done = sum(sum(entry.applied.values()) for entry in fixed)
        left = totals.errors + totals.warnings + totals.infos
        waiting = f", {counted.unsafe} fixable with --unsafe-fixes" if counted.unsafe else ""
        return f"kifu: found {done + left} finding(s) ({done} fixed{waiting}, {left - counted.unsafe} left)"
    if not counted.fixable and not counted.unsafe:
        return ""
    more = f" ({counted.unsafe} more with --unsafe-fixes)" if counted.unsafe else ""
    if not counted.fixable:
        return f"kifu: {counted.unsafe} fixable with --fix --unsafe-fixes"
    return f"kifu: {counted.fixable} fixable with --fix{more}"


def summary(totals: Totals, elapsed: float, color: bool = False, hidden: int = 0) -> str:
    """The summary line: files, records, findings by severity (errors first), the infos not
    listed (``hidden``: docs/severity.md, "What the default output shows"), the ignored ones, time."""
    rate = f", {totals.records / elapsed:,.0f} records/s" if elapsed > 0 and totals.records else ""
    errors = f"{totals.errors} error(s)"
    warnings = f"{totals.warnings} warning(s)"
    if color:
        errors = style(errors, "red", "bold") if totals.errors else errors
        warnings = style(warnings, "yellow") if totals.warnings else warnings
    infos = f"{totals.infos} info(s)"
    if hidden and hidden == totals.infos:
        infos += " not shown (-v or --select shows them)"
    elif hidden:
        infos += f", {hidden} not shown (-v shows them)"
    ignored = f", {totals.ignored} ignored" if totals.ignored else ""
    return (
        f"kifu: {totals.files} file(s), {totals.records} record(s): {errors}, {warnings}, "
        f"{infos}{ignored} in {elapsed:.2f} s{rate}"
    )


def statistics(totals: Totals, *, as_json: bool = False) -> str:
    """``count  CODE  title`` per reported code, most frequent first, then the ignored codes (as
    ruff's ``--statistics``); ``as_json``: a JSON list of ``{code, count, title, ignored}``."""
    from kifu.core.findings import lookup

    rows = [
        (code, count, entry.title if (entry := lookup(code)) else "", ignored)
        for counts, ignored in ((totals.per_code, False), (totals.ignored_per_code, True))
        for code, count in by_count(counts).items()
    ]
    if as_json:
        import json

        from kifu.core.escape import json_text

        listed = [
            {"code": code, "count": count, "title": title, "ignored": ignored}
            for code, count, title, ignored in rows
        ]
        return json_text(json.dumps(listed, ensure_ascii=False, indent=2)) + "\n"
    return "".join(
        f"{count:>8}  {code:<9} {title}{' (ignored)' if ignored else ''}".rstrip() + "\n"
        for code, count, title, ignored in rows
    )


class Counting:
    """The reporter of ``--statistics``: it writes nothing; the run's totals are the output."""

    uses_tags = False

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        pass

    def record(self, report: RecordReport) -> None:
        pass

    def end_file(self, findings: list[Finding]) -> None:
        pass

    def end(self, totals: Totals) -> None:
        pass


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def default_jobs(sources: Sequence[object]) -> int:
    """All cores when the input is large enough for a pool to gain (:data:`BREAK_EVEN`), else 1."""
    cores = usable_cores()
    if cores == 1:
        return 1
    total = 0
    for source in sources:
        path = getattr(source, "path", "-")
        if path == "-":
            continue
        with contextlib.suppress(OSError):
            total += os.path.getsize(path) * (_COMPRESSION_RATIO if _compressed(path) else 1)
        if total >= BREAK_EVEN:
            return cores
    return 1


#: a compressed record file holds about this many times its size in text (PGN and SGF, gzip -6)
_COMPRESSION_RATIO = 5


def _compressed(path: str) -> bool:
    return path.lower().endswith((".gz", ".bz2", ".xz", ".zst"))


@contextlib.contextmanager
def _progress(sources: Sequence[object], *, enabled: bool) -> Iterator[ProgressBar | None]:
    """A progress bar on stderr over the input's files and bytes, when ``enabled``; at a normal
    end it draws its last state (100 %) before it is erased, at an interrupt it is only erased."""
    if not enabled:
        yield None
        return
    sizes = []
    for source in sources:
        path = getattr(source, "path", "-")
        size = 0
        with contextlib.suppress(OSError):
            size = os.path.getsize(path) if path != "-" else 0
        sizes.append(size)
    bar = ProgressBar(sys.stderr, sizes)
    bar.draw()
    try:
        yield bar
        bar.finish()
    finally:
        bar.close()
