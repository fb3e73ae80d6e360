"""What a move does to the enemy in a repetition: check, mate threat, chase (with real protection).

A mate threat is a mate by one or two consecutive checks that the mover would have if it could
move again, counted only when the move creates it (judged under CXA only: AXF allows mate threats,
so they never change its verdicts).

The rules are those of the reference's "Repetition verdicts": a chase is a new attack by a piece
other than a king or soldier on an enemy piece that counts as material, whose capture is legal and
which is not truly protected (a recapture must be legal after the capture: pinned protectors and
recaptures into check or into facing kings are false roots). A horse or cannon attacking a
chariot chases even a protected chariot. Under CXA fewer protectors than attackers is no
protection: the captures on the square are played out, cheapest piece first, and the target is
unprotected when the attacking side makes the last capture.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifu.xiangqi.board import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    HORSE,
    KING,
    PAWN,
    Board,
    square_name,
)

PIECE_NAMES = {
    KING: "king",
    ADVISOR: "advisor",
    ELEPHANT: "elephant",
    HORSE: "horse",
    CHARIOT: "chariot",
    CANNON: "cannon",
    PAWN: "soldier",
}
#: Piece kinds whose attacks never count as a chase (their attacks are idle).
IDLE_ATTACKERS = (KING, PAWN)
#: Rough piece values, only to choose the cheapest capturer in an exchange.
VALUES = {PAWN: 1, ADVISOR: 2, ELEPHANT: 2, HORSE: 4, CANNON: 4, CHARIOT: 9, KING: 100}
FALSE_ROOT = "falsely protected"


@dataclass(frozen=True, slots=True)
class Chase:
    """One chased piece: the attacker's and the target's squares after the move, and why."""

    attacker: int
    target: int
    why: str


@dataclass(frozen=True, slots=True)
class MoveClass:
    """What one move does: check, mate threat, the pieces it chases (empty: none)."""

    check: bool
    threat: bool
    chases: tuple[Chase, ...]

    @property
    def idle(self) -> bool:
        return not (self.check or self.threat or self.chases)


def describe(board: Board, sq: int) -> str:
    """``chariot a7`` for the piece on ``sq``."""
    return f"{PIECE_NAMES[abs(board.board[sq])]} {square_name(sq)}"


def counts_as_material(piece: int, sq: int) -> bool:
    """Chariot, horse, cannon, advisor, elephant and crossed soldiers count; kings and uncrossed
    soldiers do not."""
    kind = abs(piece)
    if kind == KING:
        return False
    if kind == PAWN:
        rank = sq // 9
        return rank >= 5 if piece > 0 else rank <= 4
    return True


def attack_pairs(board: Board, side: int) -> set[tuple[int, int]]:
    """``(attacker, target)`` squares: pieces of ``side`` that may chase attacking material."""
    pairs: set[tuple[int, int]] = set()
    b = board.board
    for sq in range(90):
        p = b[sq]
        if not p or (p > 0) != (side > 0) or abs(p) in IDLE_ATTACKERS:
            continue
        for t in board.attacks_from(sq):
            if counts_as_material(b[t], t):
                pairs.add((sq, t))
    return pairs


def _captures_to(board: Board, target: int) -> list[int]:
    """Legal moves of the side to move that capture on ``target``."""
    return [m for m in board.pseudo_moves() if m & 127 == target and board.is_legal(m)]


def _exchange(board: Board, target: int) -> tuple[int, int]:
    """After a capture on ``target``: how many recaptures the side to move makes, and how many
    further captures the other side makes, each side taking with its least valuable piece."""
    counts = [0, 0]
    turn = 0
    made = 0
    while True:
        captures = _captures_to(board, target)
        if not captures:
            break
        board.push(min(captures, key=lambda m: VALUES[abs(board.board[m >> 7])]))
        made += 1
        counts[turn] += 1
        turn ^= 1
    for _ in range(made):
        board.pop()
    return counts[0], counts[1]


def _mate_in_one(board: Board) -> bool:
    """Whether the side to move can give checkmate at once."""
    side = board.side
    for move in board.pseudo_moves():
        board.push(move)
        mate = (
            board.in_check() and not board.attacked(board.kings[side], -side) and not board.has_legal_move()
        )
        board.pop()
        if mate:
            return True
    return False


def chase_reason(board: Board, attacker: int, target: int, preset: str) -> str | None:
    """Why the attack of ``attacker`` on ``target`` is a chase, or ``None`` if it is not.

    ``board`` is the position after the attacking move, the attacked side to move.
    """
    b = board.board
    side = 1 if b[attacker] > 0 else -1
    owner = board.side
    board.set_side(side)
    try:
        capture = attacker << 7 | target
        if not board.is_legal(capture):
            return None
        kinds = abs(b[attacker]), abs(b[target])
        if kinds[0] == kinds[1]:
            board.set_side(-side)
            offered = board.is_legal(target << 7 | attacker)
            board.set_side(side)
            if offered:
                return None  # the target can take the attacker back: an exchange offer, idle
        board.push(capture)
        try:
            why = _unprotected(board, target, kinds, preset)
            if why is not None and _mate_in_one(board):
                return None  # the capture would lose to a mate
            return why
        finally:
            board.pop()
    finally:
        board.set_side(owner)


def _unprotected(board: Board, target: int, kinds: tuple[int, int], preset: str) -> str | None:
    """Why the piece just taken on ``target`` was not truly protected (``None``: it was)."""
    if kinds[1] == CHARIOT and kinds[0] in (HORSE, CANNON):
        return f"a {PIECE_NAMES[kinds[0]]} attacking a chariot chases it even if it is protected"
    protectors = _captures_to(board, target)
    if not protectors:
        if any(m & 127 == target for m in board.pseudo_moves()):
            return f"{FALSE_ROOT} (its protector cannot legally recapture)"
        return "unprotected"
    if preset != "cxa":
        return None
    recaptures, again = _exchange(board, target)
    if again < recaptures:
        return None
    return (
        f"more attackers than protectors: {again + 1} captures on {square_name(target)} "
        f"against {recaptures} recapture{'s' if recaptures > 1 else ''}"
    )


def _mate_by_checks(board: Board, checks: int) -> bool:
    """Whether the side to move forces mate with at most ``checks`` consecutive checks."""
    side = board.side
    for move in board.pseudo_moves():
        board.push(move)
        try:
            if _mates_after_check(board, side, checks):
                return True
        finally:
            board.pop()
    return False


def _mates_after_check(board: Board, side: int, checks: int) -> bool:
    """After ``side``'s move: whether it was a check that mates now or by ``checks - 1`` more."""
    if not board.in_check() or board.attacked(board.kings[side], -side):
        return False
    replies = board.legal_moves()
    if not replies:
        return True
    return checks > 1 and all(_forced_after(board, reply, checks - 1) for reply in replies)


