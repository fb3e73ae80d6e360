"""Benchmark: start-up. `kifu --help` and `kifu check` of one small game, against the import
of python-chess alone (`python -c "import chess.pgn"`), as fresh processes. Medians."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import row

GAME = Path(__file__).resolve().parents[2] / "fixtures/chess/good/opera-game.pgn"


def seconds(command: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    baseline = seconds([sys.executable, "-c", "import chess.pgn"])
    helps = seconds([sys.executable, "-m", "kifu", "--help"])
    one = seconds([sys.executable, "-m", "kifu", "check", "-q", str(GAME)])
    print(
        f"python -c 'import chess.pgn' {baseline:.3f} s; kifu --help {helps:.3f} s; "
        f"kifu check (one game) {one:.3f} s"
    )
    row("start-up: kifu --help", "-", helps, "python -c 'import chess.pgn'", baseline)
    row("start-up: kifu check, one game", GAME.name, one, "python -c 'import chess.pgn'", baseline)


if __name__ == "__main__":
    main()
