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
_FILES: Final = chess.BB_FILES
_RANKS: Final = chess.BB_RANKS
_SQUARE_NAMES: Final = chess.SQUARE_NAMES
_FILE_NAMES: Final = chess.FILE_NAMES
_RANK_NAMES: Final = chess.RANK_NAMES
# python-chess's names of colours and pieces, as constants of this module: the compiled build
# reads a constant directly, and ``chess.X`` as a lookup in the module's dictionary every time
_WHITE: Final = chess.WHITE
_BLACK: Final = chess.BLACK
_PAWN: Final = chess.PAWN
_KNIGHT: Final = chess.KNIGHT
_BISHOP: Final = chess.BISHOP
_ROOK: Final = chess.ROOK
_QUEEN: Final = chess.QUEEN
_KING: Final = chess.KING
_RANK_1: Final = chess.BB_RANK_1
_RANK_8: Final = chess.BB_RANK_8
_WHITE_CORNERS: Final = chess.BB_A1 | chess.BB_H1
_BLACK_CORNERS: Final = chess.BB_A8 | chess.BB_H8
_E1: Final = chess.BB_E1
_E8: Final = chess.BB_E8
_NOT_BACK_RANK = {chess.WHITE: ~chess.BB_RANK_1, chess.BLACK: ~chess.BB_RANK_8}

#: the moves without promotion, one object per (from, to), made on first use: python-chess's
#: moves are values that nothing changes, and making one runs an interpreted ``__init__``
_MOVES: Final[list[chess.Move | None]] = [None] * 4096


def plain_move(origin: int, to: int) -> chess.Move:
    """``chess.Move(origin, to)``, shared."""
    move = _MOVES[origin << 6 | to]
    if move is None:
        move = _MOVES[origin << 6 | to] = chess.Move(origin, to)
    return move


def pieces(board: chess.Board, piece: int, color: bool) -> int:
    """python-chess's ``board.pieces_mask(piece, color)``."""
    if piece == _KNIGHT:
        found = board.knights
    elif piece == _BISHOP:
        found = board.bishops
    elif piece == _ROOK:
        found = board.rooks
    elif piece == _QUEEN:
        found = board.queens
    elif piece == _KING:
        found = board.kings
    else:
        found = board.pawns
    return found & board.occupied_co[color]


def castling_rights(board: chess.Board) -> int:
    """python-chess's ``board.clean_castling_rights()``: the castling rights the pieces allow.

    Always computed from the pieces (python-chess returns the stored rights once a move of its
    own was pushed, when they are the same: a push only ever takes rights away).
    """
    rights = board.castling_rights
    if not rights:
        return 0
    white, black = board.occupied_co[_WHITE], board.occupied_co[_BLACK]
    castling = rights & board.rooks
    white_rooks = castling & _RANK_1 & white
    black_rooks = castling & _RANK_8 & black
    kings = board.kings & ~board.promoted
    if not board.chess960:
        return (white_rooks & _WHITE_CORNERS if white & kings & _E1 else 0) | (
            black_rooks & _BLACK_CORNERS if black & kings & _E8 else 0
        )
    return _sides(white_rooks, white & kings & _RANK_1) | _sides(black_rooks, black & kings & _RANK_8)


def _sides(rooks: int, king: int) -> int:
    """Chess960: of one side's rooks with castling rights, the outermost on each side of its king."""
    if not king or not rooks:
        return 0
    king_square = king.bit_length() - 1
    a_side = rooks & -rooks
    h_side = _SQUARES[rooks.bit_length() - 1]
    return (a_side if a_side.bit_length() - 1 <= king_square else 0) | (
        h_side if rooks.bit_length() - 1 >= king_square else 0
    )


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
        rights = castling_rights(board) & ~(from_bb | to_bb)
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
        raise ValueError(f"no piece on {_SQUARE_NAMES[origin]} for {move.uci()}")
    board.occupied_co[turn] = mine ^ both
    board.occupied = board.occupied_co[_WHITE] | board.occupied_co[_BLACK]
    board.ep_square = (origin + target) >> 1 if pawn and (target - origin) in (16, -16) else None
    if turn == _BLACK:
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
    return bool(line & sliders) and is_check(board)


def has_legal_en_passant(board: chess.Board) -> bool:
    """python-chess's ``board.has_legal_en_passant()``, asked of python-chess only when a pawn of
    the side to move stands next to the pawn that just moved two squares (after most double
    steps none does)."""
    ep = board.ep_square
    if ep is None:
        return False
    turn = board.turn
    if not _PAWN_ATTACKS[not turn][ep] & board.pawns & board.occupied_co[turn]:
        return False
    return board.has_legal_en_passant()


