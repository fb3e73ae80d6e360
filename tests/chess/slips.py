"""Random legal chess games with slips planted in their score sheets, and what kifu makes of them.

:func:`game` plays a seeded random legal game with python-chess; :func:`plant` writes one to
three of its moves with a slip of the kinds an arbiter meets (a lower-case or wrong piece
letter, another language's letter, a missing or extra disambiguator, one character wrong,
missing, extra or swapped, a capture mark), each such that the move cannot be played as
written; :func:`measure` checks the records with kifu and counts: the slips whose true move is
the move kifu assumed, the games with every slip reported in one run, errors on moves that were
legal in the original game, and error-severity findings that rest on an assumed move.

The classes of slips (:data:`CLASSES`, :func:`measure_class`) judge kifu from its findings
alone, each with its own :class:`ClassFigures`: one slip, two or three (at least 6 plies apart),
a garbled move (a random move text that is no slip of the move played), a move left out (the
later moves shifted into the other column, or written with their own numbers), a move written
twice, two moves of one side swapped. Where exactly one legal move at the slip lets the rest of
the game be played, it must be assumed; where several do, the true one named; a left-out move
said missing, and named where the rest decides it; no error on a move the game played legally,
no wrong move assumed. The harness (:class:`Sheet`, :func:`score`) serves xiangqi and Go too.

    python -m tests.chess.slips [--games N] [--seed S] [--classes single,twice] [--examples K]
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from kifu.chess.checker import check_game
from kifu.chess.notation import read_move
from kifu.chess.splitter import split_games
from kifu.chess.walk import Step, Unplayable, Visitor, WalkOptions, walk
from kifu.core.findings import Finding, Severity
from kifu.core.lookahead import LATE
from kifu.core.record import Record

import chess

#: a game's board (the generators of chess and xiangqi share :func:`other_swap`)
B = TypeVar("B")

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
    played = walk(text_record(text), WalkOptions(chess.Board(), assume=True, mates=True), _Played())
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


# --- classes of slips, judged from the findings alone ---------------------------------------
#
# Each class plants one kind of score-sheet slip in seeded random games and writes the sheet
# itself, so that every written move's place (line, columns) is known: a finding is mapped to
# the written move it sits on by its span, never by its ply (a move left out or written twice
# shifts the plies). What kifu made of a slip is read from the findings only: an error on the
# slip's own moves is the slip reported; ``meant`` set is a move assumed; a move named in the
# message ("did you mean Bb5 or Nb5?") is a candidate named. The same harness judges chess,
# xiangqi (tests/xiangqi/slips.py) and Go (tests/go/slips.py): a :class:`Rules` says how a
# game compares a move kifu wrote with the true one.

#: a move written twice that the other side could play, two moves swapped that both play (or
#: around the reply that cannot): the sheet stops being playable only some moves later, where the
#: moves the other side plays as written often fit a move left out, another exchange or a slip
#: there as well as the true slip (each is then named)
LATE_CLASSES = ("twice-late", "swapped-late")
#: the classes, each with its own figures
CLASSES = (
    "single",
    "multiple",
    "garble",
    "missing-shifted",
    "missing-numbered",
    "twice",
    "swapped",
    *LATE_CLASSES,
)
#: the thresholds the look-ahead must meet (tests/*/test_lookahead_classes.py assert them)
UNIQUE_ASSUMED = 0.98  # exactly one legal move lets the rest be played: that move assumed
SEVERAL_NAMED = 0.99  # several do: the true move assumed or named among the candidates
MISSING_SAID = 0.95  # a left-out move said to be missing
MISSING_NAMED = 0.95  # ... and named where exactly one move in the gap lets the rest be played


@dataclass(frozen=True, slots=True)
class Token:
    """A written move of a sheet: its text, its place (1-based line; columns ``column`` to
    ``end``, exclusive), the move meant there (``None``: none, a move written twice) and the
    position before it (for comparing a move kifu wrote with the true one)."""

    text: str
    line: int
    column: int
    end: int
    truth: str | None
    before: Any


@dataclass(slots=True)
class Slip:
    """One planted slip. ``first`` is the written move it sits on (a move left out: the first
    written move after the gap; two moves swapped: the first of the two; a move written twice:
    the second copy); ``truth`` the move meant there (left out: the missing move; written
    twice: ``None``) and ``before`` the position there. ``fits``: how many legal moves there
    let the rest be played, 1 or 2 for "several" (0: not counted, a move written twice).
    ``others``: the slip's other own written moves with their truths (the second of two
    swapped moves). A left-out move's own moves reach from ``first`` up to the first finding
    that says "missing" (at or after it)."""

    kind: str
    first: int
    truth: str | None
    before: Any
    fits: int = 0
    others: dict[int, tuple[str | None, Any]] = field(default_factory=dict)
    missing: bool = False


@dataclass(slots=True)
class Sheet:
    """A planted record: its text, its written moves and its slips."""

    kind: str
    text: str
    tokens: list[Token]
    slips: list[Slip]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Rules:
    """How one game's findings are read: ``same(before, meant, truth)`` whether the move kifu
    wrote (``meant``) is the true move on the position ``before``; ``named(message, truth)``
    whether a message names the true move; the structural codes (a move left out, written
    twice, two moves swapped)."""

    same: Callable[[Any, str, str], bool]
    named: Callable[[str, str], bool]
    missing_code: str
    twice_code: str
    swapped_code: str


def movetext(entries: Sequence[tuple[str, int]], line: int) -> tuple[str, list[tuple[int, int, int]]]:
    """The moves ``entries`` (text, the game ply its number is written from, 0-based) on one line
    ``line``, numbered as a score sheet is: ``13.`` before a first-player move, ``13...``
    before a second-player move whose first-player move is not written just before it, nothing
    before a move of the same ply as the one before it (written twice); with the place of each."""
    parts: list[str] = []
    spans: list[tuple[int, int, int]] = []
    column = 1
    previous: int | None = None
    for text, ply in entries:
        prefix = ""
        if ply != previous:
            if ply % 2 == 0:
                prefix = f"{ply // 2 + 1}. "
            elif previous != ply - 1:
                prefix = f"{ply // 2 + 1}... "
        if parts:
            column += 1  # the space between
        column += len(prefix)
        spans.append((line, column, column + len(text)))
        parts.append(prefix + text)
        column += len(text)
        previous = ply
    return " ".join(parts), spans


def tokens_of(entries: Sequence[tuple[str, int, str | None, Any]], line: int) -> tuple[str, list[Token]]:
    """The movetext of ``entries`` (text, numbering ply, truth, position before) on ``line``,
    with its tokens."""
    text, spans = movetext([(entry[0], entry[1]) for entry in entries], line)
    tokens = [
        Token(written, at, column, end, truth, before)
        for (written, _, truth, before), (at, column, end) in zip(entries, spans, strict=True)
    ]
    return text, tokens


def whole_token(message: str, move: str) -> bool:
    """Whether ``move`` stands in ``message`` as a whole token (not inside a longer move)."""
    return re.search(rf"(?<![A-Za-z0-9=\-]){re.escape(move)}(?![A-Za-z0-9=\-])", message) is not None


def names_slip(message: str, slip: Slip, tokens: Sequence[Token]) -> bool:
    """Whether ``message`` names the structural ``slip`` among the hypotheses it lists: two moves
    swapped (``, or 9... Ng4 and 10... e5``), a move written twice (``, or 26... Rxh6 written
    twice``, ``or is 2. C2+4 the move before it written again?``) or a move left out (``, or a
    move left out before 27... d4``)."""
    text = re.escape(tokens[slip.first].text)
    if slip.kind == "swapped":
        return names_pair(message, tokens[slip.first].text, tokens[min(slip.others)].text)
    if slip.kind == "twice":
        copy = rf"\d+\.(?:\.\.)? {text} (?:written twice|the move before it written again)"
        return re.search(copy, message) is not None
    return slip.missing and re.search(rf"a move left out before \d+\.(?:\.\.)? {text}", message) is not None


def names_pair(message: str, first: str, second: str) -> bool:
    """Whether ``message`` says the moves written ``first`` and ``second`` (as numbered moves,
    ``9... Ng4 and 10... e5``) were written in each other's place."""
    pair = rf"(?<!\S){re.escape(first)} and \d+\.(?:\.\.)? {re.escape(second)}(?![^\s,;)?])"
    return "each other's place" in message and re.search(pair, message) is not None


