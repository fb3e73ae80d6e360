"""Where records come from: paths, directories, stdin, compressed files; decoding text.

Sources are opened lazily and read as streams so that a gigabyte archive never has to fit in
memory. Decoding is forgiving and says what it did: UTF-8 (with or without BOM) first, and
Latin-1 for the lines that are not UTF-8, reported once per file as an info finding.
"""

from __future__ import annotations

import bz2
import contextlib
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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, BinaryIO

from kifu.core.findings import IO_DECOMPRESS, IO_LIMIT, IO_UNREADABLE, Finding
from kifu.core.limits import MIB, limits, shown
from kifu.core.lines import DECOMPRESSION_ERRORS
from kifu.core.paths import Anchored, GitIgnore, Group, inside, posix, work_tree

STDIN = "-"
COMPRESSION_SUFFIXES = (".gz", ".bz2", ".xz", ".zst")

_MAGIC = ((b"\x1f\x8b", "gz"), (b"BZh", "bz2"), (b"\xfd7zXZ\x00", "xz"), (b"\x28\xb5\x2f\xfd", "zst"))


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

    ``root`` is the walked root it was found under (a directory walked, the part of a
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
        """The path that per-file patterns are given (:class:`~kifu.core.paths.Anchored` anchors
        it): relative to the current directory, ``/``-separated; absolute outside it."""
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


#: the bytes :func:`read_head` reads: enough to tell a file's encoding, bounded for a large file
HEAD = 256 * 1024


def read_head(path: str) -> bytes | None:
    """The first :data:`HEAD` bytes of the file at ``path`` (all of a shorter file; fewer than
    ``HEAD`` means the whole file), or ``None`` when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read(HEAD)
    except OSError:
        return None


def expand_paths(
    paths: Iterable[str],
    *,
    recursive: bool,
    extensions: frozenset[str],
    include: Iterable[str] = (),
    exclude: Iterable[str] = (),
    recognise: Callable[[Source], bool] | None = None,
    respect_gitignore: bool = False,
    missing: Callable[[str, str], None] | None = None,
    choosing: Callable[[str], Choice | None] | None = None,
    force_exclude: bool = False,
) -> Iterator[Source | tuple[str, Finding]]:
    """Turn command-line paths into sources, in the order given.

    Directories are walked (sorted, hidden entries skipped) only with ``recursive``; inside
    them, only files whose extension (after a compression suffix) is in ``extensions`` are
    taken, and the other files that ``recognise`` accepts by their content (records are kept in
    ``.txt`` and ``.html`` files too; tool logs beside them are not records). A pattern the
    shell did not expand (``'archive/**/*.pgn'``) is expanded here. In walks and globs alike,
    ``include`` and ``exclude`` (gitignore patterns, :mod:`kifu.core.paths`, anchored at the
    working directory) narrow the choice, and with ``respect_gitignore`` what git ignores is left
    out. A path named as it is is always taken, unless ``force_exclude``: then a file or folder
    that the exclude patterns of its folder match (or of a folder above it, within their anchor)
    is left out, as in a walk.

    Walks and ``**`` do not enter symbolic links to directories (so that a link loop cannot make
    them endless). Walks and globs take no file through a symbolic link that leads out of the
    walked root (as git does not: a stranger's folder could hold ``n.pgn -> ~/.netrc``); such a
    link under a name that would be taken is an IO001 finding that says so, and where it leads
    is not looked at. A link inside the root is followed, and a path named as it is, a link or
    not, is the user's choice: it is read. A FIFO, socket or device is never opened (opening a
    FIFO blocks until another program writes to it): named, or met in a walk or a glob under a
    name that would be taken, it is an IO001 finding. A path that cannot be used yields
    ``(path, finding)``, and so does a directory of a walk or a glob that cannot be listed; the
    other files are still taken.
    With ``missing``, a path that does not exist and a glob that matches nothing are told to it
    as ``(path, message)`` (a command makes them a usage error) instead of IO001 findings.
    With ``choosing``, every directory whose entries are judged (walked, holding a glob's match or
    a named path) gets its :class:`Choice` from it (``None``: ``include``, ``exclude`` and
    ``respect_gitignore``), for its entries and the directories below it.
    """
    cwd: tuple[Group, ...] = (("", tuple(include)),)
    chooser = _Chooser(Anchored(cwd), Anchored((("", tuple(exclude)),)), respect_gitignore)
    choosers = _Choosers(chooser, choosing)
    for path in paths:
        if path == STDIN:
            yield Source(STDIN)
            continue
        if force_exclude and choosers.excluded(path):
            continue
        try:
            mode = os.stat(path).st_mode
        except OSError as error:
            if glob.has_magic(path):
                yield from _globbed(path, choosers, missing)
            elif isinstance(error, (FileNotFoundError, NotADirectoryError)):
                if missing is not None:
                    missing(path, f"no such file or directory: {path}")
                else:
                    yield path, IO_UNREADABLE(f"no such file: {path}")
            else:  # a symbolic link loop, a directory on the way that cannot be searched, …
                yield path, IO_UNREADABLE(f"cannot read {path}: {error.strerror}")
            continue
        if stat.S_ISDIR(mode):
            if not recursive:
                yield path, IO_UNREADABLE(f"{path} is a directory, not a file of records")
                continue
            yield from _walk(path, extensions, choosers, recognise)
        elif stat.S_ISREG(mode):
            yield Source(path)
        else:
            yield path, not_a_file(path, mode)


def walked_root(path: str) -> str:
    """The directory whose configuration chooses the files of ``path`` as given: a directory
    itself, a file's directory, the part of a glob before its first wildcard; standard input
    and a path that does not exist: the current directory."""
    if path == STDIN:
        return os.curdir
    if os.path.isdir(path):
        return path
    if not os.path.lexists(path) and glob.has_magic(path):
        return _glob_root(path)
    return os.path.dirname(path) or os.curdir


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


def _globbed(
    pattern: str, choosers: _Choosers, missing: Callable[[str, str], None] | None = None
) -> Iterator[Source | tuple[str, Finding]]:
    """The files ``pattern`` matches that the chooser of their folder takes, sorted, with a finding
    for each matching FIFO, socket, device or broken link and each directory that cannot be listed."""
    matches, failures = _glob(pattern)
    if not matches and not failures:
        if missing is not None:
            missing(pattern, f"no file matches {pattern}")
        else:
            yield pattern, IO_UNREADABLE(f"no file matches {pattern}")
        return
    root = _glob_root(pattern)
    tree = _Tree(root)
    items: list[tuple[str, Source | tuple[str, Finding]]] = [(failure[0], failure) for failure in failures]
    for match in matches:
        source = Source(match, root)
        chooser = choosers.of(os.path.dirname(match) or os.curdir)
        if not tree.holds_found(match):  # (before a stat, which would say what it leads to)
            if chooser.takes(source):
                items.append((match, _link_out(match, root, "the folder of the glob")))
            continue
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


class _Tree:
    """The real place of a walked root, asked once a symbolic link is met under it: whether a
    path found under the root is in it (a link out of it is not followed, as git does not)."""

    __slots__ = ("_dirs", "_real", "root")

    def __init__(self, root: str) -> None:
        self.root = root
        self._real: str | None = None
        self._dirs: dict[str, bool] = {}

    def holds(self, path: str) -> bool:
        """Whether the real place of ``path`` (every link on the way followed) is in the root."""
        if self._real is None:
            self._real = os.path.realpath(self.root)
        return inside(os.path.realpath(path), self._real)

    def holds_found(self, path: str) -> bool:
        """:meth:`holds` for a path a glob found: its directory (a wildcard may have gone through
        a link to a directory) and the path itself, when it is a link."""
        directory = os.path.dirname(path) or os.curdir
        known = self._dirs.get(directory)
        if known is None:
            known = self._dirs[directory] = self.holds(directory)
        return known and (not os.path.islink(path) or self.holds(path))


def _link_out(path: str, root: str, what: str) -> tuple[str, Finding]:
    """The IO001 finding for ``path``, a symbolic link out of ``root``: not read, nor looked at."""
    return path, IO_UNREADABLE(
        f"{path} is a symbolic link that leads out of {root} ({what}): it is not read "
        "(name it on the command line to check the file it leads to)"
    )


def _is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False


@dataclass(frozen=True, slots=True)
class Choice:
    """What chooses the entries of a directory: gitignore patterns, each group anchored at its
    folder (:data:`~kifu.core.paths.Group`), and whether what git ignores is left out."""

    include: tuple[Group, ...]
    exclude: tuple[Group, ...]
    respect_gitignore: bool


@dataclass(slots=True)
class _Chooser:
    """Which files of walks and globs are taken: include, exclude, and what git ignores."""

    include: Anchored
    exclude: Anchored
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
        """Whether the directory ``path``, found in a walk of ``root``, is walked."""
        if self.exclude.matches(path, is_dir=True, floor=root):
            return False
        git = self.git(root)
        return git is None or not git.ignored(path, is_dir=True)

    def takes(self, source: Source) -> bool:
        """Whether ``source``, found in a walk or a glob (of ``source.root``), is taken."""
        if self.include and not self.include.matches(source.path):
            return False
        if self.exclude.matches(source.path, floor=source.root or None):
            return False
        git = self.git(source.root or ".")
        return git is None or not git.ignored(source.path)


class _Choosers:
    """The chooser of each directory: its :class:`Choice` (``choosing``), else ``default``."""

    def __init__(self, default: _Chooser, choosing: Callable[[str], Choice | None] | None) -> None:
        self.default = default
        self.choosing = choosing
        self._made: dict[Choice, _Chooser] = {}

    def of(self, directory: str) -> _Chooser:
        choice = self.choosing(directory) if self.choosing is not None else None
        if choice is None:
            return self.default
        if choice not in self._made:
            self._made[choice] = _Chooser(
                Anchored(choice.include), Anchored(choice.exclude), choice.respect_gitignore
            )
        return self._made[choice]

    def excluded(self, path: str) -> bool:
        """Whether a path named as it is is excluded (``force_exclude``): it, by its folder's
        exclude patterns, or a folder above it up to the repository root, by the patterns of the
        folder above that, anchored above it (as a walk from there would leave it out)."""
        current = os.path.abspath(path)
        is_dir, inside_only = os.path.isdir(current), False
        while True:
            parent = os.path.dirname(current)
            if parent == current:
                return False
            if self.of(parent).exclude.matches(current, is_dir=is_dir, inside_only=inside_only):
                return True
            if os.path.lexists(os.path.join(parent, ".git")):  # (configuration stops there too)
                return False
            current, is_dir, inside_only = parent, True, True


def _walk(
    top: str, extensions: frozenset[str], choosers: _Choosers, recognise: Callable[[Source], bool] | None
) -> Iterator[Source | tuple[str, Finding]]:
    """The files under ``top`` in ``os.walk``'s order (a directory's files, sorted, then each of
    its directories), never through a symbolic link to a directory nor a link that leads out of
    ``top``; a directory that cannot be listed, and a FIFO, socket, device, broken link or link
    out of ``top`` whose name would be taken, are findings.
    A file is taken by its extension or the include patterns, or else by ``recognise``, which
    reads its start: it is never asked about what is not a regular file. ``choosers`` gives
    each directory's chooser (:func:`expand_paths`)."""
    pending = [top]
    tree = _Tree(top)
    while pending:
        root = pending.pop()
        chooser = choosers.of(root)
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
            if _is_link(entry) and not tree.holds(path):  # (before is_dir, which looks where it leads)
                source = Source(path, top)
                if chooser.takes(source) and (source.extension in extensions or bool(chooser.include)):
                    yield _link_out(path, top, "the folder walked")
                continue
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
    kept = _taken_head(source)
    if kept is not None:
        return io.BufferedReader(io.BytesIO(kept))
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
            raise SourceError(IO_UNREADABLE(f"{path} is a directory, not a file of records"))
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
        _close_spools()
        import atexit
        import tempfile  # (only for standard input: it costs every start otherwise)

        # closed at exit: the interpreter's teardown would collect an open one, whose warning
        # goes through a module already gone (an "Exception ignored" on every `kifu check -`)
        atexit.unregister(_close_spools)
        atexit.register(_close_spools)
        spool = _STDIN_SPOOL[key] = tempfile.SpooledTemporaryFile(max_size=8 * MIB)  # noqa: SIM115
        shutil.copyfileobj(sys.stdin.buffer, spool, 1 << 20)
    return _Unclosed(spool)


