"""Nothing a Dask cluster sends runs in kifu's process: its workers' results are plain data,
read back and checked against the task; a pickle from a remote cluster (a result, its type, a
task's error, a worker's event) is refused; a remote scheduler needs tls:// unless
--insecure-scheduler.

A hostile worker is played by a real cluster on loopback in this process, whose worker is made
to misbehave (Dask's worker patched), while kifu runs in a process of its own: what runs in
kifu's process is told by the process id that a pickle's payload writes down.
"""

from __future__ import annotations

import contextlib
import gzip
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.batch.jobs import _FileState, _Task, check_chunk_task, check_file_task, check_files_task
from kifu.core.results import RecordReport

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
needs_dask = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None, reason="the dask extra is not installed"
)


class Payload:
    """Unpickled, it runs code: it appends the id of the process that unpickles it to ``marker``."""

    def __init__(self, marker: Path) -> None:
        self.code = f"import os; open({str(marker)!r}, 'a').write(f'{{os.getpid()}}\\n')"

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[str]]:
        return exec, (self.code,)


def ran_elsewhere(marker: Path) -> list[int]:
    """The processes but this one (the cluster's) that ran a payload: kifu's, if any."""
    if not marker.exists():
        return []
    return [pid for pid in map(int, marker.read_text().split()) if pid != os.getpid()]


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then closed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def lines(text: str) -> list[str]:
    return text.splitlines()


def remote_check(scheduler: str, path: Path) -> Any:
    """``kifu check`` here, on the scheduler at ``scheduler`` (given 1 s to answer)."""
    arguments = ["--executor", "dask", "--scheduler", scheduler, "--connect-timeout", "1", str(path)]
    return CliRunner().invoke(cli, ["check", *arguments], catch_exceptions=False)


# --- the address of a remote scheduler ---------------------------------------------------------


@needs_dask
@pytest.mark.parametrize("address", ["tcp://127.0.0.1:{port}", "127.0.0.1:{port}"])
def test_an_unencrypted_scheduler_is_refused_without_insecure_scheduler(tmp_path: Path, address: str) -> None:
    (tmp_path / "a.pgn").write_text((FIXTURES / "chess" / "good" / "opera-game.pgn").read_text())
    scheduler = address.format(port=closed_port())
    result = remote_check(scheduler, tmp_path)
    assert result.exit_code == 2 and result.stdout == ""
    [line] = lines(result.stderr)  # one line: no usage text, no traceback
    assert line.startswith(f"Error: --scheduler {scheduler}: ")
    assert "neither encrypted nor authenticated" in line
    assert "tls://" in line and "--insecure-scheduler" in line