def is_check(board: chess.Board) -> bool:
    """python-chess's ``board.is_check()``."""
    turn = board.turn
    kings = board.kings & board.occupied_co[turn] & ~board.promoted
    if not kings:
        return False
    return bool(attackers(board, not turn, kings.bit_length() - 1, board.occupied))


def can_escape(board: chess.Board) -> bool:
    """Whether the side to move, in check, has a legal move: ``any(board.generate_legal_moves())``.

    The king steps to a square no enemy attacks once it has left its own; else, against a single
    checker, a piece that is not pinned captures it or steps between (python-chess's evasions,
    without making the moves). An en passant square, or more than one king of a side, goes to
    python-chess.
    """
    turn = board.turn
    mine = board.occupied_co[turn]
    kings = board.kings & mine
    if board.ep_square is not None or not kings or kings & (kings - 1):
        return any(board.generate_legal_moves())
    king = kings.bit_length() - 1
    occupied = board.occupied
    lifted = occupied ^ _SQUARES[king]
    escapes = _KING_ATTACKS[king] & ~mine
    while escapes:
        square = escapes.bit_length() - 1
        escapes ^= _SQUARES[square]
        if not attackers(board, not turn, square, lifted):
            return True
    checkers = attackers(board, not turn, king, occupied)
    if not checkers:
        return any(board.generate_legal_moves())  # (not in check: not what this is for)
    if checkers & (checkers - 1):
        return False  # double check: only the king can move
    checker = checkers.bit_length() - 1
    pinned = slider_blockers(board, king)
    pawns = board.pawns & mine
    step = 8 if turn == _WHITE else -8
    line = _RAYS[king][checker] & ((_ALL << king) ^ (_ALL << checker))  # (from the lower square)
    targets = (line & (line - 1)) | checkers  # the squares between, and the checker's
    while targets:
        square = targets.bit_length() - 1
        target = _SQUARES[square]
        targets ^= target
        movers = attackers(board, turn, square, occupied) & ~kings
        if square != checker:  # an empty square between: pawns step there, they do not take
            movers &= ~pawns
            origin = square - step
            if 0 <= origin < 64:
                if pawns & _SQUARES[origin]:
                    movers |= _SQUARES[origin]
                elif not occupied & _SQUARES[origin] and (square >> 3) == (3 if turn == _WHITE else 4):
                    movers |= pawns & _SQUARES[origin - step]
        while movers:
            origin = movers.bit_length() - 1
            movers ^= _SQUARES[origin]
            if not pinned & _SQUARES[origin] or _RAYS[origin][square] & _SQUARES[king]:
                return True
    return False


def attacks(board: chess.Board, square: int) -> int:
    """python-chess's ``board.attacks_mask(square)``: the squares the piece on ``square`` attacks."""
    bb = _SQUARES[square]
    if bb & board.pawns:
        return _PAWN_ATTACKS[bool(bb & board.occupied_co[_WHITE])][square]
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
        self._white, self._black = board.occupied_co[_WHITE], board.occupied_co[_BLACK]
        self._kings = board.kings

    def fen(self, board: chess.Board) -> str:
        """python-chess's ``board.fen()``."""
        white, black = board.occupied_co[_WHITE], board.occupied_co[_BLACK]
        # Chess960 castling may swap a king and a rook without changing any occupied square
        changed = (white ^ self._white) | (black ^ self._black) | (board.kings ^ self._kings)
        self._white, self._black, self._kings = white, black, board.kings
        ranks = self._ranks
        while changed:
            rank = (changed & -changed).bit_length() - 1 >> 3
            ranks[rank] = _rank(board, rank)
            changed &= ~_RANKS[rank]
        ep = board.ep_square
        return (
            f"{ranks[7]}/{ranks[6]}/{ranks[5]}/{ranks[4]}/{ranks[3]}/{ranks[2]}/{ranks[1]}/{ranks[0]} "
            f"{'w' if board.turn else 'b'} "
            f"{board.castling_xfen() if board.castling_rights else '-'} "
            f"{_SQUARE_NAMES[ep] if ep is not None and has_legal_en_passant(board) else '-'} "
            f"{board.halfmove_clock} {board.fullmove_number}"
        )


