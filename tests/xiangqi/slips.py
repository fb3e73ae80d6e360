"""Random legal xiangqi games (pyffish) written in kifu's notations, with planted slips; what
kifu's look-ahead makes of them (issue 29).

    python -m tests.xiangqi.slips [--records N] [--seed S] [--classes single,twice] [--examples K]

A game is played at random by Fairy-Stockfish's move generator (variant ``xiangqi``), seeded,
each move cross-checked against kifu's board, and written by kifu's writers in one notation
(Chinese, WXF, ICCS or UCCI). A slip is one of the writer's mistakes the candidate set covers: a
look-alike character (乎 for 平, 近 for 进), 进/退 swapped, a wrong file or target number, a
front/rear marker where the file is written or the reverse, a character left out, a WXF letter
or sign slip, a coordinate slip. A slip is planted only where the text can no longer be played
as written (a slip that writes another legal move cannot be seen at its move). The figures:
the true move is the assumed move (single slips); every slip is reported in one run (2–3 slips);
no error on a move that was legal in the original game; no error-severity verdict resting on an
assumed move.

Then the classes of slips of tests/chess/slips.py (one slip, two or three, a garbled move, a
move left out in both sheet styles, a move written twice, two moves swapped), each planted in
``--records`` random games played by kifu's board (:func:`kifu_game`) and judged from the
findings alone (:func:`measure_class`); ``--classes`` picks some, ``--examples K`` prints the
sheets that fail.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import pyffish
from kifu.core.game import Options
from kifu.core.lookahead import LATE, NAMED
from kifu.core.results import RecordReport
from kifu.xiangqi.board import RED, Board, move_name
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import START_FEN, parse_fen
from kifu.xiangqi.lookahead import candidates
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.notation.chinese import BLACK_NAMES, DIRECTION_CHARS, RED_NAMES, number
from kifu.xiangqi.notation.resolve import file_number
from kifu.xiangqi.notation.wxf import WRITE_LETTERS
from kifu.xiangqi.reader import read_records

from tests.chess.slips import (
    CLASSES,
    ClassFigures,
    Rules,
    Sheet,
    Slip,
    edit_distance,
    other_swap,
    score,
    tokens_of,
    whole_token,
)

NOTATIONS = ("chinese", "chinese", "wxf", "iccs", "ucci")
_NUMERALS = "一二三四五六七八九"
_DIGITS = "１２３４５６７８９"
_NAMES = {"车": "CHARIOT", "马": "HORSE", "炮": "CANNON", "兵": "PAWN", "卒": "PAWN"}


def _kifu_moves(board: Board) -> dict[str, int]:
    """kifu's legal moves of ``board`` by their pyffish names (ranks 1–10 there, 0–9 here)."""
    named: dict[str, int] = {}
    for move in board.legal_moves():
        name = move_name(move)
        named[f"{name[0]}{int(name[1]) + 1}{name[2]}{int(name[3]) + 1}"] = move
    return named


def _checks(board: Board, move: int) -> bool:
    """Whether ``move`` gives check."""
    board.push(move)
    try:
        return board.in_check()
    finally:
        board.pop()


def _mates(board: Board, move: int) -> bool:
    """Whether ``move`` leaves the side to move then in check without a legal move."""
    board.push(move)
    try:
        return board.in_check() and not board.has_legal_move()
    finally:
        board.pop()


def random_game(rng: random.Random, plies: int, captures: float = 0.0) -> list[int]:
    """A random legal game of at most ``plies`` plies from the start, played by pyffish's move
    generator (a capture is chosen with probability ``captures`` when there is one, so that
    games end sooner); each move must be legal in kifu too. It ends early when the side to move
    has no legal move."""
    board = parse_fen(START_FEN)
    fen = pyffish.start_fen("xiangqi")
    moves: list[int] = []
    for _ in range(plies):
        legal = sorted(pyffish.legal_moves("xiangqi", fen, []))
        named = _kifu_moves(board)
        assert set(legal) == set(named), f"pyffish and kifu disagree in {fen}"
        if not legal:
            break
        taking = [uci for uci in legal if board.board[named[uci] & 127]]
        uci = rng.choice(taking if taking and rng.random() < captures else legal)
        if captures and rng.random() < 0.5:  # half of the time: a mate in one, else a check
            checking = [uci for uci in legal if _checks(board, named[uci])]
            mating = [uci for uci in checking if _mates(board, named[uci])]
            if mating or checking:
                uci = rng.choice(mating or checking)
        board.push(named[uci])
        moves.append(named[uci])
        fen = pyffish.get_fen("xiangqi", fen, [uci])
    return moves


