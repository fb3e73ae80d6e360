"""Why a move cannot be played, in an arbiter's words, and what was probably meant.

Called only off the hot path, when :func:`kifu.chess.notation.read_move` cannot resolve a
move: each function here returns (or words) the :class:`MoveProblem` of the move, with a
"did you mean" guess among the legal moves when one stands out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kifu.core.lookahead import Verdict

    import chess

# (python-chess and kifu.chess.fastpath, which reads its tables, are imported by the functions
# that explain a move: they always get python-chess's board, and MoveProblem is imported by the
# walk of every record, which a clean record of standard chess replays without python-chess)


@dataclass(slots=True)
class MoveProblem:
    """Why a move cannot be played: ``kind`` is illegal, ambiguous or unreadable."""

    kind: str
    #: why, without the guess
    reason: str
    ended: bool = False  # the position had no legal move at all (mate or stalemate)
    #: the one legal move evidently meant (the "did you mean" guess, when it is unique)
    meant: chess.Move | None = None
    #: the guess, as the message ends with it ("; did you mean Bb5?"), or ""; of a structural
    #: slip, the hypotheses the later moves fit as well (", or 9... Ng4 and 10... e5")
    hint: str = ""
    #: how the intent was established, when the rest of the game told it ("4. Ba4 needs a
    #: bishop on b5"; :mod:`kifu.chess.lookahead`), else ""
    because: str = ""
    #: the readings the rest of the game cannot tell apart, when it plays alike under each: the
    #: line goes on under the first (``meant``), and nothing rests on which was meant
    readings: tuple[chess.Move, ...] = ()
    #: what the moves after it say of it (:mod:`kifu.core.lookahead`), once the walk asked
    verdict: Verdict[chess.Move] | None = None
    #: the position the verdict's reading starts from, when it starts a move or two back
    origin: chess.Board | None = None

    @property
    def message(self) -> str:
        """The reason and the guess, in an arbiter's words."""
        return self.reason + self.hint

    def named(self, board: chess.Board) -> str:
        """The move meant on ``board`` (the position before it), in SAN without its check mark;
        its tied readings joined by "or" when the rest of the game cannot tell them apart."""
        moves = self.readings or ((self.meant,) if self.meant is not None else ())
        return " or ".join(san_core(board, move) for move in moves)


def move_label(number: int, white: bool, text: str) -> str:
    """``12. Nf3`` or ``12... Nf6``: a move as the messages name it."""
    return f"{number}{'.' if white else '...'} {text}"


def ambiguous(board: chess.Board, core: str) -> MoveProblem:
    """``core`` (well-formed SAN) names more than one legal move."""
    options = sorted(san_core(board, m) for m in _candidates(board, core))
    return MoveProblem("ambiguous", f"ambiguous: {' or '.join(options)} can be meant")


def no_castling(board: chess.Board, long_side: bool) -> MoveProblem:
    """Castling on that side is not legal now."""
    return MoveProblem(
        "illegal", _why_no_castling(board, long_side), ended=not any(board.generate_legal_moves())
    )


def _strip(san: str) -> str:
    return san.rstrip("+#")


def san_core(board: chess.Board, move: chess.Move) -> str:
    """``move``'s SAN on ``board`` without ``+`` or ``#``: what a slip is compared with.

    ``san()`` plays the move to find its mark, testing the position after it for mate; a reading
    compared with written text has no use for the mark. python-chess's SAN without it is a private
    method (since 1.0): used where it is, else the mark is cut from ``san()``."""
    without = getattr(board, "_algebraic_without_suffix", None)
    if without is not None:
        return str(without(move))
    return board.san(move).rstrip("+#")


