"""The look-ahead: what was meant at a move that cannot be played, as the moves after it tell.

An arbiter reads a score sheet's slip by reading on: the moves after it were played on the board
the true move left. This module is that reading, for the three games. A game supplies a
:class:`Game` (its board, its moves, and the readings of a move text one slip away: a wrong
letter, a swapped coordinate, an ambiguous text's candidates); :func:`settle` does the rest, the
same way for chess, xiangqi and Go:

* it forms the **hypotheses**: each reading of the text (:data:`SLIP`); each legal move that
  is no reading of it (the text may be garbled beyond recognition); a half-move **left out**
  before it (:data:`MISSING`: a legal move, then the text as written); the text **written
  twice** (:data:`TWICE`: the same text as the move before it, skipped); two moves of one side
  **swapped** (:data:`SWAPPED`: the text and the one two plies later exchanged); a move written
  twice up to :data:`LATE` moves back that the other side could play, and the moves after it;
  two moves swapped around the reply that cannot be played, or up to :data:`LATE` moves back,
  whose moves played as written for a while;
* it replays the moves after the slip under each, on boards of its own (a probe: the walk still
  replays the record once), at first :data:`FIRST_HORIZON` plies, twice as many while two or
  more still play, up to the end of the line (:data:`MAX_PLIES`); a hypothesis that stops at a
  later slip reads past it (:data:`REPAIRS` of them, each as its reading that goes furthest);
* it judges by **evidence** only: how far the moves after it play, then how few things the
  sheet got wrong under it: the later slips it reads past, and the record's check, capture and
  disambiguation marks that disagree with the moves (the game's :meth:`Game.play` counts them).
  How near a reading is to the text is no evidence.

The verdict (:class:`Verdict`): a reading is **assumed** only when the moves after it play
strictly further under it than under every other hypothesis, legal move or structural slip.
When a legal move that is no reading of the text plays further than every reading, the text is
no slip of that kind: "no reading fits the moves after it". That move is assumed where every move
after it plays as written to the end of the line; where they stop, or play on only with a later
slip read past, it is named, and the line ends there. When
readings tie, they are named and none is assumed; the walk goes on under the first only where
the moves after it play to the end under each (nothing later rests on which was meant).

The look-ahead runs at a move that cannot be played only: a clean record pays nothing. Its
cost is bounded by the record's :class:`~kifu.core.effort.Effort` (moves replayed over all its
slips) and :data:`SLIP_EFFORT` for one slip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from kifu.core.effort import Effort, record_effort
from mypy_extensions import mypyc_attr

B = TypeVar("B")  # a game's board
M = TypeVar("M")  # a game's move

#: a reading of the text: the move one slip away from it
SLIP = "slip"
#: a half-move left out before the text: the move in the gap, then the text as written
MISSING = "missing"
#: the text is the move before it written again
TWICE = "twice"
#: the text and the move two plies later (the same side's) exchanged
SWAPPED = "swapped"
#: a legal move that is no reading of the text (the verdict's ``kind`` when no reading fits)
OTHER = "other"
#: the hypotheses that rewrite the sheet's order rather than a move's text
STRUCTURAL_KINDS = (MISSING, TWICE, SWAPPED)

#: plies replayed after each hypothesis at first; twice as many while two or more still play
FIRST_HORIZON = 4
#: a probe replays at most this many plies after the slip (the end of a real game comes first)
MAX_PLIES = 600
#: later slips a hypothesis reads past, each as its reading that goes furthest
REPAIRS = 3
#: moves one slip may replay over all its hypotheses (a record's effort bounds its slips together)
SLIP_EFFORT = 40_000
#: what a later slip's readings cost, in moves replayed (every legal move is written out)
READINGS_COST = 40
#: readings of a later slip that tie, carried on past it together (two: three made a record of a
#: slip at every move, all in lower case, spend its effort before its last slips)
TIED = 2
#: half-moves before the slip a left-out move is looked for (a gap shows only where the other
#: side cannot play the move after it: up to four moves later when both sides could, in WXF)
BACK = 5
#: half-moves before the slip a move written twice, or two moves of one side written in each
#: other's place, are looked for: the other side may play the copy, and both orders of the two
#: may play, and the moves after them too, for several moves (9. O-O O-O shows only at 10...
#: Qxd2, Black playing White's moves; 16... Nxd8 and 17... Rad8 exchanged only at 21... Re8)
LATE = 10
#: the moves a score sheet may write after the game ended (mate, stalemate) that are no
#: evidence against the hypothesis that ended it: the loser's reply written out of habit
AFTER_END = 1
#: plies a reading must let play before it is assumed (fewer when the line ends sooner)
CONFIRM = 2
#: moves after a mate on the sheet up to which a structural slip they fit is only asked
PROVEN = 4
#: the legal moves a message names when the moves after a slip fit several (more are counted)
NAMED = 24
#: a reading at most this far from the text (in the game's half edits) is the move written
#: informally, not a slip: letter case, another language's letter, a capture mark or a
#: disambiguator left out or needless, an ambiguous text's candidates
AS_WRITTEN = 1
#: where a structural hypothesis stands among the readings when a message names them: after
#: the move written informally, with the slips (no evidence: an order to name them in)
STRUCTURAL = 2

#: moves the look-ahead may replay over all the slips of a record: this many, and
#: EFFORT_PER_PLY more for each of its moves (a score sheet's few slips take a fraction; a
#: hostile record of slips, each read past the others, costs at most a bounded multiple of its
#: length)
GAME_EFFORT = 80_000
EFFORT_PER_PLY = 150
#: a record's walk settles at most this many slips (a record of thousands of them is hostile, not
#: a score sheet: past them a move alone is looked at)
MAX_PROBES = 50

#: why a slip's move was not sought in the moves after it
SPENT = "the look-ahead has read all it may for one record"


def game_effort(plies: int) -> Effort:
    """What the look-ahead may replay over all the slips of a record of ``plies`` moves."""
    return record_effort(plies, GAME_EFFORT, EFFORT_PER_PLY)


@dataclass(frozen=True, slots=True)
class Reading(Generic[M]):
    """One hypothesis about the text: its ``kind`` and the moves it plays.

    :data:`SLIP` and :data:`OTHER`: ``(move,)`` in the text's place; :data:`MISSING`: ``(gap,
    written)``, the move left out and the text's own move after it; :data:`TWICE`: ``()``;
    :data:`SWAPPED`: ``(first, between, second)``, the moves played at the text, the move after
    it and the one after that. ``distance``: how far the text is from the reading (half edits;
    the names are ordered by it, nothing else).
    """

    kind: str
    moves: tuple[M, ...]
    distance: int = 0
    #: how many moves before the text the hypothesis starts (a half-move left out before the
    #: move before it, which the other side could play too; two moves swapped of which the
    #: first could be played): its moves replace those moves' and the text's
    back: int = 0


@dataclass(frozen=True, slots=True)
class Verdict(Generic[M]):
    """What the moves after a slip say of it.

    ``readings``: the hypotheses named, best first (the assumed one alone when ``assumed``);
    ``names``: how a message names each (the move, in the record's notation; for a left-out
    half-move, the move in the gap); ``assumed``: the first is proven by the moves after it;
    ``goes_on``: the walk goes on under the first (assumed, or the rest plays to its end
    under each named); ``reason``: why, in an arbiter's words; ``fits``: ``False`` when no
    reading of the text fits the moves after it (``other``: then the legal move under which
    they play, named, when there is exactly one); ``best``: how well the best hypothesis of all
    explains the moves after it (where they stop, then minus the later slips read past and the
    marks that disagree), for a verdict asked again a few moves back to be weighed against.
    """

    readings: tuple[Reading[M], ...]
    names: tuple[str, ...]
    assumed: bool = False
    goes_on: bool = False
    reason: str = ""
    fits: bool = True
    other: str = ""
    best: tuple[int, int] = (0, 0)

    @property
    def kind(self) -> str:
        """The kind of the first reading (:data:`OTHER` when there is none)."""
        return self.readings[0].kind if self.readings else OTHER

    @property
    def strained(self) -> bool:
        """Whether even the best hypothesis needs later moves read as slips, or marks that
        disagree with it: the moves after it fit nothing as written."""
        return self.best[1] < 0

    @property
    def first(self) -> Reading[M] | None:
        """The reading the walk goes on under, if it goes on."""
        return self.readings[0] if self.goes_on and self.readings else None


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Generic[B, M]):
    """A game's side of the look-ahead, for one line of a record: ``count`` moves, addressed by
    index. Every method may be asked about any index below ``count``."""

    count: int = 0

    def copy(self, board: B) -> B:
        """A board of the probe's own."""
        raise NotImplementedError

    def push(self, board: B, move: M) -> None:
        """Play ``move`` (legal on ``board``)."""
        raise NotImplementedError

    def read(self, board: B, index: int) -> M | None:
        """The move the text of move ``index`` names on ``board``, or ``None``."""
        raise NotImplementedError

    def play(self, board: B, index: int) -> int:
        """Play move ``index`` as written: ``-1`` when it cannot be played (``board`` unchanged),
        else how many of its marks disagree with the move (check, capture; 0 if none are kept)."""
        move = self.read(board, index)
        if move is None:
            return -1
        self.push(board, move)
        return 0

    def readings(self, board: B, index: int) -> Sequence[tuple[M, int]]:
        """The legal moves of ``board`` one slip from the text of move ``index``, with their
        distances, nearest first (an ambiguous text's candidates at distance 0)."""
        raise NotImplementedError

    def legal(self, board: B) -> Sequence[M]:
        """Every legal move of ``board`` (in a stable order)."""
        raise NotImplementedError

    def over(self, board: B) -> bool:
        """Whether the game is over on ``board`` (no legal move: mate or stalemate)."""
        return not self.legal(board)

    def marks(self, board: B, index: int, move: M) -> int:
        """How many marks of move ``index``, read as ``move`` on ``board`` (not changed),
        disagree with it."""
        return 0

    def own_marks(self, board: B, index: int, move: M) -> int:
        """How many marks of the text of move ``index`` (its check mark) disagree with ``move``
        played in its place on ``board``."""
        return 0

    def same(self, index: int, other: int) -> bool:
        """Whether moves ``index`` and ``other`` are written alike."""
        return False

    def disagrees(self, board: B, index: int, after: str) -> str:
        """Why the marks of move ``index`` disagree with it in the line after a reading named
        ``after`` (``board`` is the position after the reading's moves)."""
        return f"the marks of {self.label(board, index)} disagree with the moves after {after}"

    def name(self, board: B, move: M) -> str:
        """``move`` (legal on ``board``) as a message names it."""
        raise NotImplementedError

    def label(self, board: B, index: int) -> str:
        """Move ``index`` as a message names it, to be played on ``board`` ("15. Bf1")."""
        raise NotImplementedError

    def numbered(self, board: B, index: int, at: int) -> str:
        """Move ``at`` ("15... Nf6"), numbered from ``board``, the board before move ``index``."""
        return self.label(board, at)

    def stuck(self, board: B, index: int, after: str) -> str:
        """Why move ``index`` cannot be played on ``board``, which a hypothesis named ``after``
        left: "4. Ba4 cannot be played after Nb5" (a game may say more: what it needs)."""
        return f"{self.label(board, index)} cannot be played after {after}"