def _forced_after(board: Board, reply: int, checks: int) -> bool:
    board.push(reply)
    try:
        return _mate_by_checks(board, checks)
    finally:
        board.pop()


def mate_threat(board: Board, side: int, checks: int = 2) -> bool:
    """Whether ``side`` (not to move in ``board``) would force mate by ``checks`` consecutive
    checks at most if it were its turn (杀: a mate threat by check or checks)."""
    if board.in_check():
        return False
    owner = board.side
    board.set_side(side)
    try:
        return not board.in_check() and _mate_by_checks(board, checks)
    finally:
        board.set_side(owner)


def chased(board: Board, side: int, preset: str) -> dict[tuple[int, int], str]:
    """``{(attacker, target): why}``: the enemy pieces that ``side``'s pieces chase in ``board``."""
    out = {}
    for a, t in sorted(attack_pairs(board, side)):
        why = chase_reason(board, a, t, preset)
        if why is not None:
            out[a, t] = why
    return out


def classify(board: Board, move: int, preset: str) -> MoveClass:
    """Classify the legal ``move`` of the side to move in ``board`` (left unchanged).

    The move threatens mate when the threat stands after it and did not before it. It
    chases the pieces that are chased after it and were not chased by the same
    attacker before it: a new attack (by the moved piece or one it unmasked), or an old attack
    whose target's protector can no longer legally recapture (a pin, a recapture that would
    expose the king). A checking move has no false roots: its protectors cannot recapture only
    because their king is in check.
    """
    side = board.side
    frm, to = move >> 7, move & 127
    moved = {(to if a == frm else a, t) for a, t in attack_pairs(board, side)}
    threatened = preset == "cxa" and mate_threat(board, side)
    board.push(move)
    try:
        check = board.in_check()
        # a check's false roots are of its own making: a protector cannot recapture while its
        # king stands in check, but the reply must answer the check before any capture
        after = [
            (a, t, why)
            for (a, t), why in chased(board, side, preset).items()
            if ((a, t) not in moved or why.startswith(FALSE_ROOT))
            and not (check and why.startswith(FALSE_ROOT))
        ]
        # a threat that already stood before the move is not this move's (29.2, as for chases)
        threat = preset == "cxa" and not check and not threatened and mate_threat(board, side)
    finally:
        board.pop()
    # an old attack counts only if its target was truly protected before the move
    chases = tuple(
        Chase(a, t, why)
        for a, t, why in after
        if (a, t) not in moved or chase_reason(board, frm if a == to else a, t, preset) is None
    )
    return MoveClass(check, threat, chases)