def _close_spools() -> None:
    for spool in _STDIN_SPOOL.values():
        spool.close()
    _STDIN_SPOOL.clear()


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
    """The first ``size`` decompressed bytes of ``source`` (for format detection).

    When they are the whole of a file on disk, not compressed, they are kept for the next
    :func:`open_binary` of the same path (:func:`_taken_head`): the reader then does not open
    and read the file again."""
    with open_binary(source) as stream:
        try:
            head = stream.read(size)
        except DECOMPRESSION_ERRORS:
            return b""
        if len(head) < size and not decompressing(stream) and _on_disk(source):
            with contextlib.suppress(OSError, io.UnsupportedOperation):  # (a head taken from here)
                _keep_head(source.path, _identity(os.fstat(stream.fileno())), head)
    return head


#: the whole content of small files read by :func:`sniff_head`, by path, with the identity of
#: the file then: a file's detection and its reading are one read (a Go archive is thousands of
#: files of a few KiB). Each is taken once, and only while the file is unchanged; the oldest go
#: first past :data:`KEPT_HEADS` (a batch plans a group of small files before it reads them)
_HEADS: dict[str, tuple[tuple[int, ...], bytes]] = {}
KEPT_HEADS = 512


def _on_disk(source: Source) -> bool:
    return source.data is None and not source.is_stdin


def _identity(status: os.stat_result) -> tuple[int, ...]:
    """What changes when a file is replaced or written to."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def _keep_head(path: str, identity: tuple[int, ...], head: bytes) -> None:
    _HEADS.pop(path, None)
    _HEADS[path] = (identity, head)
    while len(_HEADS) > KEPT_HEADS:
        del _HEADS[next(iter(_HEADS))]


def _taken_head(source: Source) -> bytes | None:
    """The whole content of ``source`` as :func:`sniff_head` kept it, if the file is still the
    same regular file (one ``stat``), else ``None``; taken, so never given twice."""
    if not _HEADS or not _on_disk(source):
        return None
    kept = _HEADS.pop(source.path, None)
    if kept is None:
        return None
    try:
        status = os.stat(source.path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode) or _identity(status) != kept[0]:
        return None
    return kept[1]