@dataclass(slots=True)
class _Probe(Generic[B, M]):
    """A hypothesis and how far the moves after the slip play under it."""

    reading: Reading[M]
    board: B
    at: int  # the next move to replay
    named: bool  # a reading of the text or a structural slip (not an OTHER legal move)
    wrong: int = 0  # marks that disagree with the moves
    stuck: bool = False  # it stopped at a move that cannot be played
    over: bool = False  # it ended the game (mate, stalemate): what follows is after the end
    marked: int | None = None  # the first move whose marks disagree with it
    start: int = 0  # the first move replayed after the reading's own
    origin: B | None = None  # the board the reading starts from (the slip's, or one ``back``)
    end: int = 0  # where it stops after reading past later slips
    repairs: int = 0  # the later slips read past

    def __post_init__(self) -> None:
        self.start = self.at

    @property
    def score(self) -> tuple[int, int]:
        """How well the hypothesis explains the moves after it: how far they play, then how few
        things the sheet got wrong under it (later slips read past, marks that disagree)."""
        return (self.end, -(self.repairs + self.wrong))


def settle(
    game: Game[B, M], board: B, index: int, effort: Effort | None = None, behind: Sequence[B] = ()
) -> Verdict[M] | None:
    """What the moves after move ``index`` of ``game`` (which cannot be played on ``board``)
    say it was; ``None`` when there is nothing to read.

    ``behind``: the boards before the moves ``index - 1``, ``index - 2``, … (:data:`LATE` of
    them), as far as the caller can give them (played as written): a half-move left out, or two
    moves swapped, may show only a few moves later, where the other side could play the moves
    after the gap.

    With no legal move on ``board`` (a mate on the sheet), the game goes on only where a structural
    slip moves back lets every later move play as written, marks and all, and over :data:`AFTER_END`
    follow (else ``None``); up to :data:`PROVEN` prove nothing: the slip is only asked (``reason``).

    The moves replayed are taken from ``effort`` (the record's); when it is spent, the nearest
    readings are named, none is assumed, and the reason says why.
    """
    legal = game.legal(board)
    over = not legal
    if over and (not behind or game.count - index <= AFTER_END):
        return None  # (the loser's reply, written out of habit, says nothing of a slip)
    near = list(game.readings(board, index))
    if effort is not None and effort.left <= 0:
        return None if over else _unread(game, board, near)
    budget = Effort(SLIP_EFFORT if effort is None else min(SLIP_EFFORT, effort.left))
    given = budget.left
    probes = _hypotheses(game, board, index, near, legal)
    probes.extend(_behind(game, index, behind))
    probes.extend(_twice_late(game, index, behind))
    probes.extend(_late(game, index, behind))
    if not probes:
        return None
    # the marks of the moves before the slip, as written, weigh on every hypothesis that keeps
    # them (a hypothesis that starts a few moves back reads them anew, in its own position)
    kept = _marks_behind(game, index, behind)
    end = min(game.count, index + 1 + MAX_PLIES)
    for probe in probes:
        if probe.origin is None:
            probe.origin = board
        probe.wrong += sum(kept[probe.reading.back :])
    _grow(game, probes, index + 1, end, budget)
    for probe in probes:  # the one still playing, ahead of all the others: where it stops
        if not probe.stuck and probe.at < end:
            _replay(game, probe, end, budget)
    for probe in probes:
        probe.end = probe.at
    # a reading that stops at a later move reads past it (a later slip of the record, or a
    # wrong reading that a reading of it rescues for a while); so does every other hypothesis
    # that gets as far, which may then tie with it or beat it
    _read_past(game, probes, end, budget)
    if effort is not None:
        effort.left -= given - budget.left
    if budget.left <= 0:
        return None if over else _unread(game, board, near)
    verdict = _verdict(game, board, index, probes, end)
    if over:
        if not verdict.fits or verdict.first is None or verdict.best != (end, 0):
            return None  # (a mate the sheet wrote stands unless the rest of it plays, marks and all)
        if game.count - index <= PROVEN:  # (a few moves: the end as written is as likely)
            return Verdict(verdict.readings, verdict.names, reason=_unless(game, board, index, verdict))
    return verdict


