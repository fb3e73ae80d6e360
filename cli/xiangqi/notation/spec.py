"""A move as the notation describes it, before it is matched against a position."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

FULLWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def to_ascii(text: str) -> str:
    """Map full-width ASCII forms (``Ｃ２＝５``, ``８``) to ASCII, one character for one."""
    return text.translate(FULLWIDTH)


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """What a move text says.

    ``kind`` is the piece type (board constants) or ``None`` for a coordinate move;
    ``file`` the origin file counted from the mover's right (1-9); ``marker`` picks one of
    several pieces of that type on a file: ``front``, ``rear``, ``middle``, ``index:k`` (k-th
    from the front, 0-based), ``rindex:k``, ``ordinal:k`` (XQBase order over doubled files,
    1-based), ``wxf+``/``wxf-`` (WXF signs, whose meaning depends on the count). ``direction``
    is ``+`` (advance), ``-`` (retreat), ``.`` (traverse) or ``None`` (abridged: not written);
    ``target`` is the destination file or the number of ranks. Coordinate moves set
    ``squares`` instead. ``notation`` is ``chinese``, ``abridged``, ``wxf``, ``iccs`` or ``ucci``.
    """

    notation: str
    kind: int | None = None
    file: int | None = None
    marker: str | None = None
    direction: str | None = None
    target: int | None = None
    squares: tuple[int, int] | None = None
    wxf_middle_by_file: bool = False


class NotationError(ValueError):
    """Text that is not a move in any notation kifu reads; ``column`` is 0-based in the text."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.column = column


_CHINESE = set("帅帥将將仕士相象马馬傌车車俥炮砲包兵卒前中后後进進退平")


@lru_cache(maxsize=4096)
def parse_move(text: str) -> MoveSpec:
    """Read one move in any notation; raises :class:`NotationError`."""
    from kifu.xiangqi.notation import chinese, iccs, wxf

    ascii_text = to_ascii(text).strip()
    if not ascii_text:
        raise NotationError("empty move")
    if any(ch in _CHINESE for ch in ascii_text):
        return chinese.parse(ascii_text)
    if iccs.looks_like(ascii_text):
        return iccs.parse(ascii_text)
    return wxf.parse(ascii_text)
