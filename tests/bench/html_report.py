"""Benchmark: the HTML report of an archive against the JSON report, and Chromium drawing it.

Issue 30's case: 300 files of 1.2 MB with 5,100 findings (tests/show/archive.py: each file one
game with 17 unreadable moves, then 13 clean games). Times ``kifu check -r -q -j 1`` with
``--format json`` and ``--format html`` (alternately, medians of the CPU time of the process,
user and system, which other programs on the machine disturb less than the wall time; the wall
times are printed too), the sizes of both, and headless Chromium's time to load and draw the
page (a screenshot of it, less the time of a screenshot of an empty page: Chromium's start).
Goals: HTML at most 3x the JSON's size and 1.5x its time, every finding listed and 200 boards
drawn; Chromium under 5 s. (tests/show/test_report_scale.py holds the size and the boards to
their bounds on a tenth of this archive.)

    python tests/bench/html_report.py [--runs N]
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
from table import row  # noqa: E402
from tests.show.archive import write_archive  # noqa: E402

KIFU = [sys.executable, "-m", "kifu", "check", "-r", "-q", "--isolated", "-j", "1"]


def _check(fmt: str, archive: Path, out: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one ``kifu check --format fmt`` writing to ``out``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with out.open("wb") as handle:
        subprocess.run([*KIFU, "--format", fmt, str(archive)], stdout=handle, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def _chromium(page: Path, profile: Path) -> float:
    """Wall seconds of headless Chromium's screenshot of ``page`` (it loads and draws it; its
    renderer's CPU time is not the launcher's, so wall time it is)."""
    started = time.perf_counter()
    subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            f"--user-data-dir={profile}",
            "--window-size=1200,1600",
            f"--screenshot={page.with_suffix('.png')}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=600,
        check=False,
    )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        archive = directory / "archive"
        archive.mkdir()
        findings = write_archive(archive, files=300, clean=13)
        size = sum(p.stat().st_size for p in archive.iterdir())
        print(f"archive: 300 files, {size / 1e6:.1f} MB, {findings} findings")
        times: dict[str, list[tuple[float, float]]] = {"json": [], "html": []}
        for _ in range(runs):
            for fmt in times:
                times[fmt].append(_check(fmt, archive, directory / f"report.{fmt}"))
        cpu = {fmt: statistics.median(t[0] for t in runs_) for fmt, runs_ in times.items()}
        wall = {fmt: statistics.median(t[1] for t in runs_) for fmt, runs_ in times.items()}
        sizes = {fmt: (directory / f"report.{fmt}").stat().st_size for fmt in times}
        for fmt in times:
            print(f"--format {fmt}: {sizes[fmt] / 1e6:.2f} MB, CPU {cpu[fmt]:.2f} s, wall {wall[fmt]:.2f} s")
        print(
            f"html/json: size {sizes['html'] / sizes['json']:.2f}x (goal <= 3), "
            f"CPU time {cpu['html'] / cpu['json']:.2f}x, wall time {wall['html'] / wall['json']:.2f}x "
            "(goal <= 1.5)"
        )
        page = (directory / "report.html").read_text(encoding="utf-8")
        listed, boards = page.count('<div class="finding '), page.count("<svg") - 1  # (less the definitions)
        print(f"html: {listed} findings listed of {findings}, {boards} boards drawn (--max-boards' cap: 200)")
        task = f"{findings} findings, 300 files"
        row("check --format html", task, cpu["html"], "--format json", cpu["json"])
        if shutil.which("chromium") is None:
            print("chromium is not installed: its load time is not measured")
            return
        empty = directory / "empty.html"
        empty.write_text("<!DOCTYPE html><html><body></body></html>", encoding="utf-8")
        loads, bases = [], []
        for n in range(runs):
            bases.append(_chromium(empty, directory / f"profile-empty-{n}"))
            loads.append(_chromium(directory / "report.html", directory / f"profile-{n}"))
        load = statistics.median(loads) - statistics.median(bases)
        print(
            f"Chromium: the report loaded and drawn in {load:.2f} s (goal < 5 s; a screenshot of it "
            f"{statistics.median(loads):.2f} s less one of an empty page {statistics.median(bases):.2f} s)"
        )


if __name__ == "__main__":
    main()