def _unless(game: Game[B, M], board: B, index: int, verdict: Verdict[M]) -> str:
    """``or were 2... Qh4# and 3... a6 written in each other's place? (…)``: the structural slip
    the few moves after a mate or stalemate fit, as the finding of the moves after the end asks it."""
    move_at, reading = mover(game, board, index), verdict.readings[0]
    asked = exchanged((reading,), move_at) or f"was {_said(reading, '', move_at)}"
    return f"or {asked}? (the moves after the end play then)"


def correction(label: str, meant: str, reason: str) -> str:
    """What a fix's comment says of a move it replaced by the reading the look-ahead decided:
    ``3. Nb5 corrected to Bb5: the moves after it fit it furthest (Ng5: 4. Ba4 cannot be played
    after it)``. The reason names the rival readings and where they fail; said alone after the
    correction it would read as the reason for the move kept."""
    because = f" ({reason})" if reason else ""
    return f"{label} corrected to {meant}: the moves after it fit it furthest{because}"


def exchanged(readings: Sequence[Reading[M]], move_at: Callable[[int], str], were: str = "were ") -> str:
    """The swaps among ``readings`` as a "did you mean" asks them: ``were 12... Re8 and 13... Qxb2,
    or 13. d3 and 14. Bxb2, written in each other's place`` ("" if none; ``were=""``: as a list
    says them); ``move_at(back)``: the move ``back`` plies before the slip, numbered as the game does."""
    pairs = ", or ".join(dict.fromkeys(_pair(r, move_at) for r in readings if r.kind == SWAPPED))
    return f"{were}{pairs}{',' if ', or ' in pairs else ''} written in each other's place" if pairs else ""


