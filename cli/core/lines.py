"""Reading a text file line by line: decoding each line, and noting what had to be done.

:class:`LineDecoder` is how every reader of line-based records (PGN, XQBase PGN) gets its lines:
UTF-8 with a Windows-1252 (Latin-1) fallback or a codec the caller chose, control characters replaced and
reported (:class:`Controls`), no line held longer than a record may be, runs of blank lines
read at the speed of the bytes. It is compiled in the build (a batch's parent process reads
every line of an archive through it, while its workers check the games).
"""

from __future__ import annotations

import codecs
import lzma
import re
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from kifu.core.findings import IO_BINARY, IO_LATIN1, Finding
from kifu.core.limits import limits
from kifu.core.record import Span

#: The exceptions a decompressing stream raises on damaged or truncated data.
DECOMPRESSION_ERRORS: tuple[type[BaseException], ...] = (
    EOFError,
    OSError,
    zlib.error,
    lzma.LZMAError,
    ValueError,
)

#: :meth:`LineDecoder.counts`: Latin-1 lines and the first; lines with control characters and
#: the first one's line and column
DecoderCounts = tuple[int, int, int, int, int]


#: the control characters :class:`Controls` places one by one; a text with more is binary data
PLACED = 64


@dataclass(slots=True)
class Controls:
    """NUL and other C0 control characters (tab, CR, LF, FF and VT aside) met in the lines of a
    text: each is read as U+FFFD, and they are reported once (IO004) with the first one's line
    and column, since a text record never contains them.

    The first :data:`PLACED` are kept by line and column, so that a reader can :meth:`claim`
    those inside a tag value of a record it read (a damaged character in a name: a format
    warning of that record, not binary data); IO004 reports the others."""

    lines: int = 0
    first_line: int = 0
    first_column: int = 0
    #: (line, column) of each control character not claimed, while there are at most PLACED
    places: list[tuple[int, int]] = field(default_factory=list)
    #: more than PLACED, or counted by another decoder (:meth:`LineDecoder.add`): not all placed
    unplaced: bool = False

    def scrub(self, text: str, number: int) -> str:
        """Line ``number`` (1-based) of the text with its control characters as U+FFFD."""
        if _CONTROL.isdisjoint(text):
            return text
        self.lines += 1
        if not self.first_line:
            self.first_line = number
            self.first_column = next(i for i, ch in enumerate(text, 1) if ch in _CONTROL)
        if not self.unplaced:
            self.places.extend((number, i) for i, ch in enumerate(text, 1) if ch in _CONTROL)
            if len(self.places) > PLACED:
                self.unplaced = True
                self.places.clear()
        return "".join("\ufffd" if ch in _CONTROL else ch for ch in text)

    def claim(self, spans: Iterable[Span]) -> list[tuple[int, int]]:
        """The places inside ``spans`` (a reader's tag values): taken out of the IO004 finding."""
        if not self.places:
            return []
        spans = tuple(spans)
        inside = [
            place
            for place in self.places
            if any((s.line, s.column) <= place < (s.end_line, s.end_column) for s in spans)
        ]
        if inside:
            self.places = [place for place in self.places if place not in inside]
        return inside

    def finding(self) -> Finding | None:
        """The IO004 finding about what :meth:`scrub` replaced and no reader claimed, or ``None``."""
        if not self.lines or not (self.places or self.unplaced):
            return None
        lines, (line, column) = self.lines, (self.first_line, self.first_column)
        if not self.unplaced:
            lines, (line, column) = len({n for n, _ in self.places}), self.places[0]
        return IO_BINARY(
            f"binary data (NUL or control bytes) on {lines} line(s), the first at line {line}, "
            f"column {column}",
            Span.point(line, column),
        )


