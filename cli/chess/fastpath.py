"""The fast paths over python-chess's internals, in one place: replaying, resolving, writing.

Every function here gives exactly python-chess's result, computed with its bitboards (and
one private helper, ``Board._slider_blockers``) instead of its general routines:

- :func:`push` plays an ordinary move without python-chess's undo record (a replay never
  takes a move back); :func:`gives_check` tells whether the move just played checks from the
  moved piece alone; :class:`FenWriter` rewrites only the FEN ranks a move touched;
- :func:`fast_san` resolves a well-formed SAN from the pieces that attack its target square,
  without generating moves; :func:`piece_san` and :func:`write_move` write SAN and LAN before
  the move is played, without ``Board.san``'s play-test-undo detour.

``tests/chess/test_fastpath.py`` and ``tests/chess/test_properties.py`` compare them with
python-chess position by position over random games, Chess960 included.
"""

from __future__ import annotations

import re
from typing import Any, Final

import chess

#: A SAN move without check mark nor annotation; its groups are :func:`fast_san`'s input.
SAN = re.compile(
    r"^(?:([NBRQK])([a-h])?([1-8])?(x)?([a-h][1-8])|([a-h])(?:(x)([a-h]))?([1-8])(=?)([NBRQ])?)$"
)

# python-chess's tables, as constants of this module (the compiled build reads them directly)
_SQUARES: Final = chess.BB_SQUARES
_RAYS: Final = chess.BB_RAYS
_KNIGHT_ATTACKS: Final = chess.BB_KNIGHT_ATTACKS
_KING_ATTACKS: Final = chess.BB_KING_ATTACKS
_PAWN_ATTACKS: Final = chess.BB_PAWN_ATTACKS
_DIAG_ATTACKS: Final = chess.BB_DIAG_ATTACKS
_RANK_ATTACKS: Final = chess.BB_RANK_ATTACKS
_FILE_ATTACKS: Final = chess.BB_FILE_ATTACKS
_DIAG_MASKS: Final = chess.BB_DIAG_MASKS
_RANK_MASKS: Final = chess.BB_RANK_MASKS
_FILE_MASKS: Final = chess.BB_FILE_MASKS
_ALL: Final = chess.BB_ALL
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
    null = origin == target  # (a null move; no legal move stays on its square)
    if move.promotion or null or board.promoted & (from_bb | to_bb):
        flags = ZEROING if not null and (board.pawns & from_bb or board.occupied_co[not turn] & to_bb) else 0
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


def gives_check(board: chess.Board, move: chess.Move) -> bool:
    """Whether ``move``, just pushed on ``board``, checks (not castling nor en passant).

    The moved piece checks from its square, or it uncovers a check by leaving a line of its
    king's enemy on which a slider of its own stands; only then is python-chess's full test
    needed. This is most of a move's cost saved on the hot path.
    """
    kings = board.kings & board.occupied_co[board.turn]
    if not kings:
        return False
    king = kings.bit_length() - 1
    if attacks(board, move.to_square) & _SQUARES[king]:
        return True
    line = _RAYS[king][move.from_square]
    sliders = (board.queens | board.rooks | board.bishops) & board.occupied_co[not board.turn]
    return bool(line & sliders) and board.is_check()


def attacks(board: chess.Board, square: int) -> int:
    """python-chess's ``board.attacks_mask(square)``: the squares the piece on ``square`` attacks."""
    bb = _SQUARES[square]
    if bb & board.pawns:
        return _PAWN_ATTACKS[bool(bb & board.occupied_co[chess.WHITE])][square]
    if bb & board.knights:
        return _KNIGHT_ATTACKS[square]
    if bb & board.kings:
        return _KING_ATTACKS[square]
    occupied = board.occupied
    queens = board.queens
    found = 0
    if bb & (board.bishops | queens):
        found = _DIAG_ATTACKS[square][_DIAG_MASKS[square] & occupied]
    if bb & (board.rooks | queens):
        found |= _RANK_ATTACKS[square][_RANK_MASKS[square] & occupied]
        found |= _FILE_ATTACKS[square][_FILE_MASKS[square] & occupied]
    return found


def attackers(board: chess.Board, color: bool, square: int, occupied: int) -> int:
    """python-chess's ``board.attackers_mask(color, square, occupied)``."""
    queens = board.queens
    rooks = queens | board.rooks
    bishops = queens | board.bishops
    found = (
        (_KING_ATTACKS[square] & board.kings)
        | (_KNIGHT_ATTACKS[square] & board.knights)
        | (_RANK_ATTACKS[square][_RANK_MASKS[square] & occupied] & rooks)
        | (_FILE_ATTACKS[square][_FILE_MASKS[square] & occupied] & rooks)
        | (_DIAG_ATTACKS[square][_DIAG_MASKS[square] & occupied] & bishops)
        | (_PAWN_ATTACKS[not color][square] & board.pawns)
    )
    return found & board.occupied_co[color]


