"""Go records with planted slips, judged by the harness of tests/chess/slips.py (the findings alone).

    python -m tests.go.slips [--games N] [--seed S] [--examples K]

Two classes apply to Go (a move's colour is written with it, so a move written twice or two
moves swapped are no slips of their own): ``single``, one coordinate slip (the letters swapped,
or one letter wrong) that hits an occupied point, and ``missing``, a move left out, which leaves
two moves of one colour in a row (GO106, which names the move as missing). The games are random
legal games on a 9x9 board, played by the small board below (captures, no suicide, simple ko),
not by kifu; the rules are Japanese (no superko), so that no move of the game is forbidden.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from typing import Any

from kifu.core.findings import Finding

from tests.chess.slips import ClassFigures, Rules, Sheet, Slip, Token, score
from tests.go.helpers import check_text

SIZE = 9
LETTERS = "abcdefghijklmnopqrs"
CLASSES = ("single", "missing")
BLACK, WHITE = 1, 2
_NAMES = {BLACK: "B", WHITE: "W"}
_NEIGHBOURS = [
    [
        y * SIZE + x
        for x, y in ((px - 1, py), (px + 1, py), (px, py - 1), (px, py + 1))
        if 0 <= x < SIZE and 0 <= y < SIZE
    ]
    for py in range(SIZE)
    for px in range(SIZE)
]


def point_name(point: int) -> str:
    """The SGF coordinate of ``point`` (column letter, then row letter)."""
    return LETTERS[point % SIZE] + LETTERS[point // SIZE]


class Board:
    """A Go position: stones (0, black, white), and the position before the last move (for ko)."""

    def __init__(self) -> None:
        self.stones = [0] * (SIZE * SIZE)
        self.before_last: list[int] | None = None

    def copy(self) -> Board:
        other = Board()
        other.stones = self.stones[:]
        other.before_last = self.before_last
        return other

    def _group(self, point: int) -> tuple[set[int], bool]:
        """The stones of the group at ``point`` and whether it has a liberty."""
        colour = self.stones[point]
        group, todo, free = {point}, [point], False
        while todo:
            for n in _NEIGHBOURS[todo.pop()]:
                if self.stones[n] == 0:
                    free = True
                elif self.stones[n] == colour and n not in group:
                    group.add(n)
                    todo.append(n)
        return group, free

    def play(self, point: int, colour: int) -> bool:
        """Play if legal (an empty point, no suicide, no immediate ko recapture)."""
        if self.stones[point]:
            return False
        before = self.stones[:]
        self.stones[point] = colour
        for n in _NEIGHBOURS[point]:
            if self.stones[n] == 3 - colour:
                group, free = self._group(n)
                if not free:
                    for stone in group:
                        self.stones[stone] = 0
        if not self._group(point)[1] or self.stones == self.before_last:
            self.stones = before
            return False
        self.before_last = before
        return True

    def legal(self, colour: int) -> list[int]:
        """The points ``colour`` may play."""
        return [p for p in range(SIZE * SIZE) if not self.stones[p] and self.copy().play(p, colour)]


def random_game(rng: random.Random, moves: int) -> list[int]:
    """A random legal game of at most ``moves`` moves, Black first, that fills no own eye."""
    board = Board()
    played: list[int] = []
    for ply in range(moves):
        colour = BLACK if ply % 2 == 0 else WHITE
        points = [
            p
            for p in board.legal(colour)
            if not all(board.stones[n] == colour for n in _NEIGHBOURS[p])  # (an own eye)
        ]
        if not points:
            break
        point = rng.choice(points)
        board.play(point, colour)
        played.append(point)
    return played


def _plays(board: Board, rest: list[tuple[int, int]]) -> bool:
    """Whether the moves ``rest`` (point, colour) can be played one after another from ``board``."""
    board = board.copy()
    return all(board.play(point, colour) for point, colour in rest)


def fits(board: Board, colour: int, truth: int, rest: list[tuple[int, int]]) -> int:
    """1 when ``truth`` is the only move ``colour`` may make on ``board`` (a point, or a pass)
    after which ``rest`` can be played, else 2 (several)."""
    passed = board.copy()
    passed.before_last = passed.stones[:]
    if _plays(passed, rest):
        return 2
    for point in board.legal(colour):
        if point != truth:
            after = board.copy()
            after.play(point, colour)
            if _plays(after, rest):
                return 2
    return 1


def _point(text: str) -> str:
    found = re.search(r"\[([a-s]{2})\]", text)
    return found.group(1) if found else text.strip()


GO = Rules(
    same=lambda before, meant, truth: _point(meant) == truth,
    named=lambda message, truth: f"[{truth}]" in message,
    missing_code="GO106",
    twice_code="",
    swapped_code="",
)


def _sheet(kind: str, moves: list[tuple[str, str | None, Any]], slips: list[Slip], note: str) -> Sheet:
    """The record of ``moves`` (text ``B[dc]``, truth, position before), one node a line."""
    tokens = [
        Token(text, line, 2, 2 + len(text), truth, before)
        for line, (text, truth, before) in enumerate(moves, 2)
    ]
    body = "".join(f";{text}\n" for text, _, _ in moves)
    return Sheet(kind, f"(;GM[1]FF[4]SZ[{SIZE}]KM[6.5]RU[Japanese]\n{body})\n", tokens, slips, note)


def _boards(game: list[int]) -> list[Board]:
    board = Board()
    boards = [board.copy()]
    for ply, point in enumerate(game):
        board.play(point, BLACK if ply % 2 == 0 else WHITE)
        boards.append(board.copy())
    return boards


def _colour(ply: int) -> int:
    return BLACK if ply % 2 == 0 else WHITE


def _single(rng: random.Random, game: list[int]) -> Sheet | None:
    """One coordinate slip (swapped letters, or one letter wrong) onto an occupied point, at
    least six moves before the end."""
    boards = _boards(game)
    ply = rng.randrange(4, len(game) - 6)
    true = point_name(game[ply])
    slips = [true[::-1]] + [true[:i] + letter + true[i + 1 :] for i in range(2) for letter in LETTERS[:SIZE]]
    occupied = sorted(
        {
            s
            for s in slips
            if s != true and boards[ply].stones[LETTERS.index(s[1]) * SIZE + LETTERS.index(s[0])]
        }
    )
    if not occupied:
        return None
    written = rng.choice(occupied)
    rest = [(point, _colour(i)) for i, point in enumerate(game) if i > ply]
    slip = Slip("single", ply, true, boards[ply], fits(boards[ply], _colour(ply), game[ply], rest))
    moves: list[tuple[str, str | None, Any]] = [
        (f"{_NAMES[_colour(i)]}[{written if i == ply else point_name(point)}]", point_name(point), boards[i])
        for i, point in enumerate(game)
    ]
    return _sheet("single", moves, [slip], f"{_NAMES[_colour(ply)]}[{written}] for [{true}]")


def _missing(rng: random.Random, game: list[int]) -> Sheet | None:
    """A move left out, at least six moves before the end: two moves of one colour in a row."""
    boards = _boards(game)
    gap = rng.randrange(4, len(game) - 6)
    rest = [(point, _colour(i)) for i, point in enumerate(game) if i > gap]
    true = point_name(game[gap])
    slip = Slip(
        "missing", gap, true, boards[gap], fits(boards[gap], _colour(gap), game[gap], rest), missing=True
    )
    moves: list[tuple[str, str | None, Any]] = [
        (f"{_NAMES[_colour(i)]}[{point_name(point)}]", point_name(point), boards[i])
        for i, point in enumerate(game)
        if i != gap
    ]
    return _sheet("missing", moves, [slip], f"{_NAMES[_colour(gap)]}[{true}] (move {gap + 1}) left out")


def sheets(kind: str, games: int, seed: int, moves: tuple[int, int] = (30, 70)) -> list[Sheet]:
    """``games`` seeded sheets of class ``kind``."""
    rng = random.Random(f"go/{kind}/{seed}")
    made: list[Sheet] = []
    for _ in range(games * 50):
        if len(made) == games:
            break
        game = random_game(rng, rng.randint(*moves))
        if len(game) < 16:
            continue
        sheet = _single(rng, game) if kind == "single" else _missing(rng, game)
        if sheet is not None:
            made.append(sheet)
    return made


def findings(sheet: Sheet) -> list[Finding]:
    """kifu's findings on ``sheet``."""
    return check_text(sheet.text).records[0].findings


def measure_class(kind: str, games: int, seed: int, keep: int = 8) -> ClassFigures:
    """The figures of ``games`` sheets of class ``kind``, seeded."""
    figures = ClassFigures(kind)
    started = time.perf_counter()
    for sheet in sheets(kind, games, seed):
        score(figures, sheet, findings(sheet), GO, keep)
    figures.seconds = time.perf_counter() - started
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="sheets of each class")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--examples", type=int, default=0, help="print this many failing sheets of each failure of each class"
    )
    arguments = parser.parse_args()
    for kind in CLASSES:
        figures = measure_class(kind, arguments.games, arguments.seed, keep=arguments.examples)
        print("\n".join(figures.lines()), flush=True)
        for failure in figures.failures:
            print(failure, "", sep="\n")


if __name__ == "__main__":
    main()
