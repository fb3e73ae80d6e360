"""Running checks over many sources and feeding a reporter, in input order.

The run is planned as a stream of jobs in input order: a file starts, the work of checking it,
the file ends. In this process a file is one task, streamed record by record; when several
workers share the work, a large file is cut into tasks of a part of its bytes each, which the
workers read themselves (:mod:`kifu.core.parts`; a chunk of records read here when the file is
compressed, piped, or of a game that cannot be cut so), and small files go to a worker whole,
several to a task (one round trip for many one-game files). An
executor computes the tasks — in this process, in a pool of processes, or on a Dask cluster —
keeping a bounded window of them in flight, and the results are reported strictly in input
order. Memory stays flat whatever the size of the input.

``core`` knows no game: the command passes the registry's loader, and a worker imports the
game's module (:class:`kifu.core.game.Game`) by the name the loaded module carries. The
per-record work and its crash guard are :mod:`kifu.core.records`.

The package is split by job: :mod:`~kifu.application.batch.jobs` (what is run),
:mod:`~kifu.application.batch.plan` (the jobs in input order),
:mod:`~kifu.application.batch.executors` (where they are computed, and a crashed worker's
records), :mod:`~kifu.application.batch.delivery` (the results to the reporter); :func:`run`
joins them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from kifu.application.batch.delivery import _deliver, _end_file, _part_items
from kifu.application.batch.executors import _executor, _ordered
from kifu.application.batch.jobs import (
    Batch,
    Detector,
    ExecutorError,
    FileSettings,
    Item,
    Loader,
    Progress,
    _Start,
    _Task,
)
from kifu.application.batch.plan import _plan
from kifu.application.report import Reporter
from kifu.application.selection import Selection
from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.results import Totals
from kifu.core.sources import Source, display_path

__all__ = ["Batch", "Detector", "ExecutorError", "FileSettings", "Item", "Loader", "Progress", "run"]


def run(
    items: Iterable[Source | tuple[str, Finding]],
    batch: Batch,
    options: Options,
    reporter: Reporter,
    progress: Progress | None = None,
    selection: Selection | None = None,
    settings: Callable[[Source], FileSettings] | None = None,
    totals: Totals | None = None,
) -> Totals:
    """Check every source, report results in input order as they arrive, return the totals.

    ``selection`` drops and re-grades findings here, where the totals are made, so that every
    reporter sees the same findings and the totals count the ignored ones. ``settings``, when
    given, says what applies to each file instead (its configuration file's options, selection
    and game: :class:`FileSettings`); ``options``, ``selection`` and the batch's game then apply
    only to what is not a file (a path that cannot be read).
    ``totals``: the counts to add to (a reporter that reads them as the run goes), else new ones.
    """
    if selection is not None and not selection.active:
        selection = None
    totals = Totals() if totals is None else totals
    batch = replace(batch, tags=reporter.uses_tags)
    executor = _executor(batch)  # before the report begins: one that cannot start reports nothing
    split = batch.jobs > 1 or batch.executor == "dask"
    try:
        reporter.begin()
        jobs = _plan(items, batch, options, split, executor.ready, settings)
        for job, result in _ordered(jobs, executor):
            if isinstance(job, _Start):
                totals.files += 1
                reporter.begin_file(display_path(job.state.path), job.state.game, job.fmt)
            elif isinstance(job, _Task):
                delivered = result if job.file_part is None else _part_items(job.state, job.file_part, result)
                _deliver(job.state, delivered, reporter, totals, selection)
                if progress is not None:
                    progress.update(job.weight, totals.records)
            else:
                _end_file(job.state, reporter, totals, selection)
                if progress is not None:
                    progress.file_done(totals.records)
    finally:
        executor.close()
    reporter.end(totals)
    return totals
