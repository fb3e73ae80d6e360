"""The text edits of chess findings' fixes (``kifu check --fix``): where in a game's source a
move number, a tag's value or a tag's name stands, and the smallest edit that turns one text into
another. The checker and the reader make the fixes (:meth:`kifu.core.findings.Code.fixing`); this
module only measures the source."""

from __future__ import annotations

import re

from kifu.chess.splitter import GameText
from kifu.core.findings import Edit
from kifu.core.record import Span, line_span

#: the Result tag's values a score sheet or an old program writes, each read one way only
_RESULT_FORMS = {
    "1:0": "1-0",
    "0:1": "0-1",
    "1 - 0": "1-0",
    "0 - 1": "0-1",
    "1–0": "1-0",
    "0–1": "0-1",
    "½-½": "1/2-1/2",
    "½:½": "1/2-1/2",
    "½": "1/2-1/2",
    "1/2": "1/2-1/2",
    "1/2:1/2": "1/2-1/2",
    "1/2 - 1/2": "1/2-1/2",
    "0.5-0.5": "1/2-1/2",
    "0,5-0,5": "1/2-1/2",
    "=": "1/2-1/2",
    "?": "*",
    "": "*",
}
_DATE_PARTS = re.compile(r"^([0-9?]{4})(?:[-./]([0-9?]{1,2})(?:[-./]([0-9?]{1,2}))?)?$")
_DAY_FIRST = re.compile(r"^([0-9]{1,2})[-./]([0-9]{1,2})[-./]([0-9]{4})$")
_TAG_NAME = re.compile(r"\[[ \t]*([A-Za-z0-9_]+)")


def text_edit(span: Span, old: str, new: str) -> Edit | None:
    """The edit that turns ``old``, the text at ``span`` (one line), into ``new``: only the part
    between their common beginning and end is replaced (``None`` when they are equal)."""
    if old == new:
        return None
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    column = span.column + start
    return Edit(line_span(span.line, column, span.column + len(old) - end), new[start : len(new) - end])


def comment(text: str) -> str:
    """``text`` as a PGN brace comment that cannot end early nor open another."""
    return "{kifu: " + text.replace("{", "(").replace("}", ")").strip() + "}"


def source_line(game: GameText | None, line: int) -> str | None:
    """Line ``line`` of the file, when it is one of ``game``'s."""
    if game is None:
        return None
    index = line - game.start_line
    lines = game.lines
    return lines[index] if 0 <= index < len(lines) else None


def number_before(game: GameText | None, span: Span) -> tuple[Span, str, str] | None:
    """The digits of the move number indication written just before the move at ``span``, on its
    line (``12.``, ``12...``, ``12 …``), where they stand, and its dots; ``None`` when there is
    none."""
    text = source_line(game, span.line)
    if text is None:
        return None
    at = span.column - 1
    while at > 0 and text[at - 1] in " \t":
        at -= 1
    dots = at
    while at > 0 and text[at - 1] in ".…":
        at -= 1
    if at == dots:
        return None
    written = text[at:dots]
    while at > 0 and text[at - 1] in " \t":
        at -= 1
    end = at
    while at > 0 and "0" <= text[at - 1] <= "9":
        at -= 1
    if at == end or (at > 0 and text[at - 1] not in " \t()}"):
        return None
    return line_span(span.line, at + 1, end + 1), text[at:end], written


def movetext_end(game: GameText | None) -> Span | None:
    """The empty span just after the last character of ``game``'s text, where a termination
    marker goes; ``None`` when that line holds a ``;`` comment or an escape (the marker would
    be read as part of it)."""
    if game is None:
        return None
    lines = game.lines
    for index in range(len(lines) - 1, -1, -1):
        text = lines[index].rstrip()
        if text:
            if ";" in text or text.startswith("%"):
                return None
            line = game.start_line + index
            return line_span(line, len(text) + 1, len(text) + 1)
    return None


def tag_value(game: GameText | None, span: Span | None) -> tuple[Span, str] | None:
    """Where the value of the tag pair at ``span`` stands (between its quotes) and its text as
    written; ``None`` when the pair is not on one line of ``game``."""
    if span is None or span.line != span.end_line:
        return None
    text = source_line(game, span.line)
    if text is None:
        return None
    pair = text[span.column - 1 : span.end_column - 1]
    first, last = pair.find('"'), pair.rfind('"')
    if first < 0 or last <= first:
        return None
    return line_span(span.line, span.column + first + 1, span.column + last), pair[first + 1 : last]


def tag_name(game: GameText | None, span: Span | None) -> tuple[Span, str] | None:
    """Where the name of the tag pair at ``span`` stands, and the name."""
    if span is None:
        return None
    text = source_line(game, span.line)
    if text is None:
        return None
    found = _TAG_NAME.match(text, span.column - 1)
    if found is None:
        return None
    return line_span(span.line, found.start(1) + 1, found.end(1) + 1), found[1]


def escaped(value: str) -> str:
    """``value`` as a PGN string writes it."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def standard_result(value: str) -> str | None:
    """The Result tag's value in the Standard's form, when ``value`` can be read one way only."""
    return _RESULT_FORMS.get(value.strip())


def standard_date(value: str) -> str | None:
    """A date in ``YYYY.MM.DD`` form, when ``value`` can be read one way only: ``1997-03-12``,
    ``1997/3/12``, ``1997`` (``1997.??.??``), ``12.03.1997`` when the day is past 12 or the day
    and the month are one number; ``None`` for anything else (``03/04/1997``: which is the day?)."""
    text = value.strip()
    parts = _DATE_PARTS.match(text)
    if parts is not None:
        year, month, day = parts[1], parts[2] or "??", parts[3] or "??"
    else:
        backwards = _DAY_FIRST.match(text)
        if backwards is None:
            return None
        first, second, year = int(backwards[1]), int(backwards[2]), backwards[3]
        if first == second or (first > 12 and second <= 12):
            day, month = backwards[1], backwards[2]
        elif second > 12 and first <= 12:
            month, day = backwards[1], backwards[2]
        else:
            return None
    month, day = month.rjust(2, "0" if month.isdigit() else "?"), day.rjust(2, "0" if day.isdigit() else "?")
    if (month.isdigit() and not 1 <= int(month) <= 12) or (day.isdigit() and not 1 <= int(day) <= 31):
        return None
    date = f"{year}.{month}.{day}"
    return date if date != value else None
