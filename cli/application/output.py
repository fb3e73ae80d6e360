"""The one way kifu writes an output: :func:`output_stream` (and, for bytes, :func:`write_output`
and :func:`write_stdout`), behind every ``-o``, ``convert --in-place`` and standard output.

A file is written to a temporary file in its directory, renamed over it once whole, so that it
is never seen half-written; the temporary file is removed if the write fails, if the block that
writes it raises, and if a signal that ends the process (SIGHUP, SIGINT, SIGQUIT, SIGTERM …)
comes meanwhile. The path must name a regular file or nothing:

- a symbolic link there is refused, never written through nor replaced; only ``--in-place``
  (``in_place``) resolves it, to replace the input the user named, where it is;
- a FIFO, a socket, a block device or a directory is refused: opening a FIFO waits for a reader
  (one who can put a FIFO where kifu writes could stop it), and a rename would put a regular
  file in its place. A character device named as such (``/dev/null``, a terminal: the user's
  own choice, without content to keep whole) is written to as it is;
- an existing file keeps its mode and owner, as the shell's ``>`` keeps them; a new one has the
  mode ``open()`` gives (``0o666`` less the umask);
- a file with several hard links is refused (see :func:`_existing`).

``-`` and ``/dev/stdout`` name standard output. Every write, to a file or to standard output, is
whole or an :class:`OutputError` (one line, naming the path): a full disk, a file-size limit
(``ulimit -f``; SIGXFSZ is ignored while writing, so the write fails with EFBIG rather than kill
kifu) or a short write, which Python's unbuffered standard output (``python -u``,
``PYTHONUNBUFFERED``) would drop without a word.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import IO, TYPE_CHECKING, Any

from kifu.core.escape import terminal

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

#: the names of standard output as an output path
STDOUT_NAMES = frozenset({"-", "/dev/stdout"})

#: the signals that end a process by default and that it can catch while it runs on; not the
#: faults of the running code itself (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS),
#: after which it cannot run on, nor SIGKILL; SIGPIPE and SIGXFSZ are ignored (Python's default)
_ENDING: tuple[int, ...] = tuple(
    getattr(signal, name)
    for name in (
        *("SIGHUP", "SIGINT", "SIGQUIT", "SIGTERM", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGPIPE"),
        *("SIGVTALRM", "SIGPROF", "SIGXCPU", "SIGPOLL", "SIGPWR", "SIGSTKFLT"),
    )
    if hasattr(signal, name)
) + (tuple(range(signal.SIGRTMIN, signal.SIGRTMAX + 1)) if hasattr(signal, "SIGRTMIN") else ())

#: (os.O_NOFOLLOW and os.O_NONBLOCK are POSIX's)
_DEVICE_FLAGS = os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)


class OutputError(Exception):
    """An output cannot be written (a refused path, a full disk, a file-size limit, a short
    write); the message, one line with the path terminal-safe, says which and why."""


def is_stdout(path: str | None) -> bool:
    """Whether the output path ``path`` means standard output (``None``, ``-``, ``/dev/stdout``)."""
    return path is None or path in STDOUT_NAMES


@contextlib.contextmanager
def output_stream(path: str | None, *, binary: bool = False, in_place: bool = False) -> Iterator[IO[Any]]:
    """A stream (text in UTF-8, or ``binary``) whose content replaces the file ``path`` when the
    block ends normally, as the module says; standard output if :func:`is_stdout`. ``in_place``:
    ``path`` is an input replaced by ``--in-place`` (a link at it resolved, the file replaced where
    it is). Raises :class:`OutputError`, with nothing left behind and ``path`` untouched."""
    with _file_size_errors():
        if is_stdout(path) and not in_place:
            with _stdout(binary) as stream:
                yield stream
        else:
            assert path is not None
            with _file(path, binary, in_place) as stream:
                yield stream


def write_output(path: str | None, data: bytes, *, in_place: bool = False) -> None:
    """Write ``data`` as :func:`output_stream` writes it; raises :class:`OutputError`."""
    with output_stream(path, binary=True, in_place=in_place) as stream:
        stream.write(data)


def write_stdout(data: bytes) -> None:
    """Write ``data`` to standard output now; raises :class:`OutputError`.

    A closed pipe (EPIPE) is left to the caller's usual handling (a quiet end).
    """
    write_output(None, data)


def flush_stdout() -> None:
    """Flush standard output; a write error is an :class:`OutputError`."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        _silence_stdout()
        raise OutputError(f"cannot write the output: {error.strerror or error}") from None