def edit_distance(a: str, b: str) -> int:
    """Edit distance of ``a`` and ``b``, an exchange of two neighbouring characters one edit."""
    rows = [list(range(len(b) + 1))]
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


#: what can fail at a sheet, the worst first
_FAILURES = (
    "false error",
    "wrong move assumed",
    "not assumed",
    "not named",
    "not said missing",
    "left-out move not named",
)


@dataclass
class ClassFigures:
    """What kifu made of one class of planted sheets (see :data:`UNIQUE_ASSUMED` …)."""

    kind: str
    games: int = 0
    slips: int = 0
    reported: int = 0  # slips with an error on one of their own written moves
    false_errors: int = 0  # errors on moves the original game played legally
    games_with_false_errors: int = 0
    wrong_assumed: int = 0  # findings whose meant is not the true move
    unique: int = 0  # slips where exactly one legal move lets the rest be played
    unique_assumed: int = 0
    several: int = 0  # slips where several do
    several_named: int = 0  # the true move assumed or named
    missing: int = 0  # moves left out
    missing_said: int = 0
    missing_unique: int = 0
    missing_named: int = 0
    missing_several: int = 0
    missing_several_named: int = 0
    structural: int = 0  # moves written twice, moves swapped
    structural_said: int = 0  # reported with their own code on their first written move
    seconds: float = 0.0
    #: the first few failing sheets of each failure (a false error, a wrong move assumed …)
    examples: dict[str, list[str]] = field(default_factory=dict, repr=False)
    failed: int = 0  # sheets with a failure

    @property
    def failures(self) -> list[str]:
        """The failing sheets kept, each once, the worst failures first."""
        shown: dict[str, None] = {}
        for failure in _FAILURES:
            shown.update(dict.fromkeys(self.examples.get(failure, [])))
        return list(shown)

    def lines(self) -> list[str]:
        """The figures as printed."""

        def share(a: int, b: int) -> str:
            return f"{a}/{b} ({100 * a / b:.1f}%)" if b else "0/0"

        lines = [
            f"{self.kind}: {self.games} games, {self.slips} slips, {self.seconds:.1f} s",
            f"  errors on moves the original game played legally: {self.false_errors} "
            f"(games: {share(self.games_with_false_errors, self.games)}); "
            f"wrong moves assumed: {self.wrong_assumed}",
            f"  slips with an error on their own moves: {share(self.reported, self.slips)}",
        ]
        if self.unique or self.several:
            lines.append(
                f"  one legal move lets the rest be played, it is assumed: "
                f"{share(self.unique_assumed, self.unique)} (>= {UNIQUE_ASSUMED:.0%}); "
                f"several do, the true one named: {share(self.several_named, self.several)} "
                f"(>= {SEVERAL_NAMED:.0%})"
            )
        if self.missing:
            lines.append(
                f"  left-out move said missing: {share(self.missing_said, self.missing)} "
                f"(>= {MISSING_SAID:.0%}); named where the rest decides it: "
                f"{share(self.missing_named, self.missing_unique)} (>= {MISSING_NAMED:.0%}); "
                f"named where several moves fit the gap: "
                f"{share(self.missing_several_named, self.missing_several)}"
            )
        if self.structural:
            lines.append(
                f"  reported with the class's own code: {share(self.structural_said, self.structural)}"
            )
        return lines


