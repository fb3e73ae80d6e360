"""Benchmark and figures of the chess look-ahead (the move meant at a slip, from the rest of the game).

1. The cost: `kifu check` of the TWIC file as it is, and of the same games with one slip
   planted in each (seeded; a move written so that it cannot be played, as tests/chess/slips.py
   plants them), CPU time, medians of alternating runs. A clean record never runs the probe.
2. What it finds on real games: of the TWIC games with one slip, how often the move kifu
   assumed is the true one, how often it names candidates instead, how often it assumes another;
   of the same games with two or three slips, how often every slip is reported in one run.
3. The same figures on seeded random legal games (the test tests/chess/test_lookahead.py runs
   a small count of them), with one slip and with two or three.

    python tests/bench/chess_lookahead.py [FILE.pgn] [--runs N] [--singles N] [--multiples N] [--seeds 1,2,3]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import chess.pgn

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from chess_check import DEFAULT, alternate, kifu  # noqa: E402
from table import row  # noqa: E402
from tests.chess.slips import Figures, Planted, judge, measure, plant  # noqa: E402


def _twic_games(path: Path) -> list[tuple[dict[str, str], list[str]]]:
    """The tags and main-line SAN (with check marks) of each game of ``path`` from the start position."""
    games = []
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            if game.errors or "FEN" in game.headers:
                continue
            board = game.board()
            sans = []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
            if len(sans) >= 10:
                games.append((dict(game.headers), sans))
    return games


def _pgn(tags: dict[str, str], planted: Planted) -> str:
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags.items() if name != "Result")
    body = planted.pgn().split("\n\n", 1)[1].rstrip()
    return f'{head}[Result "*"]\n\n{body}\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--singles", type=int, default=400)
    parser.add_argument("--multiples", type=int, default=150)
    parser.add_argument("--seeds", default="1,2,3", help="the generator's seeds, comma-separated")
    args = parser.parse_args()
    if not args.file.exists():
        print(f"no such file: {args.file}; the TWIC comparison is skipped")
    else:
        rng = random.Random(29)
        planted = []
        for tags, sans in _twic_games(args.file):
            one = plant(rng, sans, 1)
            if one is not None:
                planted.append((tags, one))
        with tempfile.TemporaryDirectory() as temporary:
            slipped = Path(temporary) / "twic-slips.pgn"
            slipped.write_text("\n".join(_pgn(tags, p) for tags, p in planted), encoding="utf-8")
            kifu(args.file)  # warm the grammar cache
            medians = alternate({"clean": lambda: kifu(args.file), "slips": lambda: kifu(slipped)}, args.runs)
        print(
            f"TWIC ({args.file.name}): kifu check {medians['clean']:.3f} s as it is; "
            f"{medians['slips']:.3f} s with one slip in each of {len(planted)} games "
            f"(+{1000 * (medians['slips'] - medians['clean']) / len(planted):.2f} ms a slip)"
        )
        row(
            "chess check, one core, CPU time: the look-ahead",
            f"TWIC, one slip in each of {len(planted)} games",
            medians["slips"],
            "TWIC as it is",
            medians["clean"],
        )
        figures = Figures()
        for _, one in planted:
            judge(one, figures)
        for _, sans in _twic_games(args.file):  # the same games with two or three slips each
            several = plant(rng, sans, rng.choice((2, 3)))
            if several is not None:
                judge(several, figures)
        print("TWIC games, one slip each, then two or three:")
        print("  " + "\n  ".join(figures.lines()))
    for seed in (int(text) for text in args.seeds.split(",")):
        started = time.perf_counter()
        figures = measure(seed=seed, singles=args.singles, multiples=args.multiples)
        print(f"random legal games (seed {seed}), {time.perf_counter() - started:.0f} s:")
        print("  " + "\n  ".join(figures.lines()))


if __name__ == "__main__":
    main()
