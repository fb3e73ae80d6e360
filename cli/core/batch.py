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
"""

from __future__ import annotations

import gc
import importlib
import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, cast

from kifu.core import records
from kifu.core.findings import (
    INTERNAL_ERROR,
    IO_CHANGED,
    IO_NO_RECORDS,
    IO_UNKNOWN_GAME,
    IO_UNREADABLE,
    IO_UNSUPPORTED_GAME,
    Finding,
    internal_error,
)
from kifu.core.game import Game, Options, PartReader
from kifu.core.lines import LineDecoder
from kifu.core.parts import Part, PartRead
from kifu.core.paths import posix
from kifu.core.report import Reporter
from kifu.core.results import RecordReport, Totals
from kifu.core.selection import Selection
from kifu.core.sources import Source, SourceError, decompressing, display_path, looks_binary, open_binary

Detector = Callable[[Source, "str | None"], "tuple[str, str] | None"]
Loader = Callable[[str], "Game[Any] | None"]
Item = RecordReport | Finding


@dataclass(frozen=True, slots=True)
class Batch:
    """How to recognise and check sources, and where to compute."""

    detect: Detector
    load: Loader
    forced_game: str | None = None
    jobs: int = 1
    executor: str = "local"  # "local" (the process pool when jobs > 1) or "dask"
    scheduler: str | None = None  # a Dask scheduler address; None starts an in-process cluster
    chunk_records: int = 200  # records per task when a file is split here
    part_bytes: int = 192 << 10  # bytes per task when the workers read a file a part each
    #: whether the workers send the records' tags (the reporter shows them: ``Reporter.uses_tags``)
    tags: bool = True
    #: seconds to wait for the ``scheduler`` to answer before :class:`ExecutorError`
    connect_timeout: float = 10.0
    #: the in-process Dask cluster serves its dashboard (on 127.0.0.1), announced
    dashboard: bool = False
    #: tells the user something about the run (the dashboard's address), on the status stream
    announce: Callable[[str], None] = lambda message: None


class ExecutorError(Exception):
    """The executor cannot start (a Dask scheduler that does not answer): one line to show."""


class Progress(Protocol):
    """What the runner tells a progress display: how much of the input is done."""

    def update(self, amount: int) -> None: ...


# --- jobs ------------------------------------------------------------------------------------


@dataclass(slots=True)
class _FileState:
    """What the parent knows about the file being reported."""

    path: str
    game: str | None
    findings: list[Finding] = field(default_factory=list)
    records: int = 0
    relative: str = ""  # what per-file ignores match (:attr:`Source.relative`)
    #: a file read a part each: the parts planned, the part whose records come next (``None``:
    #: a worker read to the end), what the workers' decoders noticed
    planned_parts: int = 0
    next_part: int | None = 0
    decoder: LineDecoder | None = None
    #: the file's (size, modification time) when its reading was planned: the same at its end,
    #: or the file changed while it was read (``None``: not a file of the file system)
    stamp: tuple[int, int] | None = None


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


def stream_file_task(module: str, path: str, fmt: str, options: Options) -> Iterator[Item]:
    """Check a whole file, yielding items as they come (in this process: memory stays flat)."""
    game: Game[Any] = importlib.import_module(module)
    try:
        yield from records.check_source(game, Source(path), fmt, options)
    except SourceError as error:
        yield error.finding


def check_file_task(module: str, path: str, fmt: str, options: Options) -> list[Item]:
    """Check a whole file (runs in a worker)."""
    return list(stream_file_task(module, path, fmt, options))


def check_files_task(
    module: str, files: list[tuple[str, str]], options: Options, tags: bool = True
) -> list[list[Item]]:
    """Check small whole files, each ``(path, format)`` (runs in a worker): their items, file by
    file (``tags``: with the records' tags)."""
    return [_tagged(check_file_task(module, path, fmt, options), tags) for path, fmt in files]


def check_part_task(module: str, part: Part, options: Options, tags: bool = True) -> PartRead[RecordReport]:
    """Read and check one part of a large file (runs in a worker); its records are numbered
    from 1, the parent numbers them in the file (:func:`_part_items`)."""
    game: Any = importlib.import_module(module)
    read: PartRead[Any] = game.part_records(part)
    reports = _tagged([records.check_record(game, record, options) for record in read.records], tags)
    return PartRead(reports, read.resume, read.counts, read.findings)


def check_chunk_task(module: str, chunk: records.Chunk, options: Options, tags: bool = True) -> list[Item]:
    """Check a chunk of records of a split file (runs in a worker)."""
    game: Game[Any] = importlib.import_module(module)
    return _tagged(list(records.check_chunk(game, chunk, options)), tags)


def _tagged(items: list[Any], tags: bool) -> list[Any]:
    """``items``, their records' tags left out unless ``tags``: most of what a worker sends is
    tags, which a reporter that does not show them has no use for."""
    if not tags:
        for item in items:
            if isinstance(item, RecordReport):
                item.tags = {}
    return items


def _plan(
    items: Iterable[Source | tuple[str, Finding]],
    batch: Batch,
    options: Options,
    split: bool,
    ready: Callable[[], None] = lambda: None,
) -> Iterator[_Job]:
    """The jobs of every item in input order. When workers share the work (``split``), small
    files sent whole are grouped, up to :data:`GROUP_FILES` files or :data:`WHOLE_FILE` bytes,
    into one task: a run over many one-game files does not pay a worker round trip per file.
    ``ready`` is called before this process reads a file to split it (the executor's
    :meth:`~_Executor.ready`)."""
    waiting: list[_Job] = []  # the jobs of the files of the group being gathered, in order
    tasks = weight = 0  # the tasks among them, and their weight
    for item in items:
        if isinstance(item, tuple):
            state = _FileState(item[0], None, [item[1]], relative=posix(item[0]))
            waiting += (_Start(state, None), _End(state))
            continue
        jobs = iter(_plan_source(item, batch, options, split, ready))
        for job in jobs:
            if isinstance(job, _Task):
                if not split or job.function is not check_file_task:
                    # a file streamed or split into tasks: as it comes
                    yield from _grouped(waiting, batch.tags)
                    waiting, tasks, weight = [], 0, 0
                    yield job
                    yield from jobs
                    break
                tasks += 1
                weight += job.weight
            waiting.append(job)
        if not split or tasks >= GROUP_FILES or weight >= WHOLE_FILE or len(waiting) >= 4 * GROUP_FILES:
            yield from _grouped(waiting, batch.tags)
            waiting, tasks, weight = [], 0, 0
    yield from _grouped(waiting, batch.tags)


#: at most this many small files in one worker task
GROUP_FILES = 16


def _grouped(jobs: list[_Job], tags: bool) -> list[_Job]:
    """``jobs`` with their whole-file tasks of one game made parts of one group task (by game;
    ``tags``: the workers send the records' tags)."""
    by_module: dict[str, list[_Task]] = {}
    for job in jobs:
        if isinstance(job, _Task):
            by_module.setdefault(job.arguments[0], []).append(job)
    for module, tasks in by_module.items():
        if len(tasks) < 2:
            continue
        options = tasks[0].arguments[3]
        files = [(task.arguments[1], task.arguments[2]) for task in tasks]
        weight = sum(task.weight for task in tasks)
        arguments = (module, files, options, tags)
        group = _Group(_Task(tasks[0].state, check_files_task, arguments, weight, parts=tasks))
        for part, task in enumerate(tasks):
            task.group, task.part = group, part
    return jobs


def _plan_source(
    source: Source, batch: Batch, options: Options, split: bool, ready: Callable[[], None]
) -> Iterator[_Job]:
    relative = source.relative
    stamp = _stamp(source)
    try:
        detected = batch.detect(source, batch.forced_game)
    except SourceError as error:
        state = _FileState(source.path, None, [error.finding], relative=relative)
        yield _Start(state, None)
        yield _End(state)
        return
    if detected is None:
        finding = IO_UNKNOWN_GAME(f"cannot tell which game {source.path} records; use --game")
        state = _FileState(source.path, None, [finding], relative=relative)
        yield _Start(state, None)
        yield _End(state)
        return
    game, fmt = detected
    state = _FileState(source.path, game, relative=relative, stamp=stamp)
    yield _Start(state, fmt)
    package = batch.load(game)
    if package is None:
        state.findings.append(
            IO_UNSUPPORTED_GAME(f"{game} records ({fmt}) cannot be read by this version of kifu")
        )
        yield _End(state)
        return
    module = package.__name__
    weight = _size(source)
    pieces = _parts(source, package, batch) if split and weight > WHOLE_FILE else None
    if pieces is not None:
        ready()
        try:
            for piece in pieces:
                state.planned_parts += 1
                arguments = (module, piece, options, batch.tags)
                yield _Task(state, check_part_task, arguments, piece.end - piece.start, file_part=piece)
        except OSError as error:
            state.findings.append(IO_UNREADABLE(f"cannot read {source.path}: {error}"))
    elif split and (source.data is not None or source.is_stdin or source.compressed or weight > WHOLE_FILE):
        ready()
        try:
            for part in records.chunks(package, source, fmt, options, batch.chunk_records):
                if isinstance(part, Finding):
                    state.findings.append(part)
                else:
                    yield _Task(
                        state,
                        check_chunk_task,
                        (module, part, options, batch.tags),
                        part.weight,
                        part.covers(),
                    )
        except SourceError as error:
            state.findings.append(error.finding)
        except Exception as error:  # a bug in the splitter: say so, go on with the next file
            state.findings.append(internal_error(error, f"while reading {source.path}"))
    else:  # one task for the file: in this process, or a small file read by the worker itself
        yield _Task(state, check_file_task, (module, source.path, fmt, options), weight)
    yield _End(state)


#: Files up to this size go to a worker whole (it reads, splits and checks them): this process
#: then only detects their game, and a run over many small files (Go archives hold one game a
#: file) does not read and send every record from here. Larger files are split into chunks of
#: records, so that the workers share one big file.
WHOLE_FILE = 256 << 10


def _parts(source: Source, package: Game[Any], batch: Batch) -> Iterator[Part] | None:
    """The parts of ``source`` that the workers read each (:mod:`kifu.core.parts`), or ``None``
    for the chunks of records read here: a compressed, binary-looking or piped file, a game
    that cannot be cut so, Dask (whose workers may not see the file), or a file larger than
    four parts with no place to cut it (one part would leave the other workers idle)."""
    if not hasattr(package, "cut_parts") or batch.executor != "local":
        return None
    if source.data is not None or source.is_stdin or source.compressed:
        return None
    reader = cast("PartReader[Any]", package)
    try:
        with open_binary(source) as stream:
            head = stream.peek(4096)[:4096] if hasattr(stream, "peek") else b""
            if decompressing(stream) or looks_binary(head):
                return None
        pieces = reader.cut_parts(source.path, batch.part_bytes)
        first = next(pieces)
    except (SourceError, OSError, StopIteration):
        return None  # reported when the file is read
    if first.last and first.end > 4 * batch.part_bytes:
        return None
    return itertools.chain([first], pieces)


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


def _size(source: Source) -> int:
    try:
        return 0 if source.is_stdin else os.path.getsize(source.path)
    except OSError:
        return 0


# --- executors -------------------------------------------------------------------------------


class _Executor(Protocol):
    window: int

    def submit(self, task: _Task) -> Any: ...

    def result(self, handle: Any, task: _Task) -> Iterable[Item]: ...

    def ready(self) -> None:
        """Start the workers now if they are not running: this process is about to read a large
        file, and a worker forked later would count its pages (shared, but in its RSS)."""

    def close(self) -> None: ...


class _InProcess:
    """Computes each task in this process, lazily: a whole file streams record by record."""

    window = 1

    def submit(self, task: _Task) -> Any:
        return task

    def result(self, handle: Any, task: _Task) -> Iterable[Item]:
        if task.function is check_file_task:
            return _guarded_stream(stream_file_task(*task.arguments), task)
        return _guarded(task)

    def ready(self) -> None:
        pass

    def close(self) -> None:
        pass


class _ProcessPool:
    """A pool of worker processes; a worker that dies is reported and replaced."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.window = jobs * 4
        self.pool = self._start()

    def _start(self) -> Any:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        return ProcessPoolExecutor(max_workers=self.jobs, mp_context=context)

    def submit(self, task: _Task) -> Any:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self.pool, self.pool.submit(task.function, *task.arguments)
        except BrokenProcessPool:  # a worker died, and the pool knew it before a result told us
            self._restart(self.pool)
            return self.pool, self.pool.submit(task.function, *task.arguments)

    def ready(self) -> None:
        # What is imported by now (the game's modules, its tables, its grammar) lives as long as
        # the process: frozen, the collector passes it over, here and in every worker forked
        # from here, whose pages it then leaves shared (Python's advice for forking servers).
        gc.freeze()
        self.pool.submit(int)  # a pool forks all its workers at its first task (fork context)

    def result(self, handle: Any, task: _Task) -> Any:
        """The task's items (a :class:`PartRead` for a part's task). When a worker died, every
        task in flight fails with it: each is tried once more in a fresh pool (a group's files
        one by one), so that only the task that kills a worker is reported."""
        from concurrent.futures.process import BrokenProcessPool

        pool, future = handle
        try:
            result: list[Any] = future.result()
            return result
        except BrokenProcessPool:
            self._restart(pool)
            if task.parts:
                return [self._again(part) for part in task.parts]
            return self._again(task)
        except Exception as error:
            return _crashed(task, error)

    def _again(self, task: _Task) -> Any:
        """The task's items from a second try; a worker dying again is reported on the task."""
        from concurrent.futures.process import BrokenProcessPool

        pool, future = self.submit(task)
        try:
            result: list[Any] = future.result()
            return result
        except BrokenProcessPool as error:
            self._restart(pool)
            return _crashed(task, error, every_record=True)
        except Exception as error:
            return _crashed(task, error)

    def _restart(self, broken: Any) -> None:
        """A fresh pool in place of ``broken``. Its futures are left to fail with it (not
        cancelled), so that :meth:`result` tries each again in the fresh pool."""
        if broken is self.pool:
            self.pool.shutdown(wait=False)
            self.pool = self._start()

    def close(self) -> None:
        self.pool.shutdown()


