"""WXF notation: reading (official, tandem and full-width forms) and the official writer."""

from __future__ import annotations

from kifu.core.digits import is_ascii_number
from kifu.xiangqi.board import ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, PAWN
from kifu.xiangqi.notation._lark import parse_move
from kifu.xiangqi.notation.spec import MoveSpec, NotationError
from lark import Token

LETTERS = {
    "K": KING,
    "A": ADVISOR,
    "E": ELEPHANT,
    "B": ELEPHANT,
    "H": HORSE,
    "N": HORSE,
    "R": CHARIOT,
    "C": CANNON,
    "P": PAWN,
}
WRITE_LETTERS = {KING: "K", ADVISOR: "A", ELEPHANT: "E", HORSE: "H", CHARIOT: "R", CANNON: "C", PAWN: "P"}


def parse(text: str) -> MoveSpec:
    """Read a WXF move (full-width already mapped to ASCII)."""
    tree = parse_move("xiangqi_wxf", text, "a move")
    if tree.data == "move_nodir":
        letter, file, to_file = (str(t) for t in tree.children if isinstance(t, Token))
        return MoveSpec("wxf", LETTERS[letter.upper()], file=int(file), direction=".", target=int(to_file))
    origin, dir_tree, target_token = tree.children
    assert not isinstance(origin, Token) and not isinstance(dir_tree, Token)
    direction = str(dir_tree.children[0])
    direction = "." if direction == "=" else direction
    target = int(str(target_token))
    parts = [str(t) for t in origin.children if isinstance(t, Token)]
    letters = [p for p in parts if p.upper() in LETTERS and not is_ascii_number(p) and p not in "+-"]
    kind = LETTERS[letters[0].upper()] if letters and origin.data != "o_ordinal" else PAWN
    if origin.data == "o_ordinal":
        kind = LETTERS[parts[0].upper()]
    signs = [p for p in parts if p in "+-"]
    digits = [int(p) for p in parts if is_ascii_number(p)]
    form = origin.data
    if form == "o_file":
        return MoveSpec(
            "wxf", kind, file=digits[0], direction=direction, target=target, wxf_middle_by_file=kind == PAWN
        )
    if form == "o_tandem":
        return MoveSpec("wxf", kind, marker="wxf" + signs[0], direction=direction, target=target)
    if form == "o_outer":
        if signs[0] != signs[1]:
            raise NotationError(f"not a move: {text!r} (+- is no tandem marker)")
        marker = "index:0" if signs[0] == "+" else "rindex:0"
        return MoveSpec("wxf", PAWN, marker=marker, direction=direction, target=target)
    if form == "o_file_tandem":
        return MoveSpec(
            "wxf",
            PAWN,
            file=digits[0],
            marker="front" if signs[0] == "+" else "rear",
            direction=direction,
            target=target,
        )
    if form == "o_file_middle":
        if digits[0] != digits[1]:
            raise NotationError(f"not a move: {text!r} (a middle pawn is written with its file twice)")
        return MoveSpec("wxf", PAWN, file=digits[0], marker="middle", direction=direction, target=target)
    if form == "o_ordinal":
        ordinal = "abcde".index(parts[1]) + 1
        return MoveSpec("wxf", kind, marker=f"ordinal:{ordinal}", direction=direction, target=target)
    return MoveSpec("wxf", kind, marker="middle", direction=direction, target=target)