@needs_dask
def test_a_tls_scheduler_needs_dask_s_tls_configuration(tmp_path: Path) -> None:
    import dask

    (tmp_path / "a.pgn").write_text((FIXTURES / "chess" / "good" / "opera-game.pgn").read_text())
    scheduler = f"tls://127.0.0.1:{closed_port()}"
    unset = {"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None}
    with dask.config.set(unset):
        result = remote_check(scheduler, tmp_path)
    assert result.exit_code == 2 and result.stdout == ""
    [line] = lines(result.stderr)
    assert line.startswith(f"Error: --scheduler {scheduler} needs Dask's TLS configuration: ")
    assert "distributed.comm.tls.ca-file" in line and "DASK_DISTRIBUTED__COMM__TLS__CA_FILE" in line


# --- what this process unpickles while a remote scheduler is connected --------------------------


def _message(payload: Payload) -> Any:
    """A message with a ``__Pickled__`` part (any message, whatever the client's deserializers)."""
    from distributed.protocol import dumps, loads
    from distributed.protocol.serialize import ToPickle

    return loads(dumps({"op": "key-in-memory", "key": "x", "data": ToPickle(payload)}))


def _serialised(payload: Payload) -> Any:
    """A value of the ``pickle`` serialiser (as on the scheduler's stream)."""
    from distributed.protocol import deserialize, serialize

    return deserialize(*serialize(payload, serializers=["pickle"]))


def _result_type(payload: Payload) -> Any:
    """The type of a result (``key-in-memory``), which the client loads with its own name."""
    import pickle

    import distributed.client

    return distributed.client.loads(pickle.dumps(payload))


#: each way Dask's client unpickles what a cluster sends it (a task's error: the next test)
ENTRY_POINTS: dict[str, Callable[[Payload], Any]] = {
    "message": _message,
    "serialised": _serialised,
    "result type": _result_type,
}


@needs_dask
@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_no_pickle_of_a_remote_cluster_is_loaded(tmp_path: Path, entry: str) -> None:
    import distributed.client
    import distributed.protocol.pickle
    from kifu.application.batch import executors

    marker = tmp_path / "marker"
    original = distributed.protocol.pickle.loads
    with executors._REFUSAL, pytest.raises(executors.RefusedPickle):
        ENTRY_POINTS[entry](Payload(marker))
    assert not marker.exists()
    assert distributed.protocol.pickle.loads is original and distributed.client.loads is original
    ENTRY_POINTS[entry](Payload(marker))  # (the same unpickles once the refusal is over)
    assert marker.exists()


@needs_dask
def test_a_task_s_pickled_error_is_not_loaded(tmp_path: Path) -> None:
    import pickle

    from distributed.core import clean_exception
    from kifu.application.batch import executors

    marker = tmp_path / "marker"
    error = ValueError("boom")
    error.payload = Payload(marker)  # type: ignore[attr-defined]
    with executors._REFUSAL:
        kind, exception, traceback = clean_exception(pickle.dumps(error), pickle.dumps(Payload(marker)))
    assert not marker.exists()
    assert kind is Exception and traceback is None  # the bytes, unread: reported as a failed task
    failure = executors._remote_failure(exception)  # type: ignore[arg-type]
    assert isinstance(failure, executors.WorkerError) and "pickled" in str(failure)


# --- results as plain data -----------------------------------------------------------------------


def _task(function: Callable[..., Any], **fields: Any) -> _Task:
    return _Task(_FileState("a.pgn", "chess"), function, (), 0, **fields)


def test_every_fixture_s_results_come_back_the_same() -> None:
    from kifu import games
    from kifu.application import detection
    from kifu.application.batch.plain import plain_task, read_result
    from kifu.core.game import Options
    from kifu.core.sources import Source, SourceError

    checked = 0
    for path in sorted(FIXTURES.rglob("*")):
        try:
            detected = detection.detect(Source(str(path)), None) if path.is_file() else None
        except SourceError:  # (a file that is not text: reported before any task)
            continue
        package = games.load(detected[0]) if detected else None
        if detected is None or package is None:
            continue
        for options in (Options(), Options(boards=16)):  # (the HTML report's: the boards' positions)
            arguments = (package.__name__, str(path), detected[1], options)
            answer = plain_task(check_file_task, *arguments)
            assert isinstance(answer, str)
            assert read_result(answer, _task(check_file_task)) == check_file_task(*arguments), path
        checked += 1
    assert checked > 100
    html = Options(boards=16)
    ko = check_file_task("kifu.go.game", str(FIXTURES / "go" / "bad" / "GO103-ko.sgf"), "sgf", html)
    assert any(item.positions for item in ko if isinstance(item, RecordReport))  # (a test that can fail)
    assert any(f.captures for item in ko if isinstance(item, RecordReport) for f in item.findings)


REPORT = {"report": {"index": 1, "line": 1, "plies": 0}}


def answer(**fields: object) -> str:
    """The answer of a worker whose result is one report (with ``fields``), or one finding."""
    if "code" in fields:
        return json.dumps({"result": [{"finding": fields}]})
    return json.dumps({"result": [{"report": {**REPORT["report"], **fields}}]})


#: answers that are not the plain data of the result asked, and the task asked
MALFORMED: dict[str, tuple[object, _Task | None]] = {
    "not text": (b'{"result": []}', _task(check_file_task)),
    "not JSON": ("{'result': []}", _task(check_file_task)),
    "deep": ("[" * 100_000 + "]" * 100_000, _task(check_file_task)),
    "no result": ('{"results": []}', _task(check_file_task)),
    "not a list": ('{"result": {"report": {}}}', _task(check_file_task)),
    "an unknown item": ('{"result": [{"object": {}}]}', _task(check_file_task)),
    "text for a number": (answer(plies="0"), None),
    "true for a number": (answer(index=True), None),
    "an unknown field": (answer(exec="x"), None),
    "a tag not text": (answer(tags={"a": 1}), None),
    "a severity 7": (answer(code="PGN001", severity=7, message="m"), None),
    "a place of 3 numbers": (answer(code="PGN001", severity=1, message="m", span=[1, 2, 3]), None),
    "files missing from a group": (
        json.dumps({"result": [[REPORT]]}),
        _task(check_files_task, parts=[_task(check_file_task), _task(check_file_task)]),
    ),
    "records other than the chunk's": (
        json.dumps({"result": [REPORT]}),
        _task(check_chunk_task, covers=[(2, 10)]),
    ),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_an_answer_that_is_not_the_result_asked_is_refused(case: str) -> None:
    from kifu.application.batch.plain import ResultError, read_result

    text, task = MALFORMED[case]
    with pytest.raises(ResultError):
        read_result(text, task or _task(check_file_task))


def test_a_task_that_raised_is_read_as_its_error() -> None:
    from kifu.application.batch.plain import WorkerError, plain_task, read_result

    def failing() -> None:
        raise ValueError("boom")

    with pytest.raises(WorkerError, match=r"^ValueError: boom at test_dask_safety\.py:\d+$"):
        read_result(plain_task(failing), _task(check_file_task))


@pytest.mark.parametrize("outcome", ["returns", "raises"])
def test_a_worker_checks_under_the_check_s_collector_thresholds_and_gets_its_own_back(outcome: str) -> None:
    """A Dask worker's collector, at Python's default thresholds over the heap of Dask's modules,
    cost a remote check 12-15 % of its time: a task runs under the check's thresholds, and the
    worker's own are put back after it, whatever the task did."""
    import gc

    from kifu.application.batch.jobs import CHECK_THRESHOLDS
    from kifu.application.batch.plain import plain_task

    seen: list[tuple[int, int, int]] = []

    def task() -> list[object]:
        seen.append(gc.get_threshold())
        if outcome == "raises":
            raise ValueError("boom")
        return []

    worker_s = (700, 10, 10)
    before = gc.get_threshold()
    gc.set_threshold(*worker_s)
    try:
        answer = json.loads(plain_task(task))
        after = gc.get_threshold()
    finally:
        gc.set_threshold(*before)
    assert seen == [CHECK_THRESHOLDS]
    assert after == worker_s
    assert ("error" in answer) == (outcome == "raises")


def test_a_game_module_imported_by_two_threads_at_once_is_whole_for_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh Dask worker's threads start their first tasks together: the second must not take
    the module the first is still importing (``partially initialized module``)."""
    import threading

    from kifu.application.batch import jobs

    (tmp_path / "slow_game.py").write_text("import time\ntime.sleep(0.5)\ncheck_record = print\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(jobs, "_MODULES", {}, raising=False)
    found: list[object] = []

    def task() -> None:
        found.append(getattr(jobs._module("slow_game"), "check_record", None))

    first = threading.Thread(target=task)
    try:
        first.start()
        time.sleep(0.1)  # (the first thread is importing the module)
        task()
        first.join()
    finally:
        sys.modules.pop("slow_game", None)
    assert found == [print, print]


# --- a real cluster on loopback ------------------------------------------------------------------


@pytest.fixture
def records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records of each game, to run from: small files (sent to a worker by path, grouped) and a
    compressed one (read here, sent as chunks of records)."""
    games = tmp_path / "games"
    games.mkdir()
    for name in ("chess/good/opera-game.pgn", "chess/bad/rules.pgn", "go/good/9x9-handicap3.sgf"):
        shutil.copy(FIXTURES / name, games / Path(name).name)
    for name in ("xiangqi/good/perpetual-check.pgn", "xiangqi/good/game.dhtml"):
        shutil.copy(FIXTURES / name, games / f"xq-{Path(name).name}")
    with gzip.open(games / "many.pgn.gz", "wt") as archive:
        archive.write("\n".join([(FIXTURES / "chess" / "bad" / "rules.pgn").read_text()] * 3))
    monkeypatch.chdir(tmp_path)  # (the worker, in this process, reads the paths kifu sends)
    return games


@contextlib.contextmanager
def loopback_cluster(protocol: str, security: Any = None) -> Iterator[str]:
    """A Dask cluster in this process, its scheduler and worker on 127.0.0.1 (their HTTP servers
    too); its scheduler's address."""
    from distributed import LocalCluster, Worker

    class LoopbackWorker(Worker):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.update(dashboard=False, dashboard_address="127.0.0.1:0")
            super().__init__(*args, **kwargs)

    with LocalCluster(
        processes=False,
        protocol=protocol,
        host="127.0.0.1",
        n_workers=1,
        threads_per_worker=2,
        worker_class=LoopbackWorker,
        dashboard_address="127.0.0.1:0",
        scheduler_kwargs={"dashboard": False},
        security=security,
    ) as local:
        yield local.scheduler_address


@pytest.fixture
def cluster() -> Iterator[str]:
    """The address of a cluster on loopback, on plain tcp."""
    with loopback_cluster("tcp://") as address:
        yield address


def hostile_worker(monkeypatch: pytest.MonkeyPatch, change: Callable[[Any, dict[str, Any]], Any]) -> None:
    """Make the cluster's worker send ``change(task, message)`` for each task it ran (the message
    of ``distributed.worker._run_task_simple``: the result, its type, the error)."""
    import distributed.worker

    run = distributed.worker._run_task_simple

    def hostile(task: Any, data: dict[str, Any], time_delay: float) -> Any:
        return change(task, run(task, data, time_delay))

    monkeypatch.setattr(distributed.worker, "_run_task_simple", hostile)


def kifu(
    scheduler: str, insecure: bool = True, environment: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``kifu check`` of the records in a process of its own, on the cluster at ``scheduler``."""
    return subprocess.run(
        [
            *(sys.executable, "-m", "kifu", "check", "--format", "json", "-q", "--executor", "dask"),
            *("--scheduler", scheduler, *(["--insecure-scheduler"] if insecure else []), "games"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )


def one_process() -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["check", "--format", "json", "-q", "--jobs", "1", "games"])
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def crashed_files(report: dict[str, Any]) -> set[str]:
    """The files with a KIFU001 finding, on the file or on a record."""
    return {
        Path(file["path"]).name
        for file in report["files"]
        for finding in [*file["findings"], *(f for r in file["records"] for f in r["findings"])]
        if finding["code"] == "KIFU001"
    }


@needs_dask
def test_a_remote_cluster_gives_the_report_of_one_process(records: Path, cluster: str) -> None:
    result = kifu(cluster)
    assert result.returncode == 1, result.stderr  # (findings: rules.pgn's illegal moves)
    assert json.loads(result.stdout) == one_process()


@needs_dask
def test_a_hostile_result_runs_nothing_here_and_fails_its_task(
    records: Path, cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "marker"

    def result(task: Any, message: dict[str, Any]) -> dict[str, Any]:
        return {**message, "result": Payload(marker), "type": None}

    hostile_worker(monkeypatch, result)
    outcome = kifu(cluster)
    assert ran_elsewhere(marker) == []
    assert outcome.returncode == 2 and "kifu: internal error" not in outcome.stderr, outcome.stderr
    report = json.loads(outcome.stdout)
    assert crashed_files(report) == {Path(file["path"]).name for file in report["files"]}


@needs_dask
def test_a_hostile_result_type_runs_nothing_here(
    records: Path, cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pickle

    from distributed.worker_state_machine import WorkerState

    marker = tmp_path / "marker"
    finished = WorkerState._get_task_finished_msg

    def hostile(state: Any, *arguments: Any, **keywords: Any) -> Any:  # each result's type, pickled
        message = finished(state, *arguments, **keywords)
        message.type = pickle.dumps(Payload(marker))
        return message

    monkeypatch.setattr(WorkerState, "_get_task_finished_msg", hostile)
    outcome = kifu(cluster)
    assert ran_elsewhere(marker) == []
    assert outcome.returncode == 1, outcome.stderr
    assert json.loads(outcome.stdout) == one_process()  # (the type was dropped, the results are good)


@needs_dask
def test_a_hostile_error_runs_nothing_here_and_fails_its_task(
    records: Path, cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import distributed.worker

    marker = tmp_path / "marker"
    run = distributed.worker._run_task_simple

    def raising(data: Any) -> None:
        error = ValueError("boom")
        error.payload = Payload(marker)  # type: ignore[attr-defined]  # (pickled with the error)
        raise error

    hostile_worker(monkeypatch, lambda task, message: run(raising, {}, 0))  # type: ignore[arg-type]
    outcome = kifu(cluster)
    assert ran_elsewhere(marker) == []
    assert outcome.returncode == 2 and "kifu: internal error" not in outcome.stderr, outcome.stderr
    report = json.loads(outcome.stdout)
    assert crashed_files(report) == {Path(file["path"]).name for file in report["files"]}
    messages = {
        finding["message"]
        for file in report["files"]
        for finding in [*file["findings"], *(f for r in file["records"] for f in r["findings"])]
        if finding["code"] == "KIFU001"
    }
    assert messages and all("its error, pickled, was not loaded" in message for message in messages)


@needs_dask
def test_a_result_of_the_wrong_shape_fails_its_task(
    records: Path, cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = json.dumps({"result": [{"report": {"index": "one", "line": 1, "plies": 0}}]})
    hostile_worker(monkeypatch, lambda task, message: {**message, "result": wrong})
    outcome = kifu(cluster)
    assert outcome.returncode == 2 and "kifu: internal error" not in outcome.stderr, outcome.stderr
    report = json.loads(outcome.stdout)
    assert crashed_files(report) == {Path(file["path"]).name for file in report["files"]}


@needs_dask
@pytest.mark.filterwarnings("ignore::UserWarning")  # (the worker's own warning, here)
def test_a_worker_s_print_and_warn_events_do_not_reach_this_process(
    records: Path, cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import distributed.worker

    marker = tmp_path / "marker"

    def chatty(task: Any, message: dict[str, Any]) -> dict[str, Any]:
        distributed.worker.print('{"files": "forged"}')  # on the client's standard output
        with contextlib.suppress(Exception):
            distributed.worker.warn(Payload(marker))  # unpickled by the client that subscribes
        time.sleep(0.5)  # (the events reach the client before the result)
        return message

    hostile_worker(monkeypatch, chatty)
    outcome = kifu(cluster)
    assert ran_elsewhere(marker) == []
    assert outcome.returncode == 1, outcome.stderr
    assert json.loads(outcome.stdout) == one_process()  # the report alone: nothing printed into it


def certificates(directory: Path) -> dict[str, str]:
    """A CA, and a certificate it signed for each of scheduler, worker and client (made with
    openssl): role → file, ``role-key`` → its key's file."""
    directory.mkdir()

    def openssl(*arguments: str) -> None:
        subprocess.run(["openssl", *arguments], cwd=directory, check=True, capture_output=True)

    new_key = ("-newkey", "rsa:2048", "-nodes", "-days", "1")
    openssl("req", "-x509", *new_key, "-subj", "/CN=kifu test CA", "-keyout", "ca.key", "-out", "ca.pem")
    files = {"ca": str(directory / "ca.pem")}
    for role in ("scheduler", "worker", "client"):
        openssl("req", *new_key, "-subj", f"/CN={role}", "-keyout", f"{role}.key", "-out", f"{role}.csr")
        openssl(
            *("x509", "-req", "-in", f"{role}.csr", "-CA", "ca.pem", "-CAkey", "ca.key"),
            *("-CAcreateserial", "-days", "1", "-out", f"{role}.pem"),
        )
        files[role], files[f"{role}-key"] = str(directory / f"{role}.pem"), str(directory / f"{role}.key")
    return files


@needs_dask
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test's certificates")
def test_a_tls_scheduler_with_dask_s_tls_configuration_gives_the_report_of_one_process(
    records: Path, tmp_path: Path
) -> None:
    """The configuration docs/ci.md gives (Dask's environment variables) is what kifu needs."""
    from distributed import Security

    files = certificates(tmp_path / "tls")
    security = Security(
        tls_ca_file=files["ca"],
        tls_scheduler_cert=files["scheduler"],
        tls_scheduler_key=files["scheduler-key"],
        tls_worker_cert=files["worker"],
        tls_worker_key=files["worker-key"],
        tls_client_cert=files["client"],  # (the cluster's own client)
        tls_client_key=files["client-key"],
        require_encryption=True,
    )
    environment = {
        **os.environ,
        "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": files["ca"],
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": files["client"],
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": files["client-key"],
    }
    with loopback_cluster("tls://", security) as address:
        assert address.startswith("tls://127.0.0.1:")
        result = kifu(address, insecure=False, environment=environment)
    assert result.returncode == 1, result.stderr
    assert json.loads(result.stdout) == one_process()
