"""The xiangqi checker: a visitor of the walk that collects findings, the main line's plies and
the outcome, then judges the record's result against the rules. Every finding about a move
carries the position before it (a FEN, computed only when the finding is made).

Each main-line ply keeps the position key (Zobrist) before and after it, the capture and whether
it gives check, so that :mod:`kifu.xiangqi.repetition` can judge repetitions and the natural limit.
The boards a verdict needs afterwards (the position at a finding, the positions of a repetition's
cycle) are those a positions visitor (:class:`Reached`) keeps in the same walk, never moves taken
back and played again: the record is walked once.

A move that cannot be played is one error; the look-ahead (:mod:`kifu.core.lookahead`, through
:mod:`kifu.xiangqi.lookahead`) reads what was meant from the moves after it: a reading of the
text, or a half-move left out before it (XQ113), the move written twice (XQ114), two moves of
one side swapped (XQ115), worded as chess words them ("Black's 13th move seems to be missing
before 14. 车一平二"). A hypothesis may start a few moves before the move that cannot be played
(the other side could play the moves after a gap as written): the finding is on its first move,
and the moves since, with their findings and plies, are taken back (the walk tells of them again).
Where its verdict lets the walk go on, later errors come in the same
pass; the finding's ``meant`` is set only when the verdict proves the move. A verdict reached
through an assumed move (the outcome, a move after the end, the result
against a mate or a repetition, the natural limit) is provisional: at most a warning saying "if
the intended move was …", with the :class:`~kifu.core.findings.Assumption`; the outcome says so
too (``"assumed": true`` and its ``assumption``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from kifu.core.findings import MAX_PER_CODE, Assumption, Finding, Severity, capped
from kifu.core.game import Options, Snapshots, kept_plies
from kifu.core.lookahead import MISSING, NAMED, SLIP, TWICE, Verdict, alternatives, exchanged
from kifu.core.record import MoveNode, Record, Span
from kifu.core.results import RecordReport
from kifu.core.tagnames import meant
from kifu.core.walk import SKIP, Positions, Tee
from kifu.xiangqi import codes, fixes
from kifu.xiangqi.board import RED, Board, move_name
from kifu.xiangqi.fen import write_fen
from kifu.xiangqi.formats.movetext import normalise_result
from kifu.xiangqi.notation import NotationError, parse_move, write_move
from kifu.xiangqi.repetition import adjudicate
from kifu.xiangqi.source import RecordText
from kifu.xiangqi.walk import (
    BEHIND,
    EARLIER,
    Problem,
    Step,
    WalkOptions,
    XiangqiVisitor,
    walk,
    walk_options,
)

#: the moves a verdict of the look-ahead may take back (the findings on them are retracted)
RECENT = EARLIER[-1] + BEHIND

_PROBLEM_CODES = {
    "no-piece": codes.NO_SUCH_PIECE,
    "marker": codes.BAD_MARKER,
    "no-move": codes.IMPOSSIBLE_DIRECTION,
    "ambiguous": codes.AMBIGUOUS_MOVE,
    "abridged": codes.ABRIDGED_TWO_READINGS,
    "rule": codes.ILLEGAL_MOVE,
    "check": codes.INTO_CHECK,
    "flying-general": codes.FLYING_GENERAL,
}


@dataclass(frozen=True, slots=True)
class Ply:
    """What the rules know about one played move of the main line.

    ``key_before``/``key_after`` are the Zobrist keys of the positions (side to move included);
    ``attacks`` are the squares of enemy pieces the moved piece attacks after the move: the
    facts that repetition verdicts (check, chase) and the natural limit (captures) need.
    """

    number: int
    move: int
    text: str
    key_before: int
    key_after: int
    captured: int
    gives_check: bool
    attacks: tuple[int, ...] = ()


#: a main-line position kept by :class:`Reached`: the board (a copy), its half-move clock and its
#: full-move number
ReachedPosition = tuple[Board, int, int]


@dataclass(slots=True)
class Replayed:
    """What the checker learnt from the walk: the board at the end of the main line, its plies,
    the findings about the moves (variations included), the outcome, whether the main line was
    played to its end, and ``read``: the main line's plies in the record (played or not)."""

    board: Board
    plies: list[Ply] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    complete: bool = True
    read: int = 0
    claims: list[dict[str, Any]] = field(default_factory=list)
    #: the repetition that decides the game (the JSON report's ``repetition``), if one does
    repetition: dict[str, Any] | None = None
    #: the moves assumed on the main line, in order: the verdicts rest on them
    assumptions: list[Assumption] = field(default_factory=list)
    #: the look-ahead's verdicts, by ``id`` of their node
    settled: dict[int, Verdict[int] | None] = field(default_factory=dict)
    #: the main line's position after each ply (0: the start), kept in the same walk
    positions: dict[int, ReachedPosition] = field(default_factory=dict)
    #: what the fixes of the findings need from the walk (when the record's fixes are wanted)
    repairs: list[fixes.Repair] = field(default_factory=list)


