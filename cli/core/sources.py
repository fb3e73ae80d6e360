"""Where records come from: paths, directories, stdin, compressed files; decoding text.

Sources are opened lazily and read as streams so that a gigabyte archive never has to fit in
memory. Decoding is forgiving and says what it did: UTF-8 (with or without BOM) first, and
Latin-1 for the lines that are not UTF-8, reported once per file as an info finding.
"""

from __future__ import annotations

import bz2
import codecs
import fnmatch
import glob
import gzip
import io
import lzma
import os
import re
import shutil
import stat
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, BinaryIO

from kifu.core.findings import (
    IO_BINARY,
    IO_DECOMPRESS,
    IO_LATIN1,
    IO_LIMIT,
    IO_UNREADABLE,
    Finding,
)
from kifu.core.limits import MIB, limits, shown
from kifu.core.paths import GitIgnore, PathPatterns, posix, work_tree
from kifu.core.record import Span

STDIN = "-"
COMPRESSION_SUFFIXES = (".gz", ".bz2", ".xz", ".zst")

_MAGIC = (
    (b"\x1f\x8b", "gz"),
    (b"BZh", "bz2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zst"),
)

#: The exceptions a decompressing stream raises on damaged or truncated data.
DECOMPRESSION_ERRORS: tuple[type[BaseException], ...] = (
    EOFError,
    OSError,
    zlib.error,
    lzma.LZMAError,
    ValueError,
)


class LimitReached(OSError):
    """A compressed stream inflated past the limit (``--max-decompressed``): it ends here.

    An :class:`OSError`, so that every reader's handling of damaged compressed data stops the
    file there; :func:`decompression_finding` gives the right finding for either.
    """


def decompression_finding(path: str, error: BaseException, after: str = "") -> Finding:
    """The finding for a compressed stream that ended early: over the size limit (IO008) or
    damaged (IO002). ``after`` says where (``after line 120``); the records before were read."""
    if isinstance(error, LimitReached):
        return IO_LIMIT(f"{path}: {error}{' ' + after if after else ''}; the records before it were checked")
    return IO_DECOMPRESS(
        f"{path}: compressed data is damaged or truncated{' ' + after if after else ''} ({error}); "
        "the records before it were checked"
    )


class _Capped(io.RawIOBase):
    """A decompressing stream that raises :class:`LimitReached` past ``cap`` bytes (``0``: never)."""

    def __init__(self, inner: BinaryIO, cap: int) -> None:
        self.inner, self.cap, self.seen = inner, cap, 0
        # one step of decompression at a time: the data before damage is not lost with it
        self._read = getattr(inner, "read1", inner.read)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._read(len(buffer))
        self.seen += len(data)
        if self.cap and self.seen > self.cap:
            raise LimitReached(
                f"decompressed data is larger than the limit of {shown(self.cap)} (--max-decompressed)"
            )
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self.inner.close()
        super().close()


class Decompressed(io.BufferedReader):
    """What :func:`open_binary` gives for compressed data: the decompressed bytes, buffered.

    A reader may treat such a stream more warily than a file: its size is not known, and work
    grows with the decompressed size, which a small hostile file can make a thousand times its
    own (see :func:`decompressing`)."""


def decompressing(stream: BinaryIO) -> bool:
    """Whether ``stream`` (from :func:`open_binary`) inflates compressed data."""
    return isinstance(stream, Decompressed)


class SourceError(Exception):
    """A source cannot be read; carries the finding that says why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def display_path(path: str) -> str:
    """``path`` as every output shows it: a name that is not UTF-8 (read by Python with surrogate
    escapes) has its undecodable bytes written ``\\xff``, so that reports stay valid UTF-8."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


