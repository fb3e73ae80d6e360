"""Numbers written in a record: ASCII digits only, and not too many of them.

``str.isdigit`` also accepts superscripts (``¹``, which ``int`` refuses) and other scripts' digits
(``٣``, which ``int`` reads as 3); the counters, move numbers, NAGs and coordinates of a record
are ASCII digits. No record means a number of more than :data:`MAX_DIGITS` digits, and ``int``
refuses to read 4,300 of them, so a longer one is never converted.
"""

from __future__ import annotations

#: the most digits a number read from a record may have
MAX_DIGITS = 9
#: what :func:`ascii_number` gives with ``saturate`` for more than :data:`MAX_DIGITS` digits:
#: greater than any number it reads
TOO_BIG = 10**MAX_DIGITS


def is_ascii_number(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits and nothing else (no sign, no space)."""
    return text.isascii() and text.isdigit()


def ascii_number(text: str, *, saturate: bool = False) -> int | None:
    """``text`` read as a decimal number when it is ASCII digits only (see :func:`is_ascii_number`),
    else ``None``.

    More than :data:`MAX_DIGITS` digits give ``None`` (no number a record means), or with
    ``saturate`` :data:`TOO_BIG`, for a caller that says "of more than 9 digits" rather than
    "not a number".
    """
    if not is_ascii_number(text):
        return None
    if len(text) <= MAX_DIGITS:
        return int(text)
    return TOO_BIG if saturate else None