class Checker(XiangqiVisitor[Replayed]):
    """The walk's visitor of ``kifu check``: findings about the moves, the main line's plies, and
    the outcome when the side to move at the end has no legal move.

    A move's own finding (a noncanonical reading, a move that cannot be played) follows the
    findings of its variations, as a reader of the record meets them: it waits in ``_pending``
    (one slot per open line) until the line goes on or ends. The main line's positions are kept
    as the walk reaches them (:class:`Reached`), for the verdicts' boards.
    """

    def __init__(self, options: WalkOptions, variations: bool = True, record: Record | None = None) -> None:
        self.variations = variations
        #: the record whose fixes are noted (:mod:`kifu.xiangqi.fixes`), with its moves' style
        self._record = record
        self._style: fixes.Style | None = None
        self.replay: Replayed | None = None
        self.reached = Reached(options)
        self._pending: list[Finding | None] = [None]
        self._numbered: list[bool] = [False]  # a line's wrong move number is reported once
        self._assumed: list[list[Assumption]] = [[]]  # per open line: the assumptions it rests on
        self._last: list[int] = [0]  # per open line: the ply of its last move played
        #: per open line: the findings on its last moves (a look-ahead that starts a few moves
        #: back takes them back, and the walk tells of their moves again)
        self._recent: list[list[list[Finding]]] = [[]]

    def begin(self, start: Board) -> None:
        self.replay = Replayed(start, positions=self.reached.found)
        self.reached.begin(start)

    def move(self, step: Step) -> None:
        replay = self.replay
        assert replay is not None
        if self._pending[-1] is not None:
            self._flush()
        node = step.node
        self._last[-1] = step.ply
        made: list[Finding] = []
        recent = self._recent[-1]
        recent.append(made)
        if len(recent) > RECENT:
            del recent[0]
        if node.move_number is not None and not self._numbered[-1] and not step.assumed:
            numbered = self._number(node, step.ply, step.round, step.red, step.depth, step.fen_before)
            if numbered is not None:
                made.append(numbered)
        if step.noncanonical is not None:
            canonical, why = step.noncanonical
            label = _label(step.depth, step.round, step.red)
            finding = codes.NONCANONICAL(
                f"{label}: {node.text} read as {canonical} ({why})", node.span, ply=step.ply, move=node.text
            )
            finding.position = step.fen_before()
            self._pending[-1] = finding
            made.append(finding)
            if self._record is not None and not why.startswith("abridged"):  # (a convention is no standard)
                written = self.style().write(step.board.previous(), step.move)
                if written is not None and written != node.text:
                    replay.repairs.append(fixes.Repair(finding, fixes.NORMAL, node, (written,)))
        if step.depth == 0:
            self.reached.move(step)
            board = step.board
            attacks = tuple(board.attacks_from(step.move & 127))
            key, captured = step.key_before, step.captured
            replay.plies.append(
                Ply(step.ply, step.move, node.text, key, board.hash, captured, board.in_check(), attacks)
            )

    def begin_variation(self, depth: int) -> None:
        self._pending.append(None)
        self._numbered.append(False)
        # the variation replaces the last move: it rests on the assumptions before that move
        self._assumed.append([a for a in self._assumed[-1] if a.ply < self._last[-1]])
        self._last.append(0)
        self._recent.append([])

    def end_variation(self) -> None:
        self._flush()
        self._pending.pop()
        self._numbered.pop()
        self._assumed.pop()
        self._last.pop()
        self._recent.pop()

    def unplayable(self, problem: Problem) -> None:
        assert self.replay is not None
        self._flush()
        if problem.back:
            self._take_back(problem.back, problem.depth)
        node = problem.node
        verdict = problem.verdict
        going = verdict.first if verdict is not None else None
        if verdict is not None and verdict.fits and verdict.kind in (MISSING, TWICE):
            self._numbered[-1] = True  # the numbering is off by the half-move: understood
        position = write_fen(problem.board, problem.clock, problem.round)
        if node.move_number is not None and not self._numbered[-1]:
            self._number(node, problem.ply, problem.round, problem.red, problem.depth, lambda: position)
        finding = _unplayable(problem)
        finding.position = position
        if verdict is not None and verdict.assumed and problem.assumed is not None and verdict.kind != TWICE:
            # (a move written twice is passed over: no move is played in its stead)
            finding.meant = _as_written(problem.board, problem.assumed, node.text)
        if self._record is not None and verdict is not None and verdict.assumed:
            repaired = fixes.repair(problem, finding, self.style())
            if repaired is not None:
                self.replay.repairs.append(repaired)
        assumed = self._assumed[-1]
        if problem.ended and assumed:
            provisional(finding, assumed)
        self._pending[-1] = finding
        if going is not None:
            self._last[-1] = problem.ply
            # (a half-move left out was never written: the text after it is its own move)
            written = "" if going.kind == MISSING else node.text
            # (a hypothesis that starts moves back: its reasons are of the later move's readings)
            why = "" if problem.back else problem.reason
            assumed.append(Assumption(problem.ply, written, _assumed_name(problem), why))
        if problem.depth == 0:
            self.replay.assumptions = list(assumed)
            if going is not None:
                return
            self.replay.complete = False
            self.replay.read = problem.ply + problem.after
            if problem.ended:  # the game ended before this move: its outcome stands (the moves stay an error)
                self.replay.outcome = _no_legal_move(problem.board, problem.ply - 1, assumed)

    def end(self, complete: bool) -> None:
        replay = self.replay
        assert replay is not None
        self._flush()
        if complete:
            replay.read = len(replay.plies)
            if not replay.board.has_legal_move():
                replay.outcome = _no_legal_move(replay.board, len(replay.plies), replay.assumptions)

    def result(self) -> Replayed:
        assert self.replay is not None
        return self.replay

    def style(self) -> fixes.Style:
        """How the record writes its moves (found when a fix first needs it)."""
        if self._style is None:
            assert self._record is not None
            self._style = fixes.Style.of(self._record, self._form)
        return self._style

    #: the record's format (``pgn``, ``sheet``, ``dhtmlxq``), for its style
    _form = "pgn"

    def _take_back(self, back: int, depth: int) -> None:
        """Forget the last ``back`` moves of the open line (a hypothesis of the look-ahead starts
        before them: the walk tells of them again) and the findings on them."""
        assert self.replay is not None
        recent = self._recent[-1]
        for made in recent[len(recent) - back :]:
            for finding in made:
                if finding.code == codes.MOVE_NUMBER.code:
                    self._numbered[-1] = False
                self.replay.findings[:] = [f for f in self.replay.findings if f is not finding]
        del recent[len(recent) - back :]
        if depth == 0:
            del self.replay.plies[len(self.replay.plies) - back :]

    def _flush(self) -> None:
        finding = self._pending[-1]
        if finding is not None:
            assert self.replay is not None
            self.replay.findings.append(finding)
            self._pending[-1] = None

    def _number(
        self, node: MoveNode, ply: int, round_: int, red: bool, depth: int, position: Callable[[], str]
    ) -> Finding | None:
        """XQN017 when the number written before ``node`` is not the round it is played in (the
        finding, made)."""
        if node.move_number == round_:
            return None
        assert self.replay is not None
        self._numbered[-1] = True
        finding = codes.MOVE_NUMBER(
            f"{'' if depth == 0 else 'variation, '}{_label(0, round_, red)}: {node.text} is numbered "
            f"{node.move_number}, but it is a move of round {round_}",
            node.span,
            ply=ply,
            move=node.text,
        )
        finding.position = position()
        self.replay.findings.append(finding)
        if self._record is not None:
            self.replay.repairs.append(fixes.Repair(finding, fixes.NUMBER, node, (), round_, red, depth))
        return finding