class _Dask:
    """Tasks on a Dask cluster (``--executor dask``): the same functions, batches of records.

    Without a scheduler, the cluster is in this process and private: its scheduler and worker
    talk in memory (``inproc``), and the HTTP server Dask gives every node listens on 127.0.0.1
    only, serving nothing unless ``dashboard`` (then the scheduler's dashboard, announced)."""

    def __init__(self, batch: Batch) -> None:
        from distributed import Client  # the dask extra; the command checks that it is installed

        jobs = max(batch.jobs, 1)
        self.window = jobs * 4
        client: Any = Client
        if batch.scheduler:
            try:
                self.client = client(batch.scheduler, timeout=batch.connect_timeout)
            except Exception as error:  # (OSError on a timeout, ValueError on a bad address…)
                reason = " ".join(str(error).split()) or (
                    f"{type(error).__name__} (is a Dask scheduler at this address?)"
                )
                raise ExecutorError(
                    f"cannot connect to the Dask scheduler {batch.scheduler} "
                    f"(--connect-timeout {batch.connect_timeout:g} s): {reason}"
                ) from None
            return
        self.client = client(_private_cluster(jobs, batch.dashboard))
        if batch.dashboard:
            port = self.client.scheduler_info()["services"]["dashboard"]
            batch.announce(f"Dask dashboard at http://127.0.0.1:{port}/status")

    def submit(self, task: _Task) -> Any:
        return self.client.submit(task.function, *task.arguments, pure=False)

    def result(self, handle: Any, task: _Task) -> list[Item]:
        try:
            result: list[Item] = handle.result()
            return result
        except Exception as error:
            crashed: list[Item] = _crashed(task, error)
            return crashed

    def ready(self) -> None:
        pass

    def close(self) -> None:
        cluster = self.client.cluster
        self.client.close()
        if cluster is not None:
            cluster.close()


