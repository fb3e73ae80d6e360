"""Random legal xiangqi games (pyffish) written in kifu's notations, with planted slips; what
kifu's look-ahead makes of them (issue 29).

    python -m tests.xiangqi.slips [--records N] [--seed S]

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
"""

from __future__ import annotations

import argparse
import random
import re
import time
from dataclasses import dataclass, field

import pyffish
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.xiangqi.board import RED, Board, move_name
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import START_FEN, parse_fen
from kifu.xiangqi.lookahead import candidates
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.reader import read_records

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


def plant(rng: random.Random, moves: list[int], notation: str, count: int) -> Planted | None:
    """``moves`` written in ``notation`` with ``count`` slips at random plies (``None`` when
    no such slips can be planted)."""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    figures = run(arguments.records, arguments.seed)
    print("\n".join(figures.lines()))
    for line in figures.wrong:
        print("  determined, not assumed:", line)


if __name__ == "__main__":
    main()
