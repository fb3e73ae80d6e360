"""The FIDE Laws on the main line: how the game ended, and which draws could be claimed.

:class:`MainLine` is told of each position the main line reaches and keeps repetition counts
and move counters incrementally, so that automatic draws (fivefold, 75 moves), dead positions
and the first ply at which a draw could be claimed (FIDE 9.2 and 9.3, including the claim made
by writing down the intended move) are known without replaying anything twice.

The Laws changed: the automatic draws of 9.6 apply to competitions that start on or after 1 July
2014, and until the 2018 text a fivefold repetition ended the game only "for at least five
consecutive alternate moves by each player". :class:`Laws` is an edition as far as kifu's
verdicts differ by it; :func:`laws_for` chooses it from ``--rules`` or the record's dates.
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING

from kifu.chess.position import Position, Start, board_key

if TYPE_CHECKING:
    import chess


@dataclass(frozen=True, slots=True)
class Laws:
    """An edition of the FIDE Laws, as far as kifu's verdicts differ by it: in force for the
    competitions that start on or after ``since``; ``automatic``: fivefold repetition and 75
    moves end the game (9.6); ``consecutive``: only a repetition "for at least five consecutive
    alternate moves by each player" does (the 2014 text)."""

    name: str
    since: date
    automatic: bool
    consecutive: bool

    def title(self) -> str:
        """``the FIDE Laws of 1 July 2014 or later``, for messages."""
        if self.since == date.min:
            return f"the FIDE Laws before {day(EDITIONS[1].since)}"
        return f"the FIDE Laws of {day(self.since)} or later"


def day(when: date) -> str:
    """``1 July 2014``."""
    return f"{when.day} {_MONTHS[when.month - 1]} {when.year}"


_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
#: the editions whose verdicts differ, oldest first (the presets name them; ``fide`` chooses by date)
EDITIONS = (
    # 9.2 and 9.3 are claims, and nothing more ends a game than mate, stalemate, a dead position
    Laws("fide-2009", date.min, automatic=False, consecutive=False),
    Laws("fide-2014", date(2014, 7, 1), automatic=True, consecutive=True),
    # (the 2017 text already may have dropped "consecutive": 2018 is the date that is certain)
    Laws("fide-2018", date(2018, 1, 1), automatic=True, consecutive=False),
)
EDITION = {laws.name: laws for laws in EDITIONS}
#: the Laws in force today
CURRENT = EDITIONS[-1]


def in_force(when: date) -> Laws:
    """The edition in force for a competition that started on ``when``."""
    return next(laws for laws in reversed(EDITIONS) if laws.since <= when)


@dataclass(frozen=True, slots=True)
class Applied:
    """The Laws a game is judged by: ``laws``, those in force at the latest date its tags allow
    (today's when they tell nothing); ``first``: the earliest date its competition can have
    started (``None``: unknown); ``stated``: ``--rules`` named the edition, so no verdict rests
    on a date; ``said``: the evidence, for messages (``Date 1937.??.??``, ``Date unknown``)."""

    laws: Laws
    first: date | None
    stated: bool
    said: str

    def assumed(self, ending: Ending) -> Laws | None:
        """The edition that a verdict on ``ending`` assumes in force, when the record's dates do
        not prove it (``None``: the verdict holds under every edition the dates allow)."""
        edition = ending.edition
        if edition is None or self.stated or (self.first is not None and self.first >= edition.since):
            return None
        return edition


def laws_for(rules: str | None, tags: Mapping[str, str]) -> Applied:
    """The Laws a game is judged by: the edition ``rules`` names, else (``fide``, or no chess
    preset) the one in force when its competition started, as ``EventDate`` and ``Date`` (or
    ``UTCDate``) tell: the Laws apply to competitions that start on or after their date."""
    named = EDITION.get(rules or "")
    if named is not None:
        return Applied(named, named.since, True, f"--rules {named.name}")
    game = _first_known(tags, ("Date", "UTCDate"))
    event = _first_known(tags, ("EventDate",))
    if game is not None and event is not None:
        if event[1][0] <= game[1][1]:  # the event started by the day of the game, as it should
            said, first, last = event[0], event[1][0], min(event[1][1], game[1][1])
        else:  # the tags contradict each other: either may be right
            said = f"{game[0]}, {event[0]}"
            first, last = min(game[1][0], event[1][0]), max(game[1][1], event[1][1])
        return Applied(in_force(last), first, False, said)
    known = game or event
    if known is None:
        return Applied(CURRENT, None, False, "Date unknown")
    said, (first, last) = known
    return Applied(in_force(last), first, False, said)


