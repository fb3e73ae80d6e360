"""Benchmark: kifu's SGF check against sgfmill's parse + replay, on every corpus SGF file.

sgfmill side: ``sgf_grammar.parse_sgf_collection`` (every game of each file), then
``Sgf_game.from_coarse_game_tree``, ``sgf_moves.get_setup_and_moves`` and ``Board.play`` for
each main-line move; a file it rejects costs what it cost until the exception. kifu side: the
whole check (decode, parse with the Lark grammar, properties, replay of every variation with
positional superko, scoring, findings). Both run in this process, alternately, timed in CPU
seconds of this process (other load on the machine counts less than in wall-clock time); the
best run of each is printed with the ratio. Numbers, not assertions.

Then, as users run it, whole processes on the corpus's SGF files copied ten times (one game
per file, as Go archives are): ``kifu check -r --format json --jobs 1`` and ``--jobs 2``
against a process doing sgfmill's parse + replay of the same files (:data:`SGFMILL_PROCESS`:
sgfmill alone, no kifu import; and :data:`SGFMILL_FIRST_GAME`, the plainest way, which reads
only each file's first game), alternately, wall time, medians: one row per ``--jobs``
(issue 31 compares one core with one core: ``--jobs 1``; ``--jobs N`` given once or more
measures those instead, ``--jobs 0`` kifu's default). Each command's CPU time (its user +
system time) is printed too: on a loaded machine it says more than the wall time.

    python tests/bench/go_check.py [DIR] [--runs N] [--commands N] [--jobs N ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.core.sources import Source
from kifu.games import check
from kifu.go.parser import parser as sgf_parser

DEFAULT = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "go"


#: sgfmill's parse + replay, one definition for both sides: this script runs it in its own
#: process (``sgfmill_check``), and the peer command runs it as a program of its own, which
#: imports sgfmill and nothing of kifu (this script's imports of kifu would add kifu's
#: start-up to the peer's time).
SGFMILL = """
from pathlib import Path

from sgfmill import sgf, sgf_grammar, sgf_moves


def sgfmill_check(paths: list[Path]) -> tuple[int, int]:
    # (games, moves) that sgfmill parses and replays
    games = moves = 0
    for path in paths:
        try:
            collection = sgf_grammar.parse_sgf_collection(path.read_bytes())
        except ValueError:
            continue
        for coarse in collection:
            try:
                game = sgf.Sgf_game.from_coarse_game_tree(coarse)
                board, plays = sgf_moves.get_setup_and_moves(game)
                for colour, move in plays:
                    if move is not None:
                        board.play(move[0], move[1], colour)
                    moves += 1
                games += 1
            except ValueError:
                continue
    return games, moves
"""
#: the peer command: ``SGFMILL`` over the SGF files under its argument
SGFMILL_PROCESS = (
    SGFMILL
    + """
import sys
sgfmill_check(sorted(Path(sys.argv[1]).rglob("*.sgf")))
"""
)
#: the plainest sgfmill peer, as its documentation reads a file: ``Sgf_game.from_bytes`` (the
#: file's first game only), its setup and main line replayed; it does less than
#: :data:`SGFMILL_PROCESS` (a file's other games are not read), so it is the harder bar
SGFMILL_FIRST_GAME = """
import sys
from pathlib import Path

from sgfmill import sgf, sgf_moves

for path in sorted(Path(sys.argv[1]).rglob("*.sgf")):
    try:
        game = sgf.Sgf_game.from_bytes(path.read_bytes())
        board, plays = sgf_moves.get_setup_and_moves(game)
        for colour, move in plays:
            if move is not None:
                board.play(move[0], move[1], colour)
    except ValueError:
        continue
"""
_namespace: dict[str, Any] = {}
exec(SGFMILL, _namespace)
sgfmill_check: Callable[[list[Path]], tuple[int, int]] = _namespace["sgfmill_check"]


def kifu_check(paths: list[Path]) -> tuple[int, int]:
    """(games, main-line moves) of kifu's full check."""
    games = moves = 0
    options = Options()
    for path in paths:
        for item in check(Source(str(path)), "go", "sgf", options):
            if isinstance(item, RecordReport):
                games += 1
                moves += item.plies
    return games, moves


