"""Benchmark: replay speed of kifu's xiangqi board against pyffish and cchess (plies per second).

All games of the shared corpus (main lines, read once by kifu's readers into UCCI moves and a
start FEN) are replayed with move validation by each library, in this process, alternately;
the medians of several runs are printed with their ratios. Also: kifu end to end (text →
parse → resolve → replay, what ``kifu check`` does per record); perft(3) from the start against
pyffish (``legal_moves`` after a move list, its Python interface) and cchess (its generated
moves that do not leave the king in check); and kifu's perft(4).

Note what each validates: kifu and pyffish test full legality (check, flying general);
cchess 1.25's ``ChessBoard.move`` tests piece movement only, not whether the own king is left
in check, so it does less work. No timing is asserted anywhere; these are numbers to read.

    python tests/bench/xiangqi_replay.py [--runs N] [--no-perft]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kifu.core.record import Record
from kifu.xiangqi.board import move_name
from kifu.xiangqi.checker import Replayed, replay
from kifu.xiangqi.fen import parse_fen, start_board, write_fen
from kifu.xiangqi.notation import parse_move, resolve
from kifu.xiangqi.reader import read_records

CORPUS = Path(__file__).resolve().parents[3] / "shared/corpus/xiangqi"

Game = tuple[str, list[str]]


def corpus_replays() -> Iterator[tuple[Record, Replayed]]:
    """Every record of every corpus file, read and replayed as kifu check does."""
    for path in sorted(CORPUS.rglob("*")):
        if path.is_dir() or path.suffix == ".json":
            continue
        fmt = {".xqf": "xqf", ".cbf": "cbf", ".cbr": "cbr"}.get(path.suffix.lower(), "pgn")
        items, _ = read_records(path.read_bytes(), fmt)
        for record, _findings in items:
            result = replay(record)
            if isinstance(result, Replayed):
                yield record, result


def corpus_games() -> list[Game]:
    """(start FEN, UCCI main line) of every game in the corpus that replays completely."""
    games: list[Game] = []
    for record, result in corpus_replays():
        if result.plies:
            board = parse_fen(record.start_position) if record.start_position else start_board()
            games.append((write_fen(board), [move_name(p.move) for p in result.plies]))
    return games


def kifu_board(games: list[Game]) -> int:
    """kifu: each UCCI move is read, tested for legality and played."""
    plies = 0
    for fen, moves in games:
        board = parse_fen(fen)
        for text in moves:
            result = resolve(board, parse_move(text))
            assert result.move is not None
            board.push(result.move)
            plies += 1
    return plies


def _fsf(move: str) -> str:
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def pyffish_replay(games: list[Game]) -> int:
    """pyffish: each move checked against legal_moves of the current FEN, then played (get_fen)."""
    import pyffish as sf

    plies = 0
    for fen, moves in games:
        current = fen
        for move in moves:
            fsf = _fsf(move)
            assert fsf in sf.legal_moves("xiangqi", current, [])
            current = sf.get_fen("xiangqi", current, [fsf])
            plies += 1
    return plies


def cchess_replay(games: list[Game]) -> int:
    """cchess: ChessBoard.move_iccs (piece-movement validation only), then the turn passes."""
    import cchess

    plies = 0
    for fen, moves in games:
        board = cchess.ChessBoard(fen)
        for move in moves:
            assert board.move_iccs(move) is not None
            board.next_turn()
            plies += 1
    return plies


def kifu_end_to_end() -> int:
    """kifu check's work on every corpus file: decode, parse, resolve, replay (plies)."""
    plies = 0
    for _record, result in corpus_replays():
        plies += len(result.plies)
    return plies


def measure(name: str, run: Callable[[], int], runs: int) -> float | None:
    times = []
    plies = 0
    for _ in range(runs):
        started = time.perf_counter()
        try:
            plies = run()
        except ImportError as error:
            print(f"{name:34s} skipped: {error.name} is not installed (pip install {error.name})")
            return None
        times.append(time.perf_counter() - started)
    median = statistics.median(times)
    rate = plies / median
    print(f"{name:34s} {plies:7d} plies  {median * 1000:8.1f} ms  {rate:12,.0f} plies/s")
    return rate


