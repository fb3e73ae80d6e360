"""Benchmark: where a pool of workers starts to gain over one process (the default of --jobs).

Builds inputs of F files holding B bytes in all (real games of the shared corpus: the TWIC
chess file cut into whole games, the corpus SGF files for Go), then times `kifu check -q` with
`--jobs 1` and `--jobs 2` on each (alternately; the fastest of --runs, since other programs on
a shared machine only ever slow a run down). The break-even is the
smallest total size from which `--jobs 2` is faster for every file count; kifu's default
(`kifu.commands.check.BREAK_EVEN`) follows it.

    python tests/bench/jobs.py [--runs N] [--game chess|go]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[3] / "shared/corpus"
TWIC = SHARED / "chess/mliebelt-pgn-parser/twic-01-232games.pgn"
KIFU = [sys.executable, "-m", "kifu", "check", "-q", "--isolated"]
SIZES_KIB = (32, 64, 128, 256, 512, 1024, 2048)
FILES = (1, 8, 64)


def units(game: str) -> list[str]:
    """Whole records, as text: TWIC's games, or the corpus's small SGF files."""
    if game == "chess":
        text = TWIC.read_text(encoding="utf-8")
        return ["[Event " + part.rstrip() + "\n\n" for part in text.split("[Event ")[1:]]
    found = []
    for path in sorted((SHARED / "go").rglob("*.sgf")):
        data = path.read_text(encoding="utf-8", errors="replace")
        if "(;" in data and len(data) < 20_000 and data.isascii():
            found.append(data.rstrip() + "\n")
    return found


def build(directory: Path, records: list[str], files: int, total: int, extension: str) -> None:
    """``files`` files of about ``total`` bytes in all, whole records each."""
    per_file = total // files
    index = 0
    for n in range(files):
        parts: list[str] = []
        size = 0
        while size < per_file:
            record = records[index % len(records)]
            index += 1
            parts.append(record)
            size += len(record.encode())
        (directory / f"part{n:03}{extension}").write_text("".join(parts), encoding="utf-8")


def timed(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(arguments, stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", choices=("chess", "go"), default="chess")
    args = parser.parse_args()
    if not TWIC.exists():
        sys.exit(f"the shared corpus is needed: {SHARED}")
    records = units(args.game)
    extension = ".pgn" if args.game == "chess" else ".sgf"
    print(f"{args.game}: cores {os.cpu_count()}, fastest of {args.runs} alternating runs")
    print(f"{'files':>5} {'KiB':>6} {'-j1 s':>7} {'-j2 s':>7} {'j1/j2':>6}")
    gains: dict[tuple[int, int], float] = {}
    for files in FILES:
        for kib in SIZES_KIB:
            if kib * 1024 // files < 2048:
                continue  # files smaller than a game or two
            with tempfile.TemporaryDirectory() as temporary:
                directory = Path(temporary)
                build(directory, records, files, kib * 1024, extension)
                times: dict[int, list[float]] = {1: [], 2: []}
                for _ in range(args.runs):
                    for jobs in (1, 2):
                        times[jobs].append(timed([*KIFU, "-r", "--jobs", str(jobs), str(directory)]))
            one, two = min(times[1]), min(times[2])
            gains[files, kib] = one / two
            print(f"{files:>5} {kib:>6} {one:7.3f} {two:7.3f} {one / two:6.2f}", flush=True)
    for kib in SIZES_KIB:
        measured = [gain for (_, size), gain in gains.items() if size >= kib]
        if measured and min(measured) > 1.0:
            print(f"break-even: from {kib} KiB in all, --jobs 2 is faster for every file count")
            break


if __name__ == "__main__":
    main()
