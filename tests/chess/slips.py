"""Random legal chess games with slips planted in their score sheets, and what kifu makes of them.

:func:`game` plays a seeded random legal game with python-chess; :func:`plant` writes one to
three of its moves with a slip of the kinds an arbiter meets (a lower-case or wrong piece
letter, another language's letter, a missing or extra disambiguator, one character wrong,
missing, extra or swapped, a capture mark), each such that the move cannot be played as
written; :func:`measure` checks the records with kifu and counts: the slips whose true move is
the move kifu assumed, the games with every slip reported in one run, errors on moves that were
legal in the original game, and error-severity findings that rest on an assumed move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kifu.chess.checker import check_game
from kifu.chess.notation import read_move
from kifu.chess.splitter import split_games
from kifu.chess.walk import Step, Unplayable, Visitor, WalkOptions, walk
from kifu.core.findings import Severity
from kifu.core.record import Record

import chess

KINDS = ("lower-case", "wrong-letter", "foreign-letter", "disambiguator", "edit", "capture")
_FOREIGN = {"N": "SCP", "B": "LFA", "R": "T", "Q": "D", "K": "R"}  # de, fr/es, nl... (English N, B…)
_MOVE_ERRORS = {"CHESS101", "CHESS102", "CHESS103"}


def game(rng: random.Random, plies: int) -> list[str]:
    """A random legal game of at most ``plies`` plies, in SAN (with its check marks)."""
    board = chess.Board()
    sans: list[str] = []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
        # the game ends at once on a dead position, 75 moves or fivefold repetition (FIDE 9.6)
        if board.is_insufficient_material() or board.is_seventyfive_moves():
            break
        if board.halfmove_clock >= 8 and board.is_fivefold_repetition():
            break
    return sans


def _slips(rng: random.Random, written: str, kind: str) -> str | None:
    """``written`` (SAN with its check mark) with a slip of ``kind`` in the move (the check mark
    kept), or ``None`` when that kind does not apply."""
    san = written.rstrip("+#")
    slipped = _slip(rng, san, kind)
    return None if slipped is None else slipped + written[len(san) :]


def _slip(rng: random.Random, san: str, kind: str) -> str | None:
    piece = san[0] in "NBRQK"
    if kind == "lower-case":
        return san[0].lower() + san[1:] if piece else None
    if kind == "wrong-letter":
        return rng.choice([p for p in "NBRQK" if p != san[0]]) + san[1:] if piece else None
    if kind == "foreign-letter":
        return rng.choice(_FOREIGN[san[0]]) + san[1:] if piece else None
    if kind == "disambiguator":
        if not piece or san.startswith("O"):
            return None
        body = san[1:]
        if len(body.replace("x", "")) > 2:  # Nbd2: drop it
            return san[0] + body[1:]
        return san[0] + rng.choice("abcdefgh12345678") + body  # Nd2: an extra (wrong) one
    if kind == "capture":
        return san.replace("x", "") if "x" in san else (san[0] + "x" + san[1:] if piece else None)
    # one character: wrong, missing, extra or swapped with its neighbour
    i = rng.randrange(len(san))
    how = rng.choice(("wrong", "missing", "extra", "swap"))
    pool = "abcdefgh12345678NBRQKx"
    if how == "wrong":
        text = san[:i] + rng.choice(pool.replace(san[i], "")) + san[i + 1 :]
    elif how == "missing":
        text = san[:i] + san[i + 1 :] if len(san) > 2 else ""
    elif how == "extra":
        text = san[:i] + rng.choice(pool) + san[i:]
    else:
        text = san[:i] + san[i + 1] + san[i] + san[i + 2 :] if i + 1 < len(san) else ""
    # a token that begins with a digit is read as a move number (PGN allows them without a
    # dot): not a move kifu can see, so not a slip of this test
    return text if text and not text[0].isdigit() else None


def _unplayable(board: chess.Board, text: str) -> bool:
    """Whether ``text`` cannot be played as written on ``board`` (a legal slip cannot be seen)."""
    return not text or not hasattr(read_move(board, text), "move")


@dataclass
class Planted:
    """A game's moves as written and its slips: ply → (true SAN, written text, kind)."""

    sans: list[str]
    written: list[str]
    slips: dict[int, tuple[str, str, str]] = field(default_factory=dict)

    def pgn(self) -> str:
        tokens = []
        for index, text in enumerate(self.written):
            if index % 2 == 0:
                tokens.append(f"{index // 2 + 1}.")
            tokens.append(text)
        return '[Event "slips"]\n\n' + " ".join(tokens) + " *\n"


def plant(rng: random.Random, sans: list[str], count: int) -> Planted | None:
    """``sans`` with ``count`` slips at distinct plies (at least 6 plies apart), or ``None``."""
    board = chess.Board()
    boards = []
    for san in sans:
        boards.append(board.copy(stack=False))
        board.push_san(san)
    planted = Planted(sans, list(sans))
    plies = [p for p in range(len(sans))]
    rng.shuffle(plies)
    for ply in plies:
        if len(planted.slips) == count:
            break
        if any(abs(ply - other) < 6 for other in planted.slips):
            continue
        for _ in range(8):
            kind = rng.choice(KINDS)
            text = _slips(rng, sans[ply], kind)
            if text and _unplayable(boards[ply], text):
                planted.written[ply] = text
                planted.slips[ply] = (sans[ply], text, kind)
                break
    return planted if len(planted.slips) == count else None


