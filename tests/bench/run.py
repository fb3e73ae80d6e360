"""`make bench`: run every benchmark script in tests/bench/ and print what each reports.

Each script compares kifu with a peer on the same input in the same run and prints its own
table; a script whose input or peer is missing says so and is skipped. No script asserts
anything: benchmarks report numbers, tests assert behaviour.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ORDER = [
    "startup.py",
    "chess_check.py",
    "chess_convert.py",
    "batch.py",
    "memory.py",
    "standings_scale.py",
    "go_check.py",
    "go_score.py",
    "xiangqi_replay.py",
    "compiled.py",
    "html_report.py",
]


def main() -> None:
    scripts = [HERE / name for name in ORDER if (HERE / name).exists()]
    # jobs.py (the default of --jobs) times a grid of inputs for ten minutes: it runs alone
    skip = {*ORDER, "run.py", "table.py", "__init__.py", "jobs.py"}
    scripts += sorted(p for p in HERE.glob("*.py") if p.name not in skip)
    failures = 0
    rows: list[list[str]] = []
    for script in scripts:
        print(f"\n== {script.name}", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=False)
        for line in result.stdout.splitlines():
            if line.startswith("BENCH|"):
                rows.append(line.split("|")[1:])
            else:
                print(line)
        print(result.stderr, end="", file=sys.stderr)
        failures += result.returncode != 0
        print(f"({script.name}: {time.perf_counter() - started:.0f} s, exit {result.returncode})", flush=True)
    _table(rows)
    sys.exit(1 if failures else 0)


def _table(rows: list[list[str]]) -> None:
    """One table of every comparison: task, input, kifu, peer, the peer's figure, the ratio."""
    header = ["task", "input", "kifu", "peer", "peer's figure", "peer/kifu"]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    print("\n" + "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))


if __name__ == "__main__":
    main()
