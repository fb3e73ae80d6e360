"""The terminal: the progress bar never shares a line with a finding (a real pseudo-terminal),
colour with --color and NO_COLOR, and the default of --jobs."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.terminal import BarSafeStream, ProgressBar, use_color
from kifu.commands.check import BREAK_EVEN, default_jobs
from kifu.core.sources import Source

ROOT = Path(__file__).resolve().parents[2]
ILLEGAL = "1. e4 e5 2. Ke3 *\n"
GOOD = (ROOT / "fixtures/chess/good/opera-game.pgn").read_text()
_SGR = re.compile(r"\x1b\[[0-9;]*m")


def screen_lines(raw: str) -> list[str]:
    """What a terminal shows of ``raw``, line by line: CR returns to the start of the line,
    ESC[K erases to its end, other text overwrites."""
    lines: list[str] = []
    for part in _SGR.sub("", raw).replace("\r\n", "\n").split("\n"):
        line: list[str] = []
        cursor = 0
        for piece in re.split(r"(\r|\x1b\[K)", part):
            if piece == "\r":
                cursor = 0
            elif piece == "\x1b[K":
                del line[cursor:]
            else:
                for ch in piece:
                    if cursor < len(line):
                        line[cursor] = ch
                    else:
                        line.append(ch)
                    cursor += 1
        lines.append("".join(line))
    return lines


def _terminal_environment() -> dict[str, str]:
    """This environment as a person's terminal has it: no ``CI``, no ``NO_COLOR``, an xterm."""
    kept = {key: value for key, value in os.environ.items() if key not in ("CI", "TERM", "NO_COLOR")}
    return {**kept, "TERM": "xterm"}


def run_in_terminal(arguments: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run kifu with stdout and stderr on one pseudo-terminal; everything it wrote there."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu", *arguments],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        cwd=cwd,
        # (a terminal of a person, not a CI runner's: CI, which .ci/run sets, turns the bar off)
        env={**_terminal_environment(), "COLUMNS": "200", **(env or {})},
    )
    os.close(follower)
    return _read_terminal(leader, process, 60)


def _read_terminal(leader: int, process: subprocess.Popen[bytes], timeout: float) -> str:
    """Everything the process writes on the pseudo-terminal ``leader`` until it closes it (the
    process is killed when it says nothing for ``timeout`` seconds)."""
    chunks: list[bytes] = []
    while True:
        if not select.select([leader], [], [], timeout)[0]:
            process.kill()
            break
        try:
            data = os.read(leader, 65536)
        except OSError:  # the follower side closed: EIO on Linux
            break
        if not data:
            break
        chunks.append(data)
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", errors="replace")


@pytest.fixture
def round_dir(tmp_path: Path) -> Path:
    """Files whose findings arrive while the bar is shown: good games between broken ones."""
    for n in range(12):
        (tmp_path / f"board{n:02}.pgn").write_text((GOOD + "\n") * 20 + ILLEGAL)
    return tmp_path


def test_no_finding_shares_a_line_with_the_progress_bar(round_dir: Path) -> None:
    raw = run_in_terminal(["check", "--isolated", "-r", "-j", "1", "."], round_dir)
    assert "checking  0/12 files [" in raw, raw[:500]  # the bar was drawn
    lines = screen_lines(raw)
    findings = [line for line in lines if "CHESS101" in line]
    assert len(findings) == 12
    assert all(line.startswith("./board") and "checking " not in line for line in findings), findings
    assert any(line.startswith("kifu: 12 file(s)") for line in lines)
    assert not any("checking " in line for line in lines[-3:])  # the bar is gone at the end
    assert "\x1b[31;1merror\x1b[0m" in raw  # colour on a terminal


