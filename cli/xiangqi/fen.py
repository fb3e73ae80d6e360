"""FEN for xiangqi: read 2 to 6 fields (E/H synonyms, side ``w``/``r``/``b``), write 6 fields."""

from __future__ import annotations

from kifu.core.digits import is_ascii_number
from kifu.xiangqi.board import (
    ADVISOR,
    BLACK,
    ELEPHANT,
    KING,
    PAWN,
    PIECE_LETTERS,
    RED,
    Board,
    square,
)

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#: FEN letters (upper case) to piece types; E and H are synonyms of B and N.
PIECE_KINDS = _LETTERS = {
    "K": KING,
    "A": ADVISOR,
    "B": ELEPHANT,
    "E": ELEPHANT,
    "N": 4,
    "H": 4,
    "R": 5,
    "C": 6,
    "P": PAWN,
}
_MAX = {KING: 1, ADVISOR: 2, ELEPHANT: 2, 4: 2, 5: 2, 6: 2, PAWN: 5}


class FenError(ValueError):
    """A FEN that cannot be read or describes an impossible position."""


def parse_fen(text: str) -> Board:
    """The position of ``text``; raises :class:`FenError` saying what is wrong."""
    fields = text.split()
    if not 2 <= len(fields) <= 6:
        raise FenError(f"a FEN has 2 to 6 fields, this one has {len(fields)}")
    ranks = fields[0].split("/")
    if len(ranks) != 10:
        raise FenError(f"the board part has {len(ranks)} ranks instead of 10")
    board = Board()
    for row, text_rank in enumerate(ranks):
        rank = 9 - row
        file = 0
        for ch in text_rank:
            if is_ascii_number(ch):
                file += int(ch)
                continue
            kind = _LETTERS.get(ch.upper())
            if kind is None:
                raise FenError(f"unknown piece letter {ch!r} on rank {rank}")
            if file > 8:
                raise FenError(f"rank {rank} has more than 9 files")
            board.put(square(file, rank), kind if ch.isupper() else -kind)
            file += 1
        if file != 9:
            raise FenError(f"rank {rank} has {file} files instead of 9")
    side = fields[1].lower() if len(fields) > 1 else "w"
    if side not in ("w", "r", "b"):
        raise FenError(f"side to move must be w (or r) or b, not {fields[1]!r}")
    board.set_side(BLACK if side == "b" else RED)
    problem = impossible(board)
    if problem:
        raise FenError(problem)
    return board


def impossible(board: Board) -> str | None:
    """Why the position cannot arise in a game, or ``None``."""
    counts: dict[int, int] = {}
    for sq, p in board.pieces():
        counts[p] = counts.get(p, 0) + 1
        kind, side = abs(p), (RED if p > 0 else BLACK)
        f, r = sq % 9, sq // 9
        rel = r if side == RED else 9 - r
        name = ("Red " if side == RED else "Black ") + _NAMES[kind]
        if kind in (KING, ADVISOR) and not (3 <= f <= 5 and rel <= 2):
            return f"{name} outside its palace"
        if kind == ADVISOR and (f + rel) % 2 == 0:
            return f"{name} on a point of the palace it cannot reach"
        if kind == ELEPHANT and (rel > 4 or (f, rel) not in _ELEPHANT_POINTS):
            return f"{name} on a point it cannot reach"
        if kind == PAWN and (rel < 3 or (rel < 5 and f % 2 == 1)):
            return f"{name} on a point it cannot reach"
    for p, n in counts.items():
        if n > _MAX[abs(p)]:
            return f"{n} {'Red' if p > 0 else 'Black'} {_NAMES[abs(p)]}s (at most {_MAX[abs(p)]})"
    for side, name in ((RED, "Red"), (BLACK, "Black")):
        if counts.get(KING * side, 0) != 1:
            return f"{name} has no king"
    if board.in_check(-board.side):
        return "the side that has just moved is in check (or the kings face each other)"
    return None


_NAMES = {
    KING: "king",
    ADVISOR: "advisor",
    ELEPHANT: "elephant",
    4: "horse",
    5: "chariot",
    6: "cannon",
    PAWN: "soldier",
}
_ELEPHANT_POINTS = {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}


def write_fen(board: Board, moves_without_capture: int = 0, fullmove: int = 1) -> str:
    """The 6-field FEN of ``board`` (N and B for horse and elephant)."""
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            p = board.board[square(file, rank)]
            if not p:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            letter = PIECE_LETTERS[abs(p)]
            row += letter if p > 0 else letter.lower()
        rows.append(row + (str(empty) if empty else ""))
    side = "w" if board.side == RED else "b"
    return f"{'/'.join(rows)} {side} - - {moves_without_capture} {fullmove}"


def start_board() -> Board:
    return parse_fen(START_FEN)
