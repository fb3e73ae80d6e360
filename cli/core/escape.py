"""Text from a stranger's file made safe for the medium it is shown in: one routine per medium.

- **Terminal** (:func:`terminal`): a file name, a tag or a comment may hold ESC, BEL, a lone CR or
  a C1 control. Written raw to a terminal they can set the clipboard (OSC 52), clear the screen,
  retitle the window or overwrite a line already printed, so a report could be forged. Each such
  character is shown as a visible escape (``\\x1b``, ``\\r``, ``\\x9b``), so that the reader sees
  that it is there and what it is; bidirectional overrides (U+202A–U+202E, U+2066–U+2069) and the
  Unicode line and paragraph separators are shown as ``\\u202e`` for the same reason.
- **CSV** (:func:`csv_cell`): a cell a spreadsheet would read as a formula (OWASP, "CSV
  Injection": it starts with ``=``, ``+``, ``-``, ``@``, a tab or a CR) gets a leading ``'``.
- **HTML and SVG**: :mod:`kifu.core.markup`.

Every reporter calls these; none escapes by hand.
"""

from __future__ import annotations

import re

#: C0 controls but tab and line feed, DEL, C1 controls, the bidirectional embeddings, overrides
#: and isolates, and the line and paragraph separators
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: the same, with line feed: a value shown on one line (a file name, a tag) cannot start a new one
_UNSAFE_ON_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _visible(match: re.Match[str]) -> str:
    character = match.group()
    named = _NAMED.get(character)
    if named is not None:
        return named
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal(text: str, *, one_line: bool = False) -> str:
    """``text`` with every character that could drive a terminal shown as a visible escape.

    Line feeds and tabs are kept, unless ``one_line`` (a file name, a tag value, a move: a line
    feed there would start a line the reader takes for another finding), where they are shown
    as ``\\n`` and ``\\t`` too.
    """
    pattern = _UNSAFE_ON_ONE_LINE if one_line else _UNSAFE
    if pattern.search(text) is None:
        return text
    return pattern.sub(_visible, text)


#: OWASP's list: the characters a spreadsheet reads as the start of a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: a leading ``'`` where it would start a formula.

    For cells of text only (names, teams, events); a number kifu writes (``-0.5``) is not text
    from a file and stays a number.
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text
