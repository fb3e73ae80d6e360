"""One safe write for every output (``-o`` of check, standings, score, show and convert, and
``convert --in-place``): never through a symbolic link, never into anything but a regular file
(a character device named as such, ``/dev/null`` or a terminal, excepted), an existing file's mode
kept, a hard-linked file refused, the temporary file removed on every catchable signal, and a
short or failed write an error (exit 2, one line), on a file or on standard output."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
OPERA = str(ROOT / "fixtures/chess/good/opera-game.pgn")
SWISS = str(ROOT / "fixtures/standings/swiss.csv")
GO = str(ROOT / "fixtures/go/good/9x9-even-two-passes.sgf")

#: each command with -o: its arguments before the output file, its input after it
COMMANDS = {
    "check": (["check", "--format", "json", "-o"], OPERA),
    "standings": (["standings", "--format", "csv", "-o"], SWISS),
    "score": (["score", "--format", "json", "-o"], GO),
    "show": (["show", "--format", "svg", "-o"], OPERA),
    "convert": (["convert", "--to", "pgn", "-o"], OPERA),
}


def argv(command: str, output: str | Path) -> list[str]:
    before, source = COMMANDS[command]
    return [*before, str(output), source]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def temporaries(folder: Path) -> list[Path]:
    return list(folder.glob(".kifu-*"))


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def umask() -> Iterator[None]:
    saved = os.umask(0o022)
    yield
    os.umask(saved)


# --- 1. a symbolic link at the output -----------------------------------------------------------


@pytest.mark.parametrize("dangling", [False, True], ids=["to-a-file", "dangling"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_symbolic_link_at_the_output_is_refused_its_target_untouched(
    tmp_path: Path, command: str, dangling: bool
) -> None:
    """Before: show wrote through the link (the target replaced, its mode reset, a dangling
    link's target created); check, standings and score replaced the link by a regular file."""
    secret = tmp_path / "secret"
    if not dangling:
        secret.write_text("mine")
        secret.chmod(0o600)
    link = tmp_path / "out.txt"
    link.symlink_to(secret)
    code, _, err = invoke(*argv(command, link))
    assert code == 2, err
    assert "out.txt is a symbolic link" in one_line(err)
    assert link.is_symlink() and os.readlink(link) == str(secret)
    if dangling:
        assert not secret.exists()
    else:
        assert secret.read_text() == "mine" and mode(secret) == 0o600
    assert not temporaries(tmp_path)


def test_a_refusal_names_the_path_terminal_safe(tmp_path: Path) -> None:
    link = tmp_path / "out\x1b]52.txt"
    link.symlink_to(tmp_path / "nowhere")
    code, _, err = invoke(*argv("show", link))
    assert code == 2 and "out\\x1b]52.txt is a symbolic link" in err and "\x1b" not in err


# --- 2. a FIFO, or a link to a FIFO or a device ---------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
@pytest.mark.parametrize("how", ["fifo", "link-to-fifo"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_fifo_is_refused_and_nothing_is_written_into_it(tmp_path: Path, command: str, how: str) -> None:
    """A named pipe is not a file: opened for writing it blocks until a reader comes (one who can
    make a FIFO where kifu writes can stop it), and what goes in is not kept."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    named = fifo
    if how == "link-to-fifo":
        named = tmp_path / "out.txt"
        named.symlink_to(fifo)
    # a reader that never waits: a kifu that wrongly opens the pipe does not block (it did before)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        code, _, err = invoke(*argv(command, named))
        try:
            received = os.read(reader, 1 << 20)
        except BlockingIOError:
            received = b""
    finally:
        os.close(reader)
    assert code == 2, err
    assert received == b""
    line = one_line(err)
    assert ("symbolic link" if how == "link-to-fifo" else "not a regular file") in line
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and not temporaries(tmp_path)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_to_a_device_is_refused(tmp_path: Path, command: str) -> None:
    link = tmp_path / "out.txt"
    link.symlink_to("/dev/null")
    code, _, err = invoke(*argv(command, link))
    assert code == 2 and "symbolic link" in one_line(err)
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_character_device_named_as_such_is_written_to(command: str) -> None:
    """The established exception (tests/core/test_convert_safety.py): ``-o /dev/null``."""
    code, _, err = invoke(*argv(command, "/dev/null"))
    assert code == 0, err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


# --- 3. an existing file keeps its mode -----------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_an_existing_output_keeps_its_mode_and_owner(tmp_path: Path, umask: None, command: str) -> None:
    """As the shell's ``>`` does: before, the file replaced took the umask's mode (0644)."""
    out = tmp_path / "out.txt"
    out.write_text("old\n")
    out.chmod(0o600)
    owner = (out.stat().st_uid, out.stat().st_gid)
    if os.geteuid() == 0:  # as root, the owner of another user's file is kept too
        os.chown(out, 65534, 65534)
        owner = (65534, 65534)
    code, _, err = invoke(*argv(command, out))
    assert code == 0, err
    assert out.read_text() != "old\n"
    assert mode(out) == 0o600 and (out.stat().st_uid, out.stat().st_gid) == owner
    assert not temporaries(tmp_path)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_new_output_has_the_mode_of_the_umask(tmp_path: Path, umask: None, command: str) -> None:
    os.umask(0o027)
    out = tmp_path / "new.txt"
    assert invoke(*argv(command, out))[0] == 0
    assert mode(out) == 0o640


# --- 4. a hard-linked file ------------------------------------------------------------------------


@pytest.mark.parametrize("command", [*COMMANDS, "convert --in-place"])
def test_a_hard_linked_file_is_refused_and_its_links_kept(tmp_path: Path, command: str) -> None:
    """Before, the file was replaced by a new one: its other names kept the old content."""
    out = tmp_path / "out.pgn"
    out.write_text(Path(OPERA).read_text() if command == "convert --in-place" else "old\n")
    other = tmp_path / "other.pgn"
    os.link(out, other)
    before = out.read_bytes()
    if command == "convert --in-place":
        args = ["convert", "--to", "pgn", "--in-place", str(out)]
    else:
        args = argv(command, out)
    code, _, err = invoke(*args)
    assert code == 2, err
    line = one_line(err)
    assert "out.pgn has 2 hard links" in line
    assert ("--in-place" if command == "convert --in-place" else "another output") in line
    assert os.path.samefile(out, other) and out.stat().st_nlink == 2
    assert out.read_bytes() == before and not temporaries(tmp_path)


# --- 5. a signal while the temporary file is there --------------------------------------------------


CATCHABLE = [signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGTERM, signal.SIGINT]


def _no_core() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # SIGQUIT's default action dumps core


@pytest.mark.parametrize("number", CATCHABLE, ids=lambda number: signal.Signals(number).name)
@pytest.mark.parametrize("command", [*COMMANDS, "convert --in-place"])
def test_a_signal_while_writing_leaves_no_temporary_file(tmp_path: Path, command: str, number: int) -> None:
    """The signal comes, deterministically, once the temporary file is written and before it is
    renamed into place (from the fsync between them); kifu ends as the signal ends a process, the
    output as it was. Before, SIGHUP, SIGQUIT and SIGUSR1 left the temporary file behind."""
    out = tmp_path / "out.pgn"
    out.write_text(Path(OPERA).read_text() if command == "convert --in-place" else "before\n")
    before = out.read_bytes()
    if command == "convert --in-place":
        args = ["convert", "--to", "pgn", "--in-place", str(out)]
    else:
        args = argv(command, out)
    script = (
        "import os, sys\n"
        f"os.fsync = lambda fd: os.kill(os.getpid(), {int(number)})\n"
        "from kifu.app import main\n"
        f"sys.argv = ['kifu', *{args!r}]\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        cwd=tmp_path,
        preexec_fn=_no_core,
        timeout=120,
        check=False,
    )
    assert done.returncode == -number, done.stderr
    assert not temporaries(tmp_path) and out.read_bytes() == before


def test_an_ignored_signal_stays_ignored(tmp_path: Path) -> None:
    """Under ``nohup`` (SIGHUP ignored) a hang-up does not stop kifu: the output is written."""
    out = tmp_path / "out.txt"
    script = (
        "import os, signal, sys\n"
        "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGHUP)\n"
        "from kifu.app import main\n"
        f"sys.argv = ['kifu', *{argv('check', out)!r}]\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert '"records"' in out.read_text() and not temporaries(tmp_path)


# --- 6. a short or failed write ----------------------------------------------------------------------


#: every command that writes to standard output, with an output larger than LIMIT
STDOUT = {
    "show-svg": ["show", "--format", "svg", OPERA],
    "show-text": ["show", OPERA],
    "config": ["config"],
    "score": ["score", "--format", "json", GO],
    "check": ["check", "--format", "json", OPERA],
    "standings": ["standings", SWISS],
    "convert": ["convert", "--to", "pgn", OPERA],
}
LIMIT = 200


def _run_limited(args: list[str], stdout: int | None, unbuffered: bool) -> subprocess.CompletedProcess[bytes]:
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))

    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if unbuffered:  # as many container images set it: Python then drops a short write's rest
        env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "kifu", *args],
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=limited,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("unbuffered", [True, False], ids=["unbuffered", "buffered"])
@pytest.mark.parametrize("name", STDOUT)
def test_a_file_size_limit_on_stdout_is_exit_2_and_one_line(
    tmp_path: Path, name: str, unbuffered: bool
) -> None:
    """Before, with PYTHONUNBUFFERED set, show, config and score printed the first LIMIT bytes
    and exited 0."""
    with open(tmp_path / "stdout", "wb") as out:
        done = _run_limited(STDOUT[name], out.fileno(), unbuffered)
    assert (tmp_path / "stdout").stat().st_size == LIMIT
    assert done.returncode == 2
    assert done.stderr.decode() == "kifu: cannot write the output: File too large\n"


@pytest.mark.parametrize("unbuffered", [True, False], ids=["unbuffered", "buffered"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_size_limit_on_an_output_file_is_exit_2_and_one_line(
    tmp_path: Path, command: str, unbuffered: bool
) -> None:
    """Before: check and score said "cannot write the output" without naming the file; show
    said it with its usage text."""
    out = tmp_path / "out.txt"
    done = _run_limited(argv(command, out), None, unbuffered)
    assert done.returncode == 2
    line = one_line(done.stderr.decode())
    assert f"cannot write {out}: File too large" in line
    assert not out.exists() and not temporaries(tmp_path)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("command", COMMANDS)
def test_dev_full_named_as_the_output_is_exit_2_and_one_line(command: str) -> None:
    code, _, err = invoke(*argv(command, "/dev/full"))
    assert code == 2 and "cannot write /dev/full: No space left on device" in one_line(err)


# --- standard output by name --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
@pytest.mark.parametrize("command", COMMANDS)
def test_dash_and_dev_stdout_are_standard_output(tmp_path: Path, command: str, name: str) -> None:
    """With standard output redirected to a file, the output goes there; no file named ``-`` is
    made (show made one) and the link /dev/stdout stays a link."""
    if name == "/dev/stdout" and not os.path.islink("/dev/stdout"):
        pytest.skip("no /dev/stdout link on this system")
    with open(tmp_path / "stdout", "wb") as out:
        done = subprocess.run(
            [sys.executable, "-m", "kifu", *argv(command, name)],
            stdout=out,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "stdout").stat().st_size > 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["stdout"]