def _pair(reading: Reading[M], move_at: Callable[[int], str]) -> str:
    """``12... Re8 and 13... Qxb2``: the moves a swap exchanges (``move_at``: as for :func:`exchanged`)."""
    return f"{move_at(reading.back)} and {move_at(reading.back - 2)}"


def alternatives(verdict: Verdict[M], move_at: Callable[[int], str]) -> str:
    """The hypotheses tied with the first of ``verdict`` (a structural slip, not assumed), as its
    finding names them after its own: ``, or 9... Ng4 and 10... e5, or 13. d3 written for f3``
    (``move_at`` as for :func:`exchanged`; the other moves in the first's own gap are its own)."""
    if verdict.assumed or not verdict.readings:
        return ""
    first = verdict.readings[0]
    parts = [
        _said(reading, name, move_at)
        for reading, name in zip(verdict.readings[1:], verdict.names[1:], strict=True)
        if reading.kind != first.kind or reading.back != first.back
    ]
    return "".join(f", or {part}" for part in dict.fromkeys(parts))


def mover(game: Game[B, M], board: B, index: int) -> Callable[[int], str]:
    """The ``move_at`` of :func:`exchanged` for the slip ``index`` on ``board``."""
    return lambda back: game.numbered(board, index, index - back)


def _said(reading: Reading[M], name: str, move_at: Callable[[int], str]) -> str:
    """A hypothesis as a finding names it among others: ``12... Re8 and 13... Qxb2`` (two moves
    exchanged), ``a move left out before 27... d4``, ``26... Rxh6 written twice``, ``13. d3
    written for f3`` (``move_at`` as for :func:`exchanged`)."""
    if reading.kind == SWAPPED:
        return _pair(reading, move_at)
    if reading.kind == MISSING:
        return f"a move left out before {move_at(reading.back)}"
    if reading.kind == TWICE:
        return f"{move_at(reading.back)} written twice"
    return f"{move_at(reading.back)} written for {name}"