def _first_known(tags: Mapping[str, str], names: tuple[str, ...]) -> tuple[str, tuple[date, date]] | None:
    """``("Date 1937.??.??", (first, last))`` of the first of ``names`` that tells a year."""
    for name in names:
        value = tags.get(name)
        if value is not None:
            span = date_span(value)
            if span is not None:
                return f"{name} {value.strip()}", span
    return None


_DATE_FORM = re.compile(r"([0-9?]{4})(?:[./-]([0-9?]{1,2})(?:[./-]([0-9?]{1,2}))?)?")
#: a year before this is a placeholder (``0000.00.00``), not a date
_FIRST_YEAR = 1000


def date_span(text: str) -> tuple[date, date] | None:
    """The first and last day a PGN date (``1937.??.??``, ``2014.0?.??``) can mean; ``None``
    when it tells no year. An impossible month or day (``2015.13.45``) reads as unknown; the
    forms ``2015-07-01``, ``2015/7/1`` and a year alone are read too (PGN009 reports them)."""
    return _span(text.strip()) if len(text) <= 32 else None


@lru_cache(maxsize=512)  # (an archive repeats its dates)
def _span(text: str) -> tuple[date, date] | None:
    found = _DATE_FORM.fullmatch(text)
    if found is None:
        return None
    year, month, of_month = found.group(1), found.group(2) or "??", found.group(3) or "??"
    last_year = int(year.replace("?", "9"))
    if year == "????" or last_year < _FIRST_YEAR:
        return None
    first_year = max(int(year.replace("?", "0")), 1)
    return _day_of(first_year, month, of_month, first=True), _day_of(last_year, month, of_month, first=False)


def _matching(pattern: str, values: range) -> list[int]:
    """The values of ``values`` that the two-character ``pattern`` (``?`` any digit) can mean."""
    pattern = pattern.rjust(2, "0") if "?" not in pattern else pattern.rjust(2, "?")
    found = [
        value
        for value in values
        if all(p in ("?", digit) for p, digit in zip(pattern, f"{value:02d}", strict=True))
    ]
    return found or list(values)  # (an impossible month or day tells nothing)


def _day_of(year: int, month: str, of_month: str, *, first: bool) -> date:
    """The first (or last) real day of ``year`` that ``month`` and ``of_month`` can mean."""
    months = _matching(month, range(1, 13))
    days = _matching(of_month, range(1, 32))
    order = months if first else months[::-1]
    for number in order:
        fitting = [d for d in days if d <= monthrange(year, number)[1]]
        if fitting:
            return date(year, number, fitting[0] if first else fitting[-1])
    # (no such day in any month it can mean, 2015.02.30: the day tells nothing)
    number = order[0]
    return date(year, number, 1 if first else monthrange(year, number)[1])


@dataclass(slots=True)
class Ending:
    """How the rules ended the game: ``reason``, the ``result`` they give, at ``ply``;
    ``edition``: the first edition of the Laws that ends a game so (``None``: every one does)."""

    reason: str
    result: str
    ply: int
    edition: Laws | None = None


@dataclass(slots=True)
class Claim:
    """A draw claim: when it first became available, and whether it holds at the end."""

    reason: str
    ply: int
    reached_ply: int | None
    valid: bool


#: what makes two positions the same for FIDE 9.2 (:func:`~kifu.chess.position.board_key`)
PositionKey = bytes


