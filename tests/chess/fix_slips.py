"""Planted score-sheet slips repaired by `kifu check --fix --unsafe-fixes`: does the game come back?

Each sheet is a seeded random legal game with one slip of a class of :mod:`tests.chess.slips` (a
slip of one move, a garbled move, a half-move left out with the later moves shifted or with their
own numbers, a move written twice, two moves of one side swapped). The sheet is checked, its fixes
(safe and unsafe) are applied with :func:`kifu.application.fixing.apply_text`, and the fixed text
is checked again, round after round as ``--fix`` does, until no fix applies. Counted:

* the slips the look-ahead decided (one reading assumed at the slip's own written moves);
* of those, the sheets whose fixed record replays as the original game, move for move;
* moves changed that the written record played legally as written (an edit over such a move);
* fixes applied at a move whose reading the look-ahead did not decide (a tie, or no reading).

    python -m tests.chess.fix_slips [--games 300] [--seed 0] [--classes single,twice] [--examples 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from kifu.application.fixing import apply_text
from kifu.chess.checker import check_game
from kifu.chess.reader import read_game
from kifu.chess.splitter import GameText, split_games
from kifu.chess.walk import Step, Unplayable, Visitor, WalkOptions, walk
from kifu.core.findings import Finding, Fix

import chess
from tests.chess.slips import Sheet, sheets

#: the classes of one slip a sheet (tests/chess/slips.py)
CLASSES = ("single", "garble", "missing-shifted", "missing-numbered", "twice", "swapped")
#: rounds of check and fix, as ``--fix`` runs them at most
ROUNDS = 8
#: the share of decided slips whose game must come back move for move
RESTORED = 0.98


class _Walked(Visitor[None]):
    """What the checker's walk does at each written move of the main line: the moves played as
    written (their places), and at each move that cannot be played whether the look-ahead decided
    it (place → decided)."""

    variations = False

    def __init__(self) -> None:
        self.legal: set[tuple[int, int]] = set()
        self.verdicts: dict[tuple[int, int], bool] = {}

    def move(self, step: Step) -> None:
        span = step.node.span
        if not step.assumed and span is not None and (span.line, span.column) not in self.verdicts:
            self.legal.add((span.line, span.column))

    def unplayable(self, problem: Unplayable) -> None:
        span = problem.node.span
        verdict = problem.problem.verdict
        if span is not None:
            place = (span.line, span.column)
            self.legal.discard(place)
            self.verdicts[place] = verdict is not None and verdict.assumed and verdict.first is not None

    def result(self) -> None:
        return None


def _game(text: str) -> GameText:
    [game] = split_games(text.splitlines())
    return game


def walked(text: str) -> _Walked:
    """The checker's walk of ``text`` (one game), as :class:`_Walked` sees it."""
    seen = _Walked()
    walk(read_game(_game(text), 1).record, WalkOptions(chess.Board(), assume=True, mates=True), seen)
    return seen


def replayed(text: str) -> list[chess.Move] | None:
    """The main line of ``text`` played as written, or ``None`` when a move cannot be played."""
    board = chess.Board()
    moves: list[chess.Move] = []
    for node in read_game(_game(text), 1).record.moves:
        try:
            move = board.parse_san(node.text.rstrip("!?"))
        except ValueError:
            return None
        board.push(move)
        moves.append(move)
    return moves


def _touches(fix: Fix, place: tuple[int, int], end: int) -> bool:
    """Whether an edit of ``fix`` replaces a character of the move at ``place`` (up to ``end``)."""
    line, column = place
    for edit in fix.edits:
        start_line, start, end_line, stop = edit.span
        if (start_line, start) == (end_line, stop):
            continue  # an insertion changes no move
        if start_line <= line <= end_line and start < end and column < stop:
            return True
    return False


