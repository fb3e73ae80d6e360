"""Writing moves: SAN and LAN exactly as python-chess writes them, computed without its detour.

python-chess's ``Board.san`` plays the move, tests for check and mate, and takes it back; a
converter that plays every move anyway can write the move first, play it once, and add the
check mark from the moved piece alone (see :func:`kifu.chess.replay.gives_check`). Pieces of
the same kind are compared for disambiguation only when one of them attacks the target square.
"""

from __future__ import annotations

from kifu.chess.notation import piece_san
from kifu.chess.position import SPECIAL, push
from kifu.chess.replay import gives_check

import chess

_LETTERS = ["", "", "N", "B", "R", "Q", "K"]
_PROMOTIONS = ["", "", "=N", "=B", "=R", "=Q", "=K"]


def play(board: chess.Board, move: chess.Move, notation: str = "san") -> tuple[str, bool]:
    """Write ``move`` in ``notation`` (``san``, ``lan``, or ``""`` for no text), play it on
    ``board``, and say whether it checks; the text ends in ``+`` or ``#`` as python-chess's."""
    if not move:
        board.push(move)
        return ("--" if notation else ""), board.is_check()
    origin, to = move.from_square, move.to_square
    text = ""
    if not notation:
        pass
    elif board.pawns & chess.BB_SQUARES[origin]:
        # a pawn that changes file captures, en passant too
        capture = (origin & 7) != (to & 7)
        if notation == "lan":
            text = chess.SQUARE_NAMES[origin] + ("x" if capture else "-") + chess.SQUARE_NAMES[to]
        elif capture:
            text = chess.FILE_NAMES[origin & 7] + "x" + chess.SQUARE_NAMES[to]
        else:
            text = chess.SQUARE_NAMES[to]
        if move.promotion:
            text += _PROMOTIONS[move.promotion]
    elif board.kings & chess.BB_SQUARES[origin] and board.is_castling(move):
        text = "O-O" if (to & 7) > (origin & 7) else "O-O-O"
    elif notation == "lan":
        piece = board.piece_type_at(origin)
        if piece is None:
            raise ValueError(f"no piece on {chess.SQUARE_NAMES[origin]} for {move.uci()}")
        takes = board.occupied_co[not board.turn] & chess.BB_SQUARES[to]
        text = _LETTERS[piece] + chess.SQUARE_NAMES[origin] + ("x" if takes else "-") + chess.SQUARE_NAMES[to]
    else:
        text = piece_san(board, move)
    # castling and en passant move a second piece: python-chess tests the check
    check = board.is_check() if push(board, move) & SPECIAL else gives_check(board, move)
    if check and notation:
        text += "#" if not any(board.generate_legal_moves()) else "+"
    return text, check