def _rank(board: chess.Board, rank: int) -> str:
    """One rank of a FEN board, e.g. ``rnbqkb1r`` or ``3P4``."""
    out: list[str] = []
    empty = 0
    occupied, white = board.occupied, board.occupied_co[_WHITE]
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

_PIECE_INDEX = {"N": _KNIGHT, "B": _BISHOP, "R": _ROOK, "Q": _QUEEN, "K": _KING}


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
    _DIAG_ATTACKS[sq][0] | _RANK_ATTACKS[sq][0] | _FILE_ATTACKS[sq][0] for sq in chess.SQUARES
]


def reach(board: chess.Board, piece: chess.PieceType, to: chess.Square) -> chess.Bitboard:
    """The squares from which a piece (not a pawn) of this kind attacks ``to`` in this position."""
    if piece == _KNIGHT:
        return _KNIGHT_ATTACKS[to]
    if piece == _KING:
        return _KING_ATTACKS[to]
    occupied = board.occupied
    squares = 0
    if piece != _ROOK:
        squares |= _DIAG_ATTACKS[to][_DIAG_MASKS[to] & occupied]
    if piece != _BISHOP:
        squares |= _RANK_ATTACKS[to][_RANK_MASKS[to] & occupied]
        squares |= _FILE_ATTACKS[to][_FILE_MASKS[to] & occupied]
    return squares


def unreachable(board: chess.Board, groups: tuple[Any, ...]) -> bool:
    """Whether the move of a well-formed SAN (``groups`` as :func:`fast_san` takes them) surely
    cannot be played: no piece of its kind attacks the target square, or the target
    holds a piece of the side to move; for a pawn, no pawn of its own stands where it would
    come from, or its step forward is onto an occupied square. ``False`` for a king move (``Kg1``
    may be castling), or where a move may exist."""
    letter = groups[0]
    turn = board.turn
    if not letter:
        pawn_file, takes, target_file, target_rank = groups[5:9]
        to = _SQUARE_INDEX[(target_file if takes else pawn_file) + target_rank]
        step = -8 if turn == _WHITE else 8
        pawns = board.pawns & board.occupied_co[turn]
        if not 0 <= to + step < 64:
            return True
        if takes:
            origin = ((to + step) >> 3 << 3) + ord(pawn_file) - 97
            return abs((origin & 7) - (to & 7)) == 1 and not pawns & _SQUARES[origin]
        if board.occupied & _SQUARES[to]:
            return True
        double = to + 2 * step
        return not pawns & _SQUARES[to + step] and not (0 <= double < 64 and pawns & _SQUARES[double])
    if letter == "K":
        return False
    to = _SQUARE_INDEX[groups[4]]
    if board.occupied_co[turn] & _SQUARES[to]:
        return True
    return not pieces(board, _PIECE_INDEX[letter], turn) & reach(board, _PIECE_INDEX[letter], to)


def fast_san(board: chess.Board, groups: tuple[Any, ...], in_check: bool | None = None) -> chess.Move | None:
    """The move of a well-formed SAN when it is legal and unique, found directly; else ``None``.

    ``groups`` are the groups of a match of ``SAN`` (or ``notation.PLAIN_SAN``, which begins alike).
    This is python-chess's resolution without generating moves: the candidates are the pieces
    that attack the target square. Anything unusual (no candidate, two candidates, en passant,
    a missing promotion piece) returns ``None`` and goes to ``parse_san``, which explains it.
    """
    letter, from_file, from_rank, _, square, pawn_file, takes, target_file, target_rank, _, promoted = groups[
        :11
    ]
    turn = board.turn
    if in_check is None:
        in_check = is_check(board)
    if letter:
        to = _SQUARE_INDEX[square]
        if board.occupied_co[turn] & _SQUARES[to]:
            return None
        piece = _PIECE_INDEX[letter]
        origins = pieces(board, piece, turn) & reach(board, piece, to)
        if from_file:
            origins &= _FILES[ord(from_file) - 97]
        if from_rank:
            origins &= _RANKS[ord(from_rank) - 49]
        if not origins:
            return None
        if piece == _KING:
            if origins & (origins - 1):
                return None  # two kings: python-chess explains
            origin = origins.bit_length() - 1
            # safe where no enemy piece attacks the square once the king has left its own
            if attackers(board, not turn, to, board.occupied ^ _SQUARES[origin]):
                return None
            return plain_move(origin, to)
        king = _unchecked_king(board, in_check, False)
        if not origins & (origins - 1):  # one candidate, the usual case
            move = plain_move(origins.bit_length() - 1, to)
            return move if _safe(board, move, king) else None
        found = None
        for origin in chess.scan_forward(origins):
            move = plain_move(origin, to)
            if _safe(board, move, king):
                if found is not None:
                    return None
                found = move
        return found
    to = _SQUARE_INDEX[(target_file if takes else pawn_file) + target_rank]
    rank = to >> 3
    promotion = _PIECE_INDEX[promoted] if promoted else None
    if (rank in (0, 7)) != (promotion is not None) or rank == (0 if turn == _WHITE else 7):
        return None  # (a pawn never reaches its own side's back rank: g8=Q by Black)
    step = -8 if turn == _WHITE else 8
    pawns = board.pawns & board.occupied_co[turn]
    if takes:
        origin = ((to + step) >> 3 << 3) + ord(pawn_file) - 97
        if abs((origin & 7) - (to & 7)) != 1 or not (board.occupied_co[not turn] & _SQUARES[to]):
            return None  # not a capture of a piece (en passant goes to parse_san)
    else:
        origin = to + step
        if board.occupied & _SQUARES[to]:
            return None
        if not pawns & _SQUARES[origin] and not board.occupied & _SQUARES[origin]:
            origin += step
            if rank != (3 if turn == _WHITE else 4):
                return None
    if not 0 <= origin < 64 or not pawns & _SQUARES[origin]:
        return None
    move = plain_move(origin, to) if promotion is None else chess.Move(origin, to, promotion)
    return move if _safe(board, move, _unchecked_king(board, in_check, False)) else None


