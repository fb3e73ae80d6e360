"""Generated slips repaired by ``kifu check --fix --unsafe-fixes`` (issue 46): does the original
game come back?

    KIFU_PURE=1 python -m tests.xiangqi.fix_slips --games 300 [--seed S] [--examples K]

Each game is a random legal game (kifu's board, :func:`tests.xiangqi.slips.kifu_game`) written in
Chinese, WXF or ICCS with one slip of the kinds the look-ahead tests plant (a wrong digit, piece
or direction, a character left out, a marker slip; a half-move left out with the later moves
shifted or numbered; a move written twice; two moves swapped: :func:`tests.xiangqi.slips.plant_class`).
The sheet is checked; a slip is *decided* when a finding on it carries an unsafe move fix. The
fixes are applied by :func:`kifu.fix` (the rounds of ``--fix``) and the fixed record replayed:

- decided slips whose fixed record is the original game, move for move (goal: 98 %);
- fixed records where a move that was legal as written is changed (goal: none);
- fixes made on a tie, where several readings fit the later moves alike (goal: none).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

from kifu.application.library import check, fix
from kifu.core.findings import Finding
from kifu.xiangqi.fen import START_FEN, parse_fen
from kifu.xiangqi.notation import NotationError, parse_move, resolve
from kifu.xiangqi.reader import read_records

from tests.xiangqi.slips import kifu_game, plant_class

KINDS = ("single", "missing-shifted", "missing-numbered", "twice", "swapped")
NOTATIONS = ("chinese", "wxf", "iccs")
#: the codes of a move that cannot be played, whose fix writes a move in its place or moves it
MOVE_CODES = frozenset(
    ["XQ101", "XQ102", "XQ103", "XQ113", "XQ114", "XQ115"] + [f"XQN00{n}" for n in range(2, 8)]
)
#: what a finding says when several readings fit the moves after it alike
TIES = ("under each", "after any of", "assuming the first", "tell them apart")


def replayed(text: str) -> list[int] | None:
    """The main line's moves of the record ``text`` as kifu reads them, or ``None`` when one
    cannot be played."""
    items, _ = read_records(text.encode("utf-8"), "pgn")
    record, _ = next(iter(items))
    board = parse_fen(START_FEN)
    moves = []
    for node in record.moves:
        try:
            move = resolve(board, parse_move(node.text)).move
        except NotationError:
            return None
        if move is None:
            return None
        board.push(move)
        moves.append(move)
    return moves


def tie(finding: Finding) -> bool:
    """Whether ``finding`` names readings the later moves fit alike (none decided)."""
    return any(words in finding.message for words in TIES)


@dataclass(slots=True)
class Figures:
    """What the fixes made of the generated slips, by kind."""

    sheets: int = 0
    decided: int = 0
    back: int = 0
    legal_changed: int = 0
    ties_fixed: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        def share(n: int, d: int) -> str:
            return f"{n}/{d} ({100 * n / d:.1f}%)" if d else "0/0"

        out = [
            f"slips decided (an unsafe move fix on the slip): {share(self.decided, self.sheets)}",
            f"decided slips whose fixed record is the original game move for move: "
            f"{share(self.back, self.decided)}",
            f"fixed records with a move legal as written changed: {self.legal_changed}",
            f"fixes made on a tie: {self.ties_fixed}",
        ]
        for kind, (sheets, decided, back) in self.by_kind.items():
            out.append(f"  {kind}: {sheets} sheets, {decided} decided, {back} back")
        out.append(f"{self.sheets} sheets in {self.seconds:.1f} s")
        return out


def measure(games: int, seed: int, keep: int = 0) -> Figures:
    """Plant one slip in each of ``games`` random games, fix, and compare (seeded)."""
    figures = Figures()
    rng = random.Random(f"xiangqi/fix/{seed}")
    started = time.perf_counter()
    made = 0
    for attempt in range(games * 20):
        if made == games:
            break
        kind = KINDS[made % len(KINDS)]
        moves = kifu_game(rng, rng.randint(30, 90))
        sheet = plant_class(rng, kind, moves, NOTATIONS[attempt % len(NOTATIONS)])
        if sheet is None:
            continue
        made += 1
        _score(figures, kind, sheet.text, moves, sheet.slips[0].first, sheet.note, keep)
    figures.seconds = time.perf_counter() - started
    return figures


def _score(
    figures: Figures, kind: str, text: str, moves: list[int], first: int, note: str, keep: int
) -> None:
    """Check and fix one sheet (``moves`` the game, its slip on the written move ``first``)."""
    figures.sheets += 1
    counts = figures.by_kind.setdefault(kind, [0, 0, 0])
    counts[0] += 1
    findings = check(text, game="xiangqi").all_findings
    moved = [f for f in findings if f.code in MOVE_CODES and f.fix is not None]
    figures.ties_fixed += sum(1 for f in moved if tie(f))
    if not moved:
        return
    figures.decided += 1
    counts[1] += 1
    fixed = fix(text, game="xiangqi", unsafe=True).text
    played = replayed(fixed)
    if played == moves:
        figures.back += 1
        counts[2] += 1
        return
    # a fixed record that is not the game: a move changed outside the slip's own moves (the
    # slipped move, or the two to three moves a left-out, doubled or swapped move takes in) was
    # legal as written
    if played is not None and (played[:first] != moves[:first] or played[first + 3 :] != moves[first + 3 :]):
        figures.legal_changed += 1
    if len(figures.failures) < keep:
        figures.failures.append(f"{kind} {note}\n{text}\n--- fixed:\n{fixed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--examples", type=int, default=0, help="print this many failing sheets")
    arguments = parser.parse_args()
    figures = measure(arguments.games, arguments.seed, arguments.examples)
    print("\n".join(figures.lines()))
    for failure in figures.failures:
        print(failure, "", sep="\n")


if __name__ == "__main__":
    main()
