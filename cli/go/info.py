"""The game information kifu uses: root properties (FF, GM, SZ, AP) and game-info values
(KM, HA, RE, RU …), read with their findings and quirks (Fox and GoGoD komi)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kifu.core.findings import Fix
from kifu.go import codes
from kifu.go.fixes import replace_value
from kifu.go.tree import Node, Prop
from kifu.go.values import (
    INFO,
    INFO_IDENTS,
    PROPERTIES,
    ROOT,
    format_number,
    normalise_result,
    number,
    real,
    simple_text,
    split_compose,
)

if TYPE_CHECKING:
    from kifu.go.properties import PropertyChecker


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
        clipped = (width, height) != (number(parts[0]), number(parts[1]))  # (over 52: no repair)
        checker.report(
            codes.SQUARE_AS_RECTANGLE,
            f"square board written SZ[{raw}]; write SZ[{width}]",
            prop,
            0,
            fix=lambda: (
                None
                if clipped
                else codes.SQUARE_AS_RECTANGLE.fixing(
                    f"write SZ[{width}]", replace_value(checker.index, prop, 0, str(width))
                )
            ),
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
    elif not found and info.komi is None and "KO" in node.props:
        info.komi = komi_in_ko(node.props["KO"])  # KO[7.5] for KM[7.5] (SGF048 says so)
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


def komi_in_ko(prop: Prop) -> float | None:
    """The komi a ``KO`` property holds when it was written for ``KM`` (``KO[7.5]``), else ``None``."""
    raw = prop.values[0].strip() if len(prop.values) == 1 else ""
    return float(raw) if _KOMI.match(raw) else None


#: a real number (SGF Real), the form of a komi written under another property
_KOMI = re.compile(r"[+-]?\d+(?:\.\d+)?\Z")


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
            fix=lambda: _komi_fix(prop, fixed, checker),
        )
        return fixed
    if (komi * 4) % 2 == 1:  # .25 or .75: GoGoD quarter komi
        fixed = komi * 2
        checker.report(
            codes.KOMI_QUIRK,
            f"KM[{prop.values[0]}] is a quarter komi (GoGoD): read as {format_number(fixed)}",
            prop,
            0,
            fix=lambda: _komi_fix(prop, fixed, checker),
        )
        return fixed
    return komi


def quirky(komi: float, app: str) -> bool:
    """Whether :func:`_komi_quirks` reads ``komi`` in another scale (Fox's, GoGoD's quarters)."""
    return ("fox" in app.lower() and abs(komi) >= 50) or (komi * 4) % 2 == 1


def _komi_fix(prop: Prop, komi: float, checker: PropertyChecker) -> Fix | None:
    """The fix of SGF045: the komi in points, as it was read (a KM only: FF[3]'s KI is in half points)."""
    if prop.ident != "KM" or quirky(komi, checker.info.app):
        return None
    written = format_number(komi)
    return codes.KOMI_QUIRK.fixing(
        f"write KM[{written}] for KM[{prop.values[0]}]", replace_value(checker.index, prop, 0, written)
    )
