"""Benchmark: `kifu standings` of a large Swiss event, time and peak memory by number of players.

The input is a results table (CSV: round, board, player 1, player 2, result), the cheapest
form `kifu standings` reads: records would be replayed game by game first. The event is
generated here: P players, R rounds, Swiss-like pairings (each round the players sorted by
score, then by starting number, and neighbours paired, a rematch avoided when the next
player allows it; an odd one out gets a bye), results drawn from a seeded random generator
(so the same P and R give the same file). Each size is run once per output format as a fresh
process; its wall time and peak resident memory (``getrusage`` of the child) are printed as a
table row. The standings must grow linearly with the players: the 100,000-player run is
compared with the 1,000-player one times 100.

    python tests/bench/standings_scale.py [--players 1000,10000,100000] [--rounds 9]
                                          [--formats text,csv,json,trf] [--keep DIR]
"""

from __future__ import annotations

import argparse
import csv
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import row

KIFU = [sys.executable, "-m", "kifu", "standings"]
FORMATS = ("text", "csv", "json", "trf")
#: the results of a game drawn with these weights: player 1 wins, draw, player 2 wins
RESULTS = (("1-0", 0.4), ("1/2-1/2", 0.25), ("0-1", 0.35))


def pairings(order: list[int], met: list[set[int]]) -> tuple[list[tuple[int, int]], int | None]:
    """Neighbours of ``order`` paired, each with the next unpaired player not met yet (within a
    few places; a rematch when none is near); the one left over, if any, has the bye."""
    bye = order[-1] if len(order) % 2 else None
    free = order[:-1] if bye is not None else list(order)
    taken: set[int] = set()
    pairs = []
    for index, first in enumerate(free):
        if first in taken:
            continue
        near = [p for p in free[index + 1 : index + 16] if p not in taken][:8]
        second = next((p for p in near if p not in met[first]), near[0])
        taken |= {first, second}
        pairs.append((first, second))
    return pairs, bye


def write_event(path: Path, players: int, rounds: int, seed: int = 26) -> int:
    """Write the results table of ``players`` × ``rounds``; the number of rows."""
    chance = random.Random(seed)
    score = [0.0] * players
    met: list[set[int]] = [set() for _ in range(players)]
    written = 0
    outcomes, weights = zip(*RESULTS, strict=True)
    with path.open("w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(["round", "board", "player 1", "player 2", "result"])
        for round_ in range(1, rounds + 1):
            order = sorted(range(players), key=lambda p: (-score[p], p))
            pairs, bye = pairings(order, met)
            for board, (a, b) in enumerate(pairs, start=1):
                first, second = (a, b) if chance.random() < 0.5 else (b, a)
                result = chance.choices(outcomes, weights)[0]
                points = {"1-0": (1.0, 0.0), "1/2-1/2": (0.5, 0.5), "0-1": (0.0, 1.0)}[result]
                score[first] += points[0]
                score[second] += points[1]
                met[first].add(second)
                met[second].add(first)
                out.writerow([round_, board, _name(first), _name(second), result])
                written += 1
            if bye is not None:
                score[bye] += 1.0
                out.writerow([round_, len(pairs) + 1, _name(bye), "bye", ""])
                written += 1
    return written


def _name(player: int) -> str:
    return f"Player {player + 1:06d}"


def measure(arguments: list[str]) -> tuple[float, float, int, int, int]:
    """Wall time (s), CPU time (s: user and system, what a loaded machine does not inflate),
    peak resident memory (KiB), exit status and output size (bytes) of a fresh process running
    ``arguments`` (its stdout counted, not kept)."""
    code = (
        "import resource, subprocess, sys, time; t = time.perf_counter(); "
        "p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL); "
        "n = sum(len(b) for b in iter(lambda: p.stdout.read(1 << 20), b'')); p.wait(); "
        "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
        "print(time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss, p.returncode, n)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *arguments], capture_output=True, text=True, check=True
    )
    seconds, cpu, kib, status, size = done.stdout.split()
    return float(seconds), float(cpu), int(kib), int(status), int(size)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", default="1000,10000,100000", help="sizes, comma separated")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--formats", default=",".join(FORMATS), help="output formats, comma separated")
    parser.add_argument("--keep", type=Path, help="write the generated tables into DIR and keep them")
    args = parser.parse_args()
    sizes = [int(size) for size in args.players.split(",")]
    formats = [name.strip() for name in args.formats.split(",")]
    figures: dict[tuple[int, str], tuple[float, int]] = {}
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        heading = ("players", "rounds", "rows", "format", "time", "CPU", "peak RSS", "output")
        print("{:>8} {:>6} {:>8}  {:6} {:>8} {:>8} {:>9} {:>9}".format(*heading))
        for players in sizes:
            table = folder / f"swiss-{players}x{args.rounds}.csv"
            rows = write_event(table, players, args.rounds)
            for name in formats:
                seconds, cpu, kib, status, size = measure([*KIFU, str(table), "--format", name])
                failed = f"  exit {status}" if status else ""
                print(
                    f"{players:>8,} {args.rounds:>6} {rows:>8,}  {name:6} {seconds:>6.1f} s {cpu:>6.1f} s "
                    f"{kib / 1024:>5.0f} MiB {size / 1e6:>6.1f} MB{failed}",
                    flush=True,
                )
                figures[players, name] = (seconds, kib)
    small, large = min(sizes), max(sizes)
    if small == large:
        return
    factor = large / small
    for name in formats:
        (t_large, m_large), (t_small, _) = figures[large, name], figures[small, name]
        size = f"{large:,} players × {args.rounds} rounds, CSV table"
        row(f"standings --format {name}", size, t_large, f"{small:,} players × {factor:g}", t_small * factor)
        row(f"standings --format {name}: peak memory", size, m_large / 1024, "-", None, unit="MiB")


if __name__ == "__main__":
    main()
