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
skipped (no events). A writer hears each move *before* it is played (``before_move``, the step
holding the move and the position before it): a move's text in xiangqi notation depends on that
position (which file, which of two pieces on it), while ``move`` receives the position after,
and taking each move back to write it would cost a writer a second push per move. With
:attr:`WalkOptions.assume` (the checker's) the walk asks the look-ahead
(:mod:`kifu.core.lookahead`, through :class:`~kifu.xiangqi.lookahead.XiangqiGame`) what the
moves after a move that cannot be played say of it, and goes on where its verdict does
(:attr:`~kifu.core.lookahead.Verdict.first`): a reading (proven, or the first of those the rest
fits alike) is played in the text's stead; a half-move left out is played as its own step
(:attr:`Step.assumed`), then the text as written; a move written twice is passed over; two
moves of one side written in each other's place are played exchanged. Otherwise the line ends.

A half-move left out may show only a few moves later: in WXF, ICCS and UCCI the other side can
often play the moves after the gap as written (the opening position is symmetric, and a side's
files are counted from its own right). The look-ahead is therefore given the positions before
the last moves played as written (:data:`BEHIND`), and when its verdict at a move that
cannot be played proves nothing, or needs later slips read past, it is asked
again further back (:data:`EARLIER`), its verdict there kept only when it explains the moves after
it better (:attr:`~kifu.core.lookahead.Verdict.best`: a garbled text the rest plays after is no
left-out move a few moves back); a hypothesis
that starts before the move (:attr:`Problem.back`) takes back the moves played since (the
visitor is told of the problem on its first node, then of its moves again). A Chinese text says
whose move it is (帅仕相兵 and numerals are Red's, 将士象卒 and digits Black's), and a score sheet
numbers the rounds: a move that can be played but is written for the other side, with the next
one written for its, or a Black move numbered with Red's next round, is where the columns
shifted, and the look-ahead is asked there too (its verdict kept only when it says a half-move
was left out, written twice or two moves swapped).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from kifu.core.digits import ascii_number
from kifu.core.effort import Effort
from kifu.core.findings import Finding
from kifu.core.lookahead import (
    LATE,
    MAX_PROBES,
    MISSING,
    SPENT,
    STRUCTURAL_KINDS,
    SWAPPED,
    TWICE,
    Reading,
    Verdict,
    game_effort,
    settle,
)
from kifu.core.record import MoveNode, Record
from kifu.core.walk import Visitor
from kifu.xiangqi import codes
from kifu.xiangqi.board import RED, Board
from kifu.xiangqi.fen import START_FEN, FenError, parse_fen, write_fen
from kifu.xiangqi.lookahead import XiangqiGame, candidates, side_of
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.notation.resolve import Resolution
from kifu.xiangqi.notation.spec import MoveSpec
from mypy_extensions import mypyc_attr

R = TypeVar("R")

#: the positions before the moves played as written the look-ahead is given at a slip, as chess's
#: walk gives them (a left-out move starts up to :data:`~kifu.core.lookahead.BACK` moves back among
#: them; a move written twice or two moves swapped up to :data:`~kifu.core.lookahead.LATE`)
BEHIND = LATE
#: how many moves before a move that cannot be played the look-ahead is asked again when its
#: verdict there ends the line, or is not proven, or needs later slips (a half-move left out
#: further back), nearest first: each starts its own hypotheses up to BACK moves before it. The
#: first only unless the line would end: gaps up to 23 moves back are read there (in WXF each
#: side may play the other's moves for twenty plies after a gap in the opening)
EARLIER = (3, 8, 13, 18)


@dataclass(slots=True)
class Step:
    """The move just played. The walk updates one Step in place for every move, so a visitor
    copies what it keeps.

    ``board`` is the position after the move (the walk's board: read it, never change it);
    ``round`` is the round (full-move number) of the move and ``red`` whether Red played it;
    ``depth`` is 0 on the main line, n in a variation nested n deep; ``clock`` counts the plies
    without a capture after the move, ``clock_before`` before it; ``noncanonical`` is
    ``(canonical text, why)`` when the text was read although it is not the canonical form;
    ``assumed``:
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
    #: the verdict's hypothesis starts this many moves before the move that cannot be played:
    #: ``node`` is its first, ``board`` the position before it (the moves played since, which the
    #: walk already told of, are taken back and played again under it)
    back: int = 0
    #: the texts of the two moves of its line before ``node`` and of the two after it (as far as
    #: the line goes): those a hypothesis takes in (two moves swapped, a move left out before
    #: the move before it), as a message names them
    earlier: tuple[str, ...] = ()
    later: tuple[str, ...] = ()
    #: the look-ahead was asked this many moves before the move that cannot be played (the line
    #: would have ended there): its verdict is about ``node``, ``back - anchor`` moves before that
    anchor: int = 0
    #: the moves of its line, ``node`` at ``index`` among them (a fix edits the moves after it)
    nodes: list[MoveNode] = field(default_factory=list)
    index: int = 0

    @property
    def written(self) -> str:
        """The move as the record wrote it."""
        return self.node.text

    @property
    def asked(self) -> int:
        """The index of the move the look-ahead was asked at: ``back - anchor`` moves after
        ``node`` (the hypotheses' ``back`` count from it)."""
        return self.index + self.back - self.anchor


@mypyc_attr(allow_interpreted_subclasses=True)  # writers, show and tests subclass it
class XiangqiVisitor(Visitor[Board, Step, Problem, R]):
    """A visitor of the xiangqi walk (its result is ``R``): the events of :mod:`kifu.core.walk`."""


@dataclass(slots=True)
class WalkOptions:
    """What the xiangqi walk needs besides the record.

    ``start``: the start position (not changed: the walk plays on a copy), with its full-move
    number and half-move clock; ``abridged``: the user's reading of abridged moves
    (``--abridged``); ``assume``: ask the look-ahead what a move that cannot be played was, and go on
    where its verdict does (the checker).
    """

    start: Board
    fullmove: int = 1
    clock: int = 0
    abridged: str | None = None
    assume: bool = False
    #: the verdicts of the look-ahead, by ``id`` of their node: a second walk of the same record
    #: with the same dict (the checker's positions) does not probe again
    settled: dict[int, Verdict[int] | None] = field(default_factory=dict)
    #: what the look-ahead may replay over the record's slips (made at its first slip)
    effort: Effort | None = None


def walk_options(
    record: Record,
    settings: Mapping[str, Any],
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
    return WalkOptions(board, fullmove, start_numbers(record)[0], abridged, assume)


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
        "doubted",
        "next",
        "nodes",
        "plain",
        "ply",
        "pushed",
        "retake",
        "round",
        "sides",
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
        #: how many of the line's last moves were played as written, none assumed among them: a
        #: slip's look-ahead may start a move or two back, from the positions before them
        self.plain = 0
        #: the side each node's text is written for (0: it does not say), when the look-ahead is
        #: asked (:func:`~kifu.xiangqi.lookahead.side_of`)
        self.sides: list[int] | None = None
        #: the look-ahead found no column shifted at the last move written for the other side:
        #: it is not asked again while the moves go on so
        self.doubted = False
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
    before_move = visitor.before_move if visitor.hears_before_move else None
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
            plain = line.plain
            step.depth = depth = line.depth
            if options.assume and line.sides is None:
                line.sides = side_of([node.text for node in nodes])
            sides = line.sides
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
                if move and sides is not None:
                    if not _other_side(sides, index - 1, board.side, node, round_):
                        line.doubted = False
                    elif not line.doubted:
                        # written for the other side: is a half-move left out before it (a
                        # column shifted)? the moves after it say, as at a move that cannot be
                        # played; the look-ahead's verdict is kept only when it says so
                        doubt = _settle(board, nodes, index - 1, round_, red, options, plies, plain)
                        if _shifted(doubt):
                            move = 0
                        else:
                            line.doubted = True
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
                        plain=plain,
                    )
                    visitor.unplayable(failure)
                    verdict = failure.verdict
                    going = verdict.first if verdict is not None else None
                    if going is None:
                        line.stopped = True
                        break
                    step.noncanonical = None
                    plain = 0
                    if failure.back:
                        # the hypothesis starts before this move (a half-move left out before a
                        # move the other side could play too; two moves swapped): the moves since
                        # are taken back, its moves played on their nodes, then the texts after it
                        # as written, up to this one
                        for _ in range(failure.back):
                            board.pop()
                        pushed -= failure.back
                        ply, round_, clock = failure.ply - 1, failure.round, failure.clock
                        plan = _plan(going, index - 1 - failure.anchor, index - 1)
                        if plan[-1][0] >= index:  # two moves swapped around this one: the next
                            at, later, _ = plan.pop()  # node's move is played when it comes
                            assert later is not None
                            overrides[id(nodes[at])] = later
                        for at, played, own in plan[:-1]:
                            mine = nodes[at]
                            if played is None:  # (a text the hypothesis leaves as written)
                                played = _read(board, mine.text, preference)
                            written = _noncanonical(board, mine.text, played, preference) if own else None
                            ply, round_, clock = _gap(
                                board, step, mine, played, ply, round_, clock, before_move
                            )
                            step.assumed = not own
                            step.noncanonical = written
                            visit(step)
                            pushed += 1
                        if branches:  # (the variations replace the text's move: the last one)
                            line.base = (ply, round_, clock)
                        red = board.side == RED
                        _, last, own = plan[-1]
                        move = _read(board, node.text, preference) if last is None else last
                        if own:
                            step.noncanonical = _noncanonical(board, node.text, move, preference)
                        else:
                            assumed = True
                    elif going.kind == TWICE:  # passed over: the next node is played at this ply
                        if branches:  # its variations, from the position before it
                            line.bare = True
                            break
                        continue
                    elif going.kind == MISSING:  # the move left out, then the text as written
                        gap = going.moves[0]
                        ply, round_, clock = _gap(board, step, node, gap, ply, round_, clock, before_move)
                        visit(step)
                        pushed += 1
                        if branches:  # (the variations replace the text's move: after the gap)
                            line.base = (ply, round_, clock)
                        red = board.side == RED
                        move = going.moves[1]
                        step.noncanonical = _noncanonical(board, node.text, move, preference)
                    else:  # a reading played in the text's stead, and the line goes on
                        move = going.moves[0]
                        assumed = True
                        if going.kind == SWAPPED:
                            overrides[id(nodes[index + 1])] = going.moves[2]
                if before_move is not None:
                    step.node, step.move = node, move
                    before_move(step)
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
                plain = 0 if assumed else plain + 1
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
            line.plain = plain
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
    before_move: Callable[[Step], None] | None,
) -> tuple[int, int, int]:
    """Play ``move``, the half-move the record left out before ``node``, into ``step`` (an
    assumed step, to be visited); the ply, round and clock after it."""
    red = board.side == RED
    if before_move is not None:
        step.node, step.move = node, move
        before_move(step)
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


def _plan(going: Reading[int], anchor: int, last: int) -> list[tuple[int, int | None, bool]]:
    """What a hypothesis of the look-ahead asked at ``nodes[anchor]`` plays, node by node, up to
    ``nodes[last]`` (the move that could not be played): ``(node, move, own)``, ``move`` ``None``
    for a text played as written (it plays under the hypothesis: the look-ahead replayed it),
    ``own``: the node's text is played (not a move in its place)."""
    plan: list[tuple[int, int | None, bool]] = []
    first = anchor - going.back
    if going.kind == MISSING:  # the gap on the first node, then each node's text
        plan.append((first, going.moves[0], False))
        plan += [(first + at, move, True) for at, move in enumerate(going.moves[1:])]
    elif going.kind == SWAPPED:  # the later text's move, the move between, the earlier's
        plan += [(first, going.moves[0], False), (first + 1, going.moves[1], True)]
        plan.append((first + 2, going.moves[2], False))
    # (a move written twice: its node passed over, the texts after it as written)
    done = plan[-1][0] if plan else first if going.kind == TWICE else anchor
    plan += [(at, None, True) for at in range(done + 1, last + 1)]
    return plan


def _read(board: Board, text: str, preference: str | None) -> int:
    """The move ``text`` names on ``board`` (a text the look-ahead played there: it names one)."""
    move = resolve(board, parse_move(text), None, preference).move
    assert move is not None
    return move


def _other_side(sides: list[int], index: int, side: int, node: MoveNode, round_: int) -> bool:
    """Whether the text of ``nodes[index]``, to be played by ``side``, says it is the other
    side's move, and the next one its: the columns of the sheet shifted (both written for the
    side that would not play them), or a move of Black's numbered with Red's next round."""
    if side != RED and node.move_number is not None and node.move_number == round_ + 1:
        return True
    return sides[index] == -side and index + 1 < len(sides) and sides[index + 1] == side


def _shifted(verdict: Verdict[int] | None) -> bool:
    """Whether the look-ahead at a move that can be played says it is the sheet's order that is
    wrong (a half-move left out, written twice, two moves swapped), and the line goes on so."""
    return (
        verdict is not None
        and verdict.fits
        and verdict.first is not None
        and verdict.kind in STRUCTURAL_KINDS
    )


def _noncanonical(board: Board, text: str, move: int, preference: str | None) -> tuple[str, str] | None:
    """``(canonical text, why)`` when ``text``, read on ``board`` as ``move``, is not its canonical
    form (a text the look-ahead played as written, after a move it put before it)."""
    try:
        why = resolve(board, parse_move(text), None, preference).noncanonical
    except NotationError:
        return None
    return (write_move(board, move), why) if why else None


def _behind(board: Board, count: int) -> list[Board]:
    """The positions before the last one, two … ``count`` moves of ``board``, each with its
    history (the look-ahead labels moves by it)."""
    boards: list[Board] = []
    for _ in range(min(count, len(board.history))):
        before = board.copy()
        before.history = board.history[:]
        before.pop()
        boards.append(before)
        board = before
    return boards


def _clock(board: Board, start: int) -> int:
    """The plies without a capture before ``board`` (its history from the walk's start, whose
    clock was ``start``)."""
    for back, (_, captured, _) in enumerate(reversed(board.history)):
        if captured:
            return back
    return start + len(board.history)


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
    plain: int = 0,
) -> Problem:
    """The move ``nodes[index - 1]`` that cannot be played at ``ply`` + 1, with what the moves
    after it say of it when the options ``assume`` (:func:`kifu.core.lookahead.settle`; the
    record, of ``plies`` moves, bounds its effort), else the legal moves nearest its text.
    ``plain``: how many moves before it were played as written (the look-ahead may start a move
    or two back among them); when its verdict does, the problem is that of the hypothesis's first
    node, on the position before it."""
    node = nodes[index - 1]
    after = len(nodes) - index
    verdict = None
    if options.assume:
        # (after a mate or stalemate on the sheet, a verdict only where a structural slip moves
        # back lets the rest of the record play: kifu.core.lookahead.settle)
        verdict = _settle(board, nodes, index - 1, round_, red, options, plies, plain)
    # (a few moves after a mate or stalemate: the end stands, and the slip they fit is asked)
    ended = (verdict is None or verdict.first is None) and not board.has_legal_move()
    anchor = 0
    if not ended and verdict is not None and (not verdict.assumed or verdict.strained):
        # the line goes on under a move nothing proves or that the moves after it play under
        # only with later slips read past; a half-move left out further back (the other side
        # could play the moves after it for a while) shows here only: the look-ahead is asked
        # again a few moves back, and its verdict kept when it puts a structural slip there
        # that lets this move be played, and explains the moves after it better
        # (further back only where the line would end here: a reading the rest of it plays under,
        # if with later slips read past, is no sign of a gap that far)
        anchors = EARLIER if verdict.first is None else EARLIER[:1]
        for anchor in anchors:  # (the nearest first: each reads BACK moves before its own)
            earlier = _earlier(board, nodes, index - 1, anchor, round_, red, options, plies, plain, verdict)
            if earlier is not None:
                verdict = earlier
                break
        else:
            anchor = 0
    if ended:
        why = verdict.reason if verdict is not None else ""
        return Problem(
            board, node, ply + 1, round_, red, depth, clock, error, spec, resolution, True, after, reason=why
        )  # fmt: skip
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
    # (a structural slip the line ends under is said where it starts, as one it goes on under)
    structural = verdict.fits and kind in STRUCTURAL_KINDS and verdict.readings
    back = first.back if first is not None else verdict.readings[0].back if structural else 0
    named = tuple(
        reading.moves[0]
        for reading in verdict.readings
        if reading.kind == kind and reading.moves and reading.back == back
    )
    back += anchor
    if back:  # the hypothesis starts on the node ``back`` moves before: its problem is there
        round_, red = _rounds_back(round_, red, back)
        origin = _behind(board, back)[back - 1]
        start = index - 1 - back
        return Problem(
            origin,
            nodes[start],
            ply + 1 - back,
            round_,
            red,
            depth,
            _clock(origin, options.clock),
            None,
            None,
            None,
            False,
            len(nodes) - start - 1,
            named,
            first.moves[0] if first is not None and first.moves else None,
            verdict.reason,
            verdict,
            back,
            _texts(nodes, start - 2, start),
            _texts(nodes, start + 1, start + 3),
            anchor,
            nodes,
            start,
        )
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
        0,
        _texts(nodes, index - 3, index - 1),
        _texts(nodes, index, index + 2),
        0,
        nodes,
        index - 1,
    )


