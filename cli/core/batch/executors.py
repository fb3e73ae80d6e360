"""The executors of a batch run (this process, a pool of processes, Dask), keeping a bounded
window of tasks in flight, in input order; a task whose worker crashed becomes KIFU001
findings on the records it covered (crash recovery).

A Dask cluster is not trusted with this process: its workers send each task's result as plain
data, JSON text that is read back and checked against the task (:func:`plain_task`,
:func:`read_result`), and while a remote scheduler is connected nothing it sends is unpickled
here (:class:`_PickleRefusal`); it is reached over ``tls://`` unless ``--insecure-scheduler``.
"""

from __future__ import annotations

import gc
import importlib
import io
import json
import pickle
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from typing import Any, Protocol, TypeVar

from kifu.core import records
from kifu.core.batch.jobs import (
    Batch,
    ExecutorError,
    Item,
    _Job,
    _Task,
    as_source,
    check_chunk_task,
    check_file_task,
    check_files_task,
    check_part_task,
    stream_file_task,
)
from kifu.core.findings import (
    Assumption,
    Finding,
    Severity,
    internal_error,
)
from kifu.core.game import Game, Options
from kifu.core.parts import Part, PartRead
from kifu.core.record import Span
from kifu.core.results import RecordReport
from kifu.core.sources import Source


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
    only, serving nothing unless ``dashboard`` (then the scheduler's dashboard, announced).
    With one (``remote``), the connection needs ``tls://`` (:func:`_remote_security`), each
    task is run by :func:`plain_task` and its answer read by :func:`read_result`, and this
    process refuses every pickle while it is connected (:class:`_PickleRefusal`)."""

    def __init__(self, batch: Batch) -> None:
        from distributed import Client  # the dask extra; the command checks that it is installed

        jobs = max(batch.jobs, 1)
        self.window = jobs * 4
        self.remote = bool(batch.scheduler)
        self.refusal = ExitStack()
        client: Any = Client
        if batch.scheduler:
            security = _remote_security(batch.scheduler, batch.insecure_scheduler)
            self.refusal.enter_context(_REFUSAL)  # before the first message: the handshake's
            try:
                self.client = client(
                    batch.scheduler,
                    timeout=batch.connect_timeout,
                    security=security,
                    # what this client takes from the scheduler's replies: msgpack's plain data
                    # (and "error", the text of what a node could not serialise), no pickle
                    deserializers=["msgpack", "error"],
                    direct_to_workers=False,  # (to no address that the scheduler names)
                )
            except Exception as error:  # (OSError on a timeout, ValueError on a bad address…)
                self.refusal.close()
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
        if self.remote:
            return self.client.submit(plain_task, task.function, *task.arguments, pure=False)
        return self.client.submit(task.function, *task.arguments, pure=False)

    def result(self, handle: Any, task: _Task) -> Any:
        """The task's items (a remote worker's read from its plain data); a task that failed, or
        whose answer is not what was asked, is reported on its records."""
        try:
            answer = handle.result()
            return read_result(answer, task) if self.remote else answer
        except Exception as error:
            return _crashed(task, _remote_failure(error) if self.remote else error)

    def ready(self) -> None:
        pass

    def close(self) -> None:
        cluster = self.client.cluster
        try:
            self.client.close()
            if cluster is not None:
                cluster.close()
        finally:
            self.refusal.close()


def _remote_security(address: str, insecure: bool) -> Any:
    """The Dask ``Security`` (from Dask's configuration) to reach the scheduler at ``address``.

    Raises :class:`ExecutorError` for an address that is not ``tls://`` (``tcp://``, or no
    scheme: Dask's default, tcp), unless ``insecure``; and for a ``tls://`` one when Dask's
    configuration lacks what its TLS needs here: a CA and this client's certificate."""
    from distributed import Security

    security: Any = Security()  # (reads distributed.comm.tls.* and require-encryption)
    scheme = address.partition("://")[0].lower() if "://" in address else ""
    if scheme == "tls":
        if not (security.tls_ca_file and security.tls_client_cert):
            raise ExecutorError(
                f"--scheduler {address} needs Dask's TLS configuration: distributed.comm.tls.ca-file and "
                "distributed.comm.tls.client.cert (and .key), in a Dask configuration file or "
                "DASK_DISTRIBUTED__COMM__TLS__CA_FILE, DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT and "
                "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY (docs/ci.md)"
            )
    elif not insecure:
        plain = f"{scheme}://" if scheme else "an address without a scheme (tcp://)"
        raise ExecutorError(
            f"--scheduler {address}: {plain} is neither encrypted nor authenticated; give a tls:// "
            "address (with Dask's TLS configuration: docs/ci.md), or --insecure-scheduler on a "
            "trusted network"
        )
    return security


def _remote_failure(error: Exception) -> Exception:
    """``error`` as this process reports a task of a remote cluster that failed, in one line: an
    error the cluster sent pickled is not loaded (Dask's client then holds its bytes), and is
    said so, not shown; a refused answer is named by the first line of Dask's message."""
    if isinstance(error, (WorkerError, ResultError)):
        return error
    if type(error) is Exception and error.args and isinstance(error.args[0], (bytes, bytearray)):
        return WorkerError("the task failed on the Dask cluster (its error, pickled, was not loaded)")
    first = str(error).strip().partition("\n")[0]
    return WorkerError(f"{type(error).__name__}: {first}" if first else type(error).__name__)


class RefusedPickle(pickle.UnpicklingError, TypeError):
    """A pickle from a Dask cluster that would have made an object of kifu's or any library's
    (and so run code of the sender's choosing). A TypeError too: what Dask's client expects of
    a task's traceback that it cannot load (it then reports the task's error without it)."""


#: the only globals a pickle from a remote cluster may name: the types Dask sends of a result
#: (key-in-memory: kifu's results are text) and of a task's error (bytes, loaded no further)
_PLAIN_GLOBALS = frozenset({("builtins", "str"), ("builtins", "bytes")})


class _PlainUnpickler(pickle.Unpickler):
    """Unpickles plain data only: a pickle that names any other global is refused."""

    def find_class(self, module: str, name: str, /) -> Any:
        if (module, name) in _PLAIN_GLOBALS:
            return super().find_class(module, name)
        raise RefusedPickle(f"kifu loads no {module}.{name} from a Dask cluster")


def _plain_loads(data: Any, *, buffers: Any = ()) -> Any:
    """``distributed.protocol.pickle.loads`` while :class:`_PickleRefusal` is in force."""
    return _PlainUnpickler(io.BytesIO(data), buffers=buffers).load()


class _PickleRefusal:
    """While in force, Dask unpickles nothing in this process but plain data (:func:`_plain_loads`).

    Dask's client loads pickles whatever its ``deserializers``: a message's ``__Pickled__``
    parts (``distributed.protocol.core.loads``), the ``pickle`` and ``dask`` serialisers on the
    scheduler's stream, the type of each result (``key-in-memory``), a task's exception and
    traceback (``clean_exception``), and the ``warn`` events of workers (with the standard
    ``pickle``). Each but the last goes through ``distributed.protocol.pickle.loads``, which is
    replaced wherever a module of Dask holds it; the client of a remote scheduler subscribes to
    no events (``print`` ones would also write on this process's standard output). Dask has no
    setting for either. The refusal is for the whole process, and nested: a remote scheduler's
    client is the only Dask node of a kifu run (a cluster of this process needs its pickles)."""

    def __init__(self) -> None:
        self.depth = 0
        self.original: object = None  # Dask's loads
        self.events: dict[str, Any] = {}

    def __enter__(self) -> None:
        self.depth += 1
        if self.depth > 1:
            return
        import distributed.protocol.pickle as dask_pickle
        from distributed import Client

        self.original = dask_pickle.loads
        _replace(self.original, _plain_loads)
        self.events = Client._default_event_handlers
        Client._default_event_handlers = {}

    def __exit__(self, *exception: object) -> None:
        self.depth -= 1
        if self.depth:
            return
        from distributed import Client

        Client._default_event_handlers = self.events
        _replace(_plain_loads, self.original)  # (in a module imported meanwhile too)


_REFUSAL = _PickleRefusal()


def _replace(old: object, new: object) -> None:
    """Every reference to ``old`` in a module of Dask's ``distributed``, made ``new``."""
    for name, module in list(sys.modules.items()):
        if module is not None and (name == "distributed" or name.startswith("distributed.")):
            for attribute, value in list(vars(module).items()):
                if value is old:
                    setattr(module, attribute, new)


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

    class LoopbackWorker(Worker):  # type: ignore[misc]  # (Dask is untyped here: pyproject.toml)
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


def _records_of(module: str, path: str | Source, fmt: str, options: Options) -> list[tuple[int, int]]:
    """``(index, line)`` of each record of a file (read, not parsed), or none if it cannot be read."""
    try:
        game: Game[Any] = importlib.import_module(module)
        items = records.guarded_records(game, as_source(path), fmt, options)
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


# --- results as plain data ------------------------------------------------------------------

T = TypeVar("T")

#: what a task gives: its items; a group's, one list of items per file; a part's, a PartRead
Result = list[Item] | list[list[Item]] | PartRead[RecordReport]


#: the characters of a worker's error that are reported (on each record of its task)
_LONGEST_ERROR = 1000


class WorkerError(Exception):
    """The task raised an exception on the worker (its type, message and place, as text)."""


class ResultError(Exception):
    """A worker's answer that is not the plain data of the result of the task asked."""


def plain_task(function: Callable[..., Any], *arguments: Any) -> str:
    """``function(*arguments)`` (a task of :mod:`~kifu.core.batch.jobs`) as JSON text:
    ``{"result": …}``, or ``{"error": "ValueError: … at file.py:12"}`` (runs on a worker)."""
    try:
        return json.dumps({"result": _data(function(*arguments))}, separators=(",", ":"))
    except Exception as error:  # read here as WorkerError: reported on the task's records
        return json.dumps({"error": _error_text(error)})


def read_result(answer: object, task: _Task) -> Result:
    """The result of ``task`` from a worker's ``answer`` (:func:`plain_task`'s text), checked.

    Raises :class:`WorkerError` for a task that failed on the worker, :class:`ResultError` for
    an answer that is not the plain data of a result of ``task``."""
    if not isinstance(answer, str):
        raise ResultError(f"the worker sent {_kind(answer)}, not the JSON text of a result")
    try:
        document = json.loads(answer)
    except (ValueError, RecursionError) as error:  # (RecursionError: nested too deep to read)
        raise ResultError(f"the worker sent text that is not JSON ({type(error).__name__})") from None
    fields = _object(document, "the answer", required=(), allowed=("result", "error"))
    if len(fields) != 1:
        raise ResultError("the worker's answer holds neither a result nor an error")
    if "error" in fields:
        text = _str(fields["error"], "the error")
        raise WorkerError(text if len(text) <= _LONGEST_ERROR else f"{text[:_LONGEST_ERROR]}…")
    result = fields["result"]
    if task.function is check_part_task:
        return _part(result)
    if task.function is check_files_task:
        files = _list(result, "the result")
        if len(files) != len(task.parts):
            raise ResultError(f"the result holds {len(files)} file(s), not the {len(task.parts)} asked")
        return [_items(file, "a file's result") for file in files]
    items = _items(result, "the result")
    if task.function is check_chunk_task:
        indexes = [item.index if isinstance(item, RecordReport) else None for item in items]
        if indexes != [index for index, _ in task.covers]:
            raise ResultError("the result's records are not the records of the chunk asked")
    return items


# --- writing (on the worker) ----------------------------------------------------------------


def _data(result: object) -> object:
    """``result`` as JSON values: a list of them, or a tagged object for each of kifu's types."""
    if isinstance(result, list):
        return [_data(item) for item in result]
    if isinstance(result, RecordReport):
        return {"report": _report_data(result)}
    if isinstance(result, Finding):
        return {"finding": _finding_data(result)}
    if isinstance(result, PartRead):
        return {
            "part": {
                "records": [_report_data(report) for report in result.records],
                "resume": result.resume,
                "counts": list(result.counts),
                "findings": [_finding_data(finding) for finding in result.findings],
            }
        }
    raise TypeError(f"{type(result).__name__} is not a result of a task")


def _report_data(report: RecordReport) -> dict[str, object]:
    """The fields of ``report``; those with their default value left out."""
    data: dict[str, object] = {"index": report.index, "line": report.line, "plies": report.plies}
    if report.tags:
        data["tags"] = report.tags
    optional: dict[str, object] = {
        "replayed": report.replayed,
        "declared_result": report.declared_result,
        "outcome": report.outcome,
        "claims": report.claims,
        "score": report.score,
        "repetition": report.repetition,
        "findings": [_finding_data(finding) for finding in report.findings],
    }
    data.update((name, value) for name, value in optional.items() if value is not None and value != [])
    return data


def _finding_data(finding: Finding) -> dict[str, object]:
    data: dict[str, object] = {
        "code": finding.code,
        "severity": int(finding.severity),
        "message": finding.message,
    }
    if finding.span is not None:
        data["span"] = list(finding.span)
    for name in _FINDING_TEXTS:
        value = getattr(finding, name)
        if value is not None:
            data[name] = value
    if finding.ply is not None:
        data["ply"] = finding.ply
    if finding.assumption is not None:
        a = finding.assumption
        data["assumption"] = {"ply": a.ply, "written": a.written, "assumed": a.assumed, "reason": a.reason}
    return data


def _error_text(error: BaseException) -> str:
    """``ValueError: message at checker.py:12`` (where it was raised), as KIFU001 says it."""
    import traceback

    frame = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    at = f" at {frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else ""
    return f"{type(error).__name__}: {error}{at}"


# --- reading (here), every value checked ------------------------------------------------------

#: the optional text fields of a finding
_FINDING_TEXTS = ("move", "rule", "source_line", "position")
_FINDING_KEYS = ("code", "severity", "message", "span", "ply", "assumption", *_FINDING_TEXTS)
_REPORT_KEYS = (
    "index",
    "line",
    "plies",
    "tags",
    "replayed",
    "declared_result",
    "outcome",
    "claims",
    "score",
    "repetition",
    "findings",
)


def _items(data: object, what: str) -> list[Item]:
    items: list[Item] = []
    for value in _list(data, what):
        fields = _object(value, "an item", required=(), allowed=("report", "finding"))
        if len(fields) != 1:
            raise ResultError("an item of the result is neither a record's report nor a finding")
        items.append(_report(fields["report"]) if "report" in fields else _finding(fields["finding"]))
    return items


def _part(data: object) -> PartRead[RecordReport]:
    keys = ("records", "resume", "counts", "findings")
    fields = _object(_object(data, "the result", ("part",), ("part",))["part"], "a part", keys, keys)
    counts = [_int(count, "a decoder's count") for count in _list(fields["counts"], "the decoder's counts")]
    if len(counts) != 5 or min(counts) < 0:
        raise ResultError("the decoder's counts are not five counts")
    return PartRead(
        [_report(report) for report in _list(fields["records"], "the part's records")],
        _optional(fields, "resume", _int),
        (counts[0], counts[1], counts[2], counts[3], counts[4]),
        [_finding(finding) for finding in _list(fields["findings"], "the part's findings")],
    )


def _report(data: object) -> RecordReport:
    fields = _object(data, "a record's report", ("index", "line", "plies"), _REPORT_KEYS)
    tags = _object(fields.get("tags", {}), "the tags", (), None)
    return RecordReport(
        index=_int(fields["index"], "a record's index"),
        line=_int(fields["line"], "a record's line"),
        tags={name: _str(value, "a tag's value") for name, value in tags.items()},
        plies=_int(fields["plies"], "a record's plies"),
        replayed=_optional(fields, "replayed", _int),
        declared_result=_optional(fields, "declared_result", _str),
        outcome=_optional(fields, "outcome", _json_object),
        claims=[_json_object(claim, "a claim") for claim in _list(fields.get("claims", []), "the claims")],
        score=_optional(fields, "score", _json_object),
        repetition=_optional(fields, "repetition", _json_object),
        findings=[_finding(finding) for finding in _list(fields.get("findings", []), "the findings")],
    )


def _finding(data: object) -> Finding:
    fields = _object(data, "a finding", ("code", "severity", "message"), _FINDING_KEYS)
    try:
        severity = Severity(_int(fields["severity"], "a finding's severity"))
    except ValueError:
        raise ResultError(f"a finding's severity is {fields['severity']}, not 1, 2 or 3") from None
    span = None
    if "span" in fields:
        numbers = [_int(number, "a finding's place") for number in _list(fields["span"], "a finding's place")]
        if len(numbers) != 4:
            raise ResultError("a finding's place is not four numbers")
        span = Span(numbers[0], numbers[1], numbers[2], numbers[3])
    texts = {name: _optional(fields, name, _str) for name in _FINDING_TEXTS}
    return Finding(
        code=_str(fields["code"], "a finding's code"),
        severity=severity,
        message=_str(fields["message"], "a finding's message"),
        span=span,
        ply=_optional(fields, "ply", _int),
        move=texts["move"],
        rule=texts["rule"],
        source_line=texts["source_line"],
        position=texts["position"],
        assumption=None if "assumption" not in fields else _assumption(fields["assumption"]),
    )


def _assumption(data: object) -> Assumption:
    keys = ("ply", "written", "assumed", "reason")
    fields = _object(data, "an assumption", keys, keys)
    return Assumption(
        _int(fields["ply"], "an assumption's ply"),
        _str(fields["written"], "an assumed move"),
        _str(fields["assumed"], "an assumed move"),
        _str(fields["reason"], "an assumption's reason"),
    )


def _object(
    data: object, what: str, required: tuple[str, ...], allowed: tuple[str, ...] | None
) -> dict[str, object]:
    """``data``, a JSON object with the keys ``required``, and no key outside ``allowed``
    (``None``: any)."""
    if not isinstance(data, dict):
        raise ResultError(f"{what} is {_kind(data)}, not an object")
    missing = [key for key in required if key not in data]
    unknown = [] if allowed is None else [key for key in data if key not in allowed]
    if missing or unknown:
        raise ResultError(f"{what} lacks {missing} or has unknown fields {unknown[:3]}")
    return data


def _json_object(data: object, what: str) -> dict[str, Any]:
    """A JSON object of the output contract (an outcome, a claim, a score): its values are JSON's
    own (``json.loads`` makes no other), shown by the reporters as they are."""
    return _object(data, what, (), None)


def _list(data: object, what: str) -> list[object]:
    if not isinstance(data, list):
        raise ResultError(f"{what} is {_kind(data)}, not a list")
    return data


def _int(data: object, what: str) -> int:
    if type(data) is not int:  # (not a bool: JSON's true is no number)
        raise ResultError(f"{what} is {_kind(data)}, not an integer")
    return data


def _str(data: object, what: str) -> str:
    if not isinstance(data, str):
        raise ResultError(f"{what} is {_kind(data)}, not text")
    return data


def _optional(fields: dict[str, object], name: str, read: Callable[[object, str], T]) -> T | None:
    """The value of the optional field ``name`` read by ``read``; ``None`` when absent or null."""
    value = fields.get(name)
    return None if value is None else read(value, name.replace("_", " "))


def _kind(data: object) -> str:
    return "nothing" if data is None else f"a {type(data).__name__}"
