""" "Did you mean": the legal moves nearest to a move text that cannot be played.

Texts are compared after folding what a writer slips on without meaning another move: full-width
and ASCII digits, Chinese numerals and digits (Red writes 一二三, Black 1 2 3: a slip, not a
different move), traditional and simplified characters, the two names of each piece (将/帅,
卒/兵…) and common typos (近 for 进, 乎 for 平). Each legal move is written in every notation kifu
writes; its distance to the text is the edit distance of the folded forms. The nearest moves at
distance 0 or 1 are the candidates; one candidate at distance 0 is the evident intent (a guess at
distance 1 is only offered).
"""

from __future__ import annotations

from kifu.xiangqi.board import Board
from kifu.xiangqi.notation.spec import to_ascii
from kifu.xiangqi.notation.write import chinese, iccs, ucci, wxf

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


def suggest(board: Board, text: str) -> tuple[int, list[int]]:
    """The legal moves of ``board`` nearest to ``text`` (at most :data:`NEAR` apart) and their
    distance: 0 when the text names them but for slips (the evident intent, if only one)."""
    wanted = fold(text)
    best = NEAR
    found: list[int] = []
    for move in board.legal_moves():
        writings = {fold(write(board, move)) for write in (chinese, wxf, iccs, ucci)}
        distance = min(_distance(wanted, written, best) for written in writings)
        if distance < best or (distance == best and not found):
            best, found = distance, [move]
        elif distance == best:
            found.append(move)
    return best, found
