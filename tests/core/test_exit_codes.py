"""Exit codes where the environment or the configuration fails (issue 26): an output that cannot
be written, configuration values of the wrong type or size or nesting, more jobs than cores, a
file that changes while it is read. Each is a message and its status, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application import batch
from kifu.application.batch import jobs, plan

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
OPERA = FIXTURES / "chess" / "good" / "opera-game.pgn"
RULES = FIXTURES / "chess" / "bad" / "rules.pgn"
GO = FIXTURES / "go" / "good" / "9x9-even-two-passes.sgf"
FULL = "kifu: cannot write the output: No space left on device\n"


def invoke(*args: str) -> click.testing.Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def kifu(*args: str, stdout: Any = subprocess.PIPE, stderr: Any = subprocess.PIPE) -> tuple[int, str]:
    """Run kifu as a user does (its console entry point, :func:`kifu.app.main`): status, stderr."""
    done = subprocess.run(
        [sys.executable, "-m", "kifu", *args], stdout=stdout, stderr=stderr, cwd=ROOT, timeout=120
    )
    return done.returncode, done.stderr.decode() if isinstance(done.stderr, bytes) else ""


# --- an output that cannot be written ----------------------------------------------------------

#: every command and every output of the big ones
COMMANDS = [
    *(["check", "--format", fmt, str(RULES)] for fmt in ("text", "json", "jsonl", "html", "sarif", "junit")),
    ["check", "--format", "github", str(RULES)],
    *(["standings", "--format", fmt, str(FIXTURES / "standings" / "swiss.csv")] for fmt in ("text", "csv")),
    ["standings", "--format", "html", str(FIXTURES / "standings" / "chess-event")],
    ["show", str(OPERA)],
    ["show", "--format", "svg", str(OPERA)],
    ["score", str(GO)],
    ["explain", "CHESS101"],
    ["explain"],
    ["convert", str(OPERA), "--to", "pgn"],
    ["config"],
    ["--help"],
    ["--version"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_full_disk_on_stdout_is_one_line_and_status_2(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        status, stderr = kifu(*args, stdout=full)
    assert (status, stderr) == (2, FULL)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_disk_on_stderr_is_status_2_quietly() -> None:
    with open("/dev/full", "w") as full:
        assert kifu("check", str(RULES), stdout=subprocess.DEVNULL, stderr=full)[0] == 2
        assert kifu("check", str(RULES), stdout=full, stderr=full)[0] == 2


def test_a_closed_pipe_stays_quiet_with_status_1() -> None:
    """The conventional quiet exit of Click (``kifu check … | head``), as before."""
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu", "check", "--format", "json", str(RULES)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before kifu, still starting, writes anything
    assert process.wait(timeout=60) == 1
    assert process.stderr.read() == b""


# --- configuration values ---------------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "opera.pgn").write_text(OPERA.read_text())
    monkeypatch.chdir(tmp_path)
    return tmp_path


def one_line_error(project: Path, name: str, *args: str) -> str:
    """The error of ``check`` and ``config`` (the same for both): status 2, one line, no
    report; it names the file ``name``."""
    messages = set()
    for command in (["check", *args, "opera.pgn"], ["config", *args]):
        result = invoke(*command)
        assert result.exit_code == 2 and result.stdout == "", result.output
        [line] = result.stderr.splitlines()
        assert str(project / name) in line
        messages.add(line)
    [message] = messages
    return message


@pytest.mark.parametrize("name", ["kifu.toml", "pyproject.toml"])
@pytest.mark.parametrize("nested", ["[", "{a = "])
def test_a_configuration_nested_100000_deep_is_one_line(project: Path, name: str, nested: str) -> None:
    closing = "]" if nested == "[" else "}"
    table = "[tool.kifu]\n" if name == "pyproject.toml" else ""
    (project / name).write_text(f"{table}select = {nested * 100_000}{closing * 100_000}\n")
    line = 2 if table else 1
    message = f"is not valid TOML: arrays or tables nested too deeply in key 'select' (line {line})"
    assert message in one_line_error(project, name)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("jobs = 99999999999999999999\n", "jobs: 99999999999999999999 is not in the range 0<=x<=4096"),
        ("jobs = 5000\n", "jobs: 5000 is not in the range 0<=x<=4096"),
        ("jobs = 1.5\n", "jobs must be an integer, not a float"),
        ("jobs = true\n", "jobs must be an integer, not a boolean"),
        ('jobs = "2"\n', "jobs must be an integer, not a string"),
        ("exclude = [1, 2]\n", "exclude must be a list of strings"),
        ('include = [["*.pgn"]]\n', "include must be a list of strings"),
        ("lang = 5\n", "lang must be a string, not an integer"),
        ("fail-on = 1979-05-27\n", "fail-on must be a string, not a date"),
        ('komi = "6.5"\n', "komi must be a number, not a string"),
        ("max-record = 1.5\n", "max-record must be an integer or a string, not a float"),
        ("connect-timeout = 0\n", "connect-timeout: 0.0 is not in the range 0<x<=3600"),
        ('select = [1, "PGN"]\n', "select must be a list of codes or prefixes"),
        ("severity = {PGN009 = 1}\n", "severity must be a table"),
    ],
)
def test_a_value_of_the_wrong_type_or_size_is_one_line_naming_the_key(
    project: Path, text: str, message: str
) -> None:
    (project / "kifu.toml").write_text(text)
    assert message in one_line_error(project, "kifu.toml")


def test_numbers_where_numbers_belong_are_still_read(project: Path) -> None:
    (project / "kifu.toml").write_text('komi = 6\nmax-record = "16M"\nmax-depth = 100\njobs = 1\n')
    assert invoke("check", "opera.pgn").exit_code == 0


def test_a_huge_jobs_on_the_command_line_is_a_usage_error() -> None:
    result = invoke("check", "--jobs", "99999999999999999999", str(OPERA))
    assert result.exit_code == 2 and "--jobs" in result.stderr and "Traceback" not in result.output


# --- jobs and cores ---------------------------------------------------------------------------


@pytest.fixture
def planned(monkeypatch: pytest.MonkeyPatch) -> list[batch.Batch]:
    """The batches ``check`` runs (not run: nothing starts, nothing connects)."""
    from kifu.core.results import Totals

    seen: list[batch.Batch] = []

    def run(items: Any, plan: batch.Batch, *rest: Any) -> Totals:
        seen.append(plan)
        return Totals()

    monkeypatch.setattr(batch, "run", run)
    monkeypatch.setattr("kifu.commands.check.usable_cores", lambda: 2)
    return seen


def test_jobs_are_capped_at_the_usable_cores_with_a_warning(planned: list[batch.Batch]) -> None:
    result = invoke("check", "--jobs", "48", str(OPERA))
    assert planned[-1].jobs == 2
    assert (
        "kifu: warning: --jobs 48 is more than the 2 usable core(s) of this machine; using 2" in result.stderr
    )
    assert invoke("check", "--jobs", "48", "--executor", "dask", str(OPERA)).exit_code == 0
    assert planned[-1].jobs == 2  # the in-process cluster's threads run here too
    result = invoke("check", "--jobs", "2", str(OPERA))
    assert planned[-1].jobs == 2 and "kifu: warning" not in result.stderr


def test_a_remote_scheduler_keeps_its_jobs(planned: list[batch.Batch]) -> None:
    result = invoke(
        "check", "--jobs", "48", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1", str(OPERA)
    )
    assert planned[-1].jobs == 48 and "kifu: warning" not in result.stderr


def test_usable_cores_follow_the_affinity() -> None:
    from kifu.commands.check import usable_cores

    if hasattr(os, "sched_getaffinity"):
        assert usable_cores() == len(os.sched_getaffinity(0))
    else:
        assert usable_cores() == (os.cpu_count() or 1)


# --- a file that changes while it is read -----------------------------------------------------


@pytest.fixture
def big(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A PGN file that two workers share a part each (smaller parts than by default, to be quick)."""
    run = batch.run
    monkeypatch.setattr(plan, "WHOLE_FILE", 32 << 10)
    monkeypatch.setattr(
        batch, "run", lambda items, plan, *rest: run(items, replace(plan, part_bytes=16 << 10), *rest)
    )
    path = tmp_path / "big.pgn"
    path.write_text("\n".join([OPERA.read_text()] * 200))
    assert path.stat().st_size > 4 * (16 << 10)
    return path


