"""The property checker: FF[4] placement rules and value syntax, node by node, as findings.

Value types come from :mod:`kifu.go.values`; what needs the position (setup without effect,
moves) is judged by the walk (:mod:`kifu.go.walk`). kifu adds what sgfmill does not do:
compressed point lists with their error cases, placement rules, RE/DT/KM forms, and findings
with positions instead of exceptions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Final

from kifu.core.findings import Code, Finding, Fix, Severity
from kifu.go import codes
from kifu.go.capped import Capped
from kifu.go.fixes import (
    delete_prop,
    edit,
    escape,
    own_values,
    prop_end,
    replace_value,
    sgf_date,
    sgf_result,
    value_end,
)
from kifu.go.index import TextIndex
from kifu.go.info import GameInfo, komi_in_ko, quirky, read_main_info, read_root
from kifu.go.tree import Node, Prop
from kifu.go.values import (
    APP,
    COLOUR,
    DOUBLE,
    EPOINTS,
    FIGURE,
    INFO,
    INFO_IDENTS,
    LABELS,
    MARKUP,
    MARKUP_SHAPES,
    MOVE,
    MOVE_ANNOTATION,
    MOVE_T,
    NONE,
    NUMBER,
    OLD_PROPERTIES,
    POINT_PAIRS,
    POINTS,
    PROPERTIES,
    REAL,
    ROOT,
    SETUP,
    SIMPLETEXT,
    SIZE,
    TEXT,
    PropertyType,
    coordinate,
    format_number,
    normalise_result,
    point_list,
    real,
    simple_text,
    split_compose,
)

#: the setup properties: a slip in their points changes the position
SETUP_IDS: Final = frozenset({"AB", "AW", "AE"})
#: the values of a merged list that a message shows
MAX_SHOWN: Final = 6
_NUMBER = re.compile(r"[+-]?\d+\Z")
_REAL = re.compile(r"[+-]?\d+(?:\.\d+)?\Z")
_DATE_PART = r"\d{4}(?:-\d\d(?:-\d\d)?)?"
_DATE = re.compile(rf"{_DATE_PART}(?:,(?:{_DATE_PART}|\d\d(?:-\d\d)?))*\Z")
#: the game-info properties that change the count: not moved by SGF032's fix
_COUNTED: Final = frozenset({"KM", "HA", "RE", "RU"})


class PropertyChecker:
    """Checks the properties of each node as the replay reaches it."""

    def __init__(self, index: TextIndex, findings: Capped[Finding] | None, info: GameInfo) -> None:
        self.index = index
        #: the record's findings (capped by code as they are made)
        self.findings: Capped[Finding] = Capped() if findings is None else findings
        self.info = info
        #: the game's root node, where a game-info property of a later node is moved (SGF032's fix)
        self.root: Node | None = None
        #: the game-info properties a fix moves into the root (each once)
        self.moved: set[str] = set()

    def report(
        self,
        code: Code,
        message: str,
        prop: Prop,
        value: int | None = None,
        severity: Severity | None = None,
        fix: Callable[[], Fix | None] | None = None,
    ) -> None:
        """Add a finding at ``prop`` (or at its value number ``value``), at ``severity`` when the
        code's default does not fit (a slip that changes the moves or the setup is an error);
        ``fix`` makes its repair (only for a finding that is kept)."""
        if value is not None and value < len(prop.value_offsets):
            offset = prop.value_offsets[value]
            length = len(prop.values[value]) + 2
        else:
            offset, length = prop.offset, len(prop.name)
        if self.findings.admit(code.code, offset):
            finding = code(message, self.index.span(offset, length), severity=severity)
            if fix is not None:
                finding.fix = fix()
            self.findings.keep(code.code, offset, finding)

    def check_node(self, node: Node, is_root: bool, info_seen: bool, main: bool = False) -> bool:
        """Check every property of ``node`` (``main``: a node of the main line); returns whether
        the node holds game information."""
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
                    fix=partial(self._upper_case, prop),
                )
            ptype = PROPERTIES.get(ident)
            if ptype is None:
                self._unknown(prop, props, is_root)
                continue
            if ident == "KO" and komi_in_ko(prop) is not None:
                continue  # KO[7.5] for KM[7.5]: a komi, not a move annotation (SGF048)
            kind = ptype.kind
            kinds.add(kind)
            if kind == MOVE and ptype.value == MOVE_T:
                if len(prop.values) > 1:
                    self.report(
                        codes.TOO_MANY_VALUES,
                        f"{ident} takes one move; {len(prop.values)} given (the first is played)",
                        prop,
                        1,
                        Severity.ERROR,  # a move is lost: the game is not as recorded
                    )
                continue  # the move itself is decoded and played by the replay
            if kind == ROOT and not is_root:
                self.report(
                    codes.ROOT_OUTSIDE_ROOT,
                    f"root property {ident} outside the root node (ignored)",
                    prop,
                    severity=Severity.ERROR if ident == "SZ" else None,  # the board is not as recorded
                )
                continue
            if kind == INFO:
                has_info = True
                if info_seen:
                    self.report(
                        codes.GAMEINFO_TWICE,
                        f"game-info property {ident} after the game-info node of this path (ignored)",
                        prop,
                        fix=partial(self._to_root, prop, ptype) if main else None,
                    )
                    continue
            self.check_values(ident, ptype, prop)
        for prop in props.values():
            if prop.merged is not None:
                self._merged(prop)
        if node.duplicates:
            for prop in node.duplicates:
                first = props[prop.ident]
                self.report(
                    codes.DUPLICATE_PROPERTY,
                    f"property {prop.ident} given twice in this node",
                    prop,
                    severity=Severity.ERROR if prop.ident in ("B", "W") else None,  # a move is lost
                    fix=partial(self._repeated, first, prop),
                )
        if MOVE in kinds and SETUP in kinds:
            setup = next(p for i, p in props.items() if i in ("AB", "AW", "AE", "PL"))
            self.report(codes.SETUP_AND_MOVE, "setup and move properties in one node", setup)
        if "B" in props and "W" in props:
            self._two_moves(props["B"], props["W"])
        if MOVE_ANNOTATION in kinds or "KO" in props:
            info_node = (is_root or not info_seen) and not INFO_IDENTS.isdisjoint(props)
            self._annotations(props, has_move, info_node)
        if "GB" in props and "GW" in props:
            self.report(codes.CONTRADICTING_ANNOTATION, "GB and GW in one node", props["GW"])
        if MARKUP in kinds or SETUP in kinds:
            self._unique_points(props)
        return has_info

    def _two_moves(self, black: Prop, white: Prop) -> None:
        """SGF025: an error when a stone is played (the order of the moves is not recorded), a
        warning for two passes, whose order changes nothing."""
        if self.is_pass(black) and self.is_pass(white):
            shown = f"B[{black.values[0]}] and W[{white.values[0]}]"
            self.report(
                codes.BLACK_AND_WHITE_MOVE,
                f"black and white move in one node: two passes ({shown}), whose order changes nothing",
                white,
            )
            return
        self.report(
            codes.BLACK_AND_WHITE_MOVE,
            "black and white move in one node (played B, then W: the order is not recorded)",
            white,
            severity=Severity.ERROR,
        )

    def is_pass(self, prop: Prop) -> bool:
        """Whether a move property is a pass: ``[]``, or ``[tt]`` on a board up to 19×19."""
        raw = prop.values[0] if prop.values else ""
        return raw == "" or (raw == "tt" and self.info.width <= 19 and self.info.height <= 19)

    def _merged(self, prop: Prop) -> None:
        """Report SGF020 (a warning) on each repetition of a list property, whose values were read as
        part of the first one's list (:meth:`kifu.go.tree.Node.add`)."""
        ident = prop.ident
        merged = prop.merged or []
        shown = "".join(f"[{value}]" for value in prop.values[:MAX_SHOWN])
        more = f"… ({len(prop.values)} values)" if len(prop.values) > MAX_SHOWN else ""
        for again in merged:
            self.report(
                codes.DUPLICATE_PROPERTY,
                f"property {ident} given twice in this node: its values are merged into one list, "
                f"read as {ident}{shown}{more}",
                again,
                fix=partial(self._merge, prop, again),
            )

    def _upper_case(self, prop: Prop) -> Fix | None:
        """The fix of SGF013: the identifier without its lower-case letters, when that is an FF[4]
        property (what kifu reads it as)."""
        if prop.ident not in PROPERTIES:
            return None
        return codes.LOWERCASE_ID.fixing(
            f"write {prop.ident} for {prop.name}",
            edit(self.index, prop.offset, prop.offset + len(prop.name), prop.ident),
        )

    def _repeated(self, first: Prop, again: Prop) -> Fix | None:
        """The fix of SGF020 on a property given twice alike: the second deleted."""
        if again.values != first.values:
            return None  # (which one is meant is not known)
        return codes.DUPLICATE_PROPERTY.fixing(
            f"delete the second {again.ident}, which repeats the first", delete_prop(self.index, again)
        )

    def _version(self, prop: Prop, value: int) -> Fix:
        """The fix of SGF017 on an application without its version: ``AP[name:]``, the version left empty."""
        colon = value_end(prop, value) - 1
        return codes.COMPOSE_EXPECTED.fixing(
            f"write {prop.ident}[{prop.values[value]}:]", edit(self.index, colon, colon, ":")
        )

    def _merge(self, first: Prop, again: Prop) -> Fix:
        """The fix of SGF020 on a repeated list: its values not in the list already appended to the
        first property's own, the repetition deleted (kifu read them as one list)."""
        own = first.values[: own_values(first)]
        added = "".join(f"[{value}]" for value in dict.fromkeys(again.values) if value not in own)
        end = prop_end(first)
        text = self.index.text
        message = f"merge the second {first.ident} into the first"
        if not text[end : again.offset].strip():
            if added == "".join(f"[{value}]" for value in again.values):  # (its identifier alone goes)
                return codes.DUPLICATE_PROPERTY.fixing(
                    message, edit(self.index, again.offset, again.offset + len(again.name), "")
                )
            return codes.DUPLICATE_PROPERTY.fixing(message, edit(self.index, end, prop_end(again), added))
        return codes.DUPLICATE_PROPERTY.fixing(
            message, edit(self.index, end, end, added), delete_prop(self.index, again)
        )

    def _to_root(self, prop: Prop, ptype: PropertyType) -> Fix | None:
        """The fix of SGF032: a descriptive game-info property of the main line moved to the end of the
        root node, when the root is the game-info node and lacks it, and its value is sound."""
        root = self.root
        ident = prop.ident
        if (
            root is None
            or ident in _COUNTED
            or ident in self.moved
            or ident in root.props
            or INFO_IDENTS.isdisjoint(root.props)
            or not self._clean(ident, ptype, prop)
        ):
            return None
        self.moved.add(ident)
        end = max(
            prop_end(each)
            for first in [*root.props.values(), *(root.duplicates or ())]
            for each in [first, *(first.merged or ())]
        )
        values = self.index.text[prop.value_offsets[0] : prop_end(prop)]
        return codes.GAMEINFO_TWICE.fixing(
            f"move {ident} into the root node",
            edit(self.index, end, end, ident + values),
            delete_prop(self.index, prop),
        )

    def _clean(self, ident: str, ptype: PropertyType, prop: Prop) -> bool:
        """Whether the values of ``prop`` pass :meth:`check_values` (no finding kept)."""
        kept = self.findings
        self.findings = Capped()
        try:
            self.check_values(ident, ptype, prop)
            return not self.findings.items()
        finally:
            self.findings = kept

    def _unknown(self, prop: Prop, props: dict[str, Prop], is_root: bool) -> None:
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
                fix=lambda: self._komi_for_ki(prop) if is_root and self._keeps_info_node(props) else None,
            )
            return
        if len(ident) > 2:
            self.report(codes.LONG_ID, f"property identifier {ident} has more than two letters", prop)
        self.report(codes.UNKNOWN_PROPERTY, f"unknown property {ident}", prop)

    def _keeps_info_node(self, props: dict[str, Prop]) -> bool:
        """Whether a KM written in the root (of these properties) keeps the game-info node where
        it is: the root has no KM, and holds game information already or no node of the main line
        does (else that node's would be game information outside it)."""
        if "KM" in props:
            return False
        if not INFO_IDENTS.isdisjoint(props):
            return True
        node = self.root
        while node is not None and node.children:
            node = node.children[0]
            if not INFO_IDENTS.isdisjoint(node.props):
                return False
        return True

    def _komi_for_ki(self, prop: Prop) -> Fix | None:
        """The fix of SGF028 on FF[3]'s ``KI`` (half points) in the root: the ``KM`` it was read as."""
        komi = real(prop.values[0]) if len(prop.values) == 1 else None
        if komi is None or quirky(komi / 2, self.info.app):
            return None
        written = f"KM[{escape(format_number(komi / 2))}]"
        return codes.OLD_PROPERTY.fixing(
            f"write {written} for KI[{prop.values[0]}]",
            edit(self.index, prop.offset, prop_end(prop), written),
        )

    def _komi_for_ko(self, ko: Prop) -> Fix:
        """The fix of SGF048: ``KM`` written for a ``KO`` that holds a komi."""
        raw = ko.values[0]
        return codes.MIXED_UP_PROPERTY.fixing(
            f"write KM[{raw}] for KO[{raw}]", edit(self.index, ko.offset, ko.offset + len(ko.name), "KM")
        )

    def _annotations(self, props: dict[str, Prop], has_move: bool, info_node: bool = False) -> None:
        present = [i for i in ("BM", "TE", "DO", "IT") if i in props]
        ko = props.get("KO")
        komi = None if ko is None else komi_in_ko(ko)
        if ko is not None and komi is not None:
            raw = ko.values[0]
            fixable = (
                info_node and "KM" not in props and "KI" not in props and not quirky(komi, self.info.app)
            )
            self.report(
                codes.MIXED_UP_PROPERTY,
                f"KO[{raw}] is a komi, not the ko annotation of a move: did you mean KM[{raw}]? "
                f"(read as komi {raw.strip()} when no KM gives one)",
                ko,
                0,
                fix=partial(self._komi_for_ko, ko) if fixable else None,
            )
            ko = None
        if not has_move:
            for ident in [*present, *(["KO"] if ko is not None else [])]:
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
            seen: dict[tuple[int, int], str] = {}
            for ident in group:
                prop = props.get(ident)
                if prop is None:
                    continue
                for i, raw in enumerate(prop.values):
                    points = self.points(raw) or []
                    clash = [seen[p] for p in points if p in seen]
                    for p in points:
                        seen.setdefault(p, ident)
                    if clash:
                        # which stone stands there? (a point set up twice alike leaves no doubt)
                        other = ident in SETUP_IDS and any(c != ident for c in clash)
                        # (a value all of whose points the same property gave already says nothing)
                        again = len(clash) == len(points) and all(c == ident for c in clash)
                        self.report(
                            codes.POSITION_NOT_UNIQUE,
                            f"{ident}: point [{raw}] given twice in this node"
                            + (f" (also in {clash[0]})" if clash[0] != ident else ""),
                            prop,
                            i,
                            Severity.ERROR if other else None,
                            fix=partial(self._drop_value, prop, i) if again else None,
                        )

    def _drop_value(self, prop: Prop, value: int) -> Fix:
        """The fix of SGF026: value number ``value`` of ``prop`` (perhaps of a repetition merged into
        it) deleted; the repetition itself when it is its only value."""
        at = value
        owner, count = prop, own_values(prop)
        for more in prop.merged or ():
            if at < count:
                break
            at -= count
            owner, count = more, len(more.values)
        message = f"delete [{prop.values[value]}], given already"
        if count == 1:
            return codes.POSITION_NOT_UNIQUE.fixing(message, delete_prop(self.index, owner))
        opening = owner.value_offsets[at]
        return codes.POSITION_NOT_UNIQUE.fixing(message, edit(self.index, opening, value_end(owner, at), ""))

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
            date = sgf_date(simple_text(values[0]))
            self.report(
                codes.BAD_DATE,
                f"DT [{values[0]}] is not an SGF date (YYYY-MM-DD)",
                prop,
                0,
                fix=lambda: (
                    None
                    if date is None
                    else codes.BAD_DATE.fixing(f"write DT[{date}]", replace_value(self.index, prop, 0, date))
                ),
            )
        elif ident == "RE" and not normalise_result(simple_text(values[0]))[1]:
            result = sgf_result(simple_text(values[0]))
            self.report(
                codes.BAD_RESULT,
                f"RE [{values[0]}] is not an SGF result (kept as text; no result read from it)",
                prop,
                0,
                fix=lambda: (
                    None
                    if result is None
                    else codes.BAD_RESULT.fixing(
                        f"write RE[{result}]", replace_value(self.index, prop, 0, result)
                    )
                ),
            )

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
                    None if ident in SETUP_IDS else Severity.WARNING,  # markup: the game is unchanged
                )

    def _swapped(self, raw: str) -> bool:
        x1, y1, x2, y2 = (coordinate(raw[i]) for i in (0, 1, 3, 4))
        return min(x1, y1, x2, y2) >= 0 and max(x1, x2) < self.info.width and max(y1, y2) < self.info.height

    def _check_compose(self, ident: str, prop: Prop, values: list[str]) -> None:
        for i, raw in enumerate(values):
            parts = split_compose(raw)
            if parts is None:
                self.report(
                    codes.COMPOSE_EXPECTED,
                    f"{ident} needs a composed value a:b, not [{raw}]",
                    prop,
                    i,
                    fix=partial(self._version, prop, i) if ident == "AP" else None,
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


_CHECKS: Final[dict[str, Callable[[PropertyChecker, str, Prop, list[str]], None]]] = {
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


def read_info(root: Node, index: TextIndex) -> GameInfo:
    """The root's and the main line's game information (the checker reports on them; a writer
    or ``show`` only reads)."""
    properties = PropertyChecker(index, None, GameInfo())
    read_root(root, properties)
    read_main_info(root, properties, {})
    return properties.info
