"""Replaying a record through the rules: resolve each move, collect findings and facts.

Each ply keeps the position key (Zobrist) before and after it, the capture and whether it
gives check, so that repetition verdicts and the natural limit can be judged later.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kifu.core.findings import Finding
from kifu.core.record import MoveNode, Record
from kifu.xiangqi import codes
from kifu.xiangqi.board import RED, Board, move_name
from kifu.xiangqi.fen import START_FEN, FenError, parse_fen
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.notation.resolve import Resolution

_PROBLEM_CODES = {
    "no-piece": codes.NO_SUCH_PIECE,
    "marker": codes.BAD_MARKER,
    "no-move": codes.IMPOSSIBLE_DIRECTION,
    "ambiguous": codes.AMBIGUOUS_MOVE,
    "abridged": codes.ABRIDGED_TWO_READINGS,
    "rule": codes.ILLEGAL_MOVE,
    "check": codes.INTO_CHECK,
    "flying-general": codes.FLYING_GENERAL,
}


@dataclass(frozen=True, slots=True)
class Ply:
    """What the rules know about one played move.

    ``key_before``/``key_after`` are the Zobrist keys of the positions (side to move included);
    ``attacks`` are the squares of enemy pieces the moved piece attacks after the move: the
    facts that repetition verdicts (check, chase) and the natural limit (captures) need.
    """

    number: int
    move: int
    text: str
    key_before: int
    key_after: int
    captured: int
    gives_check: bool
    attacks: tuple[int, ...] = ()


@dataclass(slots=True)
class Replay:
    """The result of replaying a main line (and its variations)."""

    board: Board
    plies: list[Ply] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    complete: bool = True


def start_position(record: Record) -> tuple[Board | None, int, Finding | None]:
    """The start board and its full-move number, or a finding saying why there is none."""
    fen = record.start_position or START_FEN
    try:
        board = parse_fen(fen)
    except FenError as error:
        span = record.tag_spans.get("FEN")
        return None, 1, codes.BAD_FEN(f"start position {fen!r}: {error}", span)
    fields = fen.split()
    fullmove = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() and int(fields[5]) > 0 else 1
    return board, fullmove, None


def where(board: Board, ply: int, fullmove: int, first_side: int) -> str:
    """``round 12, Black`` for the move about to be played at ``ply`` (1-based)."""
    offset = 0 if first_side == RED else 1
    round_number = fullmove + (ply - 1 + offset) // 2
    return f"round {round_number}, {'Red' if board.side == RED else 'Black'}"


def replay(record: Record, settings: dict[str, Any] | None = None) -> Replay | Finding:
    """Replay the main line of ``record`` and its variations; a finding if there is no start."""
    board, fullmove, problem = start_position(record)
    if board is None:
        assert problem is not None
        return problem
    settings = settings or {}
    preference = settings.get("xiangqi_abridged")
    result = Replay(board)
    _line(board, record.moves, result, fullmove, board.side, 0, preference, main=True)
    if not result.complete:
        return result
    if not board.has_legal_move():
        loser_red = board.side == RED
        reason = "checkmate" if board.in_check() else "stalemate"
        result.outcome = {"result": "0-1" if loser_red else "1-0", "reason": reason, "ply": len(result.plies)}
    return result


def _line(
    board: Board,
    nodes: list[MoveNode],
    result: Replay,
    fullmove: int,
    first_side: int,
    ply0: int,
    preference: str | None,
    main: bool,
) -> None:
    """Play ``nodes`` on ``board`` (changed in place); variations replay on copies."""
    numbers_checked = False
    for i, node in enumerate(nodes):
        ply = ply0 + i + 1
        label = where(board, ply, fullmove, first_side)
        if not numbers_checked and node.move_number is not None:
            expected = fullmove + (ply - 1 + (0 if first_side == RED else 1)) // 2
            if node.move_number != expected:
                numbers_checked = True
                result.findings.append(
                    codes.MOVE_NUMBER(
                        f"{'' if main else 'variation, '}{label}: {node.text} is numbered "
                        f"{node.move_number}, but it is a move of round {expected}",
                        node.span,
                        ply=ply,
                        move=node.text,
                    )
                )
        prefix = "" if main else "variation, "
        for variation in node.variations:
            _line(board.copy(), variation, result, fullmove, first_side, ply - 1, preference, main=False)
        move = _resolve(board, node, label, prefix, ply, result, preference)
        if move is None:
            if main:
                result.complete = False
            return
        key_before = board.hash
        captured = board.push(move)
        if main:
            attacks = tuple(board.attacks_from(move & 127))
            result.plies.append(
                Ply(ply, move, node.text, key_before, board.hash, captured, board.in_check(), attacks)
            )


def _resolve(
    board: Board, node: MoveNode, label: str, prefix: str, ply: int, result: Replay, preference: str | None
) -> int | None:
    """The move ``node`` means, or ``None`` with a finding added to ``result``."""
    text = node.text
    resolved, finding = _read(board, node, label, prefix, ply, preference)
    if resolved is None and not board.has_legal_move():
        reason = "checkmate" if board.in_check() else "stalemate"
        finding = codes.MOVE_AFTER_END(
            f"{prefix}{label}: {text} is played after the game ended by {reason} at ply {ply - 1}",
            node.span,
            ply=ply,
            move=text,
        )
    if finding is not None:
        result.findings.append(finding)
    return resolved


def _read(
    board: Board, node: MoveNode, label: str, prefix: str, ply: int, preference: str | None
) -> tuple[int | None, Finding | None]:
    text = node.text
    try:
        spec = parse_move(text)
    except NotationError as error:
        return None, codes.UNREADABLE_MOVE(f"{prefix}{label}: {error}", node.span, ply=ply, move=text)
    resolution: Resolution = resolve(board, spec, None, preference)
    if spec.squares is not None and board.board[spec.squares[0]] and resolution.move is None:
        frm, to = spec.squares
        if (board.board[frm] > 0) == (board.side > 0):
            text = f"{text} ({write_move(board, frm << 7 | to)})"
    if resolution.move is not None:
        if resolution.noncanonical:
            canonical = write_move(board, resolution.move)
            return resolution.move, codes.NONCANONICAL(
                f"{prefix}{label}: {text} read as {canonical} ({resolution.noncanonical})",
                node.span,
                ply=ply,
                move=text,
            )
        return resolution.move, None
    assert resolution.problem is not None
    code = _PROBLEM_CODES[resolution.problem]
    message = f"{prefix}{label}: {text}: {resolution.message}"
    if resolution.problem in ("ambiguous", "abridged"):
        readings = " or ".join(f"{write_move(board, m)} ({move_name(m)})" for m in resolution.readings)
        message += f": {readings}"
    elif resolution.readings:
        message += f" ({move_name(resolution.readings[0])})"
    return None, code(message, node.span, ply=ply, move=text)
