"""Figures of the Go look-ahead: random legal games with one coordinate written swapped.

Seeded random legal games (9×9, 13×13, 19×19; kifu's own board plays them) in which one move is
written with its letters swapped where the swapped point is occupied (a slip the rules show);
``kifu check`` then reads the move as the true one, names candidates without assuming one, or
assumes another. The later moves tell the candidates apart only when a later stone lands on a
wrong one, so in Go most such slips are named rather than resolved. Also the check time of the
planted records against the same records as played.

    python tests/bench/go_lookahead.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from kifu.core.game import Options
from kifu.core.sources import Source
from kifu.games import check
from kifu.go.board import BLACK, Board

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def game(rng: random.Random, size: int, moves: int) -> list[tuple[int, str]]:
    """A random legal game (no suicide, no immediate ko retake) of at most ``moves`` moves."""
    board = Board(size)
    played: list[tuple[int, str]] = []
    before, colour = -1, BLACK
    for _ in range(moves):
        points = [(x, y) for x in range(size) for y in range(size)]
        rng.shuffle(points)
        for x, y in points:
            previous = board.hash
            _, undo = board.play(board.point(x, y), colour, False)
            if undo is None:
                continue
            if board.hash == before:
                board.undo(undo)
                continue
            before = previous
            played.append((colour, LETTERS[x] + LETTERS[y]))
            break
        else:
            break
        colour = 3 - colour
    return played


def sgf(size: int, moves: list[tuple[int, str]]) -> str:
    body = "".join(f";{'B' if colour == BLACK else 'W'}[{raw}]" for colour, raw in moves)
    return f"(;GM[1]FF[4]SZ[{size}]{body})\n"


def plant(rng: random.Random, size: int, moves: list[tuple[int, str]]) -> int | None:
    """A ply (from 0) whose coordinate, swapped, names an occupied point then, or ``None``."""
    board = Board(size)
    found = []
    for ply, (colour, raw) in enumerate(moves):
        swapped = raw[::-1]
        if swapped != raw and board.cells[board.point(LETTERS.index(swapped[0]), LETTERS.index(swapped[1]))]:
            found.append(ply)
        board.play(board.point(LETTERS.index(raw[0]), LETTERS.index(raw[1])), colour, False)
    return rng.choice(found) if found else None


def messages(path: Path) -> list[str]:
    return [
        finding.message
        for item in check(Source(str(path)), "go", "sgf", Options())
        for finding in getattr(item, "findings", ())
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    right = named = wrong = made = 0
    seconds = {"as played": 0.0, "one slip": 0.0}
    with tempfile.TemporaryDirectory() as temporary:
        clean, slipped = Path(temporary) / "clean.sgf", Path(temporary) / "slip.sgf"
        while made < args.games:
            size = rng.choice((9, 13, 19))
            moves = game(rng, size, rng.randint(40, 200))
            ply = plant(rng, size, moves)
            if ply is None or ply >= len(moves) - 1:
                continue
            made += 1
            colour, raw = moves[ply]
            planted = [*moves[:ply], (colour, raw[::-1]), *moves[ply + 1 :]]
            clean.write_text(sgf(size, moves))
            slipped.write_text(sgf(size, planted))
            started = time.process_time()
            messages(clean)
            seconds["as played"] += time.process_time() - started
            started = time.process_time()
            found = [m for m in messages(slipped) if "one slip away" in m or "did you mean" in m]
            seconds["one slip"] += time.process_time() - started
            true = f"{'B' if colour == BLACK else 'W'}[{raw}]"
            if found and f"assuming {true}" in found[0]:
                right += 1
            elif found and "assuming" in found[0]:
                wrong += 1
            else:
                named += 1
    print(
        f"Go, {made} random games with one swapped coordinate on an occupied point (seed {args.seed}): "
        f"true point assumed {right} ({100 * right / made:.0f}%), candidates named or counted "
        f"{named} ({100 * named / made:.0f}%), another point assumed {wrong}"
    )
    print(
        f"check time (CPU) of the {made} records: {seconds['as played']:.2f} s as played, "
        f"{seconds['one slip']:.2f} s with the slip"
    )


if __name__ == "__main__":
    main()