def score(
    figures: ClassFigures, sheet: Sheet, findings: Sequence[Finding], rules: Rules, keep: int = 8
) -> None:
    """Judge ``sheet`` from kifu's ``findings`` on it, into ``figures``; of each kind of failure
    (:data:`_FAILURES`), the first ``keep`` failing sheets are kept with their findings."""
    tokens = sheet.tokens

    def place(finding: Finding) -> int | None:
        span = finding.span
        if span is None:
            return None
        for index, token in enumerate(tokens):
            if token.line == span.line and token.column <= span.column < token.end:
                return index
        return None

    placed = [(finding, place(finding)) for finding in findings]
    own: dict[int, tuple[Slip, str | None, Any]] = {}  # written move → its slip, the truth there
    for slip in sheet.slips:
        # the slip named among other hypotheses that fit as well, where the finding stands (on
        # the first move of the hypothesis it puts first)
        for finding, index in placed:
            if index is not None and names_slip(finding.message, slip, tokens):
                own[index] = (slip, tokens[index].truth, tokens[index].before)
        last = slip.first
        if slip.missing:
            saying = [
                i for f, i in placed if i is not None and i >= slip.first and "missing" in f.message.lower()
            ]
            last = min(saying, default=slip.first)
        for at in range(slip.first, last + 1):
            own[at] = (slip, slip.truth, slip.before)
        for at, (truth, before) in slip.others.items():
            own[at] = (slip, truth, before)
    why: list[tuple[str, str]] = []  # (what failed, at what)
    false = 0
    for finding, index in placed:
        if finding.severity is Severity.ERROR and (
            (index is None and finding.ply is not None) or (index is not None and index not in own)
        ):
            false += 1
            why.append(("false error", f"{finding.code} on {finding.move!r}"))
        if finding.meant is not None:
            if index is None:
                truth, before = None, None
            elif index in own:
                _, truth, before = own[index]
            else:
                truth, before = tokens[index].truth, tokens[index].before
            if truth is None or not rules.same(before, finding.meant, truth):
                figures.wrong_assumed += 1
                why.append(("wrong move assumed", f"{finding.meant} for {truth} at {finding.move!r}"))
    figures.games += 1
    figures.false_errors += false
    figures.games_with_false_errors += bool(false)
    for slip in sheet.slips:
        figures.slips += 1
        mine = [(f, i) for f, i in placed if i is not None and own.get(i, (None,))[0] is slip]
        figures.reported += any(f.severity is Severity.ERROR for f, _ in mine)
        first = [f for f, i in mine if i == slip.first]
        truth = slip.truth
        if slip.missing:
            assert truth is not None
            figures.missing += 1
            said = [f for f, _ in mine if f.code == rules.missing_code and "missing" in f.message.lower()]
            named = any(
                f.meant is not None and rules.same(slip.before, f.meant, truth) for f, _ in mine
            ) or any(rules.named(f.message, truth) for f in said)
            figures.missing_said += bool(said)
            if not said:
                why.append(("not said missing", truth))
            if slip.fits == 1:
                figures.missing_unique += 1
                figures.missing_named += named
                if not named:
                    why.append(("left-out move not named", f"{truth} (the only move that fits the gap)"))
            elif slip.fits > 1:
                figures.missing_several += 1
                figures.missing_several_named += named
            continue
        if slip.kind in ("twice", "swapped"):
            figures.structural += 1
            code = rules.twice_code if slip.kind == "twice" else rules.swapped_code
            figures.structural_said += any(f.code == code for f in first)
        if truth is None or not slip.fits:
            continue
        assumed = any(f.meant is not None and rules.same(slip.before, f.meant, truth) for f in first)
        if slip.fits == 1:
            figures.unique += 1
            figures.unique_assumed += assumed
            if not assumed:
                why.append(
                    ("not assumed", f"{truth} at {tokens[slip.first].text!r} (the only move that fits)")
                )
        else:
            # (on the first written move only: a message echoes its move as written, and the
            # second of two swapped moves is written as the first's true move)
            named = assumed or any(rules.named(f.message, truth) for f in first)
            if slip.kind == "swapped":  # or the exchange itself named, wherever it is found
                pair = tokens[slip.first].text, tokens[min(slip.others)].text
                named = named or any(names_pair(f.message, *pair) for f, _ in mine)
            figures.several += 1
            figures.several_named += named
            if not named:
                why.append(("not named", f"{truth} at {tokens[slip.first].text!r} (one of several that fit)"))
    if why:
        figures.failed += 1
        wanted = [what for what, _ in why if len(figures.examples.get(what, [])) < keep]
        if wanted:
            shown = [
                f"  {f.code} {f.severity.label} {i if i is None else repr(tokens[i].text)} "
                f"meant={f.meant!r}: {f.message}"
                for f, i in placed
                if f.severity is not Severity.INFO or f.meant is not None or i is not None
            ]
            note = f" ({sheet.note})" if sheet.note else ""
            reasons = "; ".join(f"{what}: {at}" for what, at in why)
            example = "\n".join([f"[{sheet.kind}{note}] {reasons}", sheet.text.rstrip(), *shown])
            for what in dict.fromkeys(wanted):
                figures.examples.setdefault(what, []).append(example)


