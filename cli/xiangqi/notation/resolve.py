"""Matching a :class:`MoveSpec` against a position: the move it means, or why there is none."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifu.xiangqi.board import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    HORSE,
    KING,
    PAWN,
    RED,
    Board,
    make_move,
    square,
    square_name,
)
from kifu.xiangqi.notation.spec import MoveSpec

STRAIGHT = (KING, CHARIOT, CANNON, PAWN)
NAMES = {
    KING: "king",
    ADVISOR: "advisor",
    ELEPHANT: "elephant",
    HORSE: "horse",
    CHARIOT: "chariot",
    CANNON: "cannon",
    PAWN: "soldier",
}


@dataclass(slots=True)
class Resolution:
    """The outcome of resolving a move text.

    ``move`` is set when exactly one legal move fits. Otherwise ``problem`` names the failure:
    ``no-piece``, ``marker``, ``no-move`` (the text describes no move of that piece),
    ``ambiguous``, ``abridged`` (an abridged move with several readings), ``rule`` (the move
    breaks a movement rule), ``check`` (leaves or moves the own king into check) or
    ``flying-general``; ``message`` explains it for an arbiter. ``readings`` are the legal moves
    that fit (when ambiguous); ``noncanonical`` is set when the text needed a convention to read.
    """

    move: int | None = None
    problem: str | None = None
    message: str = ""
    readings: list[int] = field(default_factory=list)
    noncanonical: str | None = None


def file_x(side: int, number: int) -> int:
    """Board file (0 = a) of a file number counted from the mover's right."""
    return 9 - number if side == RED else number - 1


def file_number(side: int, x: int) -> int:
    return 9 - x if side == RED else x + 1


def files_of(board: Board, side: int, kind: int) -> dict[int, list[int]]:
    """Squares of ``side``'s pieces of ``kind``, per board file, front to back."""
    groups: dict[int, list[int]] = {}
    piece = kind * side
    for sq, p in enumerate(board.board):
        if p == piece:
            groups.setdefault(sq % 9, []).append(sq)
    for squares in groups.values():
        squares.sort(reverse=side == RED)
    return groups


def doubled_files(groups: dict[int, list[int]], side: int) -> list[list[int]]:
    """Files holding two or more of the pieces, from the mover's right to left (XQBase order)."""
    xs = sorted((x for x, sq in groups.items() if len(sq) >= 2), reverse=side == RED)
    return [groups[x] for x in xs]


