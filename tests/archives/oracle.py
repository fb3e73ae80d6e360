"""Real archives against an oracle: kifu's defaults on one archive, each error confirmed or not.

    python tests/archives/oracle.py go|chess|xiangqi ARCHIVE_DIR [--jobs N]

Runs ``kifu check -r ARCHIVE_DIR --format json`` with the defaults, replays every record with
the game's oracle, and prints the per-archive figures of docs/reliability.md: files, records,
exit codes per file, error codes, records with an error that the oracle rejects too
(confirmed), records with an error the oracle replays in full (to explain), and records the
oracle rejects without an error from kifu (missed). Archives are not in the repository: this is
not part of ``make test``. Needs the test extra (python-chess, pyffish) and sgfmill.

What each oracle checks (none of it goes through kifu's code):

- go (sgfmill): the main line of each file's game, setup in any node, every move on an empty
  point of the board; no suicide unless ``RU`` names rules that allow it (New Zealand,
  Tromp-Taylor, Ing); no immediate ko recapture; no whole-board repeat when ``RU`` names
  positional superko (Chinese, Tromp-Taylor, WMSG) or, with the same player to move,
  situational superko (AGA, New Zealand, Ing). No ``RU``, or Japanese/Korean: simple ko only.
- chess (python-chess ``read_game``): each game's main line replays without an error from the
  reader (illegal, ambiguous or unreadable SAN), from its ``FEN`` and ``Variant``.
- xiangqi (pyffish): each PGN record's main line, from its ``FEN`` tag or the standard array:
  every move written in coordinates (ICCS ``H2-E2``, UCCI ``h2e2``) is a legal pyffish move;
  every move written in Chinese notation (``炮二平五``, ``前车进一``, ``马８进７``; simplified or
  traditional characters, Chinese or Arabic, full- or half-width numerals) designates exactly
  one of pyffish's legal moves, by the oracle's own reading of the notation below.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
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


# ---------------------------------------------------------------------------------------- go


def go_rules(ru: str | None) -> tuple[str, bool]:
    """The ko rule (simple, positional, situational) ``RU`` states, and whether suicide is legal."""
    text = (ru or "").lower()
    if re.search(r"tromp|taylor|\btt\b", text):
        return "positional", True
    if re.search(r"chin|\bcn\b|wmsg", text):
        return "positional", False
    if re.search(r"\baga\b|americ", text):
        return "situational", False
    if re.search(r"\bnz\b|zealand|\bing\b|\bgoe\b", text):
        return "situational", True
    return "simple", False  # Japanese, Korean, or no rules named


def go_oracle(path: Path) -> Iterator[bool]:
    """sgfmill: whether the main line of each game replays in full (one game per file)."""
    from sgfmill import boards, sgf

    try:
        game = sgf.Sgf_game.from_bytes(path.read_bytes())
        root = game.get_root()
        ko_rule, suicide = go_rules(root.get("RU") if root.has_property("RU") else None)
        board = boards.Board(game.get_size())
        seen: set[Any] = set()
        ko_point, ko_colour = None, None  # the point the opponent of ko_colour may not retake
        for node in game.get_main_sequence():  # setup is legal in any node (FF[4] 2.2.1)
            black, white, empty = node.get_setup_stones()
            if black or white or empty:
                board.apply_setup(black, white, empty)
                ko_point = None
            colour, move = node.get_move()
            if colour is None:
                continue
            if move is None:  # a pass
                ko_point = None
            else:
                if move == ko_point and colour != ko_colour:  # the same colour may fill it
                    raise ValueError("immediate ko recapture")
                ko_point, ko_colour = board.play(move[0], move[1], colour), colour
                if board.get(move[0], move[1]) is None and not suicide:
                    raise ValueError("suicide")
            position = tuple(tuple(row) for row in board.board)
            key = position if ko_rule == "positional" else (position, colour)
            if ko_rule != "simple" and move is not None and key in seen:
                raise ValueError("superko")
            seen.add(key)
    except (ValueError, IndexError):
        yield False
        return
    yield True


# ------------------------------------------------------------------------------------- chess


def chess_oracle(path: Path) -> Iterator[bool]:
    """python-chess: whether each game's main line replays without an error."""
    import chess.pgn

    with path.open(encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            yield not game.errors


# ----------------------------------------------------------------------------------- xiangqi

_PIECES = {
    **dict.fromkeys("车車俥", "r"),
    **dict.fromkeys("马馬傌", "n"),
    **dict.fromkeys("相象", "b"),
    **dict.fromkeys("仕士", "a"),
    **dict.fromkeys("帅帥将將", "k"),
    **dict.fromkeys("炮砲包", "c"),
    **dict.fromkeys("兵卒", "p"),
}
_NUMBERS = {
    **{ch: i + 1 for i, ch in enumerate("一二三四五六七八九")},
    **{ch: i + 1 for i, ch in enumerate("１２３４５６７８９")},
    **{ch: i + 1 for i, ch in enumerate("123456789")},
}
_DIRECTIONS = {"进": "+", "進": "+", "退": "-", "平": "="}
_QUALIFIERS = {"前": 0, "中": 1, "后": -1, "後": -1}
_CHINESE_MOVE = re.compile(
    "^([{q}{p}])([{p}{n}])([{d}])([{n}])$".format(
        q="".join(_QUALIFIERS), p="".join(_PIECES), n="".join(_NUMBERS), d="".join(_DIRECTIONS)
    )
)
_COORDINATES = re.compile(r"^([a-i])([0-9])-?([a-i])([0-9])$", re.IGNORECASE)
_STRAIGHT = set("rckp")  # pieces whose 进/退 number counts ranks; the others name the file


def _decode(data: bytes) -> str:
    """The text of a xiangqi record: UTF-8, or whichever of GB18030/Big5 reads more move text."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    candidates = [data.decode(name, errors="replace") for name in ("gb18030", "big5")]
    return max(candidates, key=lambda text: sum(ch in _PIECES or ch in _DIRECTIONS for ch in text))


def _pgn_games(text: str) -> Iterator[str]:
    """The records of a PGN text: a tag line after move text starts the next record."""
    lines: list[str] = []
    moves = False
    for line in text.splitlines():
        tag = line.lstrip().startswith("[")
        if tag and moves:
            yield "\n".join(lines)
            lines, moves = [], False
        lines.append(line)
        moves = moves or (not tag and bool(line.strip()))
    if lines and any(line.strip() for line in lines):
        yield "\n".join(lines)


def _main_line(movetext: str) -> list[str]:
    """The move tokens of the main line: comments, variations, numbers and results removed."""
    text = re.sub(r"\{[^}]*\}|;[^\n]*", " ", movetext)
    while True:  # innermost variations first
        text, count = re.subn(r"\([^()]*\)", " ", text)
        if not count:
            break
    text = re.sub(r"\$\d+|\d+\s*\.(\s*\.\.\.?|…)?|1-0|0-1|1/2-1/2|\*", " ", text)
    return [t for t in re.split(r"[\s\u3000]+", text) if t and not re.fullmatch(r"[.…=,]+", t)]


def _board(fen: str) -> dict[tuple[int, int], str]:
    """Pieces by (file 0-8 from a, rank 0-9 from Red's side) from the board part of ``fen``."""
    squares: dict[tuple[int, int], str] = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
            else:
                squares[(file, 9 - row)] = ch
                file += 1
    return squares


_UCI = re.compile(r"([a-i])(\d+)([a-i])(\d+)")


def _squares(uci: str) -> tuple[int, int, int, int]:
    """From file, from rank, to file, to rank (0-based, rank 0 on Red's side) of a pyffish move."""
    match = _UCI.fullmatch(uci)
    assert match is not None, uci
    a, b, c, d = match.groups()
    return ord(a) - 97, int(b) - 1, ord(c) - 97, int(d) - 1


def _chinese(move: str, board: dict[tuple[int, int], str], red: bool) -> list[str]:
    """The moves (pyffish UCI) that the Chinese-notation ``move`` designates on ``board``.

    ``[piece][file][direction][number]`` (``炮二平五``) or ``[前|中|后][piece]…`` (``前车进一``):
    files counted from the mover's right (Red's numerals, Black's digits: the oracle takes the
    side from the position, not from the script); ``进``/``退`` count ranks for chariot, cannon,
    pawn and king, and name the arrival file for horse, elephant and advisor (which then move
    as their kind does); ``平`` names the arrival file. A qualifier picks, among the mover's
    pieces of that kind on one file, the front (``前``), middle (``中``) or rear (``后``) one.
    Legality is pyffish's, checked by the caller.
    """
    match = _CHINESE_MOVE.match(move)
    if match is None:
        return []
    first, second, direction, number = match.groups()
    kind = _PIECES.get(first) or _PIECES.get(second)
    qualifier = _QUALIFIERS.get(first)
    from_number = _NUMBERS.get(second)
    op, count = _DIRECTIONS[direction], _NUMBERS[number]
    forward = 1 if red else -1

    def file_of(number: int) -> int:  # files are numbered from the mover's right
        return 9 - number if red else number - 1

    def mine(square: tuple[int, int]) -> bool:
        piece = board.get(square)
        return piece is not None and piece.isupper() == red and (kind is None or piece.lower() == kind)

    designated = []
    for file in range(9) if from_number is None else [file_of(from_number)]:
        column = sorted((r for r in range(10) if mine((file, r))), key=lambda r: r * forward, reverse=True)
        if qualifier is not None:
            if len(column) < 2 or (qualifier == 1 and len(column) != 3):
                continue
            column = [column[qualifier]]
        for rank in column:
            piece = board[(file, rank)].lower()
            sign = {"+": 1, "-": -1, "=": 0}[op] * forward
            if op == "=":
                to = (file_of(count), rank) if piece in _STRAIGHT else None
            elif piece in _STRAIGHT:
                to = (file, rank + sign * count)
            else:
                across = abs(file_of(count) - file)
                up = {"n": {1: 2, 2: 1}, "b": {2: 2}, "a": {1: 1}}[piece].get(across)
                to = (file_of(count), rank + sign * up) if up else None
            if to is not None and 0 <= to[0] < 9 and 0 <= to[1] < 10:
                designated.append(f"{chr(97 + file)}{rank + 1}{chr(97 + to[0])}{to[1] + 1}")
    return designated


def _xiangqi_replays(record: str) -> bool:
    """Whether every main-line move of one PGN record designates one legal pyffish move."""
    import pyffish

    tags = dict(re.findall(r'^\s*\[(\w+)\s+"(.*)"\s*\]', record, re.MULTILINE))
    board_text, _, side = (tags.get("FEN") or pyffish.start_fen("xiangqi")).partition(" ")
    start = f"{board_text} {'b' if side.startswith('b') else 'w'} - - 0 1"  # XQBase: r for Red
    if pyffish.validate_fen(start, "xiangqi") != 1:
        return False
    board, red = _board(start), not side.startswith("b")
    played: list[str] = []
    movetext = "\n".join(line for line in record.splitlines() if not line.lstrip().startswith("["))
    for token in _main_line(movetext):
        coordinates = _COORDINATES.match(token)
        if coordinates:
            a, b, c, d = coordinates.groups()
            moves = [f"{a.lower()}{int(b) + 1}{c.lower()}{int(d) + 1}"]
        else:
            moves = _chinese(token, board, red)
            if len(moves) > 1:  # two pieces fit the text: only a legal one is meant
                legal = pyffish.legal_moves("xiangqi", start, played)
                moves = [move for move in moves if move in legal]
        if len(moves) != 1:
            return False
        ff, fr, tf, tr = _squares(moves[0])
        if (piece := board.pop((ff, fr), None)) is None:
            return False
        board[(tf, tr)] = piece
        played.append(moves[0])
        red = not red
    try:  # pyffish raises at the first illegal move of the list
        pyffish.get_fen("xiangqi", start, played)
    except SystemError:
        return False
    return True


def xiangqi_oracle(path: Path) -> Iterator[bool]:
    """pyffish: whether each PGN record's main line replays in full (see the module's doc)."""
    for record in _pgn_games(_decode(path.read_bytes())):
        yield _xiangqi_replays(record)


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
    confirmed = unexplained = missed = verdicts = records = misaligned = 0
    examples: list[str] = []
    for entry in report["files"]:
        path = Path(entry["path"])
        file_errors = [f for f in entry.get("findings", []) if f["severity"] == "error"]
        verdicts_by_record = list(oracle(path))
        if len(verdicts_by_record) != len(entry["records"]):  # the figures below would not pair
            misaligned += 1
            examples.append(
                f"  {len(verdicts_by_record)} oracle records, {len(entry['records'])} kifu: {path}"
            )
        exits[
            1
            if file_errors or any(f["severity"] == "error" for r in entry["records"] for f in r["findings"])
            else 0
        ] += 1
        for i, record in enumerate(entry["records"]):
            records += 1
            errors = [f for f in record["findings"] if f["severity"] == "error"]
            codes.update(f["code"] for f in errors)
            if i >= len(verdicts_by_record):  # a record the oracle does not see: counted above
                continue
            replays = verdicts_by_record[i]
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
    print(f"files where the oracle and kifu count different records: {misaligned}")
    print("\n".join(examples[:50]))


if __name__ == "__main__":
    main()