@dataclass(frozen=True, slots=True)
class Source:
    """A file (or stdin) to read records from. ``path`` is shown to the user as given.

    ``root`` is the walked root it was found under (the directory of ``-r``, the part of a
    glob before its first wildcard), empty for a path named as it is; ``data``, when given,
    is the content (a record passed as text to the library API) and nothing is opened.
    """

    path: str
    root: str = ""
    data: bytes | None = field(default=None, repr=False, compare=False)

    @property
    def is_stdin(self) -> bool:
        return self.path == STDIN and self.data is None

    @property
    def relative(self) -> str:
        """The path that path patterns match: relative to the walked root, or to the current
        directory for a path named as it is (``/``-separated)."""
        if self.root:
            root = self.root
            prefix = root if root.endswith(os.sep) else root + os.sep
            if self.path.startswith(prefix) and os.path.normpath(root) in (root, root[:-1]):
                rest = self.path[len(prefix) :]  # a file found under the root: what relpath gives
                if rest and os.path.normpath(rest) == rest and not rest.startswith((os.pardir, os.sep)):
                    return posix(rest)
            return posix(os.path.relpath(self.path, self.root))
        if os.path.isabs(self.path):
            relative = os.path.relpath(self.path)
            return posix(self.path if relative.startswith("..") else relative)
        return posix(os.path.normpath(self.path))

    @property
    def name_without_compression(self) -> str:
        """The file name with a compression suffix removed: ``a.pgn.gz`` → ``a.pgn``."""
        name = self.path.lower()
        for suffix in COMPRESSION_SUFFIXES:
            if name.endswith(suffix):
                return name[: -len(suffix)]
        return name

    @property
    def compressed(self) -> bool:
        """Whether the file name has a compression suffix (``.gz``, ``.bz2``, ``.xz``, ``.zst``)."""
        return self.name_without_compression != self.path.lower()

    @property
    def extension(self) -> str:
        """The lower-case extension after removing any compression suffix (``.pgn``)."""
        return os.path.splitext(self.name_without_compression)[1]


def expand_paths(
    paths: Iterable[str],
    *,
    recursive: bool,
    extensions: frozenset[str],
    include: Iterable[str] = (),
    exclude: Iterable[str] = (),
    recognise: Callable[[Source], bool] | None = None,
    respect_gitignore: bool = False,
) -> Iterator[Source | tuple[str, Finding]]:
    """Turn command-line paths into sources, in the order given.

    Directories are walked (sorted, hidden entries skipped) only with ``recursive``; inside
    them, only files whose extension (after a compression suffix) is in ``extensions`` are
    taken, and the other files that ``recognise`` accepts by their content (records are kept in
    ``.txt`` and ``.html`` files too; tool logs beside them are not records). A pattern the
    shell did not expand (``'archive/**/*.pgn'``) is expanded here. In walks and globs alike,
    ``include`` and ``exclude`` (gitignore patterns, :mod:`kifu.core.paths`) narrow the choice,
    matched against the path relative to the walked root, and with ``respect_gitignore`` what
    git ignores is left out. A file named as it is is always taken.

    Walks and ``**`` do not enter symbolic links to directories (so that a link loop cannot make
    them endless). A FIFO, socket or device is never opened (opening a FIFO blocks until another
    program writes to it): named, or met in a walk or a glob under a name that would be taken,
    it is an IO001 finding. A path that cannot be used yields ``(path, finding)``, and so does
    a directory of a walk or a glob that cannot be listed; the other files are still taken.
    """
    chooser = _Chooser(PathPatterns(tuple(include)), PathPatterns(tuple(exclude)), respect_gitignore)
    for path in paths:
        if path == STDIN:
            yield Source(STDIN)
            continue
        try:
            mode = os.stat(path).st_mode
        except OSError as error:
            if glob.has_magic(path):
                yield from _globbed(path, chooser)
            elif isinstance(error, (FileNotFoundError, NotADirectoryError)):
                yield path, IO_UNREADABLE(f"no such file: {path}")
            else:  # a symbolic link loop, a directory on the way that cannot be searched, …
                yield path, IO_UNREADABLE(f"cannot read {path}: {error.strerror}")
            continue
        if stat.S_ISDIR(mode):
            if not recursive:
                yield path, IO_UNREADABLE(f"{path} is a directory; use -r to check the files in it")
                continue
            yield from _walk(path, extensions, chooser, recognise)
        elif stat.S_ISREG(mode):
            yield Source(path)
        else:
            yield path, not_a_file(path, mode)


def not_a_file(path: str, mode: int) -> Finding:
    """The IO001 finding for ``path``, a FIFO, socket or device (``mode``): kifu does not open it."""
    kind = (
        "a FIFO (named pipe)"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "not a regular file"
    )
    return IO_UNREADABLE(
        f"{path} is {kind}, not a file of records: it is not read "
        "(to check records sent through a pipe, give them on standard input: -)"
    )


def _unlistable(directory: str, error: OSError) -> tuple[str, Finding]:
    return directory, IO_UNREADABLE(
        f"cannot read the directory {directory}: {error.strerror}; the files in it are not checked"
    )


