"""What a chess finding's board shows: its :class:`~kifu.core.game.Marks` (where it stands is its code's).

A finding about a move is drawn in the position before it: an illegal or unreadable move as
written (its origin when one piece can have been meant, else only its target); an ambiguous
move's candidate pieces and target; and the move kifu played in its stead (the finding's
:attr:`~kifu.core.findings.Finding.meant`, whatever decided it: the move itself or the moves
after it; a move put into a gap, two moves swapped), else the walk's evident intent. A finding
about the result is drawn in the final position (the checked king is the renderer's).
"""

from __future__ import annotations

import re
from dataclasses import replace

from kifu.chess import codes
from kifu.chess.fastpath import SAN
from kifu.chess.locales import letter_map, translate
from kifu.chess.notation import ReadMove, read_move, split_suffixes
from kifu.core.findings import Finding
from kifu.core.game import Marks, Options, Position
from kifu.core.marking import caption

import chess

#: findings about a move that could not be played as written (CHESS201: after the game ended)
_UNPLAYABLE = frozenset({codes.ILLEGAL_MOVE.code, codes.NOT_A_MOVE.code, codes.MOVE_AFTER_END.code})
_AMBIGUOUS = codes.AMBIGUOUS_MOVE.code
_SQUARE = re.compile(r"[a-h][1-8]")


def mark(position: Position, finding: Finding, options: Options) -> Position:
    """``position`` with the marks of ``finding`` (see the module's doc)."""
    if finding.ply is None:
        text = caption(finding.code, position.ply, final=True)
        return replace(position, marks=Marks(text))
    board = chess.Board(position.position)
    written = finding.move or ""
    number = f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'} "
    marks = Marks(caption(finding.code, finding.ply, number + written if written else None))
    letters = _letters(options)
    move = assumed_move(finding, board, letters)
    assumed = (chess.square_name(move.from_square), chess.square_name(move.to_square)) if move else None
    if finding.code == _AMBIGUOUS:
        candidates = tuple(
            (chess.square_name(m.from_square), chess.square_name(m.to_square))
            for m in _fits(board, written, letters)
        )
        target = candidates[0][1] if candidates else None
        marks = Marks(marks.caption, (None, target) if target else None, assumed, candidates)
    elif finding.code in _UNPLAYABLE:
        marks = Marks(marks.caption, _attempted(board, written, letters), assumed)
    elif assumed is not None:  # a move put into a gap, two moves swapped: only the move played
        marks = Marks(marks.caption, assumed=assumed)
    return replace(position, marks=marks)


def assumed_move(finding: Finding, board: chess.Board, letters: dict[str, str] | None) -> chess.Move | None:
    """The move kifu played in ``board`` in place of ``finding``'s move: the finding's
    :attr:`~kifu.core.findings.Finding.meant` when it has one (``None`` unless it reads as one
    legal move there: tied readings, "Nbd7 or Nfd7", are no move); else, for a move that cannot
    be played, the move of the finding's :attr:`~kifu.core.findings.Finding.assumption` when it
    has one, else the walk's evident intent (the unique "did you mean" of
    :mod:`kifu.chess.diagnosis`, as the walk reads it)."""
    if finding.meant is not None:
        return _legal(board, finding.meant, letters)
    if finding.code not in _UNPLAYABLE:
        return None
    if finding.assumption is not None:
        return _legal(board, finding.assumption.assumed, letters)
    read = read_move(board, finding.move or "", letters)
    return None if isinstance(read, ReadMove) else read.meant


def _legal(board: chess.Board, text: str, letters: dict[str, str] | None) -> chess.Move | None:
    """The legal move ``text`` names in ``board``, if it names one."""
    read = read_move(board, text, letters)
    return read.move if isinstance(read, ReadMove) else None


def _letters(options: Options) -> dict[str, str] | None:
    lang = options.settings.get("lang")
    return letter_map(lang) if isinstance(lang, str) else None


def _core(board: chess.Board, written: str, letters: dict[str, str] | None) -> re.Match[str] | None:
    """The SAN of ``written`` (suffixes off, piece letters in English), if it is SAN."""
    core = split_suffixes(written)[0]
    if letters is not None:
        core = translate(core, letters)
    return SAN.match(core)


def _fits(board: chess.Board, written: str, letters: dict[str, str] | None) -> list[chess.Move]:
    """The legal moves an ambiguous ``written`` fits: its piece, its target, its file or rank."""
    match = _core(board, written, letters)
    if match is None or not match.group(1):
        return []
    piece = chess.PIECE_SYMBOLS.index(match.group(1).lower())
    target = chess.parse_square(match.group(5))
    return [
        m
        for m in board.legal_moves
        if m.to_square == target
        and board.piece_type_at(m.from_square) == piece
        and (not match.group(2) or chess.square_file(m.from_square) == "abcdefgh".index(match.group(2)))
        and (not match.group(3) or chess.square_rank(m.from_square) == int(match.group(3)) - 1)
    ]


def _attempted(
    board: chess.Board, written: str, letters: dict[str, str] | None
) -> tuple[str | None, str] | None:
    """The move as written: ``(origin, target)``, the origin only when one piece of the side
    to move fits the text (its kind, its file or rank; a pawn: its file), else ``None``."""
    match = _core(board, written, letters)
    if match is None:  # not SAN: at least the last square it names, if any
        squares = _SQUARE.findall(split_suffixes(written)[0])
        if len(squares) == 2:  # long algebraic, e2-e5
            return squares[0], squares[1]
        return (None, squares[-1]) if squares else None
    if match.group(5):
        piece, target_name = chess.PIECE_SYMBOLS.index(match.group(1).lower()), match.group(5)
        from_file, from_rank = match.group(2), match.group(3)
    else:
        piece, target_name = chess.PAWN, f"{match.group(8) or match.group(6)}{match.group(9)}"
        from_file, from_rank = match.group(6), None
    origins = [
        square
        for square in board.pieces(piece, board.turn)
        if (not from_file or chess.square_file(square) == "abcdefgh".index(from_file))
        and (not from_rank or chess.square_rank(square) == int(from_rank) - 1)
    ]
    origin = chess.square_name(origins[0]) if len(origins) == 1 else None
    return origin, target_name
