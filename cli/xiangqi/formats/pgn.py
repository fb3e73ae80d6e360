"""XQBase PGN and plain score sheets: split a text into games, read tags, build records."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from kifu.core.findings import Finding
from kifu.core.record import Record, Span
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


def split_games(lines: list[str]) -> Iterator[tuple[int, int]]:
    """``(first, end)`` line indexes (0-based, end exclusive) of each game in ``lines``."""
    start = None
    seen_moves = False
    skipping = False
    for i, line in enumerate(lines):
        is_tag = bool(_TAG_START.match(line))
        if is_tag:
            if start is None:
                start = i
            elif seen_moves or skipping:
                yield start, i
                start = i
            seen_moves = skipping = False
            continue
        if skipping:
            continue
        if _TRAILER.match(line):
            if start is not None:
                yield start, i
                start = None
            seen_moves = False
            skipping = True
            continue
        if line.strip():
            if start is None:
                start = i
            seen_moves = True
    if start is not None:
        yield start, len(lines)


def read_games(text: str) -> Iterator[ParsedGame]:
    """Every game of a PGN file or score sheet, in order."""
    lines = text.split("\n")
    lines = [line.rstrip("\r") for line in lines]
    for index, (first, end) in enumerate(split_games(lines), 1):
        yield read_game(lines, first, end, index)


def read_game(lines: list[str], first: int, end: int, index: int) -> ParsedGame:
    """One game from ``lines[first:end]``."""
    record = Record(game="xiangqi", index=index, line=first + 1)
    game = ParsedGame(record)
    body_start = first
    for i in range(first, end):
        line = lines[i]
        if not line.strip():
            body_start = i + 1
            continue
        match = _TAG.match(line)
        if match:
            name, value = match.group(1), match.group(2).replace('\\"', '"')
            record.tags.setdefault(name, value)
            record.tag_spans.setdefault(name, Span(i + 1, 1, i + 1, len(line) + 1))
            body_start = i + 1
            continue
        if _TAG_START.match(line):
            from kifu.xiangqi import codes

            game.findings.append(codes.UNREADABLE_TEXT(f"malformed tag line {line.strip()!r}",
                                                       Span(i + 1, 1, i + 1, len(line) + 1)))
            body_start = i + 1
            continue
        break
    # a bare FEN line before the moves (score sheets of set-up positions)
    for i in range(body_start, end):
        if not lines[i].strip():
            continue
        fen = _FEN_LINE.match(lines[i])
        if fen and "FEN" not in record.tags:
            record.start_position = fen.group(1)
            body_start = i + 1
        break
    if "FEN" in record.tags:
        record.start_position = record.tags["FEN"]
    body_lines = lines[body_start:end]
    movetext = read_movetext("\n".join(body_lines), body_start + 1, body_lines)
    record.moves = movetext.moves
    record.comments = movetext.comments
    record.result = movetext.result
    record.result_span = movetext.result_span
    game.findings.extend(movetext.findings)
    fmt = record.tags.get("Format")
    game.notation_tag = fmt
    return game
