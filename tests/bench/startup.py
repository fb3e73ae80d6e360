"""Benchmark: start-up, as whole fresh processes (medians of several runs, interleaved so that a
burst of load on a shared machine strikes every command alike).

`kifu --help`, `kifu explain CHESS101` and `kifu check` of one small game (chess, and a Go and a
xiangqi one: each game imports only its own modules), each against
`python -c pass` (the interpreter alone) on the same machine, with the bytecode caches a user's
install has; and `kifu check` against the
import of python-chess alone (`python -c "import chess.pgn"`), the floor of a chess check.
The goal (issue 33): explain and a one-file check within 0.15 s of `kifu --help`. On a loaded
machine the CPU time of each process (user + system, also a median) is the steadier figure.

    python tests/bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import kifu_command, row

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAME = FIXTURES / "chess/good/opera-game.pgn"
GO_GAME = FIXTURES / "go/good/9x9-even-two-passes.sgf"
XIANGQI_GAME = FIXTURES / "xiangqi/good/mate.pgn"
KIFU = kifu_command()
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import chess.pgn'": [sys.executable, "-c", "import chess.pgn"],
    "kifu --help": [*KIFU, "--help"],
    "kifu explain CHESS101": [*KIFU, "explain", "CHESS101"],
    "kifu check (one game)": [*KIFU, "check", "-q", str(GAME)],
    "kifu check (one Go game)": [*KIFU, "check", "-q", str(GO_GAME)],
    "kifu check (one xiangqi game)": [*KIFU, "check", "-q", str(XIANGQI_GAME)],
}
#: the commands held to the goal, and the record each checks ("-": none)
GOALS = {
    "kifu explain CHESS101": "-",
    "kifu check (one game)": GAME.name,
    "kifu check (one Go game)": GO_GAME.name,
    "kifu check (one xiangqi game)": XIANGQI_GAME.name,
}
GOAL = 0.15


def medians(runs: int, env: dict[str, str]) -> tuple[dict[str, float], dict[str, float]]:
    """The median wall time and CPU time (user + system) of each command, the commands run in
    turn ``runs`` times after one run each that is not counted (it writes the bytecode caches)."""
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpu: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for counted in [False] + [True] * runs:
        for name, command in COMMANDS.items():
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=False, env=env)
            if counted:
                times[name].append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[name].append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
    return (
        {name: statistics.median(each) for name, each in times.items()},
        {name: statistics.median(each) for name, each in cpu.items()},
    )


def cached_bytecode(directory: str) -> dict[str, str]:
    """The environment of a user's start: the modules' bytecode cached (a pip install compiles
    it), here in ``directory`` so that the checkout stays clean, whatever PYTHONDONTWRITEBYTECODE
    this shell sets (without the cache every start compiles kifu's sources again)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": directory}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory(prefix="kifu-bench-pycache-") as directory:
        found, cpu = medians(runs, cached_bytecode(directory))
    bare, helps = found["python -c pass"], found["kifu --help"]
    print(f"median of {runs} runs each, whole processes, bytecode cached: wall time (CPU time)")
    for name, seconds in found.items():
        over_help = ""
        if name.startswith("kifu "):
            extra_cpu = cpu[name] - cpu["kifu --help"]
            over_help = f"; {seconds - helps:+.3f} s ({extra_cpu:+.3f} s) over kifu --help"
        print(
            f"  {name:<30} {seconds:.3f} s ({cpu[name]:.3f} s)  "
            f"({seconds - bare:+.3f} s over python -c pass{over_help})"
        )
    for name in GOALS:
        verdict = "within" if found[name] - helps <= GOAL else "NOT within"
        print(f"  {name}: {verdict} {GOAL} s of kifu --help")
    for name in ("kifu --help", *GOALS):
        row(f"start-up: {name}", GOALS.get(name, "-"), found[name], "python -c pass", bare)
    row(
        "start-up: kifu check, one game",
        GAME.name,
        found["kifu check (one game)"],
        "python -c 'import chess.pgn'",
        found["python -c 'import chess.pgn'"],
    )


if __name__ == "__main__":
    main()
