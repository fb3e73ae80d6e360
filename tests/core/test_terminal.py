"""The terminal: the progress bar never shares a line with a finding (a real pseudo-terminal),
colour with --color and NO_COLOR, and the default of --jobs."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
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


def run_in_terminal(arguments: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run kifu with stdout and stderr on one pseudo-terminal; everything it wrote there."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu", *arguments],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        cwd=cwd,
        env={**os.environ, "COLUMNS": "200", **(env or {})},
    )
    os.close(follower)
    chunks: list[bytes] = []
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
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
    assert "checking [" in raw, raw[:500]  # the bar was drawn
    lines = screen_lines(raw)
    findings = [line for line in lines if "CHESS101" in line]
    assert len(findings) == 12
    assert all(line.startswith("./board") and "checking [" not in line for line in findings), findings
    assert any(line.startswith("kifu: 12 file(s)") for line in lines)
    assert not any("checking [" in line for line in lines[-3:])  # the bar is gone at the end
    assert "\x1b[31;1merror\x1b[0m" in raw  # colour on a terminal


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
    bar = ProgressBar(err, 100, interval=0)
    bar.draw()
    stream = BarSafeStream(out, bar)
    stream.write("partial ")
    assert err.getvalue().endswith("\r\x1b[K")
    bar.update(50)  # a line is half written: no bar now
    assert err.getvalue().endswith("\r\x1b[K")
    stream.write("line\n")
    assert err.getvalue().endswith("checking [" + "#" * 15 + "-" * 15 + "]  50%")
    bar.close()
    stream.write("after\n")
    assert err.getvalue().endswith("\r\x1b[K") and out.getvalue() == "partial line\nafter\n"


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