def slider_blockers(board: chess.Board, king: int) -> int:
    """python-chess's ``board._slider_blockers(king)``: the side to move's pieces pinned to ``king``
    (each the only piece between the king and an enemy slider on its line)."""
    queens = board.queens
    rooks = queens | board.rooks
    bishops = queens | board.bishops
    lines = (_RANK_ATTACKS[king][0] | _FILE_ATTACKS[king][0]) & rooks
    snipers = (lines | (_DIAG_ATTACKS[king][0] & bishops)) & board.occupied_co[not board.turn]
    occupied = board.occupied
    blockers = 0
    while snipers:
        sniper = snipers.bit_length() - 1
        snipers ^= _SQUARES[sniper]
        ray = _RAYS[king][sniper] & ((_ALL << king) ^ (_ALL << sniper))
        between = ray & (ray - 1) & occupied
        if between and not between & (between - 1):  # exactly one piece in between
            blockers |= between
    return blockers & board.occupied_co[board.turn]


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


# --- resolving SAN ---

_PIECE_INDEX = {"N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK, "Q": chess.QUEEN, "K": chess.KING}


def _safe(board: chess.Board, move: chess.Move, king: int | None) -> bool:
    """Whether a pseudo-legal move (not en passant, not castling) leaves the own king safe.

    ``king`` is the mover's king square when the side to move is not in check and the king
    itself does not move, else ``None`` (then python-chess's full ``is_into_check`` decides).
    Out of check, only a pinned piece can expose its king, and a pinned piece may still move
    along the line of its pin. A piece off every line through the king is never pinned, so
    most moves need no test at all.
    """
    if king is None:
        return not board.is_into_check(move)
    origin = _SQUARES[move.from_square]
    if not _LINES_THROUGH[king] & origin:
        return True
    # pieces standing between the king and an enemy slider (python-chess's own pin finder)
    if not slider_blockers(board, king) & origin:
        return True
    return bool(_RAYS[king][move.from_square] & _SQUARES[move.to_square])


def _unchecked_king(board: chess.Board, in_check: bool, king_moves: bool) -> int | None:
    """The mover's king square when the pin shortcut of :func:`_safe` applies, else ``None``."""
    kings = board.kings & board.occupied_co[board.turn]
    if in_check or king_moves or not kings:
        return None
    return kings.bit_length() - 1


#: For each square, the squares on the same rank, file or diagonal (the lines a pin runs on).
_LINES_THROUGH: Final = [
    chess.BB_DIAG_ATTACKS[sq][0] | chess.BB_RANK_ATTACKS[sq][0] | chess.BB_FILE_ATTACKS[sq][0]
    for sq in chess.SQUARES
]


def reach(board: chess.Board, piece: chess.PieceType, to: chess.Square) -> chess.Bitboard:
    """The squares from which a piece (not a pawn) of this kind attacks ``to`` in this position."""
    if piece == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[to]
    if piece == chess.KING:
        return chess.BB_KING_ATTACKS[to]
    occupied = board.occupied
    squares = 0
    if piece != chess.ROOK:
        squares |= chess.BB_DIAG_ATTACKS[to][chess.BB_DIAG_MASKS[to] & occupied]
    if piece != chess.BISHOP:
        squares |= chess.BB_RANK_ATTACKS[to][chess.BB_RANK_MASKS[to] & occupied]
        squares |= chess.BB_FILE_ATTACKS[to][chess.BB_FILE_MASKS[to] & occupied]
    return squares


def fast_san(board: chess.Board, groups: tuple[Any, ...], in_check: bool | None = None) -> chess.Move | None:
    """The move of a well-formed SAN when it is legal and unique, found directly; else ``None``.

    ``groups`` are the groups of a match of ``_SAN`` (or ``_PLAIN_SAN``, which begins alike).
    This is python-chess's resolution without generating moves: the candidates are the pieces
    that attack the target square. Anything unusual (no candidate, two candidates, en passant,
    a missing promotion piece) returns ``None`` and goes to ``parse_san``, which explains it.
    """
    letter, from_file, from_rank, _, square, pawn_file, takes, target_file, target_rank, _, promoted = groups[
        :11
    ]
    turn = board.turn
    if in_check is None:
        in_check = board.is_check()
    if letter:
        to = _SQUARE_INDEX[square]
        if board.occupied_co[turn] & chess.BB_SQUARES[to]:
            return None
        piece = _PIECE_INDEX[letter]
        origins = board.pieces_mask(piece, turn) & reach(board, piece, to)
        if from_file:
            origins &= chess.BB_FILES[ord(from_file) - 97]
        if from_rank:
            origins &= chess.BB_RANKS[ord(from_rank) - 49]
        if not origins:
            return None
        if piece == chess.KING:
            if origins & (origins - 1):
                return None  # two kings: python-chess explains
            origin = origins.bit_length() - 1
            # safe where no enemy piece attacks the square once the king has left its own
            if attackers(board, not turn, to, board.occupied ^ _SQUARES[origin]):
                return None
            return chess.Move(origin, to)
        king = _unchecked_king(board, in_check, False)
        if not origins & (origins - 1):  # one candidate, the usual case
            move = chess.Move(origins.bit_length() - 1, to)
            return move if _safe(board, move, king) else None
        found = None
        for origin in chess.scan_forward(origins):
            move = chess.Move(origin, to)
            if _safe(board, move, king):
                if found is not None:
                    return None
                found = move
        return found
    to = _SQUARE_INDEX[(target_file if takes else pawn_file) + target_rank]
    rank = to >> 3
    promotion = _PIECE_INDEX[promoted] if promoted else None
    if (rank in (0, 7)) != (promotion is not None) or rank == (0 if turn == chess.WHITE else 7):
        return None  # (a pawn never reaches its own side's back rank: g8=Q by Black)
    step = -8 if turn == chess.WHITE else 8
    pawns = board.pawns & board.occupied_co[turn]
    if takes:
        origin = chess.square(ord(pawn_file) - 97, (to + step) >> 3)
        if abs((origin & 7) - (to & 7)) != 1 or not (board.occupied_co[not turn] & chess.BB_SQUARES[to]):
            return None  # not a capture of a piece (en passant goes to parse_san)
    else:
        origin = to + step
        if board.occupied & chess.BB_SQUARES[to]:
            return None
        if not pawns & chess.BB_SQUARES[origin] and not board.occupied & chess.BB_SQUARES[origin]:
            origin += step
            if rank != (3 if turn == chess.WHITE else 4):
                return None
    if not 0 <= origin < 64 or not pawns & chess.BB_SQUARES[origin]:
        return None
    move = chess.Move(origin, to, promotion)
    return move if _safe(board, move, _unchecked_king(board, in_check, False)) else None


_SQUARE_INDEX = {name: square for square, name in enumerate(chess.SQUARE_NAMES)}


def disambiguation(board: chess.Board, piece: chess.PieceType, origin: chess.Square, to: chess.Square) -> str:
    """The file, rank or square that tells the moving piece from others that could go to ``to``."""
    others = board.pieces_mask(piece, board.turn) & reach(board, piece, to) & ~chess.BB_SQUARES[origin]
    if not others:
        return ""
    rivals = 0
    for square in chess.scan_forward(others):
        if board.is_legal(chess.Move(square, to)):
            rivals |= chess.BB_SQUARES[square]
    if not rivals:
        return ""
    if not rivals & chess.BB_FILES[origin & 7]:
        return chess.FILE_NAMES[origin & 7]
    if not rivals & chess.BB_RANKS[origin >> 3]:
        return chess.RANK_NAMES[origin >> 3]
    return chess.SQUARE_NAMES[origin]


def piece_san(board: chess.Board, move: chess.Move) -> str:
    """The SAN of a piece's move (not a pawn's, not castling) without its check mark."""
    piece = board.piece_type_at(move.from_square)
    assert piece is not None and piece != chess.PAWN
    return (
        chess.piece_symbol(piece).upper()
        + disambiguation(board, piece, move.from_square, move.to_square)
        + ("x" if board.occupied_co[not board.turn] & chess.BB_SQUARES[move.to_square] else "")
        + chess.SQUARE_NAMES[move.to_square]
    )


_LETTERS = ["", "", "N", "B", "R", "Q", "K"]
_PROMOTIONS = ["", "", "=N", "=B", "=R", "=Q", "=K"]


def write_move(board: chess.Board, move: chess.Move, notation: str) -> str:
    """``move`` (legal, not null) in ``notation`` (``san`` or ``lan``), before it is played on
    ``board``, as ``Board.san``/``Board.lan`` write it but without the check mark (the caller
    adds it once the move is played and its check known)."""
    origin, to = move.from_square, move.to_square
    if board.pawns & chess.BB_SQUARES[origin]:
        # a pawn that changes file captures, en passant too
        capture = (origin & 7) != (to & 7)
        if notation == "lan":
            text = chess.SQUARE_NAMES[origin] + ("x" if capture else "-") + chess.SQUARE_NAMES[to]
        elif capture:
            text = chess.FILE_NAMES[origin & 7] + "x" + chess.SQUARE_NAMES[to]
        else:
            text = chess.SQUARE_NAMES[to]
        return text + _PROMOTIONS[move.promotion] if move.promotion else text
    if board.kings & chess.BB_SQUARES[origin] and board.is_castling(move):
        return "O-O" if (to & 7) > (origin & 7) else "O-O-O"
    if notation == "lan":
        piece = board.piece_type_at(origin)
        if piece is None:
            raise ValueError(f"no piece on {chess.SQUARE_NAMES[origin]} for {move.uci()}")
        takes = board.occupied_co[not board.turn] & chess.BB_SQUARES[to]
        return _LETTERS[piece] + chess.SQUARE_NAMES[origin] + ("x" if takes else "-") + chess.SQUARE_NAMES[to]
    return piece_san(board, move)
