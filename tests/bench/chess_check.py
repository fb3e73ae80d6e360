"""Benchmark: `kifu check` of PGN against python-chess `read_game` + replay, and pgn-extract.

In this process, on one core, alternately: kifu's whole check (parse with the Lark grammar,
replay of every line, notation, results, automatic draws, claims; SAN cache cold at each run)
against python-chess `read_game`, a replay of the main line and `outcome(claim_draw=True)`,
which does strictly less (no variations, no positions of findings, no claims). Then, as
commands: `kifu check --jobs 1` on TWIC x5 against a python-chess process doing the same
`read_game` + replay + `outcome()` (issue 31's measure: start-up included), and `kifu check -q`
with one and two workers on TWIC x10 against `pgn-extract -r -s` (Debian's pgn-extract, when
installed), which checks the moves and reports the first error of a game. Commands are timed
both in wall time and in CPU time (user + system of the child processes, which other programs
on a shared machine do not inflate).

Inputs: the 232-game TWIC file of the shared corpus, and archives of 1,160 and 2,320 games
made by repeating it five and ten times (deterministic). Medians of alternating runs.

    python tests/bench/chess_check.py [FILE.pgn] [--runs N]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import chess.pgn

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kifu.chess.walk import clear_cache
from kifu.core.game import Options
from kifu.core.sources import Source
from kifu.games import check
from table import kifu_command, row

DEFAULT = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"


def python_chess(path: Path) -> int:
    """read_game + replay of the main line + outcome, the usual python-chess validation."""
    games = 0
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            board.outcome(claim_draw=True)
            games += 1
    return games


def kifu(path: Path) -> int:
    """kifu's whole check: parse, replay every line, results, claims, findings (cold cache)."""
    clear_cache()
    games = 0
    for item in check(Source(str(path)), "chess", "pgn", Options()):
        if any(finding.code == "KIFU001" for finding in getattr(item, "findings", ())):
            raise SystemExit(f"kifu failed inside ({path}): the timing would be meaningless")
        games += hasattr(item, "index")
    return games


def alternate(
    functions: dict[str, Callable[[], object]], runs: int, clock: Callable[[], float] = time.process_time
) -> dict[str, float]:
    """Median seconds of each function, run in turn so that drift affects all alike.

    In-process comparisons count CPU time (``time.process_time``): on a shared machine, wall
    time also counts the other programs' share of the cores.
    """
    times: dict[str, list[float]] = {name: [] for name in functions}
    for _ in range(runs):
        for name, function in functions.items():
            start = clock()
            function()
            times[name].append(clock() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def children_cpu() -> float:
    """CPU seconds (user + system) of the child processes waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_commands(commands: dict[str, list[str]], runs: int) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and CPU seconds of each command (its own process and its children), in turn."""
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            cpu, wall = children_cpu(), time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            walls[name].append(time.perf_counter() - wall)
            cpus[name].append(children_cpu() - cpu)
    return (
        {name: statistics.median(values) for name, values in walls.items()},
        {name: statistics.median(values) for name, values in cpus.items()},
    )


#: the python-chess process of issue 31's measure: what ``python_chess`` does, start-up included
PYTHON_CHESS_PROCESS = """
import sys
import chess.pgn
with open(sys.argv[1], encoding="utf-8-sig", errors="replace") as handle:
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        board.outcome(claim_draw=True)
"""


def pgn_extract() -> str | None:
    return shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not args.file.exists():
        sys.exit(f"no such file: {args.file}")
    kifu(args.file)  # warm the grammar cache
    with tempfile.TemporaryDirectory() as temporary:
        archive = Path(temporary) / "archive.pgn"
        text = args.file.read_text(encoding="utf-8", errors="replace").rstrip() + "\n\n"
        archive.write_text(text * 10)
        five = Path(temporary) / "archive5.pgn"
        five.write_text(text * 5)
        for path in (args.file, archive):
            games = kifu(path)
            name = path.name if path is args.file else "TWIC x10"
            label = f"{name}: {games:,} games, {path.stat().st_size / 1e6:.1f} MB"
            medians = alternate(
                {"kifu": lambda p=path: kifu(p), "python-chess": lambda p=path: python_chess(p)}, args.runs
            )
            print(
                f"{label}: kifu {medians['kifu']:.3f} s ({games / medians['kifu']:.0f} games/s), "
                f"python-chess {medians['python-chess']:.3f} s"
            )
            row(
                "chess check, one core, CPU time",
                label,
                medians["kifu"],
                "python-chess read_game+replay",
                medians["python-chess"],
            )
        walls, cpus = timed_commands(
            {
                "kifu": [*kifu_command(), "check", "--jobs", "1", str(five)],
                "python-chess": [sys.executable, "-c", PYTHON_CHESS_PROCESS, str(five)],
            },
            max(3, args.runs),
        )
        pc_wall, pc_cpu = walls["python-chess"], cpus["python-chess"]
        print(
            f"commands on TWIC x5: kifu check --jobs 1 {walls['kifu']:.2f} s wall, {cpus['kifu']:.2f} s CPU; "
            f"python-chess {pc_wall:.2f} s wall, {pc_cpu:.2f} s CPU; "
            f"python-chess/kifu {pc_wall / walls['kifu']:.2f}x wall, {pc_cpu / cpus['kifu']:.2f}x CPU"
        )
        row("chess check, command, CPU time, one core", "TWIC x5", cpus["kifu"], "python-chess", pc_cpu)
        extract = pgn_extract()
        commands = {
            "kifu": [*kifu_command(), "check", "-q", "--jobs", "1", str(archive)],
            "kifu -j2": [*kifu_command(), "check", "-q", "--jobs", "2", str(archive)],
        }
        if extract:
            commands["pgn-extract"] = [extract, "-r", "-s", str(archive)]
        walls, cpus = timed_commands(commands, max(3, args.runs // 2))
        nan = float("nan")
        extract_wall, extract_cpu = walls.get("pgn-extract", nan), cpus.get("pgn-extract", nan)
        print(
            f"commands on TWIC x10: kifu --jobs 1 {walls['kifu']:.2f} s wall ({cpus['kifu']:.2f} s CPU), "
            f"--jobs 2 {walls['kifu -j2']:.2f} s wall ({cpus['kifu -j2']:.2f} s CPU), "
            f"pgn-extract {extract_wall:.3f} s wall ({extract_cpu:.3f} s CPU)"
        )
        for name, cores in (("kifu", "one core"), ("kifu -j2", "both cores")):
            row(
                f"chess check, command, wall time, {cores}",
                "TWIC x10",
                walls[name],
                "pgn-extract -r",
                walls.get("pgn-extract"),
            )


if __name__ == "__main__":
    main()