def _unread(game: Game[B, M], board: B, near: list[tuple[M, int]]) -> Verdict[M]:
    """The nearest readings, named without reading on (the effort is spent)."""
    nearest = [move for move, distance in near if distance == near[0][1]] if near else []
    names = tuple(game.name(board, move) for move in nearest)
    return Verdict(tuple(Reading(SLIP, (move,)) for move in nearest), names, reason=SPENT)


def _hypotheses(
    game: Game[B, M], board: B, index: int, near: list[tuple[M, int]], legal: Sequence[M]
) -> list[_Probe[B, M]]:
    """Every hypothesis about move ``index``, each on a board of its own, ready to replay."""
    probes: list[_Probe[B, M]] = []
    seen: set[M] = set()
    for move, distance in near:
        if move not in seen:
            seen.add(move)
            probes.append(_probe(game, board, index, Reading(SLIP, (move,), distance), True))
    for move in legal:
        if move not in seen:
            probes.append(_probe(game, board, index, Reading(OTHER, (move,), 99), False))
    for move in legal:  # a half-move left out before the text: the move in the gap, then the text
        after = game.copy(board)
        game.push(after, move)
        read = _read_on(game, after, (index,))
        if read is not None:
            reading = Reading(MISSING, (move, *read[0]), STRUCTURAL)
            probes.append(_Probe(reading, after, index + 1, True, read[1]))
    if index > 0 and game.same(index, index - 1):
        probes.append(_Probe(Reading(TWICE, (), STRUCTURAL), game.copy(board), index + 1, True))
    if index + 2 < game.count:
        probes.extend(_exchanged(game, index, board, 0))
    return probes


def _behind(game: Game[B, M], index: int, behind: Sequence[B]) -> list[_Probe[B, M]]:
    """The hypotheses that start just before the move ``index``: a half-move left out before one
    of the :data:`BACK` moves before it (the moves after the gap read on), moves ``index - 2``
    and ``index`` swapped."""
    probes: list[_Probe[B, M]] = []
    for back in range(1, min(len(behind), index, BACK) + 1):
        origin = behind[back - 1]
        for move in game.legal(origin):
            after = game.copy(origin)
            game.push(after, move)
            read = _read_on(game, after, range(index - back, index + 1))
            if read is not None:
                reading = Reading(MISSING, (move, *read[0]), STRUCTURAL, back)
                probes.append(_Probe(reading, after, index + 1, True, read[1], origin=origin))
    if len(behind) >= 2 and index >= 2:
        probes.extend(_exchanged(game, index, behind[1], 2))
    return probes


def _twice_late(game: Game[B, M], index: int, behind: Sequence[B]) -> list[_Probe[B, M]]:
    """A move written twice up to :data:`LATE` moves before ``index`` that the other side could
    play as written, and the moves after it too, up to ``index``."""
    probes: list[_Probe[B, M]] = []
    for back in range(1, min(len(behind), index - 1, LATE) + 1):
        twice = index - back
        if game.same(twice, twice - 1):
            origin = behind[back - 1]
            after = game.copy(origin)
            read = _read_on(game, after, range(twice + 1, index + 1))
            if read is not None:
                reading = Reading(TWICE, tuple(read[0]), STRUCTURAL, back)
                probes.append(_Probe(reading, after, index + 1, True, read[1], origin=origin))
    return probes


def _late(game: Game[B, M], index: int, behind: Sequence[B]) -> list[_Probe[B, M]]:
    """Two moves of one side swapped around the move ``index`` (the other side's reply between
    them cannot be played after the first: a recapture before the capture), or further back (up
    to :data:`LATE` moves before it), the moves between and after them playable in both orders
    for a while. They often tie with the exchange that ends at the slip (the other side's two
    moves around it), which the moves after them cannot tell apart: the verdict names both."""
    probes: list[_Probe[B, M]] = []
    if behind and index + 1 < game.count:
        probes.extend(_exchanged(game, index, behind[0], 1))
    for back in range(3, min(len(behind), index, LATE) + 1):
        probes.extend(_exchanged(game, index, behind[back - 1], back))
    return probes


def _exchanged(game: Game[B, M], index: int, origin: B, back: int) -> list[_Probe[B, M]]:
    """The hypothesis that the moves ``index - back`` and ``index - back + 2`` were written in
    each other's place (played from ``origin``, the board before the first), when it lets the
    three moves play, and those after them up to ``index``."""
    first = index - back
    after = game.copy(origin)
    read = _read_on(game, after, (first + 2, first + 1, first, *range(first + 3, index + 1)))
    if read is None:
        return []
    reading = Reading(SWAPPED, tuple(read[0]), STRUCTURAL, back)
    return [_Probe(reading, after, max(index + 1, first + 3), True, read[1], origin=origin)]


