"""Real archives against an oracle: kifu's defaults on one archive, each error confirmed or not.

    python tests/archives/oracle.py go|chess|xiangqi ARCHIVE_DIR [--jobs N]

Runs ``kifu check -r ARCHIVE_DIR --format json`` with the defaults, replays every record with
the game's oracle (sgfmill for Go, python-chess for chess, pyffish for xiangqi PGN with ICCS
moves), and prints the per-archive figures of docs/reliability.md: files, records, exit codes
per file, error codes, records with an error that the oracle rejects too (confirmed), records
with an error the oracle replays in full (to explain), and records the oracle rejects without
an error from kifu (missed). Archives are not in the repository: this is not part of
``make test``. Needs the test extra (python-chess, pyffish) and sgfmill.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: codes whose verdict is about the result or the rules, not the replay: the oracle (a replay)
#: neither confirms nor contradicts them
VERDICTS = {"GO201", "CHESS202", "CHESS201", "XQ202", "XQ201", "XQ302"}


def kifu(archive: Path, jobs: int) -> tuple[int, dict[str, Any]]:
    """kifu's exit status and JSON report on ``archive``, with the defaults."""
    command = [sys.executable, "-m", "kifu", "check", "-r", "--isolated", "-q", "--format", "json"]
    run = subprocess.run([*command, "--jobs", str(jobs), str(archive)], capture_output=True, check=False)
    return run.returncode, json.loads(run.stdout)


def go_oracle(path: Path) -> Iterator[bool]:
    """sgfmill: whether the main line of each game replays in full (one game per file)."""
    from sgfmill import boards, sgf

    try:
        game = sgf.Sgf_game.from_bytes(path.read_bytes())
        board = boards.Board(game.get_size())
        for node in game.get_main_sequence():  # setup is legal in any node (FF[4] 2.2.1)
            black, white, empty = node.get_setup_stones()
            if black or white or empty:
                board.apply_setup(black, white, empty)
            colour, move = node.get_move()
            if colour is not None and move is not None:
                board.play(move[0], move[1], colour)
    except (ValueError, IndexError):
        yield False
        return
    yield True


def chess_oracle(path: Path) -> Iterator[bool]:
    """python-chess: whether each game's main line replays without an error."""
    import chess.pgn

    with path.open(encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            yield not game.errors


def xiangqi_oracle(path: Path) -> Iterator[bool]:
    """pyffish: whether each record's ICCS moves (``h2e2``) are legal from the start position."""
    import re

    import pyffish

    text = path.read_text(encoding="utf-8", errors="replace")
    start = pyffish.start_fen("xiangqi")
    for game in re.split(r"\n(?=\[Game )", text):
        if not game.strip():
            continue
        body = re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", game)
        moves = [m.lower() for m in re.findall(r"\b([A-Ia-i]\d)-?([A-Ia-i]\d)\b", body) for m in ["".join(m)]]
        uci = [m[0] + str(int(m[1]) + 1) + m[2] + str(int(m[3]) + 1) for m in moves]
        played: list[str] = []
        legal = True
        for move in uci:
            if move not in pyffish.legal_moves("xiangqi", start, played):
                legal = False
                break
            played.append(move)
        yield legal


ORACLES = {"go": go_oracle, "chess": chess_oracle, "xiangqi": xiangqi_oracle}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(ORACLES))
    parser.add_argument("archive", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    status, report = kifu(args.archive, args.jobs)
    oracle = ORACLES[args.game]
    exits: collections.Counter[int] = collections.Counter()
    codes: collections.Counter[str] = collections.Counter()
    confirmed = unexplained = missed = verdicts = records = 0
    examples: list[str] = []
    for entry in report["files"]:
        path = Path(entry["path"])
        file_errors = [f for f in entry.get("findings", []) if f["severity"] == "error"]
        verdicts_by_record = list(oracle(path))
        exits[
            1
            if file_errors or any(f["severity"] == "error" for r in entry["records"] for f in r["findings"])
            else 0
        ] += 1
        for i, record in enumerate(entry["records"]):
            records += 1
            errors = [f for f in record["findings"] if f["severity"] == "error"]
            codes.update(f["code"] for f in errors)
            replays = verdicts_by_record[i] if i < len(verdicts_by_record) else False
            replay_errors = [f for f in errors if f["code"] not in VERDICTS]
            if errors and not replay_errors:
                verdicts += 1
            elif replay_errors and not replays:
                confirmed += 1
            elif replay_errors:
                unexplained += 1
                examples.append(f"  error, oracle replays: {path} #{i + 1} {replay_errors[0]['code']}")
            elif not replays and not errors:
                missed += 1
                examples.append(f"  oracle rejects, no kifu error: {path} #{i + 1}")
    print(f"archive {args.archive} ({args.game}); kifu exit {status}")
    print(f"files {len(report['files'])}, records {records}")
    print(f"files by exit: 0 = {exits[0]}, 1 = {exits[1]}")
    print(f"error codes: {dict(codes.most_common())}")
    print(f"records with a replay error the oracle rejects too (confirmed): {confirmed}")
    print(f"records with a result/rules verdict only (the replay oracle cannot judge): {verdicts}")
    print(f"records with an error the oracle replays in full: {unexplained}")
    print(f"records the oracle rejects without a kifu error: {missed}")
    print("\n".join(examples[:20]))


if __name__ == "__main__":
    main()