def _globbed(pattern: str, chooser: _Chooser) -> Iterator[Source | tuple[str, Finding]]:
    """The files ``pattern`` matches that ``chooser`` takes, sorted, with a finding for each
    matching FIFO, socket, device or broken link and each directory that cannot be listed."""
    matches, failures = _glob(pattern)
    if not matches and not failures:
        yield pattern, IO_UNREADABLE(f"no file matches {pattern}")
        return
    root = _glob_root(pattern)
    items: list[tuple[str, Source | tuple[str, Finding]]] = [(failure[0], failure) for failure in failures]
    for match in matches:
        source = Source(match, root)
        try:
            mode = os.stat(match).st_mode
        except OSError as error:  # a broken link, a link loop
            if chooser.takes(source):
                items.append((match, (match, IO_UNREADABLE(f"cannot read {match}: {error.strerror}"))))
            continue
        if stat.S_ISDIR(mode) or not chooser.takes(source):
            continue
        items.append((match, source if stat.S_ISREG(mode) else (match, not_a_file(match, mode))))
    for _, item in sorted(items, key=lambda pair: pair[0]):
        yield item


_SEPARATORS = re.compile(r"[\\/]" if os.sep == "\\" else "/")


def _glob(pattern: str) -> tuple[set[str], list[tuple[str, Finding]]]:
    """The paths ``pattern`` matches, as ``glob.glob(pattern, recursive=True)`` finds them, and a
    finding for each directory on the way that cannot be listed.

    The difference: ``**`` does not enter symbolic links to directories, as ``-r`` does not and
    as the shells' ``globstar`` does not, so that a link loop (``a -> .``) cannot make the
    expansion endless (``glob`` follows it until the path is too long: 2 ** 40 paths for two
    such links). Wildcards match no hidden name unless the pattern's part starts with ``.``.
    """
    drive, rest = os.path.splitdrive(pattern)
    parts = _SEPARATORS.split(rest)
    start = drive + os.sep if parts[0] == "" and len(parts) > 1 else drive
    directories_only = parts[-1] == ""  # `archive/*/`: directories, which are not taken
    parts = [part for part in parts if part]
    found: set[str] = set()
    failures: list[tuple[str, Finding]] = []
    listed: dict[str, list[os.DirEntry[str]]] = {}

    def entries(directory: str) -> list[os.DirEntry[str]]:
        if directory not in listed:
            try:
                with os.scandir(directory or os.curdir) as iterator:
                    listed[directory] = list(iterator)
            except OSError as error:
                listed[directory] = []
                if not isinstance(error, (FileNotFoundError, NotADirectoryError)):
                    failures.append(_unlistable(directory or os.curdir, error))
        return listed[directory]

    def join(directory: str, name: str) -> str:
        return os.path.join(directory, name) if directory else name

    stack = [(start, 0)]
    seen: set[tuple[str, int]] = set()
    while stack:
        directory, index = stack.pop()
        if (directory, index) in seen:
            continue
        seen.add((directory, index))
        if index == len(parts):
            found.add(directory)
            continue
        part, last = parts[index], index == len(parts) - 1
        if part == "**":
            # zero or more directories, never through a symbolic link
            below = [directory]
            for folder in below:
                for entry in entries(folder):
                    if entry.name.startswith("."):
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        below.append(join(folder, entry.name))
                    elif last:
                        found.add(join(folder, entry.name))
            stack.extend((folder, index + 1) for folder in below)
        elif glob.has_magic(part):
            hidden = part.startswith(".")
            for entry in entries(directory):
                if (hidden or not entry.name.startswith(".")) and fnmatch.fnmatch(entry.name, part):
                    if last and not directories_only:
                        found.add(join(directory, entry.name))
                    elif entry.is_dir():
                        stack.append((join(directory, entry.name), index + 1))
        else:
            path = join(directory, part)
            if last and os.path.lexists(path):
                found.add(path)
            elif not last and os.path.isdir(path):
                stack.append((path, index + 1))
    found.discard(start)
    return found, failures


def _glob_root(pattern: str) -> str:
    """The directory part of ``pattern`` before its first wildcard (``.`` when it starts with one)."""
    parts = pattern.replace(os.sep, "/").split("/")[:-1]
    fixed: list[str] = []
    for part in parts:
        if glob.has_magic(part):
            break
        fixed.append(part)
    if fixed == [""]:
        return "/"
    return "/".join(fixed) or "."


