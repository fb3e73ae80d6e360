"""Real archives against an oracle: kifu's defaults on one archive, each error confirmed or not.

    python tests/archives/oracle.py go|chess|xiangqi ARCHIVE_DIR [--jobs N] [--examples N]

Runs ``kifu check -r ARCHIVE_DIR --format json`` with the defaults, replays every record with
the game's oracle, and prints the per-archive figures of docs/reliability.md: files, records,
exit codes per file, error codes (of the records and of the files), records with an error that
the oracle rejects too (confirmed), records with an error the oracle replays in full (to
explain), files with an error of their own whose records the oracle all replays, records the
oracle rejects without an error from kifu (missed), and records the oracle cannot judge (its own
reader raised); ``--examples 0`` lists every such record. Archives are not in the repository:
this is not part of ``make test``. Needs the test extra (python-chess, pyffish) and sgfmill.

What each oracle checks (none of it goes through kifu's code):

- go (sgfmill): the main line of each game tree of the file (a file sgfmill cannot parse, or
  whose text before its first ``(;`` holds nodes, a lost ``(``, is one rejected record), setup
  in any node, every move on an empty point of the board; no suicide unless ``RU`` names rules
  that allow it (New Zealand, Tromp-Taylor, Ing); no immediate ko recapture; no whole-board
  repeat when ``RU`` names positional superko (Chinese, Tromp-Taylor, WMSG) or, with the same
  player to move, situational superko (AGA, New Zealand, Ing). No ``RU``, or Japanese/Korean:
  simple ko only.
- chess (python-chess ``read_game``): each game, its variations included, replays without an
  error from the reader (illegal, ambiguous or unreadable SAN), from its ``FEN`` and
  ``Variant``; a game on which python-chess raises is not judged.
- xiangqi (pyffish): each PGN record's main line, from its ``FEN`` tag or the standard array
  (a start position pyffish validates and whose every piece stands where its kind can ever be,
  ``placement_ok``: pyffish alone takes an advisor outside its palace):
  every move written in coordinates (ICCS ``H2-E2``, UCCI ``h2e2``) is a legal pyffish move;
  every move written in Chinese notation (``炮二平五``, ``前车进一``, ``马８进７``; simplified or
  traditional characters, Chinese or Arabic, full- or half-width numerals) designates exactly
  one of pyffish's legal moves, by the oracle's own reading of the notation below. An XQF
  file (binary, plain or obfuscated) is decoded by the oracle's own reader (``xqf_lines``, after
  the format's public description) and every line of its move tree, variations included, is
  replayed the same way.
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
    """sgfmill: whether the main line of each game tree of the file replays in full.

    A file that sgfmill cannot parse is one rejected record (sgfmill reads none of its games).
    """
    from sgfmill import sgf_grammar

    data = path.read_bytes()
    first = re.search(rb"\(\s*;", data)
    if re.search(rb";\s*[A-Z]+\s*\[", data[: first.start() if first else len(data)]):
        yield False  # nodes before the first `(;`: the file has lost its opening `(` and root
        return
    try:
        trees = sgf_grammar.parse_sgf_collection(data)
    except ValueError:
        yield False
        return
    for tree in trees:
        yield _go_replays(tree)


def _go_replays(tree: Any) -> bool:
    """Whether the main line of one sgfmill coarse game tree replays in full (see the module doc)."""
    from sgfmill import boards, sgf

    try:
        game = sgf.Sgf_game.from_coarse_game_tree(tree)
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
        return False
    return True


# ------------------------------------------------------------------------------------- chess


_TAG_LINE = re.compile(r'^\s*\[[A-Za-z0-9_]+\s+"')


def chess_games(text: str) -> list[str]:
    """The games of a PGN text, split where a tag line follows move text (the oracle's own
    split, not python-chess's: that one needs the blank line after a game's moves, which
    some archives leave out, and would read the next game's tags as moves)."""
    games: list[list[str]] = [[]]
    moves = False  # the current game has move text
    depth = 0  # inside a { comment } that spans lines
    for line in text.splitlines(keepends=True):
        if depth == 0 and moves and _TAG_LINE.match(line):
            games.append([])
            moves = False
        games[-1].append(line)
        if depth == 0 and not _TAG_LINE.match(line) and line.strip() and not line.startswith("%"):
            moves = True
        depth = max(0, depth + line.count("{") - line.count("}"))
    return ["".join(game) for game in games if any(_TAG_LINE.match(line) or line.strip() for line in game)]


def chess_oracle(path: Path) -> Iterator[bool | None]:
    """python-chess: whether each game replays without an error; None where python-chess raised.

    The games are split by :func:`chess_games`, and each is read alone, so that a game on which
    python-chess raises (a bug of its reader, e.g. an IndexError on a variation that opens with
    the wrong side's move) is not judged and does not shift the games after it.
    """
    import io

    import chess.pgn

    text = path.read_text(encoding="utf-8-sig", errors="replace")
    for chunk in chess_games(text):
        try:
            game = chess.pgn.read_game(io.StringIO(chunk))
        except Exception:  # python-chess's own failure: no verdict
            yield None
            continue
        yield game is not None and not game.errors


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


# the points a piece can ever stand on, Red's side (file 0-8 from a, rank 0-9 from Red's side);
# Black's are the same ranks mirrored (9 - rank)
_KING_POINTS = {(f, r) for f in (3, 4, 5) for r in (0, 1, 2)}
_ADVISOR_POINTS = {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}
_ELEPHANT_POINTS = {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}
_MOST = {"k": 1, "a": 2, "b": 2, "n": 2, "r": 2, "c": 2, "p": 5}


def placement_ok(board: dict[tuple[int, int], str]) -> bool:
    """Whether every piece stands where its kind can ever be, no side has more than its set.

    Kings and advisors in their palace, elephants on their own seven points, pawns never behind
    their first rank nor, on their own side of the river, between the five files they start on;
    each side one king at most, five pawns, two of the others (nothing is promoted in xiangqi).
    """
    counts: collections.Counter[str] = collections.Counter()
    for (file, rank), piece in board.items():
        kind, red = piece.lower(), piece.isupper()
        own = rank if red else 9 - rank  # ranks counted from the piece's own side
        counts[piece] += 1
        if counts[piece] > _MOST.get(kind, 0):
            return False
        if kind == "k" and (file, own) not in _KING_POINTS:
            return False
        if kind == "a" and (file, own) not in _ADVISOR_POINTS:
            return False
        if kind == "b" and (file, own) not in _ELEPHANT_POINTS:
            return False
        if kind == "p" and (own < 3 or (own < 5 and file % 2)):
            return False
    return True


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
    if pyffish.validate_fen(start, "xiangqi") != 1 or not placement_ok(_board(start)):
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


# XQF (XQStudio) binary records, decoded from the format's public description (ElephantEye's
# XQF->PGN convertor, www.elephantbase.net): a 1024-byte header, then the move tree in preorder,
# 4 bytes a node (from, to, flags, reserved) and, where the flags say so, a comment. A node's
# flags say whether a child (the next move) and a next sibling (another move in its place) follow;
# the child's subtree comes first. The main line is the run of first children.
_XQF_HEADER = 1024
_XQF_MASK = b"[(C) Copyright Mr. Dong Shiwei.]"
_XQF_KINDS = "RNBAKABNRCCPPPPP"  # the kinds of the header's 32 points: Red's 16, then Black's
_XqfStep = tuple[tuple[int, int], tuple[int, int]]  # from and to (file, rank) of a move


def _xqf_chain(key: int, previous: int) -> int:
    """One of the chained offsets of an obfuscated (version >= 11) file: (54 k² + 221) · previous."""
    return ((54 * key * key + 221) * previous) & 0xFF


def _xqf_point(value: int) -> tuple[int, int]:
    """(file 0-8 from a, rank 0-9 from Red's side) of an XQF point ``file * 10 + rank``."""
    if value >= 90:
        raise ValueError(f"point {value} is off the board")
    return divmod(value, 10)


def xqf_lines(data: bytes) -> tuple[str, list[list[str]]]:
    """The start FEN and every line (root to leaf, pyffish UCI) of an XQF file; ValueError if damaged.

    The first line is the main line (first children all the way). The start position is the
    header's 32 points (a point of 90 or more: the piece is off the board); the side to move
    first is the colour of the piece the main line's first move moves.
    """
    if len(data) < _XQF_HEADER or data[:2] != b"XQ":
        raise ValueError("not an XQF file")
    version = data[2]
    stream = [0] * 32
    piece_key = from_key = to_key = comment_key = 0
    if version >= 11:  # obfuscated: offsets and a 32-byte key stream from header bytes 3 and 8-15
        piece_key = _xqf_chain(data[13], data[13])
        from_key = _xqf_chain(data[14], piece_key)
        to_key = _xqf_chain(data[15], from_key)
        comment_key = (data[12] * 256 + data[13]) % 32000 + 767
        keys = [data[8 + i] | (data[12 + i] & data[3]) for i in range(4)]
        stream = [keys[i % 4] & _XQF_MASK[i] for i in range(32)]
    points = [0] * 32
    for i in range(32):  # version >= 12 also rotates the 32 points by piece_key + 1
        points[(piece_key + 1 + i) % 32 if version >= 12 else i] = (data[16 + i] - piece_key) & 0xFF
    board: dict[tuple[int, int], str] = {}
    for i, value in enumerate(points):
        if value < 90:
            square = _xqf_point(value)
            if square in board:
                raise ValueError(f"two pieces on point {value}")
            board[square] = _XQF_KINDS[i % 16] if i < 16 else _XQF_KINDS[i % 16].lower()

    position, index = _XQF_HEADER, 0

    def take(count: int) -> bytes:
        nonlocal position, index
        chunk = data[position : position + count]
        if len(chunk) < count:
            raise ValueError("the move tree ends inside a node")
        position += count
        out = bytes((byte - stream[(index + k) % 32]) & 0xFF for k, byte in enumerate(chunk))
        index = (index + count) % 32
        return out

    lines: list[list[_XqfStep]] = []
    siblings: list[list[_XqfStep]] = []  # the path before each node whose next sibling is to come
    before: list[_XqfStep] | None = []  # the path before the node read next; None: the tree is over
    root = True
    while before is not None:
        source, target, flags, _ = take(4)
        if version < 11:  # a comment length after every node; high nibble: a child, low: a sibling
            length = int.from_bytes(take(4), "little", signed=True)
            child, sibling = flags & 0xF0 != 0, flags & 0x0F != 0
        else:
            length = int.from_bytes(take(4), "little", signed=True) - comment_key if flags & 0x20 else 0
            child, sibling = flags & 0x80 != 0, flags & 0x40 != 0
        after = before
        if not root:
            step = _xqf_point((source - 24 - from_key) & 0xFF), _xqf_point((target - 32 - to_key) & 0xFF)
            after = [*before, step]
            if sibling:
                siblings.append(before)
        root = False
        if length > 0:
            take(length)
        if child:
            before = after
        else:  # a leaf: the line ends; the next node is the latest sibling still to come
            lines.append(after)
            before = siblings.pop() if siblings else None
    red = not lines[0] or not board.get(lines[0][0][0], "K").islower()
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            piece = board.get((file, rank))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    fen = f"{'/'.join(rows)} {'w' if red else 'b'} - - 0 1"
    return fen, [[f"{chr(97 + a)}{b + 1}{chr(97 + c)}{d + 1}" for (a, b), (c, d) in line] for line in lines]


def _xqf_replays(data: bytes) -> bool:
    """Whether an XQF file's move tree decodes and pyffish plays every line of it from its start."""
    import pyffish

    try:
        fen, lines = xqf_lines(data)
    except ValueError:
        return False
    if pyffish.validate_fen(fen, "xiangqi") != 1 or not placement_ok(_board(fen)):
        return False
    try:  # pyffish raises at the first illegal move of the list
        for line in lines:
            pyffish.get_fen("xiangqi", fen, line)
    except SystemError:
        return False
    return True


def xiangqi_oracle(path: Path) -> Iterator[bool | None]:
    """pyffish: whether each record's main line replays in full (see the module's doc)."""
    data = path.read_bytes()
    if path.suffix.lower() == ".xqf":
        yield _xqf_replays(data)
        return
    for record in _pgn_games(_decode(data)):
        yield _xiangqi_replays(record)


ORACLES = {"go": go_oracle, "chess": chess_oracle, "xiangqi": xiangqi_oracle}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(ORACLES))
    parser.add_argument("archive", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--examples", type=int, default=50, help="records listed at most (0: all)")
    args = parser.parse_args()
    status, report = kifu(args.archive, args.jobs)
    oracle = ORACLES[args.game]
    exits: collections.Counter[int] = collections.Counter()
    codes: collections.Counter[str] = collections.Counter()
    confirmed = unexplained = missed = verdicts = records = misaligned = unjudged = file_only = 0
    broken_files = 0
    examples: list[str] = []
    for entry in report["files"]:
        path = Path(entry["path"])
        file_errors = [f for f in entry.get("findings", []) if f["severity"] == "error"]
        codes.update(f["code"] for f in file_errors)
        verdicts_by_record = list(oracle(path))
        aligned = len(verdicts_by_record) == len(entry["records"])
        if file_errors and not entry["records"] and not any(verdicts_by_record):
            broken_files += 1  # kifu reads no record, the oracle no game it can replay
        elif not aligned:  # the records would not pair: the file is counted and listed, not paired
            misaligned += 1
            file_codes = ", ".join(f["code"] for f in file_errors) or "no error of the file"
            examples.append(
                f"  {len(verdicts_by_record)} oracle records, {len(entry['records'])} kifu"
                f" ({file_codes}): {path}"
            )
        elif file_errors and all(verdicts_by_record):  # an error of the file, every record replays
            file_only += 1
            examples.append(f"  file error, oracle replays every record: {path} {file_errors[0]['code']}")
        exits[
            1
            if file_errors or any(f["severity"] == "error" for r in entry["records"] for f in r["findings"])
            else 0
        ] += 1
        for i, record in enumerate(entry["records"]):
            records += 1
            errors = [f for f in record["findings"] if f["severity"] == "error"]
            codes.update(f["code"] for f in errors)
            if not aligned:
                continue
            replays = verdicts_by_record[i]
            replay_errors = [f for f in errors if f["code"] not in VERDICTS]
            if replays is None:  # the oracle's own reader failed: no verdict either way
                unjudged += 1
                codes_here = ", ".join(f["code"] for f in errors) or "no kifu error"
                examples.append(f"  oracle cannot judge: {path} #{i + 1} ({codes_here})")
            elif errors and not replay_errors:
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
    print(f"files with an error and no record, where the oracle replays no game either: {broken_files}")
    print(f"records with a result/rules verdict only (the replay oracle cannot judge): {verdicts}")
    print(f"records with an error the oracle replays in full: {unexplained}")
    print(f"files with an error of the file whose records the oracle all replays: {file_only}")
    print(f"records the oracle rejects without a kifu error: {missed}")
    print(f"records the oracle cannot judge (its reader raised): {unjudged}")
    print(f"files where the oracle and kifu count different records: {misaligned}")
    print("\n".join(examples[: args.examples or None]))


if __name__ == "__main__":
    main()
