"""What a call of the library API was given: a path, a directory, text, bytes or a file object.

The rule (``docs/api.md``), in this order:

- an :class:`os.PathLike` is a path (a file or a directory);
- ``bytes`` (``bytearray``, ``memoryview``) are a file's content, decoded as a file is;
- an object with ``read()`` is a file object, binary or text, read whole (its ``name``, when it
  has one, is shown and tells the format by its extension);
- a ``str`` with a line break is text; one that names an existing file or directory is that
  path; one whose content kifu recognises as records (``1. e4 *``, ``(;GM[1]…)``) is text; one
  that looks like a path — it ends with a record or compression extension, holds a path
  separator, or is a single word — raises :class:`FileNotFoundError`; anything else is text.

A directory is walked as ``kifu check DIR`` walks it (the record files inside, ``.gitignore``
respected).
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from typing import IO, Any, Literal, Union

from kifu.application import detection
from kifu.core.findings import Finding
from kifu.core.sources import COMPRESSION_SUFFIXES, Source, expand_paths
from kifu.games import KNOWN_EXTENSIONS

#: what ``kifu.check``, ``kifu.convert`` and ``kifu.score`` take
Input = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes], IO[str]]
#: what :func:`read` found it to be
Kind = Literal["file", "directory", "text", "bytes", "stream"]

#: the name that stands for content given without a file
TEXT, BYTES, STREAM = "<text>", "<bytes>", "<stream>"


@dataclass(slots=True)
class Given:
    """An input, recognised: its ``kind``, the ``path`` shown for it (``<text>`` for text) and
    its sources (the files of a directory; an unusable one as ``(path, finding)``)."""

    kind: Kind
    path: str
    sources: list[Source | tuple[str, Finding]]


def read(value: Input | Any, function: str = "kifu.check") -> Given:
    """Recognise ``value`` by the rule above. Raises :class:`FileNotFoundError` for a path that
    does not exist and :class:`TypeError` for a value of no kind it takes."""
    if isinstance(value, os.PathLike):
        return _path(os.fsdecode(os.fspath(value)), looks_like_path=True)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return Given("bytes", BYTES, [Source(BYTES, data=bytes(value))])
    if isinstance(value, str):
        return _string(value)
    if callable(getattr(value, "read", None)):
        content = value.read()
        if isinstance(content, str):
            content = content.encode("utf-8")
        if not isinstance(content, bytes):
            raise TypeError(
                f"{function}: the file object's read() gave {type(content).__name__}, not bytes or str"
            )
        name = getattr(value, "name", None)
        path = name if isinstance(name, str) and name else STREAM
        return Given("stream", path, [Source(path, data=content)])
    raise TypeError(
        f"{function} takes a path, a directory, text, bytes or a file object, not {type(value).__name__}"
    )


def _string(value: str) -> Given:
    if "\n" in value or "\r" in value:
        return _text(value)
    if value and os.path.exists(value):
        return _path(value, looks_like_path=True)
    if detection.sniff(value.encode("utf-8")) is not None:
        return _text(value)
    return _path(value, looks_like_path=looks_like_path(value))


def looks_like_path(value: str) -> bool:
    """Whether ``value`` (no record, no line break) reads as a file name rather than text: it ends
    with a record or compression extension, holds a path separator, or is one word."""
    lowered = value.lower().strip()
    return (
        lowered.endswith((*KNOWN_EXTENSIONS, *COMPRESSION_SUFFIXES))
        or "/" in value
        or os.sep in value
        or (bool(lowered) and len(value.split()) == 1)
    )


def _text(value: str) -> Given:
    return Given("text", TEXT, [Source(TEXT, data=value.encode("utf-8"))])


def _path(path: str, *, looks_like_path: bool) -> Given:
    if os.path.isdir(path):
        sources = list(
            expand_paths(
                [path],
                recursive=True,
                extensions=KNOWN_EXTENSIONS,
                recognise=detection.recognise,
                respect_gitignore=True,
            )
        )
        return Given("directory", path, sources)
    if os.path.exists(path):  # (a FIFO or a device is refused as the command refuses it, not opened)
        return Given("file", path, list(expand_paths([path], recursive=False, extensions=KNOWN_EXTENSIONS)))
    if not looks_like_path:
        return _text(path)
    raise FileNotFoundError(errno.ENOENT, "no such file or directory (and not the text of a record)", path)
