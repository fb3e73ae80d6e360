"""Text from a stranger's file made safe for the medium it is shown in: one routine per medium.

- **Terminal** (:func:`terminal`): a file name, a tag or a comment may hold ESC, BEL, a lone CR or
  a C1 control. Written raw to a terminal they can set the clipboard (OSC 52), clear the screen,
  retitle the window or overwrite a line already printed, so a report could be forged. Each such
  character is shown as a visible escape (``\\x1b``, ``\\r``, ``\\x9b``), so that the reader sees
  that it is there and what it is; bidirectional overrides (U+202A–U+202E, U+2066–U+2069) and the
  Unicode line and paragraph separators are shown as ``\\u202e`` for the same reason. A file name
  that is not UTF-8 reaches Python with its bytes as lone surrogates (``surrogateescape``),
  which an output would write back as raw bytes (a raw ``0x9b`` is a CSI): each is shown as its
  byte, ``\\x9b``, as :func:`kifu.core.sources.display_path` shows it.
- **CSV** (:func:`csv_cell`): a cell a spreadsheet would read as a formula (OWASP, "CSV
  Injection": it starts with ``=``, ``+``, ``-``, ``@``, a tab or a CR) gets a leading ``'``.
- **JSON** (:func:`json_text`): a document written with ``ensure_ascii=False`` keeps DEL, the
  C1 controls and the characters above raw (JSON escapes only C0); they are written as
  ``\\u009b`` escapes, which a JSON reader reads back as the same characters.
- **A record's text** (:func:`record_text`: what ``kifu convert`` writes in a record format, PGN,
  SGF, a move list): control characters but tab and line feed are no text to any reader of
  the format, and would drive the terminal it is printed on; each is written as U+FFFD.
- **HTML and SVG**: :mod:`kifu.core.markup`.

Every reporter calls these; none escapes by hand.
"""

from __future__ import annotations

import re

#: C0 controls but tab and line feed, DEL, C1 controls, the bidirectional embeddings, overrides
#: and isolates, and the line and paragraph separators
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
#: the same, with line feed: a value shown on one line (a file name, a tag) cannot start a new one
_UNSAFE_ON_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _visible(match: re.Match[str]) -> str:
    character = match.group()
    named = _NAMED.get(character)
    if named is not None:
        return named
    code = ord(character)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte of a file name (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
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


#: what JSON leaves raw (it escapes C0 itself) and a terminal would obey or reorder
_UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def json_text(document: str) -> str:
    """A JSON ``document`` with DEL, the C1 controls, the bidirectional controls and the line
    and paragraph separators written as ``\\uXXXX``: the same JSON value, safe on a terminal.
    So are lone surrogates (a file name that is not UTF-8), which no UTF-8 output can encode.

    Such characters can only stand inside a JSON string, where the escape means the character.
    """
    # (an ASCII document, as most are, can hold only DEL of them: a flag and a byte search, not
    # a pass of the pattern over every report)
    if (document.isascii() and "\x7f" not in document) or _UNSAFE_IN_JSON.search(document) is None:
        return document
    return _UNSAFE_IN_JSON.sub(lambda match: f"\\u{ord(match.group()):04x}", document)


#: C0 controls but tab and line feed, DEL and C1 controls: no record format holds them as text
_NOT_RECORD_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def record_text(text: str) -> tuple[str, int]:
    """``text`` with each control character but tab and line feed written as U+FFFD, and how
    many there were (the caller says that they were replaced: nothing is lost silently)."""
    if _NOT_RECORD_TEXT.search(text) is None:
        return text, 0
    return _NOT_RECORD_TEXT.subn("\ufffd", text)


#: OWASP's list: the characters a spreadsheet reads as the start of a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: a leading ``'`` where it would start a formula,
    and its control characters as visible escapes (:func:`terminal`: a CSV is read with ``cat``
    too, and a line break in a name is no part of it).

    For cells of text only (names, teams, events); a number kifu writes (``-0.5``) is not text
    from a file and stays a number.
    """
    return terminal("'" + text if text.startswith(FORMULA_STARTS) else text, one_line=True)
