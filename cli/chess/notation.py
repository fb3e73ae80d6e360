"""Reading one move as written: SAN, castling, long algebraic, UCI and null moves.

:func:`read_move` resolves the text against a position and returns the move with what is
wrong with how it was written; when the move cannot be played, :class:`MoveProblem` says
why in the words an arbiter would use, with a guess at what was meant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kifu.chess.locales import translate

import chess

_ANNOTATION = re.compile(r"[!?]{1,2}$")
_SAN = re.compile(
    r"^(?:([NBRQK])([a-h])?([1-8])?(x)?([a-h][1-8])|([a-h])(?:(x)([a-h]))?([1-8])(=?)([NBRQ])?)$"
)
_CASTLING = re.compile(r"^([O0])-\1(-\1)?$")
_LONG = re.compile(r"^([NBRQKnbrqk])?([a-h][1-8])([-x:]?)([a-h][1-8])=?([NBRQnbrq])?$")
_NULL = frozenset({"--", "Z0", "0000", "@@@@"})
_PIECE_NAMES = {p: chess.piece_name(p) for p in chess.PIECE_TYPES}

SAN_TO_NAG = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


@dataclass(slots=True)
class ReadMove:
    """A move that could be played, with notes on how it was written."""

    move: chess.Move
    suffix: str  # "+", "#" or "" as written
    annotation: str  # "!", "?!" … as written, or ""
    notes: list[str] = field(
        default_factory=list
    )  # "zero-castling", "long", "promotion-equals", "disambiguation"


@dataclass(slots=True)
class MoveProblem:
    """Why a move cannot be played: ``kind`` is illegal, ambiguous or unreadable."""

    kind: str
    message: str
    ended: bool = False  # the position had no legal move at all (mate or stalemate)


def split_suffixes(text: str) -> tuple[str, str, str]:
    """``"Nf3+!?"`` → ``("Nf3", "+", "!?")``."""
    annotation = ""
    match = _ANNOTATION.search(text)
    if match:
        annotation = match.group()
        text = text[: match.start()]
    suffix = ""
    while text and text[-1] in "+#":
        suffix = text[-1] + suffix if suffix != text[-1] else suffix
        text = text[:-1]
    return text, suffix[:1] if suffix else "", annotation


def is_null(text: str) -> bool:
    """``--``, ``Z0`` and friends: a null move."""
    return split_suffixes(text)[0] in _NULL


#: The usual case in one match: SAN, then an optional check mark and move suffix annotation.
_PLAIN_SAN = re.compile(
    r"^(?:([NBRQK])([a-h])?([1-8])?(x)?([a-h][1-8])|([a-h])(?:(x)([a-h]))?([1-8])(=)?([NBRQ])?)([+#])?([!?]{1,2})?$"
)


def read_move(
    board: chess.Board, written: str, letters: dict[str, str] | None = None, in_check: bool | None = None
) -> ReadMove | MoveProblem:
    """Resolve ``written`` in ``board``'s position (null moves are handled by the caller).

    ``in_check`` may tell whether the side to move is in check, when the caller knows.
    """
    if letters is None:
        plain = _PLAIN_SAN.match(written)
        if plain is not None:
            groups = plain.groups()
            # not for Nbd7-style disambiguation (it may be unneeded) nor a8Q (no '=')
            if (groups[0] is None or (groups[1] is None and groups[2] is None)) and (
                groups[10] is None or groups[9] is not None
            ):
                move = fast_san(board, groups, in_check)
                if move is not None:
                    return ReadMove(move, groups[11] or "", groups[12] or "", [])
    core, suffix, annotation = split_suffixes(written)
    if letters is not None:
        core = translate(core, letters)
    notes: list[str] = []
    castling = _CASTLING.match(core)
    if castling:
        if castling.group(1) == "0":
            notes.append("zero-castling")
        return _castle(board, core, suffix, annotation, notes, long_side=castling.group(2) is not None)
    san = _SAN.match(core)
    if san and san.group(1) and san.group(2) and san.group(3):
        san = None  # Ng1f3: a from-square and a to-square is long algebraic, not SAN
    if san:
        if san.group(10) == "" and san.group(11):
            notes.append("promotion-equals")
            core = core[:-1] + "=" + core[-1]
        if san.group(1) and (san.group(2) or san.group(3)):
            notes.append("disambiguation")
        return _san(board, core, suffix, annotation, notes, san, in_check)
    long = _LONG.match(core)
    if long:
        return _long(board, core, suffix, annotation, long)
    return MoveProblem("unreadable", _unreadable_message(board, written, core))


def _san(
    board: chess.Board,
    core: str,
    suffix: str,
    annotation: str,
    notes: list[str],
    match: re.Match[str],
    in_check: bool | None,
) -> ReadMove | MoveProblem:
    move = fast_san(board, match.groups(), in_check)
    try:
        if move is None:
            move = board.parse_san(core)
    except chess.AmbiguousMoveError:
        options = sorted(_strip(board.san(m)) for m in _candidates(board, core))
        return MoveProblem("ambiguous", f"ambiguous: {' or '.join(options)} can be meant")
    except chess.IllegalMoveError:
        return _illegal(board, core)
    except chess.InvalidMoveError:
        return MoveProblem("unreadable", _unreadable_message(board, core, core))
    if "disambiguation" in notes:
        san = piece_san(board, move)
        if len(san) >= len(core):
            notes.remove("disambiguation")
        else:
            notes[notes.index("disambiguation")] = "overspecified:" + san
    return ReadMove(move, suffix, annotation, notes)


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
    origin = chess.BB_SQUARES[move.from_square]
    if not _LINES_THROUGH[king] & origin:
        return True
    # pieces standing between the king and an enemy slider (python-chess's own pin finder)
    if not board._slider_blockers(king) & origin:
        return True
    return bool(chess.BB_RAYS[king][move.from_square] & chess.BB_SQUARES[move.to_square])


def _unchecked_king(board: chess.Board, in_check: bool, king_moves: bool) -> int | None:
    """The mover's king square when the pin shortcut of :func:`_safe` applies, else ``None``."""
    kings = board.kings & board.occupied_co[board.turn]
    if in_check or king_moves or not kings:
        return None
    return chess.msb(kings)


