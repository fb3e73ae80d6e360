"""Benchmark: the cost of repetition and natural-limit adjudication on long xiangqi games.

Random legal games of about 300 plies are generated from the start position (seeded), some
ending in a repetition (a 4-ply cycle of quiet moves played until the position comes round the
third time), some not. For each game the time of

* ``read+check``: what ``kifu check`` does per record (read the text, replay, adjudicate),
* ``replay``: replaying the parsed record (what checking cost before verdicts),
* ``adjudicate``: the verdict alone on the replayed game (cycle search, classification, natural
  limit)

is printed (the fastest of several runs), with the share adjudication adds to a replay. A
second table raises the repetition threshold to show the cost per classified ply. No timing
is asserted; these are numbers to read.

    python tests/bench/xiangqi_repetition.py [--games N] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Collection
from functools import partial

from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.record import Record
from kifu.xiangqi.board import Board, move_name
from kifu.xiangqi.checker import Boards as CheckerBoards
from kifu.xiangqi.checker import Replayed, check_record, replay
from kifu.xiangqi.fen import start_board
from kifu.xiangqi.reader import read_records
from kifu.xiangqi.repetition import Boards, adjudicate
from kifu.xiangqi.walk import walk, walk_options


def _cycle(board: Board) -> list[int] | None:
    """Four quiet moves (Red there, Black there, Red back, Black back) playable from ``board``."""
    for red in board.legal_moves():
        if board.board[red & 127] or board.gives_check(red):
            continue
        board.push(red)
        try:
            for black in board.legal_moves():
                if board.board[black & 127] or board.gives_check(black):
                    continue
                board.push(black)
                back = (red & 127) << 7 | red >> 7
                ok = board.is_legal(back)
                if ok:
                    board.push(back)
                    ok = board.is_legal((black & 127) << 7 | black >> 7)
                    board.pop()
                board.pop()
                if ok:
                    return [red, black, back, (black & 127) << 7 | black >> 7]
        finally:
            board.pop()
    return None


def random_game(rng: random.Random, plies: int, repeat: bool) -> list[str] | None:
    """UCCI moves of a random legal game of ``plies`` plies (ending in a cycle if ``repeat``)."""
    board = start_board()
    moves: list[str] = []
    prefix = plies - 8 if repeat else plies
    while len(moves) < prefix:
        legal = board.legal_moves()
        if not legal:
            return None
        quiet = [m for m in legal if not board.board[m & 127]]
        move = rng.choice(quiet if quiet and rng.random() < 0.8 else legal)
        board.push(move)
        moves.append(move_name(move))
    if repeat:
        cycle = _cycle(board)
        if cycle is None:
            return None
        moves += [move_name(m) for m in cycle * 2]
    return moves


def record_text(moves: list[str]) -> bytes:
    return ('[Game "Chinese Chess"]\n[Result "*"]\n\n' + " ".join(moves) + " *\n").encode()


def record_of(moves: list[str]) -> Record:
    items, _ = read_records(record_text(moves), "pgn")
    record, findings = next(items)
    assert not findings
    return record


def read_and_check(text: bytes) -> None:
    """What ``kifu check`` does per record: read the text, replay, adjudicate, compare results."""
    items, _ = read_records(text, "pgn")
    for record, findings in items:
        check_record(record, findings, Options())


def boards_of(record: Record, settings: dict[str, object] | None = None) -> Boards:
    """The main line's boards after the plies a verdict asks for, as the checker gives them."""

    def boards(plies: Collection[int]) -> dict[int, Board]:
        walked = walk_options(record, dict(settings or {}), assume=True)
        assert not isinstance(walked, Finding)
        return walk(record, walked, CheckerBoards(plies))

    return boards


def best_time(fn: Callable[[], object], runs: int) -> float:
    """The fastest of ``runs`` calls (the least disturbed by other load on the machine)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    rng = random.Random(20261129)
    games: list[tuple[str, list[str]]] = []
    while len(games) < args.games:
        repeat = len(games) % 2 == 0
        moves = random_game(rng, 300, repeat)
        if moves is not None:
            games.append(("cycle at end" if repeat else "no cycle", moves))
    print(f"xiangqi adjudication on 300-ply random games (best of {args.runs} runs, ms)")
    head = ("game", "plies", "read+check", "replay", "adjudicate", "adj/replay", "adj/read+check")
    print(
        f"{head[0]:<14}{head[1]:>6}{head[2]:>12}{head[3]:>9}{head[4]:>12}{head[5]:>12}{head[6]:>16}  outcome"
    )
    for label, moves in games:
        text = record_text(moves)
        record = record_of(moves)
        replayed = replay(record)
        assert isinstance(replayed, Replayed)
        t_full = best_time(partial(read_and_check, text), args.runs)
        t_replay = best_time(partial(replay, record), args.runs)
        t_adj = best_time(partial(adjudicate, record, replayed, "*", None, {}, boards_of(record)), args.runs)
        outcome = check_record(record, [], Options()).outcome
        reason = outcome["reason"] if outcome else "-"
        print(
            f"{label:<14}{len(moves):>6}{t_full * 1e3:>12.2f}{t_replay * 1e3:>9.2f}{t_adj * 1e3:>12.2f}"
            f"{t_adj / t_replay:>12.1%}{t_adj / t_full:>16.1%}  {reason}"
        )
    print()
    print(
        "a cycle at the end judged at a higher threshold (ms): the cycle's distinct moves are classified once"
    )
    label, moves = games[0]
    base = moves[:-8]
    cycle = moves[-4:]
    print(f"{'threshold':>10}{'plies judged':>14}{'adjudicate':>12}{'per ply':>10}")
    for threshold in (3, 5, 10):
        line = base + cycle * (threshold - 1)
        record = record_of(line)
        replayed = replay(record)
        assert isinstance(replayed, Replayed)
        settings: dict[str, object] = {"repetition": threshold}
        t_adj = best_time(
            partial(adjudicate, record, replayed, "*", None, settings, boards_of(record, settings)), args.runs
        )
        classified = 4 * (threshold - 1)
        print(f"{threshold:>10}{classified:>14}{t_adj * 1e3:>12.2f}{t_adj * 1e3 / classified:>10.3f}")


if __name__ == "__main__":
    main()
