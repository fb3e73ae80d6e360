"""The Go package's side of :class:`kifu.core.game.Game`, reached through ``kifu.games``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kifu.core.converted import Converted
from kifu.core.findings import Finding
from kifu.core.game import EVERY_MOVE, Options, Preset, RawRecord, Setting, Target
from kifu.core.results import RecordReport
from kifu.core.sources import Source, read_head
from kifu.go import checker, reader
from kifu.go.presets import DESCRIPTIONS
from kifu.go.tree import Game

NAME = "go"

if TYPE_CHECKING:  # (at run time, from __getattr__)
    TARGETS: Mapping[str, Target[Any]]


def __getattr__(name: str) -> Any:
    """``TARGETS``, the ``convert --to`` targets: the one table of :mod:`kifu.go.writers`,
    imported when first asked for (a check never asks, and never imports the writers)."""
    if name == "TARGETS":
        from kifu.go import writers

        targets: Mapping[str, Target[Any]] = writers.TARGETS
        return targets
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


PRESETS: dict[str, Preset] = {name: Preset(description) for name, description in DESCRIPTIONS.items()}
SETTINGS: tuple[Setting, ...] = (
    Setting("komi", "komi for the count (default: the record's KM, else the preset's)"),
    Setting("ko", "ko rule: simple, positional or situational (default: the rules' own)"),
    EVERY_MOVE,
)


def load_codes() -> None:
    """The Go codes register themselves when their module is imported."""
    import kifu.go.codes  # noqa: F401


def records(source: Source, fmt: str, options: Options) -> Iterator[RawRecord[Game] | Finding]:
    """The game trees of an SGF source, cut at each top-level ``)`` (not parsed yet)."""
    return reader.records(source)


def check_record(record: RawRecord[Game], options: Options) -> RecordReport:
    """Parse, replay and judge one game tree (and count it when it ended with two passes)."""
    return checker.check_record(record, options).report


def convert_record(record: RawRecord[Game], target: str, options: Options) -> Converted:
    """One game tree in ``target``, its moves played by the walk under ``options``."""
    from kifu.go import writers
    from kifu.go.parser import parse_unparsed

    game, index = parse_unparsed(record.data)
    return writers.convert_game(game, index, target, options)


def declare_encoding(document: str, target: str, codec: str) -> str:
    """An SGF document names its charset in ``CA``; other targets as they are."""
    from kifu.go import writers

    return writers.declare_encoding(document, target, codec)


def score_source(
    source: Source, options: Options, dead: str | None, dead_from: str | None
) -> list[dict[str, Any]]:
    """The count of every game of ``source`` (``kifu score``; see :func:`kifu.go.score.score_source`,
    imported here so that a check does not import the engine's side)."""
    from kifu.go import score

    return score.score_source(source, options, dead, dead_from)


def text_encoding(path: str) -> str | None:
    """The codec of the file: its CA property, else detected, as the reader decodes it."""
    head = read_head(path)
    if head is None:
        return None
    from kifu.go.encoding import decode

    return decode(head).encoding