class _Played(Visitor[dict[int, str | None]]):
    """The main line's moves as the checker's walk plays them: ply (from 0) → SAN, ``None`` for
    a move that cannot be played and is not assumed (a move assumed is the one in its stead)."""

    variations = False

    def __init__(self) -> None:
        self.found: dict[int, str | None] = {}
        self.board = chess.Board()

    def move(self, step: Step) -> None:
        self.found.setdefault(step.ply - 1, self.board.san(step.move).rstrip("+#"))
        self.board.push(step.move)

    def unplayable(self, problem: Unplayable) -> None:
        self.found[problem.ply - 1] = None
        if problem.assumed is not None and not problem.problem.readings:  # (a tie assumes none)
            self.found[problem.ply - 1] = problem.board.san(problem.assumed).rstrip("+#")

    def result(self) -> dict[int, str | None]:
        return self.found


@dataclass
class Figures:
    """What kifu made of the planted records."""

    singles: int = 0
    singles_right: int = 0
    singles_named: int = 0  # candidates named, no move assumed (nothing in the game separates them)
    multiples: int = 0
    multiples_all_reported: int = 0
    games: int = 0
    false_errors: int = 0  # errors on moves legal in the original game
    games_with_false_errors: int = 0
    assumed_errors: int = 0  # error-severity findings that rest on an assumed move
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind → [slips, right]
    misses: list[str] = field(default_factory=list)

    @property
    def singles_wrong(self) -> int:
        """Single slips read as another move than the true one."""
        return self.singles - self.singles_right - self.singles_named

    def lines(self) -> list[str]:
        def share(a: int, b: int) -> str:
            return f"{a}/{b} ({100 * a / b:.1f}%)" if b else "0/0"

        kinds = ", ".join(f"{kind} {share(r, n)}" for kind, (n, r) in sorted(self.by_kind.items()))
        return [
            f"single slips, true move assumed: {share(self.singles_right, self.singles)}; "
            f"candidates named, nothing assumed: {share(self.singles_named, self.singles)}; "
            f"another move assumed: {share(self.singles_wrong, self.singles)}",
            f"  by kind: {kinds}",
            f"games with 2-3 slips, every slip reported in one run: "
            f"{share(self.multiples_all_reported, self.multiples)}",
            f"games with an error on a move legal in the original game: "
            f"{share(self.games_with_false_errors, self.games)} ({self.false_errors} errors)",
            f"error-severity findings resting on an assumed move: {self.assumed_errors}",
        ]


def judge(planted: Planted, figures: Figures) -> None:
    """Check ``planted`` with kifu and add what it made of it to ``figures``."""
    [text] = split_games(planted.pgn().splitlines())
    report = check_game(text, 1)
    figures.games += 1
    errors = [f for f in report.findings if f.severity is Severity.ERROR]
    slipped = {ply + 1 for ply in planted.slips}
    false = [f for f in errors if f.ply not in slipped or f.code not in _MOVE_ERRORS]
    figures.false_errors += len(false)
    figures.games_with_false_errors += bool(false)
    figures.assumed_errors += sum(1 for f in errors if f.assumption is not None)
    reported = {f.ply for f in errors if f.code in _MOVE_ERRORS}
    played = walk(text_record(text), WalkOptions(chess.Board(), recover=True, mates=True), _Played())
    if any(f.code == "CHESS108" for f in report.findings):
        # a slip in another language's letter may make the record read in that language
        # (CHESS108): the move is then read as meant, and the finding says how
        reported |= {
            ply + 1 for ply, (true, _, kind) in planted.slips.items() if played.get(ply) == true.rstrip("+#")
        }
    if len(planted.slips) == 1:
        [(ply, (true, written, kind))] = planted.slips.items()
        right = played.get(ply) == true.rstrip("+#")
        figures.singles += 1
        figures.singles_right += right
        figures.singles_named += played.get(ply) is None
        tally = figures.by_kind.setdefault(kind, [0, 0])
        tally[0] += 1
        tally[1] += right
        if not right:
            figures.misses.append(
                f"{kind}: {written} for {true} (ply {ply + 1}) read as {played.get(ply)}\n{planted.pgn()}"
            )
    else:
        figures.multiples += 1
        figures.multiples_all_reported += slipped <= reported


def text_record(text: object) -> Record:
    """The record of a game's text (as the checker reads it)."""
    from kifu.chess.reader import read_game

    return read_game(text, 1).record  # type: ignore[arg-type]


def measure(seed: int, singles: int, multiples: int, plies: tuple[int, int] = (30, 120)) -> Figures:
    """Plant ``singles`` games with one slip and ``multiples`` with two or three, seeded; judge them."""
    rng = random.Random(seed)
    figures = Figures()
    made = [0, 0]
    while made[0] < singles or made[1] < multiples:
        sans = game(rng, rng.randint(*plies))
        multiple = made[0] >= singles
        planted = plant(rng, sans, rng.choice((2, 3)) if multiple else 1)
        if planted is None:
            continue
        made[multiple] += 1
        judge(planted, figures)
    return figures
