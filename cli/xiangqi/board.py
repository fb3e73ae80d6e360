"""The xiangqi board: a 9x10 mailbox with precomputed move tables and incremental Zobrist keys.

Squares are ``rank * 9 + file``: file 0-8 is ``a``-``i`` from Red's left, rank 0-9 from Red's
side (ICCS coordinates). Pieces are signed ints: Red positive, Black negative, with the types
below. A move is the int ``from << 7 | to``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

KING, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, PAWN = 1, 2, 3, 4, 5, 6, 7
RED, BLACK = 1, -1
PIECE_LETTERS = " KABNRCP"
FILES = "abcdefghi"


def square(file: int, rank: int) -> int:
    """The square index of ``file`` (0-8) and ``rank`` (0-9)."""
    return rank * 9 + file


def square_name(sq: int) -> str:
    """ICCS name of a square, ``a0`` … ``i9``."""
    return f"{FILES[sq % 9]}{sq // 9}"


def move_from(move: int) -> int:
    return move >> 7


def move_to(move: int) -> int:
    return move & 127


def make_move(frm: int, to: int) -> int:
    return frm << 7 | to


def move_name(move: int) -> str:
    """The move in UCCI form (``h2e2``)."""
    return square_name(move >> 7) + square_name(move & 127)


def _on(file: int, rank: int) -> bool:
    return 0 <= file < 9 and 0 <= rank < 10


def _in_palace(file: int, rank: int) -> bool:
    return 3 <= file <= 5 and (rank <= 2 or rank >= 7)


def _own_half(rank: int, home_rank: int) -> bool:
    return rank <= 4 if home_rank == 0 else rank >= 5


ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _tables() -> tuple[
    list[list[int]],
    list[list[int]],
    list[list[tuple[int, int]]],
    list[list[tuple[int, int]]],
    list[list[tuple[int, int]]],
    list[list[list[int]]],
    dict[int, list[list[int]]],
    dict[int, list[list[int]]],
]:
    king: list[list[int]] = []
    advisor: list[list[int]] = []
    elephant: list[list[tuple[int, int]]] = []
    horse: list[list[tuple[int, int]]] = []
    rays: list[list[list[int]]] = []
    pawn: dict[int, list[list[int]]] = {RED: [], BLACK: []}
    for sq in range(90):
        f, r = sq % 9, sq // 9
        king.append(
            [
                square(f + df, r + dr)
                for df, dr in ORTHO
                if _on(f + df, r + dr) and _in_palace(f + df, r + dr) and _in_palace(f, r)
            ]
        )
        advisor.append(
            [
                square(f + df, r + dr)
                for df, dr in DIAG
                if _on(f + df, r + dr) and _in_palace(f + df, r + dr) and _in_palace(f, r)
            ]
        )
        home = 0 if r <= 4 else 9
        elephant.append(
            [
                (square(f + 2 * df, r + 2 * dr), square(f + df, r + dr))
                for df, dr in DIAG
                if _on(f + 2 * df, r + 2 * dr) and _own_half(r + 2 * dr, home)
            ]
        )
        hm = []
        for df, dr in ORTHO:
            leg_f, leg_r = f + df, r + dr
            if not _on(leg_f, leg_r):
                continue
            for side in (-1, 1):
                tf = leg_f + (side if df == 0 else df)
                tr = leg_r + (side if dr == 0 else dr)
                if _on(tf, tr):
                    hm.append((square(tf, tr), square(leg_f, leg_r)))
        horse.append(hm)
        ray_list = []
        for df, dr in ORTHO:
            ray = []
            tf, tr = f + df, r + dr
            while _on(tf, tr):
                ray.append(square(tf, tr))
                tf, tr = tf + df, tr + dr
            ray_list.append(ray)
        rays.append(ray_list)
        for side in (RED, BLACK):
            crossed = r >= 5 if side == RED else r <= 4
            steps = [(0, side)] + ([(1, 0), (-1, 0)] if crossed else [])
            pawn[side].append([square(f + df, r + dr) for df, dr in steps if _on(f + df, r + dr)])
    horse_attackers: list[list[tuple[int, int]]] = [[] for _ in range(90)]
    for frm in range(90):
        for to, leg in horse[frm]:
            horse_attackers[to].append((frm, leg))
    pawn_attackers: dict[int, list[list[int]]] = {side: [[] for _ in range(90)] for side in (RED, BLACK)}
    for side in (RED, BLACK):
        for frm in range(90):
            for to in pawn[side][frm]:
                pawn_attackers[side][to].append(frm)
    return king, advisor, elephant, horse, horse_attackers, rays, pawn, pawn_attackers


(
    KING_MOVES,
    ADVISOR_MOVES,
    ELEPHANT_MOVES,
    HORSE_MOVES,
    HORSE_ATTACKERS,
    RAYS,
    PAWN_MOVES,
    PAWN_ATTACKERS,
) = _tables()

_rng = random.Random(0x58_51_4B_49_46_55)
ZOBRIST: dict[int, list[int]] = {
    p: [_rng.getrandbits(64) for _ in range(90)] for p in (*range(1, 8), *range(-7, 0))
}
ZOBRIST_SIDE = _rng.getrandbits(64)


class Board:
    """A xiangqi position with make/unmake, legal move generation and a Zobrist key."""

    __slots__ = ("board", "hash", "history", "kings", "side")

    def __init__(self) -> None:
        self.board: list[int] = [0] * 90
        self.side: int = RED
        self.kings: dict[int, int] = {RED: -1, BLACK: -1}
        self.hash: int = 0
        self.history: list[tuple[int, int, int]] = []

    # --- setting up -----------------------------------------------------------------------
    def put(self, sq: int, piece: int) -> None:
        """Place ``piece`` (0 to clear) on ``sq``, keeping the key and king squares."""
        old = self.board[sq]
        if old:
            self.hash ^= ZOBRIST[old][sq]
            if abs(old) == KING and self.kings[1 if old > 0 else -1] == sq:
                self.kings[1 if old > 0 else -1] = -1
        self.board[sq] = piece
        if piece:
            self.hash ^= ZOBRIST[piece][sq]
            if abs(piece) == KING:
                self.kings[1 if piece > 0 else -1] = sq

    def set_side(self, side: int) -> None:
        if side != self.side:
            self.side = side
            self.hash ^= ZOBRIST_SIDE

    def copy(self) -> Board:
        other = Board()
        other.board = self.board[:]
        other.side = self.side
        other.kings = dict(self.kings)
        other.hash = self.hash
        return other

    # --- making moves ---------------------------------------------------------------------
    def push(self, move: int) -> int:
        """Play ``move`` (legal or pseudo-legal); return the captured piece (0 if none)."""
        frm, to = move >> 7, move & 127
        b = self.board
        piece = b[frm]
        captured = b[to]
        z = ZOBRIST[piece]
        h = self.hash ^ z[frm] ^ z[to] ^ ZOBRIST_SIDE
        if captured:
            h ^= ZOBRIST[captured][to]
        b[to] = piece
        b[frm] = 0
        if piece == KING or piece == -KING:
            self.kings[1 if piece > 0 else -1] = to
        self.history.append((move, captured, self.hash))
        self.hash = h
        self.side = -self.side
        return captured

    def pop(self) -> int:
        """Take back the last move and return it."""
        move, captured, h = self.history.pop()
        frm, to = move >> 7, move & 127
        b = self.board
        piece = b[to]
        b[frm] = piece
        b[to] = captured
        if piece == KING or piece == -KING:
            self.kings[1 if piece > 0 else -1] = frm
        self.hash = h
        self.side = -self.side
        return move

    def previous(self) -> Board:
        """The position before the last move, as a new board (this one is not changed)."""
        move, captured, h = self.history[-1]
        other = self.copy()
        frm, to = move >> 7, move & 127
        piece = other.board[to]
        other.board[frm] = piece
        other.board[to] = captured
        if piece == KING or piece == -KING:
            other.kings[1 if piece > 0 else -1] = frm
        other.hash = h
        other.side = -self.side
        return other

    # --- attacks --------------------------------------------------------------------------
    def attacked(self, sq: int, by: int) -> bool:
        """Whether side ``by`` attacks ``sq`` (the enemy king facing it on a file counts)."""
        b = self.board
        rook, cannon, king = CHARIOT * by, CANNON * by, KING * by
        for ray in RAYS[sq]:
            screened = False
            for t in ray:
                p = b[t]
                if p:
                    if screened:
                        if p == cannon:
                            return True
                        break
                    if p in (rook, king):
                        return True
                    screened = True
        horse = HORSE * by
        for frm, leg in HORSE_ATTACKERS[sq]:
            if b[frm] == horse and not b[leg]:
                return True
        pawn = PAWN * by
        return any(b[frm] == pawn for frm in PAWN_ATTACKERS[by][sq])

    def in_check(self, side: int | None = None) -> bool:
        """Whether ``side`` (default: the side to move) is in check or faces the other king."""
        side = self.side if side is None else side
        ksq = self.kings[side]
        return ksq >= 0 and self.attacked(ksq, -side)

    # --- move generation ------------------------------------------------------------------
    def pseudo_moves(self, squares: range | tuple[int, ...] = range(90)) -> list[int]:
        """Moves that obey each piece's movement, ignoring checks (from ``squares`` only)."""
        b = self.board
        side = self.side
        moves: list[int] = []
        add = moves.append
        for frm in squares:
            p = b[frm]
            if not p or (p > 0) != (side > 0):
                continue
            kind = p if p > 0 else -p
            base = frm << 7
            if kind in (CHARIOT, CANNON):
                for ray in RAYS[frm]:
                    screened = False
                    for t in ray:
                        q = b[t]
                        if not screened:
                            if not q:
                                add(base | t)
                                continue
                            if kind == CHARIOT:
                                if (q > 0) != (side > 0):
                                    add(base | t)
                                break
                            screened = True
                        elif q:
                            if (q > 0) != (side > 0):
                                add(base | t)
                            break
            elif kind == HORSE:
                for t, leg in HORSE_MOVES[frm]:
                    if not b[leg]:
                        q = b[t]
                        if not q or (q > 0) != (side > 0):
                            add(base | t)
            elif kind == ELEPHANT:
                for t, eye in ELEPHANT_MOVES[frm]:
                    if not b[eye]:
                        q = b[t]
                        if not q or (q > 0) != (side > 0):
                            add(base | t)
            else:
                targets = (
                    KING_MOVES[frm]
                    if kind == KING
                    else ADVISOR_MOVES[frm]
                    if kind == ADVISOR
                    else PAWN_MOVES[side][frm]
                )
                for t in targets:
                    q = b[t]
                    if not q or (q > 0) != (side > 0):
                        add(base | t)
        return moves

    def legal_moves(self) -> list[int]:
        """Moves that do not leave the own king attacked or facing the other king."""
        side = self.side
        legal: list[int] = []
        push, pop, attacked, kings = self.push, self.pop, self.attacked, self.kings
        for move in self.pseudo_moves():
            push(move)
            if not attacked(kings[side], -side):
                legal.append(move)
            pop()
        return legal

    def is_legal(self, move: int) -> bool:
        """Whether ``move`` is legal, testing only the moves of the piece that moves."""
        if move not in self.pseudo_moves((move >> 7,)):
            return False
        side = self.side
        self.push(move)
        try:
            return not self.attacked(self.kings[side], -side)
        finally:
            self.pop()

    def has_legal_move(self) -> bool:
        """Whether the side to move has any legal move (no: checkmate or stalemate)."""
        side = self.side
        for move in self.pseudo_moves():
            self.push(move)
            ok = not self.attacked(self.kings[side], -side)
            self.pop()
            if ok:
                return True
        return False

    def gives_check(self, move: int) -> bool:
        """Whether the legal ``move`` attacks the enemy king."""
        self.push(move)
        try:
            return self.in_check()
        finally:
            self.pop()

    def attacks_from(self, sq: int) -> list[int]:
        """Squares of enemy pieces that the piece on ``sq`` attacks (its capturing moves,
        ignoring whether they would leave its own king in check)."""
        saved = self.side
        piece = self.board[sq]
        if not piece:
            return []
        self.side = 1 if piece > 0 else -1
        try:
            return [m & 127 for m in self.pseudo_moves((sq,)) if self.board[m & 127]]
        finally:
            self.side = saved

    def pieces(self) -> Iterator[tuple[int, int]]:
        """``(square, piece)`` for every occupied square."""
        for sq, p in enumerate(self.board):
            if p:
                yield sq, p

    def perft(self, depth: int) -> int:
        """Leaf count of the legal move tree to ``depth`` (bulk-counted at depth 1)."""
        moves = self.legal_moves()
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for move in moves:
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total
