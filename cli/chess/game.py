"""The chess package's side of :class:`kifu.core.game.Game`, reached through ``kifu.games``."""

from __future__ import annotations

from collections.abc import Iterator

# (The checker is imported here, not on first use: a batch's workers are forked after the parent
# imports this module, and share the import instead of making it each.)
from kifu.chess import checker, convert, splitter
from kifu.chess.locales import LANGUAGES
from kifu.chess.presets import DESCRIPTIONS
from kifu.chess.splitter import GameText
from kifu.core import parts
from kifu.core.converted import Converted
from kifu.core.findings import Finding
from kifu.core.game import EVERY_MOVE, Options, Preset, RawRecord, Setting
from kifu.core.parts import CutRule, Part, PartRead
from kifu.core.results import RecordReport
from kifu.core.sources import Source

NAME = "chess"

#: the ``convert --to`` targets: the one table of :mod:`kifu.chess.writers`
TARGETS = convert.TARGETS
PRESETS: dict[str, Preset] = {name: Preset(description) for name, description in DESCRIPTIONS.items()}
SETTINGS: tuple[Setting, ...] = (
    Setting(
        "lang",
        "piece letters of the score sheet (en, de, es, fr, …); default English, with detection",
        tuple(sorted(LANGUAGES)),
    ),
    Setting(
        "write_lang", "convert: piece letters of the SAN written (default English)", tuple(sorted(LANGUAGES))
    ),
    EVERY_MOVE,
)


def load_codes() -> None:
    """The chess codes register themselves when their module is imported."""
    import kifu.chess.codes  # noqa: F401


def records(source: Source, fmt: str, options: Options) -> Iterator[RawRecord[GameText] | Finding]:
    """The games of a PGN source, cut at their termination markers (no parsing)."""
    for item in splitter.numbered_games(source):
        if isinstance(item, Finding):
            yield item
        else:
            index, game = item
            yield RawRecord(index, game.start_line, game.weight, game)


#: where a large file is cut into parts (a name of this module's, so that a test can cut
#: elsewhere, in this process and in the workers it forks)
_game_starts = CutRule(splitter.game_starts_after, splitter.RESULT_LAST_BYTES)


def cut_parts(path: str, size: int) -> Iterator[Part]:
    """A large PGN file cut into parts of about ``size`` bytes, each starting with a game."""
    return parts.parts(path, size, _game_starts)


def part_records(part: Part) -> PartRead[RawRecord[GameText]]:
    """The games of one part of a large PGN file, numbered from 1 in it (a worker's reading)."""
    read = parts.read_part(part, _split, _game_starts)
    games = [
        RawRecord(index, game.start_line, game.weight, game) for index, game in enumerate(read.records, 1)
    ]
    return PartRead(games, read.resume, read.counts, read.findings)


def _split(lines: Iterator[str], first_line: int) -> Iterator[GameText]:
    return splitter.split_games(lines, first_line=first_line)


def check_record(record: RawRecord[GameText], options: Options) -> RecordReport:
    """Read, replay and judge one game under ``options.rules`` (the edition of the Laws; ``fide``
    or none: the one in force at the game's dates)."""
    return checker.check_game(
        record.data, record.index, _text(options, "lang"), options.rules, options.boards, options.fix_notes
    )


def convert_record(record: RawRecord[GameText], target: str, options: Options) -> Converted:
    """One game in ``target``."""
    return convert.convert_game(
        record.data,
        record.index,
        target,
        lang=_text(options, "write_lang"),
        read_lang=_text(options, "lang"),
        every_move=bool(options.settings.get("every_move")),
        rules=options.rules,
    )


def declare_encoding(document: str, target: str, codec: str) -> str:
    """PGN has no place to declare its encoding: the document as it is."""
    return document


def _text(options: Options, key: str) -> str | None:
    value = options.settings.get(key)
    return value if isinstance(value, str) else None


def text_encoding(path: str) -> str | None:
    """PGN is read as UTF-8, a line that is not as Latin-1: no codec of its own (the file is
    not opened)."""
    return None