def _ended_game(rng: random.Random, tries: int = 20) -> list[int]:
    """A random game of at most 40 plies that ends with a side without a legal move (the
    last one tried if none does)."""
    for _ in range(tries):
        moves = random_game(rng, 40, captures=0.8)
        board = parse_fen(START_FEN)
        for move in moves:
            board.push(move)
        if not board.has_legal_move() and len(moves) >= 12:
            return moves
    return moves


def _slips(text: str, notation: str) -> list[str]:
    """Every slip of ``text`` of the kinds the look-ahead's candidates cover."""
    out: list[str] = []

    def put(i: int, ch: str) -> None:
        out.append(text[:i] + ch + text[i + 1 :])

    if notation == "chinese":
        for i, ch in enumerate(text):
            if ch == "平":
                put(i, "乎")
            elif ch == "进":
                put(i, "近")
                put(i, "退")
            elif ch == "退":
                put(i, "进")
            elif ch in _NUMERALS:
                put(i, _NUMERALS[(_NUMERALS.index(ch) + 1) % 9])
                put(i, _NUMERALS[(_NUMERALS.index(ch) + 7) % 9])
            elif ch in _DIGITS:
                put(i, _DIGITS[(_DIGITS.index(ch) + 1) % 9])
                put(i, _DIGITS[(_DIGITS.index(ch) + 7) % 9])
        if text[0] in "前后" and text[1] in _NAMES:  # the marker for a file: 前车进一 → 车二进一
            for number in (_NUMERALS if text[-1] in _NUMERALS else _DIGITS)[:9:2]:
                out.append(text[1] + number + text[2:])
        elif text[0] in _NAMES:  # a marker for the file: 车二进一 → 前车进一
            out.append("前" + text[0] + text[2:])
            out.append("后" + text[0] + text[2:])
        out.extend(text[:i] + text[i + 1 :] for i in range(1, len(text)))  # a character left out
    elif notation == "wxf":
        for i, ch in enumerate(text):
            if ch in "KAEHRCP":
                out.extend(text[:i] + other + text[i + 1 :] for other in "AEHRCP" if other != ch)
            elif ch in "+-.":
                out.extend(text[:i] + other + text[i + 1 :] for other in "+-." if other != ch)
            elif ch.isdigit():
                put(i, str(int(ch) % 9 + 1))
                put(i, str((int(ch) + 7) % 9 + 1))
        out.extend(text[:i] + text[i + 1 :] for i in range(1, len(text)))
    else:
        for i, ch in enumerate(text):
            if ch.isdigit():
                put(i, str((int(ch) + 1) % 10))
                put(i, str((int(ch) + 9) % 10))
            elif ch.lower() in "abcdefghi":
                letters = "abcdefghi" if ch.islower() else "ABCDEFGHI"
                put(i, letters[(letters.index(ch) + 1) % 9])
                put(i, letters[(letters.index(ch) + 8) % 9])
    return [slip for slip in dict.fromkeys(out) if slip != text and slip.strip()]


def _unplayable(board: Board, text: str) -> bool:
    """Whether ``text`` is read as a move (the movetext's reader takes it for one) that names no
    legal move of ``board`` (as the walk reads it)."""
    items, _ = read_records(f"1. {text} *\n".encode(), "pgn")
    record, findings = next(items)
    if findings or [node.text for node in record.moves] != [text]:
        return False  # not taken for a move at all: the moves after it shift (not a look-ahead case)
    try:
        spec = parse_move(text)
    except NotationError:
        return True
    return resolve(board, spec).move is None


@dataclass(slots=True)
class Planted:
    """A game with its slips: the texts as written, and the true move at each slipped ply."""

    texts: list[str]
    moves: list[int]
    slips: dict[int, str] = field(default_factory=dict)  # ply (1-based) → the true text

    def truth(self) -> list[str]:
        """The texts without the slips."""
        return [self.slips.get(ply, text) for ply, text in enumerate(self.texts, 1)]