@dataclass(slots=True)
class LineDecoder:
    """Decodes a byte stream line by line, noting what it had to do.

    Without an ``encoding``, UTF-8 is tried first (a leading BOM is dropped); a line that is not
    UTF-8 is read as Windows-1252 (:func:`decode_legacy`). With one (a codec in which the byte
    ``\\n`` is only ever a line break: UTF-8, GB18030, Big5 …, not UTF-16), every line is
    decoded with it as it comes, undecodable bytes replaced by U+FFFD, and nothing is dropped:
    the caller chose the codec.
    NUL bytes and other C0 controls (except tab, CR, LF, FF, VT) are replaced by U+FFFD and
    reported (:class:`Controls`): a text record never contains them.
    """

    encoding: str | None = None
    latin1_lines: int = 0
    first_latin1_line: int = 0
    controls: Controls = field(default_factory=Controls)
    findings: list[Finding] = field(default_factory=list)
    #: the number of the line :meth:`lines` yielded last (the last of a run of blank lines);
    #: 0 once the stream has ended
    line: int = 0

    def lines(
        self,
        stream: BinaryIO,
        path: str,
        longest: int | None = None,
        *,
        blank_runs: bool = False,
        first_line: int = 1,
    ) -> Iterator[str]:
        """Yield the lines of ``stream`` without line terminators; the first is line ``first_line``
        of the file (a worker reading a part of it, :mod:`kifu.core.parts`). What had to be done
        is reported by :meth:`finish`, which the caller calls when it has read what it wanted.

        No line is held longer than ``longest`` characters (default ``limits().record``, the
        size of a record: a longer line cannot be read as part of one; ``0``: no limit). Of a
        longer line, the first ``longest + 1`` characters are yielded as they are (so that a
        reader counting its record's size sees it pass the limit, and drops it), and the rest is
        skipped unread, a piece at a time, when the next line is asked for: a line of gigabytes
        in a decompression bomb costs no more memory than the limit, and no time at all if the
        reader stops there.

        With ``blank_runs``, from the second of consecutive empty lines on, the empty lines
        already in the stream's buffer come as one string of their line breaks (``n`` empty
        lines: ``n - 1`` newlines, what ``"\\n".join`` of them gives), so that a flood of blank
        lines is read at the speed of the bytes; the caller counts ``line.count("\\n")`` more
        lines for such a string. (A single blank line, the usual case, costs nothing more.)

        A damaged compressed stream ends the iteration with an IO002 finding in ``findings``.
        """
        cap = limits().record if longest is None else longest
        readline = stream.readline
        limit = cap + 1 if cap else -1
        peek = getattr(stream, "peek", None) if blank_runs else None
        blank = False  # the line before was empty
        number = first_line - 1
        while True:
            try:
                raw = readline(limit)
                if not raw:
                    break
                number += 1
                if number == 1 and self.encoding is None and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                if len(raw) == limit and raw[-1:] != b"\n":
                    text, ended = self._overlong(raw, readline, cap, number)
                    self.line = number
                    yield text
                    while not ended:  # the rest of the line, when the reader goes on
                        raw = readline(1 << 20)
                        ended = not raw or raw[-1:] == b"\n"
                    continue
                if raw == b"\n" or raw == b"\r\n":
                    # from the second empty line on, the empty lines already buffered: one string
                    if blank and peek is not None and (run := _BLANK_RUN.match(peek(1))):
                        more = stream.read(run.end()).count(b"\n")
                        number += more
                        self.line = number
                        yield "\n" * more
                        continue
                    blank = True
                else:
                    blank = False
            except DECOMPRESSION_ERRORS as error:
                from kifu.core.sources import decompression_finding  # (sources imports this module)

                self.findings.append(decompression_finding(path, error, f"after line {number}"))
                break
            self.line = number
            yield self.decode_line(raw, number)
        self.line = 0

    def _overlong(
        self, raw: bytes, readline: Callable[[int], bytes], cap: int, number: int
    ) -> tuple[str, bool]:
        """The first ``cap + 1`` characters of a line longer than ``cap`` bytes whose start is
        ``raw``, and whether its end was read; or the whole line (and ``True``) when its
        multi-byte characters make it no longer than ``cap`` characters."""
        decoder = codecs.getincrementaldecoder(self.encoding or "utf-8")(errors="replace")
        chunks, pieces = [raw], [decoder.decode(raw)]
        size = len(pieces[0])
        while size <= cap and raw[-1:] != b"\n":
            raw = readline(cap + 1 - size)
            if not raw:
                break
            chunks.append(raw)
            pieces.append(decoder.decode(raw))
            size += len(pieces[-1])
        if size <= cap:  # not longer than the limit after all: an ordinary line
            return self.decode_line(b"".join(chunks), number), True
        del chunks
        # not scrubbed of control bytes, nor told apart from Latin-1: it is longer than any
        # record may be, and is not read
        return "".join(pieces)[: cap + 1], raw[-1:] == b"\n"

    def decode_line(self, raw: bytes, number: int) -> str:
        """Decode one line (with or without its terminator) and strip the terminator."""
        if self.encoding is not None:
            text = raw.decode(self.encoding, errors="replace")
        else:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = decode_legacy(raw)
                self.latin1_lines += 1
                if not self.first_latin1_line:
                    self.first_latin1_line = number
            if _no_controls(raw):  # a test of the bytes: four times faster than of the text
                return text.rstrip("\r\n")
        return self.controls.scrub(text.rstrip("\r\n"), number)

    def counts(self) -> DecoderCounts:
        """What :meth:`finish` would report of the lines decoded so far (Latin-1 lines, control
        characters), to be added to another decoder's (:meth:`add`)."""
        c = self.controls
        return (self.latin1_lines, self.first_latin1_line, c.lines, c.first_line, c.first_column)

    def add(self, counts: DecoderCounts) -> None:
        """Count what another decoder noticed in later lines of the same file (:meth:`counts`)."""
        latin1, first_latin1, controls, first_line, first_column = counts
        self.latin1_lines += latin1
        if not self.first_latin1_line:
            self.first_latin1_line = first_latin1
        c = self.controls
        c.lines += controls
        c.unplaced = c.unplaced or bool(controls)  # its places are not known here
        if not c.first_line:
            c.first_line, c.first_column = first_line, first_column

    def finish(self, path: str) -> None:
        """Turn what was noticed into findings (once the caller has read what it wanted)."""
        if self.latin1_lines:
            self.findings.append(
                IO_LATIN1(
                    f"{self.latin1_lines} line(s) are not UTF-8, the first at line "
                    f"{self.first_latin1_line}; read them as Windows-1252 (Latin-1 with its "
                    "punctuation ’ “ ” – € at bytes 0x80-0x9F)",
                    Span.point(self.first_latin1_line, 1),
                )
            )
        controls = self.controls.finding()
        if controls is not None:
            self.findings.append(controls)


