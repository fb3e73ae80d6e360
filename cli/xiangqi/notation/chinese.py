"""Chinese move notation: reading (full, abridged, traditional forms) and the XQBase writer."""

from __future__ import annotations

from kifu.xiangqi.board import ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, PAWN
from kifu.xiangqi.notation._lark import parse_move
from kifu.xiangqi.notation.spec import MoveSpec, NotationError
from lark import Token

PIECE_CHARS = {
    KING: "帅帥将將",
    ADVISOR: "仕士",
    ELEPHANT: "相象",
    HORSE: "马馬傌",
    CHARIOT: "车車俥",
    CANNON: "炮砲包",
    PAWN: "兵卒",
}
KIND_OF = {ch: kind for kind, chars in PIECE_CHARS.items() for ch in chars}
NUMERALS = "一二三四五六七八九"
DIRECTIONS = {"进": "+", "進": "+", "退": "-", "平": "."}
POSITIONS = {"前": "front", "中": "middle", "后": "rear", "後": "rear"}

_ORDER = (KING, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, PAWN)
RED_NAMES = dict(zip(_ORDER, "帅仕相马车炮兵", strict=True))
BLACK_NAMES = dict(zip(_ORDER, "将士象马车炮卒", strict=True))
TRADITIONAL_RED = dict(zip(_ORDER, "帥仕相傌俥炮兵", strict=True))
TRADITIONAL_BLACK = dict(zip(_ORDER, "將士象馬車包卒", strict=True))
DIRECTION_CHARS = {"+": "进", "-": "退", ".": "平"}
FULLWIDTH_DIGITS = "１２３４５６７８９"


def digit_value(ch: str) -> int:
    """1-9 from a Chinese numeral or an ASCII digit."""
    return NUMERALS.index(ch) + 1 if ch in NUMERALS else int(ch)


def parse(text: str) -> MoveSpec:
    """Read a Chinese move (full-width already mapped to ASCII)."""
    tree = parse_move("xiangqi_chinese", text, "a Chinese move")
    tokens = [t for t in tree.children if isinstance(t, Token)]
    by = {t.type: [] for t in tokens}  # type: dict[str, list[str]]
    for t in tokens:
        by[t.type].append(str(t))
    form = tree.data
    kind = KIND_OF[by["PIECE"][0]] if "PIECE" in by else PAWN
    direction = DIRECTIONS[by["DIR"][0]] if "DIR" in by else None
    digits = [digit_value(d) for d in by.get("DIGIT", [])]
    target = digits[-1]
    abridged = form.startswith("abridged")
    notation = "abridged" if abridged else "chinese"
    if form in ("plain", "abridged"):
        return MoveSpec(notation, kind, file=digits[0], direction=direction, target=target)
    if form in ("tandem", "abridged_tandem"):
        return MoveSpec(notation, kind, marker=POSITIONS[by["POS"][0]], direction=direction, target=target)
    if form in ("ordinal", "abridged_ordinal"):
        return MoveSpec(notation, kind, marker=f"ordinal:{digits[0]}", direction=direction, target=target)
    if form in ("tandem_file", "tandem_nopiece"):
        return MoveSpec(
            notation, kind, file=digits[0], marker=POSITIONS[by["POS"][0]], direction=direction, target=target
        )
    if form == "ordinal_file":
        return MoveSpec(
            notation,
            kind,
            file=digits[1],
            marker=f"index:{digits[0] - 1}",
            direction=direction,
            target=target,
        )
    raise NotationError(f"not a Chinese move: {text!r}")  # pragma: no cover - grammar forms are closed


def number(value: int, red: bool) -> str:
    """A file or rank count as XQBase writes it: Chinese numerals for Red, full-width for Black."""
    return NUMERALS[value - 1] if red else FULLWIDTH_DIGITS[value - 1]