def _no_legal_move(board: Board, ply: int, assumptions: list[Assumption]) -> dict[str, Any]:
    """The outcome when the side to move in ``board`` (after ``ply``) has no legal move: it loses
    (provisional when the line rests on ``assumptions``)."""
    reason = "checkmate" if board.in_check() else "stalemate"
    outcome = {"result": "0-1" if board.side == RED else "1-0", "reason": reason, "ply": ply}
    return provisional_outcome(outcome, assumptions)


def provisional_outcome(outcome: dict[str, Any], assumptions: list[Assumption]) -> dict[str, Any]:
    """``outcome`` marked as resting on the first of ``assumptions`` (if any): ``"assumed": true``
    and its ``assumption``, as on a finding."""
    if assumptions:
        outcome["assumed"] = True
        outcome["assumption"] = assumptions[0].to_dict()
    return outcome


def provisional(finding: Finding, assumptions: list[Assumption]) -> Finding:
    """``finding``, a verdict reached through the ``assumptions``, made provisional: at most a
    warning, saying "if the intended move was …", with the first assumption."""
    finding.severity = min(finding.severity, Severity.WARNING)
    finding.assumption = assumptions[0]
    moves = " and ".join(f"{a.assumed} (ply {a.ply}, {a.source})" for a in assumptions)
    were = "s were" if len(assumptions) > 1 else " was"
    finding.message = f"if the intended move{were} {moves}: {finding.message}"
    return finding