def legal_sans(board: chess.Board) -> list[tuple[chess.Move, str]]:
    """Every legal move of ``board`` with its SAN without ``+`` or ``#``, as :func:`san_core`
    writes each, in one pass. python-chess's SAN generates the legal moves of the piece's kind to
    its square again for each move, to disambiguate it; here they are gathered once for the
    position (the look-ahead names the moves of about a hundred positions a slip)."""
    import chess

    if type(board) is not chess.Board:  # (a variant's board: its own SAN)
        return [(move, san_core(board, move)) for move in board.legal_moves]
    moves = list(board.legal_moves)
    kinds: list[int] = []  # each move's piece type, 0 for castling
    origins: dict[tuple[int, int], int] = {}  # (piece type, to square): the squares moving there
    for move in moves:
        if board.is_castling(move):
            kinds.append(0)
            continue
        piece = board.piece_type_at(move.from_square) or 0
        kinds.append(piece)
        if piece != chess.PAWN:
            key = (piece, move.to_square)
            origins[key] = origins.get(key, 0) | chess.BB_SQUARES[move.from_square]
    named: list[tuple[chess.Move, str]] = []
    for move, piece in zip(moves, kinds, strict=True):
        start, to = move.from_square, move.to_square
        if not piece:
            named.append((move, "O-O-O" if chess.square_file(to) < chess.square_file(start) else "O-O"))
            continue
        capture = board.is_capture(move)
        if piece == chess.PAWN:
            san = chess.FILE_NAMES[chess.square_file(start)] if capture else ""
        else:
            san = chess.piece_symbol(piece).upper()
            others = origins[(piece, to)] & ~chess.BB_SQUARES[start]
            if others:  # (python-chess's rule: the file, unless the rank alone tells them apart)
                column = bool(others & chess.BB_RANKS[chess.square_rank(start)])
                row = bool(others & chess.BB_FILES[chess.square_file(start)])
                if column or not row:
                    san += chess.FILE_NAMES[chess.square_file(start)]
                if row:
                    san += chess.RANK_NAMES[chess.square_rank(start)]
        if capture:
            san += "x"
        san += chess.SQUARE_NAMES[to]
        if move.promotion:
            san += "=" + chess.piece_symbol(move.promotion).upper()
        named.append((move, san))
    return named


def _candidates(board: chess.Board, core: str) -> list[chess.Move]:
    from kifu.chess.fastpath import SAN

    import chess

    match = SAN.match(core)
    if not match or not match.group(1):
        return []
    piece = chess.PIECE_SYMBOLS.index(match.group(1).lower())
    target = chess.parse_square(match.group(5))
    return [
        m for m in board.legal_moves if m.to_square == target and board.piece_type_at(m.from_square) == piece
    ]


def illegal(board: chess.Board, core: str, move: chess.Move | None = None) -> MoveProblem:
    """Explain why a well-formed move is not legal, and guess what was meant."""
    from kifu.chess.fastpath import SAN

    import chess

    legal = list(board.legal_moves)
    side = "White" if board.turn else "Black"
    if not legal:
        state = "checkmated" if board.is_check() else "stalemated"
        return MoveProblem("illegal", f"{side} is {state}: the game was already over", ended=True)
    match = SAN.match(core)
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
        elif not match.group(1) and not match.group(11) and any(m.promotion for m in pseudo if m in legal):
            # (b8 for b8=Q: legal but for the piece, which SAN and FIDE 3.7.5 require)
            reason = f"a pawn that reaches the last rank is promoted, and {core} does not say to what piece"
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
    guess, meant = _guess(board, core, legal)
    return MoveProblem("illegal", reason, meant=meant, hint=f"; did you mean {guess}?" if guess else "")


def _guess(board: chess.Board, written: str, legal: list[chess.Move]) -> tuple[str | None, chess.Move | None]:
    """The legal moves closest to what was written, when few stand out, and the move when one does."""
    sans = {san_core(board, m): m for m in legal}
    if written in sans:
        return None, None
    capital = written[:1].upper() + written[1:]
    if capital != written and capital in sans:
        return capital, sans[capital]
    close = sorted(
        (s for s in sans if _distance(s, written) <= 1), key=lambda s: (abs(len(s) - len(written)), s)
    )
    if not close:
        target = written[-2:]
        close = [s for s in sans if s.endswith(target)]
    if 1 <= len(close) <= 3:
        return " or ".join(close), sans[close[0]] if len(close) == 1 else None
    return None, None


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
    import chess

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


def unreadable(board: chess.Board, written: str, core: str) -> MoveProblem:
    """Why ``written`` (``core`` without its suffixes) cannot be read as a move, with a guess."""
    message = f"cannot read {written!r} as a move"
    legal = list(board.legal_moves)
    sans = {san_core(board, m): m for m in legal}
    capital = core[:1].upper() + core[1:]
    if capital != core and capital in sans:
        return MoveProblem(
            "unreadable",
            f"{message}: piece letters are capitals",
            meant=sans[capital],
            hint=f"; did you mean {capital}?",
        )
    if core.endswith("ep") or core.endswith("e.p"):
        return MoveProblem("unreadable", f"{message}; write en-passant captures without 'e.p.'")
    guess, meant = _guess(board, core, legal)
    return MoveProblem("unreadable", message, meant=meant, hint=f"; did you mean {guess}?" if guess else "")
