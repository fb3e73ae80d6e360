"""Fast paths over python-chess's ``Board`` for replaying records move after move.

A replay never takes a move back, so python-chess's undo record (a snapshot of the board per
move) is work without use: :func:`push` plays ordinary moves without it and leaves the rest
(castling, en passant, promotion, null moves) to ``Board.push``. :class:`FenWriter` writes the
FEN of each position of a line by rewriting only the ranks the last move touched.

Both give exactly python-chess's results; ``tests/chess/test_position.py`` compares them
position by position over random games, Chess960 included.
"""

from __future__ import annotations

import chess

_SQUARES = chess.BB_SQUARES
_NOT_BACK_RANK = {chess.WHITE: ~chess.BB_RANK_1, chess.BLACK: ~chess.BB_RANK_8}


#: what :func:`push` says of a move: it resets the fifty-move count (a pawn moved or a piece
#: was taken), and it moved a second piece (castling, en passant), so that only a full test
#: tells whether it checks
ZEROING, SPECIAL = 1, 2


def push(board: chess.Board, move: chess.Move) -> int:
    """Play a legal ``move`` on ``board`` like ``board.push(move)``, without its undo record.

    Returns :data:`ZEROING` and :data:`SPECIAL` flags. ``board.pop()`` cannot take such a move
    back; a ``push``/``pop`` pair of python-chess's own made after it still works.
    """
    origin, target = move.from_square, move.to_square
    from_bb, to_bb = _SQUARES[origin], _SQUARES[target]
    turn = board.turn
    if move.promotion or not move or board.promoted & (from_bb | to_bb):
        flags = ZEROING if move and (board.pawns & from_bb or board.occupied_co[not turn] & to_bb) else 0
        board.push(move)
        return flags
    mine = board.occupied_co[turn]
    pawn = board.pawns & from_bb
    king = board.kings & from_bb
    if pawn and not board.occupied & to_bb and (origin ^ target) & 7:
        board.push(move)  # en passant
        return ZEROING | SPECIAL
    if king and (mine & to_bb or abs((origin & 7) - (target & 7)) > 1):
        board.push(move)  # castling
        return SPECIAL
    rights = board.castling_rights
    if rights:
        rights = board.clean_castling_rights() & ~(from_bb | to_bb)
        if king:
            rights &= _NOT_BACK_RANK[turn]
        board.castling_rights = rights
    captured = board.occupied_co[not turn] & to_bb
    if captured:
        keep = ~to_bb
        board.pawns &= keep
        board.knights &= keep
        board.bishops &= keep
        board.rooks &= keep
        board.queens &= keep
        board.occupied_co[not turn] &= keep
    both = from_bb | to_bb
    if pawn:
        board.pawns ^= both
    elif king:
        board.kings ^= both
    elif board.knights & from_bb:
        board.knights ^= both
    elif board.bishops & from_bb:
        board.bishops ^= both
    elif board.rooks & from_bb:
        board.rooks ^= both
    elif board.queens & from_bb:
        board.queens ^= both
    else:
        raise ValueError(f"no piece on {chess.SQUARE_NAMES[origin]} for {move.uci()}")
    board.occupied_co[turn] = mine ^ both
    board.occupied = board.occupied_co[chess.WHITE] | board.occupied_co[chess.BLACK]
    board.ep_square = (origin + target) >> 1 if pawn and (target - origin) in (16, -16) else None
    if turn == chess.BLACK:
        board.fullmove_number += 1
    board.turn = not turn
    if pawn or captured:
        board.halfmove_clock = 0
        return ZEROING
    board.halfmove_clock += 1
    return 0


class FenWriter:
    """The FEN of each position of one line, from the position it starts with.

    Call :meth:`fen` after every move; it compares the occupied squares (and the kings) with
    those it last saw and writes anew only the ranks where they changed.
    """

    __slots__ = ("_black", "_kings", "_ranks", "_white")

    def __init__(self, board: chess.Board) -> None:
        self._ranks = [_rank(board, rank) for rank in range(8)]
        self._white, self._black = board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK]
        self._kings = board.kings

    def fen(self, board: chess.Board) -> str:
        """python-chess's ``board.fen()``."""
        white, black = board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK]
        # Chess960 castling may swap a king and a rook without changing any occupied square
        changed = (white ^ self._white) | (black ^ self._black) | (board.kings ^ self._kings)
        self._white, self._black, self._kings = white, black, board.kings
        ranks = self._ranks
        while changed:
            rank = (changed & -changed).bit_length() - 1 >> 3
            ranks[rank] = _rank(board, rank)
            changed &= ~chess.BB_RANKS[rank]
        ep = board.ep_square
        return (
            f"{ranks[7]}/{ranks[6]}/{ranks[5]}/{ranks[4]}/{ranks[3]}/{ranks[2]}/{ranks[1]}/{ranks[0]} "
            f"{'w' if board.turn else 'b'} "
            f"{board.castling_xfen() if board.castling_rights else '-'} "
            f"{chess.SQUARE_NAMES[ep] if ep is not None and board.has_legal_en_passant() else '-'} "
            f"{board.halfmove_clock} {board.fullmove_number}"
        )


def _rank(board: chess.Board, rank: int) -> str:
    """One rank of a FEN board, e.g. ``rnbqkb1r`` or ``3P4``."""
    out: list[str] = []
    empty = 0
    occupied, white = board.occupied, board.occupied_co[chess.WHITE]
    for square in range(rank * 8, rank * 8 + 8):
        mask = _SQUARES[square]
        if not occupied & mask:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        if board.pawns & mask:
            letter = "p"
        elif board.knights & mask:
            letter = "n"
        elif board.bishops & mask:
            letter = "b"
        elif board.rooks & mask:
            letter = "r"
        elif board.queens & mask:
            letter = "q"
        else:
            letter = "k"
        out.append(letter.upper() if white & mask else letter)
    if empty:
        out.append(str(empty))
    return "".join(out)
