"""The one walk over a chess record: every line replayed once, through the rules, for a visitor.

:func:`walk` reads each move as written and plays it on a
:class:`~kifu.chess.position.Position` (kifu's own compiled board for standard chess,
python-chess for the rest; what it cannot read itself goes to
:func:`~kifu.chess.notation.read_move`, and the SAN cache below serves the openings), tells
whether it checks or mates, and hands a :class:`Step` to the visitor; a move that cannot be played is an
:class:`Unplayable` and ends its line, unless the options ask to ``assume`` and the move
meant is evident (the unique "did you mean" of :mod:`kifu.chess.diagnosis`): then that move is
played in its stead, marked :attr:`Step.assumed`, and the line goes on. The checker
(:mod:`kifu.chess.checker`) and every ``convert`` target (:mod:`kifu.chess.writers`) are
visitors of this walk, so they cannot disagree about a move. Events come in PGN order (see
:mod:`kifu.core.walk`); the walk is iterative, since variations nest as deep as a file says.

What the walk needs besides the record is its :class:`WalkOptions`: the start position (from
the tags, with findings of its own: the checker's), the piece letters, and what to compute for
each move (mates, recovery). A writer hears each move before it is played
(:meth:`~kifu.core.walk.Visitor.before_move`), in the position it writes it from; the walk then
plays on python-chess's board, which writes SAN.
A record written with localised piece letters is read with them: when no language is given,
:func:`walk` detects it once (:func:`detect_language`), before its one pass, and the options
remember what it found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from kifu.chess.diagnosis import MoveProblem
from kifu.chess.locales import candidate_tables, letter_map
from kifu.chess.moves import NULL_CODE, ReadMove, is_null, move_of
from kifu.chess.position import Position, Start
from kifu.chess.rules import PositionKey
from kifu.core import walk as core
from kifu.core.effort import Effort
from kifu.core.lookahead import LATE, MISSING, STRUCTURAL_KINDS, SWAPPED, TWICE
from kifu.core.record import MoveNode, Record
from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    import chess

# (python-chess is not imported here: a clean record of standard chess is walked without it,
# on kifu's own position; the look-ahead, which plays on python-chess's boards, is imported
# when a move cannot be played)

R = TypeVar("R")


class Step:
    """The move just played. The walk updates ONE step in place before each ``move`` event (no
    allocation per move): a visitor copies what it keeps, never the step itself.

    ``read`` is ``None`` for a null move; ``mate`` is known only when the options ask for it
    (``mates``) or a visitor writes the moves; ``key`` is the position's
    :meth:`~kifu.chess.position.Position.key` when the walk needed it for its cache, else ``None``;
    ``assumed``: the move is not the one written but the one meant (see
    :attr:`WalkOptions.assume`); :attr:`before`: the position before the move (FEN), for a
    visitor that :attr:`~kifu.core.walk.Visitor.hears_before`.
    ``position`` is the position after the move (the line's, changed in place); :attr:`board`
    gives it as python-chess's board, made on demand: ask for it only when it is needed, as
    :attr:`move` (python-chess's move, made from ``code`` when the position read the move itself).
    """

    __slots__ = (
        "assumed",
        "check",
        "code",
        "given",
        "key",
        "mate",
        "node",
        "number",
        "ply",
        "position",
        "prior",
        "read",
        "white",
        "zeroing",
    )

    def __init__(self, position: Position) -> None:
        self.position = position
        self.node = MoveNode("")
        self.ply = 0
        self.number = 1  # the move's number (``12`` for ``12. Nf3`` and ``12... Nf6``)
        self.white = True  # whether White made the move
        self.code = NULL_CODE  # the move's code (kifu.chess.moves)
        self.given: chess.Move | None = None  # python-chess's move, when the walk had it
        self.read: ReadMove | None = None
        self.check = False
        self.mate = False
        self.zeroing = 0  # ZEROING when the move resets the fifty-move count, else 0
        self.key: PositionKey | None = None
        self.assumed = False
        #: the position before the move, kept when a visitor hears it
        self.prior: Position | None = None

    @property
    def before(self) -> str:
        """The position before the move (FEN; ``""`` unless a visitor hears it)."""
        return "" if self.prior is None else self.prior.fen()

    @property
    def board(self) -> chess.Board:
        """The position after the move as python-chess's board (valid during the event)."""
        return self.position.board()

    @property
    def move(self) -> chess.Move:
        """The move as python-chess's move (the null move for ``--``)."""
        given = self.given
        if given is None:
            given = self.given = move_of(self.code)
        return given


class Unplayable:
    """A move that cannot be played on ``board`` (the position before it); its line ends.

    ``remaining``: how many moves of the line come after it (lost with it, unless ``assumed``:
    the move the walk plays in its stead, when the options ask to assume and the intent is evident);
    ``rest``: those moves, for a writer that keeps them as written.
    """

    # (not a dataclass: the compiled build evaluates a dataclass's field types when the module
    # is imported, and python-chess's board is a type this module imports only for mypy)
    __slots__ = ("assumed", "board", "depth", "node", "ply", "problem", "remaining", "rest")

    def __init__(
        self,
        node: MoveNode,
        ply: int,
        board: chess.Board,
        problem: MoveProblem,
        remaining: int,
        assumed: chess.Move | None = None,
        rest: list[MoveNode] | None = None,
        depth: int = 0,
    ) -> None:
        self.node = node
        self.ply = ply
        self.board = board
        self.problem = problem
        self.remaining = remaining
        self.assumed = assumed
        self.rest = rest
        self.depth = depth  # 0 on the main line

    @property
    def written(self) -> str:
        """The move as the record wrote it."""
        return self.node.text

    @property
    def candidates(self) -> tuple[chess.Move, ...]:
        """The legal moves the text may have meant (the readings the later moves do not tell
        apart, else the one evidently meant)."""
        problem = self.problem
        return problem.readings or ((problem.meant,) if problem.meant is not None else ())

    @property
    def number(self) -> int:
        """The number the move would have."""
        return self.board.fullmove_number

    @property
    def white(self) -> bool:
        """Whether it is White's move."""
        return bool(self.board.turn)  # (python-chess's WHITE is True)


@mypyc_attr(allow_interpreted_subclasses=True)  # writers, show and tests subclass it
class Visitor(core.Visitor[Start, Step, Unplayable, R]):
    """A visitor of the chess walk (its result is ``R``): the events of :mod:`kifu.core.walk`."""


@dataclass(slots=True)
class WalkOptions:
    """What the chess walk needs besides the record.

    ``start``: the start position (not changed): python-chess's board, or kifu's position
    (the standard start, made without python-chess). ``lang``: the piece letters the moves are
    written with (``None``: English, or those detected when ``detect``: the walk detects them
    once, sets ``lang`` and names the languages of the table in ``detected``). ``mates``:
    whether a check must be tested for mate (:attr:`Step.mate`; always for a visitor that
    writes the moves). ``assume``: after a move that cannot
    be played, play the move evidently meant and go on (the checker); without it the line ends
    there (the writers: they never write a move the record does not).
    """

    start: Start
    lang: str | None = None
    detect: bool = True
    mates: bool = False
    assume: bool = False
    detected: list[str] | None = None
    #: the problems settled by the look-ahead, by ``id`` of their node: a second walk of the
    #: same record with the same dict does not probe again
    settled: dict[int, MoveProblem] = field(default_factory=dict)
    #: what the look-ahead may replay over the record's slips (``None``: a slip's own bounds only)
    effort: Effort | None = None


#: SAN resolutions by (position, text): archives repeat the same openings over and over. The
#: limit bounds the memory of every worker of a long run, well above what an archive's
#: openings fill (docs/performance.md, "Where the time goes").
_RESOLVED: dict[tuple[PositionKey, str], ReadMove | MoveProblem] = {}
_RESOLVED_LIMIT = 50_000
#: Only openings repeat from game to game: past this ply a position is almost always new, and
#: keying it (a tuple of 64-bit boards) costs more than resolving the move again.
_CACHED_PLIES = 24


def clear_cache() -> None:
    """Forget the cached SAN resolutions (benchmarks start each run cold)."""
    _RESOLVED.clear()


_EMPTY: Iterator[MoveNode] = iter(())

#: a line being walked: its nodes, where it is in them, its position, its first ply, the next
#: ply, its depth, the cache key of its position (main line, early plies only), and whether
#: ``begin_variation`` is still due
_Line = tuple[list[MoveNode], Iterator[MoveNode], Position, int, int, int, "PositionKey | None", bool]


def walk(record: Record, options: WalkOptions, visitor: core.Visitor[Start, Step, Unplayable, R]) -> R:
    """Replay the main line and every variation of ``record`` under ``options`` for ``visitor``;
    its result.

    The piece letters are those of ``options.lang``, or detected (once) when it is ``None``.
    The alternatives of a move that cannot be played are still walked (they are the record's
    lines, played from the position before it), after its ``unplayable`` event and before the
    end of its line.
    """
    if options.lang is None and options.detect:
        options.detect = False
        options.detected = detect_language(record, options.start)
        if options.detected is not None:
            options.lang = options.detected[0]
    letters = letter_map(options.lang) if options.lang else None
    _replay(record, options.start, letters, options, visitor)
    return visitor.result()


def _replay(
    record: Record,
    start: Start,
    letters: Mapping[str, str] | None,
    options: WalkOptions,
    visitor: core.Visitor[Start, Step, Unplayable, R],
) -> None:
    """The walk itself, with the letters given."""
    writes = visitor.hears_before_move  # a writer writes each move in the position before it
    mates = options.mates or writes
    variations = visitor.variations
    comments = visitor.hears_comments
    assume = options.assume
    cached = letters is None
    local = dict(letters) if letters is not None else None
    move_event, unplayable, before_move = visitor.move, visitor.unplayable, visitor.before_move
    # a writer needs python-chess's board for every move: it plays on it (kifu's mailbox else)
    position = Position.of(start, native=not writes)
    step = Step(position)
    prior = step.prior = position.copy() if visitor.hears_before else None
    visitor.begin(start)
    visitor.header(record.tags)
    if comments:
        for text in record.comments:
            visitor.comment(text)
    complete = True
    nodes = record.moves
    nodes_left: Iterator[MoveNode] = iter(nodes)
    first = ply = 1
    depth = 0
    key: PositionKey | None = position.key() if cached else None
    stack: list[_Line] = []
    #: moves to play in place of later nodes' texts: the second of two moves written swapped
    overrides: dict[int, chess.Move] = {}
    # the main line's moves so far, and how many at its end were played as written: a slip's
    # look-ahead may start a move or two back (a half-move left out before a move the other
    # side could play too), from the positions these rebuild (only when a move cannot be played)
    track = assume
    history: list[ReadMove | None] = []
    plain = 0
    while True:
        suspended = False
        for node in nodes_left:
            text = node.text
            alternatives = node.variations if variations else None
            read: ReadMove | MoveProblem | None = None
            null = text[0] in "-Z0@" and is_null(text)
            if not null and not (overrides and id(node) in overrides):
                if key is not None:
                    read = _RESOLVED.get((key, text))
                    if read is None:
                        read = position.read(text, None)
                        if isinstance(read, ReadMove):
                            if len(_RESOLVED) >= _RESOLVED_LIMIT:
                                _RESOLVED.clear()
                            _RESOLVED[key, text] = read
                else:
                    read = position.read(text, local)
                if isinstance(read, MoveProblem):
                    at = ply - first
                    if assume:
                        behind = _behind(options.start, history, plain) if not depth else ()
                        plies = len(record.moves)
                        read = _settle(read, position, node, nodes, at, local, options, plies, behind)
                    meant = read.meant if assume else None
                    verdict = read.verdict if assume else None
                    going = verdict.first if verdict is not None else None
                    if going is not None and going.back and read.origin is not None:
                        # the hypothesis starts a move or two back (a move left out before a
                        # move the other side could play too; two moves swapped): the finding is
                        # on its first node, and the line goes on from the position it leaves
                        back = going.back
                        unplayable(
                            Unplayable(
                                nodes[at - back],
                                ply - back,
                                read.origin,
                                read,
                                len(nodes) - at - 1,
                                meant,
                                nodes[at - back + 1 :],
                                depth,
                            )
                        )
                        if not depth:
                            complete = False
                        # (two moves swapped around this one: the hypothesis's last move is the
                        # next node's, played in its text's stead when the walk gets there)
                        moves = going.moves
                        if going.kind == SWAPPED and len(moves) > back + 1:
                            moves, overrides[id(nodes[at + 1])] = moves[: back + 1], moves[back + 1]
                        replay = read.origin.copy(stack=False)
                        for move in moves[:-1]:
                            replay.push(move)
                        position = Position.of(replay, native=not writes)
                        ply += len(moves) - back - 1
                        first = ply - at
                        key = None
                        del history[len(history) - back :]
                        history.extend(ReadMove(move, "", "", []) for move in moves[:-1])
                        before = position.copy() if alternatives else None
                        _assumed(position, step, node, ply, moves[-1], mates, move_event)
                        history.append(step.read)
                        plain = 0
                        ply += 1
                        if before is not None:
                            stack.append((nodes, nodes_left, position, first, ply, depth, key, False))
                            _schedule(stack, alternatives, before, ply - 1, depth + 1)  # type: ignore[arg-type]
                            suspended = True
                            break
                        continue
                    shown = verdict.readings[0] if verdict is not None and verdict.readings else None
                    if (
                        going is None
                        and shown is not None
                        and shown.kind in STRUCTURAL_KINDS
                        and shown.back
                        and read.origin is not None
                    ):
                        # (a structural slip the line ends under is said where it starts, as one
                        # it goes on under: a copy on the copy, not on the move that shows it)
                        back = shown.back
                        problem = Unplayable(
                            nodes[at - back], ply - back, read.origin, read, len(nodes) - at + back - 1,
                            meant, nodes[at - back + 1 :], depth,
                        )  # fmt: skip
                    else:
                        board = position.board()
                        problem = Unplayable(
                            node, ply, board, read, len(nodes) - at - 1, meant, nodes[at + 1 :], depth
                        )
                    unplayable(problem)
                    if not depth:
                        complete = False
                    if going is not None and going.kind == TWICE:
                        first -= 1  # the node is passed over: the next one has this ply
                        plain = 0
                        continue
                    if meant is None:
                        if alternatives:  # walked before the line ends
                            stack.append((nodes, _EMPTY, position, first, ply, depth, None, False))
                            _schedule(stack, alternatives, position.copy(), ply, depth + 1)
                            suspended = True
                        break
                    if going is not None and going.kind == MISSING:
                        # the move left out is played first, then the text as written
                        _assumed(position, step, node, ply, meant, mates, move_event)
                        if track and not depth:
                            history.append(step.read)
                            plain = 0
                        ply += 1
                        first += 1
                        read = position.read(text, local)
                        if isinstance(read, MoveProblem):  # (the verdict read it so: it cannot fail)
                            break
                    else:
                        read = ReadMove(meant, "", "", [])  # played in its stead, and the line goes on
                        step.assumed = True
                        if going is not None and going.kind == SWAPPED:
                            overrides[id(nodes[at + 2])] = going.moves[2]
            elif overrides and id(node) in overrides:  # the second of two moves written swapped
                read = ReadMove(overrides.pop(id(node)), "", "", [])
                step.assumed = True
            before = position.copy() if alternatives else None
            if prior is not None:
                prior.assign(position)
            step.number = position.fullmove
            step.white = position.turn == 0
            played: ReadMove | None = read  # type: ignore[assignment]  # a MoveProblem ended the line above
            if writes:
                step.position, step.node, step.ply, step.read = position, node, ply, played
                before_move(step)
            zeroing = position.play(played)
            if track and not depth:
                history.append(played)
                plain = 0 if step.assumed else plain + 1
            check = position.is_check()
            mate = check and mates and not position.can_escape()
            if key is not None:
                key = position.key() if ply < _CACHED_PLIES else None
            step.position = position
            step.node = node
            step.ply = ply
            if played is None:
                step.code, step.given = NULL_CODE, None
            else:
                step.code, step.given = played.code, played.given
            step.read = played
            step.check = check
            step.mate = mate
            step.zeroing = zeroing
            step.key = key
            if comments and node.comments_before:
                for comment in node.comments_before:
                    visitor.comment(comment)
            move_event(step)
            if comments and node.comments_after:
                for comment in node.comments_after:
                    visitor.comment(comment)
            if step.assumed:
                step.assumed = False
            ply += 1
            if before is not None:
                stack.append((nodes, nodes_left, position, first, ply, depth, key, False))
                _schedule(stack, alternatives, before, ply - 1, depth + 1)  # type: ignore[arg-type]
                suspended = True
                break
        if not suspended and depth:
            visitor.end_variation()
        while stack:
            nodes, nodes_left, position, first, ply, depth, key, fresh = stack.pop()
            if not fresh or not visitor.begin_variation(depth):
                break
        else:
            break
    visitor.end(complete)


def _behind(start: Start, history: list[ReadMove | None], plain: int) -> list[chess.Board]:
    """The main line's positions up to :data:`~kifu.core.lookahead.LATE` moves back (those of its
    last moves played as written), rebuilt from ``start`` and the moves played (at a slip only)."""
    back = min(plain, LATE)
    if not back:
        return []
    position = Position.of(start)
    boards: list[chess.Board] = []
    for index, read in enumerate(history):
        if index >= len(history) - back:
            boards.append(position.board().copy(stack=False))
        position.play(read)
    return boards[::-1]


def _settle(
    problem: MoveProblem,
    position: Position,
    node: MoveNode,
    nodes: list[MoveNode],
    index: int,
    letters: Mapping[str, str] | None,
    options: WalkOptions,
    plies: int,
    behind: Sequence[chess.Board] = (),
) -> MoveProblem:
    """``problem`` (of ``nodes[index]``) with what the moves after it say was meant
    (:mod:`kifu.core.lookahead`), from the effort of the record (of ``plies`` moves) that is left."""
    settled = options.settled
    known = settled.get(id(node))
    if known is None:
        from kifu.chess.lookahead import settle
        from kifu.core.lookahead import MAX_PROBES, game_effort

        if len(settled) >= MAX_PROBES:
            return problem  # (a hostile record of slips: the move alone is looked at)
        if options.effort is None:
            options.effort = game_effort(plies)
        known = settle(position.board(), nodes, index, letters, problem, options.effort, behind)
        settled[id(node)] = known
    return known


def _assumed(
    position: Position,
    step: Step,
    node: MoveNode,
    ply: int,
    move: chess.Move,
    mates: bool,
    move_event: Callable[[Step], None],
) -> None:
    """Play ``move``, which the record left out before ``node``, as an assumed step."""
    step.number = position.fullmove
    step.white = position.turn == 0
    read = ReadMove(move, "", "", [])
    step.zeroing = position.play(read)
    step.check = position.is_check()
    step.mate = step.check and mates and not position.can_escape()
    step.position, step.node, step.ply = position, node, ply
    step.code, step.given, step.read = read.code, read.given, read
    step.key = None
    step.assumed = True
    move_event(step)
    step.assumed = False


def _schedule(
    stack: list[_Line], alternatives: list[list[MoveNode]], before: Position, ply: int, depth: int
) -> None:
    """Put the alternatives of a move on ``stack``, to be walked next, in order, from ``before``."""
    lines = [line for line in alternatives if line]
    for index, line in enumerate(reversed(lines)):
        position = before if index == len(lines) - 1 else before.copy()
        stack.append((line, iter(line), position, ply, ply, depth, None, True))


class _Progress(Visitor[int]):
    """How far the main line goes: the ply of its last move (not a null move), and whether it ends."""

    variations = False

    def __init__(self) -> None:
        self.plies = 0
        self.complete = False

    def move(self, step: Step) -> None:
        if step.read is not None:
            self.plies = step.ply

    def end(self, complete: bool) -> None:
        self.complete = complete

    def result(self) -> int:
        return self.plies + (1 if self.complete else 0)


def progress(record: Record, start: Start, letters: Mapping[str, str] | None) -> int:
    """How far the main line of ``record`` goes under ``letters``: its plies, one more if whole."""
    seen = _Progress()
    _replay(record, start, letters, WalkOptions(start, detect=False), seen)
    return seen.result()


_FOREIGN = frozenset("SLDTCAFPHGVWJ")


def detect_language(record: Record, start: Start) -> list[str] | None:
    """The languages of the one letter table under which the main line goes further than in
    English, when at least two of its moves begin with letters English SAN does not use."""
    firsts = [node.text[:1] for node in record.moves]
    if _FOREIGN.isdisjoint(firsts):  # (every record passes here)
        return None
    if sum(first in _FOREIGN for first in firsts) < 2:
        # one move in another language's letter is a slip of an English record (the checker's
        # look-ahead reads it), not a language: read so, its English rook moves would all fail
        return None
    english = progress(record, start, None)
    if english > len(record.moves):  # the whole main line reads in English: no table reads more
        return None
    # the tables ranked by how far the main line goes under each, then by how many of its
    # piece letters each knows: a letter a table lacks is read as English, so Portuguese
    # (B=bishop) and Spanish (A=bishop) read a Portuguese record equally far, and only the
    # count of its B moves, which Spanish does not write, tells them apart. Tables that read
    # every letter the record uses alike (no bishop move: Spanish and Portuguese) are one reading.
    best: tuple[int, int, list[str]] | None = None
    tie = False
    for langs in candidate_tables().values():
        table = letter_map(langs[0])
        if _slips_of_english(firsts, table):
            continue
        reached = (progress(record, start, table), _known(firsts, table))
        if best is None or reached > best[:2]:
            best, tie = (*reached, langs), False
        elif reached == best[:2]:
            if _alike(firsts, table, letter_map(best[2][0])):
                best = (*reached, [*best[2], *langs])
            else:
                tie = True
    if best is None or tie or best[0] <= english:
        return None
    return best[2]


def _alike(firsts: list[str], one: Mapping[str, str], other: Mapping[str, str]) -> bool:
    """Whether two tables read each of the moves' first letters as the same piece."""
    return all(one.get(first) == other.get(first) for first in set(firsts))


def _known(firsts: list[str], table: Mapping[str, str]) -> int:
    """How many of the moves' first letters are piece letters of ``table``."""
    return sum(1 for first in firsts if first in table and table[first] != "P")


def _slips_of_english(firsts: list[str], table: Mapping[str, str]) -> bool:
    """Whether the moves' first letters say English with slips rather than ``table``'s language:
    no more moves begin with its own piece letters (those English does not write) than with
    English piece letters it does not write (Axa6 and Dc7 in a record of Bxa6 and Qc7 are two
    slips: read in Spanish, its English bishop and queen moves would all fail)."""
    theirs = sum(1 for first in firsts if table.get(first, "P") != "P" and first not in "NBRQK")
    ours = sum(1 for first in firsts if first in "NBRQK" and table.get(first, "P") == "P")
    return theirs <= ours
