"""Benchmark: peak memory of `kifu check` on a 500 MB PGN file against a 50 MB one.

kifu reads a file game by game, so its memory must not grow with the file. The files are
generated in a temporary directory from the 232 TWIC games of the shared corpus, every move
annotated with a comment of about 2.3 KB (a heavily annotated archive: at kifu's speed, 500 MB
of plain games would take longer to check than the whole benchmark may take):
the TWIC games ten times over make 500 MB, once over 50 MB. Each file is checked once with
`--jobs 1`; the peak resident memory of the process is measured by the kernel
(``getrusage``).

    python tests/bench/memory.py [--size MB]
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import row

TWIC = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"
KIFU = [sys.executable, "-m", "kifu", "check", "-q", "--jobs", "1"]
_MOVE = re.compile(r"(?<![\w.])((?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?|O-O(?:-O)?)[+#]?)(?=\s|$)")
_WORDS = (
    "The position after this move deserves a closer look: both sides have chances, and the "
    "annotator weighs the plans, the pawn structure, the king's safety and the endgame that "
    "may follow, with the lines that the players and the engines considered. "
)


def annotated_games(comment_bytes: int) -> list[str]:
    """The TWIC games, every move followed by a comment of about ``comment_bytes`` bytes."""
    paragraph = (_WORDS * (comment_bytes // len(_WORDS) + 1))[:comment_bytes]
    comment = "{ " + "\n".join(textwrap.wrap(paragraph, 77)) + " }"
    games = []
    for game in re.split(r"\n\s*\n(?=\[)", TWIC.read_text(encoding="utf-8").strip()):
        head, _, movetext = game.partition("\n\n")
        games.append(
            head + "\n\n" + _MOVE.sub(lambda m: m.group(1) + "\n" + comment + "\n", movetext) + "\n\n"
        )
    return games


def write(path: Path, games: list[str], megabytes: int) -> int:
    """Write the games over and over until the file holds ``megabytes``; the number of games."""
    written = count = 0
    with path.open("w", encoding="utf-8") as out:
        while written < megabytes * 1_000_000:
            game = games[count % len(games)]
            out.write(game)
            written += len(game.encode("utf-8"))
            count += 1
    return count


def peak_rss(arguments: list[str]) -> tuple[int, float]:
    """Peak resident memory (KiB) of a child process, and its wall time."""
    code = (
        "import resource, subprocess, sys, time; t = time.perf_counter(); "
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - t)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code, *arguments], capture_output=True, text=True, check=True
    )
    kib, seconds = output.stdout.split()
    return int(kib), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--size", type=int, default=500, help="the large file, in MB (the small one is a tenth)"
    )
    args = parser.parse_args()
    if not TWIC.exists():
        print(f"the shared corpus is needed: {TWIC}: skipped")
        return
    games = annotated_games(2300)
    with tempfile.TemporaryDirectory() as temporary:
        large, small = Path(temporary) / "large.pgn", Path(temporary) / "small.pgn"
        started = time.perf_counter()
        large_games = write(large, games, args.size)
        small_games = write(small, games, args.size // 10)
        print(f"generated {args.size} MB and {args.size // 10} MB in {time.perf_counter() - started:.0f} s")
        big, big_time = peak_rss([*KIFU, str(large)])
        little, little_time = peak_rss([*KIFU, str(small)])
    print(
        f"peak memory of kifu check: {args.size} MB ({large_games:,} games, {big_time:.0f} s) "
        f"{big / 1024:.0f} MiB; "
        f"{args.size // 10} MB ({small_games:,} games, {little_time:.0f} s) {little / 1024:.0f} MiB; "
        f"ratio {big / little:.2f}"
    )
    print(f"(this script itself: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB)")
    row(
        "peak memory (MiB), one process",
        f"{args.size} MB annotated PGN",
        big / 1024,
        f"the same, {args.size // 10} MB",
        little / 1024,
        unit="MiB",
    )


if __name__ == "__main__":
    main()
