""" "Did you mean": the legal moves near a move text that cannot be played.

Texts are compared after folding what a writer slips on without meaning another move: full-width
and ASCII digits, Chinese numerals and digits (Red writes 一二三, Black 1 2 3: a slip, not a
different move), traditional and simplified characters, the two names of each piece (将/帅,
卒/兵…) and common typos (近 for 进, 乎 for 平). Each legal move is written in every notation kifu
writes; its distance to the text is the edit distance of the folded forms, so one character
wrong, missing or extra (进 for 退, a wrong file number, a WXF letter slip: H for R, + for -) is
distance 1. A front/rear slip (前/后 where the file is written, a file where 前/后 is needed,
``R2+1`` for ``R+.1``) is distance 1 too: each move is also written with the other marker.
The moves at distance 0 or 1 are the candidates (:func:`nearby`); which one was meant is for the
rest of the game to tell (:mod:`kifu.xiangqi.lookahead`).
"""

from __future__ import annotations

from kifu.xiangqi.board import ADVISOR, ELEPHANT, KING, RED, Board
from kifu.xiangqi.notation.chinese import BLACK_NAMES, DIRECTION_CHARS, RED_NAMES, number
from kifu.xiangqi.notation.spec import to_ascii
from kifu.xiangqi.notation.write import chinese, iccs, parts, traditional, ucci, wxf
from kifu.xiangqi.notation.wxf import WRITE_LETTERS

#: one form for every way of writing the same thing, and the common typos
_FOLD = str.maketrans(
    {
        **{numeral: str(i) for i, numeral in enumerate("一二三四五六七八九", 1)},
        "將": "帅", "将": "帅", "帥": "帅", "士": "仕", "象": "相", "馬": "马", "傌": "马", "車": "车",
        "俥": "车", "砲": "炮", "包": "炮", "卒": "兵", "進": "进", "後": "后", "近": "进", "乎": "平",
        "-": "",
    }
)  # fmt: skip
#: the largest distance still offered as "did you mean"
NEAR = 1
_CHINESE = (chinese, traditional)
_LATIN = (wxf, iccs, ucci)


def fold(text: str) -> str:
    """``text`` with slips folded away (see the module)."""
    return to_ascii(text).strip().lower().translate(_FOLD)


def _distance(a: str, b: str, cap: int) -> int:
    """Levenshtein distance of ``a`` and ``b``, or ``cap + 1`` once it exceeds ``cap``."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > cap:
            return cap + 1
        previous = current
    return previous[-1]


def _marker_slip(board: Board, move: int, wanted: str) -> bool:
    """Whether ``wanted`` (folded) is ``move`` written with the other front/rear marker: by its
    file (车二进一, R2+1) or as the front or the rear piece (前车进一, 后车进一, R+.1, R-.1)."""
    kind, side, file, direction, target = parts(board, move)
    if kind in (KING, ADVISOR, ELEPHANT):  # never marked
        return False
    red = side == RED
    tail = fold(DIRECTION_CHARS[direction] + number(target, red))
    short = direction + str(target)
    if not (wanted.endswith(tail) or wanted.endswith(short)):
        return False
    name = (RED_NAMES if red else BLACK_NAMES)[kind]
    letter = WRITE_LETTERS[kind]
    texts = (
        name + number(file, red) + tail,
        "前" + name + tail,
        "后" + name + tail,
        f"{letter}{file}{short}",
        f"{letter}+{short}",
        f"{letter}-{short}",
    )
    return any(fold(text) == wanted for text in texts)


def nearby(board: Board, text: str) -> list[tuple[int, int]]:
    """The legal moves of ``board`` at most :data:`NEAR` from ``text``, each with its distance
    (0: the text is that move but for slips), nearest first."""
    wanted = fold(text)
    # a text in Latin letters is compared with the Latin notations only, Chinese with Chinese
    writers = _LATIN if wanted.isascii() else _CHINESE
    found: list[tuple[int, int]] = []
    for move in board.legal_moves():
        writings = {fold(write(board, move)) for write in writers}
        distance = min(_distance(wanted, written, NEAR) for written in writings)
        if distance > 0 and _marker_slip(board, move, wanted):
            distance = 1
        if distance <= NEAR:
            found.append((move, distance))
    found.sort(key=lambda pair: pair[1])
    return found


def suggest(board: Board, text: str) -> tuple[int, list[int]]:
    """The legal moves of ``board`` nearest to ``text`` (at most :data:`NEAR` apart) and their
    distance: 0 when the text names them but for slips."""
    found = nearby(board, text)
    if not found:
        return NEAR, []
    best = found[0][1]
    return best, [move for move, distance in found if distance == best]
