"""The coordinates of DhtmlXQ, CBF and XQF: ``x`` 0-8 from Red's left, ``y`` counted from the top."""

from __future__ import annotations

from kifu.core.digits import is_ascii_number
from kifu.xiangqi.board import FILES


def dhtml_square(x: int, y: int) -> str | None:
    """ICCS name of DhtmlXQ point ``(x, y)`` (``y`` 0 = Black's back rank), or ``None``."""
    if 0 <= x <= 8 and 0 <= y <= 9:
        return f"{FILES[x]}{9 - y}"
    return None


def dhtml_move_to_iccs(digits: str) -> str | None:
    """``7747`` → ``h2e2``; ``None`` when the four digits are not two points."""
    if len(digits) != 4 or not is_ascii_number(digits):
        return None
    a = dhtml_square(int(digits[0]), int(digits[1]))
    b = dhtml_square(int(digits[2]), int(digits[3]))
    return a + b if a and b else None
