"""Xiangqi's side of the look-ahead (:mod:`kifu.core.lookahead`): the readings of a move text one
slip away, and the replay of a line's moves on kifu's xiangqi board.

:func:`candidates` gathers the legal moves a text that cannot be played may stand for: the
readings of an ambiguous or abridged text, and the legal moves near its text
(:func:`~kifu.xiangqi.notation.suggest.nearby`: one character wrong, missing or extra, the
notations' look-alike characters, 进/退 swapped, a wrong file number, a front/rear marker slip, a
WXF letter or sign slip). Their distances are the engine's half edits: an ambiguous text's
readings, a text that is the move but for its writing (乎 for 平, 将 for 帅, a numeral for a
digit) and a front/rear marker slip (前车进一 for 车二进一, ``R2+1`` for ``R+.1``) are the move
written informally (at most :data:`~kifu.core.lookahead.AS_WRITTEN`); a one-character edit is a
slip (:data:`EDIT`). :class:`XiangqiGame` replays the moves after a slip for the engine (xiangqi
records write no check or capture marks). A Chinese text says whose move it is: Red's pieces
帅仕相兵 and numerals, Black's 将士象卒 and digits (:func:`side_of`); when a record writes both
sides' forms, a move played by the side its text is not written for is a mark that disagrees
with it (a half-move left out, a column shifted, shows so).
"""

from __future__ import annotations

from collections.abc import Sequence

from kifu.core import lookahead as engine
from kifu.core.record import MoveNode
from kifu.xiangqi.board import BLACK, RED, Board, move_name
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.notation.chinese import DIRECTIONS, KIND_OF, NUMERALS, POSITIONS
from kifu.xiangqi.notation.spec import MoveSpec
from kifu.xiangqi.notation.suggest import _marker_slip, fold, nearby

#: a one-character edit of the text, in the engine's half edits (one slip)
EDIT = 2
#: a front/rear marker slip: the move written informally (the engine's AS_WRITTEN)
MARKER = engine.AS_WRITTEN

#: the readings of later slips by position, side and text (reading past the slips after one asks
#: them again for each hypothesis, and again at the next slip's own settling)
_KNOWN: dict[tuple[int, str, str | None], list[tuple[int, int]]] = {}
_KNOWN_LIMIT = 4096


#: the piece characters of one side only (马车炮 and their traditional forms are both sides')
RED_PIECES = frozenset("帅帥仕相兵俥傌")
BLACK_PIECES = frozenset("将將士象卒")
#: Black writes files and counts in digits (ASCII or full-width), Red in numerals
DIGITS = frozenset("123456789１２３４５６７８９")
#: the characters of a Chinese move text (its pieces, directions and markers)
CHINESE = frozenset(KIND_OF) | frozenset(DIRECTIONS) | frozenset(POSITIONS)


def side_marks(text: str) -> tuple[int, int]:
    """The side a Chinese move text is written for, by its piece character and by its numbers
    (:data:`~kifu.xiangqi.board.RED`, :data:`~kifu.xiangqi.board.BLACK`, or 0: they do not say);
    the ordinal numeral of tandem soldiers (一卒平５) is Black's too, and says nothing; a text in
    another notation (WXF, ICCS, UCCI: the same digits for both sides) says nothing either."""
    if not any(char in CHINESE for char in text):
        return 0, 0
    piece = number = 0
    for at, char in enumerate(text):
        if char in RED_PIECES:
            piece = RED if piece in (0, RED) else 2
        elif char in BLACK_PIECES:
            piece = BLACK if piece in (0, BLACK) else 2
        elif char in NUMERALS and not (at + 1 < len(text) and text[at + 1] in KIND_OF):
            number = RED if number in (0, RED) else 2
        elif char in DIGITS:
            number = BLACK if number in (0, BLACK) else 2
    return (piece if piece != 2 else 0), (number if number != 2 else 0)


def side_of(texts: Sequence[str]) -> list[int]:
    """The side each of ``texts`` is written for (0: it does not say), by the forms of each kind
    (piece characters, numbers) the record writes for both sides: a record that writes Black's
    files in numerals too says nothing by them."""
    marks = [side_marks(text) for text in texts]
    pieces = {piece for piece, _ in marks}
    numbers = {number for _, number in marks}
    keep_pieces = RED in pieces and BLACK in pieces
    keep_numbers = RED in numbers and BLACK in numbers
    sides: list[int] = []
    for piece, number in marks:
        said = {side for side, kept in ((piece, keep_pieces), (number, keep_numbers)) if kept and side}
        sides.append(said.pop() if len(said) == 1 else 0)
    return sides