class MainLine:
    """Incremental bookkeeping of the main line: repetitions, counters, claims, the end."""

    def __init__(self, start: Start, laws: Laws = CURRENT) -> None:
        first = start.key() if isinstance(start, Position) else board_key(start)
        self.automatic = laws.automatic
        self.consecutive = laws.consecutive
        self.counts: dict[PositionKey, int] = {first: 1}
        # the positions since the last irreversible move, in order (is a repetition consecutive?)
        self.history: list[PositionKey] = [first]
        self.twice: list[PositionKey] = []  # positions seen twice since the last irreversible move
        self.ending: Ending | None = None
        self.threefold_ply: int | None = None  # first ply with a valid threefold claim
        self.threefold_reached: int | None = None
        self.fifty_ply: int | None = None
        self.fifty_reached: int | None = None

    def after_move(
        self, position: Position, ply: int, zeroing: bool, mate: bool, key: PositionKey | None
    ) -> None:
        """Account for ``position``, reached by the move of ``ply`` (the hot path: keep it lean).

        ``key`` is the position's key when the walk computed it already.
        """
        if zeroing:
            self.counts.clear()
            self.twice.clear()
            self.history.clear()
            if position.no_heavy_pieces() and position.board().is_insufficient_material():
                self._end("insufficient-material", "1/2-1/2", ply)
        if key is None:
            key = position.key()
        self.history.append(key)
        count = self.counts.get(key, 0) + 1
        self.counts[key] = count
        if mate:
            self._end("checkmate", "0-1" if position.turn == 0 else "1-0", ply)
            return
        if count >= 2:
            self._repeated(key, count, ply)
        if self.ending is not None:
            return  # the game is over: nothing is left to claim
        clock = position.halfmove
        if clock >= 99:
            self._long_quiet(position.board(), clock, ply)
        if self.twice and self.threefold_ply is None and position.repeats_by_move(self.twice):
            self.threefold_ply = ply

    def _repeated(self, key: PositionKey, count: int, ply: int) -> None:
        if count == 2:
            self.twice.append(key)
        elif count >= 3 and self.threefold_reached is None:
            self.threefold_reached = ply
            self.threefold_ply = self.threefold_ply or ply
        if count >= 5 and self.automatic:
            cycle = self._cycle(key)
            if cycle or not self.consecutive:
                self._end("fivefold-repetition", "1/2-1/2", ply, EDITIONS[1] if cycle else EDITIONS[2])

    def _cycle(self, key: PositionKey) -> bool:
        """Whether ``key``, just reached, appeared for five consecutive alternate moves by each
        player (the 2014 text of 9.6 a): its last five occurrences four plies apart."""
        history = self.history
        return len(history) >= 17 and all(history[-1 - 4 * back] == key for back in range(1, 5))

    def forget(self) -> None:
        """A null move on the main line: no position before it counts for a repetition."""
        self.counts.clear()
        self.history.clear()

    def _long_quiet(self, board: chess.Board, clock: int, ply: int) -> None:
        if clock >= 100 and self.fifty_reached is None:
            self.fifty_reached = ply
            self.fifty_ply = self.fifty_ply or ply
        if clock >= 150 and self.automatic:
            self._end("seventyfive-moves", "1/2-1/2", ply, EDITIONS[1])
        if self.fifty_ply is None and clock == 99 and self._fifty_by_move(board):
            self.fifty_ply = ply

    def end_without_moves(self, board: chess.Board, ply: int) -> None:
        """The side to move on ``board`` has no legal move after ``ply``: checkmate or stalemate."""
        if board.is_check():
            self._end("checkmate", "0-1" if board.turn else "1-0", ply)  # (python-chess's WHITE is True)
        else:
            self._end("stalemate", "1/2-1/2", ply)

    def reopen(self, ply: int) -> None:
        """The moves from ``ply`` on are read otherwise (a slip found late): an end they reached
        as written is no end."""
        if self.ending is not None and self.ending.ply >= ply:
            self.ending = None

    def _end(self, reason: str, result: str, ply: int, edition: Laws | None = None) -> None:
        if self.ending is None:
            self.ending = Ending(reason, result, ply, edition)

    @staticmethod
    def _fifty_by_move(board: chess.Board) -> bool:
        """FIDE 9.3.1: the player to move writes a move that completes the fifty moves."""
        return any(not board.is_zeroing(move) for move in board.generate_legal_moves())

    def claims_at_end(self, position: Position) -> list[Claim]:
        """The claims available at some ply, and whether each holds in the final ``position``."""
        claims = []
        if self.threefold_ply is not None:
            here = self.counts.get(position.key(), 0) >= 3 or (
                bool(self.twice) and position.repeats_by_move(self.twice)
            )
            claims.append(Claim("threefold-repetition", self.threefold_ply, self.threefold_reached, here))
        if self.fifty_ply is not None:
            board = position.board()
            clock = board.halfmove_clock
            here = clock >= 100 or (clock == 99 and self._fifty_by_move(board))
            claims.append(Claim("fifty-moves", self.fifty_ply, self.fifty_reached, here))
        return claims


def describe_ending(ending: Ending) -> str:
    """``checkmate at ply 83`` — for messages."""
    return {
        "checkmate": "checkmate",
        "stalemate": "stalemate",
        "insufficient-material": "a dead position (neither side can mate)",
        "fivefold-repetition": "fivefold repetition",
        "seventyfive-moves": "the 75-move rule",
    }[ending.reason] + f" at ply {ending.ply}"


def ending_rule(ending: Ending) -> str:
    """The article of the FIDE Laws under which the game ended."""
    return {
        "checkmate": "FIDE Laws of Chess 5.1.1",
        "stalemate": "FIDE Laws of Chess 5.2.1",
        "insufficient-material": "FIDE Laws of Chess 5.2.2",
        "fivefold-repetition": "FIDE Laws of Chess 9.6.1",
        "seventyfive-moves": "FIDE Laws of Chess 9.6.2",
    }[ending.reason]