def plant(rng: random.Random, moves: list[int], notation: str, count: int, apart: int = 0) -> Planted | None:
    """``moves`` written in ``notation`` with ``count`` slips at random plies, at least ``apart``
    plies from each other (``None`` when no such slips can be planted)."""
    board = parse_fen(START_FEN)
    boards: list[Board] = []
    texts: list[str] = []
    for move in moves:
        boards.append(board.copy())
        texts.append(write_move(board, move, notation))
        board.push(move)
    planted = Planted(list(texts), moves)
    plies = list(range(1, len(moves) + 1))
    rng.shuffle(plies)
    for ply in plies:
        if len(planted.slips) == count:
            return planted
        if any(abs(ply - other) < apart for other in planted.slips):
            continue
        slips = _slips(texts[ply - 1], notation)
        rng.shuffle(slips)
        slip = next((slip for slip in slips if _unplayable(boards[ply - 1], slip)), None)
        if slip is not None:
            planted.slips[ply] = texts[ply - 1]
            planted.texts[ply - 1] = slip
    return planted if len(planted.slips) == count else None


def record_text(texts: list[str], result: str = "*") -> str:
    """An XQBase PGN record of the moves ``texts``."""
    parts: list[str] = []
    for i, text in enumerate(texts):
        parts.append(f"{i // 2 + 1}. {text}" if i % 2 == 0 else text)
    return f'[Game "Chinese Chess"]\n[Result "{result}"]\n\n{" ".join(parts)} {result}\n'


_ASSUMED = re.compile(r"did you mean \S+ \(([a-i]\d[a-i]\d)\)\? The rest of the game was checked assuming it")


def check(text: str) -> RecordReport:
    """kifu's report on the record ``text``."""
    items, _ = read_records(text.encode(), "pgn")
    record, findings = next(items)
    return check_record(record, findings, Options())


def assumed_moves(report: RecordReport) -> dict[int, str]:
    """The move assumed at each ply (UCCI), from the findings' "did you mean"."""
    found: dict[int, str] = {}
    for finding in report.findings:
        match = _ASSUMED.search(finding.message)
        if match and finding.ply:
            found[finding.ply] = match.group(1)
    return found


def determined(planted: Planted, ply: int) -> bool:
    """Whether the rest of the original game determines the true move at the slipped ``ply``:
    among the candidates of the slip, it is the nearest one under which the original moves after
    it replay to the end (what an arbiter with unlimited time would conclude)."""
    board = parse_fen(START_FEN)
    for move in planted.moves[: ply - 1]:
        board.push(move)
    truth = planted.moves[ply - 1]
    replaying: list[tuple[int, int]] = []
    for move, distance in candidates(board, planted.texts[ply - 1], None):
        after = board.copy()
        after.push(move)
        for text in planted.truth()[ply:]:
            try:
                played = resolve(after, parse_move(text)).move
            except NotationError:
                played = None
            if played is None:
                break
            after.push(played)
        else:
            replaying.append((distance, move))
    nearest = min(replaying, default=None)
    if nearest is None or nearest[1] != truth or [d for d, _ in replaying].count(nearest[0]) > 1:
        return False
    return nearest[0] == 0 or ply < len(planted.moves)  # (the last move: no rest to determine it)


