"""Benchmark: batch checking with one and two worker processes, and memory on a large file.

Builds an archive of 20,880 real games in a temporary directory (the 232-game TWIC file of the
shared corpus repeated: five files of 2,320 games and one file of 9,280), then times
`kifu check -q` on it with `--jobs 1` and `--jobs 2` (alternately, medians), and measures the
peak memory of checking the single large file against a file one tenth of its size.

    python tests/bench/batch.py [--runs N]
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

TWIC = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"
KIFU = [sys.executable, "-m", "kifu", "check", "-q"]


def build(directory: Path) -> tuple[Path, Path, Path, int]:
    text = TWIC.read_text(encoding="utf-8").rstrip() + "\n\n"
    archive = directory / "archive"
    archive.mkdir()
    for n in range(5):
        (archive / f"part{n}.pgn").write_text(text * 10)
    large = archive / "large.pgn"
    large.write_text(text * 40)
    tenth = directory / "tenth.pgn"
    tenth.write_text(text * 4)
    return archive, large, tenth, 232 * (5 * 10 + 40)


def timed(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(arguments, stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def peak_rss(arguments: list[str]) -> int:
    """Peak resident memory (KiB) of a child process."""
    code = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code, *arguments], capture_output=True, text=True, check=True
    )
    return int(output.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    if not TWIC.exists():
        sys.exit(f"the shared corpus is needed: {TWIC}")
    with tempfile.TemporaryDirectory() as temporary:
        archive, large, tenth, games = build(Path(temporary))
        times: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.runs):
            for jobs in (1, 2):
                times[jobs].append(timed([*KIFU, "-r", "--jobs", str(jobs), str(archive)]))
        one, two = statistics.median(times[1]), statistics.median(times[2])
        size = sum(p.stat().st_size for p in archive.iterdir()) / 1e6
        print(f"archive: {games:,} games in 6 files, {size:.1f} MB; cores: {os.cpu_count()}")
        print(f"--jobs 1: {one:6.2f} s  {games / one:8,.0f} games/s")
        print(f"--jobs 2: {two:6.2f} s  {games / two:8,.0f} games/s   speed-up {one / two:.2f}x")
        row("chess check --jobs 2", f"{games:,} games, 6 files, {size:.0f} MB", two, "kifu --jobs 1", one)
        big = peak_rss([*KIFU, "--jobs", "1", str(large)])
        small = peak_rss([*KIFU, "--jobs", "1", str(tenth)])
        big2 = peak_rss([*KIFU, "--jobs", "2", str(large)])
        print(
            f"peak memory, one process: {large.stat().st_size / 1e6:.1f} MB file {big / 1024:.0f} MiB, "
            f"{tenth.stat().st_size / 1e6:.1f} MB file {small / 1024:.0f} MiB (ratio {big / small:.2f})"
        )
        print(f"peak memory, --jobs 2 on the large file: {big2 / 1024:.0f} MiB (parent; each worker similar)")
        row(
            "peak memory (MiB)",
            f"{large.stat().st_size / 1e6:.0f} MB file",
            big / 1024,
            "the same, 1/10 size",
            small / 1024,
            unit="MiB",
        )


if __name__ == "__main__":
    main()
