"""Running checks over many sources and feeding a reporter, in input order."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kifu.core.findings import INTERNAL_ERROR, IO_NO_RECORDS, IO_UNKNOWN_GAME, IO_UNSUPPORTED_GAME, Finding
from kifu.core.game import CheckOptions, GameChecker
from kifu.core.report import Reporter
from kifu.core.results import RecordReport, Totals
from kifu.core.sources import Source, SourceError

Detector = Callable[[Source, "str | None"], "tuple[str, str] | None"]
Loader = Callable[[str], "GameChecker | None"]


@dataclass(frozen=True, slots=True)
class Batch:
    """How to recognise and check sources: the game registry's two functions."""

    detect: Detector
    load: Loader
    forced_game: str | None = None


def run(
    items: Iterable[Source | tuple[str, Finding]],
    batch: Batch,
    options: CheckOptions,
    reporter: Reporter,
) -> Totals:
    """Check every source in order, report as results arrive, and return the totals."""
    totals = Totals()
    reporter.begin()
    for item in items:
        totals.files += 1
        if isinstance(item, tuple):
            path, finding = item
            reporter.begin_file(path, None, None)
            _end_file(reporter, totals, [finding])
            continue
        _check_source(item, batch, options, reporter, totals)
    reporter.end(totals)
    return totals


def _check_source(
    source: Source, batch: Batch, options: CheckOptions, reporter: Reporter, totals: Totals
) -> None:
    try:
        detected = batch.detect(source, batch.forced_game)
    except SourceError as error:
        reporter.begin_file(source.path, None, None)
        _end_file(reporter, totals, [error.finding])
        return
    if detected is None:
        reporter.begin_file(source.path, None, None)
        _end_file(
            reporter, totals, [IO_UNKNOWN_GAME(f"cannot tell which game {source.path} records; use --game")]
        )
        return
    game, fmt = detected
    reporter.begin_file(source.path, game, fmt)
    checker = batch.load(game)
    if checker is None:
        _end_file(
            reporter,
            totals,
            [IO_UNSUPPORTED_GAME(f"{game} records ({fmt}) cannot be read by this version of kifu")],
        )
        return
    file_findings: list[Finding] = []
    records = 0
    try:
        for item in checker.check(source, fmt, options):
            if isinstance(item, RecordReport):
                records += 1
                totals.records += 1
                totals.add(item.findings)
                reporter.record(item)
            else:
                file_findings.append(item)
    except SourceError as error:
        file_findings.append(error.finding)
    except Exception as error:  # a bug in kifu: say so, and go on with the next file
        file_findings.append(internal_error(error, f"while reading {source.path} after record {records}"))
    if records == 0 and not any(f.severity >= IO_NO_RECORDS.severity for f in file_findings):
        file_findings.append(IO_NO_RECORDS(f"no {game} records found in {source.path}"))
    _end_file(reporter, totals, file_findings)


def _end_file(reporter: Reporter, totals: Totals, findings: list[Finding]) -> None:
    totals.add(findings)
    reporter.end_file(findings)


def internal_error(error: BaseException, where: str) -> Finding:
    """A KIFU001 finding for an exception that escaped a checker."""
    frame = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    at = f" at {frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else ""
    return INTERNAL_ERROR(
        f"internal error {where}: {type(error).__name__}: {error}{at}; please report this bug"
    )
