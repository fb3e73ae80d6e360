"""Benchmark: `kifu check --executor dask` on a cluster of separate processes against `--jobs 2`.

Starts `dask scheduler` and two `dask worker … --nworkers 1 --nthreads 1` processes on
127.0.0.1 (the shape of a real cluster, on this machine's two cores), builds an archive of
TWIC games (``small``: 200 files of 232 games, 40 MB, each sent to a worker as its path;
``large``: 4 files of 11,600 games, 40 MB, each read by the workers a part each), and times
`kifu check -q --isolated --format json` with `--jobs 2` and the cluster (and `--jobs 1` with
``--modes 1,2,dask``), alternately, medians. It prints each run's wall time, the CPU time of
kifu's process (and its pool) and of the cluster's processes, and whether the reports are
byte-identical.

    python tests/bench/dask_cluster.py [--layout small|large] [--runs N] [--modes 1,2,dask] [--no-profiler]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import kifu_command, row

TWIC = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"
DASK = Path(sys.executable).with_name("dask")


def build(directory: Path, layout: str) -> Path:
    """An archive of 46,400 TWIC games (40 MB): 200 small files or 4 large ones."""
    text = TWIC.read_text(encoding="utf-8").rstrip() + "\n\n"
    archive = directory / layout
    archive.mkdir()
    if layout == "small":
        for n in range(200):
            (archive / f"twic{n:03}.pgn").write_text(text)
    else:
        for n in range(4):
            (archive / f"large{n}.pgn").write_text(text * 50)
    return archive


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """A Dask scheduler and two single-threaded workers, each its own process."""

    def __init__(self, port: int, workers: int = 2, environment: dict[str, str] | None = None) -> None:
        self.address = f"tcp://127.0.0.1:{port}"
        quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        quiet["env"] = {**os.environ, **(environment or {})}
        self.processes = [
            subprocess.Popen([str(DASK), "scheduler", "--port", str(port), "--no-dashboard"], **quiet)
        ]
        time.sleep(2)
        for _ in range(workers):
            command = [str(DASK), "worker", self.address, "--nworkers", "1", "--nthreads", "1"]
            self.processes.append(subprocess.Popen([*command, "--no-dashboard"], **quiet))
        from distributed import Client

        with Client(self.address, timeout=30) as client:
            client.wait_for_workers(workers, timeout=60)

    def cpu(self) -> float:
        """CPU time used so far by the cluster's processes and their children (the workers)."""
        import psutil

        total = 0.0
        for process in self.processes:
            try:
                tree = psutil.Process(process.pid)
                for member in [tree, *tree.children(recursive=True)]:
                    times = member.cpu_times()
                    total += times.user + times.system
            except psutil.NoSuchProcess:
                pass
        return total

    def close(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def timed(arguments: list[str], cluster: Cluster) -> tuple[float, float, float, str]:
    """Wall time, kifu's CPU time (with its pool), the cluster's, and the report's digest."""
    before, cluster_before = resource.getrusage(resource.RUSAGE_CHILDREN), cluster.cpu()
    start = time.perf_counter()
    done = subprocess.run(arguments, stdout=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, used, cluster.cpu() - cluster_before, hashlib.sha256(done.stdout).hexdigest()[:12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--layout", choices=("small", "large"), default="small")
    parser.add_argument("--archive", type=Path, help="check this folder instead of building one")
    # (--jobs 1 is left out by default: `make bench` runs this script, and batch.py times it)
    parser.add_argument("--modes", default="2,dask", help="which runs, of 1, 2 and dask (--jobs N)")
    parser.add_argument(
        "--no-profiler",
        action="store_true",
        help="start the workers with Dask's profiler off, as docs/ci.md advises "
        "(DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False); by default they run as Dask starts them",
    )
    args = parser.parse_args()
    if not DASK.exists():
        sys.exit(f"the dask extra is needed: {DASK}")
    if args.archive is None and not TWIC.exists():
        sys.exit(f"the shared corpus is needed: {TWIC}")
    with tempfile.TemporaryDirectory() as temporary:
        archive = (args.archive or build(Path(temporary), args.layout)).resolve()
        tuning = {"DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False"} if args.no_profiler else None
        cluster = Cluster(free_port(), environment=tuning)
        try:
            check = [*kifu_command(), "check", "-q", "--isolated", "--format", "json"]
            remote = ["--executor", "dask", "--scheduler", cluster.address, "--insecure-scheduler"]
            modes = {
                "1": [*check, "--jobs", "1"],
                "2": [*check, "--jobs", "2"],
                "dask": [*check, "--jobs", "2", *remote],
            }
            chosen = args.modes.split(",")
            runs: dict[str, list[tuple[float, float, float, str]]] = {mode: [] for mode in chosen}
            for round_ in range(args.runs):
                # the order turned each round (ABBA): a host that speeds up or slows down during
                # the run then favours neither side of a pair
                for mode in chosen if round_ % 2 == 0 else chosen[::-1]:
                    runs[mode].append(timed([*modes[mode], str(archive)], cluster))
                    wall, used, spent, digest = runs[mode][-1]
                    print(
                        f"round {round_ + 1} {mode:>4}: {wall:6.2f} s wall, kifu {used:6.2f} s CPU, "
                        f"cluster {spent:6.2f} s CPU, report {digest}",
                        flush=True,
                    )
        finally:
            cluster.close()
        size = sum(path.stat().st_size for path in archive.rglob("*") if path.is_file()) / 1e6
        files = sum(1 for path in archive.rglob("*") if path.is_file())
        print(f"archive: {files} files, {size:.1f} MB")
        medians = {mode: statistics.median(run[0] for run in runs[mode]) for mode in chosen}
        for mode in chosen:
            print(f"{mode:>4}: median {medians[mode]:6.2f} s")
        digests = {run[3] for mode in chosen for run in runs[mode]}
        print("reports identical" if len(digests) == 1 else f"reports DIFFER: {sorted(digests)}")
        if "dask" in medians and "2" in medians:
            # each round's two runs are minutes apart at most, the rounds up to an hour on a
            # shared host whose speed moves by a third: the ratio is the median of the rounds'
            # own ratios (paired), the ratio of the two medians printed beside it
            pairs = [a[0] / b[0] for a, b in zip(runs["2"], runs["dask"], strict=True)]
            paired = statistics.median(pairs)
            print(
                f"dask speed against --jobs 2: {paired:.2f}x, the median of the rounds' ratios "
                f"({', '.join(f'{p:.2f}' for p in pairs)}); "
                f"of the medians {medians['2'] / medians['dask']:.2f}x"
            )
            source = f"{files} files, {size:.0f} MB, 2 worker processes, {args.runs} rounds paired"
            source += ", Dask's profiler off" if args.no_profiler else ""
            task = "chess check --executor dask"
            row(task, source, medians["dask"], "kifu --jobs 2", medians["2"], ratio=paired)


if __name__ == "__main__":
    main()