def select(group: list[int], marker: str) -> int | None:
    """The square ``marker`` picks among ``group`` (front to back), or ``None``."""
    n = len(group)
    if n < 2:
        return None
    if marker == "front":
        return group[0]
    if marker == "rear":
        return group[-1]
    if marker == "middle":
        return group[n // 2] if n % 2 == 1 else None
    if marker in ("wxf+", "wxf-"):
        k = 1 if n >= 4 else 0
        return group[k] if marker == "wxf+" else group[-1 - k]
    kind, _, value = marker.partition(":")
    k = int(value)
    if kind == "index":
        return group[k] if k < n else None
    if kind == "rindex":
        return group[-1 - k] if k < n else None
    return None


_MARKER_TEXT = {
    "front": "前 (front)",
    "rear": "后 (rear)",
    "middle": "中 (middle)",
    "wxf+": "+ (front)",
    "wxf-": "- (rear)",
}


def _origins(board: Board, spec: MoveSpec, side: int) -> tuple[list[int], str | None, str]:
    """Candidate origin squares, or a problem and message."""
    assert spec.kind is not None
    kind = spec.kind
    name = NAMES[kind]
    groups = files_of(board, side, kind)
    marker = spec.marker
    if spec.file is not None:
        x = file_x(side, spec.file)
        group = groups.get(x, [])
        if not group:
            where = sorted(file_number(side, gx) for gx in groups)
            listed = ", ".join(map(str, where))
            have = f"; {name}s stand on file(s) {listed}" if where else f"; there is no {name}"
            return [], "no-piece", f"no {name} stands on file {spec.file}{have}"
        if marker is None:
            return group, None, ""
        pick = select(group, marker)
        if pick is None:
            return (
                [],
                "marker",
                (
                    f"{_MARKER_TEXT.get(marker, marker)} does not fit: {len(group)} {name}(s) "
                    f"on file {spec.file}"
                ),
            )
        return [pick], None, ""
    assert marker is not None
    doubled = doubled_files(groups, side)
    if marker.startswith("ordinal:"):
        sequence = [sq for group in doubled for sq in group]
        k = int(marker.partition(":")[2])
        if k > len(sequence):
            return (
                [],
                "marker",
                (f"ordinal {k} given, but only {len(sequence)} {name}(s) stand on files holding two or more"),
            )
        return [sequence[k - 1]], None, ""
    if not doubled:
        return (
            [],
            "marker",
            (
                f"{_MARKER_TEXT.get(marker, marker)} {name}: no file holds two {name}s, so "
                f"the file must be named"
            ),
        )
    picks = [p for p in (select(group, marker) for group in doubled) if p is not None]
    if not picks:
        return [], "marker", f"{_MARKER_TEXT.get(marker, marker)} does not fit the {name}s on the file"
    return picks, None, ""


def _destinations(sq: int, kind: int, side: int, direction: str, target: int) -> int | None:
    f, r = sq % 9, sq // 9
    if kind in STRAIGHT:
        if direction == ".":
            tf, tr = file_x(side, target), r
            if tf == f:
                return None
        else:
            tf, tr = f, r + (side if direction == "+" else -side) * target
    else:
        if direction == ".":
            return None
        tf = file_x(side, target)
        dx = abs(tf - f)
        if kind == HORSE:
            dr = {1: 2, 2: 1}.get(dx)
        elif kind == ADVISOR:
            dr = 1 if dx == 1 else None
        else:
            dr = 2 if dx == 2 else None
        if dr is None:
            return None
        tr = r + (side if direction == "+" else -side) * dr
    if 0 <= tf < 9 and 0 <= tr < 10:
        return square(tf, tr)
    return None


def candidates(board: Board, spec: MoveSpec) -> tuple[list[int], str | None, str]:
    """Moves the text can mean geometrically (legal or not), or a problem and message."""
    side = board.side
    if spec.squares is not None:
        frm, to = spec.squares
        piece = board.board[frm]
        if not piece or (piece > 0) != (side > 0):
            who = "Red" if side == RED else "Black"
            return [], "no-piece", f"no {who} piece stands on {square_name(frm)}"
        return [make_move(frm, to)], None, ""
    origins, problem, message = _origins(board, spec, side)
    if problem:
        return [], problem, message
    assert spec.kind is not None and spec.target is not None
    if spec.direction:
        directions = [spec.direction]
    else:
        directions = ["+", "-", "."] if spec.kind in STRAIGHT else ["+", "-"]
    moves = []
    for sq in origins:
        for direction in directions:
            dest = _destinations(sq, spec.kind, side, direction, spec.target)
            if dest is not None:
                moves.append(make_move(sq, dest))
    if not moves:
        name = NAMES[spec.kind]
        return [], "no-move", f"the text describes no move a {name} can make from where it stands"
    return moves, None, ""


def resolve(
    board: Board, spec: MoveSpec, legal: list[int] | None = None, abridged_preference: str | None = None
) -> Resolution:
    """Find the legal move ``spec`` means in ``board``, or say why there is none.

    ``abridged_preference`` (``advance`` or ``traverse``) is the user's convention for abridged
    moves that read two ways; without it such a move is reported, never guessed.
    """
    moves, problem, message = candidates(board, spec)
    if problem:
        return Resolution(problem=problem, message=message)
    if legal is None:
        fitting = [m for m in dict.fromkeys(moves) if board.is_legal(m)]
    else:
        legal_set = set(legal)
        fitting = [m for m in dict.fromkeys(moves) if m in legal_set]
    if len(fitting) > 1 and spec.wxf_middle_by_file and spec.file is not None:
        group = files_of(board, board.side, PAWN).get(file_x(board.side, spec.file), [])
        if len(group) % 2 == 1:
            middle = group[len(group) // 2]
            fitting = [m for m in fitting if m >> 7 == middle] or fitting
    if len(fitting) == 1:
        resolution = Resolution(move=fitting[0])
        if len({m >> 7 for m in moves}) > 1 and spec.kind not in (ADVISOR, ELEPHANT) and spec.marker is None:
            resolution.noncanonical = (
                "several pieces of that type stand on the file; only one can make the move"
            )
        return resolution
    if len(fitting) > 1:
        if spec.direction is None and len({m >> 7 for m in fitting}) == 1 and abridged_preference:
            want = "." if abridged_preference == "traverse" else "+-"
            chosen = [m for m in fitting if ((m >> 7) // 9 == (m & 127) // 9) == (want == ".")]
            if len(chosen) == 1:
                why = f"abridged move read by the {abridged_preference} convention"
                return Resolution(move=chosen[0], noncanonical=why)
        kind = "abridged" if spec.direction is None else "ambiguous"
        return Resolution(problem=kind, readings=fitting, message="the text fits several legal moves")
    first = moves[0]
    problem, message = explain_illegal(board, first)
    return Resolution(problem=problem, message=message, readings=[first])


def explain_illegal(board: Board, move: int) -> tuple[str, str]:
    """Why a geometrically described move is illegal: ``rule``, ``check`` or ``flying-general``."""
    frm, to = move >> 7, move & 127
    piece = board.board[frm]
    side = 1 if piece > 0 else -1
    kind = abs(piece)
    name = NAMES[kind]
    if move in board.pseudo_moves():
        board.push(move)
        try:
            ksq, other = board.kings[side], board.kings[-side]
            facing = ksq % 9 == other % 9 and all(
                not board.board[s] for s in range(min(ksq, other) + 9, max(ksq, other), 9)
            )
            attacked_otherwise = _attacked_without_kings(board, ksq, -side)
        finally:
            board.pop()
        if facing and not attacked_otherwise:
            return "flying-general", "the kings would face each other on an open file (flying general)"
        was = board.in_check(side)
        if kind == KING:
            return "check", "the king would move into check"
        if was:
            return "check", "the move leaves the own king in check"
        return "check", "the move exposes the own king to check"
    f1, r1, f2, r2 = frm % 9, frm // 9, to % 9, to // 9
    target = board.board[to]
    if target and (target > 0) == (piece > 0):
        return "rule", f"the {name} would capture its own piece on {square_name(to)}"
    between = _between(frm, to)
    if kind in (KING, ADVISOR) and not (3 <= f2 <= 5 and (r2 <= 2 or r2 >= 7)):
        return "rule", f"the {name} may not leave the palace"
    if kind == KING and abs(f2 - f1) + abs(r2 - r1) != 1:
        return "rule", "the king moves one step at a time"
    if kind == ELEPHANT:
        if (r1 <= 4) != (r2 <= 4):
            return "rule", "the elephant may not cross the river"
        eye = square((f1 + f2) // 2, (r1 + r2) // 2)
        if board.board[eye]:
            return "rule", f"the elephant's eye on {square_name(eye)} is blocked"
    if kind == HORSE:
        leg = square(
            f1 + (0 if abs(f2 - f1) == 1 else (f2 - f1) // 2),
            r1 + (0 if abs(r2 - r1) == 1 else (r2 - r1) // 2),
        )
        if board.board[leg]:
            return "rule", f"the horse's leg on {square_name(leg)} is blocked"
    if kind == PAWN:
        crossed = r1 >= 5 if side == RED else r1 <= 4
        if (r2 - r1) * side < 0:
            return "rule", "a soldier never moves backward"
        if r1 == r2 and not crossed:
            return "rule", "a soldier moves sideways only after crossing the river"
        if abs(r2 - r1) + abs(f2 - f1) != 1:
            return "rule", "a soldier moves one step at a time"
    blockers = [s for s in between if board.board[s]]
    if kind == CHARIOT and blockers:
        blocker = blockers[0]
        return "rule", f"the chariot's path is blocked on {square_name(blocker)}"
    if kind == CANNON:
        screens = [s for s in between if board.board[s]]
        if target and not screens:
            return "rule", "the cannon captures only by jumping over exactly one piece (no screen)"
        if target and len(screens) > 1:
            return "rule", f"the cannon would jump over {len(screens)} pieces; it captures over exactly one"
        if not target and screens:
            where = square_name(screens[0])
            return "rule", f"the cannon's path is blocked on {where} (it jumps only to capture)"
    return "rule", f"the {name} cannot move from {square_name(frm)} to {square_name(to)}"


def _between(frm: int, to: int) -> list[int]:
    f1, r1, f2, r2 = frm % 9, frm // 9, to % 9, to // 9
    if f1 == f2:
        step = 9 if r2 > r1 else -9
    elif r1 == r2:
        step = 1 if f2 > f1 else -1
    else:
        return []
    return list(range(frm + step, to, step))


def _attacked_without_kings(board: Board, sq: int, by: int) -> bool:
    """Attacked by a piece other than the facing king (to tell check from flying general)."""
    ksq = board.kings[by]
    saved = board.board[ksq]
    board.board[ksq] = 0
    try:
        return board.attacked(sq, by)
    finally:
        board.board[ksq] = saved