def change_when_planned(monkeypatch: pytest.MonkeyPatch, path: Path, how: str) -> None:
    """Truncate ``path`` to half or append to it once its reading is planned: for one process,
    before it is read; for workers, after its parts are cut (some may have been read)."""
    plan_source = plan._plan_source

    def planning(source: Any, *rest: Any) -> Any:
        for job in plan_source(source, *rest):
            if isinstance(job, jobs._End) and Path(source.path) == path:
                before = path.stat()
                if how == "truncated":
                    os.truncate(path, before.st_size // 2)
                else:
                    with open(path, "a") as stream:
                        stream.write("\n" + OPERA.read_text())
                if how == "appended-same-time":  # (a copy that keeps the time; or a coarse clock)
                    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
            yield job

    monkeypatch.setattr(plan, "_plan_source", planning)


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("how", ["truncated", "appended", "appended-same-time"])
def test_a_file_changed_while_it_is_read_is_io009_and_status_1(
    big: Path, monkeypatch: pytest.MonkeyPatch, jobs: str, how: str
) -> None:
    change_when_planned(monkeypatch, big, how)
    result = invoke("check", "--jobs", jobs, "--format", "json", "-q", str(big))
    assert result.exit_code == 1, result.output
    [document] = json.loads(result.stdout)["files"]
    codes = [f["code"] for f in document["findings"]]
    assert codes == ["IO009"] and "changed while it was read" in document["findings"][0]["message"]
    assert not any(f["code"] == "KIFU001" for r in document["records"] for f in r["findings"])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_left_alone_is_not_io009(big: Path, jobs: str) -> None:
    result = invoke("check", "--jobs", jobs, "--format", "json", "-q", str(big))
    assert result.exit_code == 0 and "IO009" not in result.stdout


def test_explain_knows_io009() -> None:
    result = invoke("explain", "IO009")
    assert result.exit_code == 0 and "file changed while it was read" in result.stdout
