"""Writers: a legal move as text in each notation (canonical Chinese follows XQBase)."""

from __future__ import annotations

from collections.abc import Callable

from kifu.xiangqi.board import ADVISOR, ELEPHANT, PAWN, RED, Board, move_name
from kifu.xiangqi.notation.chinese import (
    BLACK_NAMES,
    DIRECTION_CHARS,
    NUMERALS,
    RED_NAMES,
    TRADITIONAL_BLACK,
    TRADITIONAL_RED,
    number,
)
from kifu.xiangqi.notation.resolve import STRAIGHT, doubled_files, file_number, files_of
from kifu.xiangqi.notation.wxf import WRITE_LETTERS


def parts(board: Board, move: int) -> tuple[int, int, int, str, int]:
    """(kind, side, origin file number, direction, target) of a move."""
    frm, to = move >> 7, move & 127
    piece = board.board[frm]
    side = 1 if piece > 0 else -1
    kind = abs(piece)
    f1, r1, f2, r2 = frm % 9, frm // 9, to % 9, to // 9
    direction = "." if r1 == r2 else "+" if (r2 - r1) * side > 0 else "-"
    target = abs(r2 - r1) if kind in STRAIGHT and direction != "." else file_number(side, f2)
    return kind, side, file_number(side, f1), direction, target


def _tandem(board: Board, move: int, kind: int, side: int) -> tuple[list[int], list[list[int]]]:
    """The pieces on the mover's file (front to back) and the doubled files of its type.

    A piece alone on its file needs neither (the callers write it by its file): the board is
    then not scanned, which makes most moves several times cheaper to write.
    """
    frm = move >> 7
    if board.board[frm % 9 :: 9].count(board.board[frm]) < 2:
        return [frm], []
    groups = files_of(board, side, kind)
    return groups[frm % 9], doubled_files(groups, side)


def chinese(board: Board, move: int, traditional: bool = False) -> str:
    """XQBase Chinese notation (``traditional``: the two-file forms and traditional pieces)."""
    kind, side, file, direction, target = parts(board, move)
    red = side == RED
    if traditional:
        names = TRADITIONAL_RED if red else TRADITIONAL_BLACK
    else:
        names = RED_NAMES if red else BLACK_NAMES
    name = names[kind]
    tail = DIRECTION_CHARS[direction] + number(target, red)
    group, doubled = _tandem(board, move, kind, side)
    frm = move >> 7
    n = len(group)
    if n < 2 or kind in (ADVISOR, ELEPHANT):
        return name + number(file, red) + tail
    i = group.index(frm)
    if kind == PAWN and (len(doubled) > 1 or n >= 4):
        if traditional:
            if len(doubled) > 1:
                return _position(i, n) + name + number(file, red) + tail
            return ("前" if i == 0 else NUMERALS[i]) + name + tail
        sequence = [sq for g in doubled for sq in g]
        return NUMERALS[sequence.index(frm)] + name + tail
    return _position(i, n) + name + tail


def _position(i: int, n: int) -> str:
    if i == 0:
        return "前"
    if i == n - 1:
        return "后"
    return "中"


def wxf(board: Board, move: int) -> str:
    """Official WXF notation (``C2.5``, ``R+.6``, ``P5.4``, ``++.6``, ``5+.4``, ``55.6``)."""
    kind, side, file, direction, target = parts(board, move)
    letter = WRITE_LETTERS[kind]
    tail = direction + str(target)
    group, doubled = _tandem(board, move, kind, side)
    n = len(group)
    if n < 2 or kind in (ADVISOR, ELEPHANT):
        return f"{letter}{file}{tail}"
    i = group.index(move >> 7)
    if kind == PAWN and len(doubled) > 1:
        mark = f"{file}+" if i == 0 else f"{file}-" if i == n - 1 else f"{file}{file}"
        return mark + tail
    if n >= 4:
        marks = ["++", "P+", *(["P" + str(file)] if n == 5 else []), "P-", "--"]
        return marks[i] + tail
    if i == 0:
        return f"{letter}+{tail}"
    if i == n - 1:
        return f"{letter}-{tail}"
    return f"{letter}{file}{tail}"


def iccs(board: Board, move: int) -> str:
    """ICCS: ``H2-E2``."""
    name = move_name(move).upper()
    return f"{name[:2]}-{name[2:]}"


def ucci(board: Board, move: int) -> str:
    """UCCI: ``h2e2``."""
    return move_name(move)


def traditional(board: Board, move: int) -> str:
    return chinese(board, move, traditional=True)


NOTATIONS: dict[str, Callable[[Board, int], str]] = {
    "chinese": chinese,
    "traditional": traditional,
    "wxf": wxf,
    "iccs": iccs,
    "ucci": ucci,
}


def write_move(board: Board, move: int, notation: str = "chinese") -> str:
    """The legal ``move`` of ``board`` written in ``notation`` (a key of :data:`NOTATIONS`)."""
    return NOTATIONS[notation](board, move)