# --- chess sheets of each class ---------------------------------------------------------------

#: the line the movetext of a chess sheet stands on (after ``[Event "slips"]`` and a blank line)
_LINE = 3


def _plays(board: chess.Board, sans: Sequence[str]) -> bool:
    """Whether the moves ``sans`` (SAN as written) can be played one after another from ``board``."""
    board = board.copy(stack=False)
    for san in sans:
        try:
            board.push(board.parse_san(san))
        except ValueError:
            return False
    return True


def fits(board: chess.Board, truth: str, rests: Sequence[Sequence[str]]) -> int:
    """1 when the true move is the only legal move of ``board`` after which one of ``rests``
    can be played, else 2 (several)."""
    true = board.parse_san(truth)
    for move in board.legal_moves:
        if move != true:
            board.push(move)
            try:
                if any(_plays(board, rest) for rest in rests):
                    return 2
            finally:
                board.pop()
    return 1


def other_swap(
    boards: Sequence[B], written: list[str], k: int, stuck: int, plays: Callable[[B, list[str]], bool]
) -> bool:
    """Whether the sheet ``written`` (two moves of one side exchanged at ``k``, stopping at
    ``stuck``) also plays to its end with another two moves of one side exchanged instead, as
    far back from ``stuck`` as the look-ahead looks (:data:`~kifu.core.lookahead.LATE`), the
    moves at ``k`` and ``k + 2`` as written: a reading of the sheet as good as the true one, so
    that the true move is one of several that fit (``boards``: the positions of the game, the
    sheet's up to ``k``; ``plays``: whether texts play from a board; chess's and xiangqi's
    generators share it)."""
    for first in range(max(0, stuck - LATE), min(stuck + 1, len(written) - 2)):
        if first == k:
            continue
        other = list(written)
        other[first], other[first + 2] = written[first + 2], written[first]
        start = min(first, k)
        if plays(boards[start], other[start:]):
            return True
    return False


