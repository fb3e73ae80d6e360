"""The repairs of SGF findings (``kifu check --fix``): text edits on the game's decoded source.

Every edit is made from offsets in the text a finding's span counts (:class:`TextIndex`), so it
lies in the whole file's lines and columns. Nothing here re-serialises a node: a fix replaces a
property's identifier, one value's text, or deletes or inserts a property's exact source.
Where a repair would be a guess (which of two values was meant, a date read two ways), no fix
is made.
"""

from __future__ import annotations

import datetime
import re
from typing import Final

from kifu.core.findings import Edit
from kifu.core.record import Span
from kifu.go.index import TextIndex
from kifu.go.tree import Prop
from kifu.go.values import format_number

_SPECIAL: Final = re.compile(r"([\]\\])")


def escape(value: str) -> str:
    """A value as SGF writes it inside ``[...]``: ``]`` and ``\\`` escaped."""
    return _SPECIAL.sub(r"\\\1", value)


def edit(index: TextIndex, start: int, end: int, content: str) -> Edit:
    """Replace ``text[start:end]`` of ``index``'s text with ``content`` (``start == end``:
    insert)."""
    line, column = index.position(start)
    end_line, end_column = index.position(end)
    return Edit(Span(line, column, end_line, end_column), content)


def own_values(prop: Prop) -> int:
    """How many of ``prop.values`` it wrote itself (a list's repetitions merged into it aside)."""
    return len(prop.values) - sum(len(more.values) for more in prop.merged or ())


def value_end(prop: Prop, value: int) -> int:
    """The offset just after the ``]`` of value number ``value`` (raw values keep their escapes,
    so the source between the brackets is the value)."""
    return prop.value_offsets[value] + len(prop.values[value]) + 2


def prop_end(prop: Prop) -> int:
    """The offset just after the property's own last value."""
    own = own_values(prop)
    return value_end(prop, own - 1) if own else prop.offset + len(prop.name)


def replace_value(index: TextIndex, prop: Prop, value: int, content: str) -> Edit:
    """Write ``content`` (escaped here) between the brackets of value number ``value``."""
    opening = prop.value_offsets[value]
    return edit(index, opening + 1, opening + 1 + len(prop.values[value]), escape(content))


def delete_prop(index: TextIndex, prop: Prop) -> Edit:
    """Delete the property: its identifier and its own values."""
    return edit(index, prop.offset, prop_end(prop), "")


# --- results (RE) ----------------------------------------------------------------------------

_HOW: Final = {"r": "R", "resign": "R", "t": "T", "time": "T", "f": "F", "forfeit": "F"}
_WINNER: Final = {"b": "B", "black": "B", "w": "W", "white": "W"}
_NUMBER: Final = r"\d+(?:\.\d+)?"
#: `b+r`, `W + Resign`, `Black+3.5`: the SGF form in another case or with spaces
_LOOSE: Final = re.compile(rf"(b|w|black|white)\s*\+\s*(r|resign|t|time|f|forfeit|{_NUMBER})?", re.I)
#: `Black wins by 12 points`, `W wins by 3.5`, `White won by resignation`, `Black wins on time`
_WORDS: Final = re.compile(
    rf"(b|w|black|white)\s+(?:wins|won)\s+(?:by\s+({_NUMBER})(?:\s+points?)?|(by\s+resignation|on\s+time|"
    r"by\s+forfeit))\.?",
    re.I,
)
#: `Black resigns`, `White resigned`
_RESIGNS: Final = re.compile(r"(black|white)\s+(?:resigns|resigned)\.?", re.I)
#: Japanese (`黒中押し勝ち`, `白3目半勝ち`, after an optional `257手完, `) and Chinese (`黑中盘胜`,
#: `白胜3目半`) results: by resignation, or by points (目; 半 adds a half)
_CJK: Final = re.compile(
    r"(?:\d+手完[,、，]?\s*)?([黒黑白])\s*(?:(中押し?勝ち?|中盘胜|中盤勝)|(\d+)目(半)?勝ち?|胜(\d+)目(半)?)"
)
_CJK_WINNER: Final = {"黒": "B", "黑": "B", "白": "W"}