@dataclass(slots=True)
class _Chooser:
    """Which files of walks and globs are taken: include, exclude, and what git ignores."""

    include: PathPatterns
    exclude: PathPatterns
    respect_gitignore: bool
    _git: dict[str, GitIgnore | None] = field(default_factory=dict)

    def git(self, root: str) -> GitIgnore | None:
        if not self.respect_gitignore:
            return None
        if root not in self._git:
            tree = work_tree(root)
            self._git[root] = GitIgnore(tree) if tree is not None else None
        return self._git[root]

    def takes_directory(self, path: str, root: str) -> bool:
        relative = posix(os.path.relpath(path, root))
        if self.exclude.matches(relative, is_dir=True):
            return False
        git = self.git(root)
        return git is None or not git.ignored(path, is_dir=True)

    def takes(self, source: Source) -> bool:
        relative = source.relative
        if self.include and not self.include.matches(relative):
            return False
        if self.exclude.matches(relative):
            return False
        git = self.git(source.root or ".")
        return git is None or not git.ignored(source.path)


def _walk(
    top: str,
    extensions: frozenset[str],
    chooser: _Chooser,
    recognise: Callable[[Source], bool] | None,
) -> Iterator[Source | tuple[str, Finding]]:
    """The files under ``top`` in ``os.walk``'s order (a directory's files, sorted, then each of
    its directories), never through a symbolic link to a directory; a directory that cannot be
    listed, and a FIFO, socket, device or broken link whose name would be taken, are findings.
    A file is taken by its extension or the include patterns, or else by ``recognise``, which
    reads its start: it is never asked about what is not a regular file."""
    pending = [top]
    while pending:
        root = pending.pop()
        try:
            with os.scandir(root) as iterator:
                listing = sorted(iterator, key=lambda entry: entry.name)
        except OSError as error:
            yield _unlistable(root, error)
            continue
        directories: list[str] = []
        for entry in listing:
            if entry.name.startswith("."):
                continue
            path = os.path.join(root, entry.name)
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                if not entry.is_symlink() and chooser.takes_directory(path, top):
                    directories.append(path)
                continue
            source = Source(path, top)
            if not chooser.takes(source):
                continue
            by_name = source.extension in extensions or bool(chooser.include)
            try:
                regular = entry.is_file()
                mode = entry.stat().st_mode
            except OSError as error:  # a broken link, a link loop
                if by_name:
                    yield path, IO_UNREADABLE(f"cannot read {path}: {error.strerror}")
                continue
            if not regular:
                if by_name:
                    yield path, not_a_file(path, mode)
            elif by_name or (recognise is not None and recognise(source)):
                yield source
        pending.extend(reversed(directories))


def open_binary(source: Source) -> BinaryIO:
    """Open ``source`` for reading bytes, decompressing by magic number (not by name).

    Raises :class:`SourceError` when the file cannot be opened.
    """
    try:
        if source.data is not None:
            stream: io.BufferedReader = io.BufferedReader(io.BytesIO(source.data))
        elif source.is_stdin:
            stream = io.BufferedReader(_stdin_copy())
        else:
            stream = _open_file(source.path)
    except OSError as error:
        raise SourceError(IO_UNREADABLE(f"cannot open {source.path}: {error.strerror}")) from None
    head = stream.peek(8)[:8]
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            inflating = _decompressor(kind, stream, source)
            return Decompressed(_Capped(inflating, limits().decompressed), 1 << 16)
    return stream


#: opening a FIFO for reading blocks until a program opens it for writing; without blocking,
#: the open returns at once, and :func:`_open_file` refuses what is not a regular file
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _open_file(path: str) -> io.BufferedReader:
    """``path`` opened for reading bytes if it is a regular file, else :class:`SourceError`.

    The type is told from the open file itself (``fstat``), so that a FIFO put in the place of a
    file after the walk looked at it is refused too, and never waited on.
    """
    handle = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise SourceError(IO_UNREADABLE(f"{path} is a directory; use -r to check the files in it"))
        if not stat.S_ISREG(mode):
            raise SourceError(not_a_file(path, mode))
        if _NONBLOCK:
            os.set_blocking(handle, True)
        return open(handle, "rb", closefd=True)
    except BaseException:
        os.close(handle)
        raise


_STDIN_SPOOL: dict[int, IO[bytes]] = {}