def row(task: str, source: str, kifu: float, peer: str, theirs: float | None) -> None:
    """A summary row for `make bench` (tests/bench/table.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from table import row as summary

    summary(task, source, kifu, peer, theirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-perft", action="store_true")
    args = parser.parse_args()
    games = corpus_games()
    print(f"corpus: {len(games)} games, {sum(len(m) for _, m in games)} plies (main lines)\n")
    ours = measure("kifu board (read + legality + push)", lambda: kifu_board(games), args.runs)
    fsf = measure("pyffish (legal_moves + get_fen)", lambda: pyffish_replay(games), args.runs)
    cc = measure("cchess ChessBoard.move_iccs", lambda: cchess_replay(games), args.runs)
    measure("kifu end to end (files → replay)", kifu_end_to_end, args.runs)
    print(
        "  (end to end counts main-line plies; it also replays the 107,000 variation moves of the\n"
        "   DhtmlXQ sample and the XQF variations, and parses every file)"
    )
    if ours:
        plies = sum(len(m) for _, m in games)
        for name, rate in (("pyffish", fsf), ("cchess", cc)):
            if rate:
                print(f"kifu / {name}: {ours / rate:.2f}x")
            # as times for the same plies, so that the table's ratio reads like the others
            row(
                "xiangqi replay",
                f"corpus, {plies:,} plies",
                plies / ours,
                name,
                plies / rate if rate else None,
            )
    if not args.no_perft:
        perft_three()
        started = time.perf_counter()
        nodes = start_board().perft(4)
        elapsed = time.perf_counter() - started
        status = "correct" if nodes == 3_290_240 else "WRONG (expected 3,290,240)"
        rate = nodes / elapsed
        print(f"\nperft(4) from the start: {nodes:,} ({status}) in {elapsed:.1f} s, {rate:,.0f} leaves/s")


START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def pyffish_perft(depth: int, moves: list[str]) -> int:
    """pyffish: legal_moves of the start position after ``moves`` (its Python interface)."""
    import pyffish as sf

    legal = sf.legal_moves("xiangqi", START, moves)
    if depth == 1:
        return len(legal)
    return sum(pyffish_perft(depth - 1, [*moves, move]) for move in legal)


def cchess_perft(board: Any, depth: int) -> int:
    """cchess: its generated moves that do not leave the own king in check."""
    moves = [m for m in board.create_moves() if not board.is_checked_move(*m)]
    if depth == 1:
        return len(moves)
    total = 0
    for origin, target in moves:
        child = board.copy()
        child.move(origin, target)
        child.next_turn()
        total += cchess_perft(child, depth - 1)
    return total


def perft_three() -> None:
    """perft(3) from the start (79,666 leaves), kifu against pyffish and cchess, CPU time."""
    runs: dict[str, Callable[[], int]] = {"kifu": lambda: start_board().perft(3)}
    try:
        import pyffish  # noqa: F401

        runs["pyffish"] = lambda: pyffish_perft(3, [])
    except ImportError:
        print("pyffish not installed: perft(3) without it")
    try:
        import cchess

        runs["cchess"] = lambda: cchess_perft(cchess.ChessBoard(START), 3)
    except ImportError:
        print("cchess not installed: perft(3) without it")
    seconds: dict[str, float] = {}
    for name, run in runs.items():
        started = time.process_time()
        nodes = run()
        seconds[name] = time.process_time() - started
        status = "correct" if nodes == 79_666 else "WRONG (expected 79,666)"
        print(f"perft(3) {name:<8} {nodes:,} ({status}) in {seconds[name]:.2f} s")
    for name in ("pyffish", "cchess"):
        row(
            "xiangqi perft(3), CPU time",
            "start position, 79,666 leaves",
            seconds["kifu"],
            name,
            seconds.get(name),
        )


if __name__ == "__main__":
    main()
