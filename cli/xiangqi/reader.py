"""Reading xiangqi records: a file in any supported format, cut into records with their reading findings.

XQBase PGN and score sheets are read as a stream, one game at a time (``formats.pgn``); XQF,
CBR, CBF and DhtmlXQ files are read whole (``formats``). Nothing is replayed here: that is
:mod:`kifu.xiangqi.walk`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import BinaryIO

from kifu.core.findings import IO_LIMIT, Finding
from kifu.core.limits import characters, limits, shown
from kifu.core.lines import DECOMPRESSION_ERRORS, Controls, has_controls
from kifu.core.pgntext import outside_comments
from kifu.core.record import Record
from kifu.core.sources import (
    Source,
    decompressing,
    decompression_finding,
    open_binary,
)
from kifu.xiangqi import codes
from kifu.xiangqi.encoding import decode, detect, lines
from kifu.xiangqi.formats.pgn import read_games
from kifu.xiangqi.source import RecordText

#: a record, the findings of reading it, and its text as the file holds it (a text format's)
Read = tuple[Record, list[Finding], RecordText | None]


def records(source: Source, fmt: str) -> Iterator[Read | Finding]:
    """The records of ``source`` with their reading findings and text, then findings about the file.

    Text records are read as a stream, one game at a time (memory stays flat whatever the
    size of the archive); binary and one-record formats are read whole.
    """
    with open_binary(source) as stream:
        damage: list[Finding] = []
        chunks = _chunks(stream, source, damage)
        head = _head(chunks)
        if _whole_file(head, fmt):
            data = _whole(head, chunks, source, damage)
            items, file_findings = _read_records(data, fmt)
            del data  # the readers keep what they need: not held while the records are checked
            yield from file_findings
            yield from items
        else:
            encoding = detect(head, complete=len(head) < HEAD and not damage)
            if encoding not in ("utf-8", "utf-8-sig"):
                yield codes.ENCODING(f"text encoding detected: read as {encoding}")
            controls = Controls()
            wary = decompressing(stream)
            count, last = 0, None
            games = read_games(lines(head, chunks, encoding, controls), stop_at_cut=wary)
            for last in games:
                count += 1
                yield last.record, [*last.findings, *_tag_controls(last.record, controls)], last.text
            if wary and last is not None and any(f.code == IO_LIMIT.code for f in last.findings):
                yield IO_LIMIT(
                    f"{source.path}: game {count} passes {characters(limits().record)} (--max-record) in the "
                    "decompressed data: reading stops there, the rest of the file is not read (a "
                    "decompression bomb?); the records before it were checked"
                )
            found = controls.finding()
            if found is not None:
                yield found
        yield from damage


HEAD = 1 << 20


def _tag_controls(record: Record, controls: Controls) -> list[Finding]:
    """XQN019 for each tag whose value holds control characters (claimed from IO004)."""
    findings = []
    for name, span in record.tag_spans.items():
        places = controls.claim([span])
        if places:
            where = ", ".join(f"line {line}, column {column}" for line, column in places)
            findings.append(
                codes.CONTROL_IN_TAG(
                    f"tag [{name}]: {len(places)} control byte(s) read as U+FFFD ({where}): a damaged "
                    "character?",
                    span,
                )
            )
    return findings


def _whole_file(head: bytes, fmt: str) -> bool:
    """Binary and one-record formats (XQF, CBR, CBF, DhtmlXQ) are read whole."""
    if fmt in ("xqf", "cbr", "cbf", "dhtmlxq") or head.startswith((b"XQ", b"CCBridge")):
        return True
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith(b"<?xml"):
        return True
    return b"[dhtmlxq" in head.lower() and is_dhtmlxq(decode(head)[0])


def is_dhtmlxq(text: str) -> bool:
    """Whether ``text`` holds DhtmlXQ records: a ``[DhtmlXQ`` block outside PGN comments, or
    anywhere in a text without a PGN tag pair (a web page, whose script may hold it in braces).

    A PGN game whose comment quotes ``[DhtmlXQ`` is PGN (a comment may say anything).
    """
    if "[dhtmlxq" not in text.lower():
        return False
    outside = outside_comments(text)
    return not outside.tags or "[dhtmlxq" in outside.movetext.lower()


def _whole(head: bytes, chunks: Iterator[bytes], source: Source, damage: list[Finding]) -> bytes:
    """A file read whole: at most ``limits().record`` bytes (a longer one is cut there, with an
    IO008 finding: no record of these formats is that long, and a decompression bomb would be
    held whole)."""
    cap = limits().record
    parts, size = [head], len(head)
    for chunk in chunks:
        if cap and size > cap:
            break
        parts.append(chunk)
        size += len(chunk)
    data = b"".join(parts)
    if cap and len(data) > cap:
        damage.append(
            IO_LIMIT(
                f"{source.path}: longer than {shown(cap)} (--max-record): "
                f"only its first {shown(cap)} are read"
            )
        )
        return data[:cap]
    return data


def _head(chunks: Iterator[bytes]) -> bytes:
    """The first :data:`HEAD` bytes (or all, if fewer) taken from ``chunks``."""
    parts: list[bytes] = []
    size = 0
    while size < HEAD:
        chunk = next(chunks, b"")
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    return b"".join(parts)


def _chunks(stream: BinaryIO, source: Source, damage: list[Finding]) -> Iterator[bytes]:
    """The rest of ``stream`` in chunks; damage to compressed data ends it with a finding."""
    # read1 returns what one step of decompression gives, so data before damage is not lost
    read = getattr(stream, "read1", stream.read)
    while True:
        try:
            chunk = read(1 << 16)
        except DECOMPRESSION_ERRORS as error:  # over the size limit (IO008) or damaged (IO002)
            damage.append(decompression_finding(source.path, error))
            return
        if not chunk:
            return
        yield chunk


def read_records(data: bytes, fmt: str) -> tuple[Iterator[tuple[Record, list[Finding]]], list[Finding]]:
    """The records in ``data`` with their reading findings, and findings about the file.

    ``fmt`` is what the extension said (``pgn`` for text); the content decides between XQF,
    CBR, CBF, DhtmlXQ and PGN/score sheets.
    """
    items, file_findings = _read_records(data, fmt)
    return ((record, findings) for record, findings, _ in items), file_findings


def _read_records(data: bytes, fmt: str) -> tuple[Iterator[Read], list[Finding]]:
    """:func:`read_records`, each record with its text (a text format's, for its fixes)."""
    if fmt == "xqf" or (data[:2] == b"XQ" and fmt not in ("cbf", "cbr")):
        from kifu.xiangqi.formats.xqf import read_xqf

        return _guarded_single(lambda: read_xqf(data)), []
    if data.startswith(b"CCBridgeLibrary"):
        record = Record(game="xiangqi", index=1, line=1)
        return iter(
            [
                (
                    record,
                    [
                        codes.UNSUPPORTED_FORMAT(
                            "XQBridge CBL libraries cannot be read yet; the games are not checked"
                        )
                    ],
                    None,
                )
            ]
        ), []
    if fmt == "cbr" or data.startswith(b"CCBridge"):
        from kifu.xiangqi.formats.cbr import read_cbr

        return _guarded_single(lambda: read_cbr(data)), []
    text, encoding = decode(data)
    file_findings = []
    if encoding not in ("utf-8", "utf-8-sig"):
        file_findings.append(codes.ENCODING(f"text encoding detected: read as {encoding}"))
    if fmt == "cbf" or text.lstrip("\ufeff").startswith("<?xml"):
        from kifu.xiangqi.formats.cbf import read_cbf

        return _guarded_single(lambda: read_cbf(text)), file_findings
    text = _scrubbed(text, file_findings)
    if is_dhtmlxq(text):
        from kifu.xiangqi.formats.dhtmlxq import read_dhtmlxq_texts

        return read_dhtmlxq_texts(text), file_findings
    return ((g.record, g.findings, g.text) for g in read_games(text)), file_findings


def _scrubbed(text: str, findings: list[Finding]) -> str:
    """``text`` with its NUL and other control characters read as U+FFFD, reported (IO004)."""
    if not has_controls(text):
        return text
    controls = Controls()
    text = "\n".join(controls.scrub(line, number) for number, line in enumerate(text.split("\n"), 1))
    findings.extend(f for f in [controls.finding()] if f is not None)
    return text


def _guarded_single(
    read: Callable[[], Record | tuple[Record, list[Finding]]],
) -> Iterator[Read]:
    """One record from a reader of a one-record format; its failure becomes a finding."""
    from kifu.xiangqi.formats.errors import RecordError

    try:
        result = read()
    except RecordError as error:
        record = Record(game="xiangqi", index=1, line=1)
        yield record, [error.finding], None
        return
    if isinstance(result, tuple):
        yield result[0], result[1], None
    else:
        yield result, [], None