def _stdin_copy() -> io.RawIOBase:
    """A reader of standard input from its start: detection and reading both need it.

    Standard input is copied once into a spooled temporary file (in memory up to 8 MiB, on disk
    beyond), so that a large stream is not held in memory. Keyed by the stream object, so that
    a program (or a test) that replaces ``sys.stdin`` between two checks reads the new stream.
    """
    key = id(sys.stdin)
    spool = _STDIN_SPOOL.get(key)
    if spool is None:
        for old in _STDIN_SPOOL.values():
            old.close()
        _STDIN_SPOOL.clear()
        import tempfile  # (only for standard input: it costs every start otherwise)

        spool = _STDIN_SPOOL[key] = tempfile.SpooledTemporaryFile(max_size=8 * MIB)  # noqa: SIM115
        shutil.copyfileobj(sys.stdin.buffer, spool, 1 << 20)
    return _Unclosed(spool)


class _Unclosed(io.RawIOBase):
    """A view of the spooled standard input, from its start, with a position of its own; closing
    it does not close the spool (standard input is read again by the next view)."""

    def __init__(self, spool: IO[bytes]) -> None:
        self.spool, self.position = spool, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        self.spool.seek(self.position)
        data = self.spool.read(len(buffer))
        self.position += len(data)
        buffer[: len(data)] = data
        return len(data)


def _decompressor(kind: str, raw: BinaryIO, source: Source) -> BinaryIO:
    if kind == "gz":
        return gzip.GzipFile(fileobj=raw)  # type: ignore[return-value]
    if kind == "bz2":
        return bz2.BZ2File(raw)  # type: ignore[return-value]
    if kind == "xz":
        return lzma.LZMAFile(raw)  # type: ignore[return-value]
    try:
        import zstandard  # optional extra: kifu[zstd]
    except ImportError:
        raise SourceError(
            IO_DECOMPRESS(
                f"{source.path} is zstd-compressed; install the zstd extra "
                "(pip install 'kifu[zstd]') to read it"
            )
        ) from None
    # the zstd reader has no line iteration nor peek: buffer it like the others
    return io.BufferedReader(zstandard.ZstdDecompressor().stream_reader(raw))  # type: ignore[arg-type,return-value,unused-ignore]


def read_bytes(source: Source) -> bytes:
    """All bytes of ``source``, decompressed. Raises :class:`SourceError`."""
    with open_binary(source) as stream:
        try:
            return stream.read()
        except DECOMPRESSION_ERRORS as error:
            raise SourceError(
                IO_DECOMPRESS(f"{source.path}: compressed data is damaged or truncated ({error})")
            ) from None


@dataclass(slots=True)
class Controls:
    """NUL and other C0 control characters (tab, CR, LF, FF and VT aside) met in the lines of a
    text: each is read as U+FFFD, and they are reported once (IO004) with the first one's line
    and column, since a text record never contains them."""

    lines: int = 0
    first_line: int = 0
    first_column: int = 0

    def scrub(self, text: str, number: int) -> str:
        """Line ``number`` (1-based) of the text with its control characters as U+FFFD."""
        if _CONTROL.isdisjoint(text):
            return text
        self.lines += 1
        if not self.first_line:
            self.first_line = number
            self.first_column = next(i for i, ch in enumerate(text, 1) if ch in _CONTROL)
        return "".join("\ufffd" if ch in _CONTROL else ch for ch in text)

    def finding(self) -> Finding | None:
        """The IO004 finding about what :meth:`scrub` replaced, or ``None``."""
        if not self.lines:
            return None
        return IO_BINARY(
            f"binary data (NUL or control bytes) on {self.lines} line(s), the "
            f"first at line {self.first_line}, column {self.first_column}",
            Span.point(self.first_line, self.first_column),
        )