@dataclass(slots=True)
class Figures:
    """What the look-ahead made of the generated games."""

    single: int = 0
    single_right: int = 0
    single_wrong: int = 0
    single_determined: int = 0
    single_determined_right: int = 0
    multi: int = 0
    multi_all_reported: int = 0
    multi_determined: int = 0
    multi_determined_all_reported: int = 0
    games: int = 0
    games_with_false_error: int = 0
    error_verdicts_on_assumption: int = 0
    provisional_verdicts: int = 0
    seconds: float = 0.0
    wrong: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The figures as printed."""

        def share(n: int, d: int) -> str:
            return f"{n}/{d} ({100 * n / d:.1f}%)" if d else "0/0"

        return [
            f"single slips, the true move assumed: {share(self.single_right, self.single)}; "
            f"a wrong move assumed: {share(self.single_wrong, self.single)}",
            f"single slips the rest of the game determines, the true move assumed: "
            f"{share(self.single_determined_right, self.single_determined)}",
            f"2-3 slips, every slip reported in one run: {share(self.multi_all_reported, self.multi)}; "
            "where the rest determines each: "
            f"{share(self.multi_determined_all_reported, self.multi_determined)}",
            f"games with an error on a move legal in the original game: "
            f"{share(self.games_with_false_error, self.games)}",
            f"error-severity verdicts on an assumed move: {self.error_verdicts_on_assumption} "
            f"(provisional verdicts, warnings: {self.provisional_verdicts})",
            f"{self.games} records in {self.seconds:.1f} s",
        ]


def run(records: int, seed: int) -> Figures:
    """Generate and check ``records`` records (half with one slip, half with two or three), 20
    plantings in each random game; a game that ends with no legal move is declared with the
    wrong result half of the time, so that the verdict on it rests on the assumed moves."""
    figures = Figures()
    rng = random.Random(seed)
    started = time.perf_counter()
    games = [_ended_game(rng)]  # a game with an outcome: a verdict for the slips to rest under
    games += [random_game(rng, rng.randint(40, 160), captures=0.6) for _ in range(records // 20 - 1)]
    made = 0
    while made < records:
        moves = games[made % len(games)]
        count = 1 if made % 2 == 0 else rng.randint(2, 3)
        planted = plant(rng, moves, rng.choice(NOTATIONS), count)
        if planted is None:
            continue
        made += 1
        result = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
        board = parse_fen(START_FEN)
        for move in moves:
            board.push(move)
        if not board.has_legal_move() and rng.random() < 0.5:
            result = "1-0" if board.side == RED else "0-1"  # the loser declared the winner
        _score(figures, planted, check(record_text(planted.texts, result)))
    figures.seconds = time.perf_counter() - started
    return figures


def _score(figures: Figures, planted: Planted, report: RecordReport) -> None:
    figures.games += 1
    errors = {f.ply for f in report.findings if f.severity.label == "error" and f.ply}
    if errors - set(planted.slips):
        figures.games_with_false_error += 1
    assumed = assumed_moves(report)
    for finding in report.findings:
        if finding.assumption is not None:
            figures.provisional_verdicts += 1
            figures.error_verdicts_on_assumption += finding.severity.label == "error"
        elif finding.severity.label == "error" and finding.ply is None and assumed:
            figures.error_verdicts_on_assumption += 1  # a verdict on the result, no assumption named
    if len(planted.slips) == 1:
        figures.single += 1
        (ply,) = planted.slips
        truth = move_name(planted.moves[ply - 1])
        right = assumed.get(ply) == truth
        figures.single_right += right
        figures.single_wrong += ply in assumed and not right
        if determined(planted, ply):
            figures.single_determined += 1
            figures.single_determined_right += right
            if not right and len(figures.wrong) < 20:
                figures.wrong.append(f"ply {ply}: {planted.texts[ply - 1]} for {planted.slips[ply]}")
    else:
        figures.multi += 1
        reported = set(planted.slips) <= errors
        figures.multi_all_reported += reported
        if all(determined(planted, ply) for ply in planted.slips):
            figures.multi_determined += 1
            figures.multi_determined_all_reported += reported


# --- classes of slips, judged from the findings alone (the harness of tests/chess/slips.py) ---

#: the line a sheet's moves stand on (after the two tags and a blank line)
_LINE = 4


def kifu_game(rng: random.Random, plies: int, captures: float = 0.5) -> list[int]:
    """A random legal game of at most ``plies`` plies, by kifu's board's legal moves (a capture
    chosen with probability ``captures`` when there is one); it ends early when the side to
    move has no legal move."""
    board = parse_fen(START_FEN)
    moves: list[int] = []
    for _ in range(plies):
        legal = sorted(board.legal_moves())
        if not legal:
            break
        taking = [move for move in legal if board.board[move & 127]]
        move = rng.choice(taking if taking and rng.random() < captures else legal)
        board.push(move)
        moves.append(move)
    return moves


def _play(board: Board, text: str) -> int | None:
    """The legal move ``text`` names on ``board`` as kifu reads it, or ``None``."""
    try:
        return resolve(board, parse_move(text)).move
    except NotationError:
        return None


def _plays(board: Board, texts: list[str]) -> bool:
    """Whether the moves ``texts`` can be played one after another from ``board``."""
    board = board.copy()
    for text in texts:
        move = _play(board, text)
        if move is None:
            return False
        board.push(move)
    return True


def fits(board: Board, truth: int, rests: list[list[str]]) -> int:
    """1 when ``truth`` is the only legal move of ``board`` after which one of ``rests`` can be
    played, 2 when several are, and 0 (not counted) when more than kifu names are
    (:data:`~kifu.core.lookahead.NAMED`: past them it counts them, as chess does; with so many
    moves fitting the rest, nothing can tell which was played)."""
    others = 0
    for move in sorted(board.legal_moves()):
        if move != truth:
            after = board.copy()
            after.push(move)
            if any(_plays(after, rest) for rest in rests):
                others += 1
                if others >= NAMED:
                    return 0
    return 2 if others else 1


def fits_swapped(board: Board, truth: int, between: str, written: list[str], rest: list[str]) -> int:
    """:func:`fits` for two moves of one side swapped at ``board``: 1 when ``truth`` is the only
    legal move after which the move ``between`` plays and then either the sheet's moves from
    the second swapped one on (``written``), or those with the second and the same side's move
    after it exchanged (the exchange read two moves later: the sheet's first move as written),
    or some legal move and the game's moves after the second (``rest``): a slip at the second as
    good a reading as the exchange; else 2."""
    later = [written[2], written[1], written[0], *written[3:]] if len(written) > 2 else None
    for move in sorted(board.legal_moves()):
        if move == truth:
            continue
        after = board.copy()
        after.push(move)
        played = _play(after, between)
        if played is None:
            continue
        after.push(played)
        if _plays(after, written) or (later is not None and _plays(after, later)):
            return 2
        for second in sorted(after.legal_moves()):
            after.push(second)
            if _plays(after, rest):
                return 2
            after.pop()
    return 1


def _slip_fits(board: Board, rest: list[str]) -> bool:
    """Whether some legal move of ``board`` (where the sheet stops) lets the moves ``rest`` after
    it be played: a slip there as good a reading of the sheet as an exchange before it."""
    for move in sorted(board.legal_moves()):
        after = board.copy()
        after.push(move)
        if _plays(after, rest):
            return True
    return False


def _same(before: Board | None, meant: str, truth: str) -> bool:
    move = None if before is None else _play(before, meant)
    return (move_name(move) if move is not None else meant.strip().lower()) == truth


XIANGQI = Rules(
    same=_same,
    named=lambda message, truth: whole_token(message.lower(), truth),
    missing_code="XQ113",
    twice_code="XQ114",
    swapped_code="XQ115",
)


def _written(moves: list[int], notation: str) -> tuple[list[Board], list[str]]:
    """The position before each move (and the last, after it) and each move as written."""
    board = parse_fen(START_FEN)
    boards = [board.copy()]
    texts = []
    for move in moves:
        texts.append(write_move(board, move, notation))
        board.push(move)
        boards.append(board.copy())
    return boards, texts


def _sheet(kind: str, entries: list[tuple[str, int, str | None, Any]], slips: list[Slip], note: str) -> Sheet:
    line, tokens = tokens_of(entries, _LINE)
    return Sheet(kind, f'[Game "Chinese Chess"]\n[Result "*"]\n\n{line} *\n', tokens, slips, note)


def _slipped(rng: random.Random, moves: list[int], notation: str, kind: str) -> Sheet | None:
    """One slip (``single``) or two or three at least 6 plies apart (``multiple``), as :func:`plant`."""
    planted = plant(rng, moves, notation, 1 if kind == "single" else rng.randint(2, 3), apart=6)
    if planted is None:
        return None
    boards, texts = _written(moves, notation)
    plies = sorted(planted.slips)  # 1-based
    slips = []
    for at, ply in enumerate(plies):
        end = plies[at + 1] - 1 if at + 1 < len(plies) else len(moves)  # the rest: up to the next slip
        rest = texts[ply:end]
        truth = moves[ply - 1]
        slips.append(
            Slip(kind, ply - 1, move_name(truth), boards[ply - 1], fits(boards[ply - 1], truth, [rest]))
        )
    entries: list[tuple[str, int, str | None, Any]] = [
        (text, i, move_name(moves[i]), boards[i]) for i, text in enumerate(planted.texts)
    ]
    note = ", ".join(f"{planted.texts[ply - 1]} for {planted.slips[ply]}" for ply in plies)
    return _sheet(kind, entries, slips, f"{notation}: {note}")


def garble(rng: random.Random, board: Board, truth: str, notation: str) -> str | None:
    """A move of a random piece of the side to move, in ``notation``, to a random place, that
    kifu reads as a move, cannot be played on ``board`` and is no slip of the move written
    ``truth`` (at least two edits from it, and none of :func:`_slips`)."""
    side = board.side
    mine = [sq for sq in range(90) if board.board[sq] * side > 0]
    near = set(_slips(truth, notation))
    for _ in range(40):
        origin = rng.choice(mine)
        kind = abs(board.board[origin])
        file = file_number(side, origin % 9)
        sign = rng.choice("+-.")
        target = rng.randint(1, 9)
        if notation == "chinese":
            names = RED_NAMES if side == RED else BLACK_NAMES
            text = (
                names[kind] + number(file, side == RED) + DIRECTION_CHARS[sign] + number(target, side == RED)
            )
        elif notation == "wxf":
            text = f"{WRITE_LETTERS[kind]}{file}{sign}{target}"
        else:
            name = move_name(origin << 7 | rng.randrange(90))
            text = name if notation == "ucci" else f"{name[:2]}-{name[2:]}".upper()
        if edit_distance(text, truth) >= 2 and text not in near and _unplayable(board, text):
            return text
    return None


def _garbled(rng: random.Random, moves: list[int], notation: str) -> Sheet | None:
    boards, texts = _written(moves, notation)
    # (not in the last four plies, as in tests/chess/slips.py: with so few moves after it, most
    # legal moves fit it as well, and nothing can tell which was played)
    ply = rng.randrange(len(moves) - 4)
    text = garble(rng, boards[ply], texts[ply], notation)
    if text is None:
        return None
    truth = moves[ply]
    slip = Slip("garble", ply, move_name(truth), boards[ply], fits(boards[ply], truth, [texts[ply + 1 :]]))
    entries: list[tuple[str, int, str | None, Any]] = [
        (text if i == ply else written, i, move_name(moves[i]), boards[i]) for i, written in enumerate(texts)
    ]
    return _sheet("garble", entries, [slip], f"{notation}: {text} for {texts[ply]}")


def _missing(rng: random.Random, moves: list[int], notation: str, numbered: bool) -> Sheet | None:
    """A move left out, at least six moves before the end: the later moves shifted into the
    other column, or (``numbered``) written with their own round numbers; only where the sheet
    as written cannot be played to its end."""
    boards, texts = _written(moves, notation)
    gap = rng.randrange(2, len(moves) - 6)
    if _plays(boards[gap], texts[gap + 1 :]):
        return None
    kind = "missing-numbered" if numbered else "missing-shifted"
    truth = moves[gap]
    slip = Slip(
        kind, gap, move_name(truth), boards[gap], fits(boards[gap], truth, [texts[gap + 1 :]]), missing=True
    )
    kept = [(text, i) for i, text in enumerate(texts) if i != gap]
    entries: list[tuple[str, int, str | None, Any]] = [
        (text, i if numbered else at, move_name(moves[i]), boards[i]) for at, (text, i) in enumerate(kept)
    ]
    side = "Red" if gap % 2 == 0 else "Black"
    return _sheet(
        kind, entries, [slip], f"{notation}: {side}'s {texts[gap]} of round {gap // 2 + 1} left out"
    )


def _twice(rng: random.Random, moves: list[int], notation: str, late: bool = False) -> Sheet | None:
    """A move written again right after itself, where the other side cannot play it as written;
    ``late``: where it can, and the sheet stops being playable some moves later (up to
    :data:`~kifu.core.lookahead.LATE` half-moves after the copy)."""
    boards, texts = _written(moves, notation)
    ply = rng.randrange(len(moves) - 1)
    if _unplayable(boards[ply + 1], texts[ply]) == late:
        return None
    if late and _plays(boards[ply + 1], [texts[ply], *texts[ply + 1 :]][: LATE + 1]):
        return None  # every move plays for the other side, or for too long to look back so far
    entries: list[tuple[str, int, str | None, Any]] = []
    for i, text in enumerate(texts):
        entries.append((text, i, move_name(moves[i]), boards[i]))
        if i == ply:
            entries.append((text, i, None, boards[i + 1]))
    kind = "twice-late" if late else "twice"
    return _sheet(
        kind, entries, [Slip("twice", ply + 1, None, boards[ply + 1])], f"{notation}: {texts[ply]} twice"
    )


def _swapped(rng: random.Random, moves: list[int], notation: str, late: bool = False) -> Sheet | None:
    """Two moves of one side exchanged (plies k and k + 2), where the sheet as written cannot be
    played at k or at k + 2 (and can at k + 1); ``late``: where it can be played at both, or
    cannot at k + 1 (the reply between them), and stops being playable at k + 1 or after k + 2,
    up to :data:`~kifu.core.lookahead.LATE` half-moves after k.
    The moves that fit at k: :func:`fits_swapped`."""
    boards, texts = _written(moves, notation)
    k = rng.randrange(len(moves) - 2)
    written = [*texts[:k], texts[k + 2], texts[k + 1], texts[k], *texts[k + 3 :]]
    board = boards[k].copy()
    stuck: int | None = None
    for ply in range(k, len(written)):
        move = _play(board, written[ply])
        if move is None:
            stuck = ply
            break
        board.push(move)
    if stuck is None:
        return None  # the sheet plays as written: the exchange cannot be seen
    if (stuck == k + 1 or stuck > k + 2) != late or stuck > k + LATE:
        return None  # (further on, the exchange is too far back for the look-ahead to find)
    truth = moves[k]
    fit = fits_swapped(boards[k], truth, texts[k + 1], written[k + 2 :], texts[k + 3 :])
    if other_swap(boards, written, k, stuck, _plays) or (
        stuck > k and _slip_fits(board, written[stuck + 1 :])
    ):
        fit = 2
    slip = Slip("swapped", k, move_name(truth), boards[k], fit)
    slip.others[k + 2] = (move_name(moves[k + 2]), boards[k + 2])
    entries: list[tuple[str, int, str | None, Any]] = [
        (text, i, move_name(moves[i]), boards[i]) for i, text in enumerate(written)
    ]
    kind = "swapped-late" if late else "swapped"
    return _sheet(kind, entries, [slip], f"{notation}: {texts[k]} and {texts[k + 2]} exchanged")


def plant_class(rng: random.Random, kind: str, moves: list[int], notation: str) -> Sheet | None:
    """A sheet of class ``kind`` planted in ``moves`` written in ``notation``, or ``None``."""
    if len(moves) < 12:
        return None
    if kind in ("single", "multiple"):
        return _slipped(rng, moves, notation, kind)
    if kind == "garble":
        return _garbled(rng, moves, notation)
    if kind.startswith("missing"):
        return _missing(rng, moves, notation, kind == "missing-numbered")
    if kind.startswith("twice"):
        return _twice(rng, moves, notation, kind == "twice-late")
    if kind.startswith("swapped"):
        return _swapped(rng, moves, notation, kind == "swapped-late")
    raise ValueError(f"no class {kind!r}")


def sheets(kind: str, records: int, seed: int, plies: tuple[int, int] = (40, 120)) -> list[Sheet]:
    """``records`` seeded sheets of class ``kind``: random legal games (kifu's board), each
    written in a notation of :data:`NOTATIONS`."""
    rng = random.Random(f"xiangqi/{kind}/{seed}")
    made: list[Sheet] = []
    for _ in range(records * 50):
        if len(made) == records:
            break
        moves = kifu_game(rng, rng.randint(*plies))
        sheet = plant_class(rng, kind, moves, rng.choice(NOTATIONS))
        if sheet is not None:
            made.append(sheet)
    return made


def measure_class(kind: str, records: int, seed: int, keep: int = 8) -> ClassFigures:
    """The figures of ``records`` sheets of class ``kind``, seeded."""
    figures = ClassFigures(kind)
    started = time.perf_counter()
    for sheet in sheets(kind, records, seed):
        score(figures, sheet, check(sheet.text).findings, XIANGQI, keep)
    figures.seconds = time.perf_counter() - started
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--records", "--games", type=int, default=1000, help="records (and sheets of each class)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--classes",
        default=",".join(CLASSES),
        help="comma-separated, of: " + " ".join(CLASSES),
    )
    parser.add_argument(
        "--examples", type=int, default=0, help="print this many failing sheets of each failure of each class"
    )
    arguments = parser.parse_args()
    figures = run(arguments.records, arguments.seed)
    print("\n".join(figures.lines()))
    for line in figures.wrong:
        print("  determined, not assumed:", line)
    for kind in arguments.classes.split(","):
        found = measure_class(kind, arguments.records, arguments.seed, keep=arguments.examples)
        print("\n".join(found.lines()), flush=True)
        for failure in found.failures:
            print(failure, "", sep="\n")


if __name__ == "__main__":
    main()
