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
ORDER = ["chess_check.py", "batch.py", "go_check.py", "xiangqi_replay.py"]


def main() -> None:
    scripts = [HERE / name for name in ORDER if (HERE / name).exists()]
    scripts += sorted(p for p in HERE.glob("*.py") if p.name not in ORDER and p.name not in ("run.py", "__init__.py"))
    failures = 0
    for script in scripts:
        print(f"\n== {script.name}", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(script)], check=False)
        failures += result.returncode != 0
        print(f"({script.name}: {time.perf_counter() - started:.0f} s, exit {result.returncode})", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