def fits_swapped(
    board: chess.Board, truth: str, between: str, written: Sequence[str], rest: Sequence[str]
) -> int:
    """:func:`fits` for two moves of one side swapped at ``board``: 1 when the true move is the
    only legal move after which the move ``between`` plays and then either the sheet's moves
    from the second swapped one on (``written``) or some legal move and the game's moves after
    the second (``rest``): a slip at the second as good a reading as the exchange; else 2."""
    true = board.parse_san(truth)
    for move in list(board.legal_moves):
        if move == true:
            continue
        after = board.copy(stack=False)
        after.push(move)
        try:
            after.push(after.parse_san(between))
        except ValueError:
            continue
        if _plays(after, written):
            return 2
        for second in list(after.legal_moves):
            after.push(second)
            if _plays(after, rest):
                return 2
            after.pop()
    return 1


def _slip_fits(board: chess.Board, rest: Sequence[str]) -> bool:
    """Whether some legal move of ``board`` (where the sheet stops) lets the moves ``rest`` after
    it be played: a slip there as good a reading of the sheet as an exchange before it."""
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if _plays(board, rest):
                return True
        finally:
            board.pop()
    return False


def _same(before: chess.Board | None, meant: str, truth: str) -> bool:
    if before is not None:
        try:
            return before.parse_san(meant) == before.parse_san(truth)
        except ValueError:
            pass
    return meant.rstrip("+#") == truth.rstrip("+#")


CHESS = Rules(
    same=_same,
    named=lambda message, truth: whole_token(message, truth.rstrip("+#")),
    missing_code="CHESS113",
    twice_code="CHESS114",
    swapped_code="CHESS115",
)


def _boards(sans: Sequence[str]) -> list[chess.Board]:
    """The position before each move of ``sans``, and the last one after it."""
    board = chess.Board()
    boards = [board.copy(stack=False)]
    for san in sans:
        board.push_san(san)
        boards.append(board.copy(stack=False))
    return boards


def _sheet(
    kind: str, entries: Sequence[tuple[str, int, str | None, Any]], slips: list[Slip], note: str = ""
) -> Sheet:
    line, tokens = tokens_of(entries, _LINE)
    return Sheet(kind, f'[Event "slips"]\n\n{line} *\n', tokens, slips, note)


def _slipped(rng: random.Random, sans: list[str], count: int, kind: str) -> Sheet | None:
    """One slip (``single``) or two or three (``multiple``), planted as :func:`plant` does; a
    slip's rest of the game (for :func:`fits`) reaches up to the next slip."""
    planted = plant(rng, sans, count)
    if planted is None:
        return None
    boards = _boards(sans)
    plies = sorted(planted.slips)
    slips = []
    for at, ply in enumerate(plies):
        end = plies[at + 1] if at + 1 < len(plies) else len(sans)
        truth = planted.slips[ply][0]
        slips.append(Slip(kind, ply, truth, boards[ply], fits(boards[ply], truth, [sans[ply + 1 : end]])))
    entries = [(text, ply, sans[ply], boards[ply]) for ply, text in enumerate(planted.written)]
    note = ", ".join(f"{planted.slips[ply][1]} for {planted.slips[ply][0]}" for ply in plies)
    return _sheet(kind, entries, slips, note)


