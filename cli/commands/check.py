"""``kifu check``: parse and replay records, report findings and what the rules decide."""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO, TypeVar, cast

import click
from kifu.commands.options import (
    HELP,
    LIMIT_NAMES,
    SETTING_NAMES,
    BoardCap,
    FatalError,
    apply_limits,
    board_cap,
    check_language,
    config_options,
    limit_options,
    resolve,
    rules_options,
    settings_from,
)
from kifu.core.findings import Severity
from kifu.core.report import FORMATS
from kifu.core.results import Totals, by_count
from kifu.core.terminal import COLORS, BarSafeStream, ProgressBar, style, use_color
from kifu.games import GAME_CHOICES

F = TypeVar("F", bound=Callable[..., Any])


#: Input (bytes on disk, summed over the files) from which a pool of workers gains over one
#: process on the project's 2-core machine: measured in docs/performance.md ("--jobs").
BREAK_EVEN = 1024 * 1024
#: more workers than any machine or cluster kifu meets: a larger --jobs is a mistake, not a wish
MAX_JOBS = 4096


def check_options(command: F) -> F:
    """Every option of ``kifu check`` (``kifu config`` takes them too, to show their effect)."""
    decorators = [
        click.option("-r", "--recursive", is_flag=True, help="Check the record files inside directories."),
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
            default="3,200",
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
            metavar="CODES",
            help="Report only these codes or prefixes (CHESS,PGN0; ALL: every code). Repeatable.",
        ),
        click.option(
            "--extend-select",
            multiple=True,
            metavar="CODES",
            help="Report these codes or prefixes too, on top of --select or the configuration.",
        ),
        click.option(
            "--ignore",
            multiple=True,
            metavar="CODES",
            help="Do not report these codes or prefixes (PGN0, GO2); they are counted as ignored.",
        ),
        click.option(
            "--per-file-ignores",
            multiple=True,
            metavar="PATTERN:CODES",
            help="Ignore codes in the files a gitignore pattern matches ('drafts/*:CHESS1,PGN0').",
        ),
        click.option(
            "--severity",
            multiple=True,
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
            help="Text output: one line per record with its result and outcome.",
        ),
        click.option("-q", "--quiet", is_flag=True, help="No summary line or progress bar on stderr."),
        click.option(
            "--statistics",
            is_flag=True,
            help="After the summary, each code with its count and title, most frequent first (on stderr).",
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
            help="Dask scheduler (tcp://host:8786); default: an in-process cluster, on no network.",
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
            help="In directories and globs: only the files a gitignore pattern matches (relative to the "
            "walked root; repeatable).",
        ),
        click.option(
            "--exclude",
            multiple=True,
            metavar="PATTERN",
            help="In directories and globs: skip the files and directories a gitignore pattern matches "
            "('drafts/', 'drafts/*', '**/old/*.pgn').",
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


@click.command("check", context_settings=HELP)
@click.argument("paths", nargs=-1, required=True)
@check_options
@click.pass_context
def check(ctx: click.Context, /, paths: tuple[str, ...], **_: Any) -> None:
    """Check game records: syntax, legality of every move, results, draws.

    PATHS are files, directories (with -r), globs or - for standard input; .gz, .bz2, .xz
    and (with the zstd extra) .zst files are decompressed. Findings go to stdout; a summary
    goes to stderr. Every option can also be set in [tool.kifu] of pyproject.toml or in a
    kifu.toml (found from the current directory upwards to the repository root; the command
    line wins), or in ~/.config/kifu/kifu.toml: see `kifu config`. Exit status: 0 clean (or
    --exit-zero), 1 findings at or above --fail-on, 2 usage, configuration or output error, or
    an internal error (reported as KIFU001; the other records are still checked).
    """
    from kifu import detection, games
    from kifu.core import batch
    from kifu.core.game import Options
    from kifu.core.report import make_reporter
    from kifu.core.sources import expand_paths
    from kifu.drawer import Drawer

    resolved = resolve(ctx)
    values = resolved.values
    selection = resolved.selection()
    if values["strict"]:
        games.load_all_codes()  # which codes are format slips
        selection.strict = True
    apply_limits({name: values[name] for name in LIMIT_NAMES})
    settings = settings_from({name: values[name] for name in SETTING_NAMES})
    if values["lang"] is not None:
        settings["lang"] = check_language(values["lang"], "--lang")
    executor = values["executor"]
    if executor == "dask" and importlib.util.find_spec("distributed") is None:
        raise click.UsageError("--executor dask needs the dask extra: pip install 'kifu[dask]'")
    options = Options(rules=values["rules"], settings=settings)
    output_format, quiet = values["output_format"], values["quiet"]
    # Checking makes many short-lived containers (tokens, nodes, position keys); collecting the
    # youngest generation less often saves about 5 % with no effect on peak memory (measured).
    gc.set_threshold(20_000, 20, 20)
    if output_format == "sarif" or values["statistics"]:
        games.load_all_codes()  # the rules of the log (and the titles) describe codes workers made
    sources = list(
        expand_paths(
            paths,
            recursive=values["recursive"],
            extensions=games.KNOWN_EXTENSIONS,
            include=values["include"],
            exclude=values["exclude"],
            recognise=detection.recognise,
            respect_gitignore=values["respect_gitignore"],
        )
    )
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
        None if values["game"] == "auto" else values["game"],
        jobs=workers,
        executor=executor,
        scheduler=values["scheduler"],
        chunk_records=2000 if executor == "dask" else 200,
        connect_timeout=values["connect_timeout"],
        dashboard=values["dashboard"],
        announce=lambda message: click.echo(f"kifu: {message}", err=True),
    )
    color = values["color"]
    started = time.perf_counter()
    with _progress(sources, enabled=not quiet) as bar:
        out: TextIO = sys.stdout
        if bar is not None and sys.stdout.isatty():
            out = cast(TextIO, BarSafeStream(sys.stdout, bar))
        reporter = make_reporter(
            output_format,
            out,
            verbose=values["verbose"],
            color=use_color(color, sys.stdout),
            drawer=Drawer(options) if output_format == "html" else None,  # boards: each game's draw
            max_boards=board_cap(values["max_boards"]),
        )
        try:
            totals = batch.run(sources, plan, options, reporter, bar, selection)
        except batch.ExecutorError as error:
            raise FatalError(str(error)) from None
    elapsed = time.perf_counter() - started
    sys.stdout.flush()
    colored = use_color(color, sys.stderr)
    if not quiet:
        click.echo(summary(totals, elapsed, colored), err=True, color=colored)
    if values["statistics"]:
        click.echo(statistics(totals), err=True)
    sys.stdout.flush()
    if totals.internal_errors:
        sys.exit(2)
    worst = totals.worst()
    if not values["exit_zero"] and worst is not None and worst >= Severity.parse(values["fail_on"]):
        sys.exit(1)


