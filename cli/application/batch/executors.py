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
import pickle
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from typing import Any, Protocol

from kifu.application.batch.jobs import (
    Batch,
    ExecutorError,
    Item,
    _Job,
    _Task,
    as_source,
    check_file_task,
    stream_file_task,
)
from kifu.application.batch.plain import ResultError, WorkerError, plain_task, read_result
from kifu.core import records
from kifu.core.findings import (
    Finding,
    internal_error,
)
from kifu.core.game import Game, Options
from kifu.core.parts import Part, PartRead
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