def _as_written(board: Board, move: int, text: str) -> str:
    """``move`` in the notation of the record's ``text`` (Chinese when it cannot be told)."""
    try:
        notation = parse_move(text).notation
    except NotationError:
        ascii_text = text.strip()
        notation = "wxf" if ascii_text[:1].isascii() and ascii_text[:1].isalpha() else "chinese"
    if notation == "abridged":
        notation = "chinese"
    return write_move(board, move, notation)


class Reached(Positions[Board, Step, Problem, ReachedPosition]):
    """The main line's position after every ply, kept by the checker in its walk: the boards of a
    repetition's cycle and the positions of the verdict's findings come from them."""

    def __init__(self, options: WalkOptions) -> None:
        super().__init__()
        self.counters = options.clock, options.fullmove

    def start(self, start: Board) -> ReachedPosition:
        return start.copy(), *self.counters

    def snapshot(self, step: Step) -> ReachedPosition:
        return step.board.copy(), step.clock, step.round + (not step.red)

    def ply(self, step: Step) -> int:
        return step.ply


#: a position kept by :class:`Kept`: the board (a copy), its half-move clock and its full-move number
Snapshot = tuple[Board, int, int]


def _fen(snapshot: Snapshot) -> str:
    return write_fen(*snapshot)


class Kept(XiangqiVisitor[Snapshots[Snapshot]]):
    """Keeps the main line's positions as the walk reaches them, as written: the keeping stops at
    its first move that cannot be played (a check's walk goes on with the move assumed)."""

    variations = False

    def __init__(self) -> None:
        self.snapshots: Snapshots[Snapshot] = Snapshots(_fen)

    def begin(self, start: Board) -> None:
        self.snapshots.start((start.copy(), 0, 1))

    def move(self, step: Step) -> None:
        snapshot = (step.board.copy(), step.clock, step.round + (not step.red))
        self.snapshots.keep(step.ply, snapshot, move_name(step.move), step.node.text)

    def begin_variation(self, depth: int) -> bool | None:
        return SKIP  # (beside a checker, which walks the variations)

    def unplayable(self, problem: Problem) -> None:
        self.snapshots.stop()

    def result(self) -> Snapshots[Snapshot]:
        return self.snapshots


def _label(depth: int, round_: int, red: bool) -> str:
    """``round 12, Black`` (``variation, round 12, Black`` off the main line)."""
    return f"{'' if depth == 0 else 'variation, '}round {round_}, {'Red' if red else 'Black'}"