def garble(rng: random.Random, board: chess.Board, truth: str) -> str | None:
    """A move of a random piece of the side to move to a random square, in SAN, that cannot be
    played on ``board`` and is no slip of ``truth`` (at least two edits from it)."""
    mine = sorted(square for square, piece in board.piece_map().items() if piece.color == board.turn)
    for _ in range(40):
        origin = rng.choice(mine)
        target = rng.randrange(64)
        occupant = board.piece_at(target)
        if target == origin or (occupant is not None and occupant.color == board.turn):
            continue
        piece = board.piece_type_at(origin)
        square = chess.square_name(target)
        if piece == chess.PAWN:
            text = f"{chess.FILE_NAMES[chess.square_file(origin)]}x{square}" if occupant else square
            if chess.square_rank(target) in (0, 7):
                text += "=" + rng.choice("QRBN")
        else:
            text = chess.piece_symbol(piece or chess.PAWN).upper() + ("x" if occupant else "") + square
        if edit_distance(text, truth.rstrip("+#")) < 2:
            continue
        try:
            board.parse_san(text)
        except ValueError:
            return text
    return None


def _garbled(rng: random.Random, sans: list[str]) -> Sheet | None:
    boards = _boards(sans)
    # (not in the last four plies: with so few moves after it, most legal moves fit it as well,
    # and nothing can tell which was played: kifu names them up to 24, then counts them)
    if len(sans) < 6:
        return None
    ply = rng.randrange(len(sans) - 4)
    text = garble(rng, boards[ply], sans[ply])
    if text is None:
        return None
    slip = Slip("garble", ply, sans[ply], boards[ply], fits(boards[ply], sans[ply], [sans[ply + 1 :]]))
    entries = [(text if i == ply else san, i, san, boards[i]) for i, san in enumerate(sans)]
    return _sheet("garble", entries, [slip], f"{text} for {sans[ply]}")


def _missing(rng: random.Random, sans: list[str], numbered: bool) -> Sheet | None:
    """A move left out: the later moves shifted into the other column, or (``numbered``) written
    with their own move numbers. Only where the sheet as written cannot be played to its end,
    and with at least six moves after the gap (a rest that can show it: the last move written in
    the other column is as much a slip of that side's move)."""
    boards = _boards(sans)
    gap = rng.randrange(2, len(sans) - 6)
    if _plays(boards[gap], sans[gap + 1 :]):
        return None  # the rest plays as written by the other side: nothing shows the gap
    kind = "missing-numbered" if numbered else "missing-shifted"
    slip = Slip(
        kind, gap, sans[gap], boards[gap], fits(boards[gap], sans[gap], [sans[gap + 1 :]]), missing=True
    )
    kept = [(san, i) for i, san in enumerate(sans) if i != gap]
    entries = [(san, i if numbered else at, san, boards[i]) for at, (san, i) in enumerate(kept)]
    return _sheet(
        kind, entries, [slip], f"{gap // 2 + 1}{'.' if gap % 2 == 0 else '...'} {sans[gap]} left out"
    )


def _stops(board: chess.Board, sans: Sequence[str], within: int) -> bool:
    """Whether one of the first ``within`` + 1 moves ``sans`` cannot be played from ``board``."""
    return not _plays(board, sans[: within + 1])


def _twice(rng: random.Random, sans: list[str], late: bool = False) -> Sheet | None:
    """A move written again right after itself (no number between), where the other side cannot
    play it; ``late``: where it can, and the sheet stops being playable some moves later (up to
    :data:`~kifu.core.lookahead.LATE` half-moves after the copy)."""
    boards = _boards(sans)
    ply = rng.randrange(len(sans) - 1)
    if _plays(boards[ply + 1], [sans[ply]]) != late:
        return None
    if late and not _stops(boards[ply + 1], [sans[ply], *sans[ply + 1 :]], LATE):
        return None  # every move plays for the other side, or for too long to look back so far
    entries: list[tuple[str, int, str | None, Any]] = []
    for i, san in enumerate(sans):
        entries.append((san, i, san, boards[i]))
        if i == ply:
            entries.append((san, i, None, boards[i + 1]))
    slip = Slip("twice", ply + 1, None, boards[ply + 1])
    kind = "twice-late" if late else "twice"
    return _sheet(kind, entries, [slip], f"{sans[ply]} written twice")


