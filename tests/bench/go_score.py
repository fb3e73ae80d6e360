"""Benchmark: scoring finished Go games, `kifu score` against GNU Go's `--score aftermath`.

Input: the corpus games whose result is an exact area score (``generated/*.sgf``, GNU Go
self-play played out to the end, and ``gnugo/area-scored/*.sgf``). kifu scores them all in
one command, with the rules each record names (Chinese area scoring when it names none); GNU
Go is run once per file, as it takes one, with ``--score aftermath --chinese-rules`` (it
plays the position out to find the dead stones; here none are left, so that is quick).
Wall time of the commands, medians of alternating runs; the script also says whether each
program's score agrees with the record's RE.

    python tests/bench/go_score.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chess_check import alternate
from table import row

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "go"


def games() -> list[Path]:
    return sorted(CORPUS.glob("generated/*.sgf")) + sorted(CORPUS.glob("gnugo/area-scored/*.sgf"))


def gnugo() -> str | None:
    import shutil

    return shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games")


def kifu_scores(paths: list[Path]) -> dict[str, bool | None]:
    """Whether kifu's score of each game agrees with its RE."""
    done = subprocess.run(
        [sys.executable, "-m", "kifu", "score", "--format", "json", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    return {Path(entry["path"]).name: entry["agrees"] for entry in json.loads(done.stdout)["games"]}


def gnugo_agrees(program: str, path: Path) -> bool:
    done = subprocess.run(
        [program, "--score", "aftermath", "--chinese-rules", "-l", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    return bool(re.search(r"result from file are identical", done.stdout + done.stderr))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    paths = games()
    if not paths:
        print(f"no corpus at {CORPUS}: skipped")
        return
    program = gnugo()
    ours = kifu_scores(paths)
    print(f"{len(paths)} finished games: kifu agrees with RE on {sum(v is True for v in ours.values())}")
    commands: dict[str, Callable[[], object]] = {
        "kifu": lambda: subprocess.run(
            [sys.executable, "-m", "kifu", "score", *map(str, paths)], capture_output=True, check=False
        )
    }
    if program:
        theirs = [gnugo_agrees(program, path) for path in paths]
        print(f"GNU Go --score aftermath agrees with RE on {sum(theirs)}")
        commands["gnugo"] = lambda: [
            subprocess.run(
                [program, "--score", "aftermath", "--chinese-rules", "-l", str(path)],
                capture_output=True,
                check=False,
            )
            for path in paths
        ]
    else:
        print("GNU Go is not installed (apt-get install gnugo): kifu alone")
    medians = alternate(commands, args.runs, clock=time.perf_counter)
    print(
        f"kifu score, one command: {medians['kifu']:.2f} s; "
        f"GNU Go, one per file: {medians.get('gnugo', float('nan')):.2f} s"
    )
    row(
        "Go scoring of finished games, commands, wall time",
        f"{len(paths)} corpus games",
        medians["kifu"],
        "gnugo --score aftermath" if program else "gnugo (not installed)",
        medians.get("gnugo"),
    )


if __name__ == "__main__":
    main()
