"""Replaying a record through python-chess: legality, how moves are written, how the game ended.

The main line is replayed with repetition counts and move counters kept incrementally, so
that automatic draws (fivefold, 75 moves), dead positions and the first ply at which a
draw could be claimed (FIDE 9.2 and 9.3, including the claim made by writing down the
intended move) are known without replaying anything twice. Variations are checked for
legality and notation only. Nothing here recurses: variations nest arbitrarily deep.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kifu.chess import codes
from kifu.chess.diagnosis import MoveProblem
from kifu.chess.fastpath import SPECIAL, ZEROING, gives_check, push
from kifu.chess.locales import candidate_tables, describe, letter_map
from kifu.chess.notation import ReadMove, is_null, read_move
from kifu.core.findings import Finding, Severity
from kifu.core.record import MoveNode, Record

import chess


@dataclass(slots=True)
class Ending:
    """How the rules ended the game: ``reason``, the ``result`` they give, at ``ply``."""

    reason: str
    result: str
    ply: int


@dataclass(slots=True)
class Claim:
    """A draw claim: when it first became available, and whether it holds at the end."""

    reason: str
    ply: int
    reached_ply: int | None
    valid: bool


@dataclass(slots=True)
class Replay:
    """What replaying a record found."""

    findings: list[Finding] = field(default_factory=list)
    plies: int = 0
    complete: bool = True  # the main line was replayed to its last move
    ending: Ending | None = None
    claims: list[Claim] = field(default_factory=list)
    board: chess.Board | None = None
    language: list[str] | None = None
    long_moves: list[tuple[MoveNode, str, int, str]] = field(default_factory=list)


def move_label(board: chess.Board, text: str) -> str:
    """``12. Nf3`` or ``12... Nf6`` for the move about to be played on ``board``."""
    return _label(board.fullmove_number, board.turn, text)


def _label(number: int, turn: bool, text: str) -> str:
    return f"{number}{'.' if turn == chess.WHITE else '...'} {text}"


PositionKey = tuple[bool, int, int, int, int, int, int, int, int, int, "int | None"]


def position_key(board: chess.Board) -> PositionKey:
    """What makes two positions the same for FIDE 9.2: side to move, pieces, castling rights
    and en-passant possibilities (only a capture that can legally be made counts)."""
    occupied = board.occupied_co
    return (
        board.turn,
        occupied[chess.WHITE],
        occupied[chess.BLACK],
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.clean_castling_rights() if board.castling_rights else 0,
        board.ep_square if board.ep_square is not None and board.has_legal_en_passant() else None,
    )


class _MainLine:
    """Incremental bookkeeping of the main line: repetitions, counters, claims, the end."""

    def __init__(self, board: chess.Board) -> None:
        self.board = board
        self.key: PositionKey = position_key(board)
        self.counts: dict[PositionKey, int] = {self.key: 1}
        self.twice: list[PositionKey] = []  # positions seen twice since the last irreversible move
        self.ending: Ending | None = None
        self.threefold_ply: int | None = None  # first ply with a valid threefold claim
        self.threefold_reached: int | None = None
        self.fifty_ply: int | None = None
        self.fifty_reached: int | None = None

    def after_move(self, board: chess.Board, ply: int, zeroing: bool, mate: bool) -> None:
        """Account for the position reached by the move of ``ply`` (the hot path: keep it lean)."""
        if zeroing:
            self.counts.clear()
            self.twice.clear()
            if not (board.pawns | board.rooks | board.queens) and board.is_insufficient_material():
                self._end("insufficient-material", "1/2-1/2", ply)
        key = self.key = position_key(board)
        count = self.counts.get(key, 0) + 1
        self.counts[key] = count
        if mate:
            self._end("checkmate", "0-1" if board.turn == chess.WHITE else "1-0", ply)
            return
        if count >= 2:
            self._repeated(key, count, ply)
        if self.ending is not None:
            return  # the game is over: nothing is left to claim
        clock = board.halfmove_clock
        if clock >= 99:
            self._long_quiet(board, clock, ply)
        if self.twice and self.threefold_ply is None and self._threefold_by_move(board):
            self.threefold_ply = ply

    def _repeated(self, key: PositionKey, count: int, ply: int) -> None:
        if count == 2:
            self.twice.append(key)
        elif count >= 3 and self.threefold_reached is None:
            self.threefold_reached = ply
            self.threefold_ply = self.threefold_ply or ply
        if count >= 5:
            self._end("fivefold-repetition", "1/2-1/2", ply)

    def _long_quiet(self, board: chess.Board, clock: int, ply: int) -> None:
        if clock >= 100 and self.fifty_reached is None:
            self.fifty_reached = ply
            self.fifty_ply = self.fifty_ply or ply
        if clock >= 150:
            self._end("seventyfive-moves", "1/2-1/2", ply)
        if self.fifty_ply is None and clock == 99 and self._fifty_by_move(board):
            self.fifty_ply = ply

    def end_without_moves(self, ply: int) -> None:
        """The side to move has no legal move after ``ply``: checkmate or stalemate."""
        position = self.board
        if position.is_check():
            self._end("checkmate", "0-1" if position.turn == chess.WHITE else "1-0", ply)
        else:
            self._end("stalemate", "1/2-1/2", ply)

    def _end(self, reason: str, result: str, ply: int) -> None:
        if self.ending is None:
            self.ending = Ending(reason, result, ply)

    def _threefold_by_move(self, board: chess.Board) -> bool:
        """FIDE 9.2.1.1: the player to move writes a move that repeats a position a third time.

        Only a quiet move (no capture, no pawn move) can repeat a position. It empties one
        square of the mover's and fills one empty square (castling: two and two), so each
        twice-seen position names the one candidate move that could reach it; most plies need
        no move generation at all.
        """
        occupied = board.occupied
        ours = board.occupied_co[board.turn]
        for key in self.twice:
            if key[0] == board.turn:
                continue
            diff = (key[1] | key[2]) ^ occupied
            origins, targets = diff & ours, diff & ~occupied
            if chess.popcount(origins) == 1 and chess.popcount(targets) == 1:
                candidates = [chess.Move(chess.lsb(origins), chess.lsb(targets))]
            elif chess.popcount(diff) == 4:
                candidates = [m for m in board.generate_castling_moves()]
            else:
                continue
            for move in candidates:
                if board.is_zeroing(move) or not board.is_legal(move):
                    continue
                board.push(move)
                repeats = position_key(board) == key
                board.pop()
                if repeats:
                    return True
        return False

    @staticmethod
    def _fifty_by_move(board: chess.Board) -> bool:
        """FIDE 9.3.1: the player to move writes a move that completes the fifty moves."""
        return any(not board.is_zeroing(move) for move in board.generate_legal_moves())

    def claims_at_end(self, board: chess.Board) -> list[Claim]:
        claims = []
        if self.threefold_ply is not None:
            here = self.counts.get(position_key(board), 0) >= 3 or (
                bool(self.twice) and self._threefold_by_move(board)
            )
            claims.append(Claim("threefold-repetition", self.threefold_ply, self.threefold_reached, here))
        if self.fifty_ply is not None:
            clock = board.halfmove_clock
            here = clock >= 100 or (clock == 99 and self._fifty_by_move(board))
            claims.append(Claim("fifty-moves", self.fifty_ply, self.fifty_reached, here))
        return claims


def replay(record: Record, start: chess.Board, lang: str | None) -> Replay:
    """Replay ``record`` from ``start`` (which the caller built from its tags)."""
    letters = letter_map(lang) if lang else None
    result = _replay(record, start.copy(), letters)
    if lang is None and not result.complete and _has_foreign_letters(record.moves):
        detected = _detect_language(record, start, result.plies)
        if detected is not None:
            langs, better = detected
            better.language = langs
            better.findings.insert(
                0,
                codes.LOCALISED_LETTERS(
                    f"the moves are written with {describe(langs)}; read them so (give --lang to say it)",
                    record.moves[0].span,
                ),
            )
            return better
    return result


_FOREIGN = frozenset("SLDTCAFPHGVWJ")


def _has_foreign_letters(moves: list[MoveNode]) -> bool:
    return any(node.text[:1] in _FOREIGN for node in moves)


def _detect_language(
    record: Record, start: chess.Board, english_plies: int
) -> tuple[list[str], Replay] | None:
    """The one letter table under which the main line replays further than in English."""
    best: tuple[int, list[str], Replay] | None = None
    tie = False
    for langs in candidate_tables().values():
        attempt = _replay(record, start.copy(), letter_map(langs[0]))
        progress = attempt.plies + (1 if attempt.complete else 0)
        if best is None or progress > best[0]:
            best, tie = (progress, langs, attempt), False
        elif progress == best[0]:
            tie = True
    if best is None or tie or best[0] <= english_plies:
        return None
    return best[1], best[2]


#: SAN resolutions by (position, text): archives repeat the same openings over and over.
_RESOLVED: dict[tuple[PositionKey, str], ReadMove | MoveProblem] = {}
_RESOLVED_LIMIT = 200_000
#: Only openings repeat from game to game: past this ply a position is almost always new, and
#: keying it (a tuple of 64-bit boards) costs more than resolving the move again.
_CACHED_PLIES = 24


def clear_cache() -> None:
    """Forget the cached SAN resolutions (benchmarks start each run cold)."""
    _RESOLVED.clear()


def _replay(record: Record, board: chess.Board, letters: dict[str, str] | None) -> Replay:
    out = Replay()
    main = _MainLine(board)
    marks_checks = _marks_checks(record.moves)
    unmarked_checks: list[tuple[MoveNode, int]] = []
    # work items: (board, nodes, first ply, is main line)
    work: list[tuple[chess.Board, list[MoveNode], int, bool]] = [(board, record.moves, 1, True)]
    while work:
        position, nodes, ply, is_main = work.pop()
        in_check: bool | None = None  # unknown at the start of a line
        ended_reported = False
        numbers_reported = False
        for node in nodes:
            if node.variations:
                for alternative in reversed(node.variations):
                    if alternative:
                        work.append((position.copy(stack=False), alternative, ply, False))
            if (
                node.move_number is not None
                and node.move_number != position.fullmove_number
                and not numbers_reported
            ):
                numbers_reported = True
                out.findings.append(
                    codes.MOVE_NUMBER(
                        f"move number {node.move_number} where {position.fullmove_number} was due",
                        node.span,
                        ply=ply,
                        move=move_label(position, node.text),
                    )
                )
            if is_main and main.ending is not None and not ended_reported:
                ended_reported = True
                label = move_label(position, node.text)
                out.findings.append(
                    codes.MOVE_AFTER_END(
                        f"{label} is recorded after the game ended by {_describe_ending(main.ending)}",
                        node.span,
                        ply=ply,
                        move=label,
                        rule=_ending_rule(main.ending),
                    )
                )
            if node.text[0] in "-Z0@" and is_null(node.text):
                label = move_label(position, node.text)
                severity = Severity.ERROR if is_main else Severity.WARNING
                where = (
                    "in the main line: the record is not a legal game"
                    if is_main
                    else "in a variation (analysis)"
                )
                out.findings.append(
                    codes.NULL_MOVE(
                        f"null move {node.text} {where}", node.span, ply=ply, move=label, severity=severity
                    )
                )
                position.push(chess.Move.null())
                in_check = None
                if is_main:
                    main.counts.clear()
                ply += 1
                continue
            cache_key = (
                (main.key, node.text) if is_main and ply <= _CACHED_PLIES and letters is None else None
            )
            read = _RESOLVED.get(cache_key) if cache_key is not None else None
            if read is None:
                read = read_move(position, node.text, letters, in_check)
                if cache_key is not None and isinstance(read, ReadMove):
                    if len(_RESOLVED) >= _RESOLVED_LIMIT:
                        _RESOLVED.clear()
                    _RESOLVED[cache_key] = read
            if isinstance(read, MoveProblem):
                if not (read.ended and ended_reported):
                    _problem(out, read, node, move_label(position, node.text), ply, main if is_main else None)
                if is_main:
                    out.complete = False
                break
            number, turn = position.fullmove_number, position.turn
            if read.notes:
                _notation_findings(out, read, node, _label(number, turn, node.text), ply)
            move = read.move
            flags = push(position, move)
            zeroing = bool(flags & ZEROING)
            # castling and en passant move a second piece: python-chess decides their checks
            check = in_check = position.is_check() if flags & SPECIAL else gives_check(position, move)
            mate = check and not any(position.generate_legal_moves())
            if read.suffix != ("#" if mate else "+" if check else ""):
                _check_suffix(
                    out,
                    read,
                    node,
                    _label(number, turn, node.text),
                    ply,
                    check,
                    mate,
                    marks_checks,
                    unmarked_checks,
                )
            if is_main:
                main.after_move(position, ply, zeroing, mate)
                out.plies = ply
            ply += 1
        if is_main:
            out.board = position
    if out.long_moves:
        node, label, ply, san = out.long_moves[0]
        more = len(out.long_moves) - 1
        tail = f" ({more} more move(s) in this game are written so too)" if more else ""
        out.findings.append(
            codes.LONG_ALGEBRAIC(
                f"{label}: long algebraic/UCI notation; SAN is {san}{tail}", node.span, ply=ply, move=label
            )
        )
    if unmarked_checks:
        first, first_ply = unmarked_checks[0]
        out.findings.append(
            codes.CHECK_SUFFIX(
                f"the record never marks checks: {len(unmarked_checks)} checking move(s) lack '+' or '#', "
                f"the first {first.text}",
                first.span,
                ply=first_ply,
            )
        )
    final = out.board
    if final is not None and out.complete:
        if main.ending is None and not any(final.generate_legal_moves()):
            main.end_without_moves(out.plies)
        out.claims = main.claims_at_end(final)
    elif final is not None:
        out.claims = []
    out.ending = main.ending
    out.findings.sort(key=lambda f: (f.span.line, f.span.column) if f.span else (0, 0))
    return out


def _marks_checks(moves: list[MoveNode]) -> bool:
    return any("+" in node.text or "#" in node.text for node in moves)


def _problem(
    out: Replay, problem: MoveProblem, node: MoveNode, label: str, ply: int, main: _MainLine | None
) -> None:
    if problem.ended and main is not None:
        if main.ending is None:
            main.end_without_moves(ply - 1)
        out.findings.append(
            codes.MOVE_AFTER_END(
                f"{label}: {problem.message}", node.span, ply=ply, move=label, rule="FIDE Laws of Chess 5"
            )
        )
        return
    code = {"illegal": codes.ILLEGAL_MOVE, "ambiguous": codes.AMBIGUOUS_MOVE}.get(
        problem.kind, codes.NOT_A_MOVE
    )
    out.findings.append(code(f"{label}: {problem.message}", node.span, ply=ply, move=label))


def _notation_findings(out: Replay, read: ReadMove, node: MoveNode, label: str, ply: int) -> None:
    for note in read.notes:
        if note == "zero-castling":
            out.findings.append(
                codes.ZERO_CASTLING(
                    f"{label}: castling is written with the letter O", node.span, ply=ply, move=label
                )
            )
        elif note == "promotion-equals":
            out.findings.append(
                codes.PROMOTION_SYNTAX(
                    f"{label}: promotion is written with '=' (e.g. a8=Q)", node.span, ply=ply, move=label
                )
            )
        elif note.startswith("long:"):
            out.long_moves.append((node, label, ply, note[5:]))
        elif note.startswith("overspecified:"):
            out.findings.append(
                codes.OVERSPECIFIED(
                    f"{label}: no other piece of this kind can legally make this move; SAN is {note[14:]}",
                    node.span,
                    ply=ply,
                    move=label,
                )
            )


def _check_suffix(
    out: Replay,
    read: ReadMove,
    node: MoveNode,
    label: str,
    ply: int,
    check: bool,
    mate: bool,
    marks_checks: bool,
    unmarked: list[tuple[MoveNode, int]],
) -> None:
    expected = "#" if mate else "+" if check else ""
    if not read.suffix and not marks_checks:
        unmarked.append((node, ply))
        return
    if not read.suffix:
        message = f"{label} gives {'mate' if mate else 'check'}: write {expected}"
    elif not expected:
        message = f"{label} is marked {read.suffix} but gives no check"
    else:
        message = (
            f"{label} is marked {read.suffix} but gives {'mate' if mate else 'check only'}: write {expected}"
        )
    out.findings.append(codes.CHECK_SUFFIX(message, node.span, ply=ply, move=label))


def _describe_ending(ending: Ending) -> str:
    return {
        "checkmate": "checkmate",
        "stalemate": "stalemate",
        "insufficient-material": "a dead position (neither side can mate)",
        "fivefold-repetition": "fivefold repetition",
        "seventyfive-moves": "the 75-move rule",
    }[ending.reason] + f" at ply {ending.ply}"


def _ending_rule(ending: Ending) -> str:
    return {
        "checkmate": "FIDE Laws of Chess 5.1.1",
        "stalemate": "FIDE Laws of Chess 5.2.1",
        "insufficient-material": "FIDE Laws of Chess 5.2.2",
        "fivefold-repetition": "FIDE Laws of Chess 9.6.1",
        "seventyfive-moves": "FIDE Laws of Chess 9.6.2",
    }[ending.reason]


def describe_ending(ending: Ending) -> str:
    """``checkmate at ply 83`` — for messages."""
    return _describe_ending(ending)
