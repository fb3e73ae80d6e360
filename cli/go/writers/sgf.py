"""The ``sgf`` target: the game tree as read, normalised to SGF FF[4] (no replay needed).

See :mod:`kifu.go.writers` for the normalisations.
"""

from __future__ import annotations

import codecs

from kifu.go.tree import Node
from kifu.go.values import (
    APP,
    EPOINTS,
    FIGURE,
    LABELS,
    POINT_PAIRS,
    POINTS,
    PROPERTIES,
    SIMPLETEXT,
    SIZE,
    TEXT,
    format_number,
    number,
    real,
    simple_text,
    split_compose,
    text,
)
from kifu.go.writers.common import INFO_ORDER, escape, point, rectangle, sgf_point

_ROOT_ORDER = ("FF", "CA", "GM", "AP", "ST", "SZ")
_SETUP_ORDER = ("AB", "AW", "AE", "PL")
_MOVE_ORDER = ("B", "W")
_RANK_ROOT: dict[str, tuple[int, int]] = {
    **{ident: (0, i) for i, ident in enumerate(_ROOT_ORDER)},
    **{ident: (1, i) for i, ident in enumerate(INFO_ORDER)},
    **{ident: (2, i) for i, ident in enumerate(_SETUP_ORDER)},
    **{ident: (3, i) for i, ident in enumerate(_MOVE_ORDER)},
}
_RANK_NODE: dict[str, tuple[int, int]] = {
    **{ident: (0, i) for i, ident in enumerate(_MOVE_ORDER)},
    **{ident: (1, i) for i, ident in enumerate(_ROOT_ORDER)},
    **{ident: (2, i) for i, ident in enumerate(INFO_ORDER)},
    **{ident: (3, i) for i, ident in enumerate(_SETUP_ORDER)},
}
_REST = (4, 0)
_LINE = 79


def write_sgf(root: Node, width: int = 19, height: int = 19) -> tuple[str, list[str]]:
    """The game tree as normalised SGF FF[4] (see the module's docstring), and what was dropped.

    The tree is walked with an explicit stack: deep variation trees need no recursion.
    """
    lines: list[str] = []
    dropped: set[str] = set()
    line = "(" + _node_text(root, True, width, height, dropped)
    lines.append(line)
    line = ""
    stack: list[Node | str] = list(reversed(_after(root)))
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item == "(":
                if line:
                    lines.append(line)
                line = "("
            else:
                line += ")"
            continue
        piece = _node_text(item, False, width, height, dropped)
        if line and line != "(" and len(line) + len(piece) > _LINE:
            lines.append(line)
            line = ""
        line += piece
        stack.extend(reversed(_after(item)))
    if line:
        lines.append(line + ")")
    else:
        lines[-1] += ")"
    return "\n".join(lines) + "\n", sorted(dropped)


def _after(node: Node) -> list[Node | str]:
    """What follows a node, in writing order: its child, or each child as a variation."""
    kids = node.children
    if len(kids) == 1:
        return [kids[0]]
    items: list[Node | str] = []
    for kid in kids:
        items.extend(("(", kid, ")"))
    return items


def _node_text(node: Node, is_root: bool, width: int, height: int, dropped: set[str]) -> str:
    """``;`` and the node's properties, normalised and in canonical order."""
    props = _ordered(node, is_root, dropped)
    parts = [";"]
    for ident, values in props:
        parts.append(ident)
        parts.extend(f"[{value}]" for value in _values(ident, values, is_root, width, height))
    return "".join(parts)


def _ordered(node: Node, is_root: bool, dropped: set[str]) -> list[tuple[str, list[str]]]:
    """(identifier, raw values) of every property of ``node``, duplicates included, in order."""
    entries: list[tuple[str, list[str]]] = []
    for ident, prop in node.props.items():
        if not ident:
            dropped.add("properties without an upper-case letter")
            continue
        entries.append((ident, prop.values))
        entries.extend((ident, dup.values) for dup in node.duplicates or () if dup.ident == ident)
    names = {ident for ident, _ in entries}
    if "KI" in names and "KM" not in names:
        ki = next(values for ident, values in entries if ident == "KI")
        half = real(ki[0]) if ki and ki[0].strip() else None
        if half is not None:
            entries = [("KM", [format_number(half / 2)]) if i == "KI" else (i, v) for i, v in entries]
    if is_root:
        present = {ident for ident, _ in entries}
        entries = [(i, v) for i, v in entries if i not in ("FF", "CA")]
        entries[:0] = [("FF", ["4"]), ("CA", ["UTF-8"])]
        if "GM" not in present:
            entries.append(("GM", ["1"]))
    rank = _RANK_ROOT if is_root else _RANK_NODE
    return sorted(entries, key=lambda entry: rank.get(entry[0], _REST))


