"""The one walk over a xiangqi record: the main line and every variation, once, through the rules.

:func:`walk` reads each move in the position it is played from (every notation kifu knows,
the user's ``--abridged`` preference included), plays it, and tells a
:class:`~kifu.core.walk.Visitor` (the checker, each ``convert`` writer) in the order of
:mod:`kifu.core.walk`. The walk is iterative, so variations nest as deep as the file says, and
uses one board: a variation is played from the position before the move it replaces by taking
that move back, and is taken back when it ends.

What the walk needs besides the record is its :class:`WalkOptions` (:func:`walk_options` makes
them from the record's start position and the user's settings). Beyond :mod:`kifu.core.walk`:
the variations of a move that cannot be played are still walked, after ``unplayable``, because
check reports what is inside them (a writer skips them with the move); empty variations are
skipped (no events). The options may name a function :attr:`WalkOptions.write` that the walk
calls on the position *before* each move: a move's text in xiangqi notation depends on that
position (which file, which of two pieces on it), while ``move`` receives the position after;
taking each move back and playing it again to write it would cost a writer about 5 % of its
time. With :attr:`WalkOptions.assume` (the checker's) the walk asks the look-ahead
(:mod:`kifu.core.lookahead`, through :class:`~kifu.xiangqi.lookahead.XiangqiGame`) what the
moves after a move that cannot be played say of it, and goes on where its verdict does
(:attr:`~kifu.core.lookahead.Verdict.first`): a reading (proven, or the first of those the rest
fits alike) is played in the text's stead; a half-move left out is played as its own step
(:attr:`Step.assumed`), then the text as written; a move written twice is passed over; two
moves of one side written in each other's place are played exchanged. Otherwise the line ends.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from kifu.core.digits import ascii_number
from kifu.core.effort import Effort
from kifu.core.findings import Finding
from kifu.core.lookahead import MAX_PROBES, MISSING, SPENT, SWAPPED, TWICE, Verdict, game_effort, settle
from kifu.core.record import MoveNode, Record
from kifu.core.walk import Visitor
from kifu.xiangqi import codes
from kifu.xiangqi.board import RED, Board
from kifu.xiangqi.fen import START_FEN, FenError, parse_fen, write_fen
from kifu.xiangqi.lookahead import XiangqiGame, candidates
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.notation.resolve import Resolution
from kifu.xiangqi.notation.spec import MoveSpec
from mypy_extensions import mypyc_attr

R = TypeVar("R")


@dataclass(slots=True)
class Step:
    """The move just played. The walk updates one Step in place for every move, so a visitor
    copies what it keeps.

    ``board`` is the position after the move (the walk's board: read it, never change it);
    ``round`` is the round (full-move number) of the move and ``red`` whether Red played it;
    ``depth`` is 0 on the main line, n in a variation nested n deep; ``clock`` counts the plies
    without a capture after the move, ``clock_before`` before it; ``noncanonical`` is
    ``(canonical text, why)`` when the text was read although it is not the canonical form;
    ``written`` is what the options' :attr:`~WalkOptions.write` made of the move; ``assumed``:
    the move is not the one written but one the look-ahead played in its stead (a reading of a
    slip, the half-move left out before ``node``, the second of two moves written swapped).
    """

    board: Board
    node: MoveNode
    move: int = 0
    captured: int = 0
    key_before: int = 0
    ply: int = 0
    round: int = 1
    red: bool = True
    depth: int = 0
    clock: int = 0
    clock_before: int = 0
    noncanonical: tuple[str, str] | None = None
    written: dict[str, str] | None = None
    assumed: bool = False

    def fen(self) -> str:
        """The FEN of the position after the move."""
        return write_fen(self.board, self.clock, self.round + (not self.red))

    def fen_before(self) -> str:
        """The FEN of the position before the move (the board's, without taking the move back)."""
        return write_fen(self.board.previous(), self.clock_before, self.round)


@dataclass(frozen=True, slots=True)
class Problem:
    """A move that cannot be played; its line ends before it, unless a move is ``assumed``.

    ``board`` is the position it was read in (valid during the ``unplayable`` call only), with
    ``clock`` plies without a capture;
    ``error`` says why the text is no move at all, else ``resolution`` why no legal move fits
    what the text says (``spec``); ``ended``: the side to move had no legal move (the game was
    already over); ``after``: how many moves of its line follow it (not played); ``verdict``:
    what the moves after it say of it (:func:`kifu.core.lookahead.settle`, when the visitor asked
    to go on); ``candidates``: the legal moves to name in "did you mean" (its readings, the one
    meant first); ``assumed``: the move the walk plays in the text's stead when the line goes on
    (the verdict's first reading: the move left out before it, when that is what it says; proven
    only when ``verdict.assumed``); ``reason``: why, in the verdict's words.
    """

    board: Board
    node: MoveNode
    ply: int
    round: int
    red: bool
    depth: int
    clock: int
    error: NotationError | None
    spec: MoveSpec | None
    resolution: Resolution | None
    ended: bool
    after: int
    candidates: tuple[int, ...] = ()
    assumed: int | None = None
    reason: str = ""
    verdict: Verdict[int] | None = None


@mypyc_attr(allow_interpreted_subclasses=True)  # writers, show and tests subclass it
class XiangqiVisitor(Visitor[Board, Step, Problem, R]):
    """A visitor of the xiangqi walk (its result is ``R``): the events of :mod:`kifu.core.walk`."""


@dataclass(slots=True)
class WalkOptions:
    """What the xiangqi walk needs besides the record.

    ``start``: the start position (not changed: the walk plays on a copy), with its full-move
    number and half-move clock; ``abridged``: the user's reading of abridged moves
    (``--abridged``); ``write``, if set, is called with the position before each move and the
    move, and what it returns is the step's ``written`` (a writer's texts of the move in its
    notations); ``assume``: ask the look-ahead what a move that cannot be played was, and go on
    where its verdict does (the checker).
    """

    start: Board
    fullmove: int = 1
    clock: int = 0
    abridged: str | None = None
    write: Callable[[Board, int], dict[str, str]] | None = None
    assume: bool = False
    #: the verdicts of the look-ahead, by ``id`` of their node: a second walk of the same record
    #: with the same dict (the checker's positions) does not probe again
    settled: dict[int, Verdict[int] | None] = field(default_factory=dict)
    #: what the look-ahead may replay over the record's slips (made at its first slip)
    effort: Effort | None = None


def walk_options(
    record: Record,
    settings: Mapping[str, Any],
    write: Callable[[Board, int], dict[str, str]] | None = None,
    assume: bool = False,
) -> WalkOptions | Finding:
    """The options of a walk of ``record`` under the user's ``settings``, or the finding that says
    why the record has no start position (then it cannot be walked)."""
    board, fullmove, problem = start_position(record)
    if board is None:
        assert problem is not None
        return problem
    preference = settings.get("xiangqi_abridged")
    abridged = preference if isinstance(preference, str) else None
    return WalkOptions(board, fullmove, start_numbers(record)[0], abridged, write, assume)


def start_numbers(record: Record) -> tuple[int, int]:
    """``(clock, round)`` of the record's start: the FEN's half-move clock and full-move number."""
    fields = (record.start_position or START_FEN).split()
    clock = (ascii_number(fields[4]) if len(fields) > 4 else None) or 0
    fullmove = (ascii_number(fields[5]) if len(fields) > 5 else None) or 1
    return clock, fullmove


def start_position(record: Record) -> tuple[Board | None, int, Finding | None]:
    """The start board and its full-move number, or a finding saying why there is none."""
    fen = record.start_position or START_FEN
    try:
        board = parse_fen(fen)
    except FenError as error:
        span = record.tag_spans.get("FEN")
        return None, 1, codes.BAD_FEN(f"start position {fen!r}: {error}", span)
    return board, start_numbers(record)[1], None


class _Line:
    """Where the walk stands in one line: the next node, and the variations still to walk."""

    __slots__ = (
        "alternatives",
        "bare",
        "base",
        "clock",
        "depth",
        "next",
        "nodes",
        "ply",
        "pushed",
        "retake",
        "round",
        "stopped",
    )

    def __init__(self, nodes: list[MoveNode], depth: int, ply: int, round_: int, clock: int) -> None:
        self.nodes = nodes
        self.depth = depth
        self.next = 0
        self.ply = ply  # plies played before the next node
        self.round = round_  # the round of the next node
        self.clock = clock  # plies without a capture before the next node
        self.pushed = 0  # moves of this line on the board
        self.stopped = False  # a move could not be played: the line ends
        self.alternatives: list[list[MoveNode]] = []  # the last node's variations still to walk, last first
        self.base = (ply, round_, clock)  # ply, round and clock before the last node
        self.retake = 0  # the last node's move, taken back while its variations are walked
        self.bare = False  # the last node was passed over (written twice): no move to take back


def walk(record: Record, options: WalkOptions, visitor: Visitor[Board, Step, Problem, R]) -> R:
    """Replay ``record`` under ``options`` for ``visitor``: the main line and (if it wants them)
    every variation; its result."""
    board = options.start.copy()
    preference = options.abridged
    variations = visitor.variations
    comments = visitor.hears_comments
    visit = visitor.move
    write = options.write
    step = Step(board, MoveNode(text=""))
    line = _Line(record.moves, 0, 0, options.fullmove, options.clock)
    lines = [line]
    plies = len(record.moves)  # (what the look-ahead may read over all slips depends on it)
    #: moves to play in place of later nodes' texts, by ``id`` of the node: the second of two
    #: moves written in each other's place
    overrides: dict[int, int] = {}
    visitor.begin(board)
    visitor.header(record.tags)
    if comments:
        for text in record.comments:
            visitor.comment(text)
    while True:
        if line.alternatives:  # the next variation of the last node, from the position before it
            if not line.retake and not line.stopped and not line.bare:
                line.retake = board.pop()
            ply, round_, clock = line.base
            variation = _Line(line.alternatives.pop(), line.depth + 1, ply, round_, clock)
            if not visitor.begin_variation(variation.depth):
                line = variation
                lines.append(line)
            continue
        if line.retake:
            board.push(line.retake)
            line.retake = 0
        nodes = line.nodes
        count = len(nodes)
        if not line.stopped and line.next < count:
            line.bare = False
            # the hot loop: play on until the line ends, a move cannot be played or has variations
            index, ply, round_, clock, pushed = line.next, line.ply, line.round, line.clock, line.pushed
            step.depth = depth = line.depth
            while index < count:
                node = nodes[index]
                index += 1
                branches = variations and node.variations
                if branches:
                    line.alternatives = [nodes_ for nodes_ in reversed(node.variations) if nodes_]
                    line.base = (ply, round_, clock)
                red = board.side == RED
                move = 0
                assumed = False
                unreadable: NotationError | None = None
                spec: MoveSpec | None = None
                resolution: Resolution | None = None
                if overrides and id(node) in overrides:  # the second of two moves written swapped
                    move = overrides.pop(id(node))
                    assumed = True
                    step.noncanonical = None
                else:
                    try:
                        spec = parse_move(node.text)
                    except NotationError as error:
                        unreadable = error
                    else:
                        resolution = resolve(board, spec, None, preference)
                        move = resolution.move or 0
                        if move:
                            noncanonical = resolution.noncanonical
                            step.noncanonical = (
                                (write_move(board, move), noncanonical) if noncanonical else None
                            )
                if not move:
                    failure = _problem(
                        board,
                        nodes,
                        index,
                        ply=ply,
                        round_=round_,
                        red=red,
                        depth=depth,
                        clock=clock,
                        error=unreadable,
                        spec=spec,
                        resolution=resolution,
                        options=options,
                        plies=plies,
                    )
                    visitor.unplayable(failure)
                    verdict = failure.verdict
                    going = verdict.first if verdict is not None else None
                    if going is None:
                        line.stopped = True
                        break
                    step.noncanonical = None
                    if going.kind == TWICE:  # passed over: the next node is played at this ply
                        if branches:  # its variations, from the position before it
                            line.bare = True
                            break
                        continue
                    if going.kind == MISSING:  # the move left out, then the text as written
                        gap = going.moves[0]
                        ply, round_, clock = _gap(board, step, node, gap, ply, round_, clock, write)
                        visit(step)
                        pushed += 1
                        if branches:  # (the variations replace the text's move: after the gap)
                            line.base = (ply, round_, clock)
                        red = board.side == RED
                        move = going.moves[1]
                        if spec is not None:
                            noncanonical = resolve(board, spec, None, preference).noncanonical
                            step.noncanonical = (
                                (write_move(board, move), noncanonical) if noncanonical else None
                            )
                    else:  # a reading played in the text's stead, and the line goes on
                        move = going.moves[0]
                        assumed = True
                        if going.kind == SWAPPED:
                            overrides[id(nodes[index + 1])] = going.moves[2]
                if write is not None:
                    step.written = write(board, move)
                step.key_before = board.hash
                captured = board.push(move)
                pushed += 1
                ply += 1
                step.clock_before = clock
                clock = 0 if captured else clock + 1
                step.node = node
                step.move = move
                step.captured = captured
                step.ply = ply
                step.round = round_
                step.red = red
                step.clock = clock
                step.assumed = assumed
                if not red:
                    round_ += 1
                if comments and node.comments_before:
                    for text in node.comments_before:
                        visitor.comment(text)
                visit(step)
                if comments and node.comments_after:
                    for text in node.comments_after:
                        visitor.comment(text)
                if branches:
                    break
            line.next, line.ply, line.round, line.clock, line.pushed = index, ply, round_, clock, pushed
            continue
        if line.depth == 0:
            break
        for _ in range(line.pushed):
            board.pop()
        lines.pop()
        line = lines[-1]
        visitor.end_variation()
    visitor.end(not lines[0].stopped)
    return visitor.result()


def _gap(
    board: Board,
    step: Step,
    node: MoveNode,
    move: int,
    ply: int,
    round_: int,
    clock: int,
    write: Callable[[Board, int], dict[str, str]] | None,
) -> tuple[int, int, int]:
    """Play ``move``, the half-move the record left out before ``node``, into ``step`` (an
    assumed step, to be visited); the ply, round and clock after it."""
    red = board.side == RED
    if write is not None:
        step.written = write(board, move)
    step.key_before = board.hash
    captured = board.push(move)
    step.clock_before = clock
    clock = 0 if captured else clock + 1
    step.node = node
    step.move = move
    step.captured = captured
    step.ply = ply + 1
    step.round = round_
    step.red = red
    step.clock = clock
    step.noncanonical = None
    step.assumed = True
    return ply + 1, round_ if red else round_ + 1, clock


def _problem(
    board: Board,
    nodes: list[MoveNode],
    index: int,
    *,
    ply: int,
    round_: int,
    red: bool,
    depth: int,
    clock: int,
    error: NotationError | None,
    spec: MoveSpec | None,
    resolution: Resolution | None,
    options: WalkOptions,
    plies: int,
) -> Problem:
    """The move ``nodes[index - 1]`` that cannot be played at ``ply`` + 1, with what the moves
    after it say of it when the options ``assume`` (:func:`kifu.core.lookahead.settle`; the
    record, of ``plies`` moves, bounds its effort), else the legal moves nearest its text."""
    node = nodes[index - 1]
    after = len(nodes) - index
    if not board.has_legal_move():
        return Problem(board, node, ply + 1, round_, red, depth, clock, error, spec, resolution, True, after)
    verdict = _settle(board, nodes, index - 1, round_, red, options, plies) if options.assume else None
    if verdict is None:  # the nearest readings, and none assumed (not asked for, or too many slips)
        near = candidates(board, node.text, options.abridged)
        named = tuple(move for move, distance in near if distance == near[0][1]) if near else ()
        reason = SPENT if options.assume else ""
        return Problem(
            board, node, ply + 1, round_, red, depth, clock, error, spec, resolution, False, after, named,
            reason=reason,
        )  # fmt: skip
    first = verdict.first
    # the moves named together: the readings of the first's kind (a reading tied with a
    # structural slip is named as a reading; the structural ones are said apart)
    kind = verdict.kind
    named = tuple(reading.moves[0] for reading in verdict.readings if reading.kind == kind and reading.moves)
    return Problem(
        board,
        node,
        ply + 1,
        round_,
        red,
        depth,
        clock,
        error,
        spec,
        resolution,
        False,
        after,
        named,
        first.moves[0] if first is not None and first.moves else None,
        verdict.reason,
        verdict,
    )


def _settle(
    board: Board, nodes: list[MoveNode], index: int, round_: int, red: bool, options: WalkOptions, plies: int
) -> Verdict[int] | None:
    """What the moves after ``nodes[index]`` (which cannot be played on ``board``) say of it,
    settled once a record (``None`` past :data:`~kifu.core.lookahead.MAX_PROBES` slips: a record
    of so many is hostile, not a score sheet)."""
    settled = options.settled
    key = id(nodes[index])
    if key in settled:
        return settled[key]
    if len(settled) >= MAX_PROBES:
        return None
    if options.effort is None:
        options.effort = game_effort(plies)
    # (the move just before the slip, where the text may be that move written again)
    previous = (index - 1, board.previous(), board.history[-1][0]) if index and board.history else None
    game = XiangqiGame(nodes, options.abridged, round_, red, len(board.history), previous)
    verdict = settled[key] = settle(game, board, index, options.effort)
    return verdict
