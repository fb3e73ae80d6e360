"""Records stay private (issue 26): the in-process Dask cluster listens on loopback only and
serves no dashboard unless asked; a project's configuration cannot send records elsewhere nor
run a program (only the command line and the user's own configuration can); configuration is
not looked for above the repository; a scheduler that does not answer is one line and status 2."""

from __future__ import annotations

import contextlib
import importlib.util
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application import batch
from kifu.commands.options import PRIVILEGED

ROOT = Path(__file__).resolve().parents[2]
OPERA = ROOT / "fixtures" / "chess" / "good" / "opera-game.pgn"
needs_dask = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None, reason="the dask extra is not installed"
)

#: a value of each privileged key, as a project's file would write it
VALUES = {
    "executor": '"dask"',
    "scheduler": '"tcp://203.0.113.1:8786"',
    "insecure-scheduler": "true",
    "dashboard": "true",
    "dead-from": '"gnugo"',
    "fix": "true",
    "unsafe-fixes": "true",
    "extend-safe-fixes": '["CHESS101"]',
}


def invoke(*args: str) -> click.testing.Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def lines(text: str) -> list[str]:
    return text.splitlines()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository (``.git``) with a directory of records to run from; the user's own
    configuration directory is ``tmp_path/home``."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "games").mkdir()
    write(tmp_path / "repo" / "games" / "opera.pgn", OPERA.read_text())
    monkeypatch.chdir(tmp_path / "repo" / "games")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    return tmp_path / "repo"


def test_every_privileged_key_is_an_option_of_check() -> None:
    from kifu.commands.check import check
    from kifu.commands.options import option_key

    keys = {option_key(param) for param in check.params}
    assert set(PRIVILEGED) <= keys and set(VALUES) == set(PRIVILEGED)


@pytest.mark.parametrize("key", sorted(PRIVILEGED))
@pytest.mark.parametrize("where", ["kifu.toml", "pyproject.toml", "--config"])
def test_a_project_file_may_not_set_a_key_that_sends_records_or_runs_a_program(
    project: Path, key: str, where: str
) -> None:
    if where == "pyproject.toml":
        path = write(project / "pyproject.toml", f"[tool.kifu]\n{key} = {VALUES[key]}\n")
        name = f"{path} [tool.kifu]"
    else:
        path = write(project / "games" / "kifu.toml", f"{key} = {VALUES[key]}\n")
        name = str(path)
    options = ["--config", str(path)] if where == "--config" else []
    for command in (["check", *options, "opera.pgn"], ["config", *options]):
        result = invoke(*command)
        assert result.exit_code == 2 and result.stdout == ""
        [line] = lines(result.stderr)  # one line: no usage text, no traceback
        assert f"{name}: {key} " in line and "may not be set in a project's configuration" in line
        assert (
            f"--{key} on the command line" in line
            and str(project.parent / "home" / "kifu" / "kifu.toml") in line
        )


def test_the_user_configuration_may_set_them_and_comes_below_the_project(project: Path) -> None:
    user = write(
        project.parent / "home" / "kifu" / "kifu.toml",
        'executor = "dask"\nscheduler = "tcp://127.0.0.1:8786"\ndead-from = "gnugo"\nfail-on = "info"\n',
    )
    write(project / "kifu.toml", 'fail-on = "warning"\n')
    result = invoke("config")
    assert result.exit_code == 0, result.output
    shown = {line.split(" = ")[0]: line for line in lines(result.stdout) if " = " in line}
    assert shown["executor"].endswith(f"# {user}") and '"dask"' in shown["executor"]
    assert shown["scheduler"].endswith(f"# {user}") and shown["dead-from"].endswith(f"# {user}")
    assert shown["fail-on"].endswith(f"# {project / 'kifu.toml'}")  # the project's file wins
    assert f"configuration files: {user}, {project / 'kifu.toml'}" in result.stdout
    assert "# default" in invoke("config", "--isolated").stdout.split("executor = ")[1].splitlines()[0]


def test_the_user_configuration_is_found_without_xdg_config_home(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(project.parent / "user"))
    user = write(project.parent / "user" / ".config" / "kifu" / "kifu.toml", 'executor = "dask"\n')
    assert 'executor = "dask"' in invoke("config").stdout and str(user) in invoke("config").stdout
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/dir")  # XDG: a relative path is ignored
    assert str(user) in invoke("config").stdout


def test_a_user_configuration_named_with_config_is_still_the_users(project: Path) -> None:
    user = write(project.parent / "home" / "kifu" / "kifu.toml", 'executor = "dask"\n')
    result = invoke("config", "--config", str(user))
    assert result.exit_code == 0 and 'executor = "dask"' in result.stdout


