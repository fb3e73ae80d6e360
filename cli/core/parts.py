"""A large file cut into parts that the workers read themselves.

When workers share one large file of line-based records (PGN), the parent process does not read
the records: it cuts the file's bytes into parts of about ``size`` bytes (:func:`parts`), and
each worker decodes, splits and checks its own part (:func:`read_part`). Otherwise the parent
would decode and split every line of the archive and send every record's text down a pipe, work
that the workers wait on and that a single process does not do twice.

A part starts where a record plausibly starts: a line of plain ASCII that opens with ``[`` after
an empty line (:func:`following_start`). That is decided by the bytes alone, so the worker of a
part knows where the later parts start without asking. Whether a record really starts there (a
``[`` line after an empty line may be inside a comment, or between two tag pairs) is known only
to the reader of the text before it: the worker of a part reads on past the part's end until one
of its records ends exactly where a later part starts, and says which part the file goes on with
(:attr:`PartRead.resume`). The parent drops the parts in between, numbers the records it keeps
and adds up what the decoders noticed (:meth:`~kifu.core.lines.LineDecoder.counts`), so that the
report is the one a single process reading the whole file gives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Generic, TypeVar

from kifu.core.findings import Finding
from kifu.core.lines import DecoderCounts, LineDecoder, plain

R = TypeVar("R")

#: a line longer than this is not a place to cut (it is not worth reading to tell)
_LONGEST_CUT_LINE = 4096
#: the file is searched for a place to cut this many bytes at a time
_BLOCK = 1 << 16


@dataclass(frozen=True, slots=True)
class Part:
    """Part ``number`` (from 0) of the file at ``path``: its bytes from ``start``, where line
    ``line`` starts, to ``end``, where the next part starts (:func:`following_start` with
    ``size``) or, for the ``last``, the file ends."""

    path: str
    number: int
    start: int
    end: int
    line: int
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


def following_start(stream: BinaryIO, start: int, size: int) -> int | None:
    """The byte where the part after the one starting at byte ``start`` starts: the first line
    from ``start + size`` on that opens with ``[`` after an empty line and is plain ASCII (every
    decoder reads it alike, and notes nothing); ``None`` if there is none. (The file is read
    with ``read``, not mapped: a file cut short while it is read then ends early, where a
    mapped one would kill the process.)"""
    at = start + max(size, 2)  # the earliest byte a part may start at
    while True:
        base = at - 2  # the window starts with the two bytes before `at`: "\n\n[" or "\r\n["
        stream.seek(base)
        window = stream.read(_BLOCK)
        found = window.find(b"\n[", 1)
        while found >= 0 and not _after_empty_line(window, found):
            found = window.find(b"\n[", found + 1)
        if found < 0:
            if len(window) < _BLOCK:
                return None
            at = base + len(window) - 1  # a "\n" at the window's last byte may start a match
            continue
        line = base + found + 1
        stream.seek(line)
        text = stream.read(_LONGEST_CUT_LINE + 1)
        stop = text.find(b"\n")
        if (stop >= 0 or len(text) <= _LONGEST_CUT_LINE) and plain(text if stop < 0 else text[:stop]):
            return line
        at = line + 1


def _after_empty_line(window: bytes, newline: int) -> bool:
    """Whether the line break at ``newline`` ends an empty line (``\n\n`` or ``\n\r\n``)."""
    if window[newline - 1 : newline] == b"\n":
        return True
    return newline >= 2 and window[newline - 2 : newline] == b"\n\r"


def parts(path: str, size: int) -> Iterator[Part]:
    """The parts of the file at ``path``, one after the other (the parent's side)."""
    with open(path, "rb") as stream:
        number, start, line = 0, 0, 1
        while True:
            following = following_start(stream, start, size)
            end = following if following is not None else stream.seek(0, 2)
            yield Part(path, number, start, end, line, size, following is None)
            if following is None:
                return
            line += _newlines(stream, start, following)
            number, start = number + 1, following


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


def read_part(part: Part, split: Callable[[Iterator[str], int], Iterator[R]]) -> PartRead[R]:
    """The records of ``part`` (the worker's side), as one reader of the whole file finds them.

    ``split(lines, first_line)`` cuts lines into records; it yields a record when it reads the
    first line of the next one, which is where the decoder then is
    (:attr:`~kifu.core.lines.LineDecoder.line`). The reading goes on past the part's end until a
    record ends where a later part starts.
    """
    decoder = LineDecoder()
    records: list[R] = []
    with open(part.path, "rb") as stream, open(part.path, "rb") as ahead:
        stream.seek(part.start)
        later = _later_parts(ahead, part)
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


def _later_parts(stream: BinaryIO, part: Part) -> Iterator[tuple[int, int]]:
    """``(number, line)`` of the parts after ``part``, as :func:`parts` cuts them."""
    number, start, line = part.number, part.start, part.line
    while (following := following_start(stream, start, part.size)) is not None:
        line += _newlines(stream, start, following)
        number, start = number + 1, following
        yield number, line
