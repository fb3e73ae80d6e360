"""Which game a file records: by its extension, then by its content, each game's tests being
its own (``kifu.<game>.detect``, named by the registry and cheap to import: no reader, board or
grammar comes with them); and for ``convert``, whether that game can be written in a target
(:func:`target`).

A detector module provides ``magic(head)`` (a binary format known by its first bytes),
``in_bytes(head)`` (the raw bytes say so, before any decoding) and ``in_text(text, outside)``
(a decoded text's tags and movetext say so, never its comments: :mod:`kifu.core.pgntext`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Protocol

from kifu.core.findings import IO_BINARY
from kifu.core.pgntext import Outside, outside_comments
from kifu.core.record import Span
from kifu.core.sources import Source, SourceError, looks_binary, sniff_head, wide_encoding
from kifu.games import GAMES, default_format, load

#: The order in which the games' tests are asked: a xiangqi record may look like PGN (its tags,
#: its numbered moves), never the other way round, so xiangqi's tests come before chess's.
ORDER = ("xiangqi", "go", "chess")
#: formats whose files are binary by design; every other format is text
BINARY_FORMATS = frozenset(fmt for info in GAMES.values() for fmt in info.binary_formats)
#: Extensions under which records are also found (plain text, web pages, files named after
#: their legacy encoding); ``-r`` takes such a file when its content is a record.
TEXT_EXTENSIONS = frozenset({"", ".txt", ".text", ".html", ".htm", ".gb18030", ".gbk", ".big5"})


class Detector(Protocol):
    """A game's ``detect`` module."""

    def magic(self, head: bytes) -> str | None: ...

    def in_bytes(self, head: bytes) -> bool: ...

    def in_text(self, text: str, outside: Outside) -> bool: ...


_DETECTORS: list[tuple[str, Detector]] = []


def _detectors() -> list[tuple[str, Detector]]:
    """Each game's detector in :data:`ORDER`, imported on the first call (three a file)."""
    if not _DETECTORS:
        _DETECTORS.extend((name, importlib.import_module(GAMES[name].detector)) for name in ORDER)
    return _DETECTORS


def detect(source: Source, forced: str | None = None) -> tuple[str, str] | None:
    """The ``(game, format)`` of ``source``, or ``None`` when it cannot be told.

    By extension first; ``.pgn`` and unknown extensions are sniffed, since xiangqi records
    use ``.pgn`` too. Raises :class:`SourceError` if the file cannot be opened.
    """
    extension = source.extension
    head = sniff_head(source)
    detected = _detect(extension, head, forced)
    # a text format whose start holds no record and looks binary: one finding, not thousands
    if (
        detected is not None
        and detected[1] not in BINARY_FORMATS
        and looks_binary(head)
        and sniff(head) is None
    ):
        raise SourceError(
            IO_BINARY(
                f"{source.path} is not a text file (binary data at the start), "
                "so it is not read as a game record",
                Span.point(1, 1),
            )
        )
    return detected


def _detect(extension: str, head: bytes, forced: str | None) -> tuple[str, str] | None:
    for name, detector in _detectors():
        fmt = detector.magic(head)
        if fmt is not None and forced in (None, name):
            return name, fmt
    if forced is not None:
        return forced, GAMES[forced].extensions.get(extension, default_format(forced))
    for info in GAMES.values():
        if extension in info.extensions and extension != ".pgn":
            return info.name, info.extensions[extension]
    game = sniff(head)
    if game is None and extension == ".pgn":
        game = "chess"
    if game is None:
        return None
    return game, GAMES[game].extensions.get(extension, default_format(game))


def recognise(source: Source) -> bool:
    """Whether a text file of no record extension holds records by its content (for ``-r``)."""
    if source.extension not in TEXT_EXTENSIONS:
        return False
    try:
        return sniff(sniff_head(source)) is not None
    except SourceError:
        return False


def _decodes_as(head: bytes, encoding: str) -> bool:
    """Whether ``head`` is text in ``encoding`` (a character cut at the end is forgiven)."""
    try:
        head[: len(head) - 4 if len(head) >= 8192 else len(head)].decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def _readings(head: bytes) -> Iterator[str]:
    """``head`` as text: UTF-16 or UTF-8 when it is that; else each legacy Chinese encoding it
    decodes in (GB18030, Big5), then Latin-1."""
    wide = wide_encoding(head)
    if wide is not None:
        yield head.decode(wide, errors="replace")
    elif _decodes_as(head, "utf-8"):
        yield head.decode("utf-8", errors="replace").removeprefix("\ufeff")
    else:
        yield from (
            head.decode(name, errors="replace") for name in ("gb18030", "big5") if _decodes_as(head, name)
        )
        yield head.decode("latin-1")


def sniff(head: bytes) -> str | None:
    """Guess the game from the first bytes of a file; ``None`` for binary data.

    The games' byte tests come first (an XQF header, an SGF game tree); then the text is read
    (decoded: UTF-8, UTF-16, or each legacy Chinese encoding it may be in) and its tags and
    movetext weighed, never its comments: a chess game whose comment quotes a xiangqi move or
    tag is chess. A reading that any game's test takes as xiangqi decides; else the last
    reading's guess stands.
    """
    detectors = _detectors()
    for name, detector in detectors:
        if detector.in_bytes(head):
            return name
    if looks_binary(head):
        return None
    guess = None
    for text in _readings(head):
        outside = outside_comments(text)
        guess = next((name for name, detector in detectors if detector.in_text(text, outside)), None)
        if guess == ORDER[0]:
            return guess
    return guess


class UnknownGame(ValueError):
    """The game of a source cannot be told (by its name nor its content)."""


class NoSuchTarget(ValueError):
    """A game's records cannot be written in the target asked for; the message lists its targets."""


def target(source: Source, forced: str | None, to: str) -> tuple[str, str]:
    """The ``(game, format)`` of ``source``, whose game can be written in the target ``to``
    (``kifu convert --to`` and ``kifu.convert``). Raises :class:`UnknownGame`,
    :class:`NoSuchTarget`, or :class:`~kifu.core.sources.SourceError` when it cannot be read."""
    detected = detect(source, forced)
    if detected is None:
        raise UnknownGame(f"cannot tell which game {source.path} records; name it (--game, game=)")
    name, fmt = detected
    module = load(name)
    if module is None or to not in module.TARGETS:
        known = ", ".join(module.TARGETS) if module else "none yet"
        raise NoSuchTarget(f"{name} records cannot be converted to {to!r} (targets: {known})")
    return name, fmt


__all__ = [
    "BINARY_FORMATS",
    "TEXT_EXTENSIONS",
    "NoSuchTarget",
    "UnknownGame",
    "detect",
    "recognise",
    "sniff",
    "target",
]