def _assumed_name(problem: Problem) -> str:
    """The move a verdict after ``problem`` rests on, as an assumption names it: the move played
    in the text's stead (proven), or the readings the rest fits alike (the first three)."""
    verdict = problem.verdict
    board, text = problem.board, problem.node.text
    if verdict is not None and verdict.kind == TWICE:
        return "no move (written twice)"
    if verdict is None or verdict.assumed or problem.assumed is None:
        return _as_written(board, problem.assumed, text) if problem.assumed is not None else ""
    named = [_as_written(board, move, text) for move in problem.candidates[:3]]
    more = len(problem.candidates) - len(named)
    return " or ".join(named) + (f" or {more} more" if more > 0 else "")


def _structural(problem: Problem, verdict: Verdict[int]) -> Finding:
    """The finding of a half-move left out, written twice, or two moves of one side swapped,
    worded as chess words it ("Black's 13th move seems to be missing before 14. 车一平二")."""
    node, board, ply = problem.node, problem.board, problem.ply
    rest = "game" if problem.depth == 0 else "variation"
    prefix = "" if problem.depth == 0 else "variation, "
    round_, red = problem.round, problem.red
    going = verdict.first
    unchecked = f"; the rest of the {rest} ({_plies(problem.after)}) was not checked"
    # (why the line ends under it, said after the hypotheses, as chess says it)
    why = f" ({verdict.reason})" if verdict.reason and not verdict.assumed else ""
    if verdict.kind == MISSING:
        side = "Red" if red else "Black"
        after = _numbered(round_ + (0 if red else 1), not red, node.text)
        message = f"{prefix}{side}'s {_ordinal(round_)} move seems to be missing before {after}"
        message += _alternatives(problem, verdict)
        # the gaps before this move (a gap a move later or earlier is another hypothesis)
        gaps = [
            _numbered(round_, red, name)
            for reading, name in zip(verdict.readings, verdict.names, strict=True)
            if reading.kind == MISSING and reading.moves and reading.back == problem.back - problem.anchor
        ]
        if verdict.assumed:
            message += f"; the rest of the {rest} plays if it was {gaps[0]}"
            message += " (the only legal move that lets it)"
        elif going is not None:
            listed = gaps[:3] + ([f"{len(gaps) - 3} more"] if len(gaps) > 3 else [])
            shown = f"any of {', '.join(listed[:-1])} or {listed[-1]}" if len(listed) > 1 else listed[0]
            message += f"; the rest of the {rest} plays after {shown}, and was checked assuming the first"
        else:
            message += why + unchecked
        return codes.MISSING_MOVE(message, node.span, ply=ply, move=node.text)
    label = prefix + _numbered(round_, red, node.text)
    if verdict.kind == TWICE:
        message = f"{label} is the move before it written again{_alternatives(problem, verdict)}"
        checked = f"; the rest of the {rest} was checked without it"
        message += checked if going is not None else why + unchecked
        return codes.MOVE_TWICE(message, node.span, ply=ply, move=node.text)
    if len(problem.later) > 1:
        written = problem.later[1]
    else:
        written = _as_written(board, verdict.readings[0].moves[0], node.text)
    second = _numbered(round_ + 1, red, written)
    message = f"{label} and {second} seem to be written in each other's place"
    message += _alternatives(problem, verdict)  # (what else the rest fits as well: other pairs, moves)
    message += why
    exchanged = "them" if verdict.assumed or len(verdict.readings) < 2 else f"{label} and {second}"
    message += (
        f"; the rest of the {rest} was checked with {exchanged} exchanged" if going is not None else unchecked
    )
    return codes.MOVES_SWAPPED(message, node.span, ply=ply, move=node.text)


