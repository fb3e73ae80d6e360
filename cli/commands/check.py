"""``kifu check``: parse and replay records, report findings and what the rules decide."""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

import click
from kifu.commands.options import apply_limits, check_language, limit_options, rules_options, settings_from
from kifu.core.findings import Severity
from kifu.core.report import FORMATS


@click.command("check")
@click.argument("paths", nargs=-1, required=True)
@click.option("-r", "--recursive", is_flag=True, help="Check the record files inside directories.")
@click.option(
    "--game",
    type=click.Choice(["auto", "chess", "xiangqi", "go"]),
    default="auto",
    show_default=True,
    help="Which game the files record (auto: by extension, then by content).",
)
@rules_options
@limit_options
@click.option(
    "--lang",
    metavar="LANG",
    help="Chess: piece letters of the score sheet (en, de, es, fr, it, nl, …). Default: English, "
    "with detection of a single other language.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Output format on stdout.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info"]),
    default="error",
    show_default=True,
    help="Exit with status 1 when a finding at or above this severity is reported.",
)
@click.option(
    "-v", "--verbose", is_flag=True, help="Text output: one line per record with its result and outcome."
)
@click.option("-q", "--quiet", is_flag=True, help="No summary line or progress bar on stderr.")
@click.option(
    "--statistics", is_flag=True, help="After the summary, count the findings per code (on stderr)."
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Worker processes; 0: all cores when there is more than one file or a large one, else 1.",
)
@click.option(
    "--executor",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="Where to compute: this machine, or a Dask cluster (needs the dask extra).",
)
@click.option(
    "--scheduler", metavar="ADDRESS", help="Dask scheduler (tcp://host:8786); default: an in-process cluster."
)
@click.option(
    "--include", multiple=True, metavar="GLOB", help="With -r: only files matching GLOB (repeatable)."
)
@click.option(
    "--exclude", multiple=True, metavar="GLOB", help="With -r: skip files and directories matching GLOB."
)
def check(
    paths: tuple[str, ...],
    recursive: bool,
    game: str,
    rules: str | None,
    lang: str | None,
    output_format: str,
    fail_on: str,
    verbose: bool,
    quiet: bool,
    statistics: bool,
    jobs: int,
    executor: str,
    scheduler: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    **overrides: Any,
) -> None:
    """Check game records: syntax, legality of every move, results, draws.

    PATHS are files, directories (with -r) or - for standard input; .gz, .bz2, .xz and
    (with the zstd extra) .zst files are decompressed. Findings go to stdout; a summary
    goes to stderr. Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage error
    or an internal error (reported as KIFU001; the other records are still checked).
    """
    from kifu import games
    from kifu.core import batch
    from kifu.core.game import Options
    from kifu.core.report import make_reporter
    from kifu.core.sources import expand_paths

    apply_limits(overrides)
    settings = settings_from(overrides)
    if lang is not None:
        settings["lang"] = check_language(lang, "--lang")
    if executor == "dask" and importlib.util.find_spec("distributed") is None:
        raise click.UsageError("--executor dask needs the dask extra: pip install 'kifu[dask]'")
    options = Options(rules=rules, settings=settings)
    # Checking makes many short-lived containers (tokens, nodes, position keys); collecting the
    # youngest generation less often saves about 5 % with no effect on peak memory (measured).
    gc.set_threshold(20_000, 20, 20)
    if output_format == "sarif":
        games.load_all_codes()  # the rules of the log describe codes that workers may have made
    reporter = make_reporter(output_format, sys.stdout, verbose=verbose)
    sources = list(
        expand_paths(
            paths,
            recursive=recursive,
            extensions=games.KNOWN_EXTENSIONS,
            include=include,
            exclude=exclude,
            recognise=games.recognise,
        )
    )
    workers = jobs or _default_jobs(sources)
    plan = batch.Batch(
        games.detect,
        games.load,
        None if game == "auto" else game,
        jobs=workers,
        executor=executor,
        scheduler=scheduler,
        chunk_records=2000 if executor == "dask" else 200,
    )
    started = time.perf_counter()
    with _progress(sources, enabled=not quiet) as progress:
        totals = batch.run(sources, plan, options, reporter, progress)
    elapsed = time.perf_counter() - started
    sys.stdout.flush()
    if not quiet:
        rate = f", {totals.records / elapsed:,.0f} records/s" if elapsed > 0 and totals.records else ""
        click.echo(
            f"kifu: {totals.files} file(s), {totals.records} record(s): {totals.errors} error(s), "
            f"{totals.warnings} warning(s), {totals.infos} info(s) in {elapsed:.2f} s{rate}",
            err=True,
        )
    if statistics:
        for code, count in sorted(totals.per_code.items(), key=lambda item: (-item[1], item[0])):
            click.echo(f"{count:>8}  {code}", err=True)
    sys.stdout.flush()
    if totals.internal_errors:
        sys.exit(2)
    worst = totals.worst()
    if worst is not None and worst >= Severity.parse(fail_on):
        sys.exit(1)


#: A file at least this large is worth splitting across workers.
LARGE_FILE = 4 * 1024 * 1024


def _default_jobs(sources: Sequence[object]) -> int:
    """All cores for several files or a large one; one process otherwise (start-up costs)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    paths = [getattr(source, "path", "") for source in sources]
    large = any(
        path != "-" and os.path.isfile(path) and os.path.getsize(path) >= LARGE_FILE for path in paths
    )
    return cores if len(paths) > 1 or large else 1


@contextlib.contextmanager
def _progress(sources: Sequence[object], *, enabled: bool) -> Iterator[Any]:
    """A progress bar on stderr over the input's bytes, only when stderr is a terminal.

    Click's own bar: kifu depends on Click already, and the bar needs nothing more.
    """
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    total = 0
    for source in sources:
        path = getattr(source, "path", "-")
        with contextlib.suppress(OSError):
            total += os.path.getsize(path) if path != "-" else 0
    with click.progressbar(length=max(total, 1), label="checking", file=sys.stderr, show_pos=False) as bar:
        yield _Clamped(bar, total)


class _Clamped:
    """Advances a bar by characters read, never past its end (compressed files)."""

    def __init__(self, bar: Any, total: int) -> None:
        self.bar, self.left = bar, total

    def update(self, amount: int) -> None:
        step = min(amount, self.left)
        self.left -= step
        self.bar.update(step)
