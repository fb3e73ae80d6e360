"""XQBase PGN and plain score sheets: split a stream of lines into games, read tags, build records.

Games are split cheaply (a tag section after moves, or an XQBase ``====`` trailer, starts a new
game) so that only one game is held in memory at a time, and one broken game never hides the
others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from kifu.core.findings import Finding
from kifu.core.record import Record, Span
from kifu.xiangqi import codes
from kifu.xiangqi.formats.movetext import read_movetext

_TAG = re.compile(r'^\s*\[\s*([A-Za-z_][\w.-]*)\s+"(.*)"\s*\]\s*$')
_TAG_START = re.compile(r"^\s*\[\s*[A-Za-z_]")
_FEN_RANK = "[rnbakcpheRNBAKCPHE1-9]{1,9}"
_FEN_LINE = re.compile(rf"^\s*((?:{_FEN_RANK}/){{9}}{_FEN_RANK}(?:\s+[wbrWBR])?(?:\s+\S+){{0,4}})\s*$")
_TRAILER = re.compile(r"^\s*={3,}")


@dataclass(slots=True)
class ParsedGame:
    """A record with the findings that reading it produced."""

    record: Record
    findings: list[Finding] = field(default_factory=list)
    notation_tag: str | None = None


def split_games(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """``(offset, lines)`` of each game: ``offset`` is the 0-based index of its first line.

    Lines after an XQBase trailer (``=====`` and the advertisement under it) are skipped until
    the next tag section.
    """
    current: list[str] = []
    offset = 0
    seen_moves = False
    skipping = False
    for i, raw in enumerate(lines):
        line = raw.rstrip("\r\n")
        if _TAG_START.match(line):
            if current and (seen_moves or skipping):
                yield offset, current
                current = []
            if not current:
                offset = i
            current.append(line)
            seen_moves = skipping = False
            continue
        if skipping:
            continue
        if _TRAILER.match(line):
            if current:
                yield offset, current
                current = []
            seen_moves = False
            skipping = True
            continue
        if not current:
            if not line.strip():
                continue
            offset = i
        current.append(line)
        if line.strip():
            seen_moves = True
    if current:
        yield offset, current


def read_games(text: str | Iterable[str]) -> Iterator[ParsedGame]:
    """Every game of a PGN file or score sheet (a text, or an iterable of lines), in order."""
    lines = text.split("\n") if isinstance(text, str) else text
    for index, (offset, chunk) in enumerate(split_games(lines), 1):
        yield read_game(chunk, offset, index)


def read_game(lines: list[str], offset: int, index: int) -> ParsedGame:
    """One game from its ``lines``; ``offset`` is the 0-based file line of the first one."""
    record = Record(game="xiangqi", index=index, line=offset + 1)
    game = ParsedGame(record)
    body_start = 0
    for i, line in enumerate(lines):
        number = offset + i + 1
        if not line.strip():
            body_start = i + 1
            continue
        match = _TAG.match(line)
        if match:
            name, value = match.group(1), match.group(2).replace('\\"', '"')
            record.tags.setdefault(name, value)
            record.tag_spans.setdefault(name, Span(number, 1, number, len(line) + 1))
            body_start = i + 1
            continue
        if _TAG_START.match(line):
            game.findings.append(
                codes.UNREADABLE_TEXT(
                    f"malformed tag line {line.strip()!r}", Span(number, 1, number, len(line) + 1)
                )
            )
            body_start = i + 1
            continue
        break
    # a bare FEN line before the moves (score sheets of set-up positions)
    for i in range(body_start, len(lines)):
        if not lines[i].strip():
            continue
        fen = _FEN_LINE.match(lines[i])
        if fen and "FEN" not in record.tags:
            record.start_position = fen.group(1)
            body_start = i + 1
        break
    if "FEN" in record.tags:
        record.start_position = record.tags["FEN"]
    body_lines = lines[body_start:]
    movetext = read_movetext("\n".join(body_lines), offset + body_start + 1, body_lines)
    record.moves = movetext.moves
    record.comments = movetext.comments
    record.result = movetext.result
    record.result_span = movetext.result_span
    game.findings.extend(movetext.findings)
    game.notation_tag = record.tags.get("Format")
    return game
