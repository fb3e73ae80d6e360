"""XQBase PGN and plain score sheets: split a stream of lines into games, read tags, build records.

Games are split cheaply (a tag section after moves, or an XQBase ``====`` trailer, starts a new
game) so that only one game is held in memory at a time, and one broken game never hides the
others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from kifu.core.findings import IO_LIMIT, Finding
from kifu.core.limits import characters, limits
from kifu.core.record import Record, Span
from kifu.xiangqi import codes
from kifu.xiangqi.formats.movetext import read_movetext
from kifu.xiangqi.source import RecordText

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
    #: the record's text as the file holds it, for the fixes of its findings
    text: RecordText | None = None


def split_games(lines: Iterable[str], *, stop_at_cut: bool = False) -> Iterator[tuple[int, list[str], int]]:
    """``(offset, lines, cut)`` of each game: ``offset`` is the 0-based index of its first line,
    ``cut`` the 1-based line where the game passed ``limits().record`` characters (its lines from
    there to the next game are dropped), or 0.

    Lines after an XQBase trailer (``=====`` and the advertisement under it) are skipped until
    the next tag section. A run of empty lines may come as one string of ``n - 1`` line breaks
    (:func:`kifu.xiangqi.encoding.lines`); every line counts towards the game's size, blank ones
    too. With ``stop_at_cut``, the stream ends at the first game cut at the size limit.
    """
    cap = limits().record
    current: list[str] = []
    in_game = False
    offset = 0
    seen_moves = False
    skipping = False
    size = 0  # characters of the current game
    cut = 0
    blanks = 0  # empty lines of the current game not yet in `current`
    i = -1
    for raw in lines:
        i += 1
        if raw.startswith("\n"):  # a run of empty lines
            count = raw.count("\n") + 1
            i += count - 1
            line = ""
        else:
            count = 1
            line = raw.rstrip("\r\n")
        blank = not line.strip()
        if blank and (not in_game or skipping):
            continue
        if not line:  # empty lines: counted, and kept if more of the game follows them
            blanks += count
            size += count
            if cap and size > cap and not cut:
                cut = i + 1 - min(size - cap - 1, count - 1)
                blanks = 0
                if stop_at_cut:
                    yield offset, current, cut
                    return
            continue
        if blank:  # white space only (a comment's line of ideographic spaces): kept as written
            pass
        elif _TAG_START.match(line):
            if in_game and (seen_moves or skipping):
                yield offset, _with_blanks(current, blanks, cut), cut
                current, in_game, size, cut, blanks = [], False, 0, 0, 0
            seen_moves = skipping = False
        elif skipping:
            continue
        elif _TRAILER.match(line):
            if in_game:
                yield offset, _with_blanks(current, blanks, cut), cut
                current, in_game, size, cut, blanks = [], False, 0, 0, 0
            seen_moves = False
            skipping = True
            continue
        else:
            seen_moves = True
        if not in_game:
            in_game, offset = True, i
        size += len(line) + 1
        if cut:
            continue
        if cap and size > cap:
            cut = i + 1
            blanks = 0
            if stop_at_cut:
                yield offset, current, cut
                return
            continue
        if blanks:
            current.extend([""] * blanks)
            blanks = 0
        current.append(line)
    if in_game:
        yield offset, _with_blanks(current, blanks, cut), cut


def _with_blanks(current: list[str], blanks: int, cut: int) -> list[str]:
    """The game's lines with its trailing empty ones (as they were read, when not cut)."""
    if blanks and not cut:
        current.extend([""] * blanks)
    return current


def read_games(text: str | Iterable[str], *, stop_at_cut: bool = False) -> Iterator[ParsedGame]:
    """Every game of a PGN file or score sheet (a text, or an iterable of lines), in order.

    A game longer than ``limits().record`` characters is read up to the limit, with an IO008
    finding where it passed it."""
    lines = text.split("\n") if isinstance(text, str) else text
    for index, (offset, chunk, cut) in enumerate(split_games(lines, stop_at_cut=stop_at_cut), 1):
        game = read_game(chunk, offset, index)
        if cut:
            game.findings.append(
                IO_LIMIT(
                    f"this game passes {characters(limits().record)} (--max-record) at line {cut}: the rest "
                    "of it is not read",
                    Span.point(cut, 1),
                )
            )
        yield game


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
    form = "pgn" if record.tag_spans else "sheet"
    game.text = RecordText(form, offset + 1, lines, movetext.numbers)
    return game
