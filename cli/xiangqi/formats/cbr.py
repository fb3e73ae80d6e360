"""XQBridge (象棋桥) CBR binary records.

The layout follows the public documentation of the format (e.g. the ``cchess`` package's
reader): a 2214-byte header (magic ``CCBridge Record``, UTF-16LE title, event and player
names, the result, the side to move and 90 piece codes, top rank first), an optional game
comment, then the move tree as 4-byte steps (flags, unused, from, to) with optional comments.
"""

from __future__ import annotations

import struct

from kifu.core.findings import Finding
from kifu.core.record import MoveNode, Record
from kifu.xiangqi import codes
from kifu.xiangqi.board import BLACK, RED, Board, square
from kifu.xiangqi.fen import PIECE_KINDS, write_fen
from kifu.xiangqi.formats.budget import MoveBudget
from kifu.xiangqi.formats.errors import RecordError
from kifu.xiangqi.formats.fields import text_field

MAGIC = b"CCBridge Record\x00"
HEADER = 2214
_KINDS = "RNBAKCP"
_RESULTS = {1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1/2-1/2"}
_TEXTS = {"Title": (180, 128), "Event": (692, 64), "Red": (1076, 64), "Black": (1300, 64)}


def _point(value: int) -> str | None:
    """ICCS name of a CBR point (index from the top-left, Black's back rank first)."""
    if value > 89:
        return None
    return f"{'abcdefghi'[value % 9]}{9 - value // 9}"


def read_cbr(data: bytes) -> tuple[Record, list[Finding]]:
    """The record of a CBR file and findings about damage; raises :class:`RecordError`."""
    if len(data) < HEADER or not data.startswith(MAGIC):
        raise RecordError(
            codes.BAD_BINARY(
                f"not a CBR record or truncated header: {len(data)} bytes, a CBR header has {HEADER}"
            )
        )
    record = Record(game="xiangqi", index=1, line=1)
    findings: list[Finding] = []
    for name, (offset, size) in _TEXTS.items():
        raw = data[offset : offset + size]
        value = text_field(
            raw, "utf-16-le", offset, f"CBR header field {name}", findings, padded=True
        ).strip()
        if value:
            record.tags[name] = value
    if data[2076] in _RESULTS:
        record.tags["Result"] = _RESULTS[data[2076]]
    side = RED if struct.unpack_from("<H", data, 2116)[0] == 1 else BLACK
    board = Board()
    for index, code in enumerate(data[2120:2210]):
        colour, kind = code >> 4, code & 0x0F
        if colour in (1, 2) and 1 <= kind <= 7:
            piece = PIECE_KINDS[_KINDS[kind - 1]] * (RED if colour == 1 else BLACK)
            board.put(square(index % 9, 9 - index // 9), piece)
    board.set_side(side)
    record.start_position = write_fen(board)
    moves, damage = _read_steps(data, HEADER, record, findings)
    record.moves = moves
    if damage:
        findings.append(codes.BAD_BINARY(f"CBR move data {damage}; the moves before it are checked"))
    return record, findings


def _read_steps(
    data: bytes, pos: int, record: Record, findings: list[Finding]
) -> tuple[list[MoveNode], str | None]:
    """The move tree from byte ``pos``, and a description of damage with its byte offset, if any;
    findings about a comment's bytes go to ``findings``."""
    steps = 0

    def integer() -> int:
        nonlocal pos
        if pos + 4 > len(data):
            raise ValueError(f"ends inside a length field (at byte {pos})")
        value: int = struct.unpack_from("<i", data, pos)[0]
        pos += 4
        return value

    def text(length: int) -> str:
        nonlocal pos
        if length < 0 or pos + length > len(data):
            raise ValueError(f"ends inside a comment (its length at byte {pos - 4})")
        what = f"CBR comment of move {steps} in file order" if steps else "CBR comment before the first move"
        value = text_field(data[pos : pos + length], "utf-16-le", pos, what, findings).strip()
        pos += length
        return value

    main: list[MoveNode] = []
    try:
        if integer():
            comment = text(integer())
            if comment:
                record.comments.append(comment)
        line = main
        pending: list[MoveNode] = []
        budget = MoveBudget()
        while pos + 4 <= len(data):
            flags, _unused, frm, to = data[pos : pos + 4]
            pos += 4
            if (flags, frm, to) == (0, 0, 0):
                break
            steps += 1
            a, b = _point(frm), _point(to)
            if not (a and b):
                return main, f"has a step off the board at byte {pos - 4} (from point {frm} to {to})"
            written = a + b
            if not budget.take():
                findings.append(budget.finding(where=f"byte {pos - 4} (CBR step): ", move=written))
                break
            node = MoveNode(text=written)
            if flags & 0x04:
                comment = text(integer())
                if comment:
                    node.comments_after.append(comment)
            line.append(node)
            if flags & 0x02:
                pending.append(node)
            if not flags & 0x01:
                continue
            if not pending:
                break
            parent = pending.pop()
            line = []
            parent.variations.append(line)
    except ValueError as error:
        return main, str(error)
    return main, None