def _values(ident: str, values: list[str], is_root: bool, width: int, height: int) -> list[str]:
    """The normalised values of one property (raw values in, escaped values out)."""
    if is_root and ident == "FF":
        return ["4"]
    if is_root and ident == "CA":
        return ["UTF-8"]
    ptype = PROPERTIES.get(ident)
    if ptype is None:
        return values
    kind = ptype.value
    if ident in ("B", "W"):
        return [_move_value(raw, width, height) for raw in values]
    if kind in (POINTS, EPOINTS):
        return [_point_list_value(raw, width, height) for raw in values]
    if kind == TEXT:
        return [escape(text(raw)) for raw in values]
    if kind == SIMPLETEXT:
        return [escape(simple_text(raw)) for raw in values]
    if kind in (APP, LABELS, POINT_PAIRS, FIGURE):
        return [_compose_value(kind, raw, width, height) for raw in values]
    if kind == SIZE:
        return [_size_value(raw) for raw in values]
    if ident == "GM":
        return [str(number(raw)) if number(raw) is not None else raw for raw in values]
    return [raw.strip() if "\\" not in raw else raw for raw in values]


def _move_value(raw: str, width: int, height: int) -> str:
    if raw == "" or (raw == "tt" and width <= 19 and height <= 19):
        return ""
    compact = "".join(raw.split())
    if point(compact, width, height) is not None:
        return compact
    return raw


def _point_list_value(raw: str, width: int, height: int) -> str:
    corners = rectangle(raw, width, height)
    if corners is None:
        return raw
    (x1, y1), (x2, y2) = corners
    if (x1, y1) == (x2, y2):
        return sgf_point(x1, y1)
    return f"{sgf_point(x1, y1)}:{sgf_point(x2, y2)}"


def _compose_value(kind: str, raw: str, width: int, height: int) -> str:
    parts = split_compose(raw)
    if parts is None:
        return raw
    first, second = parts
    if kind == APP:
        return f"{escape(simple_text(first), colon=True)}:{escape(simple_text(second))}"
    if kind == FIGURE:
        return f"{first if chr(92) in first else first.strip()}:{escape(simple_text(second))}"
    start = "".join(first.split())
    if point(start, width, height) is None:
        return raw
    if kind == LABELS:
        return f"{start}:{escape(simple_text(second))}"
    end = "".join(second.split())
    return f"{start}:{end}" if point(end, width, height) is not None else raw


def _size_value(raw: str) -> str:
    parts = split_compose(raw)
    if parts is None:
        size = number(raw)
        return str(size) if size is not None else raw
    columns, rows = number(parts[0]), number(parts[1])
    if columns is None or rows is None:
        return raw
    return str(columns) if columns == rows else f"{columns}:{rows}"


#: Python codec names → the charset names SGF readers know (IANA's)
_IANA = {
    "iso8859-1": "ISO-8859-1",
    "cp1252": "windows-1252",
    "gb2312": "GB2312",
    "gbk": "GBK",
    "gb18030": "GB18030",
    "big5": "Big5",
    "shift_jis": "Shift_JIS",
    "cp932": "Shift_JIS",
    "euc_jp": "EUC-JP",
    "euc_kr": "EUC-KR",
    "cp949": "EUC-KR",
    "utf-8": "UTF-8",
}


def declare_encoding(document: str, target: str, codec: str) -> str:
    """The document as it must read when written with ``codec`` (``kifu convert --encoding``).

    An ``sgf`` conversion names its charset in the root's ``CA``, which the writer puts right
    after ``FF[4]``; the other targets declare none.
    """
    if target != "sgf":
        return document
    name = codecs.lookup(codec).name
    return document.replace("(;FF[4]CA[UTF-8]", f"(;FF[4]CA[{escape(_IANA.get(name, name.upper()))}]")