#: where the in-process cluster's nodes serve HTTP: loopback, a free port
_LOOPBACK = "127.0.0.1:0"


def _private_cluster(jobs: int, dashboard: bool) -> Any:
    """An in-process Dask cluster of one worker of ``jobs`` threads, on no network.

    Its nodes talk in memory (``inproc``: no port to connect to, so no other user of the
    machine can send it work); Dask still starts an HTTP server for each node (health, metrics,
    /info pages), which listens on 127.0.0.1 only and has no routes unless ``dashboard``."""
    import dask
    from distributed import LocalCluster as Cluster
    from distributed import Worker

    class LoopbackWorker(Worker):
        """A worker whose HTTP server listens on loopback (LocalCluster gives it every interface)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.update(dashboard=False, dashboard_address=_LOOPBACK)
            super().__init__(*args, **kwargs)

    routes: dict[str, Any] = {"distributed.worker.http.routes": []}
    if not dashboard:
        routes["distributed.scheduler.http.routes"] = []
    with dask.config.set(routes):
        local: Any = Cluster  # (untyped)
        cluster: Any = local(
            processes=False,
            protocol="inproc://",
            n_workers=1,
            threads_per_worker=jobs,
            worker_class=LoopbackWorker,
            dashboard_address="127.0.0.1:8787" if dashboard else _LOOPBACK,
            scheduler_kwargs={"dashboard": dashboard},
        )
    return cluster


def _guarded_stream(items: Iterator[Item], task: _Task) -> Iterator[Item]:
    try:
        yield from items
    except Exception as error:  # a bug in a checker: report it on the file, go on
        yield from _crashed(task, error)


def _guarded(task: _Task) -> list[Item]:
    try:
        items: list[Item] = task.function(*task.arguments)
    except Exception as error:
        items = _crashed(task, error)
    return items


def _crashed(task: _Task, error: BaseException, every_record: bool = False) -> Any:
    """A task that failed as a whole: one KIFU001 per record it covered (or for the file); for a
    group's task, such a list for each of its files; for a part's, a :class:`PartRead` of them.

    ``every_record``: the task reported nothing (its worker died), so a whole file sent to a
    worker has its records read here, to name each one it holds.
    """
    if task.parts:
        return [_crashed(part, error, every_record) for part in task.parts]
    if task.file_part is not None:
        return _part_crashed(task.arguments[0], task.state.path, task.file_part, error)
    if every_record and not task.covers and task.function is check_file_task:
        task.covers = _records_of(*task.arguments)
    if not task.covers:
        return [internal_error(error, f"while checking {task.state.path}")]
    return _crash_reports(task.covers, error)


def _crash_reports(covers: list[tuple[int, int]], error: BaseException) -> list[RecordReport]:
    """A report with a KIFU001 finding for each record of ``covers``, as ``(index, line)``."""
    return [
        RecordReport(index, line, findings=[records.crashed(error, "checking", index, line)])
        for index, line in covers
    ]


def _part_crashed(
    module: str, path: str, part: Part, error: BaseException
) -> PartRead[RecordReport] | list[Item]:
    """A part whose task failed: a KIFU001 on each of its records, read here (and the part the
    file goes on with); one on the file if they cannot be read."""
    try:
        read: PartRead[Any] = importlib.import_module(module).part_records(part)
    except Exception:
        return [internal_error(error, f"while checking {path} from line {part.line}")]
    reports = _crash_reports([(record.index, record.line) for record in read.records], error)
    return PartRead(reports, read.resume, read.counts, read.findings)


def _records_of(module: str, path: str, fmt: str, options: Options) -> list[tuple[int, int]]:
    """``(index, line)`` of each record of a file (read, not parsed), or none if it cannot be read."""
    try:
        game: Game[Any] = importlib.import_module(module)
        items = records.guarded_records(game, Source(path), fmt, options)
        return [(item.index, item.line) for item in items if not isinstance(item, Finding)]
    except Exception:
        return []


def _executor(batch: Batch) -> _Executor:
    if batch.executor == "dask":
        return _Dask(batch)
    if batch.jobs > 1:
        return _ProcessPool(batch.jobs)
    return _InProcess()


def _ordered(jobs: Iterator[_Job], executor: _Executor) -> Iterator[tuple[_Job, Iterable[Item]]]:
    """Submit tasks ahead (at most ``executor.window`` in flight); yield results in order."""
    pending: deque[tuple[_Job, Any, bool]] = deque()  # (job, handle, counted in flight)
    in_flight = 0
    for job in jobs:
        if not isinstance(job, _Task):
            pending.append((job, None, False))
        elif job.group is None:
            pending.append((job, executor.submit(job), True))
            in_flight += 1
        elif not job.group.submitted:  # a group is submitted once, with its first file
            job.group.handle, job.group.submitted = executor.submit(job.group.task), True
            pending.append((job, job.group.handle, True))
            in_flight += 1
        else:
            pending.append((job, job.group.handle, False))
        while pending and (in_flight > executor.window or not isinstance(pending[0][0], _Task)):
            head, handle, counted = pending.popleft()
            if isinstance(head, _Task):
                in_flight -= counted
                yield head, _result(executor, handle, head)
            else:
                yield head, []
    while pending:
        head, handle, _ = pending.popleft()
        yield head, _result(executor, handle, head) if isinstance(head, _Task) else []


def _result(executor: _Executor, handle: Any, task: _Task) -> Iterable[Item]:
    """The items of ``task``: its own result, or its file's part of its group's result."""
    group = task.group
    if group is None:
        return executor.result(handle, task)
    if group.results is None:
        group.results = list(executor.result(handle, group.task))  # type: ignore[arg-type]
    return group.results[task.part]


# --- the run ---------------------------------------------------------------------------------


def run(
    items: Iterable[Source | tuple[str, Finding]],
    batch: Batch,
    options: Options,
    reporter: Reporter,
    progress: Progress | None = None,
    selection: Selection | None = None,
) -> Totals:
    """Check every source, report results in input order as they arrive, return the totals.

    ``selection`` drops and re-grades findings here, where the totals are made, so that every
    reporter sees the same findings and the totals count the ignored ones.
    """
    if selection is not None and not selection.active:
        selection = None
    totals = Totals()
    batch = replace(batch, tags=reporter.uses_tags)
    executor = _executor(batch)  # before the report begins: one that cannot start reports nothing
    split = batch.jobs > 1 or batch.executor == "dask"
    try:
        reporter.begin()
        for job, result in _ordered(_plan(items, batch, options, split, executor.ready), executor):
            if isinstance(job, _Start):
                totals.files += 1
                reporter.begin_file(display_path(job.state.path), job.state.game, job.fmt)
            elif isinstance(job, _Task):
                delivered = result if job.file_part is None else _part_items(job.state, job.file_part, result)
                _deliver(job.state, delivered, reporter, totals, selection)
                if progress is not None:
                    progress.update(job.weight)
            else:
                _end_file(job.state, reporter, totals, selection)
    finally:
        executor.close()
    reporter.end(totals)
    return totals


def _select(
    state: _FileState, findings: list[Finding], totals: Totals, selection: Selection | None
) -> list[Finding]:
    if selection is None:
        return findings
    kept, ignored = selection.apply(state.relative, findings)
    totals.ignore(ignored)
    return kept


def _deliver(
    state: _FileState, items: Iterable[Item], reporter: Reporter, totals: Totals, selection: Selection | None
) -> None:
    for item in items:
        if isinstance(item, RecordReport):
            state.records += 1
            totals.records += 1
            item.findings = _select(state, item.findings, totals, selection)
            totals.add(item.findings)
            reporter.record(_displayed(state.path, item) if _undisplayable(state.path) else item)
        else:
            state.findings.append(item)


def _part_items(state: _FileState, part: Part, result: Iterable[Item] | PartRead[RecordReport]) -> list[Item]:
    """The items of a part's task, its records numbered in the file; none when the worker of an
    earlier part read through this one (:mod:`kifu.core.parts`)."""
    if part.number != state.next_part:
        return []
    if not isinstance(result, PartRead):  # the task failed as a whole: reported; on with the next part
        state.next_part = None if part.last else part.number + 1
        return list(result)
    state.next_part = result.resume
    if state.decoder is None:
        state.decoder = LineDecoder()
    state.decoder.add(result.counts)
    before = state.records
    return [*(_numbered(report, before) for report in result.records), *result.findings]


def _numbered(report: RecordReport, before: int) -> RecordReport:
    """``report`` of a record numbered in its part, numbered in the file (``before`` records
    precede the part), the crash guard's message included (:func:`kifu.core.records.guarded`)."""
    if before:
        written = records.record_at(report.index, report.line)
        report.index += before
        numbered = records.record_at(report.index, report.line)
        report.findings = [
            replace(f, message=f.message.replace(written, numbered, 1))
            if f.code == INTERNAL_ERROR.code
            else f
            for f in report.findings
        ]
    return report