#: For each square, the squares on the same rank, file or diagonal (the lines a pin runs on).
_LINES_THROUGH = [
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
            if board.attackers_mask(not turn, to, board.occupied ^ chess.BB_SQUARES[origin]):
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
    if (rank in (0, 7)) != (promotion is not None):
        return None
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


def _castle(
    board: chess.Board, core: str, suffix: str, annotation: str, notes: list[str], *, long_side: bool
) -> ReadMove | MoveProblem:
    san = "O-O-O" if long_side else "O-O"
    try:
        move = board.parse_san(san)
    except ValueError:
        return MoveProblem(
            "illegal", _why_no_castling(board, long_side), ended=not any(board.generate_legal_moves())
        )
    return ReadMove(move, suffix, annotation, notes)


def _long(
    board: chess.Board, core: str, suffix: str, annotation: str, match: re.Match[str]
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
        return _illegal(board, _strip(board.san(move)) if board.is_pseudo_legal(move) else core, move)
    return ReadMove(move, suffix, annotation, ["long:" + _strip(board.san(move))])


def _legal(board: chess.Board, from_square: int, to_square: int) -> bool:
    try:
        board.find_move(from_square, to_square)
    except chess.IllegalMoveError:
        return False
    return True


def _strip(san: str) -> str:
    return san.rstrip("+#")


def _candidates(board: chess.Board, core: str) -> list[chess.Move]:
    match = _SAN.match(core)
    if not match or not match.group(1):
        return []
    piece = chess.PIECE_SYMBOLS.index(match.group(1).lower())
    target = chess.parse_square(match.group(5))
    return [
        m for m in board.legal_moves if m.to_square == target and board.piece_type_at(m.from_square) == piece
    ]


def _illegal(board: chess.Board, core: str, move: chess.Move | None = None) -> MoveProblem:
    """Explain why a well-formed move is not legal, and guess what was meant."""
    legal = list(board.legal_moves)
    side = "White" if board.turn else "Black"
    if not legal:
        state = "checkmated" if board.is_check() else "stalemated"
        return MoveProblem("illegal", f"{side} is {state}: the game was already over", ended=True)
    match = _SAN.match(core)
    reason = f"{core} is not a legal move"
    if match:
        target_name = match.group(5) or f"{match.group(8) or match.group(6)}{match.group(9)}"
        target = chess.parse_square(target_name)
        piece_type = chess.PIECE_SYMBOLS.index(match.group(1).lower()) if match.group(1) else chess.PAWN
        name = chess.piece_name(piece_type)
        occupant = board.piece_at(target)
        origin = chess.BB_ALL
        from_file = match.group(2) or match.group(6)
        from_rank = match.group(3)
        if from_file:
            origin &= chess.BB_FILES[chess.FILE_NAMES.index(from_file)]
        if from_rank:
            origin &= chess.BB_RANKS[int(from_rank) - 1]
        pseudo = [
            m
            for m in board.generate_pseudo_legal_moves(origin, chess.BB_SQUARES[target])
            if board.piece_type_at(m.from_square) == piece_type
        ]
        if occupant is not None and occupant.color == board.turn:
            reason = f"{target_name} is occupied by {side}'s own {chess.piece_name(occupant.piece_type)}"
        elif pseudo:
            reason = f"{core} would leave {side}'s king in check"
            if board.is_check():
                reason = f"{side} is in check and {core} does not parry it"
        elif not board.pieces(piece_type, board.turn):
            reason = f"{side} has no {name}"
        else:
            reason = f"no {side.lower()} {name} can reach {target_name}"
    elif move is not None:
        reason = (
            f"{core} would leave {side}'s king in check"
            if board.is_pseudo_legal(move)
            else f"{core} is not a legal move"
        )
    guess = _guess(board, core, legal)
    return MoveProblem("illegal", reason + (f"; did you mean {guess}?" if guess else ""))


def _guess(board: chess.Board, written: str, legal: list[chess.Move]) -> str | None:
    """The legal move closest to what was written, when one stands out."""
    sans = {_strip(board.san(m)): m for m in legal}
    if written in sans:
        return None
    capital = written[:1].upper() + written[1:]
    if capital != written and capital in sans:
        return capital
    close = sorted(
        (s for s in sans if _distance(s, written) <= 1), key=lambda s: (abs(len(s) - len(written)), s)
    )
    if not close:
        target = written[-2:]
        close = [s for s in sans if s.endswith(target)]
    if 1 <= len(close) <= 3:
        return " or ".join(close)
    return None


def _distance(a: str, b: str) -> int:
    """Levenshtein distance, cut off early (only 0, 1 and 'more' matter)."""
    if abs(len(a) - len(b)) > 1:
        return 2
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _why_no_castling(board: chess.Board, long_side: bool) -> str:
    side = "White" if board.turn else "Black"
    wing = "queenside" if long_side else "kingside"
    if not any(board.generate_legal_moves()):
        return f"{side} is {'checkmated' if board.is_check() else 'stalemated'}: the game was already over"
    rights = (
        board.has_queenside_castling_rights(board.turn)
        if long_side
        else board.has_kingside_castling_rights(board.turn)
    )
    if not rights:
        return f"{side} can no longer castle {wing}: the king or that rook has moved (or is not there)"
    if board.is_check():
        return f"{side} cannot castle out of check"
    king = board.king(board.turn)
    rooks = board.castling_rights & board.pieces_mask(chess.ROOK, board.turn)
    rook = (
        next((r for r in chess.scan_forward(rooks) if (r < king) == long_side), None)
        if king is not None
        else None
    )
    if king is not None and rook is not None:
        rank = chess.square_rank(king)
        king_to = chess.square(2 if long_side else 6, rank)
        rook_to = chess.square(3 if long_side else 5, rank)
        path = (
            chess.SquareSet(chess.between(king, rook))
            | chess.SquareSet(chess.between(rook, rook_to))
            | chess.SquareSet(chess.between(king, king_to))
            | chess.SquareSet.from_square(king_to)
            | chess.SquareSet.from_square(rook_to)
        )
        for square in sorted(path):
            piece = board.piece_at(square)
            if piece is not None and square not in (king, rook):
                name = chess.piece_name(piece.piece_type)
                return f"{side} cannot castle {wing}: the {name} on {chess.square_name(square)} is in the way"
        for square in sorted(
            chess.SquareSet(chess.between(king, king_to)) | chess.SquareSet.from_square(king_to)
        ):
            if board.is_attacked_by(not board.turn, square):
                return (
                    f"{side} cannot castle {wing}: the king would pass through or land on "
                    f"{chess.square_name(square)}, which is attacked"
                )
    return f"{side} cannot castle {wing} now"


def _unreadable_message(board: chess.Board, written: str, core: str) -> str:
    message = f"cannot read {written!r} as a move"
    legal = {_strip(board.san(m)) for m in board.legal_moves}
    capital = core[:1].upper() + core[1:]
    if capital != core and capital in legal:
        return f"{message}: piece letters are capitals; did you mean {capital}?"
    if core.endswith("ep") or core.endswith("e.p"):
        return f"{message}; write en-passant captures without 'e.p.'"
    guess = _guess(board, core, list(board.legal_moves))
    return message + (f"; did you mean {guess}?" if guess else "")
