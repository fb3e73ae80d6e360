"""Reading one move as written: SAN, castling, long algebraic, UCI and null moves.

:func:`read_move` resolves the text against a position and returns the move with what is
wrong with how it was written; when the move cannot be played, it returns the
:class:`~kifu.chess.diagnosis.MoveProblem` of :mod:`kifu.chess.diagnosis`, which says why in
the words an arbiter would use, with a guess at what was meant. The usual well-formed SAN is
resolved by :func:`kifu.chess.fastpath.fast_san`.
"""

from __future__ import annotations

import re

from kifu.chess.diagnosis import MoveProblem, ambiguous, illegal, no_castling, unreadable
from kifu.chess.fastpath import (
    SAN,
    can_escape,
    castling_rights,
    fast_san,
    gives_check,
    has_legal_en_passant,
    is_check,
    piece_san,
    push,
    unreachable,
    write_move,
)
from kifu.chess.locales import translate

# (the move and the text helpers that need no board live in kifu.chess.moves, which imports no
# python-chess; they are re-exported from here)
from kifu.chess.moves import FIGURINES as FIGURINES
from kifu.chess.moves import SAN_TO_NAG as SAN_TO_NAG
from kifu.chess.moves import ReadMove as ReadMove
from kifu.chess.moves import is_null as is_null
from kifu.chess.moves import split_suffixes as split_suffixes

import chess

_CASTLING = re.compile(r"^([O0])-\1(-\1)?$")
_LONG = re.compile(r"^([NBRQKnbrqk])?([a-h][1-8])([-x:]?)([a-h][1-8])=?([NBRQnbrq])?$")
_PIECE_NAMES = {p: chess.piece_name(p) for p in chess.PIECE_TYPES}
#: a pawn's capture written without its ``x`` (``ed5``, ``ba8=Q``)
_PAWN_CAPTURE = re.compile(r"^([a-h])([a-h])[1-8](?:=?[NBRQ])?$")

#: what :func:`read_move` returns for a move that cannot be played, when not asked why
UNEXPLAINED = MoveProblem("unreadable", "")


#: The usual case in one match: SAN, then an optional check mark and move suffix annotation.
PLAIN_SAN = re.compile(
    r"^(?:([NBRQK])([a-h])?([1-8])?(x)?([a-h][1-8])|([a-h])(?:(x)([a-h]))?([1-8])(=)?([NBRQ])?)([+#])?([!?]{1,2})?$"
)


def read_move(
    board: chess.Board,
    written: str,
    letters: dict[str, str] | None = None,
    in_check: bool | None = None,
    *,
    explain: bool = True,
) -> ReadMove | MoveProblem:
    """Resolve ``written`` in ``board``'s position (null moves are handled by the caller).

    ``in_check`` may tell whether the side to move is in check, when the caller knows.
    ``explain=False``: a move that cannot be played is :data:`UNEXPLAINED` (the look-ahead
    only asks whether it plays; saying why costs the SAN of every legal move).
    """
    if letters is None:
        plain = PLAIN_SAN.match(written)
        if plain is not None:
            groups = plain.groups()
            # not for Nbd7-style disambiguation (it may be unneeded) nor a8Q (no '=')
            if (groups[0] is None or (groups[1] is None and groups[2] is None)) and (
                groups[10] is None or groups[9] is not None
            ):
                move = fast_san(board, groups, in_check)
                if move is not None:
                    return ReadMove(move, groups[11] or "", groups[12] or "", [])
                if not explain and unreachable(board, groups):
                    return UNEXPLAINED  # (the look-ahead's question, asked of most moves it tries)
    core, suffix, annotation = split_suffixes(written)
    notes: list[str] = []
    if not core.isascii():
        figurines = translate(core, FIGURINES)
        if figurines != core:
            core = figurines
            notes.append("figurine")
    castling = _CASTLING.match(core)
    if castling is None and letters is not None:
        # (castling is read first: a language's pawn letter may be O, the Dutch pion)
        core = translate(core, letters)
        castling = _CASTLING.match(core)
    if castling:
        if castling.group(1) == "0":
            notes.append("zero-castling")
        castled = _castle(board, core, suffix, annotation, notes, long_side=castling.group(2) is not None)
        return castled if explain or isinstance(castled, ReadMove) else UNEXPLAINED
    san = SAN.match(core)
    if san and san.group(1) and san.group(2) and san.group(3):
        san = None  # Ng1f3: a from-square and a to-square is long algebraic, not SAN
    if san:
        if san.group(10) == "" and san.group(11):
            notes.append("promotion-equals")
            core = core[:-1] + "=" + core[-1]
        if san.group(1) and (san.group(2) or san.group(3)):
            notes.append("disambiguation")
        return _san(board, core, suffix, annotation, notes, san, in_check, explain)
    long = _LONG.match(core)
    if long:
        return _long(board, core, suffix, annotation, long, explain)
    capture = _PAWN_CAPTURE.match(core)
    if capture and abs(ord(capture.group(1)) - ord(capture.group(2))) == 1:
        # ed5: a pawn's capture without its x (python-chess reads it too), when exd5 plays
        marked = f"{capture.group(1)}x{core[1:]}"
        san = SAN.match(marked)
        if san is not None:
            read = _san(board, marked, suffix, annotation, [*notes, "capture-x"], san, in_check, False)
            if isinstance(read, ReadMove):
                return read
    return unreadable(board, written, core) if explain else UNEXPLAINED