def _marks_behind(game: Game[B, M], index: int, behind: Sequence[B]) -> list[int]:
    """How many marks of the moves before ``index`` (as far as ``behind`` goes) disagree with
    them as written."""
    kept: list[int] = []
    for back, origin in enumerate(behind[:index], start=1):
        move = game.read(origin, index - back)
        kept.append(0 if move is None else game.marks(origin, index - back, move))
    return kept


def _probe(game: Game[B, M], board: B, index: int, reading: Reading[M], named: bool) -> _Probe[B, M]:
    after = game.copy(board)
    move = reading.moves[0]
    # (a garbled text's marks say nothing of a move that is no reading of it)
    wrong = game.own_marks(after, index, move) if reading.kind == SLIP else 0
    game.push(after, move)
    return _Probe(reading, after, index + 1, named, wrong)


def _read_on(game: Game[B, M], board: B, indices: Sequence[int]) -> tuple[list[M], int] | None:
    """Play the moves ``indices`` as written on ``board`` (changed), in that order: the moves, and
    how many of their marks disagree with them; ``None`` when one cannot be played."""
    moves: list[M] = []
    wrong = 0
    for at in indices:
        move = game.read(board, at)
        if move is None:
            return None
        wrong += game.marks(board, at, move)
        game.push(board, move)
        moves.append(move)
    return moves, wrong


def _grow(game: Game[B, M], probes: list[_Probe[B, M]], start: int, end: int, budget: Effort) -> None:
    """Replay every hypothesis's moves, :data:`FIRST_HORIZON` plies after the slip at first and
    twice as many each round, until at most one still plays or the line ends: then the ones
    that stopped are where they stop for good, and the last one is strictly ahead of them."""
    horizon = FIRST_HORIZON
    while True:
        limit = min(end, start + horizon)
        playing = 0
        for probe in probes:
            if not probe.stuck and probe.at < limit:
                _replay(game, probe, limit, budget)
            playing += not probe.stuck
            if budget.left <= 0:
                return
        if playing <= 1 or limit >= end:
            return
        horizon *= 2


def _replay(game: Game[B, M], probe: _Probe[B, M], limit: int, budget: Effort) -> None:
    """Replay the probe's moves up to ``limit``, or to the first that cannot be played."""
    board = probe.board
    at = probe.at
    if probe.over:  # the game ended: the moves after its end are another finding's
        probe.at = limit
        return
    while at < limit and budget.left > 0:
        budget.left -= 1
        wrong = game.play(board, at)
        if wrong < 0:
            if game.count - at <= AFTER_END and game.over(board):
                probe.over = True
                at = limit
            else:
                probe.stuck = True
            break
        if wrong and probe.marked is None:
            probe.marked = at
        probe.wrong += wrong
        at += 1
    probe.at = at


def _read_past(game: Game[B, M], probes: list[_Probe[B, M]], end: int, budget: Effort) -> None:
    """:func:`_past` for each probe that stops, the text's readings always (their reasons say where
    they stop), the others unless one later slip puts them below a reading the verdict may name."""
    named = max((p.at for p in probes if p.named), default=end)
    stuck = [p for p in probes if p.stuck and (p.named or p.at >= named)]
    furthest = max(p.at for p in probes)
    floor = max((p.score for p in probes if p.named and not _refuted(p, end, furthest)), default=None)
    for probe in sorted(stuck, key=lambda p: (p.reading.kind != SLIP, -p.at)):
        if probe.reading.kind == SLIP or floor is None or (end, -probe.wrong - 1) >= floor:
            _past(game, probe, end, budget)
            if floor is not None and probe.named and not _refuted(probe, end, furthest):
                floor = max(floor, probe.score)


def _past(game: Game[B, M], probe: _Probe[B, M], end: int, budget: Effort) -> None:
    """Read past the later moves where ``probe`` stops, each as its reading under which the rest
    goes furthest, :data:`REPAIRS` of them at most: where it stops then, and how many it read.
    Readings of a later slip that tie are all carried on (up to :data:`TIED`): the first of them
    is no better than the others, and the next slip may tell them apart."""
    boards = [probe.board]
    at = probe.at
    while at < end and probe.repairs < REPAIRS and budget.left > 0:
        best: tuple[int, int] | None = None
        tied: list[B] = []
        for board in boards:
            budget.left -= READINGS_COST
            for move, _ in game.readings(board, at):
                after = game.copy(board)
                game.push(after, move)
                trial = _Probe(Reading(SLIP, (move,)), after, at + 1, True)
                _replay(game, trial, end, budget)
                score = (trial.at, -trial.wrong)
                if best is None or score > best:
                    best, tied = score, [trial.board]
                elif score == best and len(tied) < TIED:
                    tied.append(trial.board)
        if best is None:
            break
        probe.repairs += 1
        probe.wrong -= best[1]
        at, boards = best[0], tied
    probe.end = at


