"""Benchmark: `kifu convert` for xiangqi, UCCI main lines to Chinese notation against cchess.

Both sides take the corpus main lines as UCCI moves and write every move in Chinese notation:
kifu through its whole conversion of a record (read each move, test legality, write the XQBase
text, lay out the PGN); cchess through ``ChessBoard.move_iccs`` and ``Move.to_text`` (piece
movement only, no test of the own king left in check). Then kifu end to end on the largest
corpus file (the DhtmlXQ book with 107,000 variation moves) for each target. Medians of
alternating runs, in this process, one core; nothing is asserted.

    python tests/bench/xiangqi_convert.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from kifu.core.converted import Converted
from kifu.core.record import MoveNode, Record
from kifu.core.sources import Source
from kifu.xiangqi.writers import TARGETS, convert, convert_record

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import row
from xiangqi_replay import CORPUS, Game, corpus_games

BOOK = CORPUS / "dhtmlxq" / "vschess_dhtmlxq_sample_with_variations.txt"


def kifu_chinese(games: list[Game]) -> int:
    """kifu: each game as a record of UCCI moves, converted to XQBase PGN with Chinese moves."""
    plies = 0
    for fen, moves in games:
        record = Record(game="xiangqi", index=1, line=1, start_position=fen)
        record.moves = [MoveNode(text=move) for move in moves]
        converted = convert_record(record, [], "chinese")
        assert not converted.problems
        plies += len(moves)
    return plies


def cchess_chinese(games: list[Game]) -> int:
    """cchess: move_iccs, then the move's Chinese text, then the turn passes."""
    import cchess

    plies = 0
    for fen, moves in games:
        board = cchess.ChessBoard(fen)
        texts = []
        for text in moves:
            move = board.move_iccs(text)
            assert move is not None
            texts.append(move.to_text())
            board.next_turn()
        plies += len(texts)
    return plies


def book(target: str) -> int:
    """Characters of the book converted to ``target`` (reading included)."""
    items = convert(Source(str(BOOK)), "dhtmlxq", target)
    return sum(len(item.text) for item in items if isinstance(item, Converted))


def median_time(run: Callable[[], int], runs: int) -> tuple[float, int]:
    times, result = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"skipped: no corpus at {CORPUS}")
        return
    games = corpus_games()
    plies = sum(len(moves) for _, moves in games)
    print(f"corpus: {len(games)} games, {plies} plies (main lines)\n")
    ours, _ = median_time(lambda: kifu_chinese(games), args.runs)
    print(f"{'kifu convert → chinese':34s} {ours * 1000:8.1f} ms  {plies / ours:10,.0f} plies/s")
    try:
        theirs: float | None = median_time(lambda: cchess_chinese(games), args.runs)[0]
    except ImportError:
        theirs = None
        print(f"{'cchess move_iccs + to_text':34s} skipped: cchess is not installed")
    if theirs is not None:
        print(f"{'cchess move_iccs + to_text':34s} {theirs * 1000:8.1f} ms  {plies / theirs:10,.0f} plies/s")
        print(f"kifu / cchess: {theirs / ours:.2f}x")
    row("xiangqi convert to Chinese", f"corpus, {plies:,} plies", ours, "cchess", theirs)
    if BOOK.exists():
        print(f"\n{BOOK.name} (107,000 moves with the variations), end to end:")
        for target in TARGETS:
            elapsed, size = median_time(lambda target=target: book(target), max(1, args.runs - 1))
            print(f"  --to {target:12s} {elapsed:6.2f} s  {size / 1e6:6.1f} M characters")


if __name__ == "__main__":
    main()