def run_with_terminal_stderr(
    arguments: list[str], cwd: Path, env: dict[str, str] | None = None, stdout: int | None = None
) -> tuple[str, str]:
    """Run kifu with stderr on a pseudo-terminal (80 columns) and stdout into a file (or
    ``stdout``); everything written on the terminal, and the file's text."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    with (cwd / ".." / "stdout.txt").open("w+b") as report:
        process = subprocess.Popen(
            [sys.executable, "-m", "kifu", *arguments],
            stdin=subprocess.DEVNULL,
            stdout=report if stdout is None else stdout,
            stderr=follower,
            cwd=cwd,
            env={**_terminal_environment(), **(env or {})},
        )
        os.close(follower)
        written = _read_terminal(leader, process, 120)
        report.seek(0)
        return written, report.read().decode("utf-8")


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """30 files: good games, an illegal move, a drawn game (an info), a binary file, an empty one."""
    folder = tmp_path / "archive"
    folder.mkdir()
    drawn = (ROOT / "tests/cases/chess/severity/chess-info-draw-by-agreement.pgn").read_text()
    for n in range(30):
        text = {0: ILLEGAL, 1: drawn, 2: "", 3: None}.get(n % 10, "\n".join([GOOD] * 3))
        path = folder / f"f{n:02}.pgn"
        if text is None:
            path.write_bytes(b"\x00\x01binary\x00" * 50)
        else:
            path.write_text(text)
    return folder


#: a state of the bar: ``checking  12/30 files [###---]  40%  …``
_STATE = re.compile(r"checking  (\d+)/(\d+) files \[[#-]+\] +(\d+)%  ([^\r\x1b]*)")


def test_the_progress_bar_reaches_every_file_and_100_percent(archive: Path) -> None:
    raw, report = run_with_terminal_stderr(["check", "--isolated", "-j", "1", "."], archive)
    states = [
        (int(done), int(total), int(percent), rest) for done, total, percent, rest in _STATE.findall(raw)
    ]
    assert states, raw
    assert all(total == 30 for _, total, _, _ in states)
    assert [done for done, *_ in states] == sorted(done for done, *_ in states)  # never back
    assert [percent for _, _, percent, _ in states] == sorted(percent for _, _, percent, _ in states)
    done, _, percent, rest = states[-1]
    assert (done, percent) == (30, 100) and re.fullmatch(r"\d[\d,]* records/s  in \d+:\d\d", rest), rest
    assert all(percent < 100 for done, _, percent, _ in states if done < 30)
    assert all(re.search(r"ETA (\d+:\d\d|--:--)$", rest) for done, _, _, rest in states[:-1])
    lines = screen_lines(raw)
    # the bar is erased; the summary stays, the last thing on the terminal
    assert [line for line in lines if line] == [lines[-2]] and lines[-2].startswith(
        "kifu: 30 file(s), 60 record(s): 9 error(s), 3 warning(s), 3 info(s) not shown "
    )
    drawn = [piece.replace("\x1b[K", "") for piece in raw.split("\r") if "checking" in piece]
    assert len(drawn) == len(states) and all(len(piece) < 80 for piece in drawn)  # never wraps
    assert report.count("error IO004") == 3 and report.count("error IO005") == 3
    assert report.count("error CHESS101") == 3 and " info " not in report


@pytest.mark.parametrize(
    ("env", "piped"),
    [({}, True), ({"TERM": "dumb"}, False), ({"CI": "true"}, False)],
    ids=["report-into-a-pipe", "dumb-terminal", "ci"],
)
def test_no_progress_bar_on_a_dumb_terminal_in_ci_or_into_a_pipe(
    archive: Path, env: dict[str, str], piped: bool
) -> None:
    reader, writer = os.pipe()
    raw, _ = run_with_terminal_stderr(["check", "--isolated", "."], archive, env, writer if piped else None)
    os.close(writer)
    os.close(reader)
    assert "checking" not in raw and "\x1b[K" not in raw and "\r" not in raw.replace("\r\n", "\n")
    assert raw.startswith("kifu: 30 file(s)"), raw


def test_no_progress_when_stderr_is_not_a_terminal(archive: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kifu", "check", "--isolated", "."],
        cwd=archive,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "TERM": "xterm"},
    )
    assert done.stderr.startswith("kifu: 30 file(s), 60 record(s)") and done.stderr.count("\n") == 1
    assert "\r" not in done.stderr and "\x1b" not in done.stderr and "checking" not in done.stderr


def test_no_color_in_the_environment(round_dir: Path) -> None:
    raw = run_in_terminal(["check", "--isolated", "-q", "board00.pgn"], round_dir, {"NO_COLOR": "1"})
    assert "CHESS101" in raw and "\x1b[3" not in raw
    raw = run_in_terminal(
        ["check", "--isolated", "-q", "--color", "always", "board00.pgn"], round_dir, {"NO_COLOR": "1"}
    )
    assert "\x1b[31;1merror" in raw
    raw = run_in_terminal(["check", "--isolated", "-q", "--color", "never", "board00.pgn"], round_dir)
    assert "CHESS101" in raw and "\x1b[" not in raw


def test_color_option_when_not_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "x.pgn").write_text(ILLEGAL)
    result = CliRunner().invoke(cli, ["check", "--isolated", "--color", "always", str(tmp_path / "x.pgn")])
    assert "\x1b[31;1merror\x1b[0m \x1b[36mCHESS101" in result.stdout
    assert "\x1b[31;1m1 error(s)" in result.stderr
    result = CliRunner().invoke(cli, ["check", "--isolated", str(tmp_path / "x.pgn")])
    assert "\x1b[" not in result.output  # auto, and not a terminal


def test_use_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert use_color("auto", Terminal()) and not use_color("auto", io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color("auto", Terminal()) and use_color("always", io.StringIO())
    assert not use_color("never", Terminal())


def test_the_bar_is_cleared_before_a_write_and_waits_for_a_whole_line() -> None:
    err, out = io.StringIO(), io.StringIO()
    bar = ProgressBar(err, [100, 100], interval=0)
    bar.draw()
    stream = BarSafeStream(out, bar)
    stream.write("partial ")
    assert err.getvalue().endswith("\r\x1b[K")
    bar.file_done(3)  # a line is half written: no bar now
    assert err.getvalue().endswith("\r\x1b[K")
    stream.write("line\n")
    drawn = re.match(r"\x1b\[Kchecking  1/2 files \[(#+)(-+)\]  50%", err.getvalue().rsplit("\r", 1)[-1])
    assert drawn is not None and abs(len(drawn[1]) - len(drawn[2])) <= 1
    bar.close()
    stream.write("after\n")
    assert err.getvalue().endswith("\r\x1b[K") and out.getvalue() == "partial line\nafter\n"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_bar_counts_files_bytes_records_and_the_time_left() -> None:
    clock = Clock()
    bar = ProgressBar(io.StringIO(), [300, 100, 0, 600], interval=0, clock=clock)
    assert bar.line(100) == "checking  0/4 files [" + "-" * 30 + "]   0%  ETA --:--"
    clock.now = 2.0
    bar.update(150, 40)  # half of the first file, by its task's weight
    assert bar.line(100) == "checking  0/4 files [####" + "-" * 26 + "]  15%  20 records/s  ETA 0:11"
    bar.update(10_000, 90)  # a weight past the file's size (characters, a compressed file) counts to its end
    assert bar.fraction == 0.3
    bar.file_done(90)
    bar.file_done(95)
    bar.file_done(95)  # a file that failed, or of unknown size
    assert bar.fraction == 0.4 and bar.files == 3
    bar.update(600, 200)  # the last file's tasks are in: 99 % until it is done
    assert " 99%" in bar.line(100)
    clock.now = 70.0
    bar.file_done(201)
    bar.finish()
    assert bar.line(100) == "checking  4/4 files [" + "#" * 30 + "] 100%  3 records/s  in 1:10"


def test_the_bar_fits_the_terminal_and_counts_files_without_sizes() -> None:
    bar = ProgressBar(io.StringIO(), [0] * 2400, interval=0)
    for _ in range(1200):
        bar.file_done(10_000)
    assert bar.fraction == 0.5
    assert bar.line(100).startswith("checking  1,200/2,400 files [###############---------------]  50%  ")
    assert len(bar.line(60)) <= 60 and "[" not in bar.line(60)  # too narrow for the bar: the counts stay
    assert ProgressBar(io.StringIO(), []).fraction == 1.0


def test_default_jobs_follow_the_break_even(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1}, raising=False)
    small = [tmp_path / f"s{n}.pgn" for n in range(9)]  # a round of nine boards
    for path in small:
        path.write_text(GOOD)
    assert default_jobs([Source(str(path)) for path in small]) == 1
    large = tmp_path / "large.pgn"
    large.write_bytes(b"x" * BREAK_EVEN)
    assert default_jobs([Source(str(large))]) == 2
    packed = tmp_path / "packed.pgn.gz"
    packed.write_bytes(b"x" * (BREAK_EVEN // 4))  # about five times as much text
    assert default_jobs([Source(str(packed))]) == 2
    assert default_jobs([Source("-")]) == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0}, raising=False)
    assert default_jobs([Source(str(large))]) == 1
