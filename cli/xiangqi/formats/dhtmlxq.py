"""DhtmlXQ/UBB records: ``[DhtmlXQ_binit]`` piece list, ``[DhtmlXQ_movelist]``, variations, comments.

Points are two digits ``x y``: ``x`` 0-8 from Red's left, ``y`` 0-9 from the top (Black's side);
``99`` is an absent piece. The piece order is Red R N B A K A B N R C C P P P P P, then Black.
A variation ``[DhtmlXQ_move_<parent>_<n>_<branch>]`` replaces ply ``n`` (1-based, counted from the
start of the game) of branch ``parent``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from kifu.core.digits import ascii_number, is_ascii_number
from kifu.core.findings import Finding
from kifu.core.record import MoveNode, Record, Span
from kifu.xiangqi import codes
from kifu.xiangqi.board import Board, square
from kifu.xiangqi.fen import PIECE_KINDS, write_fen
from kifu.xiangqi.formats.budget import MoveBudget
from kifu.xiangqi.formats.coords import dhtml_move_to_iccs
from kifu.xiangqi.source import RecordText

_BLOCK = re.compile(r"\[DhtmlXQ\](.*?)(?:\[/DhtmlXQ\]|\Z)", re.S | re.I)
_OPENING = re.compile(r"\[DhtmlXQ_([A-Za-z0-9_]+)\]", re.I)
#: a closing tag, its name up to the "]" (a name holds no "[" nor "]", however its case is read)
_CLOSING = re.compile(r"\[/DhtmlXQ_([^\[\]]*)\]", re.I)
_PIECES = "RNBAKABNRCCPPPPP"
_TAGS = {
    "title": "Title",
    "event": "Event",
    "date": "Date",
    "place": "Site",
    "red": "Red",
    "black": "Black",
    "redteam": "RedTeam",
    "blackteam": "BlackTeam",
    "round": "Round",
    "open": "Opening",
    "author": "Author",
}
_RESULTS = {
    "红胜": "1-0",
    "紅勝": "1-0",
    "黑胜": "0-1",
    "黑勝": "0-1",
    "和棋": "1/2-1/2",
    "和局": "1/2-1/2",
    "未知": "*",
    "W": "1-0",
    "B": "0-1",
    "D": "1/2-1/2",
}


class _Positions:
    """Offsets in the text to line and column."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def span(self, offset: int, length: int) -> Span:
        line = bisect.bisect_right(self.starts, offset)
        column = offset - self.starts[line - 1] + 1
        return Span(line, column, line, column + length)


def read_dhtmlxq(text: str) -> Iterator[tuple[Record, list[Finding]]]:
    """Every DhtmlXQ record in ``text`` (a page may hold several blocks)."""
    for record, findings, _ in read_dhtmlxq_texts(text):
        yield record, findings


def read_dhtmlxq_texts(text: str) -> Iterator[tuple[Record, list[Finding], RecordText]]:
    """Every DhtmlXQ record in ``text`` with the lines that hold it (its fixes' text)."""
    positions = _Positions(text)
    blocks = [(m.start(1), m.group(1)) for m in _BLOCK.finditer(text)] or [(0, text)]
    sources = [_lines_of(text, positions, offset, len(body)) for offset, body in blocks]
    del text  # each block is a copy: a page of megabytes is held once while its records are checked
    blocks.reverse()
    sources.reverse()
    index = 0
    while blocks:
        offset, body = blocks.pop()
        source = sources.pop()
        index += 1
        record, findings = _read_block(body, offset, index, positions, source)
        del body
        yield record, findings, source


def _lines_of(text: str, positions: _Positions, offset: int, length: int) -> RecordText:
    """The whole lines of ``text`` that hold its ``length`` characters from ``offset``."""
    first = positions.span(offset, 0).line
    last = positions.span(offset + length, 0).line
    start = positions.starts[first - 1]
    end = positions.starts[last] - 1 if last < len(positions.starts) else len(text)
    source = RecordText("dhtmlxq", first, text[start:end].split("\n"))
    source.fields["end"] = positions.span(offset + length, 0)
    return source


def fields_of(body: str) -> Iterator[tuple[str, int, str]]:
    """The name, the offset of the value and the value of each ``[DhtmlXQ_name]…[/DhtmlXQ_name]``
    field of ``body``, in order: the matches of ``\\[DhtmlXQ_([A-Za-z0-9_]+)\\](.*?)\\[/DhtmlXQ_\\1\\]``
    (``re.S | re.I``), found in linear time.

    That pattern searched each opening's closing tag from the opening to the end of the text, so
    openings never closed cost the rest of the text each (a megabyte of ``[DhtmlXQ_x]`` took
    minutes). Here the closing tags are listed once, by name as a back reference compares it
    ignoring case, and each opening takes the first of its name after it; an opening never
    closed is skipped, as the search skipped it, and the search goes on after each field.
    """
    closings: dict[str, list[int]] = {}
    for closing in _CLOSING.finditer(body):
        closings.setdefault(_folded(closing.group(1)), []).append(closing.start())
    pos = 0
    while True:
        opening = _OPENING.search(body, pos)
        if opening is None:
            return
        name, end = opening.group(1), opening.end()
        ends = closings.get(_folded(name), [])
        at = bisect.bisect_left(ends, end)
        if at == len(ends):  # never closed
            pos = opening.start() + 1
            continue
        yield name, end, body[end : ends[at]]
        pos = ends[at] + len("[/DhtmlXQ_]") + len(name)