def _san(
    board: chess.Board,
    core: str,
    suffix: str,
    annotation: str,
    notes: list[str],
    match: re.Match[str],
    in_check: bool | None,
    explain: bool = True,
) -> ReadMove | MoveProblem:
    move = fast_san(board, match.groups(), in_check)
    try:
        if move is None:
            move = board.parse_san(core)
    except chess.AmbiguousMoveError:
        return ambiguous(board, core) if explain else UNEXPLAINED
    except chess.IllegalMoveError:
        return illegal(board, core) if explain else UNEXPLAINED
    except chess.InvalidMoveError:
        return unreadable(board, core, core) if explain else UNEXPLAINED
    if "disambiguation" in notes:
        san = piece_san(board, move)
        if len(san) >= len(core):
            notes.remove("disambiguation")
        else:
            notes[notes.index("disambiguation")] = "overspecified:" + san
    return ReadMove(move, suffix, annotation, notes)


def _castle(
    board: chess.Board, core: str, suffix: str, annotation: str, notes: list[str], *, long_side: bool
) -> ReadMove | MoveProblem:
    # (parse_san's own search, without its error message: it writes the board's FEN, and the
    # look-ahead asks most positions it tries whether they castle)
    for move in board.generate_castling_moves():
        if board.is_queenside_castling(move) if long_side else board.is_kingside_castling(move):
            return ReadMove(move, suffix, annotation, notes)
    return no_castling(board, long_side)


def _long(
    board: chess.Board, core: str, suffix: str, annotation: str, match: re.Match[str], explain: bool = True
) -> ReadMove | MoveProblem:
    letter, origin, _, target, promotion = match.groups()
    from_square = chess.parse_square(origin)
    to_square = chess.parse_square(target)
    promo = chess.PIECE_SYMBOLS.index(promotion.lower()) if promotion else None
    piece = board.piece_at(from_square)
    if piece is None or piece.color != board.turn:
        side = "White" if board.turn else "Black"
        return MoveProblem("illegal", f"{side} has no piece on {origin}")
    if letter and letter.upper() != piece.symbol().upper():
        return MoveProblem(
            "illegal",
            f"the piece on {origin} is a {chess.piece_name(piece.piece_type)}, "
            f"not a {_PIECE_NAMES[chess.PIECE_SYMBOLS.index(letter.lower())]}",
        )
    move = chess.Move(from_square, to_square, promo)
    if piece.piece_type == chess.PAWN and chess.square_rank(to_square) in (0, 7) and promo is None:
        move = chess.Move(from_square, to_square, chess.QUEEN)
        if move in board.legal_moves:
            return MoveProblem(
                "unreadable", f"a promotion must name the piece: did you mean {_strip(board.san(move))}?"
            )
    if piece.piece_type == chess.KING and board.is_castling(move) is False:
        # long algebraic castling written as the king's move (e1g1) is a castling move
        castle = board.find_move(from_square, to_square) if _legal(board, from_square, to_square) else None
        if castle is not None:
            move = castle
    if not board.is_legal(move):
        if not explain:
            return UNEXPLAINED
        return illegal(board, _strip(board.san(move)) if board.is_pseudo_legal(move) else core, move)
    return ReadMove(move, suffix, annotation, ["long:" + _strip(board.san(move))])


def _legal(board: chess.Board, from_square: int, to_square: int) -> bool:
    try:
        board.find_move(from_square, to_square)
    except chess.IllegalMoveError:
        return False
    return True


def _strip(san: str) -> str:
    return san.rstrip("+#")


class BoardPlay:
    """What :mod:`kifu.chess.position` asks of python-chess's board, in one object.

    The position imports neither python-chess nor this module until a line needs python-chess's
    board; then it makes one of these and calls its methods, which the compiled build calls
    directly (an import statement in each call would cost more than the call).
    """

    def read(
        self, board: chess.Board, written: str, letters: dict[str, str] | None, in_check: bool | None
    ) -> ReadMove | MoveProblem:
        """:func:`read_move`."""
        return read_move(board, written, letters, in_check)

    def write(self, board: chess.Board, move: chess.Move, notation: str) -> str:
        """:func:`kifu.chess.fastpath.write_move`."""
        return write_move(board, move, notation)

    def push(self, board: chess.Board, move: chess.Move) -> int:
        """:func:`kifu.chess.fastpath.push`."""
        return push(board, move)

    def gives_check(self, board: chess.Board, move: chess.Move) -> bool:
        """:func:`kifu.chess.fastpath.gives_check`."""
        return gives_check(board, move)

    def is_check(self, board: chess.Board) -> bool:
        """:func:`kifu.chess.fastpath.is_check`."""
        return is_check(board)

    def can_escape(self, board: chess.Board) -> bool:
        """:func:`kifu.chess.fastpath.can_escape`."""
        return can_escape(board)

    def castling_rights(self, board: chess.Board) -> int:
        """:func:`kifu.chess.fastpath.castling_rights`."""
        return castling_rights(board)

    def has_legal_en_passant(self, board: chess.Board) -> bool:
        """:func:`kifu.chess.fastpath.has_legal_en_passant`."""
        return has_legal_en_passant(board)
