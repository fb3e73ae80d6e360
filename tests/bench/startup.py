"""Benchmark: start-up, as whole fresh processes (medians of several runs, interleaved so that a
burst of load on a shared machine strikes every command alike).

`kifu --help`, `kifu explain CHESS101` and `kifu check` of one small game, each against
`python -c pass` (the interpreter alone) on the same machine, with the bytecode caches a user's
install has; and `kifu check` against the
import of python-chess alone (`python -c "import chess.pgn"`), the floor of a chess check.
The goal (issue 33): explain and a one-file check within 0.15 s of `kifu --help`.

    python tests/bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import row

GAME = Path(__file__).resolve().parents[2] / "fixtures/chess/good/opera-game.pgn"
KIFU = [sys.executable, "-m", "kifu"]
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import chess.pgn'": [sys.executable, "-c", "import chess.pgn"],
    "kifu --help": [*KIFU, "--help"],
    "kifu explain CHESS101": [*KIFU, "explain", "CHESS101"],
    "kifu check (one game)": [*KIFU, "check", "-q", str(GAME)],
}
GOAL = 0.15


def medians(runs: int, env: dict[str, str]) -> dict[str, float]:
    """The median wall time of each command, the commands run in turn ``runs`` times after one
    run each that is not counted (it writes the bytecode caches)."""
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for counted in [False] + [True] * runs:
        for name, command in COMMANDS.items():
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=False, env=env)
            if counted:
                times[name].append(time.perf_counter() - start)
    return {name: statistics.median(each) for name, each in times.items()}


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
        found = medians(runs, cached_bytecode(directory))
    bare, helps = found["python -c pass"], found["kifu --help"]
    print(f"median of {runs} runs each, whole processes, bytecode cached")
    for name, seconds in found.items():
        over_help = f"; {seconds - helps:+.3f} s over kifu --help" if name.startswith("kifu ") else ""
        print(f"  {name:<30} {seconds:.3f} s  ({seconds - bare:+.3f} s over python -c pass{over_help})")
    for name in ("kifu explain CHESS101", "kifu check (one game)"):
        verdict = "within" if found[name] - helps <= GOAL else "NOT within"
        print(f"  {name}: {verdict} {GOAL} s of kifu --help")
    for name in ("kifu --help", "kifu explain CHESS101", "kifu check (one game)"):
        row(
            f"start-up: {name}",
            "-" if "check" not in name else GAME.name,
            found[name],
            "python -c pass",
            bare,
        )
    row(
        "start-up: kifu check, one game",
        GAME.name,
        found["kifu check (one game)"],
        "python -c 'import chess.pgn'",
        found["python -c 'import chess.pgn'"],
    )


if __name__ == "__main__":
    main()
