"""Benchmark: `kifu convert` of a PGN file to each chess target against python-chess.

python-chess does `read_game` and then its `StringExporter` (PGN), the UCI of the main line,
or a FEN per position; kifu does its whole conversion (reading with its grammar, replaying
every line, writing). Medians of alternating runs, in this process, one core.

    python tests/bench/chess_convert.py [FILE.pgn] [--runs N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kifu.chess.convert import convert
from kifu.chess.replay import clear_cache
from kifu.core.sources import Source
from table import row

import chess

DEFAULT = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"
TARGETS = ("pgn", "lan", "uci", "fen")


def python_chess(text: str, target: str) -> int:
    handle = io.StringIO(text)
    written = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        if target == "pgn":
            out = game.accept(chess.pgn.StringExporter(columns=79))
        elif target == "lan":
            board = game.board()
            parts = []
            for move in game.mainline_moves():
                parts.append(board.lan(move))
                board.push(move)
            out = " ".join(parts)
        elif target == "uci":
            out = " ".join(m.uci() for m in game.mainline_moves())
        else:
            board = game.board()
            lines = [board.fen()]
            for move in game.mainline_moves():
                board.push(move)
                lines.append(board.fen())
            out = "\n".join(lines)
        written += len(out)
    return written


def kifu(path: Path, target: str) -> int:
    clear_cache()
    return sum(len(getattr(item, "text", "")) for item in convert(Source(str(path)), "pgn", target, {}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    text = args.file.read_text(encoding="utf-8", errors="replace")
    print(f"file: {args.file.name}; medians of {args.runs} alternating runs")
    print(f"{'target':<8} {'kifu s':>8} {'python-chess s':>15} {'kifu/python-chess':>18}")
    for target in TARGETS:
        times: dict[str, list[float]] = {"kifu": [], "pc": []}
        for _ in range(args.runs):
            start = time.perf_counter()
            kifu(args.file, target)
            times["kifu"].append(time.perf_counter() - start)
            start = time.perf_counter()
            python_chess(text, target)
            times["pc"].append(time.perf_counter() - start)
        k, p = statistics.median(times["kifu"]), statistics.median(times["pc"])
        print(f"{target:<8} {k:>8.3f} {p:>15.3f} {p / k:>17.2f}x")
        row(f"chess convert to {target}", args.file.name, k, "python-chess read_game+export", p)


if __name__ == "__main__":
    main()