def sgf_result(text: str) -> str | None:
    """The SGF form of a result written another way that reads one way only (``B+Resign`` in
    lower case, ``Black wins by 12 points``, ``draw``, ``黒中押し勝ち``), or ``None``: free
    text that names no result (``B+Illegal``, ``john wins``) is not guessed at."""
    value = " ".join(text.split())
    if value.lower() in ("draw", "jigo", "0"):
        return "0"
    if value.lower() == "void":
        return "Void"
    match = _LOOSE.fullmatch(value)
    if match:
        winner, how = _WINNER[match.group(1).lower()], match.group(2)
        if how is None:
            return f"{winner}+"
        if how[0].isalpha():
            return f"{winner}+{_HOW[how.lower()]}"
        margin = _margin(float(how))
        return None if margin is None else f"{winner}+{margin}"
    match = _WORDS.fullmatch(value)
    if match:
        winner = _WINNER[match.group(1).lower()]
        if match.group(2):
            margin = _margin(float(match.group(2)))
            return None if margin is None else f"{winner}+{margin}"
        how = match.group(3).lower()
        return f"{winner}+{'R' if 'resign' in how else 'T' if 'time' in how else 'F'}"
    match = _RESIGNS.fullmatch(value)
    if match:
        return "W+R" if match.group(1).lower() == "black" else "B+R"
    match = _CJK.fullmatch(value)
    if match:
        winner = _CJK_WINNER[match.group(1)]
        if match.group(2):
            return f"{winner}+R"
        points, half = (
            (match.group(3), match.group(4)) if match.group(3) else (match.group(5), match.group(6))
        )
        margin = _margin(int(points) + (0.5 if half else 0))
        return None if margin is None else f"{winner}+{margin}"
    return None


#: no board has more points (52 × 52): a larger margin is no count
_MOST_POINTS: Final = 52 * 52


def _margin(points: float) -> str | None:
    """``points`` as SGF writes a margin, or ``None`` for a number no count gives."""
    return format_number(points) if 0 <= points <= _MOST_POINTS else None


# --- dates (DT) ------------------------------------------------------------------------------

#: year first: `2023/05/17`, `2023.5.17`, `2023 05 17`, `2023年5月17日`
_YMD: Final = re.compile(r"(\d{4})\s*(?:[-./]|\s|年)\s*(\d{1,2})\s*(?:[-./]|\s|月)\s*(\d{1,2})\s*日?")
#: year first, no day: `2023/05`, `2023年5月`
_YM: Final = re.compile(r"(\d{4})\s*(?:[-./]|年)\s*(\d{1,2})\s*月?")
#: year last: `17.05.2023`, `5/17/2023`: a day and a month in an order that only the numbers tell
_DMY: Final = re.compile(r"(\d{1,2})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{4})")
#: eight digits: `20230517`
_COMPACT: Final = re.compile(r"(\d{4})(\d\d)(\d\d)")


def _day(year: str, month: str | int, day: str | int) -> str | None:
    try:
        return datetime.date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        return None


def sgf_date(text: str) -> str | None:
    """The ISO form (``YYYY-MM-DD``, ``YYYY-MM``) of one date written another way that reads one
    way only, or ``None``: a date whose day and month could be either (``05/06/2023``), a time
    of day after it, a range or words are not guessed at."""
    value = text.strip()
    for pattern in (_YMD, _COMPACT):
        match = pattern.fullmatch(value)
        if match:
            return _day(*match.groups())
    match = _YM.fullmatch(value)
    if match:
        year, month = match.groups()
        return f"{year}-{int(month):02d}" if 1 <= int(month) <= 12 else None
    match = _DMY.fullmatch(value)
    if match:
        first, second, year = match.groups()
        readings = {_day(year, second, first), _day(year, first, second)} - {None}
        return readings.pop() if len(readings) == 1 else None
    return None
