"""The writers' visitor of the walk: the record's move tree as played, each move written in the
notations a target needs (``fen``: the position after it), ready to be laid out.

A move that cannot be played ends its line: it, the moves after it and its variations are
named as problems, and dropped unless the writer keeps them (``keep_rest``, the targets that
can hold text): then they follow the moves played as written, not replayed (``move`` 0), after
a comment :data:`~kifu.core.converted.NOT_REPLAYED` that says why. Variations nested deeper
than :data:`MAX_DEPTH` are dropped too (the layouts recurse once per level).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from kifu.core.converted import NOT_REPLAYED, says_not_replayed
from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.record import MoveNode, Record
from kifu.xiangqi.board import Board, move_name
from kifu.xiangqi.fen import write_fen
from kifu.xiangqi.formats.movetext import normalise_result, reads_as_written
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
    the record's node (comments, NAGs); ``variations`` are the alternatives, played. A move
    kept as written, not replayed, has ``move`` 0 and its text as written in every notation.
    """

    move: int
    node: MoveNode
    round: int
    red: bool
    texts: dict[str, str]
    variations: list[list[Played]] = field(default_factory=list)


@dataclass(slots=True)
class Cut:
    """Where the replay of the main line stopped, its rest kept as written: the ply of the move
    that cannot be played, why, and that move and those after it (not replayed, without the
    comment that marks them)."""

    ply: int
    message: str
    rest: list[Played]


@dataclass(slots=True)
class PlayedRecord:
    """A record whose lines were walked: the start FEN, the main line played, the result.

    ``cut``: where the main line stopped, when its rest is kept (``moves`` ends with it);
    ``kept``: how many lines (the main line and variations) end with a rest kept as written.
    """

    record: Record
    start: str
    moves: list[Played]
    result: str | None
    problems: list[str]
    cut: Cut | None = None
    kept: int = 0


class Writer(XiangqiVisitor[PlayedRecord]):
    """Builds the :class:`Played` tree of a record from the walk (the main line only if ``main_only``);
    it hears each move before it is played and writes it there in the target's notations
    (``write``)."""

    def __init__(
        self,
        record: Record,
        notations: tuple[str, ...],
        main_only: bool = False,
        keep_rest: bool = False,
        mark_rest: bool = False,
    ) -> None:
        self.variations = not main_only
        self.record = record
        self.notations = notations
        #: keep the rest of a line from a move that cannot be played as written (``--lenient``)
        self.keep_rest = keep_rest
        #: and mark it with a comment (the targets that write comments where the reader finds them)
        self.mark_rest = mark_rest
        self._nodes = [record.moves]  # the nodes of each line in self._lines (when keep_rest)
        self._branches: dict[int, tuple[Played, Iterator[list[MoveNode]]]] = {}  # see _next_variation
        self.cut: Cut | None = None
        self.kept = 0
        self._opening: list[str] = []  # comments after the record's own, before its first move
        self.problems: list[str] = []
        self.start = ""
        self.moves: list[Played] = []
        self._lines = [self.moves]
        self._fen = "fen" in notations
        self.write = _writer(tuple(n for n in notations if n != "fen"))
        self.hears_before_move = True  # (on the instance: a compiled walk reads its attribute slot)
        self._written: dict[str, str] = {}  # the move at hand in the target's notations
        self._ignored = 0  # open variations that are not written (too deep, or of an unplayed move)
        self._stopped = False  # the current line met a move that cannot be played
        self._deep: Played | None = None  # the last move whose too-deep variations were named

    def begin(self, start: Board) -> None:
        clock, fullmove = start_numbers(self.record)
        self.start = write_fen(start, clock, fullmove)

    def before_move(self, step: Step) -> None:
        self._written = self.write(step.board, step.move)

    def move(self, step: Step) -> None:
        if self._ignored:
            return
        texts = self._written
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
        if self.keep_rest:
            self._nodes.append(self._next_variation(parent, depth))
        parent.variations.append(line)
        self._lines.append(line)

    def _next_variation(self, parent: Played, depth: int) -> list[MoveNode]:
        """The nodes of the variation of ``parent`` that begins: the walk visits those that hold
        moves, in their order, one after the other at ``depth`` (deeper ones between them)."""
        branch = self._branches.get(depth)
        if branch is None or branch[0] is not parent:
            branch = self._branches[depth] = (
                parent,
                iter([nodes for nodes in parent.node.variations if nodes]),
            )
        return next(branch[1])

    def end_variation(self) -> None:
        if self._ignored:
            self._ignored -= 1
            return
        self._lines.pop()
        if self.keep_rest:
            self._nodes.pop()
        self._stopped = False

    def unplayable(self, problem: Problem) -> None:
        if self._ignored:
            return
        self._stopped = True
        self.problems.append(_unplayable(problem, self.keep_rest))
        if self.keep_rest:
            self._keep_rest(problem)

    def _keep_rest(self, problem: Problem) -> None:
        """Write the move that cannot be played and the rest of its line as written (after a
        comment saying why, if ``mark_rest``). A rest whose texts would not read back as
        written (a CBF step ``12-14``: no move of the PGN notations) goes inside that comment,
        after ``; as written:``, so that it is kept, not misread."""
        nodes = self._nodes[-1]
        rest = nodes[len(nodes) - problem.after - 1 :]
        assert rest[0] is problem.node
        why = _why(problem)
        copied = self._as_written(rest, problem.round, problem.red, problem.depth)
        if problem.depth == 0:
            self.cut = Cut(problem.ply, why, list(copied))
        line = self._lines[-1]
        marker = f"{NOT_REPLAYED} {why}"
        if self.mark_rest and not all(reads_as_written(step.node.text) for step in _steps(copied)):
            from kifu.xiangqi.writers.pgn import inline

            marker += f"; as written: {inline(copied, self.notations[0])}"
            if line:
                last = line[-1].node
                line[-1].node = _commented(last, last.comments_before, [*last.comments_after, marker])
            elif problem.depth == 0:
                self._opening.append(marker)
            else:  # a variation without a move played has no place for the comment: it is lost
                return
            self.kept += 1
            return
        if self.mark_rest:
            self._mark(line, copied, marker, problem.depth == 0)
        line.extend(copied)
        self.kept += 1

    def _mark(self, line: list[Played], rest: list[Played], marker: str, main: bool) -> None:
        """Put ``marker`` where the reader puts it back: after the last move played (which the
        layouts write before that move's variations), else before the first move of the line;
        unless it is there already (kifu's own output, converted again)."""
        first = rest[0].node
        if line:
            last = line[-1].node
            if not says_not_replayed([*last.comments_after, *first.comments_before]):
                line[-1].node = _commented(last, last.comments_before, [*last.comments_after, marker])
        elif not says_not_replayed([*(self.record.comments if main else []), *first.comments_before]):
            rest[0] = replace(
                rest[0], node=_commented(first, [marker, *first.comments_before], first.comments_after)
            )

    def _as_written(self, nodes: list[MoveNode], round_: int, red: bool, depth: int) -> list[Played]:
        """``nodes`` and their variations as written, not played (``move`` 0), numbered from
        ``round_`` and ``red``; variations deeper than :data:`MAX_DEPTH` are dropped and said."""
        out: list[Played] = []
        work: list[tuple[list[MoveNode], int, bool, int, list[Played]]] = [(nodes, round_, red, depth, out)]
        too_deep = False
        while work:
            nodes, round_, red, depth, line = work.pop()
            for node in nodes:
                copied = Played(0, node, round_, red, dict.fromkeys(self.notations, node.text))
                for alternative in node.variations:
                    if alternative and depth >= MAX_DEPTH:
                        too_deep = True
                    elif alternative:
                        variation: list[Played] = []
                        copied.variations.append(variation)
                        work.append((alternative, round_, red, depth + 1, variation))
                line.append(copied)
                round_, red = (round_, False) if red else (round_ + 1, True)
        if too_deep:
            self.problems.append(f"variations nested deeper than {MAX_DEPTH} levels are dropped")
        return out

    def result(self) -> PlayedRecord:
        return self.played()

    def played(self) -> PlayedRecord:
        """The record as walked, with its declared result."""
        record = self.record
        tag = record.tags.get("Result", "").strip()
        declared = record.result or (normalise_result(tag) if tag else None)
        if self._opening:  # a copy: the record itself stays as read
            record = replace(record, comments=[*record.comments, *self._opening])
        return PlayedRecord(record, self.start, self.moves, declared, self.problems, self.cut, self.kept)


