"""How a file is recognised as xiangqi, cheaply: by its first bytes, its tags and its movetext.

The registry (:mod:`kifu.application.detection`) calls these without importing the rest of the package,
so that telling a file's game costs no reader, board or grammar.
"""

from __future__ import annotations

import re

from kifu.core.pgntext import Outside

_PIECES = "炮砲包车車俥马馬傌相象仕士帅帥将將兵卒"
_FILES = "一二三四五六七八九１２３４５６７８９123456789"
#: a move in Chinese notation (马８进７, 炮二平五, 前车进一), or the abridged score-sheet form
#: (炮2 5). Piece characters alone are not enough: chess comments in Chinese name the knight 马.
#: (Detection reads decoded text: a bytes regex's character class would match single bytes.)
_CHINESE_MOVE = re.compile(
    f"[{_PIECES}前后後中一二三四五][{_FILES}{_PIECES}][进進退平]|[{_PIECES}][{_FILES}] ?[{_FILES}]"
)
#: a WXF move in full-width letters and digits (Ｃ２．５, Ｈ８＋７)
_FULLWIDTH_WXF = re.compile("[ＲＨＥＡＫＣＰ][１-９][＋－．＝]")
#: WXF moves in ASCII (``C2.5``, ``H8+7``); a few of them, since one could be chance
_ASCII_WXF = re.compile(r"(?<![A-Za-z0-9])[KAEBHNRCP][1-9][+\-.=][1-9](?![0-9])")
#: UCCI/ICCS moves that only a 9x10 board has: file i, or rank 0 or 9
_XIANGQI_COORDINATES = re.compile(r"\b[a-i][0-9]-?[a-i][0-9]\b", re.ASCII)
_XIANGQI_ONLY = re.compile(r"[09i]")
#: what a Game or Variant tag calls xiangqi
_XIANGQI_NAMES = frozenset({"chinese chess", "xiangqi", "象棋", "中国象棋", "中國象棋"})


def magic(head: bytes) -> str | None:
    """The binary format that ``head`` starts with (XQF, CBR), whatever the file's name."""
    if head.startswith(b"XQ"):
        return "xqf"
    if head.startswith(b"CCBridge"):
        return "cbr"
    return None


def in_bytes(head: bytes) -> bool:
    """Whether the first bytes are an XQF file's (with a whole header: 1 KiB)."""
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"XQ") and len(head) >= 1024


def in_text(text: str, outside: Outside) -> bool:
    """Whether a text is xiangqi by its tags and movetext (``outside``), never its comments: a
    Game or Variant tag that names xiangqi, a DhtmlXQ block, XQBridge's CBF, Chinese or WXF moves,
    coordinates only a 9x10 board has, or XQBase's players."""
    if "<ChineseChessRecord" in text:  # XQBridge's CBF (XML)
        return True
    if any(
        name.lower() in ("game", "variant") and value.strip().lower() in _XIANGQI_NAMES
        for name, value in outside.tags
    ):
        return True
    movetext = outside.movetext
    if "[dhtmlxq" in movetext.lower():
        return True
    if not outside.tags and "[dhtmlxq" in text.lower():  # in a web page's script, say
        return True
    if (_CHINESE_MOVE.search(movetext) or _FULLWIDTH_WXF.search(movetext)) and (
        outside.tags or _mostly_moves(movetext)
    ):
        return True
    if len(_ASCII_WXF.findall(movetext)) >= 3:
        return True
    coordinates = [m for m in _XIANGQI_COORDINATES.findall(movetext.lower()) if _XIANGQI_ONLY.search(m)]
    if len(coordinates) >= 2:
        return True
    names = {name for name, _ in outside.tags}
    return bool(names & {"Red", "RedTeam"} and "White" not in names)  # XQBase's players; chess has White


def _mostly_moves(movetext: str) -> bool:
    """Whether a text without tags is a score sheet rather than prose that names a move or two
    (an opening book's introduction: "起手走兵七进一或兵三进一，含有……"): three moves or more, or
    moves that make a tenth of its characters."""
    moves = len(_CHINESE_MOVE.findall(movetext)) + len(_FULLWIDTH_WXF.findall(movetext))
    if moves >= 3:
        return True
    written = len("".join(movetext.split()))
    return moves * 4 * 10 >= written
