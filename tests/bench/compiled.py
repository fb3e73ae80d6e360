"""Benchmark: the compiled build (``make compile``, mypyc) against the pure Python modules.

Each workload exercises the compiled modules named beside it; both modes run as fresh
processes (``KIFU_PURE=1`` selects the pure modules), alternately, round after round, and each
process times its workloads in CPU seconds (median of ``--runs``). The medians over the rounds
are printed with pure/compiled. Without a compiled build (no C compiler) it says so and stops.

    python tests/bench/compiled.py [--rounds N] [--runs N]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: workload → the compiled modules it runs (the rest of its time is Lark, python-chess, sgfmill…)
WORKLOADS = {
    "chess: split TWIC into games": "chess.splitter",
    "chess: read TWIC (Lark + records)": "chess.reader",
    "chess: replay TWIC (SAN, push, checks, draws)": "chess.walk, position, notation, rules, checker",
    "chess: check TWIC, whole": "all of kifu.chess above",
    "go: parse 183 corpus files": "go.parser, tree",
    "go: check 183 corpus files, whole": "go.parser, tree, properties, values, board, walk, checker, …",
    "xiangqi: replay corpus (resolve + push)": "xiangqi.board, notation.resolve",
    "xiangqi: convert corpus to Chinese": "xiangqi.walk, board, notation.resolve",
    "xiangqi: check corpus files, whole": "xiangqi.walk, checker, repetition, protection, fen, movetext",
}


def timings(runs: int) -> dict[str, float]:
    """This process's median CPU seconds for each workload."""
    import chess_check
    import go_check
    import xiangqi_convert
    import xiangqi_replay
    from kifu.chess.checker import _checked
    from kifu.chess.reader import read_game, start_board
    from kifu.chess.splitter import split_games
    from kifu.chess.walk import clear_cache
    from kifu.core.sources import Source
    from kifu.go import reader as go_reader
    from kifu.go.parser import parse_unparsed

    twic = chess_check.DEFAULT
    lines = twic.read_text(encoding="utf-8").splitlines(keepends=True)
    games = list(split_games(iter(lines)))
    reads = [read_game(game, index) for index, game in enumerate(games, 1)]
    sgf = sorted(go_check.DEFAULT.rglob("*.sgf"))
    raw = [r.data for p in sgf for r in go_reader.records(Source(str(p))) if hasattr(r, "data")]
    xq = xiangqi_replay.corpus_games()

    gc.collect()
    gc.freeze()  # the inputs held here are not scanned by every collection of the timed work

    def replay() -> None:
        clear_cache()
        for read in reads:
            board = start_board(read.record, [])
            if board is not None:
                _checked(read.record, board, None)

    work: dict[str, Callable[[], object]] = {
        "chess: split TWIC into games": lambda: list(split_games(iter(lines))),
        "chess: read TWIC (Lark + records)": lambda: [read_game(g, i) for i, g in enumerate(games, 1)],
        "chess: replay TWIC (SAN, push, checks, draws)": replay,
        "chess: check TWIC, whole": lambda: chess_check.kifu(twic),
        "go: parse 183 corpus files": lambda: [parse_unparsed(game) for game in raw],
        "go: check 183 corpus files, whole": lambda: go_check.kifu_check(sgf),
        "xiangqi: replay corpus (resolve + push)": lambda: xiangqi_replay.kifu_board(xq),
        "xiangqi: convert corpus to Chinese": lambda: xiangqi_convert.kifu_chinese(xq),
        "xiangqi: check corpus files, whole": xiangqi_replay.kifu_end_to_end,
    }
    result: dict[str, float] = {}
    for name, function in work.items():
        function()
        times = []
        for _ in range(runs):
            start = time.process_time()
            function()
            times.append(time.process_time() - start)
        result[name] = statistics.median(times)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        from kifu._native import compiled

        times = timings(args.runs)  # (imports the modules first)
        print(json.dumps({"compiled": len(compiled()), "times": times}))
        return
    import kifu
    from kifu._native import CompiledFinder

    if not CompiledFinder(str(Path(kifu.__file__).resolve().parent / "_mypyc")).paths():
        print("no usable compiled build (make compile; it needs a C compiler): nothing to compare")
        return
    results: dict[str, list[dict[str, float]]] = {"pure": [], "compiled": []}
    for _ in range(args.rounds):
        for mode in results:
            env = {k: v for k, v in os.environ.items() if k != "KIFU_PURE"}
            if mode == "pure":
                env["KIFU_PURE"] = "1"
            child = subprocess.run(
                [sys.executable, __file__, "--child", "--runs", str(args.runs)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            document = json.loads(child.stdout.splitlines()[-1])
            if (document["compiled"] > 0) != (mode == "compiled"):
                sys.exit(f"the {mode} run loaded {document['compiled']} compiled modules")
            results[mode].append(document["times"])
    from table import row

    print(f"CPU seconds, medians of {args.rounds} alternating rounds (each the median of {args.runs} runs)")
    width = max(map(len, WORKLOADS))
    for name, modules in WORKLOADS.items():
        pure = statistics.median(r[name] for r in results["pure"])
        compiled = statistics.median(r[name] for r in results["compiled"])
        ratio = pure / compiled
        print(f"  {name:<{width}}  pure {pure:7.3f}  compiled {compiled:7.3f}  {ratio:5.2f}x  ({modules})")
        row(f"compiled build: {name}", modules, compiled, "the pure modules", pure)


if __name__ == "__main__":
    main()