class _Whole(io.RawIOBase):
    """A file descriptor that writes all it is given or raises :class:`OutputError`: where
    ``os.write`` writes less (a file reaching its size limit), the rest is written again, and
    that fails with the reason (EFBIG). Once failed, it takes what comes and writes nothing, so
    that what a buffer still holds goes nowhere when it is closed."""

    def __init__(self, descriptor: int, shown: str, *, owned: bool) -> None:
        super().__init__()
        self.descriptor, self.shown, self.owned = descriptor, shown, owned
        self.failed = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.descriptor

    def isatty(self) -> bool:
        return os.isatty(self.descriptor)

    def write(self, data: ReadableBuffer) -> int:
        view = memoryview(data).cast("B")
        size = len(view)
        if self.failed:
            return size
        try:
            while view:
                written = os.write(self.descriptor, view[: 1 << 20])
                if written == 0:
                    raise OSError(0, "nothing written (a short write)")
                view = view[written:]
        except BrokenPipeError:
            self.failed = True
            raise
        except OSError as error:
            self.failed = True
            raise OutputError(f"cannot write {self.shown}: {error.strerror or error}") from None
        return size

    def close(self) -> None:
        if not self.closed and self.owned:
            os.close(self.descriptor)
        super().close()


def _closed(stream: IO[Any], raw: _Whole, *, discard: bool) -> None:
    """Close ``stream`` over ``raw``; ``discard``: what its buffers still hold is not written."""
    if discard:
        raw.failed = True
    with contextlib.suppress(OSError, OutputError, ValueError):
        stream.close()
    raw.close()


def _layered(raw: _Whole, binary: bool, *, buffered: bool = True, **text: Any) -> IO[Any]:
    """``raw`` behind a buffer (unless not ``buffered``) and, unless ``binary``, a text layer."""
    stream: IO[Any] = io.BufferedWriter(raw) if buffered else raw  # type: ignore[assignment]
    return stream if binary else io.TextIOWrapper(stream, **text)


@contextlib.contextmanager
def _stdout(binary: bool) -> Iterator[IO[Any]]:
    """Standard output as a stream of its own over file descriptor 1, buffered as
    ``sys.stdout`` is (or not, with ``python -u``), in its encoding; flushed at the end."""
    flush_stdout()  # what was printed before comes first
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's capture)
        yield sys.stdout.buffer if binary else sys.stdout
        flush_stdout()
        return
    buffered = not isinstance(sys.stdout.buffer, io.RawIOBase)
    raw = _Whole(descriptor, "the output", owned=False)
    stream = _layered(
        raw,
        binary,
        buffered=buffered,
        encoding=sys.stdout.encoding,
        errors=sys.stdout.errors,
        line_buffering=sys.stdout.line_buffering,
        write_through=not buffered,
    )
    try:
        yield stream
        stream.flush()
    except OutputError:
        _silence_stdout()
        raise
    finally:  # what was written before an exception still goes out, as through sys.stdout
        _closed(stream, raw, discard=False)