def _earlier(
    board: Board,
    nodes: list[MoveNode],
    index: int,
    anchor: int,
    round_: int,
    red: bool,
    options: WalkOptions,
    plies: int,
    plain: int,
    here: Verdict[int] | None,
) -> Verdict[int] | None:
    """The look-ahead's verdict at ``nodes[index - anchor]`` (played as written), when it says the
    sheet's order is wrong there and ``nodes[index]`` (which cannot be played on ``board``) plays
    under its hypothesis, and explains the moves after it at least as well as the best
    hypothesis at ``nodes[index]`` (``here``'s: a garbled text the rest plays after, with fewer
    later slips, is no left-out move a few moves back), better when the walk would go on under
    ``here``'s; else ``None``."""
    if plain < anchor or index < anchor:
        return None
    before = _behind(board, anchor)[anchor - 1]
    at_round, at_red = _rounds_back(round_, red, anchor)
    verdict = _settle(before, nodes, index - anchor, at_round, at_red, options, plies, plain - anchor)
    going = verdict.first if verdict is not None else None
    if verdict is None or going is None or not _shifted(verdict):
        return None
    if here is not None:
        ends_here = here.first is None  # (as well as here is enough only where the line would end)
        if verdict.best < here.best or (verdict.best == here.best and not ends_here):
            return None
    # the hypothesis's moves, then the texts after it up to this one and on, as written: it is
    # kept when the moves after it play strictly further under it than under any other there
    # (proven), or when they play to the end of the line (the hypotheses it ties with, named)
    replay = _behind(before, going.back)[going.back - 1] if going.back else before.copy()
    plan = _plan(going, index - anchor, index)
    if plan[-1][0] != index:  # (two moves swapped past this one: the walk plays up to it only)
        return None
    plan += [(at, None, True) for at in range(index + 1, len(nodes))]
    for step, (at, move, _) in enumerate(plan):
        if move is None:
            try:
                move = resolve(replay, parse_move(nodes[at].text), None, options.abridged).move
            except NotationError:
                move = None
            if move is None:
                if at <= index:
                    return None
                # (a move after a mate or stalemate, the loser's reply written out of habit)
                ends = step == len(plan) - 1 and not replay.has_legal_move()
                return verdict if verdict.assumed or ends else None
        replay.push(move)
    return verdict