def _end_file(state: _FileState, reporter: Reporter, totals: Totals, selection: Selection | None) -> None:
    if state.decoder is not None:  # what the decoders of the parts noticed, as one decoder says it
        state.decoder.finish(state.path)
        state.findings += state.decoder.findings
    # a worker went on to a part this process did not cut, or the file's size or time moved
    if state.stamp is not None or state.planned_parts:
        unfinished = bool(state.planned_parts) and state.next_part is not None
        if unfinished or (state.stamp is not None and _stamp(Source(state.path)) != state.stamp):
            state.findings.append(
                IO_CHANGED(
                    f"{state.path} changed while it was read: records may be missing from this "
                    "report, or be read from two versions of the file; check it again"
                )
            )
    findings = state.findings
    if (
        state.game is not None
        and state.records == 0
        and not any(f.severity >= IO_NO_RECORDS.severity for f in findings)
    ):
        findings.append(IO_NO_RECORDS(f"no {state.game} records found in {state.path}"))
    findings = _select(state, findings, totals, selection)
    totals.add(findings)
    if _undisplayable(state.path):
        findings = [_displayed_finding(state.path, finding) for finding in findings]
    reporter.end_file(findings)


def _undisplayable(path: str) -> bool:
    """A file name that is not UTF-8 (it holds surrogate escapes): shown escaped in every format."""
    return not path.isascii() and display_path(path) != path


def _displayed_finding(path: str, finding: Finding) -> Finding:
    return replace(finding, message=finding.message.replace(path, display_path(path)))


def _displayed(path: str, report: RecordReport) -> RecordReport:
    report.findings = [_displayed_finding(path, finding) for finding in report.findings]
    return report
