"""Writing output files atomically, with the permissions a user expects.

A file is written to a temporary file in its directory and renamed over the target, so that
it is never seen half-written. The result has the mode a plain ``open()`` would give a new file
(``0o666`` less the umask) — not the ``0o600`` of the temporary file — or, when it replaces a
file (``--in-place``), that file's mode and owner. A symbolic link is written through: the file
it points to is replaced and the link stays a link, when the caller asks so (``follow``: the
input that ``--in-place`` names); else a link at the path is replaced, never written through.
The temporary file is removed when the process is stopped by SIGTERM or SIGINT meanwhile.
A path that names no file but a device, a FIFO or a socket (``/dev/null``, ``/dev/stdout``, a
named pipe) is written to as it is: a rename would put a regular file in its place (as root,
``/dev/null`` itself).

Standard output is written by :func:`write_stdout`: a full disk or a file-size limit is an
:class:`OutputError` said in one line, never a silent truncation.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any, TextIO


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def _removed_on_signal(temporary: list[str]) -> Iterator[None]:
    """While inside, SIGTERM and SIGINT first remove the file named in ``temporary`` (once it is
    there), then end the process as the signal would have (its usual exit status)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers; a worker's parent cleans up
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        for name in temporary:
            with contextlib.suppress(OSError):
                os.unlink(name)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    saved = {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)


def write_atomically(path: str, data: bytes, *, keep: str | None = None, follow: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file renamed over it.

    ``keep`` names a file whose mode and owner the result takes (the input replaced by
    ``--in-place``); otherwise the mode follows the umask. ``follow``: a symbolic link at
    ``path`` is written through (its target replaced); else the link itself is replaced. Raises
    :class:`OSError` (a missing directory, no permission, a full disk) with nothing left behind.
    """
    with _replacing(path, "wb", keep=keep, follow=follow) as stream:
        stream.write(data)


@contextlib.contextmanager
def atomic_text(path: str) -> Iterator[TextIO]:
    """A UTF-8 text stream whose content replaces ``path`` when the ``with`` block ends without
    an exception (as :func:`write_atomically` writes it: a temporary file renamed over it, a link
    at ``path`` replaced, not written through); nothing is left behind otherwise. For a report
    written as it is made (``--output-file``), which memory need not hold whole."""
    with _replacing(path, "w", keep=None, follow=False) as stream:
        yield stream


@contextlib.contextmanager
def _replacing(path: str, mode: str, *, keep: str | None, follow: bool) -> Iterator[Any]:
    """A stream (``mode`` ``"wb"`` or ``"w"``, UTF-8) on a temporary file beside ``path``'s
    target, renamed over it when the block ends normally, removed otherwise; a device, FIFO or
    socket (:func:`_special`) is written to as it is."""
    encoding, newline = (None, None) if "b" in mode else ("utf-8", "")
    if _special(path):
        with open(path, mode, encoding=encoding, newline=newline) as special:
            yield special
        return
    target = os.path.realpath(path) if follow else os.path.abspath(path)
    made: list[str] = []
    with _removed_on_signal(made):
        handle, temporary = tempfile.mkstemp(prefix=".kifu-", suffix=".tmp", dir=os.path.dirname(target))
        made.append(temporary)
        try:
            with os.fdopen(handle, mode, encoding=encoding, newline=newline) as stream:
                yield stream
                stream.flush()
                os.fsync(stream.fileno())
            _finish(temporary, target, keep)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        made.clear()


def _special(path: str) -> bool:
    """Whether ``path`` (through its links) is a device, a FIFO or a socket: no file to replace;
    or a name under ``/dev`` (``/dev/stdout`` is a link to whatever standard output is, maybe a
    regular file: the link must not be replaced)."""
    if os.path.abspath(path).startswith("/dev/"):
        return True
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _finish(temporary: str, target: str, keep: str | None) -> None:
    """Give the written ``temporary`` its mode (``keep``'s, or the umask's) and rename it over
    ``target``."""
    if keep is not None:
        status = os.stat(keep)
        os.chmod(temporary, stat.S_IMODE(status.st_mode))
        with contextlib.suppress(PermissionError):  # only root may give a file away
            os.chown(temporary, status.st_uid, status.st_gid)
    else:
        os.chmod(temporary, 0o666 & ~_umask())
    os.replace(temporary, target)


class OutputError(Exception):
    """Standard output cannot be written (a full disk, a file-size limit); the message says why."""


def write_stdout(data: bytes) -> None:
    """Write ``data`` to standard output now; a write error is an :class:`OutputError`.

    A closed pipe (EPIPE) is left to the caller's usual handling (a quiet end).
    """
    try:
        sys.stdout.flush()
        try:
            descriptor = sys.stdout.fileno()
        except (AttributeError, OSError, ValueError):  # not a file (a test's capture)
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        # os.write, not the buffered stream: past `ulimit -f` the stream takes the short write
        # and drops the rest without an error
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view[: 1 << 20]) :]
    except BrokenPipeError:
        raise
    except OSError as error:
        _fail(error)


def flush_stdout() -> None:
    """Flush standard output; a write error is an :class:`OutputError`."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        _fail(error)


def _fail(error: OSError) -> None:
    # what is still buffered goes nowhere: flushed at exit it would fail again, noisily
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    raise OutputError(f"cannot write the output: {error.strerror or error}") from None
