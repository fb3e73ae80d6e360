"""A game's records one at a time, behind the crash guard: the per-record work of every command.

check, convert, score and the batch runner's workers all go through here, so that a bug in a game
package is reported the same way wherever it strikes: a KIFU001 finding on the record it
struck (or on the file, when the reader itself failed), exit status 2, and the other records
still done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from kifu.core.converted import Converted, made_safe
from kifu.core.findings import Finding, internal_error
from kifu.core.game import Game, Options, RawRecord
from kifu.core.record import Span
from kifu.core.results import RecordReport
from kifu.core.sources import Source, SourceError

T = TypeVar("T")


def guarded_records(
    game: Game[Any], source: Source, fmt: str, options: Options
) -> Iterator[RawRecord[Any] | Finding]:
    """The game's records of ``source``; a reader that fails ends the file with a KIFU001 finding.

    :class:`~kifu.core.sources.SourceError` (the file cannot be read at all) passes through.
    """
    yield from guarded_reading(game.records(source, fmt, options), source.path)


def guarded_reading(items: Iterator[RawRecord[T] | Finding], path: str) -> Iterator[RawRecord[T] | Finding]:
    """``items``, a reader's records of the file at ``path``; a reader that fails ends them with a
    KIFU001 finding (:func:`guarded_records` for a reader called directly)."""
    done = 0
    while True:
        try:
            item = next(items)
        except StopIteration:
            return
        except SourceError:
            raise
        except Exception as error:
            yield internal_error(error, f"while reading record {done + 1} of {path}")
            return
        if not isinstance(item, Finding):
            done = item.index
        yield item


def guarded(work: Callable[[], T], record: RawRecord[Any], doing: str, failed: Callable[[Finding], T]) -> T:
    """``work()`` for ``record``; a bug in it becomes ``failed(KIFU001 finding)``, on this record only.

    The one crash guard of every command's per-record work (check, convert, score).
    """
    try:
        return work()
    except Exception as error:
        return failed(crashed(error, doing, record.index, record.line))


def crashed(error: BaseException, doing: str, index: int, line: int) -> Finding:
    """The KIFU001 finding of a crash while ``doing`` record ``index``, at its ``line``."""
    return internal_error(error, f"while {doing} {record_at(index, line)}", Span.point(line, 1))


def record_at(index: int, line: int) -> str:
    """How a crash names its record (:func:`crashed`): ``record 5 (line 120)``."""
    return f"record {index} (line {line})"


def check_record(game: Game[Any], record: RawRecord[Any], options: Options) -> RecordReport:
    """The game's report on ``record``; a bug becomes KIFU001 on this record only."""
    return guarded(
        lambda: game.check_record(record, options),
        record,
        "checking",
        lambda failure: RecordReport(record.index, record.line, findings=[failure]),
    )


def convert_record(game: Game[Any], record: RawRecord[Any], target: str, options: Options) -> Converted:
    """``record`` written in ``target``, its control characters made safe for the target
    (:func:`~kifu.core.converted.made_safe`); a bug becomes KIFU001 on this record only (nothing
    written)."""
    return guarded(
        lambda: made_safe(game.convert_record(record, target, options), target),
        record,
        "converting",
        lambda failure: Converted(record.index, "", findings=[failure]),
    )


def check_source(
    game: Game[Any], source: Source, fmt: str, options: Options
) -> Iterator[RecordReport | Finding]:
    """One report per record of ``source``, streaming; a bare Finding concerns the file."""
    for item in guarded_records(game, source, fmt, options):
        yield item if isinstance(item, Finding) else check_record(game, item, options)


def convert_source(
    game: Game[Any], source: Source, fmt: str, target: str, options: Options
) -> Iterator[Converted | Finding]:
    """Each record of ``source`` written in ``target``, streaming; a bare Finding concerns the file."""
    for item in guarded_records(game, source, fmt, options):
        yield item if isinstance(item, Finding) else convert_record(game, item, target, options)


@dataclass(slots=True)
class Chunk:
    """Consecutive records of one file, sent together to a worker."""

    records: list[RawRecord[Any]]

    @property
    def weight(self) -> int:
        """About how many characters the chunk holds (for progress displays)."""
        return sum(record.weight for record in self.records)

    def covers(self) -> list[tuple[int, int]]:
        """``(index, line)`` of each record, to report a worker that died on the chunk."""
        return [(record.index, record.line) for record in self.records]


def chunks(
    game: Game[Any], source: Source, fmt: str, options: Options, size: int
) -> Iterator[Chunk | Finding]:
    """``source`` cut into chunks of ``size`` records (no parsing), for workers."""
    records: list[RawRecord[Any]] = []
    for item in guarded_records(game, source, fmt, options):
        if isinstance(item, Finding):
            yield item
            continue
        records.append(item)
        if len(records) >= size:
            yield Chunk(records)
            records = []
    if records:
        yield Chunk(records)


def check_chunk(game: Game[Any], chunk: Chunk, options: Options) -> list[RecordReport]:
    """The reports on the records of ``chunk`` (in a worker)."""
    return [check_record(game, record, options) for record in chunk.records]