def _at(problem: Problem, at: int) -> str:
    """``13... 马８进７``: the move ``problem.nodes[at]`` as a message names it."""
    half = 2 * problem.round + (not problem.red) + at - problem.index
    return _numbered(half // 2, half % 2 == 0, problem.nodes[at].text)


def _alternatives(problem: Problem, verdict: Verdict[int]) -> str:
    """The hypotheses tied with the first of ``verdict`` (a structural slip), as its finding names
    them after its own (:func:`kifu.core.lookahead.alternatives`)."""
    return alternatives(verdict, lambda back: _at(problem, problem.asked - back))


def _numbered(round_: int, red: bool, text: str) -> str:
    """``14. 车一平二`` (Red's move of round 14) or ``13... 马８进７`` (Black's), as chess writes it."""
    return f"{round_}{'.' if red else '...'} {text}"


def _ordinal(number: int) -> str:
    """``13th``, ``21st``."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _named(board: Board, move: int) -> str:
    """``炮二平五 (h2e2)``: a move of ``board`` as the messages name it."""
    return f"{write_move(board, move)} ({move_name(move)})"


def _plies(count: int) -> str:
    return f"{count} more pl{'y' if count == 1 else 'ies'}"


def _unplayable(problem: Problem) -> Finding:
    """The finding on a move that cannot be played, worded as the arbiter reads it."""
    node, board, ply = problem.node, problem.board, problem.ply
    label = _label(problem.depth, problem.round, problem.red)
    text = node.text
    verdict = problem.verdict
    if verdict is not None and verdict.fits and verdict.kind != SLIP:
        return _structural(problem, verdict)
    if problem.ended:
        reason = "checkmate" if board.in_check() else "stalemate"
        unless = f"; {problem.reason}" if problem.reason else ""  # (the slip the moves after it fit)
        return codes.MOVE_AFTER_END(
            f"{label}: {text} is played after the game ended by {reason} at ply {ply - 1}{unless}",
            node.span,
            ply=ply,
            move=text,
        )
    if problem.error is not None:
        return codes.UNREADABLE_MOVE(
            f"{label}: {problem.error}{_intent(problem)}", node.span, ply=ply, move=text
        )
    resolution = problem.resolution
    assert resolution is not None and resolution.problem is not None
    squares = problem.spec.squares if problem.spec is not None else None
    if squares is not None and board.board[squares[0]]:
        frm, to = squares
        if (board.board[frm] > 0) == (board.side > 0):
            text = f"{text} ({write_move(board, frm << 7 | to)})"
    message = f"{label}: {text}: {resolution.message}"
    if resolution.problem in ("ambiguous", "abridged"):
        readings = " or ".join(f"{write_move(board, m)} ({move_name(m)})" for m in resolution.readings)
        message += f": {readings}"
    elif resolution.readings:
        message += f" ({move_name(resolution.readings[0])})"
    return _PROBLEM_CODES[resolution.problem](message + _intent(problem), node.span, ply=ply, move=node.text)


def _intent(problem: Problem) -> str:
    """ "Did you mean" and what became of the rest of the line."""
    board, rest = problem.board, "game" if problem.depth == 0 else "variation"
    verdict = problem.verdict
    unchecked = f"The rest of the {rest} ({_plies(problem.after)}) was not checked"
    if verdict is not None and not verdict.fits and problem.after:
        # (the last move of a line, with no reading: no move after it to fit, nothing to say)
        text = "; no reading of it fits the moves after it"
        if verdict.reason:
            text += f" ({verdict.reason})"
        if verdict.assumed and verdict.other:  # garbled beyond reading, but the rest tells the move
            text += f"; they play only after {verdict.other}"
            return f"{text}. The rest of the {rest} was checked assuming it"
        if verdict.other:
            text += f"; they play after {verdict.other}"
        return f"{text}. {unchecked}"
    # every reading the moves after it fit alike, as chess names them (a count past NAMED); with
    # no move after it, nothing ranks them: the first three, and a count
    shown = problem.candidates[: NAMED if problem.after else 3]
    named = " or ".join(_named(board, m) for m in shown)
    if len(problem.candidates) > len(shown):
        named += f" (or {len(problem.candidates) - len(shown)} more)"
    if verdict is not None and verdict.kind == SLIP:
        named += _structural_readings(problem, verdict, bool(named))
    why = f" ({problem.reason})" if problem.reason else ""
    going = verdict.first if verdict is not None else None
    if going is not None and named:
        if verdict is not None and verdict.assumed:
            return f"; did you mean {named}? The rest of the {rest} was checked assuming it{why}"
        each = "under each" if len(problem.candidates) > 1 else "with it"
        return f"; did you mean {named}? The rest of the {rest} was checked {each}{why}"
    if not problem.after:
        return f"; did you mean {named}?{why}" if named else ""
    if named and problem.reason:
        return f"; did you mean {named}? {unchecked}: {problem.reason}"
    if named:
        return f"; did you mean {named}? {unchecked}"
    return f"; {unchecked[0].lower()}{unchecked[1:]}"


def _structural_readings(problem: Problem, verdict: Verdict[int], more: bool) -> str:
    """The structural slips tied with the readings of a text, as "did you mean" ends them
    (``, or is a move missing before it``)."""
    parts: list[str] = []
    side = "Red" if problem.red else "Black"
    earlier = problem.earlier
    swapped = exchanged(
        [r for r in verdict.readings if r.moves], lambda back: _at(problem, problem.asked - back)
    )
    if swapped:
        parts.append(swapped)
    for reading in verdict.readings:
        if reading.kind == MISSING:
            if reading.back and len(earlier) >= reading.back:
                before = earlier[-reading.back]
                mover = side if reading.back == 2 else ("Black" if problem.red else "Red")
                round_ = problem.round - (1 if reading.back == 2 or problem.red else 0)
                part = f"is a move missing before round {round_}, {mover} {before}"
            else:
                part = "is a move missing before it"
            if part not in parts:
                parts.append(part)
        elif reading.kind == TWICE:
            copy = _at(problem, problem.asked - reading.back) if reading.back else "it"
            parts.append(f"is {copy} the move before it written again")
    if not parts:
        return ""
    return (", or " if more else "") + " or ".join(parts)


def replay(
    record: Record,
    settings: dict[str, Any] | None = None,
    kept: Kept | None = None,
    text: RecordText | None = None,
) -> Replayed | Finding:
    """Walk ``record`` once with a :class:`Checker` (and ``kept``, a visitor that keeps the walk's
    positions beside it); a finding if there is no start position. With the record's ``text``,
    the checker notes what its findings' fixes need."""
    options = walk_options(record, settings or {}, assume=True)  # every error in one pass
    if isinstance(options, Finding):
        return options
    checker = Checker(options, record=record if text is not None else None)
    if text is not None:
        checker._form = text.form
    if kept is not None:
        walk(record, options, Tee(checker, kept))
    else:
        walk(record, options, checker)
    replayed = checker.result()
    replayed.settled = options.settled
    return replayed


def check_record(
    record: Record, findings: list[Finding], options: Options, text: RecordText | None = None
) -> RecordReport:
    """Walk one record with a :class:`Checker` and compare its result with the rules; the
    findings in the order of the text, by line and column (those without a place first, in the
    order they were found), as chess reports them. With the record's ``text`` (a text format's),
    each finding kifu can repair carries its fix."""
    kept = Kept() if options.boards else None
    report = _checked(record, findings, options, kept, text)
    report.findings.sort(key=lambda f: (f.span.line, f.span.column) if f.span else (0, 0))
    if len(report.findings) > MAX_PER_CODE:
        report.findings = capped(report.findings)
    if kept is not None:
        report.positions = kept.snapshots.positions(kept_plies(report, options.boards))
    return report


def _checked(
    record: Record, findings: list[Finding], options: Options, kept: Kept | None, text: RecordText | None
) -> RecordReport:
    report = RecordReport(index=record.index, line=record.line, tags=record.tags, findings=list(findings))
    report.findings.extend(mixed_up_tags(record))
    declared, result_findings = declared_result(record)
    report.findings.extend(result_findings)
    report.declared_result = declared
    if findings and any(f.code == codes.BAD_FEN.code for f in findings):
        fixes.attach(report.findings, record, text, [], None, options)
        return report
    result = replay(record, dict(options.settings), kept, text)
    if isinstance(result, Finding):
        report.findings.append(result)
        return report
    report.findings.extend(result.findings)
    # like chess, plies counts every ply of a game that ended before its last moves
    report.plies = result.read if result.outcome is not None else len(result.plies)
    verdict_findings = verdict(record, result, declared, options)
    for finding in verdict_findings:  # the position before each of their plies
        if finding.ply and finding.position is None and finding.ply <= len(result.plies):
            finding.position = write_fen(*result.positions[finding.ply - 1])
    report.outcome = result.outcome
    report.claims = result.claims
    report.repetition = result.repetition
    # (a record without moves has no verdict on repetitions: its NO_MOVES comes first)
    if not record.moves and not any(f.severity >= codes.NO_MOVES.severity for f in report.findings):
        report.findings.append(codes.NO_MOVES("the record has no moves", Span.point(record.line, 1)))
    report.findings.extend(verdict_findings)
    fixes.attach(report.findings, record, text, result.repairs, result.outcome, options)
    return report


#: the tags of XQBase PGN a slip of the name is reported for (XQN018), and the chess tags
#: written for them
XQBASE_TAGS = ("Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "FEN", "Format")
CHESS_TAGS = {"White": "Red", "WhiteTeam": "RedTeam", "WhiteElo": "RedElo"}


def mixed_up_tags(record: Record) -> list[Finding]:
    """XQN018 for each tag written for an XQBase tag the record lacks (``White`` for ``Red``)."""
    findings: list[Finding] = []
    for name in record.tags:
        target = meant(name, record.tags, XQBASE_TAGS, CHESS_TAGS)
        if target is not None:
            findings.append(
                codes.MIXED_UP_TAG(f"tag [{name}]: did you mean [{target}]?", record.tag_spans.get(name))
            )
    return findings


def verdict(record: Record, result: Replayed, declared: str | None, options: Options) -> list[Finding]:
    """What the rules say of the walked main line against the ``declared`` result.

    Sets ``result.outcome`` when a repetition or the natural limit decides the game; the
    findings explain the decision and any contradiction with the record's result.
    """
    findings: list[Finding] = []
    if result.complete and result.outcome is None:
        settings = dict(options.settings)
        kept = result.positions

        def boards(plies: Collection[int]) -> dict[int, Board]:
            return {ply: kept[ply][0] for ply in plies if ply in kept}

        result.outcome, findings, result.claims, result.repetition = adjudicate(
            record, result, declared, options.rules, settings, boards
        )
        if result.outcome is not None:
            provisional_outcome(result.outcome, result.assumptions)
    if result.complete or result.outcome is not None:
        _check_result(record, result, declared, findings)
    if result.assumptions:  # every verdict here rests on the moves assumed on the main line
        for finding in findings:
            provisional(finding, result.assumptions)
    return findings


def declared_result(record: Record) -> tuple[str | None, list[Finding]]:
    """The result the record states (its Result tag, else its result marker), and what is wrong
    with them (a tag that is no result, a tag and a marker that differ)."""
    findings: list[Finding] = []
    tag = record.tags.get("Result")
    tag_result = None
    if tag is not None and tag.strip():
        tag_result = normalise_result(tag.strip())
        if tag_result is None:
            findings.append(
                codes.BAD_RESULT(
                    f"Result tag {tag!r} is not 1-0, 0-1, 1/2-1/2 or *", record.tag_spans.get("Result")
                )
            )
    marker = record.result
    if tag_result and marker and tag_result != marker and "*" not in (tag_result, marker):
        findings.append(
            codes.RESULT_MARKERS_DIFFER(
                f"Result tag says {tag_result}, the moves end with {marker}", record.result_span
            )
        )
    return tag_result or marker, findings


def _check_result(record: Record, result: Replayed, declared: str | None, findings: list[Finding]) -> None:
    outcome = result.outcome
    if outcome is None or outcome["reason"] not in ("checkmate", "stalemate"):
        return
    loser = "Red" if outcome["result"] == "0-1" else "Black"
    why = f"{loser} has no legal move after ply {outcome['ply']} ({outcome['reason']}, a loss in xiangqi)"
    span = record.result_span or record.tag_spans.get("Result")
    if declared in (None, "*"):
        findings.append(
            codes.UNFINISHED_BUT_ENDED(
                f"result {declared or 'missing'}, but {why}: it should be {outcome['result']}", span
            )
        )
    elif declared != outcome["result"]:
        findings.append(
            codes.RESULT_CONTRADICTS(f"result {declared}, but {why}: it should be {outcome['result']}", span)
        )
