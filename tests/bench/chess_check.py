"""Benchmark: `kifu check` of a PGN file against python-chess `read_game` + full replay.

Both run in this process on one core, alternately, over the same file; the medians of
several runs are printed with their ratio. python-chess does strictly less: it stops at
the first illegal move, reports no positions, and checks no draws or results.

    python tests/bench/chess_check.py [FILE.pgn] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import chess.pgn
from kifu.chess.checker import check
from kifu.chess.replay import clear_cache
from kifu.core.game import CheckOptions
from kifu.core.sources import Source

import chess

DEFAULT = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"


def python_chess(path: Path) -> int:
    """read_game + replay of the main line + outcome, the usual python-chess validation."""
    games = 0
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            board.outcome(claim_draw=True)
            games += 1
    return games


def kifu(path: Path) -> int:
    """kifu's whole check: parse, replay every line, results, claims, findings (cold cache)."""
    clear_cache()
    return sum(1 for item in check(Source(str(path)), "pgn", CheckOptions()) if hasattr(item, "index"))


def measure(function, path: Path, runs: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    times = []
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        count = function(path)
        times.append(time.perf_counter() - start)
    return statistics.median(times), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not args.file.exists():
        sys.exit(f"no such file: {args.file}")
    kifu(args.file)  # warm the grammar cache
    results: dict[str, list[float]] = {"kifu": [], "python-chess": []}
    counts = {}
    for _ in range(args.runs):  # alternate so that drift affects both
        for name, function in (("kifu", kifu), ("python-chess", python_chess)):
            seconds, counts[name] = measure(function, args.file, 1)
            results[name].append(seconds)
    k, p = statistics.median(results["kifu"]), statistics.median(results["python-chess"])
    print(f"file: {args.file.name} ({args.file.stat().st_size / 1e6:.2f} MB, {counts['kifu']} games)")
    print(f"{'tool':<40} {'median s':>9} {'games/s':>9}")
    print(f"{'kifu check (parse+replay+results+claims)':<40} {k:>9.3f} {counts['kifu'] / k:>9.0f}")
    print(f"{'python-chess read_game + replay':<40} {p:>9.3f} {counts['python-chess'] / p:>9.0f}")
    print(f"speed ratio kifu/python-chess: {p / k:.2f}x ({'faster' if k < p else 'slower'})")


if __name__ == "__main__":
    main()
