"""Text fields of the binary records (XQF, CBR): names, events, comments.

A NUL ends a field's text: what follows it in a field of fixed size is padding, which writers
do not clear. Control bytes are damage, never copied into a record (a PGN written from it would
be binary data to every reader): in a text of a stated length (an XQF name, a comment), a NUL
with more text after it cuts the text there (damage, XQN011: that text is lost); any other control
byte is read as U+FFFD (XQN019, a format warning: nothing of the game is lost). Both name the
field and its byte offsets in the file.
"""

from __future__ import annotations

from kifu.core.findings import Finding
from kifu.xiangqi import codes

#: C0 controls but tab, LF and CR (line ends of comments), and DEL
_CONTROLS = frozenset(range(32)) - {9, 10, 13} | {127}
_CONTROL_CHARACTERS = frozenset(map(chr, _CONTROLS))


def text_field(
    raw: bytes, codec: str, start: int, what: str, findings: list[Finding], *, padded: bool = False
) -> str:
    """The text of ``raw``, the bytes at offset ``start`` of the file, in ``codec``
    (``gb18030`` or ``utf-16-le``); ``what`` names the field (``XQF header field Event``);
    ``padded``: a field of fixed size, whose bytes after a NUL mean nothing."""
    unit = 2 if codec.startswith("utf-16") else 1
    values = list(raw) if unit == 1 else [raw[i] | raw[i + 1] << 8 for i in range(0, len(raw) - 1, 2)]
    end = values.index(0) if 0 in values else len(values)
    cut = not padded and any(values[end:])
    bad = [i for i in range(end) if values[i] in _CONTROLS]
    text = raw[: end * unit].decode(codec, errors="replace")
    if bad:
        text = "".join("\ufffd" if ch in _CONTROL_CHARACTERS else ch for ch in text)
    if cut or bad:
        first = min([*bad, end] if cut else bad)
        what_becomes = (
            "the text is read up to the NUL, each other control byte as U+FFFD"
            if cut and bad
            else "the text is read up to the NUL"
            if cut
            else "each is read as U+FFFD"
        )
        # text after a NUL is lost (damage); a control byte read as U+FFFD loses nothing of the game
        code = codes.BAD_BINARY if cut else codes.CONTROL_IN_TAG
        findings.append(
            code(
                f"{what} (bytes {start}-{start + len(raw) - 1}) holds control bytes, the first at "
                f"byte {start + first * unit}: {what_becomes}"
            )
        )
    return text