def measure(function: Callable[[list[Path]], tuple[int, int]], paths: list[Path]) -> tuple[float, int, int]:
    """CPU seconds of this process for one run, and the (games, moves) it counted."""
    start = time.process_time()
    result = function(paths)
    return time.process_time() - start, *result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--commands", type=int, default=7, metavar="N", help="rounds of whole-process runs")
    parser.add_argument(
        "--jobs",
        type=int,
        action="append",
        metavar="N",
        help="kifu check --jobs N (repeatable; default: 1 and 2; 0: kifu's default)",
    )
    parser.add_argument(
        "--memory",
        type=int,
        default=0,
        metavar="MIB",
        help="also measure peak memory on a generated archive of about MIB MiB",
    )
    args = parser.parse_args()
    paths = sorted(args.directory.rglob("*.sgf"))
    kifu_check(paths[:3])
    sgf_parser()  # build the grammar once, as a long-running process would have
    size = sum(p.stat().st_size for p in paths)
    print(f"{len(paths)} SGF files, {size / 1024:.0f} KiB, best of {args.runs} alternating runs (CPU time)")
    functions = {"sgfmill parse + replay": sgfmill_check, "kifu check": kifu_check}
    best: dict[str, tuple[float, int, int]] = {}
    for _ in range(args.runs):
        for name, function in functions.items():
            seconds, games, moves = measure(function, paths)
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, games, moves)
    for name, (seconds, games, moves) in best.items():
        print(
            f"  {name:<24} {seconds * 1000:8.1f} ms  {games:4d} games  {moves:6d} moves  "
            f"{moves / seconds:9,.0f} moves/s"
        )
    ratio = best["kifu check"][0] / best["sgfmill parse + replay"][0]
    print(f"  kifu / sgfmill time ratio: {ratio:.2f} (below 1: kifu is faster)")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from table import row

    row(
        "Go check (parse, replay, superko), CPU time",
        f"{len(paths)} corpus SGF files",
        best["kifu check"][0],
        "sgfmill parse + replay",
        best["sgfmill parse + replay"][0],
    )
    if args.commands:
        commands(paths, args.commands, args.jobs or [1, 2])
    if args.memory:
        memory(paths, args.memory)


def commands(paths: list[Path], rounds: int, jobs: list[int]) -> None:
    """Whole processes on the files copied ten times: kifu check --format json (once for each
    of ``jobs``) against sgfmill, alternately."""
    import os
    import shutil
    import statistics
    import subprocess
    import tempfile

    from table import kifu_command, row

    with tempfile.TemporaryDirectory() as folder:
        for copy in range(10):
            for number, path in enumerate(paths):
                target = Path(folder) / f"copy{copy}" / f"{number:04d}-{path.name}"
                target.parent.mkdir(exist_ok=True)
                shutil.copyfile(path, target)
        check = [*kifu_command(), "check", "-r", "--format", "json", folder]
        runs = {
            "sgfmill": [sys.executable, "-c", SGFMILL_PROCESS, folder],
            "sgfmill first game": [sys.executable, "-c", SGFMILL_FIRST_GAME, folder],
        }
        for n in jobs:
            runs[f"kifu {n}"] = check + (["--jobs", str(n)] if n else [])
        times: dict[str, list[float]] = {name: [] for name in runs}
        cpu: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(rounds):
            for name, command in runs.items():
                before = os.times()
                start = time.perf_counter()
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
                times[name].append(time.perf_counter() - start)
                after = os.times()
                cpu[name].append(
                    (after.children_user - before.children_user)
                    + (after.children_system - before.children_system)
                )
        peer, peer_cpu = statistics.median(times["sgfmill"]), statistics.median(cpu["sgfmill"])
        files = len(paths) * 10
        for n in jobs:
            kifu, kifu_cpu = statistics.median(times[f"kifu {n}"]), statistics.median(cpu[f"kifu {n}"])
            option = f" --jobs {n}" if n else " (default --jobs)"
            print(
                f"  commands on {files} files (the corpus x10), medians of {rounds}: kifu check -r "
                f"--format json{option} {kifu:.2f} s, sgfmill parse + replay {peer:.2f} s: "
                f"{peer / kifu:.2f}x; CPU time {kifu_cpu:.2f} s against {peer_cpu:.2f} s: "
                f"{peer_cpu / kifu_cpu:.2f}x"
            )
            row(
                f"Go check -r --format json{option}, command, wall time",
                f"{files} SGF files (corpus x10)",
                kifu,
                "sgfmill parse + replay, one process",
                peer,
            )
            first = statistics.median(times["sgfmill first game"])
            print(
                f"  the same against sgfmill's first game of each file (Sgf_game.from_bytes): "
                f"{first:.2f} s, {first / kifu:.2f}x"
            )
            row(
                f"Go check -r --format json{option}, command, wall time",
                f"{files} SGF files (corpus x10)",
                kifu,
                "sgfmill Sgf_game.from_bytes + replay, one process",
                first,
            )


def memory(paths: list[Path], megabytes: int) -> None:
    """Peak memory of ``kifu check`` (a child process) on a generated archive of about ``megabytes``."""
    import os
    import resource
    import subprocess
    import sys
    import tempfile

    games = [p.read_text(encoding="utf-8") for p in paths if "generated" in p.parts]
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "archive.sgf"
        with archive.open("w", encoding="utf-8") as out:
            number = 0
            while out.tell() < megabytes << 20:
                out.write(games[number % len(games)] + "\n")
                number += 1
        kifu = Path(sys.executable).with_name("kifu")
        start = time.perf_counter()
        subprocess.run(
            [str(kifu), "check", "-q", "--jobs", "1", str(archive)],
            stdout=subprocess.DEVNULL,
            check=False,
            env={**os.environ},
        )
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(
            f"  memory: {number} games, {archive.stat().st_size >> 20} MiB archive: kifu check peak RSS "
            f"{peak:.0f} MiB, {seconds:.1f} s"
        )


if __name__ == "__main__":
    main()
