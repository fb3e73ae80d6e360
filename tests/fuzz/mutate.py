"""Byte- and token-level mutations of a seed: each draws from one ``random.Random``, so an input
is fully determined by its seed string."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

#: characters that open, close or escape something in one of the formats
STRUCTURAL = ["{", "}", "(", ")", "[", "]", ";", "\\", '"', "<", ">", "/", "%", "$", "&", "\n", "\r"]
DIGITS = ["¹²³", "１２３", "٣", "⁰", "①", "Ⅻ", "1" * 40, "9" * 25, "-1", "0", "00", "4294967296"]
HUGE = ["99999999999999999999999", "18446744073709551616", "1e309", "-0", "2147483648", "65536"]
BOMS = [b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"+/v8"]
BAD_UTF8 = [b"\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe4\xb8", b"\x80\x80"]
CONTROL = [b"\x00", b"\x01", b"\x07", b"\x08", b"\x0b", b"\x0c", b"\x1a", b"\x1b", b"\x7f", b"\x85"]
INTERESTING = [0, 1, 0x7F, 0x80, 0xFF, 0x20, 0x0A, 0x5B, 0x28]
_TOKEN = re.compile(rb"[0-9]+|[A-Za-z_]+|\s+|[\x80-\xff]+|.", re.S)

Mutation = Callable[[random.Random, bytes, bytes], bytes]


def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def flip(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Flip one bit."""
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]


def overwrite(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Set one byte (or a little-endian 16/32-bit word) to a boundary value."""
    if not data:
        return data
    i = rng.randrange(len(data))
    width = rng.choice((1, 1, 2, 4))
    value = rng.choice((0, 1, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, rng.randrange(256)))
    chunk = (value & ((1 << (8 * width)) - 1)).to_bytes(width, "little")
    return data[:i] + chunk + data[i + width :]


def insert_byte(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Insert a random or interesting byte."""
    i = _pos(rng, data)
    b = rng.choice(INTERESTING) if rng.random() < 0.5 else rng.randrange(256)
    return data[:i] + bytes([b]) + data[i:]


def delete_bytes(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Delete a short run of bytes."""
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + data[i + rng.randint(1, 16) :]


def truncate(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Cut the input short."""
    return data[: _pos(rng, data)]


def duplicate_line(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Repeat a line one or many times."""
    lines = data.splitlines(keepends=True)
    if not lines:
        return data
    i = rng.randrange(len(lines))
    lines[i : i + 1] = [lines[i]] * rng.choice((2, 3, 50))
    return b"".join(lines)


def cut_lines(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Remove a run of lines."""
    lines = data.splitlines(keepends=True)
    if not lines:
        return data
    i = rng.randrange(len(lines))
    del lines[i : i + rng.randint(1, 5)]
    return b"".join(lines)


def splice(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """The start of this seed and the end of another, cut at bytes or at lines."""
    if rng.random() < 0.5:
        a, b = data.splitlines(keepends=True), other.splitlines(keepends=True)
        return b"".join(a[: rng.randint(0, len(a))] + b[rng.randint(0, len(b)) :])
    return data[: _pos(rng, data)] + other[_pos(rng, other) :]


def structural(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Insert a structural character (or a few)."""
    i = _pos(rng, data)
    text = "".join(rng.choice(STRUCTURAL) for _ in range(rng.choice((1, 1, 2, 5))))
    return data[:i] + text.encode() + data[i:]


def nesting(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Open many variations (or brackets) at one place, closed or not."""
    i = _pos(rng, data)
    depth = rng.choice((3, 50, 999, 1001, 3000, 20000))
    opener, closer = rng.choice(((b"(", b")"), (b"(;", b")"), (b"( ", b" )"), (b"[", b"]"), (b"{", b"}")))
    body = opener * depth + closer * depth if rng.random() < 0.5 else opener * depth
    return data[:i] + body + data[i:]


def digits(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Replace a run of digits by superscript, full-width, huge or negative numbers."""
    runs = list(re.finditer(rb"[0-9]+", data))
    if not runs:
        return insert_text(rng, data, rng.choice(DIGITS + HUGE).encode())
    m = rng.choice(runs)
    if rng.random() < 0.5:
        new = rng.choice(DIGITS + HUGE).encode()
    else:
        table = rng.choice(("⁰¹²³⁴⁵⁶⁷⁸⁹", "０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗"))
        new = "".join(table[int(chr(c))] for c in m.group()).encode()
    return data[: m.start()] + new + data[m.end() :]


def insert_text(rng: random.Random, data: bytes, text: bytes) -> bytes:
    """``text`` at a random place."""
    i = _pos(rng, data)
    return data[:i] + text + data[i:]


def control(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Insert a NUL or another control byte."""
    return insert_text(rng, data, rng.choice(CONTROL) * rng.choice((1, 1, 3)))


def bad_utf8(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Insert a byte sequence that is not UTF-8."""
    return insert_text(rng, data, rng.choice(BAD_UTF8))


def bom(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """A byte-order mark at the start (mostly) or inside."""
    mark = rng.choice(BOMS)
    return mark + data if rng.random() < 0.7 else insert_text(rng, data, mark)


def reencode(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """The text in another encoding (UTF-16 with BOM, GB18030, Big5, Latin-1)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    codec = rng.choice(("utf-16", "utf-16-le", "gb18030", "big5", "latin-1", "shift_jis"))
    return text.encode(codec, "replace")


def tokens(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Duplicate, delete, swap or transplant a token (words, numbers, punctuation)."""
    parts = _TOKEN.findall(data)
    if not parts:
        return data
    i = rng.randrange(len(parts))
    op = rng.randrange(4)
    if op == 0:
        parts.insert(i, parts[i])
    elif op == 1:
        del parts[i]
    elif op == 2:
        j = rng.randrange(len(parts))
        parts[i], parts[j] = parts[j], parts[i]
    else:
        donors = _TOKEN.findall(other) or parts
        parts.insert(i, rng.choice(donors))
    return b"".join(parts)


def long_run(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """A long run of one character or token (long lines, long comments, many findings)."""
    unit = rng.choice((b"a", b" ", b"\n", b"1. ", b"e4 ", b";B[]", b"\\", b"\xe4\xb8\xad", b"9999"))
    return insert_text(rng, data, unit * rng.choice((100, 1000, 5000)))


TEXT_MUTATIONS: tuple[Mutation, ...] = (
    flip,
    insert_byte,
    delete_bytes,
    truncate,
    duplicate_line,
    cut_lines,
    splice,
    structural,
    structural,
    nesting,
    digits,
    digits,
    control,
    bad_utf8,
    bom,
    reencode,
    tokens,
    tokens,
    tokens,
    long_run,
)
BINARY_MUTATIONS: tuple[Mutation, ...] = (
    flip,
    flip,
    overwrite,
    overwrite,
    overwrite,
    insert_byte,
    delete_bytes,
    truncate,
    splice,
    digits,
    control,
    bad_utf8,
)

#: the largest input a mutation may make (bigger inputs are the hostile tests' business)
MAX_INPUT = 256 * 1024


def mutate(rng: random.Random, data: bytes, other: bytes, binary: bool) -> tuple[bytes, list[str]]:
    """``data`` after one to four mutations; their names."""
    pool = BINARY_MUTATIONS if binary else TEXT_MUTATIONS
    names = []
    for _ in range(rng.choice((1, 1, 2, 2, 3, 4))):
        step = rng.choice(pool)
        data = step(rng, data, other)[:MAX_INPUT]
        names.append(step.__name__)
    return data, names
