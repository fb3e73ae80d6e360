"""SGF property values: the FF[4] property table (placement and value type) and the value parsers.

Number, Real and Text values are interpreted with sgfmill's value functions
(``sgf_properties``, ``sgf_grammar``); kifu adds boards up to 52×52 and rectangles, and the
RE forms.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

from sgfmill import sgf_grammar, sgf_properties

# Where a property belongs (Final, here and below: the compiled build inlines these and keeps
# the tables in C variables, not looked up in the module's dictionary at each use).
ROOT: Final = 0
INFO: Final = 1
MOVE: Final = 2
SETUP: Final = 3
NODE: Final = 4
MOVE_ANNOTATION: Final = 5
MARKUP: Final = 6
MISC: Final = 7

# Value types.
NONE: Final = "none"
NUMBER: Final = "number"
REAL: Final = "real"
DOUBLE: Final = "double"
COLOUR: Final = "color"
SIMPLETEXT: Final = "simpletext"
TEXT: Final = "text"
MOVE_T: Final = "move"
POINTS: Final = "points"
EPOINTS: Final = "epoints"
POINT_PAIRS: Final = "point:point"
LABELS: Final = "point:simpletext"
APP: Final = "simpletext:simpletext"
SIZE: Final = "size"
FIGURE: Final = "figure"


@dataclass(frozen=True, slots=True)
class PropertyType:
    """How a property is placed and what its values are; ``many`` allows a list."""

    kind: int
    value: str
    many: bool = False


P = PropertyType
PROPERTIES: Final[dict[str, PropertyType]] = {
    # move
    "B": P(MOVE, MOVE_T),
    "W": P(MOVE, MOVE_T),
    "KO": P(MOVE, NONE),
    "MN": P(MOVE, NUMBER),
    "BL": P(MISC, REAL),
    "WL": P(MISC, REAL),
    "OB": P(MISC, NUMBER),
    "OW": P(MISC, NUMBER),
    # setup
    "AB": P(SETUP, POINTS, True),
    "AW": P(SETUP, POINTS, True),
    "AE": P(SETUP, POINTS, True),
    "PL": P(SETUP, COLOUR),
    # node annotation
    "C": P(NODE, TEXT),
    "DM": P(NODE, DOUBLE),
    "GB": P(NODE, DOUBLE),
    "GW": P(NODE, DOUBLE),
    "HO": P(NODE, DOUBLE),
    "N": P(NODE, SIMPLETEXT),
    "UC": P(NODE, DOUBLE),
    "V": P(NODE, REAL),
    # move annotation
    "BM": P(MOVE_ANNOTATION, DOUBLE),
    "DO": P(MOVE_ANNOTATION, NONE),
    "IT": P(MOVE_ANNOTATION, NONE),
    "TE": P(MOVE_ANNOTATION, DOUBLE),
    # markup
    "AR": P(MARKUP, POINT_PAIRS, True),
    "CR": P(MARKUP, POINTS, True),
    "DD": P(MARKUP, EPOINTS, True),
    "LB": P(MARKUP, LABELS, True),
    "LN": P(MARKUP, POINT_PAIRS, True),
    "MA": P(MARKUP, POINTS, True),
    "SL": P(MARKUP, POINTS, True),
    "SQ": P(MARKUP, POINTS, True),
    "TR": P(MARKUP, POINTS, True),
    "TB": P(MARKUP, EPOINTS, True),
    "TW": P(MARKUP, EPOINTS, True),
    # root
    "AP": P(ROOT, APP),
    "CA": P(ROOT, SIMPLETEXT),
    "FF": P(ROOT, NUMBER),
    "GM": P(ROOT, NUMBER),
    "ST": P(ROOT, NUMBER),
    "SZ": P(ROOT, SIZE),
    # game info
    "AN": P(INFO, SIMPLETEXT),
    "BR": P(INFO, SIMPLETEXT),
    "BT": P(INFO, SIMPLETEXT),
    "CP": P(INFO, SIMPLETEXT),
    "DT": P(INFO, SIMPLETEXT),
    "EV": P(INFO, SIMPLETEXT),
    "GN": P(INFO, SIMPLETEXT),
    "GC": P(INFO, TEXT),
    "ON": P(INFO, SIMPLETEXT),
    "OT": P(INFO, SIMPLETEXT),
    "PB": P(INFO, SIMPLETEXT),
    "PC": P(INFO, SIMPLETEXT),
    "PW": P(INFO, SIMPLETEXT),
    "RE": P(INFO, SIMPLETEXT),
    "RO": P(INFO, SIMPLETEXT),
    "RU": P(INFO, SIMPLETEXT),
    "SO": P(INFO, SIMPLETEXT),
    "TM": P(INFO, REAL),
    "US": P(INFO, SIMPLETEXT),
    "WR": P(INFO, SIMPLETEXT),
    "WT": P(INFO, SIMPLETEXT),
    "HA": P(INFO, NUMBER),
    "KM": P(INFO, REAL),
    # miscellaneous
    "FG": P(MISC, FIGURE),
    "PM": P(MISC, NUMBER),
    "VW": P(MISC, EPOINTS, True),
}
#: Properties of FF[1]-FF[3] that FF[4] dropped (read, with a warning).
OLD_PROPERTIES: Final = frozenset(
    [
        "BS",
        "WS",
        "CH",
        "EL",
        "EX",
        "ID",
        "IP",
        "IY",
        "L",
        "M",
        "OM",
        "OP",
        "OV",
        "RG",
        "SC",
        "SE",
        "SI",
        "SU",
        "TC",
        "KI",
        "LT",
        "AS",
        "BO",
        "WO",
    ]
)
MARKUP_SHAPES: Final = ("CR", "MA", "SL", "SQ", "TR")
#: the game-information properties (a node holding one is the game-info node of its path)
INFO_IDENTS: Final = frozenset(ident for ident, ptype in PROPERTIES.items() if ptype.kind == INFO)

_RESULT: Final = re.compile(r"([BW])\+(R|Resign|T|Time|F|Forfeit|\d+(?:\.\d+)?)?\Z")
_POINT: Final = re.compile(r"[a-zA-Z]{2}\Z")


def coordinate(letter: str) -> int:
    """0-51 for ``a``-``z``, ``A``-``Z`` (FF[4]); -1 for anything else."""
    code = ord(letter)
    if 97 <= code <= 122:
        return code - 97
    if 65 <= code <= 90:
        return code - 39
    return -1


def simple_text(raw: str) -> str:
    """A SimpleText value decoded (escapes, soft line breaks, whitespace folded) by sgfmill."""
    if "\\" not in raw and "\n" not in raw and "\r" not in raw and "\t" not in raw:
        return raw
    value: bytes = sgf_grammar.simpletext_value(raw.encode("utf-8"))
    return value.decode("utf-8", "replace")


def text(raw: str) -> str:
    """A Text value decoded (escapes, soft line breaks) by sgfmill."""
    if "\\" not in raw and "\r" not in raw and "\t" not in raw:
        return raw
    value: bytes = sgf_grammar.text_value(raw.encode("utf-8"))
    return value.decode("utf-8", "replace")


def split_compose(raw: str) -> tuple[str, str] | None:
    """``a:b`` split at the first unescaped colon, or ``None``."""
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\":
            i += 2
            continue
        if ch == ":":
            return raw[:i], raw[i + 1 :]
        i += 1
    return None


def number(raw: str) -> int | None:
    """A Number value (sgfmill's reading), or ``None`` if it is not one."""
    try:
        return int(sgf_properties.interpret_number(raw.strip().encode("ascii")))
    except (ValueError, UnicodeEncodeError):
        return None


def real(raw: str) -> float | None:
    """A Real value (sgfmill's reading), or ``None`` (also for one too large for a float)."""
    try:
        value = float(sgf_properties.interpret_real(raw.strip().encode("ascii")))
    except (ValueError, UnicodeEncodeError):
        return None
    return value if math.isfinite(value) else None


def format_number(value: float) -> str:
    """``6.5``, ``7`` (no trailing ``.0``)."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def normalise_result(raw: str) -> tuple[str | None, bool]:
    """(SGF form, standard?) of an RE value: ``B+9.50`` → ``B+9.5``.

    Only the SGF forms are results (issue 13: never invent one): free text such as
    ``White resigns. B 47 W 34`` or ``B+Illegal`` gives ``(None, False)``, reported as SGF023.
    """
    value = raw.strip()
    match = _RESULT.match(value)
    if match:
        winner, how = match.groups()
        if how is None:
            return f"{winner}+", True
        if how[0].isdigit():
            margin = float(how)
            if not math.isfinite(margin):  # hundreds of digits: no score, and no float holds it
                return None, False
            return f"{winner}+{format_number(margin)}", True
        return f"{winner}+{how[0]}", True
    if value in ("0", "Draw"):
        return "0", True
    if value in ("Void", "?"):
        return value, True
    return None, False


def point_list(raw: str, width: int, height: int) -> list[tuple[int, int]] | None:
    """The points of one value of a point list (``aa`` or ``aa:cc``) on a board of this size, or
    ``None`` if bad."""
    if len(raw) == 2:
        x, y = coordinate(raw[0]), coordinate(raw[1])
        if 0 <= x < width and 0 <= y < height:
            return [(x, y)]
        return None
    if len(raw) == 5 and raw[2] == ":":
        x1, y1, x2, y2 = (coordinate(raw[i]) for i in (0, 1, 3, 4))
        if min(x1, y1, x2, y2) < 0 or max(x1, x2) >= width or max(y1, y2) >= height:
            return None
        if x1 > x2 or y1 > y2:
            return None
        return [(x, y) for x in range(x1, x2 + 1) for y in range(y1, y2 + 1)]
    return None