def _swapped(rng: random.Random, sans: list[str], late: bool = False) -> Sheet | None:
    """Two moves of one side exchanged (plies k and k + 2), where the sheet as written cannot be
    played at k or at k + 2 (and can at k + 1); ``late``: where it can be played at both, or
    cannot at k + 1 (the reply between them), and stops being playable at k + 1 or after k + 2,
    up to :data:`~kifu.core.lookahead.LATE` half-moves after k.
    The moves that fit at k: :func:`fits_swapped`."""
    boards = _boards(sans)
    k = rng.randrange(len(sans) - 2)
    written = [*sans[:k], sans[k + 2], sans[k + 1], sans[k], *sans[k + 3 :]]
    board = boards[k].copy(stack=False)
    stuck: int | None = None
    for ply in range(k, len(written)):
        try:
            board.push(board.parse_san(written[ply]))
        except ValueError:
            stuck = ply
            break
    if stuck is None:
        return None  # the sheet plays as written: the exchange cannot be seen
    if (stuck == k + 1 or stuck > k + 2) != late or stuck > k + LATE:
        return None  # (further on, the exchange is too far back for the look-ahead to find)
    fit = fits_swapped(boards[k], sans[k], sans[k + 1], written[k + 2 :], sans[k + 3 :])
    if other_swap(boards, written, k, stuck, _plays) or (
        stuck > k and _slip_fits(board, written[stuck + 1 :])
    ):
        fit = 2
    slip = Slip("swapped", k, sans[k], boards[k], fit)
    slip.others[k + 2] = (sans[k + 2], boards[k + 2])
    entries = [(text, i, sans[i], boards[i]) for i, text in enumerate(written)]
    kind = "swapped-late" if late else "swapped"
    return _sheet(kind, entries, [slip], f"{sans[k]} and {sans[k + 2]} exchanged")


def plant_class(rng: random.Random, kind: str, sans: list[str]) -> Sheet | None:
    """A sheet of class ``kind`` planted in the game ``sans``, or ``None`` when it cannot be."""
    if len(sans) < 12:
        return None
    if kind in ("single", "multiple"):
        return _slipped(rng, sans, 1 if kind == "single" else rng.choice((2, 3)), kind)
    if kind == "garble":
        return _garbled(rng, sans)
    if kind.startswith("missing"):
        return _missing(rng, sans, kind == "missing-numbered")
    if kind.startswith("twice"):
        return _twice(rng, sans, kind == "twice-late")
    if kind.startswith("swapped"):
        return _swapped(rng, sans, kind == "swapped-late")
    raise ValueError(f"no class {kind!r}")


def sheets(kind: str, games: int, seed: int, plies: tuple[int, int] = (30, 120)) -> list[Sheet]:
    """``games`` seeded sheets of class ``kind`` (random legal games, python-chess)."""
    rng = random.Random(f"chess/{kind}/{seed}")
    made: list[Sheet] = []
    for _ in range(games * 50):
        if len(made) == games:
            break
        sheet = plant_class(rng, kind, game(rng, rng.randint(*plies)))
        if sheet is not None:
            made.append(sheet)
    return made


def check_sheet(sheet: Sheet) -> list[Finding]:
    """kifu's findings on ``sheet``."""
    [text] = split_games(sheet.text.splitlines())
    return check_game(text, 1).findings


def measure_class(kind: str, games: int, seed: int, keep: int = 8) -> ClassFigures:
    """The figures of ``games`` sheets of class ``kind``, seeded."""
    figures = ClassFigures(kind)
    started = time.perf_counter()
    for sheet in sheets(kind, games, seed):
        score(figures, sheet, check_sheet(sheet), CHESS, keep)
    figures.seconds = time.perf_counter() - started
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description="The chess look-ahead's figures on planted score-sheet slips."
    )
    parser.add_argument("--games", type=int, default=1000, help="sheets of each class")
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
    for kind in arguments.classes.split(","):
        figures = measure_class(kind, arguments.games, arguments.seed, keep=arguments.examples)
        print("\n".join(figures.lines()), flush=True)
        for failure in figures.failures:
            print(failure, "", sep="\n")


if __name__ == "__main__":
    main()
