"""Planning a batch run: the stream of jobs in input order, a file cut into tasks when workers
share the work (parts of its bytes, chunks of records, small files grouped).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

from kifu.application.batch.delivery import listed_at_most
from kifu.application.batch.jobs import (
    Batch,
    FileSettings,
    _End,
    _FileState,
    _Group,
    _Job,
    _stamp,
    _Start,
    _Task,
    check_chunk_task,
    check_file_task,
    check_files_task,
    check_part_task,
)
from kifu.core import records
from kifu.core.findings import (
    IO_UNKNOWN_GAME,
    IO_UNREADABLE,
    IO_UNSUPPORTED_GAME,
    Finding,
    internal_error,
)
from kifu.core.game import Game, Options, PartReader
from kifu.core.parts import Part
from kifu.core.paths import posix
from kifu.core.sources import Source, SourceError, decompressing, looks_binary, open_binary


def _plan(
    items: Iterable[Source | tuple[str, Finding]],
    batch: Batch,
    options: Options,
    split: bool,
    ready: Callable[[], None] = lambda: None,
    settings: Callable[[Source], FileSettings] | None = None,
) -> Iterator[_Job]:
    """The jobs of every item in input order; ``settings`` says what applies to each file
    (default: ``options`` and the batch's game to all). When workers share the work (``split``), small
    files sent whole are grouped, up to :data:`GROUP_FILES` files or :data:`WHOLE_FILE` bytes (a
    part's, ``batch.part_bytes``, where that is more), into one task: a run over many one-game
    files does not pay a worker round trip per file.
    ``ready`` is called before this process reads a file to split it (the executor's
    :meth:`~_Executor.ready`)."""
    waiting: list[_Job] = []  # the jobs of the files of the group being gathered, in order
    # (a group weighs up to a part of a large file if that is more: 1 MiB on a Dask cluster,
    # whose task costs more; 200 files of 200 KB are then 34 tasks rather than 100)
    group_bytes = max(WHOLE_FILE, batch.part_bytes)
    tasks = weight = 0  # the tasks among them, and their weight
    for item in items:
        if isinstance(item, tuple):
            state = _FileState(item[0], None, [item[1]], relative=posix(item[0]))
            waiting += (_Start(state, None), _End(state))
            continue
        own = settings(item) if settings is not None else FileSettings(options, None, batch.forced_game)
        jobs = iter(_plan_source(item, batch, own, split, ready))
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
        if not split or tasks >= GROUP_FILES or weight >= group_bytes or len(waiting) >= 4 * GROUP_FILES:
            yield from _grouped(waiting, batch.tags)
            waiting, tasks, weight = [], 0, 0
    yield from _grouped(waiting, batch.tags)


#: at most this many small files in one worker task
GROUP_FILES = 16


def _grouped(jobs: list[_Job], tags: bool) -> list[_Job]:
    """``jobs`` with their whole-file tasks of one game made parts of one group task (by game;
    ``tags``: the workers send the records' tags)."""
    by_module: dict[tuple[str, int], list[_Task]] = {}
    for job in jobs:
        if isinstance(job, _Task):  # files under different settings go to different tasks
            by_module.setdefault((job.arguments[0], id(job.arguments[3])), []).append(job)
    for (module, _), tasks in by_module.items():
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
    source: Source, batch: Batch, settings: FileSettings, split: bool, ready: Callable[[], None]
) -> Iterator[_Job]:
    relative = source.relative
    stamp = _stamp(source)
    options, selection = settings.options, settings.selection
    try:
        detected = batch.detect(source, settings.game)
    except SourceError as error:
        state = _FileState(source.path, None, [error.finding], relative=relative, selection=selection)
        yield _Start(state, None)
        yield _End(state)
        return
    if detected is None:
        finding = IO_UNKNOWN_GAME(f"cannot tell which game {source.path} records; use --game")
        state = _FileState(source.path, None, [finding], relative=relative, selection=selection)
        yield _Start(state, None)
        yield _End(state)
        return
    game, fmt = detected
    state = _FileState(source.path, game, relative=relative, stamp=stamp, selection=selection)
    if source.compressed and stamp is not None:
        state.size, state.listed = stamp[0], listed_at_most(stamp[0])
    yield _Start(state, fmt)
    package = batch.load(game)
    if package is None:
        state.findings.append(
            IO_UNSUPPORTED_GAME(f"{game} records ({fmt}) cannot be read by this version of kifu")
        )
        yield _End(state)
        return
    module = package.__name__
    weight = stamp[0] if stamp is not None else _size(source)  # (one stat a file, not two)
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
        named = source.path if source.data is None else source  # (a worker is sent the path only)
        yield _Task(state, check_file_task, (module, named, fmt, options), weight)
    yield _End(state)


#: Files up to this size go to a worker whole (it reads, splits and checks them): this process
#: then only detects their game, and a run over many small files (Go archives hold one game a
#: file) does not read and send every record from here. Larger files are split into chunks of
#: records, so that the workers share one big file.
WHOLE_FILE = 256 << 10


def _parts(source: Source, package: Game[Any], batch: Batch) -> Iterator[Part] | None:
    """The parts of ``source`` that the workers read each (:mod:`kifu.core.parts`), or ``None``
    for the chunks of records read here: a compressed, binary-looking or piped file, a game
    that cannot be cut so, or a file larger than four parts with no place to cut it (one part
    would leave the other workers idle). Dask's workers read parts too, as they open small
    files: splitting the records here cost this process 2.2 s of CPU for 10 MB of PGN (1.05 s
    all told with parts), taken from the workers' cores when they share them (docs/ci.md)."""
    if not hasattr(package, "cut_parts"):
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


def _size(source: Source) -> int:
    try:
        return 0 if source.is_stdin else os.path.getsize(source.path)
    except OSError:
        return 0