def _rounds_back(round_: int, red: bool, back: int) -> tuple[int, bool]:
    """The round and side ``back`` moves before a move of ``round_`` (``red``: Red's)."""
    for _ in range(back):
        if red:
            round_ -= 1
        red = not red
    return round_, red


def _texts(nodes: list[MoveNode], start: int, end: int) -> tuple[str, ...]:
    """The texts of ``nodes[start:end]`` (as far as the line goes)."""
    return tuple(node.text for node in nodes[max(start, 0) : end])


def _settle(
    board: Board,
    nodes: list[MoveNode],
    index: int,
    round_: int,
    red: bool,
    options: WalkOptions,
    plies: int,
    plain: int,
) -> Verdict[int] | None:
    """What the moves after ``nodes[index]`` (which cannot be played on ``board``) say of it,
    settled once a record (``None`` past :data:`~kifu.core.lookahead.MAX_PROBES` slips: a record
    of so many is hostile, not a score sheet). ``plain``: how many moves before it were played
    as written (the look-ahead may start a move or two back among them)."""
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
    # (the last move of a line has no later move to tell a hypothesis that starts before it: in
    # WXF, ICCS and UCCI the moves it takes in would play for either side alike; the same text
    # twice just before it is evidence of its own)
    copy = index >= 2 and game.same(index - 1, index - 2)
    behind = _behind(board, min(plain, index, BEHIND)) if index + 1 < len(nodes) or copy else []
    verdict = settled[key] = settle(game, board, index, options.effort, behind)
    return verdict