def candidates(board: Board, text: str, preference: str | None) -> list[tuple[int, int]]:
    """The legal moves ``text`` may stand for in ``board``, each with its distance in half edits,
    nearest first: the readings of an ambiguous or abridged text and the moves the text names
    but for its writing (0), a front/rear marker slip (:data:`MARKER`), a one-character edit
    (:data:`EDIT`)."""
    found: dict[int, int] = {}
    try:
        resolution = resolve(board, parse_move(text), None, preference)
    except NotationError:
        resolution = None
    if resolution is not None and resolution.problem in ("ambiguous", "abridged"):
        found.update((move, 0) for move in resolution.readings)
    wanted = fold(text)
    for move, distance in nearby(board, text):
        if distance:
            distance = MARKER if _marker_slip(board, move, wanted) else EDIT
        found.setdefault(move, distance)
    return sorted(found.items(), key=lambda pair: pair[1])


def _candidates_at(board: Board, text: str, preference: str | None) -> list[tuple[int, int]]:
    """:func:`candidates`, remembered (they depend on the position only: its Zobrist key)."""
    key = (board.hash, text, preference)
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= _KNOWN_LIMIT:
            _KNOWN.clear()
        known = _KNOWN[key] = candidates(board, text, preference)
    return known


class XiangqiGame(engine.Game[Board, int]):
    """A line of a xiangqi record (``nodes``, abridged moves read by ``preference``) for the
    look-ahead, from a slip in round ``round_`` (``red``: Red's move) on a board whose history
    holds ``played`` moves: the labels of the later moves count their rounds from it.
    ``previous``: the position before the move played just before the slip, and that move (a
    text is that move written again when it names it there, in whatever notation)."""

    def __init__(
        self,
        nodes: Sequence[MoveNode],
        preference: str | None,
        round_: int,
        red: bool,
        played: int,
        previous: tuple[int, Board, int] | None = None,
    ) -> None:
        self.texts = [node.text for node in nodes]
        self.count = len(nodes)
        self.preference = preference
        self.round = round_
        self.red = red
        self.played = played
        self.previous = previous
        self.specs: dict[int, MoveSpec | None] = {}
        #: the side each text is written for (0: it does not say)
        self.sides = side_of(self.texts)

    def _spec(self, index: int) -> MoveSpec | None:
        """The text of move ``index`` parsed (once: it does not depend on the position)."""
        if index in self.specs:
            return self.specs[index]
        try:
            spec: MoveSpec | None = parse_move(self.texts[index])
        except NotationError:
            spec = None
        self.specs[index] = spec
        return spec

    def copy(self, board: Board) -> Board:
        other = board.copy()
        other.history = board.history[:]  # (its length: the plies played, for the labels)
        return other

    def push(self, board: Board, move: int) -> None:
        board.push(move)

    def read(self, board: Board, index: int) -> int | None:
        spec = self._spec(index)
        if spec is None:
            return None
        return resolve(board, spec, None, self.preference).move

    def play(self, board: Board, index: int) -> int:
        move = self.read(board, index)
        if move is None:
            return -1
        wrong = self.marks(board, index, move)
        board.push(move)
        return wrong

    def marks(self, board: Board, index: int, move: int) -> int:
        """1 when the text of move ``index`` is written for the side that does not play it."""
        side = self.sides[index]
        return int(bool(side) and side != board.side)

    def own_marks(self, board: Board, index: int, move: int) -> int:
        return self.marks(board, index, move)

    def disagrees(self, board: Board, index: int, after: str) -> str:
        side = "Red" if self.sides[index] == RED else "Black"
        return f"{self.label(board, index)} is written as {side}'s move after {after}"

    def readings(self, board: Board, index: int) -> Sequence[tuple[int, int]]:
        return _candidates_at(board, self.texts[index], self.preference)

    def legal(self, board: Board) -> Sequence[int]:
        return board.legal_moves()

    def over(self, board: Board) -> bool:
        return not board.has_legal_move()

    def same(self, index: int, other: int) -> bool:
        """Written alike but for what a writer slips on (traditional characters, numerals for
        digits, 乎 for 平: :func:`~kifu.xiangqi.notation.suggest.fold`), or, for the move just
        before the slip, naming the move played there (车一平二 after R1.2, a converted record's
        rest kept as written)."""
        if fold(self.texts[index]) == fold(self.texts[other]):
            return True
        if self.previous is None or self.previous[0] != other:
            return False
        _, before, move = self.previous
        return self.read(before, index) == move

    def name(self, board: Board, move: int) -> str:
        return f"{write_move(board, move)} ({move_name(move)})"

    def label(self, board: Board, index: int) -> str:
        """``round 5, Red 车四进一``: the round counted from the slip's by the plies played since."""
        side = "Red" if board.side == RED else "Black"
        return f"round {self._round(board)}, {side} {self.texts[index]}"

    def numbered(self, board: Board, index: int, at: int) -> str:
        """``5. 车四进一`` or ``5... 马８进７``, as the exchanges of a finding are named."""
        half = 2 * self._round(board) + (board.side != RED) + at - index
        return f"{half // 2}{'.' if half % 2 == 0 else '...'} {self.texts[at]}"

    def _round(self, board: Board) -> int:
        """The round of the move to play on ``board``, counted from the slip's by the plies since."""
        later = len(board.history) - self.played + (0 if self.red else 1)  # plies after Red's move
        return self.round + later // 2
