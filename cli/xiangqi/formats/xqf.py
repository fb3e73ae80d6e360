"""XQF (XQStudio) binary records, plain (version <= 10) and obfuscated (version >= 11).

The layout and the key derivation follow the public documentation of the format (XQStudio's
XQFRW, ElephantEye's XQFTOOLS): a 1024-byte header with the 32 piece points and the keys, then
the move tree as 4-byte steps (from, to, flags, reserved), each optionally followed by a comment.
"""

from __future__ import annotations

import struct

from kifu.core.findings import Finding
from kifu.core.record import MoveNode, Record
from kifu.xiangqi import codes
from kifu.xiangqi.board import FILES, RED, Board, square
from kifu.xiangqi.fen import PIECE_KINDS, write_fen
from kifu.xiangqi.formats.budget import MoveBudget
from kifu.xiangqi.formats.errors import RecordError
from kifu.xiangqi.formats.fields import text_field

_PIECES = "RNBAKABNRCCPPPPP"
_MASK = b"[(C) Copyright Mr. Dong Shiwei.]"
_RESULTS = {0: "*", 1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1/2-1/2"}
_TEXT_FIELDS = {
    "Title": (0x50, 63),
    "Event": (0xD0, 63),
    "Date": (0x110, 15),
    "Site": (0x120, 15),
    "Red": (0x130, 15),
    "Black": (0x140, 15),
    "TimeControl": (0x150, 63),
    "Annotator": (0x1D0, 15),
    "Author": (0x1E0, 15),
}
HEADER = 0x400


def _square_key(b: int) -> int:
    return ((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8


class _Keys:
    """The de-obfuscation keys of a version >= 11 file."""

    def __init__(self, head: bytes) -> None:
        mask, _product, or_a, or_b, or_c, or_d, keys_sum, key_xy, key_xyf, key_xyt = struct.unpack(
            "<BIBBBBBBBB", head[3:16]
        )
        self.xy = (_square_key(key_xy) * key_xy) & 0xFF
        self.xyf = (_square_key(key_xyf) * self.xy) & 0xFF
        self.xyt = (_square_key(key_xyt) * self.xyf) & 0xFF
        self.comment = ((keys_sum * 256 + key_xy) % 32000) + 767
        kb = (
            (keys_sum & mask) | or_a,
            (key_xy & mask) | or_b,
            (key_xyf & mask) | or_c,
            (key_xyt & mask) | or_d,
        )
        self.f32 = bytes(_MASK[i] & kb[i % 4] for i in range(32))


def _point(value: int) -> str | None:
    """ICCS name of an XQF point ``x * 10 + y`` (``y`` from Red's side)."""
    if value > 89:
        return None
    x, y = divmod(value, 10)
    return f"{FILES[x]}{y}" if x <= 8 else None


def read_xqf(data: bytes) -> tuple[Record, list[Finding]]:
    """The record of an XQF file and the findings about damage; raises :class:`RecordError`."""
    record = Record(game="xiangqi", index=1, line=1)
    findings: list[Finding] = []
    if len(data) < HEADER or data[:2] != b"XQ":
        raise RecordError(
            codes.BAD_BINARY(
                f"not an XQF record or truncated header: {len(data)} bytes, an XQF header has {HEADER}"
            )
        )
    version = data[2]
    keys = _Keys(data) if version >= 11 else None
    record.tags["XQFVersion"] = str(version)
    for name, (offset, size) in _TEXT_FIELDS.items():
        length = min(data[offset], size)
        if length:
            raw = data[offset + 1 : offset + 1 + length]
            value = text_field(raw, "gb18030", offset + 1, f"XQF header field {name}", findings).strip()
            if value:
                record.tags[name] = value
    result = data[0x33]
    if result in _RESULTS and result:
        record.tags["Result"] = _RESULTS[result]
    # piece points
    raw = data[0x10:0x30]
    points = list(raw)
    if keys is not None:
        if version >= 12:
            points = [0] * 32
            for i in range(32):
                points[(keys.xy + i + 1) & 0x1F] = raw[i]
        points = [(p - keys.xy) & 0xFF for p in points]
    board = Board()
    for i, point in enumerate(points):
        where = _point(point)
        if where is None:
            continue
        name = where
        kind = PIECE_KINDS[_PIECES[i % 16]]
        sq = square(FILES.index(name[0]), int(name[1]))
        if board.board[sq]:
            stored = (i - keys.xy - 1) & 0x1F if keys is not None and version >= 12 else i
            raise RecordError(
                codes.BAD_FEN(
                    f"XQF piece list puts two pieces on {name} (the second: piece {i + 1} of 32, "
                    f"byte {0x10 + stored})"
                )
            )
        board.put(sq, kind if i < 16 else -kind)
    body = data[HEADER:]
    if keys is not None:
        body = bytes((b - keys.f32[(HEADER + i) % 32]) & 0xFF for i, b in enumerate(body))
    moves, first_piece_side, damage = _read_steps(body, version, keys, board, record.comments, findings)
    if damage:
        findings.append(codes.BAD_BINARY(f"XQF move data {damage}; the moves before it are checked"))
    board.set_side(first_piece_side)
    record.start_position = write_fen(board)
    record.moves = moves
    return record, findings


def _read_steps(
    body: bytes, version: int, keys: _Keys | None, board: Board, comments: list[str], findings: list[Finding]
) -> tuple[list[MoveNode], int, str | None]:
    """The move tree; the side of the first moved piece; a description of damage with its byte
    offset in the file, if any.

    The comment of the root step (before the first move) is added to ``comments``; findings
    about a comment's bytes go to ``findings``.
    """
    pos = 0
    steps = 0

    def step() -> tuple[int, int, int, str | None] | None:
        nonlocal pos, steps
        if pos + 4 > len(body):
            return None
        started = pos
        b0, b1, flags = body[pos], body[pos + 1], body[pos + 2]
        pos += 4
        comment_length = 0
        if version <= 10:
            if pos + 4 > len(body):
                raise ValueError(f"ends inside a step (the step at byte {HEADER + started})")
            comment_length = struct.unpack_from("<i", body, pos)[0]
            pos += 4
            has_next, has_var = bool(flags & 0xF0), bool(flags & 0x0F)
            frm, to = (b0 - 0x18) & 0xFF, (b1 - 0x20) & 0xFF
        else:
            assert keys is not None
            if flags & 0x20:
                if pos + 4 > len(body):
                    raise ValueError(f"ends inside a step (the step at byte {HEADER + started})")
                comment_length = struct.unpack_from("<i", body, pos)[0] - keys.comment
                pos += 4
            has_next, has_var = bool(flags & 0x80), bool(flags & 0x40)
            frm, to = (b0 - 0x18 - keys.xyf) & 0xFF, (b1 - 0x20 - keys.xyt) & 0xFF
        comment = None
        if comment_length > 0:
            if pos + comment_length > len(body):
                raise ValueError(f"ends inside a comment (the step at byte {HEADER + started})")
            what = (
                f"XQF comment of move {steps} in file order" if steps else "XQF comment before the first move"
            )
            comment = text_field(body[pos : pos + comment_length], "gb18030", HEADER + pos, what, findings)
            pos += comment_length
        elif comment_length < 0:
            raise ValueError(f"has a negative comment length (the step at byte {HEADER + started})")
        steps += 1
        return frm, to, (1 if has_next else 0) | (2 if has_var else 0), comment

    main: list[MoveNode] = []
    first_side = RED
    try:
        root = step()
        if root is None:
            return main, first_side, None
        if root[3]:
            comments.append(root[3])
        if not root[2] & 1:
            return main, first_side, None
        line = main
        pending: list[MoveNode] = []
        first = True
        budget = MoveBudget()
        while True:
            at = HEADER + pos
            item = step()
            if item is None:
                return main, first_side, f"ends at byte {HEADER + len(body)}, before the last announced move"
            frm, to, flags, comment = item
            a, b = _point(frm), _point(to)
            if not (a and b):
                return main, first_side, f"has a step off the board at byte {at} (from point {frm} to {to})"
            text = a + b
            if first and a:
                piece = board.board[square(FILES.index(a[0]), int(a[1]))]
                first_side = RED if piece >= 0 else -RED
                first = False
            if not budget.take():
                findings.append(budget.finding(where=f"byte {at} (XQF step): ", move=text))
                return main, first_side, None
            node = MoveNode(text=text)
            if comment:
                node.comments_after.append(comment)
            line.append(node)
            if flags & 2:
                pending.append(node)
            if flags & 1:
                continue
            if not pending:
                return main, first_side, None
            parent = pending.pop()
            line = []
            parent.variations.append(line)
    except ValueError as error:
        return main, first_side, str(error)