def summary(totals: Totals, elapsed: float, color: bool = False) -> str:
    """The summary line: files, records, findings by severity, the ignored ones, time."""
    rate = f", {totals.records / elapsed:,.0f} records/s" if elapsed > 0 and totals.records else ""
    errors = f"{totals.errors} error(s)"
    warnings = f"{totals.warnings} warning(s)"
    if color:
        errors = style(errors, "red", "bold") if totals.errors else errors
        warnings = style(warnings, "yellow") if totals.warnings else warnings
    ignored = f", {totals.ignored} ignored" if totals.ignored else ""
    return (
        f"kifu: {totals.files} file(s), {totals.records} record(s): {errors}, {warnings}, "
        f"{totals.infos} info(s){ignored} in {elapsed:.2f} s{rate}"
    )


def statistics(totals: Totals) -> str:
    """``count  CODE  title`` per reported code, most frequent first; then the ignored codes."""
    from kifu.core.findings import lookup

    def rows(counts: dict[str, int], suffix: str) -> list[str]:
        lines = []
        for code, count in by_count(counts).items():
            entry = lookup(code)
            lines.append(f"{count:>8}  {code:<9} {entry.title if entry else ''}{suffix}".rstrip())
        return lines

    return "\n".join(rows(totals.per_code, "") + rows(totals.ignored_per_code, " (ignored)"))


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
    """A progress bar on stderr over the input's bytes, only when stderr is a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    total = 0
    for source in sources:
        path = getattr(source, "path", "-")
        with contextlib.suppress(OSError):
            total += os.path.getsize(path) if path != "-" else 0
    bar = ProgressBar(sys.stderr, total)
    bar.draw()
    try:
        yield bar
    finally:
        bar.close()
