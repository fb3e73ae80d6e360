"""Ctrl-C ends a run with one line and status 130 (the shell's for SIGINT), whatever the options:
Click's "Aborted!" and status 1 were the status of findings, which `--exit-zero` hid."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest


@pytest.mark.parametrize("options", [[], ["--exit-zero"], ["--format", "json"]])
def test_ctrl_c_is_status_130_and_one_line(options: list[str]) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu", "check", *options, "-"],  # waits for standard input
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={k: v for k, v in os.environ.items() if k != "KIFU_PURE"},
    )
    assert process.stdin is not None
    process.stdin.write(b'[Event "x"]\n')
    process.stdin.flush()
    deadline = time.monotonic() + 30
    # kifu reads standard input once it has started: the signal is sent while it waits for more
    while time.monotonic() < deadline and not _reading_stdin(process.pid):
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert err.decode().strip().splitlines() == ["kifu: interrupted"]
    assert out == b"" or options == ["--format", "json"]  # (the JSON report begun: incomplete, exit 130)


def _reading_stdin(pid: int) -> bool:
    """Whether the process waits in a read of its standard input (Linux: its syscall)."""
    try:
        with open(f"/proc/{pid}/syscall") as handle:
            fields = handle.read().split()
    except OSError:
        return False
    return bool(fields) and fields[0] == "0" and len(fields) > 1 and int(fields[1], 16) == 0  # read(0, …)
