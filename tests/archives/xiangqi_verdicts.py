"""kifu's xiangqi result verdicts on a real archive against Fairy-Stockfish's (pyffish).

    kifu check -r DIR --format json > report.json
    python -m tests.archives.xiangqi_verdicts report.json   (from the repository root)

For every record with an XQ201 (moves after the end), XQ202 (result against a mate) or XQ302
(result against a repetition verdict) error, replays the record with the oracle's own reading
(tests/archives/oracle.py) and asks pyffish at the ply of kifu's outcome: a mate or stalemate
(no legal move: a loss for the side to move) for XQ201/XQ202, and its repetition verdict
(``is_optional_game_end``: Fairy-Stockfish's perpetual check and chase rules) for XQ302. Prints
how often pyffish decides the same result as kifu. A replay oracle cannot judge these codes;
this is the independent second opinion on them.
"""

from __future__ import annotations

import collections
import json
import re
import sys
from pathlib import Path

import pyffish

from tests.archives import oracle

CODES = {"XQ201", "XQ202", "XQ302"}


def replay(path: Path, index: int) -> tuple[str, list[str]]:
    """The start position and the main-line moves (pyffish UCI) of record ``index`` of ``path``."""
    record = list(oracle._pgn_games(oracle._decode(path.read_bytes())))[index - 1]
    tags = dict(re.findall(r'^\s*\[(\w+)\s+"(.*)"\s*\]', record, re.MULTILINE))
    board_text, _, side = (tags.get("FEN") or pyffish.start_fen("xiangqi")).partition(" ")
    start = f"{board_text} {'b' if side.startswith('b') else 'w'} - - 0 1"
    board, red = oracle._board(start), not side.startswith("b")
    played: list[str] = []
    movetext = "\n".join(line for line in record.splitlines() if not line.lstrip().startswith("["))
    for token in oracle._main_line(movetext):
        match = oracle._COORDINATES.match(token)
        if match:
            a, b, c, d = match.groups()
            moves = [f"{a.lower()}{int(b) + 1}{c.lower()}{int(d) + 1}"]
        else:
            moves = oracle._chinese(token, board, red)
            if len(moves) > 1:
                legal = pyffish.legal_moves("xiangqi", start, played)
                moves = [move for move in moves if move in legal]
        if len(moves) != 1 or (oracle._squares(moves[0])[:2] not in board):
            break
        ff, fr, tf, tr = oracle._squares(moves[0])
        board[(tf, tr)] = board.pop((ff, fr))
        played.append(moves[0])
        red = not red
    return start, played


def pyffish_result(start: str, moves: list[str], repetition: bool) -> str:
    """pyffish's result after ``moves``: a mate or stalemate, or (``repetition``) its verdict on
    the repetition; ``none`` when it decides nothing there."""
    red_to_move = (len(moves) % 2 == 0) == (start.split()[1] == "w")
    if repetition:
        ended, value = pyffish.is_optional_game_end("xiangqi", start, moves)
    else:
        ended, value = not pyffish.legal_moves("xiangqi", start, moves), -1
    if not ended:
        return "none"
    if value == 0:
        return "1/2-1/2"
    return ("1-0" if red_to_move else "0-1") if value > 0 else ("0-1" if red_to_move else "1-0")


def main() -> None:
    report = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    tally: collections.Counter[tuple[str, str, str]] = collections.Counter()
    for entry in report["files"]:
        for record in entry["records"]:
            codes = {f["code"] for f in record["findings"] if f["severity"] == "error"} & CODES
            outcome = record.get("outcome")
            if not codes or not outcome:
                continue
            start, moves = replay(Path(entry["path"]), record["index"])
            code = min(codes)
            theirs = pyffish_result(start, moves[: outcome["ply"]], code == "XQ302")
            same = "same" if theirs == outcome["result"] else f"pyffish {theirs}"
            tally[(code, f"kifu {outcome['result']} by {outcome['reason']}", same)] += 1
    for (code, kifu, verdict), count in sorted(tally.items()):
        print(f"{count:5}  {code}  {kifu}  {verdict}")


if __name__ == "__main__":
    main()