def _silence_stdout() -> None:
    """Point standard output at the null device: what ``sys.stdout`` still holds cannot be
    written, nor should the flush at exit fail on it again, noisily."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


@contextlib.contextmanager
def _file(path: str, binary: bool, in_place: bool) -> Iterator[IO[Any]]:
    """The stream of :func:`output_stream` on the file ``path``."""
    shown = terminal(path, one_line=True)
    target = os.path.realpath(path) if in_place else os.path.abspath(path)
    status = _existing(target, shown, in_place)
    if status is not None and stat.S_ISCHR(status.st_mode):
        with _device(target, shown, binary) as stream:
            yield stream
        return
    made: list[str] = []
    folder = os.path.dirname(target)
    with _removed_on_signal(made):
        with _deferred():  # (a signal between the two would leave the file unknown)
            try:
                handle, temporary = tempfile.mkstemp(prefix=".kifu-", suffix=".tmp", dir=folder)
            except OSError as error:
                raise _cannot(shown, error) from None
            made.append(temporary)

        def finish() -> None:
            try:
                os.fsync(handle)
                _finish(temporary, target, status)
            except OSError as error:
                raise _cannot(shown, error) from None

        try:
            with _written(handle, shown, binary, finish) as stream:
                yield stream
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        finally:
            made.clear()


def _existing(target: str, shown: str, in_place: bool) -> os.stat_result | None:
    """The status of the file at ``target`` (``None``: there is none), or the
    :class:`OutputError` that refuses it.

    A file with several hard links is refused, for ``-o`` and ``--in-place`` alike: its
    replacement (a new file) would be seen under this name only, the other names keeping the old
    content, and writing into the file itself, as the shell's ``>`` does, would give up the
    promise that kifu never leaves a file half-written (a full disk, ``ulimit -f`` or Ctrl-C
    meanwhile would leave a record truncated under every name). The user chooses: another output,
    or kifu's output copied over the file.
    """
    try:
        status = os.lstat(target)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _cannot(shown, error) from None
    mode = status.st_mode
    if stat.S_ISLNK(mode):  # (``--in-place`` resolved it: a loop of links)
        raise OutputError(
            f"{shown} is a symbolic link: kifu does not write through it (remove it, or name another output)"
        )
    if stat.S_ISCHR(mode) and not in_place:
        return status
    if stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {shown}: Is a directory")
    if not stat.S_ISREG(mode):
        kind = "a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise OutputError(f"{shown} is not a regular file but {kind}: kifu writes only regular files")
    if status.st_nlink > 1:
        what, how = "kifu", "remove it, or name another output"
        if in_place:
            what, how = "--in-place", "convert with -o, then copy the result over it"
        raise OutputError(
            f"{shown} has {status.st_nlink} hard links: {what} would break them (it replaces the file "
            f"by a new one); {how}"
        )
    return status


@contextlib.contextmanager
def _device(target: str, shown: str, binary: bool) -> Iterator[IO[Any]]:
    """The stream of :func:`output_stream` on the character device ``target``, written as it is."""
    try:
        # not waiting, not following a link: what now is at the path may not be what was
        # looked at (a FIFO would wait for a reader; anything but a character device is refused)
        handle = os.open(target, _DEVICE_FLAGS | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise _cannot(shown, error) from None
    try:
        if not stat.S_ISCHR(os.fstat(handle).st_mode):
            raise OutputError(f"{shown} is not a regular file: kifu writes only regular files")
        os.set_blocking(handle, True)
    except BaseException:
        os.close(handle)
        raise
    with _written(handle, shown, binary) as stream:
        yield stream


@contextlib.contextmanager
def _written(
    handle: int, shown: str, binary: bool, finish: Callable[[], None] | None = None
) -> Iterator[IO[Any]]:
    """A UTF-8 text (or ``binary``) stream on the file descriptor ``handle``, which it closes;
    ``finish`` runs after its last flush (a temporary file's rename). When the block or
    ``finish`` fails, what the buffers still hold is not written."""
    raw = _Whole(handle, shown, owned=True)
    stream = _layered(raw, binary, encoding="utf-8", newline="")
    done = False
    try:
        yield stream
        stream.flush()
        if finish is not None:
            finish()
        done = True
    finally:
        _closed(stream, raw, discard=not done)


def _cannot(shown: str, error: OSError) -> OutputError:
    return OutputError(f"cannot write {shown}: {error.strerror or error}")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _finish(temporary: str, target: str, status: os.stat_result | None) -> None:
    """Give the written ``temporary`` the mode and owner of the file it replaces (``status``) or
    a new file's mode, and rename it over ``target``."""
    if status is None:
        os.chmod(temporary, 0o666 & ~_umask())
    else:
        mode = stat.S_IMODE(status.st_mode)
        try:
            os.chown(temporary, status.st_uid, status.st_gid)
        except PermissionError:  # only root may give a file away: the file stays the user's,
            mode &= ~(stat.S_ISUID | stat.S_ISGID)  # without the set-ID bits another's had
        os.chmod(temporary, mode)
    os.replace(temporary, target)


@contextlib.contextmanager
def _file_size_errors() -> Iterator[None]:
    """While inside, SIGXFSZ is ignored: a write past ``ulimit -f`` fails with EFBIG (an
    :class:`OutputError`), rather than kill kifu. (Python ignores it already; an embedding
    program may not.)"""
    if not hasattr(signal, "SIGXFSZ") or threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        yield
    finally:
        if saved is not None:
            signal.signal(signal.SIGXFSZ, saved)


@contextlib.contextmanager
def _deferred() -> Iterator[None]:
    """While inside, the signals of :data:`_ENDING` wait (blocked), to come when it ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    saved = signal.pthread_sigmask(signal.SIG_BLOCK, _ENDING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, saved)


@contextlib.contextmanager
def _removed_on_signal(temporary: list[str]) -> Iterator[None]:
    """While inside, each signal of :data:`_ENDING` that would end the process (its default action,
    or SIGINT's KeyboardInterrupt) first removes the files named in ``temporary``, then ends the
    process as the signal would have (its usual exit status). An ignored one (SIGHUP under
    ``nohup``) stays ignored; a handler of the program's own stays (an exception it raises
    removes the files on its way out)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers; a worker's parent cleans up
        return
    owner = os.getpid()

    def stop(signum: int, frame: FrameType | None) -> None:
        if os.getpid() == owner:  # (a worker forked meanwhile has the handler, not the file)
            for name in temporary:
                with contextlib.suppress(OSError):
                    os.unlink(name)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    saved: dict[int, Any] = {}
    for number in _ENDING:
        if signal.getsignal(number) in (signal.SIG_DFL, signal.default_int_handler):
            saved[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)