@dataclass(slots=True)
class LineDecoder:
    """Decodes a byte stream line by line, noting what it had to do.

    Without an ``encoding``, UTF-8 is tried first (a leading BOM is dropped); a line that is not
    UTF-8 is read as Latin-1. With one (a codec in which the byte ``\\n`` is only ever a line
    break: UTF-8, GB18030, Big5 …, not UTF-16), every line is decoded with it as it comes,
    undecodable bytes replaced by U+FFFD, and nothing is dropped: the caller chose the codec.
    NUL bytes and other C0 controls (except tab, CR, LF, FF, VT) are replaced by U+FFFD and
    reported (:class:`Controls`): a text record never contains them.
    """

    encoding: str | None = None
    latin1_lines: int = 0
    first_latin1_line: int = 0
    controls: Controls = field(default_factory=Controls)
    findings: list[Finding] = field(default_factory=list)

    def lines(
        self, stream: BinaryIO, path: str, longest: int | None = None, *, blank_runs: bool = False
    ) -> Iterator[str]:
        """Yield the lines of ``stream`` without line terminators.

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
        number = 0
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
                        yield "\n" * more
                        continue
                    blank = True
                else:
                    blank = False
            except DECOMPRESSION_ERRORS as error:
                self.findings.append(decompression_finding(path, error, f"after line {number}"))
                break
            yield self.decode_line(raw, number)
        self.finish(path)

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
                text = raw.decode("latin-1")
                self.latin1_lines += 1
                if not self.first_latin1_line:
                    self.first_latin1_line = number
            if len(raw.translate(None, _CONTROL_BYTES)) == len(raw):
                # UTF-8 and Latin-1 write a control character as its own byte, and no other
                # character has one below 0x20: a test of the bytes is four times faster
                return text.rstrip("\r\n")
        return self.controls.scrub(text.rstrip("\r\n"), number)

    def finish(self, path: str) -> None:
        """Turn what was noticed into findings (called at the end of :meth:`lines`)."""
        if self.latin1_lines:
            self.findings.append(
                IO_LATIN1(
                    f"{self.latin1_lines} line(s) are not UTF-8, the first at line "
                    f"{self.first_latin1_line}; read them as Latin-1 (ISO-8859-1)",
                    Span.point(self.first_latin1_line, 1),
                )
            )
        controls = self.controls.finding()
        if controls is not None:
            self.findings.append(controls)


_CONTROL = frozenset(chr(c) for c in range(32)) - set("\t\r\n\f\v")
_CONTROL_BYTES = "".join(sorted(_CONTROL)).encode("ascii")
_BLANK_RUN = re.compile(rb"(?:\r?\n)+")


def has_controls(text: str) -> bool:
    """Whether ``text`` holds a character that :class:`Controls` replaces."""
    return not _CONTROL.isdisjoint(text)


def decode_text(data: bytes, encodings: Iterable[str] = ()) -> tuple[str, str]:
    """Decode a whole document: BOMs first, then ``encodings`` in order, then UTF-8, then Latin-1.

    Returns the text and the name of the encoding used.
    """
    for bom, name in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(name), name.replace("-sig", "")
            except UnicodeDecodeError:
                break
    for name in (*encodings, "utf-8"):
        try:
            return data.decode(name), name
        except (UnicodeDecodeError, LookupError):
            continue
    return data.decode("latin-1"), "latin-1"


def wide_encoding(head: bytes) -> str | None:
    """``utf-16`` for a BOM of UTF-16, ``utf-16-le``/``-be`` for BOM-less UTF-16 of mostly ASCII
    text (every other byte NUL, never both of a pair), else ``None``: the one test every game's
    decoding starts with (each game then tries its own charsets)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    sample = head[:400]
    if len(sample) >= 4:
        odd, even = sample[1::2].count(0), sample[0::2].count(0)
        if odd > len(sample) // 4 and even == 0:
            return "utf-16-le"
        if even > len(sample) // 4 and odd == 0:
            return "utf-16-be"
    return None


def looks_binary(head: bytes) -> bool:
    """Many NUL or other control bytes: not a text record (a stray one is reported by the reader).

    UTF-16 text has NULs too: with a BOM, or (mostly ASCII, as game records are) with every
    other byte NUL, and never both bytes of a pair.
    """
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    even, odd = head[0::2].count(0), head[1::2].count(0)
    if min(even, odd) == 0 and max(even, odd) * 3 >= len(head) // 2 > 0:
        return False
    controls = len(head) - len(head.translate(None, _CONTROLS))  # counted in C, not byte by byte
    return controls > len(head) // 100 + 1


#: the control bytes that text does not hold (tab, line feed, form feed, carriage return do)
_CONTROLS = bytes(byte for byte in range(32) if byte not in (9, 10, 12, 13))


def sniff_head(source: Source, size: int = 8192) -> bytes:
    """The first ``size`` decompressed bytes of ``source`` (for format detection)."""
    with open_binary(source) as stream:
        try:
            return stream.read(size)
        except DECOMPRESSION_ERRORS:
            return b""
