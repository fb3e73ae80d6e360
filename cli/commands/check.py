"""``kifu check``: parse and replay records, report findings and what the rules decide."""

from __future__ import annotations

import sys
import time

import click
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
@click.option(
    "--rules", metavar="PRESET", help="Rules preset: chess fide; xiangqi cxa|axf; go chinese|tromp-taylor|…"
)
@click.option(
    "--lang",
    metavar="LANG",
    help="Chess: piece letters of the score sheet (en, de, es, fr, it, nl, …). Default: English, "
    "with detection of a single other language.",
)
@click.option("--komi", type=float, help="Go: komi for the count (default: the record's KM).")
@click.option(
    "--ko",
    type=click.Choice(["simple", "positional", "situational"]),
    help="Go: ko rule (default: the rules' own).",
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
@click.option("-q", "--quiet", is_flag=True, help="No summary line on stderr.")
def check(
    paths: tuple[str, ...],
    recursive: bool,
    game: str,
    rules: str | None,
    lang: str | None,
    komi: float | None,
    ko: str | None,
    output_format: str,
    fail_on: str,
    verbose: bool,
    quiet: bool,
) -> None:
    """Check game records: syntax, legality of every move, results, draws.

    PATHS are files, directories (with -r) or - for standard input; .gz, .bz2, .xz and
    (with the zstd extra) .zst files are decompressed. Findings go to stdout; a summary
    goes to stderr. Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage error
    or an internal error (reported as KIFU001; the other records are still checked).
    """
    from kifu import games
    from kifu.core import batch
    from kifu.core.game import CheckOptions
    from kifu.core.report import make_reporter
    from kifu.core.sources import expand_paths

    settings: dict[str, object] = {}
    if lang is not None:
        from kifu.chess.locales import LANGUAGES

        if lang.lower() not in LANGUAGES:
            raise click.BadParameter(
                f"unknown language {lang!r}; use one of {', '.join(sorted(LANGUAGES))}", param_hint="--lang"
            )
        settings["lang"] = lang.lower()
    settings.update({k: v for k, v in (("komi", komi), ("ko", ko)) if v is not None})
    options = CheckOptions(rules=rules, settings=settings)
    reporter = make_reporter(output_format, sys.stdout, verbose=verbose)
    started = time.perf_counter()
    totals = batch.run(
        expand_paths(paths, recursive=recursive, extensions=games.KNOWN_EXTENSIONS),
        batch.Batch(games.detect, games.load_checker, None if game == "auto" else game),
        options,
        reporter,
    )
    elapsed = time.perf_counter() - started
    sys.stdout.flush()
    if not quiet:
        rate = f", {totals.records / elapsed:,.0f} records/s" if elapsed > 0 and totals.records else ""
        click.echo(
            f"kifu: {totals.files} file(s), {totals.records} record(s): {totals.errors} error(s), "
            f"{totals.warnings} warning(s), {totals.infos} info(s) in {elapsed:.2f} s{rate}",
            err=True,
        )
    sys.stdout.flush()
    if totals.internal_errors:
        sys.exit(2)
    worst = totals.worst()
    if worst is not None and worst >= Severity.parse(fail_on):
        sys.exit(1)
