"""The xiangqi package's side of :class:`kifu.core.game.Game`, reached through ``kifu.games``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import cast

from kifu.core.converted import Converted
from kifu.core.findings import Finding
from kifu.core.game import EVERY_MOVE, Options, Preset, RawRecord, Setting
from kifu.core.record import MoveNode, Record, Span
from kifu.core.results import RecordReport
from kifu.core.sources import HEAD, Source, read_head
from kifu.xiangqi import checker, reader, writers
from kifu.xiangqi.presets import DESCRIPTIONS
from kifu.xiangqi.source import RecordText

NAME = "xiangqi"

#: the ``convert --to`` targets: the one table of :mod:`kifu.xiangqi.writers`
TARGETS = writers.TARGETS
PRESETS: dict[str, Preset] = {name: Preset(description) for name, description in DESCRIPTIONS.items()}
SETTINGS: tuple[Setting, ...] = (
    Setting("xiangqi_abridged", "how to read an abridged move that fits both readings: advance or traverse"),
    Setting("repetition", "the occurrence of a position that ends a repetition cycle (default 3)"),
    Setting("natural_limit", "rounds without a capture that end the game in a draw (default 60; 0: off)"),
    Setting("natural_limit_checks", "checks of a side that still count for its natural-limit claim"),
    EVERY_MOVE,
)


class Parsed:
    """A read record and its findings, as sent to a worker. It pickles with its move tree
    flattened: pickle recurses once per level, and variations nest up to ``limits().depth``."""

    __slots__ = ("findings", "record", "text")

    def __init__(self, record: Record, findings: list[Finding], text: RecordText | None = None) -> None:
        self.record = record
        self.findings = findings
        #: the record's text as the file holds it (a text format's), for its findings' fixes
        self.text = text

    def __getstate__(self) -> tuple[Record, list[Finding], list[object], RecordText | None]:
        return replace(self.record, moves=[]), self.findings, flatten(self.record.moves), self.text

    def __setstate__(self, state: tuple[Record, list[Finding], list[object], RecordText | None]) -> None:
        record, self.findings, flat, self.text = state
        record.moves = unflatten(flat)
        self.record = record


def flatten(moves: list[MoveNode]) -> list[object]:
    """The tree in preorder without recursion, as plain values (no node is copied: a record of
    100,000 moves pickles in a few megabytes). A line is its node count then its nodes; a node
    is its text, span, move number, NAGs, comments before and after (``None`` for an empty
    list), its variation count, then each variation as a line."""
    out: list[object] = []
    tasks: list[list[MoveNode] | MoveNode] = [moves]
    while tasks:
        task = tasks.pop()
        if isinstance(task, list):
            out.append(len(task))
            tasks.extend(reversed(task))
        else:
            out += (
                task.text,
                task.span,
                task.move_number,
                task.nags or None,
                task.comments_before or None,
                task.comments_after or None,
                len(task.variations),
            )
            tasks.extend(reversed(task.variations))
    return out


def unflatten(flat: list[object]) -> list[MoveNode]:
    """The tree that :func:`flatten` wrote, rebuilt without recursion."""
    items = iter(flat)
    root: list[MoveNode] = []
    # (a line to fill, or a node whose variations to read; how many items are still to come)
    stack: list[tuple[list[MoveNode] | MoveNode, int]] = [(root, _count(items))]
    while stack:
        target, remaining = stack[-1]
        if not remaining:
            stack.pop()
            continue
        stack[-1] = (target, remaining - 1)
        if isinstance(target, list):
            node = _node(items)
            target.append(node)
            stack.append((node, _count(items)))
        else:
            line: list[MoveNode] = []
            target.variations.append(line)
            stack.append((line, _count(items)))
    return root


def _count(items: Iterator[object]) -> int:
    return cast(int, next(items))


def _node(items: Iterator[object]) -> MoveNode:
    """A node without its variations, from the six values :func:`flatten` wrote for it."""
    return MoveNode(
        cast(str, next(items)),
        cast("Span | None", next(items)),
        cast("int | None", next(items)),
        cast("list[int] | None", next(items)) or [],
        cast("list[str] | None", next(items)) or [],
        cast("list[str] | None", next(items)) or [],
    )


RawXiangqi = Parsed


def load_codes() -> None:
    """The xiangqi codes register themselves when their module is imported."""
    import kifu.xiangqi.codes  # noqa: F401


def records(source: Source, fmt: str, options: Options) -> Iterator[RawRecord[RawXiangqi] | Finding]:
    """The records of a source in any xiangqi format, with the findings of reading them."""
    for item in reader.records(source, fmt):
        if isinstance(item, Finding):
            yield item
        else:
            record = item[0]
            yield RawRecord(record.index, record.line, _weight(record), Parsed(*item))


def _weight(record: Record) -> int:
    """About how many characters a record holds: its moves, tags and comments."""
    return sum(len(node.text) + 2 for node in record.moves) + sum(
        len(name) + len(value) + 6 for name, value in record.tags.items()
    )


def check_record(record: RawRecord[RawXiangqi], options: Options) -> RecordReport:
    """Walk one record with the checker and judge it."""
    return checker.check_record(record.data.record, record.data.findings, options, record.data.text)


def convert_record(record: RawRecord[RawXiangqi], target: str, options: Options) -> Converted:
    """Walk one record with the writer of ``target`` (and the checker, to name a rejected result)."""
    return writers.convert_record(record.data.record, record.data.findings, target, options)


def declare_encoding(document: str, target: str, codec: str) -> str:
    """XQBase PGN has no place to declare its encoding: the document as it is."""
    return document


def text_encoding(path: str) -> str | None:
    """The codec detected from the file's first bytes, as the reader detects it."""
    head = read_head(path)
    if head is None:
        return None
    from kifu.xiangqi.encoding import detect

    return detect(head, complete=len(head) < HEAD)
