"""The writers' visitor of the walk: the record's move tree as played, each move written in the
notations a target needs (``fen``: the position after it), ready to be laid out.

A move that cannot be played ends its line: it, the moves after it and its variations are
dropped and named as problems. Variations nested deeper than :data:`MAX_DEPTH` are dropped too
(the layouts recurse once per level).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.record import MoveNode, Record
from kifu.xiangqi.board import Board, move_name
from kifu.xiangqi.fen import write_fen
from kifu.xiangqi.formats.movetext import normalise_result
from kifu.xiangqi.notation import write_move
from kifu.xiangqi.walk import Problem, Step, XiangqiVisitor, start_numbers, walk, walk_options

#: variations nested deeper than this are dropped (the layouts recurse once per level)
MAX_DEPTH = 200

_TRADITIONAL = str.maketrans("马车将帅进后", "馬車將帥進後")
_TRADITIONAL_RED = str.maketrans("马车", "傌俥")
_TRADITIONAL_BLACK = str.maketrans("炮", "包")


def traditional(board: Board, move: int) -> str:
    """The canonical XQBase move in traditional characters (傌二進三, 馬８進７, 後俥平四, 包８平５)."""
    text = write_move(board, move, "chinese")
    side = _TRADITIONAL_RED if board.board[move >> 7] > 0 else _TRADITIONAL_BLACK
    return text.translate(side).translate(_TRADITIONAL)


WRITERS: dict[str, Callable[[Board, int], str]] = {
    "chinese": lambda board, move: write_move(board, move, "chinese"),
    "traditional": traditional,
    "wxf": lambda board, move: write_move(board, move, "wxf"),
    "iccs": lambda board, move: write_move(board, move, "iccs"),
    "ucci": lambda board, move: move_name(move),
}


@dataclass(slots=True)
class Played:
    """A move that was played: its texts in the target's notations, and what the record attaches.

    ``round`` is the round (full-move) number, ``red`` whether Red played it; ``texts`` maps each
    notation the target needs to the move's text (``fen``: the position after it); ``node`` is
    the record's node (comments, NAGs); ``variations`` are the alternatives, played.
    """

    move: int
    node: MoveNode
    round: int
    red: bool
    texts: dict[str, str]
    variations: list[list[Played]] = field(default_factory=list)


@dataclass(slots=True)
class PlayedRecord:
    """A record whose lines were walked: the start FEN, the main line played, the result."""

    record: Record
    start: str
    moves: list[Played]
    result: str | None
    problems: list[str]


class Writer(XiangqiVisitor[PlayedRecord]):
    """Builds the :class:`Played` tree of a record from the walk (the main line only if ``main_only``);
    ``write`` writes a move in the target's notations: the walk's :attr:`WalkOptions.write`."""

    def __init__(self, record: Record, notations: tuple[str, ...], main_only: bool = False) -> None:
        self.variations = not main_only
        self.record = record
        self.problems: list[str] = []
        self.start = ""
        self.moves: list[Played] = []
        self._lines = [self.moves]
        self._fen = "fen" in notations
        self.write = _writer(tuple(n for n in notations if n != "fen"))
        self._ignored = 0  # open variations that are not written (too deep, or of an unplayed move)
        self._stopped = False  # the current line met a move that cannot be played
        self._deep: Played | None = None  # the last move whose too-deep variations were named

    def begin(self, start: Board) -> None:
        clock, fullmove = start_numbers(self.record)
        self.start = write_fen(start, clock, fullmove)

    def move(self, step: Step) -> None:
        if self._ignored:
            return
        texts = step.written
        assert texts is not None  # the walk wrote the move with self.write (its options' write)
        if self._fen:
            texts["fen"] = step.fen()
        self._lines[-1].append(Played(step.move, step.node, step.round, step.red, texts))

    def begin_variation(self, depth: int) -> None:
        if self._ignored or self._stopped:
            self._ignored += 1
            return
        parent = self._lines[-1][-1]
        if depth > MAX_DEPTH:
            if self._deep is not parent:
                self._deep = parent
                self.problems.append(f"variations nested deeper than {MAX_DEPTH} levels are dropped")
            self._ignored += 1
            return
        line: list[Played] = []
        parent.variations.append(line)
        self._lines.append(line)

    def end_variation(self) -> None:
        if self._ignored:
            self._ignored -= 1
            return
        self._lines.pop()
        self._stopped = False

    def unplayable(self, problem: Problem) -> None:
        if self._ignored:
            return
        self._stopped = True
        self.problems.append(_unplayable(problem))

    def result(self) -> PlayedRecord:
        return self.played()

    def played(self) -> PlayedRecord:
        """The record as walked, with its declared result."""
        record = self.record
        tag = record.tags.get("Result", "").strip()
        declared = record.result or (normalise_result(tag) if tag else None)
        return PlayedRecord(record, self.start, self.moves, declared, self.problems)


def _writer(notations: tuple[str, ...]) -> Callable[[Board, int], dict[str, str]]:
    """One function writing a move in each of ``notations`` (on the position before it)."""
    if len(notations) == 1:
        [notation] = notations
        write = WRITERS[notation]
        return lambda board, move: {notation: write(board, move)}
    writers = [(notation, WRITERS[notation]) for notation in notations]
    return lambda board, move: {notation: write(board, move) for notation, write in writers}


def _unplayable(problem: Problem) -> str:
    """``round 3, Red: 车二进一 (line 8): why; dropped with the 5 move(s) after it``."""
    node = problem.node
    lost = [f"the {problem.after} move(s) after it"] if problem.after else []
    if node.variations:
        lost.append(f"its {len(node.variations)} variation(s)")
    at = f" (line {node.span.line})" if node.span else ""
    side = "Red" if problem.red else "Black"
    where = "" if problem.depth == 0 else "variation, "
    return f"{where}round {problem.round}, {side}: {node.text}{at}: {_why(problem)}; dropped" + (
        f" with {' and '.join(lost)}" if lost else ""
    )


def _why(problem: Problem) -> str:
    """Why the move cannot be played, in a few words."""
    if problem.error is not None:
        return str(problem.error)
    if problem.ended:
        return "the game had already ended: the side to move has no legal move"
    resolution = problem.resolution
    assert resolution is not None
    why = resolution.message
    if resolution.problem in ("ambiguous", "abridged"):
        why += ": " + " or ".join(write_move(problem.board, m) for m in resolution.readings)
    return why


def play(
    record: Record, notations: tuple[str, ...], options: Options | None = None, main_only: bool = False
) -> PlayedRecord | Finding:
    """Walk ``record`` (its variations too unless ``main_only``), writing each move in
    ``notations``; a finding when there is no start position."""
    writer = Writer(record, notations, main_only)
    walked = walk_options(record, (options or Options()).settings, write=writer.write)
    return walked if isinstance(walked, Finding) else walk(record, walked, writer)
