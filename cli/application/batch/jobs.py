"""The vocabulary of a batch run: how to check (:class:`Batch`), the jobs a plan is made of (a
file starts, a task, the file ends), and the tasks the workers compute.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from kifu.application.selection import Selection
from kifu.core import records
from kifu.core.findings import (
    Finding,
    Severity,
)
from kifu.core.game import Game, Options
from kifu.core.lines import LineDecoder
from kifu.core.parts import Part, PartRead
from kifu.core.results import RecordReport
from kifu.core.sources import Source, SourceError

Detector = Callable[[Source, "str | None"], "tuple[str, str] | None"]

Loader = Callable[[str], "Game[Any] | None"]

Item = RecordReport | Finding

#: the collector's thresholds while records are checked: a check makes many short-lived containers
#: (tokens, nodes, position keys), freed by their reference counts; collecting the youngest
#: generation after 20,000 new objects rather than 700 saves about 5 % with no effect on peak memory
#: (measured), and more in a process whose heap is large (a Dask worker's: 12-15 %)
CHECK_THRESHOLDS = (20_000, 20, 20)


@contextlib.contextmanager
def collector_tuned() -> Iterator[None]:
    """Run the block under :data:`CHECK_THRESHOLDS`, then put the process's thresholds back (a Dask
    worker is not kifu's process: its own setting is restored after each task)."""
    thresholds = gc.get_threshold()
    gc.set_threshold(*CHECK_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


#: the bytes of a part of a large file that a worker reads as one task: the local pool's, and a
#: Dask cluster's, whose task costs about 5 ms of CPU between the scheduler and the worker (a
#: local one a fraction of a millisecond): 40 tasks for 40 MB rather than 210
PART_BYTES = 192 << 10
DASK_PART_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class Batch:
    """How to recognise and check sources, and where to compute."""

    detect: Detector
    load: Loader
    forced_game: str | None = None
    jobs: int = 1
    executor: str = "local"  # "local" (the process pool when jobs > 1) or "dask"
    scheduler: str | None = None  # a Dask scheduler address; None starts an in-process cluster
    #: accept a ``scheduler`` that is not ``tls://`` (unencrypted, unauthenticated)
    insecure_scheduler: bool = False
    chunk_records: int = 200  # records per task when a file is split here
    part_bytes: int = PART_BYTES  # bytes per task when the workers read a file a part each
    #: whether the workers send the records' tags (the reporter shows them: ``Reporter.uses_tags``)
    tags: bool = True
    #: seconds to wait for the ``scheduler`` to answer before :class:`ExecutorError`
    connect_timeout: float = 10.0
    #: the in-process Dask cluster serves its dashboard (on 127.0.0.1), announced
    dashboard: bool = False
    #: tells the user something about the run (the dashboard's address), on the status stream
    announce: Callable[[str], None] = lambda message: None


@dataclass(frozen=True, slots=True)
class FileSettings:
    """What applies to one file of a run (its configuration file's settings, :func:`run`'s
    ``settings``): the rules options, the selection of findings, and the game when it is named
    (``None``: detected)."""

    options: Options
    selection: Selection | None = None
    game: str | None = None


class ExecutorError(Exception):
    """The executor cannot start (a Dask scheduler that does not answer): one line to show."""


class Progress(Protocol):
    """What the runner tells a progress display: how much of the input is done, in input order."""

    def update(self, amount: int, records: int) -> None:
        """A task of the file being reported is done: ``amount`` (its weight) more of the file
        read, ``records`` reported in the run so far."""

    def file_done(self, records: int) -> None:
        """The file being reported is done (read whole, failed or found empty)."""


@dataclass(slots=True)
class _FileState:
    """What the parent knows about the file being reported."""

    path: str
    game: str | None
    findings: list[Finding] = field(default_factory=list)
    records: int = 0
    relative: str = ""  # what per-file ignores match (:attr:`Source.relative`)
    #: the selection of this file's findings (its configuration's, or the run's)
    selection: Selection | None = None
    #: a file read a part each: the parts planned, the part whose records come next (``None``:
    #: a worker read to the end), what the workers' decoders noticed
    planned_parts: int = 0
    next_part: int | None = 0
    decoder: LineDecoder | None = None
    #: the file's (size, modification time) when its reading was planned: the same at its end,
    #: or the file changed while it was read (``None``: not a file of the file system)
    stamp: tuple[int, int] | None = None
    #: the findings on its records reported so far, and those left out past the file's cap
    #: (:data:`~kifu.application.batch.delivery.MAX_FILE_FINDINGS`), by severity
    reported: int = 0
    withheld: dict[Severity, int] = field(default_factory=dict)
    #: records listed at most (a compressed file: :func:`~kifu.application.batch.delivery.listed_at_most`),
    #: and those past it, counted only (``None``: every record is listed)
    listed: int | None = None
    unlisted: int = 0
    #: the file's size on disk (a compressed file's compressed bytes)
    size: int = 0


@dataclass(slots=True)
class _Start:
    state: _FileState
    fmt: str | None


@dataclass(slots=True)
class _End:
    state: _FileState


@dataclass(slots=True)
class _Task:
    """Work for an executor: ``function(*arguments)`` returns the items of part of a file."""

    state: _FileState
    #: returns list[Item]; a group's task: list[list[Item]]; a part's task: PartRead[RecordReport]
    function: Callable[..., Any]
    arguments: tuple[Any, ...]
    weight: int
    #: records covered, as (index, line), so that a crashed worker can be reported per record
    covers: list[tuple[int, int]] = field(default_factory=list)
    #: small files sent to a worker together: the group's task (its result holds one list of
    #: items per file); ``part`` is this file's place in it
    group: _Group | None = None
    part: int = 0
    #: a group's task: the tasks of its files (to report each file if the group's worker dies)
    parts: list[_Task] = field(default_factory=list)
    #: the part of a large file this task reads (:func:`check_part_task`)
    file_part: Part | None = None


@dataclass(slots=True)
class _Group:
    """Small files checked by one worker task: one submission, then one result per file."""

    task: _Task
    handle: Any = None
    submitted: bool = False
    results: list[list[Item]] | None = None


_Job = _Start | _End | _Task


def stream_file_task(module: str, path: str | Source, fmt: str, options: Options) -> Iterator[Item]:
    """Check a whole file, yielding items as they come (in this process: memory stays flat);
    ``path`` is a :class:`Source` when it holds its content (the library API's text or bytes)."""
    game: Game[Any] = _module(module)
    try:
        yield from records.check_source(game, as_source(path), fmt, options)
    except SourceError as error:
        yield error.finding


def check_file_task(module: str, path: str | Source, fmt: str, options: Options) -> list[Item]:
    """Check a whole file (runs in a worker)."""
    return list(stream_file_task(module, path, fmt, options))


#: the game modules that tasks asked for, each once imported to its end
_MODULES: dict[str, Any] = {}


def _module(name: str) -> Any:
    """The game module a task names (imported in a worker the first time; a batch in this
    process asks for it once a file, where the import machinery costs more than the lookup).
    Not looked up in ``sys.modules``: a Dask worker's threads start at once, and one would find
    there the module that another is still importing (``import_module`` waits for it)."""
    module = _MODULES.get(name)
    if module is None:
        module = _MODULES[name] = importlib.import_module(name)
    return module


def as_source(path: str | Source) -> Source:
    """The source a task names: a file by its path (what a worker is sent), or a source itself."""
    return path if isinstance(path, Source) else Source(path)


def check_files_task(
    module: str, files: list[tuple[str, str]], options: Options, tags: bool = True
) -> list[list[Item]]:
    """Check small whole files, each ``(path, format)`` (runs in a worker): their items, file by
    file (``tags``: with the records' tags)."""
    return [_tagged(check_file_task(module, path, fmt, options), tags) for path, fmt in files]


def check_part_task(module: str, part: Part, options: Options, tags: bool = True) -> PartRead[RecordReport]:
    """Read and check one part of a large file (runs in a worker); its records are numbered
    from 1, the parent numbers them in the file (:func:`_part_items`)."""
    game: Any = _module(module)
    read: PartRead[Any] = game.part_records(part)
    reports = _tagged([records.check_record(game, record, options) for record in read.records], tags)
    return PartRead(reports, read.resume, read.counts, read.findings)


def check_chunk_task(module: str, chunk: records.Chunk, options: Options, tags: bool = True) -> list[Item]:
    """Check a chunk of records of a split file (runs in a worker)."""
    game: Game[Any] = _module(module)
    return _tagged(list(records.check_chunk(game, chunk, options)), tags)


def _tagged(items: list[Any], tags: bool) -> list[Any]:
    """``items``, their records' tags left out unless ``tags``: most of what a worker sends is
    tags, which a reporter that does not show them has no use for."""
    if not tags:
        for item in items:
            if isinstance(item, RecordReport):
                item.tags = {}
    return items


def _stamp(source: Source) -> tuple[int, int] | None:
    """``(size, modification time)`` of the file ``source`` reads; ``None`` for standard input,
    records in memory, or a file that cannot be examined (reported when it is read)."""
    if source.is_stdin or source.data is not None:
        return None
    try:
        status = os.stat(source.path)
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns
