"""The FF[4] property model: value types, placement rules and game information.

Value syntax is checked here; what needs the position (setup without effect, moves) is
checked by :mod:`kifu.go.replay`. Number, Real and Text values are interpreted with
sgfmill's value functions (``sgf_properties``, ``sgf_grammar``); kifu adds what sgfmill does
not do: boards up to 52×52 and rectangles, compressed point lists with their error cases,
placement rules, RE/DT/KM forms and their quirks, and findings with positions instead of
exceptions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kifu.core.findings import Code, Finding
from kifu.go import codes
from kifu.go.index import TextIndex
from kifu.go.tree import Node, Prop
from sgfmill import sgf_grammar, sgf_properties

# Property kinds (placement).
ROOT, INFO, MOVE, SETUP, NODE, MOVE_ANNOTATION, MARKUP, MISC = range(8)

# Value types.
NONE, NUMBER, REAL, DOUBLE, COLOUR, SIMPLETEXT, TEXT, MOVE_T, POINTS, EPOINTS = (
    "none",
    "number",
    "real",
    "double",
    "color",
    "simpletext",
    "text",
    "move",
    "points",
    "epoints",
)
POINT_PAIRS, LABELS, APP, SIZE, FIGURE = (
    "point:point",
    "point:simpletext",
    "simpletext:simpletext",
    "size",
    "figure",
)


@dataclass(frozen=True, slots=True)
class PropertyType:
    """How a property is placed and what its values are; ``many`` allows a list."""

    kind: int
    value: str
    many: bool = False


P = PropertyType
PROPERTIES: dict[str, PropertyType] = {
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
OLD_PROPERTIES = frozenset(
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
MARKUP_SHAPES = ("CR", "MA", "SL", "SQ", "TR")
#: the game-information properties (a node holding one is the game-info node of its path)
INFO_IDENTS = frozenset(ident for ident, ptype in PROPERTIES.items() if ptype.kind == INFO)

_NUMBER = re.compile(r"[+-]?\d+\Z")
_REAL = re.compile(r"[+-]?\d+(?:\.\d+)?\Z")
_DATE_PART = r"\d{4}(?:-\d\d(?:-\d\d)?)?"
_DATE = re.compile(rf"{_DATE_PART}(?:,(?:{_DATE_PART}|\d\d(?:-\d\d)?))*\Z")
_RESULT = re.compile(r"([BW])\+(R|Resign|T|Time|F|Forfeit|\d+(?:\.\d+)?)?\Z")
_POINT = re.compile(r"[a-zA-Z]{2}\Z")


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
    """A Real value (sgfmill's reading), or ``None``."""
    try:
        return float(sgf_properties.interpret_real(raw.strip().encode("ascii")))
    except (ValueError, UnicodeEncodeError):
        return None


def format_number(value: float) -> str:
    """``6.5``, ``7`` (no trailing ``.0``)."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def normalise_result(raw: str) -> tuple[str | None, bool]:
    """(SGF form, standard?) of an RE value: ``B+9.50`` → ``B+9.5``; free text best-effort."""
    value = raw.strip()
    match = _RESULT.match(value)
    if match:
        winner, how = match.groups()
        if how is None:
            return f"{winner}+", True
        if how[0].isdigit():
            return f"{winner}+{format_number(float(how))}", True
        return f"{winner}+{how[0]}", True
    lowered = value.lower()
    if value in ("0", "Draw") or lowered in ("draw", "jigo"):
        return "0", value in ("0", "Draw")
    if value == "Void" or lowered == "void":
        return "Void", value == "Void"
    if value == "?":
        return "?", True
    loose = re.match(r"([BW])\+", value)
    if loose:
        return f"{loose.group(1)}+", False
    words = re.match(r"(black|white|b|w)\b\D*(\d+(?:\.\d+)?)?", lowered)
    if words and ("win" in lowered or "+" in lowered or words.group(2)):
        winner = "B" if words.group(1).startswith("b") else "W"
        return (f"{winner}+{format_number(float(words.group(2)))}" if words.group(2) else f"{winner}+"), False
    if "draw" in lowered or "jigo" in lowered:
        return "0", False
    return None, False


@dataclass(slots=True)
class GameInfo:
    """The root and game-info values kifu uses, normalised, and the tags to report."""

    ff: int = 1
    gm: int = 1
    width: int = 19
    height: int = 19
    komi: float | None = None
    handicap: int = 0
    result: str | None = None
    rules: str | None = None
    app: str = ""
    tags: dict[str, str] = field(default_factory=dict)


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


class PropertyChecker:
    """Checks the properties of each node as the replay reaches it."""

    def __init__(self, index: TextIndex, findings: list[Finding], info: GameInfo) -> None:
        self.index = index
        self.findings = findings
        self.info = info

    def report(self, code: Code, message: str, prop: Prop, value: int | None = None) -> None:
        """Add a finding at ``prop`` (or at its value number ``value``)."""
        if value is not None and value < len(prop.value_offsets):
            offset = prop.value_offsets[value]
            length = len(prop.values[value]) + 2
        else:
            offset, length = prop.offset, len(prop.name)
        self.findings.append(code(message, self.index.span(offset, length)))

    def check_node(self, node: Node, is_root: bool, info_seen: bool) -> bool:
        """Check every property of ``node``; returns whether the node holds game information."""
        props = node.props
        if len(props) == 1 and node.duplicates is None:  # fast path: a plain move node
            move = props.get("B") or props.get("W")
            if move is not None and len(move.values) == 1 and move.name == move.ident:
                return False
        has_info = False
        has_move = "B" in props or "W" in props
        kinds: set[int] = set()
        for ident, prop in props.items():
            if prop.name != ident and ident and self.info.ff >= 4:
                self.report(
                    codes.LOWERCASE_ID,
                    f"lower-case letters in identifier {prop.name} (read as {ident})",
                    prop,
                )
            ptype = PROPERTIES.get(ident)
            if ptype is None:
                self._unknown(prop)
                continue
            kind = ptype.kind
            kinds.add(kind)
            if kind == MOVE and ptype.value == MOVE_T:
                if len(prop.values) > 1:
                    self.report(
                        codes.TOO_MANY_VALUES,
                        f"{ident} takes one move; {len(prop.values)} given (the first is played)",
                        prop,
                        1,
                    )
                continue  # the move itself is decoded and played by the replay
            if kind == ROOT and not is_root:
                self.report(
                    codes.ROOT_OUTSIDE_ROOT, f"root property {ident} outside the root node (ignored)", prop
                )
                continue
            if kind == INFO:
                has_info = True
                if info_seen:
                    self.report(
                        codes.GAMEINFO_TWICE,
                        f"game-info property {ident} after the game-info node of this path (ignored)",
                        prop,
                    )
                    continue
            self.check_values(ident, ptype, prop)
        if node.duplicates:
            for prop in node.duplicates:
                self.report(codes.DUPLICATE_PROPERTY, f"property {prop.ident} given twice in this node", prop)
        if MOVE in kinds and SETUP in kinds:
            setup = next(p for i, p in props.items() if i in ("AB", "AW", "AE", "PL"))
            self.report(codes.SETUP_AND_MOVE, "setup and move properties in one node", setup)
        if "B" in props and "W" in props:
            self.report(codes.BLACK_AND_WHITE_MOVE, "black and white move in one node", props["W"])
        if MOVE_ANNOTATION in kinds or "KO" in props:
            self._annotations(props, has_move)
        if "GB" in props and "GW" in props:
            self.report(codes.CONTRADICTING_ANNOTATION, "GB and GW in one node", props["GW"])
        if MARKUP in kinds or SETUP in kinds:
            self._unique_points(props)
        return has_info

    def _unknown(self, prop: Prop) -> None:
        ident = prop.ident
        if len(prop.name) > codes_max_id():
            self.report(codes.ID_TOO_LONG, f"property identifier of {len(prop.name)} letters (ignored)", prop)
            return
        if not ident:
            self.report(
                codes.LOWERCASE_ID,
                f"property identifier {prop.name!r} has no upper-case letter (ignored)",
                prop,
            )
            return
        if ident in OLD_PROPERTIES:
            self.report(
                codes.OLD_PROPERTY,
                f"property {ident} is from FF[1]-FF[3], not FF[4]"
                + (" (read as komi KM)" if ident == "KI" else ""),
                prop,
            )
            return
        if len(ident) > 2:
            self.report(codes.LONG_ID, f"property identifier {ident} has more than two letters", prop)
        self.report(codes.UNKNOWN_PROPERTY, f"unknown property {ident}", prop)

    def _annotations(self, props: dict[str, Prop], has_move: bool) -> None:
        present = [i for i in ("BM", "TE", "DO", "IT") if i in props]
        if not has_move:
            for ident in [*present, *(["KO"] if "KO" in props else [])]:
                self.report(
                    codes.ANNOTATION_WITHOUT_MOVE,
                    f"move annotation {ident} in a node without a move",
                    props[ident],
                )
        if len(present) > 1:
            self.report(
                codes.CONTRADICTING_ANNOTATION,
                f"move annotations {' and '.join(present)} in one node",
                props[present[1]],
            )

    def _unique_points(self, props: dict[str, Prop]) -> None:
        for group in (("AB", "AW", "AE"), MARKUP_SHAPES, ("TB", "TW")):
            seen: set[tuple[int, int]] = set()
            for ident in group:
                prop = props.get(ident)
                if prop is None:
                    continue
                for i, raw in enumerate(prop.values):
                    points = self.points(raw) or []
                    clash = [p for p in points if p in seen]
                    seen.update(points)
                    if clash:
                        self.report(
                            codes.POSITION_NOT_UNIQUE,
                            f"{ident}: point [{raw}] given twice in this node",
                            prop,
                            i,
                        )

    def points(self, raw: str) -> list[tuple[int, int]] | None:
        """The points of one value of a point list (``aa`` or ``aa:cc``), or ``None`` if bad."""
        return point_list(raw, self.info.width, self.info.height)

    def check_values(self, ident: str, ptype: PropertyType, prop: Prop) -> None:
        """Check the values of one property against its type."""
        values = prop.values
        if not ptype.many and len(values) > 1 and ptype.value != EPOINTS:
            self.report(
                codes.TOO_MANY_VALUES,
                f"{ident} takes one value; {len(values)} given (the first is used)",
                prop,
                1,
            )
            values = values[:1]
        check = _CHECKS.get(ptype.value)
        if check is not None:
            check(self, ident, prop, values)

    def _check_none(self, ident: str, prop: Prop, values: list[str]) -> None:
        if values[0] != "":
            self.report(codes.BAD_VALUE, f"{ident} takes no value; [{values[0]}] ignored", prop, 0)

    def _check_number(self, ident: str, prop: Prop, values: list[str]) -> None:
        raw = values[0]
        if not _NUMBER.match(raw.strip()):
            self.report(
                codes.EMPTY_VALUE if not raw else codes.BAD_VALUE,
                f"{ident} needs a number, not [{raw}]",
                prop,
                0,
            )

    def _check_real(self, ident: str, prop: Prop, values: list[str]) -> None:
        raw = values[0]
        if not _REAL.match(raw.strip()):
            self.report(
                codes.EMPTY_VALUE if not raw else codes.BAD_VALUE,
                f"{ident} needs a real number, not [{raw}]",
                prop,
                0,
            )

    def _check_double(self, ident: str, prop: Prop, values: list[str]) -> None:
        if values[0] not in ("1", "2"):
            self.report(
                codes.BAD_VALUE, f"{ident} is 1 (normal) or 2 (emphasised), not [{values[0]}]", prop, 0
            )

    def _check_colour(self, ident: str, prop: Prop, values: list[str]) -> None:
        if values[0] not in ("B", "W"):
            self.report(codes.BAD_VALUE, f"{ident} is B or W, not [{values[0]}]", prop, 0)

    def _check_text(self, ident: str, prop: Prop, values: list[str]) -> None:
        if not values[0].strip():
            self.report(codes.EMPTY_TEXT, f"empty {ident} value", prop, 0)
        elif ident == "DT" and not _DATE.match(simple_text(values[0]).strip()):
            self.report(codes.BAD_DATE, f"DT [{values[0]}] is not an SGF date (YYYY-MM-DD)", prop, 0)
        elif ident == "RE":
            form, standard = normalise_result(simple_text(values[0]))
            if not standard:
                read = f"read as {form}" if form else "not understood"
                self.report(codes.BAD_RESULT, f"RE [{values[0]}] is not an SGF result ({read})", prop, 0)

    def _check_points(self, ident: str, prop: Prop, values: list[str]) -> None:
        elist = PROPERTIES[ident].value == EPOINTS
        for i, raw in enumerate(values):
            if raw == "":
                if elist and len(values) == 1:
                    continue
                if elist:
                    self.report(
                        codes.BAD_VALUE,
                        f"{ident}: `[]` must be the only value (values after it ignored)",
                        prop,
                        i,
                    )
                else:
                    self.report(codes.EMPTY_VALUE, f"empty {ident} value (ignored)", prop, i)
                continue
            if self.points(raw) is not None:
                if len(raw) == 5 and raw[:2] == raw[3:]:
                    self.report(
                        codes.BAD_VALUE, f"{ident}: [{raw}] is a 1×1 rectangle; write [{raw[:2]}]", prop, i
                    )
                continue
            compact = "".join(raw.split())
            if self.points(compact) is not None:
                self.report(
                    codes.BAD_VALUE, f"{ident}: [{raw}] has white space (read as [{compact}])", prop, i
                )
            elif len(raw) == 5 and raw[2] == ":" and self._swapped(raw):
                self.report(
                    codes.BAD_VALUE,
                    f"{ident}: rectangle [{raw}] does not go from top left to "
                    "bottom right (read as the rectangle it spans)",
                    prop,
                    i,
                )
            else:
                self.report(
                    codes.OFF_BOARD,
                    f"{ident}: [{raw}] is not a point of the "
                    f"{self.info.width}×{self.info.height} board (ignored)",
                    prop,
                    i,
                )

    def _swapped(self, raw: str) -> bool:
        x1, y1, x2, y2 = (coordinate(raw[i]) for i in (0, 1, 3, 4))
        return min(x1, y1, x2, y2) >= 0 and max(x1, x2) < self.info.width and max(y1, y2) < self.info.height

    def _check_compose(self, ident: str, prop: Prop, values: list[str]) -> None:
        for i, raw in enumerate(values):
            parts = split_compose(raw)
            if parts is None:
                self.report(
                    codes.COMPOSE_EXPECTED, f"{ident} needs a composed value a:b, not [{raw}]", prop, i
                )
                continue
            kind = PROPERTIES[ident].value
            if kind in (POINT_PAIRS, LABELS):
                first = parts[0]
                if self.points(first) is None:
                    compact = "".join(first.split())
                    self.report(
                        codes.BAD_VALUE,
                        f"{ident}: [{raw}] does not start with a point"
                        + (f" (read as {compact})" if self.points(compact) else ""),
                        prop,
                        i,
                    )
                elif kind == POINT_PAIRS and self.points("".join(parts[1].split())) is None:
                    self.report(codes.BAD_VALUE, f"{ident}: [{raw}] does not end with a point", prop, i)
                elif kind == POINT_PAIRS and self.points(parts[1]) is None:
                    self.report(codes.BAD_VALUE, f"{ident}: [{raw}] has white space", prop, i)

    def _check_nothing(self, ident: str, prop: Prop, values: list[str]) -> None:
        return None


def codes_max_id() -> int:
    """Longest identifier accepted before SGF011."""
    return 100


_CHECKS: dict[str, Callable[[PropertyChecker, str, Prop, list[str]], None]] = {
    NONE: PropertyChecker._check_none,
    NUMBER: PropertyChecker._check_number,
    REAL: PropertyChecker._check_real,
    DOUBLE: PropertyChecker._check_double,
    COLOUR: PropertyChecker._check_colour,
    SIMPLETEXT: PropertyChecker._check_text,
    TEXT: PropertyChecker._check_text,
    POINTS: PropertyChecker._check_points,
    EPOINTS: PropertyChecker._check_points,
    POINT_PAIRS: PropertyChecker._check_compose,
    LABELS: PropertyChecker._check_compose,
    APP: PropertyChecker._check_compose,
    SIZE: PropertyChecker._check_nothing,  # read by read_root
    FIGURE: PropertyChecker._check_nothing,
}


def _value(node: Node, ident: str) -> tuple[Prop, str] | None:
    prop = node.props.get(ident)
    if prop is None or not prop.values:
        return None
    return prop, prop.values[0]


def read_root(root: Node, checker: PropertyChecker) -> GameInfo:
    """Read FF, GM, SZ, AP from the root into ``checker.info``, with findings."""
    info = checker.info
    found = _value(root, "FF")
    if found:
        prop, raw = found
        version = number(raw)
        if version is None or not 1 <= version <= 4:
            checker.report(codes.UNKNOWN_FF, f"FF[{raw}] is not a known SGF version (read as FF[4])", prop, 0)
            info.ff = 4
        else:
            info.ff = version
            if version < 4:
                checker.report(
                    codes.OLD_FORMAT,
                    f"FF[{version}] file: read with the FF[1]-FF[3] conventions (B[tt] is a pass, lower-case "
                    "letters in identifiers are ignored, L/M/KI are read with their old meanings; an empty "
                    "B[] pass and rectangular boards are FF[4] only)",
                    prop,
                    0,
                )
    found = _value(root, "GM")
    if found:
        prop, raw = found
        game = number(raw)
        if game is None:
            checker.report(codes.NOT_GO, f"GM[{raw}] is not a number (read as GM[1], Go)", prop, 0)
        elif game != 1:
            info.gm = game
            checker.report(codes.NOT_GO, f"GM[{game}] is not Go (GM[1]): moves are not replayed", prop, 0)
    found = _value(root, "AP")
    if found:
        info.app = " ".join(
            [found[1], *(p.values[0] for p in root.duplicates or () if p.ident == "AP" and p.values)]
        )
    found = _value(root, "SZ")
    if found:
        _read_size(found[0], found[1], checker)
    return info


def _read_size(prop: Prop, raw: str, checker: PropertyChecker) -> None:
    info = checker.info
    parts = split_compose(raw)
    if parts is None:
        size = number(raw)
        if size is None or size < 1:
            checker.report(codes.BAD_SIZE, f"SZ[{raw}] is not a board size (read as 19)", prop, 0)
            return
        if size > 52:
            checker.report(codes.BAD_SIZE, f"SZ[{size}] is larger than 52 (read as 52)", prop, 0)
            size = 52
        info.width = info.height = size
        return
    width, height = number(parts[0]), number(parts[1])
    if width is None or height is None or width < 1 or height < 1:
        checker.report(codes.BAD_SIZE, f"SZ[{raw}] is not a board size (read as 19)", prop, 0)
        return
    if width > 52 or height > 52:
        checker.report(
            codes.BAD_SIZE,
            f"SZ[{raw}] is larger than 52 (read as {min(width, 52)}:{min(height, 52)})",
            prop,
            0,
        )
        width, height = min(width, 52), min(height, 52)
    if width == height:
        checker.report(
            codes.SQUARE_AS_RECTANGLE, f"square board written SZ[{raw}]; write SZ[{width}]", prop, 0
        )
    elif info.ff < 4:
        checker.report(codes.NOT_IN_VERSION, f"rectangular board SZ[{raw}] in an FF[{info.ff}] file", prop, 0)
    info.width, info.height = width, height


def read_game_info(node: Node, checker: PropertyChecker, tags: dict[str, str]) -> None:
    """Read the game-info values (KM, HA, RE, RU …) of ``node`` into the game's info and tags."""
    info = checker.info
    for ident, prop in node.props.items():
        kind = PROPERTIES.get(ident)
        if ((kind is not None and kind.kind in (ROOT, INFO)) or ident == "KI") and prop.values:
            tags.setdefault(ident, simple_text(prop.values[0]))
    found = _value(node, "KM") or _value(node, "KI")
    if found and info.komi is None:
        prop, raw = found
        komi = real(raw) if raw.strip() else None
        if komi is not None:
            if prop.ident == "KI":
                komi = komi / 2  # FF[3] KI: integer komi in half points
            info.komi = _komi_quirks(komi, prop, checker)
    found = _value(node, "HA")
    if found:
        handicap = number(found[1])
        if handicap is not None:
            info.handicap = handicap
            if handicap == 1 or handicap < 0:
                checker.report(
                    codes.BAD_HANDICAP,
                    f"HA[{handicap}]: a handicap is 2 stones or more (0 = none)",
                    found[0],
                    0,
                )
    found = _value(node, "RE")
    if found and info.result is None:
        info.result = normalise_result(simple_text(found[1]))[0]
    found = _value(node, "RU")
    if found and info.rules is None:
        info.rules = simple_text(found[1])


def read_main_info(root: Node, checker: PropertyChecker, tags: dict[str, str]) -> None:
    """The game information of the main line as the checker's walk reads it: the root's, and when
    the root holds none, the first node of the main line that does (a scan of nodes, no replay)."""
    read_game_info(root, checker, tags)
    if not INFO_IDENTS.isdisjoint(root.props):
        return
    node = root
    while node.children:
        node = node.children[0]
        if not INFO_IDENTS.isdisjoint(node.props):
            read_game_info(node, checker, tags)
            return


def _komi_quirks(komi: float, prop: Prop, checker: PropertyChecker) -> float:
    """Normalise Fox ×50/×100 and GoGoD quarter komi, with a warning."""
    app = checker.info.app.lower()
    if "fox" in app and abs(komi) >= 50:
        scale = 50 if komi % 50 == 25 else 100
        fixed = komi / scale
        checker.report(
            codes.KOMI_QUIRK,
            f"KM[{prop.values[0]}] is Fox's ×{scale} komi: read as {format_number(fixed)}",
            prop,
            0,
        )
        return fixed
    if (komi * 4) % 2 == 1:  # .25 or .75: GoGoD quarter komi
        fixed = komi * 2
        checker.report(
            codes.KOMI_QUIRK,
            f"KM[{prop.values[0]}] is a quarter komi (GoGoD): read as {format_number(fixed)}",
            prop,
            0,
        )
        return fixed
    return komi