def _commented(node: MoveNode, before: list[str], after: list[str]) -> MoveNode:
    """A copy of ``node`` with other comments (the record's own node is left as read)."""
    return MoveNode(node.text, node.span, node.move_number, node.nags, before, after, node.variations)


def _steps(line: list[Played]) -> Iterator[Played]:
    """The steps of ``line`` and of its variations, nested as deep as they go."""
    work = [line]
    while work:
        for step in work.pop():
            yield step
            work.extend(step.variations)


def _writer(notations: tuple[str, ...]) -> Callable[[Board, int], dict[str, str]]:
    """One function writing a move in each of ``notations`` (on the position before it)."""
    if len(notations) == 1:
        [notation] = notations
        write = WRITERS[notation]
        return lambda board, move: {notation: write(board, move)}
    writers = [(notation, WRITERS[notation]) for notation in notations]
    return lambda board, move: {notation: write(board, move) for notation, write in writers}


def _unplayable(problem: Problem, kept: bool) -> str:
    """``round 3, Red: 车二进一 (line 8): why; dropped with the 5 move(s) after it`` (``kept``: the
    writer keeps them as written, ``…; not replayed, nor the 5 move(s) after it``)."""
    node = problem.node
    lost = [f"the {problem.after} move(s) after it"] if problem.after else []
    if node.variations:
        lost.append(f"its {len(node.variations)} variation(s)")
    at = f" (line {node.span.line})" if node.span else ""
    side = "Red" if problem.red else "Black"
    where = "" if problem.depth == 0 else "variation, "
    what = ("not replayed", ", nor ") if kept else ("dropped", " with ")
    return f"{where}round {problem.round}, {side}: {node.text}{at}: {_why(problem)}; {what[0]}" + (
        f"{what[1]}{' and '.join(lost)}" if lost else ""
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
    walked = walk_options(record, (options or Options()).settings)
    return walked if isinstance(walked, Finding) else walk(record, walked, writer)
