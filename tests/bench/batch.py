"""Benchmark: batch checking with one and two worker processes.

Builds an archive of 20,880 real games in a temporary directory (the 232-game TWIC file of the
shared corpus repeated: five files of 2,320 games and one file of 9,280), then times
`kifu check -q` on it with `--jobs 1` and `--jobs 2` (alternately, medians). It also prints the
CPU time of each (all processes, user and system) and the core-seconds `--jobs 2` left idle
(twice its wall time less its CPU time): the pool's cost, apart from the machine's. When other
programs slow some runs down, the CPU time of the same work varies from run to run, and the
ratio of wall times with it. Memory on large files is measured by memory.py.

    python tests/bench/batch.py [--runs N]
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
from table import row

TWIC = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"
KIFU = [sys.executable, "-m", "kifu", "check", "-q"]


def build(directory: Path) -> tuple[Path, int]:
    text = TWIC.read_text(encoding="utf-8").rstrip() + "\n\n"
    archive = directory / "archive"
    archive.mkdir()
    for n in range(5):
        (archive / f"part{n}.pgn").write_text(text * 10)
    (archive / "large.pgn").write_text(text * 40)
    return archive, 232 * (5 * 10 + 40)


def timed(arguments: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (the process and its workers, user and system) of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(arguments, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not TWIC.exists():
        sys.exit(f"the shared corpus is needed: {TWIC}")
    with tempfile.TemporaryDirectory() as temporary:
        archive, games = build(Path(temporary))
        times: dict[int, list[float]] = {1: [], 2: []}
        cpu: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.runs):
            for jobs in (1, 2):
                wall, used = timed([*KIFU, "-r", "--jobs", str(jobs), str(archive)])
                times[jobs].append(wall)
                cpu[jobs].append(used)
        one, two = statistics.median(times[1]), statistics.median(times[2])
        idle = statistics.median(2 * wall - used for wall, used in zip(times[2], cpu[2], strict=True))
        size = sum(p.stat().st_size for p in archive.iterdir()) / 1e6
        print(f"archive: {games:,} games in 6 files, {size:.1f} MB; cores: {os.cpu_count()}")
        print(f"--jobs 1: {one:6.2f} s  {games / one:8,.0f} games/s")
        print(f"--jobs 2: {two:6.2f} s  {games / two:8,.0f} games/s   speed-up {one / two:.2f}x")
        print(
            f"CPU (medians): --jobs 1 {statistics.median(cpu[1]):.2f} s, --jobs 2 "
            f"{statistics.median(cpu[2]):.2f} s; --jobs 2 left {idle:.2f} core-seconds idle; "
            f"each pair's ratio: {', '.join(f'{a / b:.2f}' for a, b in zip(times[1], times[2], strict=True))}"
        )
        row("chess check --jobs 2", f"{games:,} games, 6 files, {size:.0f} MB", two, "kifu --jobs 1", one)


if __name__ == "__main__":
    main()
