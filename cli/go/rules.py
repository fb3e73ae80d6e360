"""Go rules presets and how a record's ``RU`` maps onto them.

Each preset fixes the ko rule, whether multi-stone suicide is legal, the default komi and
the handicap compensation of the area count (see DESIGN.md, "Rules presets").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

KO_RULES = ("simple", "positional", "situational")


@dataclass(frozen=True, slots=True)
class Rules:
    """What a rule set decides for replay and counting."""

    name: str
    ko: str  # simple | positional | situational
    suicide: bool  # multi-stone suicide legal
    komi: float
    compensation: str  # "H", "H-1" or "0": points given to White per handicap game
    area: bool = True  # False for territory rules (counted by area anyway, RE not compared)
    repetition_allowed: bool = False  # Japanese: a whole-board repetition is not illegal
    #: whether the record (RU) or the command line (--rules, --ko) names the ko rule; when not,
    #: a superko verdict rests on the default preset and is a warning (docs/severity.md)
    stated: bool = field(default=True, compare=False)

    def handicap_compensation(self, handicap: int) -> float:
        """Points added to White's side of the margin for ``handicap`` stones."""
        if handicap < 2:
            return 0.0
        if self.compensation == "H":
            return float(handicap)
        if self.compensation == "H-1":
            return float(handicap - 1)
        return 0.0

    def describe(self) -> str:
        """Short text for messages: ``chinese rules, positional superko``."""
        ko = "simple ko" if self.ko == "simple" else f"{self.ko} superko"
        return f"{self.name} rules, {ko}"


PRESETS: dict[str, Rules] = {
    "chinese": Rules("chinese", "positional", False, 7.5, "H"),
    "tromp-taylor": Rules("tromp-taylor", "positional", True, 7.5, "0"),
    "wmsg2008": Rules("wmsg2008", "positional", False, 6.5, "H"),
    "aga": Rules("aga", "situational", False, 7.5, "H-1"),
    "nz": Rules("nz", "situational", True, 7.0, "0"),
    "ing": Rules("ing", "situational", True, 8.0, "0"),
    "japanese": Rules("japanese", "simple", False, 6.5, "0", area=False, repetition_allowed=True),
    "korean": Rules("korean", "simple", False, 6.5, "0", area=False, repetition_allowed=True),
}

_RU_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"tromp|^tt\b|^tt-|taylor", "tromp-taylor"),
    (r"chinese|^cn$|china", "chinese"),
    (r"japan|^jp$|nihon", "japanese"),
    (r"korea|^kr$", "korean"),
    (r"\baga\b|american", "aga"),
    (r"\bnz\b|new ?zealand", "nz"),
    (r"\bing\b|goe", "ing"),
    (r"wmsg|world mind", "wmsg2008"),
)


def from_ru(value: str | None) -> str | None:
    """The preset a record's ``RU`` names, or ``None`` when it names none kifu knows."""
    if not value:
        return None
    text = value.strip().lower()
    for pattern, name in _RU_SEARCH:
        if pattern.search(text):
            return name
    return None


_RU_SEARCH = tuple((re.compile(pattern), name) for pattern, name in _RU_PATTERNS)
#: the rules :func:`resolve` made, by preset and ko rule (a game each: ``replace`` is slow)
_RESOLVED: dict[tuple[str | None, str | None], Rules] = {}


def resolve(cli_rules: str | None, ru: str | None, ko: str | None) -> Rules:
    """The rules that apply: ``--rules`` over the record's ``RU`` over ``chinese``; ``--ko`` last."""
    named = cli_rules if cli_rules in PRESETS else from_ru(ru)
    key = (named, ko if ko in KO_RULES else None)
    rules = _RESOLVED.get(key)
    if rules is None:
        rules = PRESETS[named or "chinese"]
        if ko in KO_RULES:
            rules = replace(rules, ko=ko, repetition_allowed=False)
        elif named is None:
            rules = replace(rules, stated=False)
        _RESOLVED[key] = rules
    return rules