def _verdict(game: Game[B, M], board: B, index: int, probes: list[_Probe[B, M]], end: int) -> Verdict[M]:
    """The verdict of the probes (see the module's doc)."""
    best = max(p.score for p in probes)
    rest = end - index - 1
    # a hypothesis the very next moves refute is not one: a reading the next move cannot be
    # played after, a structural slip (the sheet's order rewritten) the next two
    furthest = max(p.at for p in probes)
    named = [p for p in probes if p.named and not _refuted(p, end, furthest)]
    if not rest:  # nothing to read: the nearest readings of the text, and the hypotheses that
        # start a few moves back (the moves they take in tell for them), are all there is
        slips = [p for p in named if p.reading.kind == SLIP]
        closest = min((p.reading.distance for p in slips), default=0)
        named = [p for p in named if p.reading.back or (p in slips and p.reading.distance == closest)]
    others = [p for p in probes if not p.named]
    leaders = [p for p in others if p.score == best]
    # some other legal move explains the moves after it better than every reading does (further,
    # or as far with fewer slips and marks gone wrong), and the readings stop sooner as written
    # (that it makes a later slip's text legal says nothing of this text)
    ahead = max((p.at for p in leaders), default=end) > max((p.at for p in named), default=-1)
    if not named or (max(p.score for p in named) < best and ahead):
        slipped = [p for p in probes if p.named and p.reading.kind == SLIP]
        nearest = sorted(slipped, key=lambda p: p.reading.distance)[:3]
        why = _failures(game, board, nearest)
        other = _listed([_name(game, board, p) for p in leaders])
        if len(leaders) == 1 and rest:
            leader = leaders[0]
            if not leader.stuck:
                # the text is garbled beyond reading, but the moves after it tell which move it was
                return Verdict(
                    (leader.reading,), (other,), True, True, why, fits=False, other=other, best=best
                )
            # (the moves after it stop too, or play on only with a later slip read past: no proof)
            stop = game.label(leader.board, leader.at)
            other += f", if {stop} is a slip too" if leader.repairs else f" up to {stop}"
        if not rest or best[0] - index - 1 < min(CONFIRM, rest):
            other = ""  # (nothing tells them: every move fits as little)
        readings, names = tuple(p.reading for p in nearest), tuple(_name(game, board, p) for p in nearest)
        return Verdict(readings, names, reason=why, fits=False, other=other, best=best)
    top = max(p.score for p in named)
    # (the walk goes on under the first: of readings that tie, the one whose moves play furthest
    # as written before a later slip is read past, so that a later move the game played legally
    # is not an error under a reading that only ties with the true one)
    winners = sorted((p for p in named if p.score == top), key=lambda p: (-p.at, p.reading.distance))
    # another legal move that lets the moves after it play as far, with fewer later slips or
    # marks that agree better, or as well: the readings are not proven
    rivals = sorted((p for p in others if p.score >= top), key=lambda p: p.score, reverse=True)
    tier = [p for p in named if p.reading.kind == SLIP]
    if any(p.reading.distance <= AS_WRITTEN for p in winners):
        # the text is that move but for its writing (letter case, another language's letter, a
        # left-out capture mark or disambiguator): a reading one slip away is no rival to it
        rivals = [p for p in winners if p.reading.distance > AS_WRITTEN] + rivals
        winners = [p for p in winners if p.reading.distance <= AS_WRITTEN]
        tier = [p for p in tier if p.reading.distance <= AS_WRITTEN]
    reach = winners[0].end - index - 1
    readings = tuple(p.reading for p in winners)
    names = tuple(_name(game, board, p) for p in winners)
    if len(winners) == 1 and not rivals and rest and reach >= min(CONFIRM, rest):
        losers = [p for p in tier if p.score < top]
        why = _failures(game, board, losers, winners[0])
        if not why:  # no other reading of the text: where every other legal move stops
            runner = max(others, key=lambda p: p.score, default=None)
            if runner is not None and runner.stuck and runner.end == runner.at:
                why = game.stuck(runner.board, runner.at, "any other move")
        return Verdict(readings, names, True, True, why, best=best)
    to_end = winners[0].end >= end
    if not rest:
        why = "no later move tells them apart" if len(winners) > 1 else "no later move confirms it"
    elif len(winners) > 1:
        why = "the rest of the game fits each" if to_end else "the rest of the game does not tell them apart"
        if rivals:
            why += f", and also fits {_rivals(game, board, index, winners, rivals)}"
    elif to_end and rivals:
        why = f"the rest of the game fits it, but also fits {_rivals(game, board, index, winners, rivals)}"
    elif to_end:
        why = "the rest of the game fits it, but does not confirm it"
    else:
        why = "the moves after it do not confirm it"
    # the walk goes on under the first, which no hypothesis explains the later moves better
    # than (so that their slips are still found); with no later move, only where the text is
    # that one move informally
    goes_on = bool(rest) or (len(winners) == 1 and winners[0].reading.distance <= AS_WRITTEN)
    return Verdict(readings, names, False, goes_on, why, best=best)


