"""Conversion that loses nothing without saying so: file modes, --in-place, symlinks, output
errors and colliding outputs (issue 16's conversion cases)."""

from __future__ import annotations

import gzip
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
GAME = (ROOT / "fixtures/chess/good/opera-game.pgn").read_text()


def convert(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["convert", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def umask() -> Iterator[None]:
    saved = os.umask(0o022)
    yield
    os.umask(saved)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o077, 0o600)])
def test_a_new_output_file_has_the_mode_the_umask_gives(
    tmp_path: Path, umask: None, mask: int, expected: int
) -> None:
    source = tmp_path / "game.pgn"
    source.write_text(GAME)
    os.umask(mask)
    assert convert(str(source), "--to", "uci", "-o", str(tmp_path / "game.uci"))[0] == 0
    assert mode(tmp_path / "game.uci") == expected


def test_in_place_keeps_the_mode_and_the_owner(tmp_path: Path) -> None:
    source = tmp_path / "game.pgn"
    source.write_text(GAME.replace("\n\n1.", "\n\n1.", 1))
    source.chmod(0o640)
    owner = (source.stat().st_uid, source.stat().st_gid)
    if os.geteuid() == 0:  # as root the owner can be another user's, and must stay so
        os.chown(source, 65534, 65534)
        owner = (65534, 65534)
    assert convert(str(source), "--to", "pgn", "--in-place")[0] == 0
    assert mode(source) == 0o640 and (source.stat().st_uid, source.stat().st_gid) == owner


def test_in_place_writes_through_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.pgn"
    real.write_text(GAME)
    link = tmp_path / "link.pgn"
    link.symlink_to(real)
    assert convert(str(link), "--to", "pgn", "--in-place")[0] == 0
    assert link.is_symlink() and real.read_text().startswith('[Event "')


@pytest.mark.parametrize(
    ("name", "target"),
    [("game.pgn", "uci"), ("game.pgn", "json"), ("game.pgn.gz", "pgn"), ("game.xqf", "pgn")],
)
def test_in_place_into_another_format_is_refused(tmp_path: Path, name: str, target: str) -> None:
    source = tmp_path / name
    data = gzip.compress(GAME.encode()) if name.endswith(".gz") else GAME.encode()
    if name.endswith(".xqf"):
        data = (
            (ROOT / "fixtures/xiangqi/good")
            .joinpath(next(p.name for p in (ROOT / "fixtures/xiangqi/good").iterdir() if p.suffix == ".xqf"))
            .read_bytes()
        )
    source.write_bytes(data)
    code, _, err = convert(str(source), "--to", target, "--in-place")
    assert code == 2 and "same format only" in err
    assert source.read_bytes() == data


def test_an_output_error_is_said_per_input_and_the_others_are_converted(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pgn", tmp_path / "b.pgn"
    first.write_text(GAME)
    second.write_text(GAME)
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.pgn").mkdir()  # a directory where the first output must go
    code, _, err = convert(str(first), str(second), "--to", "pgn", "-o", f"{out}/")
    assert code == 2 and "cannot write" in err and (out / "b.pgn").is_file()


def test_an_output_directory_that_is_a_file_is_a_finding_not_a_traceback(tmp_path: Path) -> None:
    source = tmp_path / "a.pgn"
    source.write_text(GAME)
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    code, _, err = convert(str(source), "--to", "pgn", "-o", str(blocker / "a.pgn"))
    assert code == 2 and "cannot write" in err and "Traceback" not in err


def test_two_inputs_with_one_output_name_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    (tmp_path / "x" / "game.pgn").write_text(GAME)
    (tmp_path / "y" / "game.pgn").write_text(GAME)
    out = tmp_path / "out"
    code, _, err = convert(
        str(tmp_path / "x" / "game.pgn"), str(tmp_path / "y" / "game.pgn"), "--to", "uci", "-o", f"{out}/"
    )
    assert code == 2 and "would both be converted to" in err
    assert not out.exists() or not list(out.iterdir())


def test_an_empty_or_garbage_xqf_is_a_finding_with_exit_1(tmp_path: Path) -> None:
    for name, data in (("empty.xqf", b""), ("garbage.xqf", b"XQ" + bytes(range(256)) * 4)):
        source = tmp_path / name
        source.write_bytes(data)
        out = tmp_path / (name + ".pgn")
        code, _, err = convert(str(source), "--to", "pgn", "-o", str(out))
        assert code == 1 and err, name


class _Terminal:
    """A pseudo-terminal: ``path`` is a character device (no root needed) whose output is read,
    as it comes, from the other end."""

    def __init__(self) -> None:
        import threading

        self.master, self.slave = os.openpty()  # the slave kept open: the master reads until it closes
        self.path = os.ttyname(self.slave)
        self.received = b""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 1 << 16)
            except OSError:  # the last writer closed the device
                return
            if not chunk:
                return
            self.received += chunk

    def text(self) -> str:
        os.close(self.slave)
        self.reader.join(timeout=5)
        return self.received.decode("utf-8").replace("\r\n", "\n")


@pytest.mark.parametrize(
    "command",
    [
        ["check", "--format", "json", "--output-file"],
        ["convert", "--to", "uci", "-o"],
        ["show", "--format", "text", "-o"],
    ],
    ids=["check", "convert", "show"],
)
def test_an_output_that_is_a_device_is_written_to_not_replaced(command: list[str]) -> None:
    """``-o /dev/null`` (or a terminal, a named pipe) is written to: a rename of kifu's temporary
    file over it would put a regular file in the device's place (as root, /dev/null itself)."""
    try:
        terminal = _Terminal()
    except OSError as error:  # a sandbox without pseudo-terminals
        pytest.skip(f"no pseudo-terminal: {error}")
    try:
        game = str(ROOT / "fixtures/chess/good/opera-game.pgn")
        result = CliRunner().invoke(cli, [*command, terminal.path, game], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        assert stat.S_ISCHR(os.stat(terminal.path).st_mode)
        assert not list(Path(terminal.path).parent.glob(".kifu-*.tmp"))
        written = terminal.text()
        assert {"check": '"records"', "convert": "e2e4", "show": "FEN 1n1Rkb1r"}[command[0]] in written
    finally:
        os.close(terminal.master)


@pytest.mark.skipif(not os.path.islink("/dev/stdout"), reason="no /dev/stdout link on this system")
def test_dev_stdout_redirected_to_a_file_is_written_through(tmp_path: Path) -> None:
    """``-o /dev/stdout`` with standard output redirected to a file: the report goes to that
    file, and the link /dev/stdout stays a link (a rename would have replaced it)."""
    import subprocess
    import sys

    out = tmp_path / "report.json"
    game = str(ROOT / "fixtures/chess/good/opera-game.pgn")
    with out.open("wb") as stream:
        code = subprocess.run(
            [sys.executable, "-m", "kifu", "check", "--format", "json", "-o", "/dev/stdout", game],
            stdout=stream,
            check=False,
        ).returncode
    assert code == 0 and os.path.islink("/dev/stdout")
    assert '"records"' in out.read_text(encoding="utf-8")