_SQUARE_INDEX = {name: square for square, name in enumerate(chess.SQUARE_NAMES)}


def disambiguation(board: chess.Board, piece: chess.PieceType, origin: chess.Square, to: chess.Square) -> str:
    """The file, rank or square that tells the moving piece from others that could go to ``to``."""
    others = pieces(board, piece, board.turn) & reach(board, piece, to) & ~_SQUARES[origin]
    if not others:
        return ""
    rivals = 0
    for square in chess.scan_forward(others):
        if board.is_legal(plain_move(square, to)):
            rivals |= _SQUARES[square]
    if not rivals:
        return ""
    if not rivals & _FILES[origin & 7]:
        return _FILE_NAMES[origin & 7]
    if not rivals & _RANKS[origin >> 3]:
        return _RANK_NAMES[origin >> 3]
    return _SQUARE_NAMES[origin]


def piece_san(board: chess.Board, move: chess.Move) -> str:
    """The SAN of a piece's move (not a pawn's, not castling) without its check mark."""
    piece = board.piece_type_at(move.from_square)
    assert piece is not None and piece != _PAWN
    return (
        chess.piece_symbol(piece).upper()
        + disambiguation(board, piece, move.from_square, move.to_square)
        + ("x" if board.occupied_co[not board.turn] & _SQUARES[move.to_square] else "")
        + _SQUARE_NAMES[move.to_square]
    )


_LETTERS = ["", "", "N", "B", "R", "Q", "K"]
_PROMOTIONS = ["", "", "=N", "=B", "=R", "=Q", "=K"]


def write_move(board: chess.Board, move: chess.Move, notation: str) -> str:
    """``move`` (legal, not null) in ``notation`` (``san`` or ``lan``), before it is played on
    ``board``, as ``Board.san``/``Board.lan`` write it but without the check mark (the caller
    adds it once the move is played and its check known)."""
    origin, to = move.from_square, move.to_square
    if board.pawns & _SQUARES[origin]:
        # a pawn that changes file captures, en passant too
        capture = (origin & 7) != (to & 7)
        if notation == "lan":
            text = _SQUARE_NAMES[origin] + ("x" if capture else "-") + _SQUARE_NAMES[to]
        elif capture:
            text = _FILE_NAMES[origin & 7] + "x" + _SQUARE_NAMES[to]
        else:
            text = _SQUARE_NAMES[to]
        return text + _PROMOTIONS[move.promotion] if move.promotion else text
    if board.kings & _SQUARES[origin] and board.is_castling(move):
        return "O-O" if (to & 7) > (origin & 7) else "O-O-O"
    if notation == "lan":
        piece = board.piece_type_at(origin)
        if piece is None:
            raise ValueError(f"no piece on {_SQUARE_NAMES[origin]} for {move.uci()}")
        takes = board.occupied_co[not board.turn] & _SQUARES[to]
        return _LETTERS[piece] + _SQUARE_NAMES[origin] + ("x" if takes else "-") + _SQUARE_NAMES[to]
    return piece_san(board, move)
