"""What a xiangqi finding's board shows: its :class:`~kifu.core.game.Marks` (where it stands is its code's).

A finding about a move is drawn in the position before it: a move that cannot be played as
written (its points when the text names a piece that could not move so, else nothing), the move
kifu played in its stead (the finding's :attr:`~kifu.core.findings.Finding.meant`, whatever
decided it: the move itself or the moves after it; else the walk's evident intent), and the
moves an ambiguous text fits. A repetition or the natural limit is drawn
in the position it reached, with the cycle in the legend; a result's finding in the final
position (the checked king is the renderer's).
"""

from __future__ import annotations

from dataclasses import replace

from kifu.core.findings import Finding
from kifu.core.game import Marks, Options, Position, board_at
from kifu.core.marking import caption
from kifu.xiangqi.board import Board, move_name
from kifu.xiangqi.fen import parse_fen
from kifu.xiangqi.notation import NotationError, Resolution, parse_move, resolve
from kifu.xiangqi.notation.suggest import suggest

#: what a resolution's readings are when a move breaks a rule: the one move the text names
_BROKEN = frozenset({"rule", "check", "flying-general"})


def mark(position: Position, finding: Finding, options: Options) -> Position:
    """``position`` with the marks of ``finding`` (see the module's doc)."""
    if finding.ply is None:
        return replace(position, marks=Marks(caption(finding.code, position.ply, final=True)))
    if board_at(finding) == finding.ply:  # (a repetition, the natural limit: after the move)
        text = caption(finding.code, finding.ply, f"after {finding.move}" if finding.move else None)
        return replace(position, marks=Marks(text, notes=(_cycle(finding.message),)))
    board = parse_fen(position.position)
    fields = position.position.split()
    number = fields[5] if len(fields) > 5 and fields[5].isdigit() else "1"
    written = finding.move or ""
    text = caption(finding.code, finding.ply, f"{number}{'.' if board.side > 0 else '...'} {written}")
    resolution = _resolution(board, written, options)
    if resolution is None or resolution.move:  # unreadable, or a move that was played
        attempted = None
        candidates: tuple[tuple[str, str], ...] = ()
    elif resolution.problem in ("ambiguous", "abridged"):
        attempted, candidates = None, tuple(_points(m) for m in resolution.readings)
    else:
        squares = _written_squares(written)
        broken = resolution.readings[0] if resolution.problem in _BROKEN and resolution.readings else None
        attempted = squares or (_points(broken) if broken else None)
        candidates = ()
    played = finding.meant is None and resolution is not None and resolution.move
    assumed = None if played else assumed_move(finding, board, options)
    marks = Marks(text, attempted, _points(assumed) if assumed else None, candidates)
    return replace(position, marks=marks)


def assumed_move(finding: Finding, board: Board, options: Options) -> int | None:
    """The move kifu played in ``board`` in place of ``finding``'s move: the finding's
    :attr:`~kifu.core.findings.Finding.meant` when it has one (read as the walk reads the record's
    text: ``None`` unless it names one legal move there); else the move of its
    :attr:`~kifu.core.findings.Finding.assumption` when it has one, else the walk's evident
    intent (the one legal move the text names but for slips, as the walk assumes it)."""
    if finding.meant is not None:
        resolution = _resolution(board, finding.meant, options)
        return resolution.move if resolution is not None and resolution.move else None
    if finding.assumption is not None:
        resolution = _resolution(board, finding.assumption.assumed, options)
        return resolution.move if resolution is not None and resolution.move else None
    distance, nearest = suggest(board, finding.move or "")
    return nearest[0] if distance == 0 and len(nearest) == 1 else None


def _resolution(board: Board, text: str, options: Options) -> Resolution | None:
    """What the walk makes of ``text`` in ``board`` (``None``: it is no move at all)."""
    try:
        spec = parse_move(text)
    except NotationError:
        return None
    preference = options.settings.get("xiangqi_abridged")
    return resolve(board, spec, None, preference if isinstance(preference, str) else None)


def _written_squares(text: str) -> tuple[str, str] | None:
    """The points of a coordinate move (``h2e2``, ``H2-E2``) as written."""
    try:
        spec = parse_move(text)
    except NotationError:
        return None
    if spec.squares is None:
        return None
    frm, to = spec.squares
    return _point(frm), _point(to)


def _points(move: int) -> tuple[str, str]:
    name = move_name(move)
    return name[:2], name[2:]


def _point(square: int) -> str:
    return move_name(square << 7 | square)[:2]


def _cycle(message: str) -> str:
    """The cycle of a repetition's message ("the cycle is plies 1-8. Red: 1. 车九进一 check, …"),
    else the whole message (the natural limit's)."""
    start = message.find("the cycle is")
    return message[start:] if start >= 0 else message