_CONTROL = frozenset(chr(c) for c in range(32)) - set("\t\r\n\f\v")
_CONTROL_BYTES = "".join(sorted(_CONTROL)).encode("ascii")
_BLANK_RUN = re.compile(rb"(?:\r?\n)+")


def decode_legacy(raw: bytes) -> str:
    """A line that is not UTF-8, read as Windows-1252: Latin-1 (the usual encoding of older PGN
    files) wherever Latin-1 has a printable character, and the punctuation a Windows editor
    wrote (’ “ ” – € …) at bytes 0x80-0x9F, which are C1 controls in Latin-1 and never in a
    text. A line with one of the five bytes Windows-1252 leaves undefined is read as Latin-1."""
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def has_controls(text: str) -> bool:
    """Whether ``text`` holds a character that :class:`Controls` replaces."""
    return not _CONTROL.isdisjoint(text)


def plain(line: bytes) -> bool:
    """Whether ``line`` is ASCII without control characters: every decoder reads it the same,
    and notes nothing."""
    return line.isascii() and _no_controls(line)


def _no_controls(raw: bytes) -> bool:
    """Whether ``raw`` (UTF-8 or Latin-1) holds no control character that :class:`Controls`
    replaces: both write one as its own byte, and no other character has one below 0x20."""
    return len(raw.translate(None, _CONTROL_BYTES)) == len(raw)