def _folded(name: str) -> str:
    """``name`` as a back reference compares it ignoring case: each character lowered on its own
    (``İ`` is ``i``, one character as for ``re``, where ``str.lower`` gives two)."""
    return name.lower() if name.isascii() else "".join(c.lower()[:1] for c in name)


def _read_block(
    body: str, offset: int, index: int, positions: _Positions, source: RecordText | None = None
) -> tuple[Record, list[Finding]]:
    findings: list[Finding] = []
    record = Record(game="xiangqi", index=index, line=positions.span(offset, 1).line)
    fields: dict[str, tuple[int, str]] = {}
    for name, start, value in fields_of(body):
        fields.setdefault(name.lower(), (offset + start, value))
    if source is not None and "result" in fields and "\n" not in fields["result"][1]:
        start, value = fields["result"]
        source.fields["result"] = positions.span(start, len(value))
    for key, tag in _TAGS.items():
        if key in fields and fields[key][1].strip():
            record.tags.setdefault(tag, fields[key][1].strip())
    if "result" in fields:
        value = fields["result"][1].strip()
        if value in _RESULTS:
            record.tags["Result"] = _RESULTS[value]
    if "fen" in fields:
        record.start_position = fields["fen"][1].strip()
    elif "binit" in fields:
        start, value = fields["binit"]
        fen = _binit_fen(value.strip())
        if fen is None:
            findings.append(
                codes.BAD_FEN(
                    f"[DhtmlXQ_binit] {value.strip()!r} is not 32 two-digit points",
                    positions.span(start, len(value)),
                )
            )
            return record, findings
        record.start_position = fen
    main_offset, main_text = fields.get("movelist", (offset, ""))
    budget = MoveBudget()
    lines: dict[int, list[MoveNode]] = {0: _moves(main_text, main_offset, positions, findings, budget)}
    if "comment0" in fields:
        record.comments.append(_comment(fields["comment0"][1]))
    for i, node in enumerate(lines[0], 1):
        if f"comment{i}" in fields:
            node.comments_after.append(_comment(fields[f"comment{i}"][1]))
    variations = []
    for key, (start, value) in fields.items():
        parts = key.split("_")
        numbers = [ascii_number(p) for p in parts[1:]]
        if len(parts) == 4 and parts[0] == "move" and all(n is not None for n in numbers):
            parent, before, branch = (n or 0 for n in numbers)
            variations.append((branch, parent, before, start, value))
    starts: dict[int, int] = {0: 0}
    for branch, parent, before, start, value in sorted(variations):
        if budget.spent:
            break
        moves = _moves(value, start, positions, findings, budget)
        for i, node in enumerate(moves, before):
            comment = fields.get(f"comment{branch}_{i}")
            if comment:
                node.comments_after.append(_comment(comment[1]))
        lines[branch] = moves
        starts[branch] = before - 1
        host = lines.get(parent)
        at = before - 1 - starts.get(parent, 0)
        if host is None or not 0 <= at < len(host):
            findings.append(
                codes.UNREADABLE_TEXT(
                    f"variation {branch} starts at ply {before} of branch {parent}, which does not exist",
                    positions.span(start, 1),
                )
            )
            continue
        host[at].variations.append(moves)
    record.moves = lines[0]
    if record.start_position and record.moves and "fen" not in fields:
        record.start_position = _side_of_first_move(record.start_position, record.moves[0].text)
    return record, findings


def _side_of_first_move(fen: str, first: str) -> str:
    """The piece list does not say who moves first: the piece of the first move does."""
    board_part = fen.split()[0]
    rows = board_part.split("/")
    row = rows[9 - int(first[1])]
    file, column = "abcdefghi".index(first[0]), 0
    for ch in row:
        if is_ascii_number(ch):
            column += int(ch)
            continue
        if column == file:
            return f"{board_part} {'b' if ch.islower() else 'w'}"
        column += 1
    return fen


def _comment(text: str) -> str:
    return text.replace("||", "\n").strip()


def _moves(
    text: str, offset: int, positions: _Positions, findings: list[Finding], budget: MoveBudget
) -> list[MoveNode]:
    nodes = []
    for match in re.finditer(r"\S{1,4}", text):
        chunk = match.group(0)
        span = positions.span(offset + match.start(), len(chunk))
        if not budget.take():
            findings.append(budget.finding(span, move=chunk))
            break
        iccs = dhtml_move_to_iccs(chunk)
        if iccs is None:
            findings.append(
                codes.UNREADABLE_TEXT(
                    f"{chunk!r} is not a DhtmlXQ move (four digits x1y1x2y2)", span, move=chunk
                )
            )
            break
        nodes.append(MoveNode(text=iccs, span=span))
    return nodes


def _binit_fen(value: str) -> str | None:
    if len(value) != 64 or not is_ascii_number(value):
        return None
    board = Board()
    for i in range(32):
        x, y = int(value[2 * i]), int(value[2 * i + 1])
        if x > 8:
            continue
        sq = square(x, 9 - y)
        kind = PIECE_KINDS[_PIECES[i % 16]]
        if board.board[sq]:
            return None
        board.put(sq, kind if i < 16 else -kind)
    return write_fen(board).split()[0] + " w"
