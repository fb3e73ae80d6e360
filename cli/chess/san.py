"""Writing moves: SAN and LAN exactly as python-chess writes them (see :mod:`kifu.chess.fastpath`)."""

from __future__ import annotations

from kifu.chess.fastpath import SPECIAL, gives_check, push, write_move

import chess


def play(board: chess.Board, move: chess.Move, notation: str = "san") -> tuple[str, bool]:
    """Write ``move`` in ``notation`` (``san``, ``lan``, or ``""`` for no text), play it on
    ``board``, and say whether it checks; the text ends in ``+`` or ``#`` as python-chess's."""
    if not move:
        board.push(move)
        return ("--" if notation else ""), board.is_check()
    text = write_move(board, move, notation) if notation else ""
    check = board.is_check() if push(board, move) & SPECIAL else gives_check(board, move)
    if check and notation:
        text += "#" if not any(board.generate_legal_moves()) else "+"
    return text, check