@pytest.mark.parametrize("git", ["folder", "file"])
def test_discovery_stops_at_the_repository_root(project: Path, git: str) -> None:
    outside = write(project.parent / "kifu.toml", 'fail-on = "info"\n')
    write(project.parent / "pyproject.toml", '[tool.kifu]\nignore = ["PGN"]\n')
    if git == "file":  # a worktree or a submodule: .git is a file naming the git directory
        (project / ".git").rmdir()
        write(project / ".git", "gitdir: /elsewhere\n")
    result = invoke("config")
    assert "configuration files: none" in result.stdout and str(outside) not in result.stdout
    inside = write(project / "kifu.toml", 'fail-on = "warning"\n')  # the root itself is searched
    assert f"configuration files: {inside}\n" in invoke("config").stdout
    (project / ".git").unlink() if git == "file" else (project / ".git").rmdir()
    inside.unlink()
    # no root: upwards, to the closest folder with a file, where kifu.toml wins over pyproject.toml
    assert f"configuration files: {outside}\n" in invoke("config").stdout


# --- Dask ------------------------------------------------------------------------------------


def listening() -> list[tuple[str, int]]:
    """The (address, port) of every socket this process and its children listen on."""
    import psutil

    me = psutil.Process()
    found = []
    for process in (me, *me.children(recursive=True)):
        for connection in process.net_connections(kind="inet"):
            if connection.status == psutil.CONN_LISTEN:
                found.append((connection.laddr.ip, connection.laddr.port))
    return found


def sampled(monkeypatch: pytest.MonkeyPatch, probe: Callable[[], None]) -> None:
    """Call ``probe`` each time the run delivers a task's results: the cluster is then up."""
    deliver = batch._deliver

    def delivering(state: Any, items: Iterable[Any], *rest: Any) -> None:
        probe()
        deliver(state, items, *rest)

    monkeypatch.setattr(batch, "_deliver", delivering)


def http_status(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            status: int = response.status
            return status
    except urllib.error.HTTPError as error:
        return error.code


@needs_dask
def test_the_local_cluster_listens_on_loopback_only_and_serves_nothing(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("psutil")
    before = set(listening())
    seen: list[tuple[str, int]] = []
    answers: dict[tuple[int, str], int] = {}

    def probe() -> None:
        now = [socket for socket in listening() if socket not in before]
        seen.extend(now)
        for _, port in now:
            for path in ("/info/main/workers.html", "/status", "/health", "/metrics"):
                answers[port, path] = http_status(port, path)

    sampled(monkeypatch, probe)
    result = invoke("check", "--executor", "dask", "opera.pgn")
    assert result.exit_code == 0, result.output
    assert seen, "the run was not sampled while its cluster was up"
    assert all(address == "127.0.0.1" for address, _ in seen), seen
    assert 8787 not in {port for _, port in seen}
    assert set(answers.values()) == {404}, answers  # no dashboard, no /info pages, nothing
    assert "dashboard" not in result.stderr


@needs_dask
def test_the_dashboard_when_asked_is_on_loopback_and_announced(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("psutil")
    before = set(listening())
    seen: list[tuple[str, int]] = []
    sampled(monkeypatch, lambda: seen.extend(s for s in listening() if s not in before))
    result = invoke("check", "--executor", "dask", "--dashboard", "opera.pgn")
    assert result.exit_code == 0, result.output
    [announced] = [line for line in lines(result.stderr) if "dashboard" in line]
    assert announced.startswith("kifu: Dask dashboard at http://127.0.0.1:")
    port = int(announced.rsplit(":", 1)[1].split("/")[0])
    assert ("127.0.0.1", port) in seen
    assert seen and all(address == "127.0.0.1" for address, _ in seen), seen


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then closed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@needs_dask
def test_an_unreachable_scheduler_is_one_line_and_status_2_within_the_timeout(project: Path) -> None:
    started = time.monotonic()
    result = subprocess.run(
        [
            *(sys.executable, "-m", "kifu", "check", "--executor", "dask", "--format", "json"),
            *("--scheduler", f"tcp://127.0.0.1:{closed_port()}", "--insecure-scheduler"),
            *("--connect-timeout", "1", "opera.pgn"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    elapsed = time.monotonic() - started
    assert result.returncode == 2 and result.stdout == ""  # no report begun
    [line] = lines(result.stderr)
    assert line.startswith("Error: cannot connect to the Dask scheduler tcp://127.0.0.1:") and "1 s" in line
    assert elapsed < 15  # 1 s of trying, the rest is starting Python and importing distributed


def test_connect_timeout_must_be_positive(project: Path) -> None:
    result = invoke("check", "--connect-timeout", "0", "opera.pgn")
    assert result.exit_code == 2 and "--connect-timeout" in result.stderr


@needs_dask
def test_a_server_that_is_no_dask_scheduler_is_one_line_and_status_2(project: Path) -> None:
    """Something else at the address (an HTTP server): Dask reads its bytes as a frame length
    and fails (MemoryError); kifu says so in one line."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen()

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = server.accept()
                with connection:
                    connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 3)

    threading.Thread(target=serve, daemon=True).start()
    try:
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "kifu",
                "check",
                "--executor",
                "dask",
                "--scheduler",
                address,
                "--insecure-scheduler",
                "--connect-timeout",
                "2",
                "opera.pgn",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        server.close()
    assert result.returncode == 2 and result.stdout == ""
    [line] = lines(result.stderr)
    assert line.startswith(f"Error: cannot connect to the Dask scheduler {address} (--connect-timeout 2 s): ")
