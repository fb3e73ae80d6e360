"""Bytes to text for SGF: UTF-16, BOMs, the CA charset, and detection of legacy encodings.

SGF text is decoded before it is parsed (the UTF-16 test is core's
:func:`~kifu.core.sources.wide_encoding`; a compressed stream cut short is IO008 at the size
limit, IO002 when damaged): in Shift_JIS, Big5 and GBK the second byte of a
character can be ``[``, ``]`` or ``\\``, so a byte-oriented reader would cut values in the
wrong place. Order: a UTF-16 or UTF-8 byte-order mark, UTF-16 without a mark (NUL
pattern), the charset ``CA`` declares, UTF-8, then the legacy encoding that reads the
non-ASCII text most plausibly (scored by script: kana, hangul, common hanzi, Latin
letters, Cyrillic).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Final

from kifu.core.findings import Finding
from kifu.core.lines import DECOMPRESSION_ERRORS
from kifu.core.record import Span
from kifu.core.sources import (
    Source,
    SourceError,
    decompression_finding,
    open_binary,
    wide_encoding,
)
from kifu.go import codes

_CA = re.compile(rb"CA\s*\[([^\]\\]{0,40})\]")
_ALIASES = {
    "utf8": "utf-8",
    "latin1": "latin-1",
    "iso88591": "latin-1",
    "euccn": "gb2312",
    "gb2312": "gb2312",
    "gbk": "gbk",
    "gb18030": "gb18030",
    "macintosh": "mac_roman",
    "macroman": "mac_roman",
    "xmaccyrillic": "mac_cyrillic",
    "sjis": "shift_jis",
    "shiftjis": "shift_jis",
    "windows31j": "cp932",
    "mskanji": "cp932",
    "big5hkscs": "big5hkscs",
    "ksc56011987": "euc_kr",
    "uhc": "cp949",
}
#: Legacy encodings tried when the text is not valid in the declared (or default) charset.
CANDIDATES = (
    "gb18030",
    "big5",
    "shift_jis",
    "euc_jp",
    "euc_kr",
    "cp1252",
    "iso8859_15",
    "mac_roman",
    "cp1251",
    "latin-1",
)
#: the codecs whose text holds a character of :data:`_CONTROL` only where their bytes hold one of
#: :data:`_CONTROL_BYTES` (a byte below 0x80 is always that character, no longer sequence makes
#: one): UTF-8 and the legacy charsets kifu knows, not UTF-7 or an EBCDIC code page a CA may name
_ASCII_CONTROLS: Final = frozenset(
    codecs.lookup(name).name for name in ("utf-8", "latin-1", "iso2022_jp", *CANDIDATES, *_ALIASES.values())
)
_SINGLE_BYTE = frozenset({"cp1251", "cp1252", "latin-1", "mac_roman", "iso8859_15"})
_CYRILLIC = frozenset({"cp1251"})
_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")
#: the bytes of :data:`_CONTROL`'s characters
_CONTROL_BYTES: Final = bytes([*range(0x09), 0x0B, *range(0x0E, 0x20), 0x7F])


@dataclass(slots=True)
class Decoded:
    """Decoded text, the codec used, and findings about the decoding (positions in ``text``)."""

    text: str
    encoding: str
    declared: str | None = None
    findings: list[Finding] = field(default_factory=list)


def codec_for(name: str) -> str | None:
    """The Python codec for a CA value (``EUC-CN`` → ``gb2312``), or ``None`` if unknown."""
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    if key in _ALIASES:
        return _ALIASES[key]
    if not name.isprintable():
        return None  # a NUL or control character: no codec is named so (codecs.lookup raises on NUL)
    try:
        return codecs.lookup(name.strip()).name
    except LookupError:
        return None


def decode(data: bytes) -> Decoded:
    """Decode SGF bytes, saying what was done."""
    wide = wide_encoding(data)
    if wide is not None:
        text = data.decode(wide, errors="replace")
        wide_result = Decoded(text.lstrip("\ufeff"), wide)
        if wide != "utf-16":
            wide_result.findings.append(
                codes.CHARSET_DETECTED(f"UTF-16 text without a byte-order mark; read as {wide}")
            )
        return _scrub(wide_result)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    found = _CA.search(data)
    declared = found.group(1).decode("ascii", "replace").strip() if found else None
    result: Decoded
    if declared:
        codec = codec_for(declared)
        if codec is None:
            span = Span.point(*_line_col(data, found.start(1) if found else 0), len(declared))
            warning = codes.UNKNOWN_CHARSET(
                f"unknown charset CA[{declared}]; the text is read as UTF-8 or by detection", span
            )
            result = _undeclared(data)
            result.findings.insert(0, warning)
        else:
            try:
                result = Decoded(data.decode(codec), codec, declared)
            except UnicodeDecodeError as error:
                where = Span.point(*_line_col(data, error.start))
                replaced = data.decode(codec, errors="replace")
                high = sum(1 for byte in data if byte >= 0x80)
                few = replaced.count("\ufffd") <= max(3, high // 100)
                guess: str | None = None
                # UTF-8 with a few damaged bytes is read so, not as the charset declared or another
                also = "" if codec == "utf-8" else f"the text is not valid {declared}; "
                damaged = _damaged_utf8(data, also)
                if damaged is None and (codec == "utf-8" or not few):
                    guess = "utf-8" if codec != "utf-8" and _valid_utf8(data) else _detect(data)
                if damaged is not None:
                    result = damaged
                    result.declared = declared
                elif guess is not None:
                    result = Decoded(
                        data.decode(guess),
                        guess,
                        declared,
                        [
                            codes.CHARSET_MISMATCH(
                                f"the text is not valid {declared} (byte {error.start}); it reads as {guess}",
                                where,
                            )
                        ],
                    )
                else:
                    result = Decoded(
                        data.decode(codec, errors="replace"),
                        codec,
                        declared,
                        [
                            codes.CHARSET_MISMATCH(
                                f"the text is not valid {declared} (byte {error.start}); "
                                "invalid bytes replaced",
                                where,
                            )
                        ],
                    )
    else:
        result = _undeclared(data)
    return _scrub(result, data)


def _undeclared(data: bytes) -> Decoded:
    if b"\x1b$B" in data or b"\x1b$@" in data or b"\x1b(J" in data:
        try:
            return Decoded(
                data.decode("iso2022_jp"),
                "iso2022_jp",
                None,
                [
                    codes.CHARSET_DETECTED(
                        "no CA and the text has ISO-2022-JP escape sequences: read as ISO-2022-JP"
                    )
                ],
            )
        except UnicodeDecodeError:
            pass
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    damaged = _damaged_utf8(data)
    if damaged is not None:
        return damaged
    guess = _detect(data) or "latin-1"
    return Decoded(
        data.decode(guess, errors="replace"),
        guess,
        None,
        [codes.CHARSET_DETECTED(f"no CA and the text is not UTF-8: read as {guess}")],
    )


def _scrub(result: Decoded, data: bytes | None = None) -> Decoded:
    """Control characters read as spaces, with a finding at the first. ``data``: the bytes the
    text was decoded from; read by a codec of :data:`_ASCII_CONTROLS` and without a byte of
    :data:`_CONTROL_BYTES`, the text holds no control character, and the pattern's search of
    the text (ten times the cost of the bytes' test) is spared."""
    if (
        data is not None
        and codecs.lookup(result.encoding).name in _ASCII_CONTROLS
        and len(data.translate(None, _CONTROL_BYTES)) == len(data)
    ):
        return result
    match = _CONTROL.search(result.text)
    if match:
        line, column = _text_line_col(result.text, match.start())
        result.findings.append(
            codes.BINARY_BYTES(
                f"NUL or control characters in the text (read as spaces), the first at line {line}",
                Span.point(line, column),
            )
        )
        result.text = _CONTROL.sub(" ", result.text)
    return result


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return line, offset - start + 1


def _text_line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


#: the bytes that start a UTF-8 sequence of two bytes, and of three or four
_LEAD_2: Final = bytes(range(0xC2, 0xE0))
_LEAD_3: Final = bytes(range(0xE0, 0xF5))
#: how much a valid sequence of three or four bytes weighs against an invalid one: in text of
#: another charset such a sequence comes by chance far more rarely than one of two bytes
WEIGHT_3: Final = 3
#: the bytes :func:`_damaged_utf8` weighs (the start of a bigger file tells as well)
WEIGH: Final = 1 << 20
#: the damaged places a message names
NAMED_PLACES: Final = 5
_INVALID: list[int] = []


def _collect_invalid(error: UnicodeError) -> tuple[str, int]:
    start = getattr(error, "start", 0)
    _INVALID.append(start if isinstance(start, int) else 0)
    end = getattr(error, "end", None)
    return "\ufffd", end if isinstance(end, int) else 0


codecs.register_error("kifu-invalid", _collect_invalid)


def _invalid_utf8(data: bytes) -> tuple[str, list[int]]:
    """``data`` decoded as UTF-8 with U+FFFD for each invalid sequence, and where each starts."""
    _INVALID.clear()
    text = data.decode("utf-8", errors="kifu-invalid")
    found = list(_INVALID)
    _INVALID.clear()
    return text, found


def mostly_utf8(data: bytes) -> bool:
    """Whether ``data``, not valid UTF-8, is UTF-8 with a few damaged bytes (a server that
    replaced a byte of a character by ``?``, a cut): its valid multibyte sequences outweigh its
    invalid ones, those of three or four bytes weighing :data:`WEIGHT_3`. In text of another
    charset nearly every character is an invalid sequence (Shift_JIS, GBK, Big5 and Latin-1
    files weigh 0.2-0.3 at most); Fox's damaged UTF-8 weighs 1.7 and more."""
    sample = data[:WEIGH]
    _, invalid = _invalid_utf8(sample)
    if not invalid:
        return False
    wide = len(sample) - len(sample.translate(None, _LEAD_3))
    narrow = len(sample) - len(sample.translate(None, _LEAD_2))
    for at in invalid:  # (a lead byte that starts an invalid sequence is no character)
        byte = sample[at]
        if byte >= 0xE0:
            wide -= byte < 0xF5
        elif byte >= 0xC2:
            narrow -= 1
    weight = narrow + WEIGHT_3 * wide
    return weight >= 3 and weight >= len(invalid)


def _damaged_utf8(data: bytes, before: str = "") -> Decoded | None:
    """``data`` read as UTF-8 with its damaged bytes replaced and named (byte offset and line),
    when it is mostly UTF-8 (:func:`mostly_utf8`); ``None`` otherwise. ``before``: what the
    message says first."""
    if not mostly_utf8(data):
        return None
    text, invalid = _invalid_utf8(data)
    lines: dict[int, list[str]] = {}
    for at in invalid[:NAMED_PLACES]:
        lines.setdefault(_line_col(data, at)[0], []).append(str(at))
    places = "; ".join(
        f"line {line}: byte{'s' if len(at) > 1 else ''} {', '.join(at)}" for line, at in lines.items()
    )
    more = f" and {len(invalid) - NAMED_PLACES} more" if len(invalid) > NAMED_PLACES else ""
    finding = codes.CHARSET_MISMATCH(
        f"{before}the text is UTF-8 but for {len(invalid)} damaged byte sequence(s), replaced by "
        f"U+FFFD: {places}{more}",
        Span.point(*_line_col(data, invalid[0])),
    )
    return Decoded(text, "utf-8", None, [finding])


def _valid_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def _detect(data: bytes) -> str | None:
    """The candidate encoding that reads ``data`` most plausibly, or ``None``."""
    best: tuple[float, int, str] | None = None
    for rank, name in enumerate(CANDIDATES):
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        score = plausibility(text, name)
        key = (score, -rank, name)
        if best is None or key > best:
            best = key
    return best[2] if best else None


def plausibility(text: str, codec: str) -> float:
    """Mean score per non-ASCII character: high for real words, low for mis-decoded bytes.

    Single-byte codecs are told apart by word shape: Cyrillic words are runs of non-ASCII
    letters, while accented Latin letters stand alone or in pairs inside ASCII words. Korean
    text is hangul; Chinese read as EUC-KR turns into hangul mixed with hanja.
    """
    total = 0.0
    count = 0
    runs: list[int] = []
    run = 0
    for ch in text:
        code = ord(ch)
        if code < 128:
            if run:
                runs.append(run)
                run = 0
            continue
        count += 1
        run += 1 if ch.isalpha() else 0
        score = _char_score(ch, code)
        if codec == "euc_kr" and 0x4E00 <= code <= 0x9FFF:
            score = -1.0
        total += score
    if run:
        runs.append(run)
    if not count:
        return 0.0
    if codec in _SINGLE_BYTE and runs:
        long_words = sum(1 for r in runs if r >= 3) / len(runs)
        cyrillic = codec in _CYRILLIC
        total -= count * (1 - long_words if cyrillic else long_words)
    return total / count


def _char_score(ch: str, code: int) -> float:
    if 0x3040 <= code <= 0x30FF:
        return 2.0  # kana
    if 0xAC00 <= code <= 0xD7A3:
        return 1.5  # hangul syllables
    if 0x4E00 <= code <= 0x9FFF:
        return 1.0 if _common_hanzi(ch) else -0.5
    if 0x3000 <= code <= 0x303F or 0xFF01 <= code <= 0xFF5E:
        return 1.0  # CJK punctuation, full-width forms
    if 0x00C0 <= code <= 0x017F or 0x0400 <= code <= 0x045F or code in (0x192, 0x2030, 0x2122, 0x20AC):
        return 1.0  # Latin and Cyrillic letters, and ƒ ‰ ™ €
    if code in (0xA0, 0xA9, 0xAB, 0xBB, 0xB7, 0xB0, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D):
        return 0.5
    return -2.0  # controls, symbols, half-width katakana, private use: what mis-decoding produces


def _common_hanzi(ch: str) -> bool:
    try:
        ch.encode("gb2312")
        return True
    except UnicodeEncodeError:
        pass
    try:
        lead = ch.encode("big5")[0]
        return 0xA4 <= lead <= 0xC6
    except UnicodeEncodeError:
        pass
    try:
        lead = ch.encode("shift_jis")[0]
        return 0x88 <= lead <= 0x98
    except UnicodeEncodeError:
        return False


#: Files up to this size are decoded whole (with every detection); bigger ones are streamed.
STREAM_THRESHOLD = 8 << 20
BLOCK = 1 << 20
PROBE = 1 << 20  # the charset of a streamed file is chosen from its first MiB
FIRST_READ = 64 << 10
_REPLACED = [0]


def _count_replacement(error: UnicodeError) -> tuple[str, int]:
    _REPLACED[0] += 1
    end = getattr(error, "end", None)
    return "\ufffd", end if isinstance(end, int) else 0


codecs.register_error("kifu-count", _count_replacement)


def texts(
    source: Source, opened: Callable[[BinaryIO], object] | None = None
) -> Iterator[tuple[str, bool] | Finding]:
    """The decoded text of ``source`` in pieces ``(text, final)``, and findings about it.

    A file up to :data:`STREAM_THRESHOLD` bytes comes as one piece, decoded by :func:`decode`.
    A bigger one is decoded block by block with the charset chosen from its first block, so
    memory stays flat whatever the size. ``opened`` is called with the stream once it is open
    (the reader asks whether it inflates compressed data).
    """
    try:
        stream = open_binary(source)
    except SourceError as error:
        yield error.finding
        return
    with stream:
        if opened is not None:
            opened(stream)
        try:
            # a small first read: read(n) allocates n bytes before it shrinks them, and most
            # files (one game each, in Go archives) are a few KiB
            head = stream.read(FIRST_READ)
            if len(head) == FIRST_READ:
                head += stream.read(STREAM_THRESHOLD + 1 - FIRST_READ)
        except DECOMPRESSION_ERRORS as error:
            yield decompression_finding(source.path, error)
            return
        if len(head) <= STREAM_THRESHOLD:
            decoded = decode(head)
            yield from decoded.findings
            yield decoded.text, True
            return
        yield from _stream(head, stream, source)


def _stream(head: bytes, stream: BinaryIO, source: Source) -> Iterator[tuple[str, bool] | Finding]:
    first = head[:PROBE]
    probe = first[: first.rfind(b"\n") + 1] or first
    chosen = decode(probe)
    yield from (f for f in chosen.findings if f.code != codes.BINARY_BYTES.code)
    name = "utf-8-sig" if chosen.encoding == "utf-8" else chosen.encoding
    decoder = codecs.getincrementaldecoder(name)(errors="kifu-count")
    _REPLACED[0] = 0
    lines = 0
    control: Finding | None = None
    data = head
    while True:
        final = not data
        piece = decoder.decode(data, final=final)
        match = _CONTROL.search(piece)
        if match:
            if control is None:
                line, column = _text_line_col(piece, match.start())
                control = codes.BINARY_BYTES(
                    "NUL or control characters in the text (read as spaces), the first at line "
                    f"{lines + line}",
                    Span.point(lines + line, column),
                )
            piece = _CONTROL.sub(" ", piece)
        lines += piece.count("\n")
        yield piece, final
        if final:
            break
        try:
            data = stream.read(BLOCK)
        except DECOMPRESSION_ERRORS as error:
            yield decompression_finding(source.path, error, f"after line {lines + 1}")
            data = b""
    if control is not None:
        yield control
    if _REPLACED[0] and not any(f.code == codes.CHARSET_MISMATCH.code for f in chosen.findings):
        yield codes.CHARSET_MISMATCH(
            f"{_REPLACED[0]} byte sequence(s) not valid {chosen.encoding} were replaced"
        )
