"""A large file cut into parts that the workers read themselves.

When workers share one large file of line-based records (PGN), the parent process does not read
the records: it cuts the file's bytes into parts of about ``size`` bytes (:func:`parts`), and
each worker decodes, splits and checks its own part (:func:`read_part`). Otherwise the parent
would decode and split every line of the archive and send every record's text down a pipe, work
that the workers wait on and that a single process does not do twice.

A part starts at a line where the game's :data:`CutRule` says that one reader of the whole file
starts a record whatever came before (chess: a tag pair after an empty line, after a line that
ends a game with its result outside any comment): that is decided by the bytes around the line,
so the worker of a part knows where the later parts start without asking. The worker checks it
as it reads: it reads on past its part's end until one of its records ends exactly where a later
part starts, and says which part the file goes on with (:attr:`PartRead.resume`); the parent
drops any part read through, numbers the records it keeps and adds up what the decoders noticed
(:meth:`~kifu.core.lines.LineDecoder.counts`), so that the report is the one a single process
reading the whole file gives. With a sound rule the next part is always the one after (a rule
that cut inside records would cost work, not correctness: every worker inside a record would
read on to its end).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Generic, TypeVar

from kifu.core.findings import Finding
from kifu.core.lines import DecoderCounts, LineDecoder, plain

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class CutRule:
    """Where a game's records may be cut into parts.

    ``starts(before, line)``: whether one reader of the whole file starts a record at ``line``,
    whatever the text before ``before``; ``line`` is a plain ASCII line that opens with ``[``
    after an empty line, ``before`` the last line before it that is not blank (``b""`` if none is
    near); both without their line breaks. ``ends``: every byte that ``before`` may end with
    (its last that is not blank), a quick test first, so that a file of ``[`` lines after empty
    lines costs little to cut.
    """

    starts: Callable[[bytes, bytes], bool]
    ends: bytes = bytes(range(256))


#: a line longer than this is not a place to cut, nor one after it (not worth reading to tell)
_LONGEST_CUT_LINE = 4096
#: the file is searched for a place to cut this many bytes at a time
_BLOCK = 1 << 16


@dataclass(frozen=True, slots=True)
class Part:
    """Part ``number`` (from 0) of the file at ``path``: its bytes from ``start``, where line
    ``line`` starts, to ``end``, where the next part starts, at line ``end_line``
    (:func:`following_start` with ``size``), or, for the ``last``, the file ends."""

    path: str
    number: int
    start: int
    end: int
    line: int
    end_line: int
    size: int
    last: bool


@dataclass(slots=True)
class PartRead(Generic[R]):
    """What a worker read of a part: the records that start in it (and in the parts it read on
    through), numbered from 1; the part the file goes on with (``None``: the file ended there);
    what its decoder noticed; findings about the file (it could not be read to the end)."""

    records: list[R]
    resume: int | None
    counts: DecoderCounts
    findings: list[Finding] = field(default_factory=list)


def following_start(stream: BinaryIO, start: int, size: int, rule: CutRule) -> int | None:
    """The byte where the part after the one starting at byte ``start`` starts: the first line
    from ``start + size`` on that opens with ``[`` after an empty line, is plain ASCII (every
    decoder reads it alike, and notes nothing) and where ``rule`` says a record starts; ``None``
    if there is none. (The file is read, not mapped: a file cut short while it is read then
    ends early, where a mapped one would kill the process.)"""
    at = start + max(size, 2)  # the earliest byte a part may start at
    while True:
        base = at - 2  # the window starts with the two bytes before `at`: "\n\n[" or "\r\n["
        stream.seek(base)
        window = stream.read(_BLOCK)
        found = window.find(b"\n[", 1)
        while found >= 0 and not (_after_empty_line(window, found) and _may_end(window, found, rule.ends)):
            found = window.find(b"\n[", found + 1)
        if found < 0:
            if len(window) < _BLOCK:
                return None
            at = base + len(window) - 1  # a "\n" at the window's last byte may start a match
            continue
        line = base + found + 1
        if _starts_record(stream, line, rule):
            return line
        at = line + 1


def _starts_record(stream: BinaryIO, line: int, rule: CutRule) -> bool:
    """Whether a part may start at byte ``line`` (which opens with ``[`` after an empty line)."""
    back = max(0, line - 2 * _LONGEST_CUT_LINE)
    stream.seek(back)
    around = stream.read(line - back + _LONGEST_CUT_LINE + 1)
    text = around[line - back :]
    stop = text.find(b"\n")
    if stop < 0 and len(text) > _LONGEST_CUT_LINE:
        return False
    text = text if stop < 0 else text[:stop]
    if not plain(text):
        return False
    lines = around[: line - back].split(b"\n")[:-1]  # the lines before, the last one empty
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < 2 and back > 0:
        return False  # the line before is too far back, or too long, to look at
    return rule.starts(lines[-1].rstrip(b"\r") if lines else b"", text.rstrip(b"\r"))


def _may_end(window: bytes, newline: int, ends: bytes) -> bool:
    """Whether the last byte before the line break at ``newline`` that is not blank is one of
    ``ends`` (or is not in ``window``)."""
    at = newline - 1
    while at >= 0 and window[at] in _BLANK:
        at -= 1
    return at < 0 or window[at] in ends


#: what ``bytes.strip`` strips: the bytes of a blank line
_BLANK = b" \t\n\r\x0b\x0c"


def _after_empty_line(window: bytes, newline: int) -> bool:
    """Whether the line break at ``newline`` ends an empty line (``\n\n`` or ``\n\r\n``)."""
    if window[newline - 1 : newline] == b"\n":
        return True
    return newline >= 2 and window[newline - 2 : newline] == b"\n\r"


def parts(path: str, size: int, rule: CutRule) -> Iterator[Part]:
    """The parts of the file at ``path``, one after the other (the parent's side)."""
    with open(path, "rb") as stream:
        number, start, line = 0, 0, 1
        for following, following_line in _following(stream, start, line, size, rule):
            yield Part(path, number, start, following, line, following_line, size, False)
            number, start, line = number + 1, following, following_line
        yield Part(path, number, start, stream.seek(0, 2), line, 0, size, True)


def _following(
    stream: BinaryIO, start: int, line: int, size: int, rule: CutRule
) -> Iterator[tuple[int, int]]:
    """``(byte, line)`` where each part after the one at byte ``start`` (line ``line``) starts."""
    while (following := following_start(stream, start, size, rule)) is not None:
        line += _newlines(stream, start, following)
        start = following
        yield start, line


def _newlines(stream: BinaryIO, start: int, end: int) -> int:
    """How many line breaks the bytes from ``start`` to ``end`` hold."""
    stream.seek(start)
    count = 0
    while start < end:
        block = stream.read(min(end - start, 1 << 20))
        if not block:
            break
        count += block.count(b"\n")
        start += len(block)
    return count


def read_part(part: Part, split: Callable[[Iterator[str], int], Iterator[R]], rule: CutRule) -> PartRead[R]:
    """The records of ``part`` (the worker's side), as one reader of the whole file finds them.

    ``split(lines, first_line)`` cuts lines into records; it yields a record when it reads the
    first line of the next one, which is where the decoder then is
    (:attr:`~kifu.core.lines.LineDecoder.line`). The reading goes on past the part's end until a
    record ends where a later part starts; ``rule`` is the one the parts were cut with.
    """
    decoder = LineDecoder()
    records: list[R] = []
    with open(part.path, "rb") as stream, open(part.path, "rb") as ahead:
        stream.seek(part.start)
        later = _later_parts(ahead, part, rule)
        following = next(later, None)
        for record in split(
            decoder.lines(stream, part.path, blank_runs=True, first_line=part.line), part.line
        ):
            records.append(record)
            next_record = decoder.line  # where the next record starts (0: the file ended)
            while following is not None and 0 < following[1] < next_record:
                following = next(later, None)  # that part starts inside this record
            if following is not None and following[1] == next_record:
                return PartRead(records, following[0], decoder.counts(), decoder.findings)
    return PartRead(records, None, decoder.counts(), decoder.findings)


def _later_parts(stream: BinaryIO, part: Part, rule: CutRule) -> Iterator[tuple[int, int]]:
    """``(number, line)`` of the parts after ``part``, as :func:`parts` cuts them (the next one
    as the part says, the others, which a worker reading on through needs, searched again)."""
    if part.last:
        return
    yield part.number + 1, part.end_line
    later = _following(stream, part.end, part.end_line, part.size, rule)
    for number, (_, line) in enumerate(later, part.number + 2):
        yield number, line