@dataclass
class FixFigures:
    """What the fixes made of one class of sheets."""

    kind: str
    sheets: int = 0
    decided: int = 0  # sheets whose slip the look-ahead decided
    restored: int = 0  # ... whose fixed record replays as the original game
    legal_changed: int = 0  # moves the written record played legally, changed by a fix
    ties_fixed: int = 0  # fixes at a move the look-ahead did not decide
    undecided_restored: int = 0  # sheets not decided that came back anyway (safe notation only)
    rounds: int = 0  # the most rounds a sheet took
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The figures as printed."""
        share = f"{100 * self.restored / self.decided:.1f}%" if self.decided else "-"
        return [
            f"{self.kind}: {self.sheets} sheets, {self.decided} slips decided by the look-ahead, "
            f"restored move for move: {self.restored}/{self.decided} ({share}); legal moves changed: "
            f"{self.legal_changed}; ties (undecided moves) fixed: {self.ties_fixed}; "
            f"most rounds: {self.rounds}; {self.seconds:.1f} s"
        ]


def _fixes(findings: Sequence[Finding]) -> list[tuple[Finding, Fix]]:
    return [(finding, finding.fix) for finding in findings if finding.fix is not None]


def fix_sheet(sheet: Sheet, figures: FixFigures, original: list[chess.Move], keep: int) -> None:
    """Fix ``sheet`` round after round, into ``figures``."""
    text = sheet.text
    own = {slip.first for slip in sheet.slips} | {at for slip in sheet.slips for at in slip.others}
    for slip in sheet.slips:
        if slip.missing:  # (a gap that shows a move or two later is found there)
            own |= set(range(slip.first, slip.first + 4))
    places = {(sheet.tokens[at].line, sheet.tokens[at].column) for at in own if at < len(sheet.tokens)}
    first = walked(text)
    decided = any(first.verdicts.get(place, False) for place in places)
    why: list[str] = []
    rounds = 0
    for rounds in range(1, ROUNDS + 1):  # noqa: B007  (the rounds taken are counted)
        seen = walked(text)
        ends = {
            (node.span.line, node.span.column): node.span.end_column
            for node in read_game(_game(text), 1).record.moves
            if node.span is not None
        }
        chosen = _fixes(check_game(_game(text), 1).findings)
        if not chosen:
            break
        fixed, applied = apply_text(text, [fix for _, fix in chosen])
        if not applied:
            break
        done = {id(fix) for fix in applied}
        for finding, fix in chosen:
            if id(fix) not in done:
                continue
            span = finding.span
            place = (span.line, span.column) if span is not None else None
            if place in seen.verdicts and not seen.verdicts[place]:
                figures.ties_fixed += 1
                why.append(f"undecided move fixed: {finding.code} {finding.move!r}")
            for legal in seen.legal:
                if _touches(fix, legal, ends.get(legal, legal[1])):
                    figures.legal_changed += 1
                    why.append(f"legal move changed by {finding.code} at {legal}")
        text = fixed
    figures.rounds = max(figures.rounds, rounds)
    back = replayed(text) == original
    figures.sheets += 1
    if decided:
        figures.decided += 1
        figures.restored += back
        if not back:
            why.append("decided, not restored")
    else:
        figures.undecided_restored += back
    if why and len(figures.failures) < keep:
        figures.failures.append(f"[{sheet.kind}: {sheet.note}] {'; '.join(why)}\n{sheet.text}--> {text}")


def _original(sheet: Sheet) -> list[chess.Move]:
    """The game the sheet was planted in: the true move of every written move (in order)."""
    board = chess.Board()
    moves: list[chess.Move] = []
    truths = [token.truth for token in sheet.tokens]
    for slip in sheet.slips:
        if slip.missing:  # (the move left out stands before the first written move after the gap)
            truths.insert(slip.first, slip.truth)
    for truth in truths:
        if truth is None:
            continue  # (a move written twice)
        move = board.parse_san(truth)
        board.push(move)
        moves.append(move)
    return moves


def measure(kind: str, games: int, seed: int, keep: int = 0) -> FixFigures:
    """The figures of ``games`` sheets of class ``kind``, seeded."""
    figures = FixFigures(kind)
    started = time.perf_counter()
    for sheet in sheets(kind, games, seed):
        fix_sheet(sheet, figures, _original(sheet), keep)
    figures.seconds = time.perf_counter() - started
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description="Planted score-sheet slips repaired by kifu's fixes.")
    parser.add_argument("--games", type=int, default=300, help="sheets in all, shared by the classes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--classes", default=",".join(CLASSES), help="comma-separated, of: " + " ".join(CLASSES)
    )
    parser.add_argument(
        "--examples", type=int, default=0, help="print this many failing sheets of each class"
    )
    arguments = parser.parse_args()
    kinds = arguments.classes.split(",")
    total = FixFigures("all")
    for kind in kinds:
        figures = measure(kind, max(1, arguments.games // len(kinds)), arguments.seed, arguments.examples)
        print("\n".join(figures.lines()), flush=True)
        for failure in figures.failures:
            print(failure)
        for name in ("sheets", "decided", "restored", "legal_changed", "ties_fixed", "seconds"):
            setattr(total, name, getattr(total, name) + getattr(figures, name))
        total.rounds = max(total.rounds, figures.rounds)
    print("\n".join(total.lines()))


if __name__ == "__main__":
    main()