def _rivals(
    game: Game[B, M], board: B, index: int, winners: list[_Probe[B, M]], rivals: list[_Probe[B, M]]
) -> str:
    """The other moves the rest of the game fits as well as ``winners``: all of them after a
    slip (a count past :data:`NAMED`), two and a count after a text that is a move written
    informally (``nf3``: the others are no likelier, but listing them tells an arbiter nothing);
    then the structural slips it fits as well, each said as what it is (``, or 14. b4 and 15.
    dxe5 written in each other's place``: its first move alone would name no hypothesis)."""
    names = [_name(game, board, p) for p in rivals if p.reading.kind not in STRUCTURAL_KINDS]
    if all(p.reading.distance <= AS_WRITTEN for p in winners) and len(names) > 2:
        listed = [f"{names[0]}, {names[1]} and {len(names) - 2} more"]
    else:  # (past NAMED, nearly every move fits: a list would say nothing)
        listed = [f"{len(names)} other moves" if len(names) > NAMED else _listed(names)]
    move_at = mover(game, board, index)
    structural = [p.reading for p in rivals if p.reading.kind in STRUCTURAL_KINDS]
    listed.append(exchanged(structural, move_at, were=""))
    listed.extend(dict.fromkeys(_said(r, "", move_at) for r in structural if r.kind != SWAPPED))
    return ", or ".join(part for part in listed if part)


def _listed(names: list[str]) -> str:
    """``names`` as a message lists them: ``a, b or c``, the first :data:`NAMED` and a count."""
    shown = names[:NAMED] + ([f"{len(names) - NAMED} more"] if len(names) > NAMED else [])
    return ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else "".join(shown)


def _refuted(probe: _Probe[B, M], end: int, furthest: int) -> bool:
    """Whether the moves right after ``probe``'s hypothesis cannot be played under it, though
    they can under another (a next move no hypothesis plays is a slip of its own)."""
    needed = 1 if probe.reading.kind == SLIP else CONFIRM
    return probe.stuck and probe.at < min(probe.start + needed, end) and furthest > probe.at


def _name(game: Game[B, M], board: B, probe: _Probe[B, M]) -> str:
    """How a message names ``probe``'s reading: its move, or the move in the gap (on the board
    it starts from)."""
    reading = probe.reading
    origin = probe.origin if probe.origin is not None else board
    return game.name(origin, reading.moves[0]) if reading.moves else ""


def _failures(
    game: Game[B, M], board: B, losers: list[_Probe[B, M]], winner: _Probe[B, M] | None = None
) -> str:
    """Why the readings ``losers`` fail, grouped by where the moves after them stop ("Rae1 and
    Rhe1: 15... O-O-O cannot be played after them"), the three that go furthest."""
    groups: dict[tuple[int, int], list[_Probe[B, M]]] = {}
    for probe in sorted(losers, key=lambda p: p.score, reverse=True):
        groups.setdefault((probe.at, probe.end), []).append(probe)
    parts: list[str] = []
    for group in list(groups.values())[:3]:
        first = group[0]
        names = [_name(game, board, p) for p in group[:3]]
        if len(group) > 3:
            names.append(f"{len(group) - 3} more")
        joined = " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
        after = "them" if len(group) > 1 else "it"
        if winner is not None and winner.stuck and first.at == winner.at and first.at < game.count:
            # both stop at the same later slip: they part past it
            label = game.label(first.board, first.at)
            if first.end < winner.end:
                parts.append(f"{joined}: past {label}, the moves after {after} stop sooner")
            else:
                parts.append(f"{joined}: past {label}, the marks of the moves after {after} disagree")
        elif first.stuck and first.at < game.count:
            parts.append(f"{joined}: {game.stuck(first.board, first.at, after)}")
        else:
            parts.append(f"{joined}: {_disagreement(game, board, first, after)}")
    return "; ".join(parts)


def _disagreement(game: Game[B, M], board: B, probe: _Probe[B, M], after: str) -> str:
    """Where the marks of the moves after ``probe``'s reading first disagree with them: the line
    replayed again from ``board`` to that move (a reason is worded once a slip, not each replay)."""
    where = probe.marked
    if where is None:
        return f"the marks of the moves after {after} disagree"
    replay = game.copy(probe.origin if probe.origin is not None else board)
    for move in probe.reading.moves:
        game.push(replay, move)
    for index in range(probe.start, where):
        game.play(replay, index)
    return game.disagrees(replay, where, after)
