"""The event model: games between named players, and how names are matched."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from kifu.core.digits import ascii_number

#: results of a game, from the first player's side (White, Red, or Black in Go)
PLAYED = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
#: results of a game not played (CXA 21.4: "+" the side present, "−" the absent one)
FORFEITS = {"+-": (1.0, 0.0), "-+": (0.0, 1.0), "--": (0.0, 0.0)}
BYE = "bye"
#: rounds without an opponent and their points: the pairing-allocated bye (a win's points) and
#: the byes a player asked for, half-point and zero-point (FIDE C.07 16: voluntarily unplayed)
BYES = {BYE: 1.0, "bye-half": 0.5, "bye-zero": 0.0}
UNKNOWN = "*"


@dataclass(frozen=True, slots=True)
class Player:
    """What the records say about a player (all optional but the name)."""

    name: str
    rating: int | None = None
    fide_id: str | None = None
    title: str | None = None
    federation: str | None = None  # FIDE's three-letter code


@dataclass(slots=True)
class Game:
    """One game (or forfeit, or bye) of the event.

    ``first`` moves first (White, Red, Black in Go); ``second`` is ``None`` for a bye.
    ``result`` is a key of :data:`PLAYED`, :data:`FORFEITS` or :data:`BYES`, or :data:`UNKNOWN`.
    """

    round: int | None
    first: str
    second: str | None
    result: str
    board: int | None = None
    source: str | None = None  # the record (path, path:index) or table row it comes from

    @property
    def played(self) -> bool:
        """Whether the game was played over the board."""
        return self.result in PLAYED

    @property
    def forfeit(self) -> bool:
        """Whether the game was decided without play (21.4)."""
        return self.result in FORFEITS

    def points(self) -> tuple[float, float] | None:
        """Game points of first and second (14.1: 1, ½, 0), or ``None`` if nothing counts."""
        return PLAYED.get(self.result) or FORFEITS.get(self.result)


@dataclass(slots=True)
class Event:
    """The games of an event, its players, and what was noticed while reading it."""

    games: list[Game] = field(default_factory=list)
    players: dict[str, Player] = field(default_factory=dict)
    #: player → the round before which they withdrew (``None``: unknown, after their last game)
    withdrawn: dict[str, int | None] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    #: what makes the standings wrong until it is corrected (a result that cannot be read)
    errors: list[str] = field(default_factory=list)
    #: the spellings seen of each name key, for the case/spacing warning
    _spellings: dict[str, dict[str, int | None]] = field(default_factory=dict)
    #: the player register's spellings (and ``--alias``): :func:`loose_key` of a spelling → the
    #: name it is read as (:mod:`kifu.standings.register`)
    aliases: dict[str, str] = field(default_factory=dict)
    #: a registered name → the other spellings read as it, with the rounds each was written in
    read_as: dict[str, dict[str, set[int]]] = field(default_factory=dict)

    def resolve(self, written: str) -> str:
        """The name ``written`` is read as: a registered name, else the name as matched."""
        name = normalise(written)
        return self.aliases.get(loose_key(name), name) if self.aliases else name

    def name(self, written: str, round_: int | None = None) -> str:
        """The name as matched (NFC, whitespace folded), or the registered name its spelling is
        read as; remembers the spelling for warnings."""
        name = normalise(written)
        if self.aliases:
            registered = self.aliases.get(loose_key(name))
            if registered is not None:
                if name != registered:
                    rounds = self.read_as.setdefault(registered, {}).setdefault(name, set())
                    if round_ is not None:
                        rounds.add(round_)
                if registered not in self.players:
                    self.players[registered] = Player(registered)
                return registered
        seen = self._spellings.setdefault(loose_key(name), {})
        seen.setdefault(name, round_)
        if name not in self.players:
            self.players[name] = Player(name)
        return name

    def add_player_info(self, player: Player) -> None:
        """Keep the rating, id, title and federation the records give for a player (first one wins)."""
        known = self.players.get(player.name, Player(player.name))
        self.players[player.name] = Player(
            player.name,
            known.rating if known.rating is not None else player.rating,
            known.fide_id or player.fide_id,
            known.title or player.title,
            known.federation or player.federation,
        )

    def name_warnings(self) -> list[str]:
        """One warning per name written in two ways that differ only in case or spacing."""
        found = []
        for spellings in self._spellings.values():
            if len(spellings) > 1:
                (first, r1), *others = sorted(spellings.items(), key=lambda item: (item[1] or 0, item[0]))
                for other, r2 in others:
                    found.append(
                        f"{first!r}{_in_round(r1)} and {other!r}{_in_round(r2)} differ only in case or "
                        "spacing; they are counted as two players: write one spelling if they are one"
                    )
        return found

    def rounds(self) -> int:
        """The highest round number of the event (0 when none is known)."""
        return max((game.round for game in self.games if game.round is not None), default=0)


def _in_round(round_: int | None) -> str:
    return f" (round {round_})" if round_ else ""


_SPACE = re.compile(r"\s+")


def normalise(name: str) -> str:
    """Unicode NFC, runs of whitespace (any kind, ideographic space too) as one space, stripped."""
    return _SPACE.sub(" ", unicodedata.normalize("NFC", name)).strip()


def loose_key(name: str) -> str:
    """The key under which names differing only in case or spacing meet."""
    return _SPACE.sub("", normalise(name)).casefold()


_ROUND = re.compile(r"[0-9]+")
#: the highest round number: the crosstable has a column for every round up to the last, so a
#: round of ``99999999999999999999`` (a slip of the pen) would ask for that many columns
MAX_ROUND = 999


def parse_round(text: str | None) -> tuple[int | None, int | None]:
    """``(round, board)`` of a round tag: ``5``, ``5.3`` (round 5, board 3), ``Round 2``; ``?`` → none.

    Numbers are ASCII digits; a round above :data:`MAX_ROUND` is none, and so is a board of more
    than nine digits.
    """
    if not text:
        return None, None
    numbers = [ascii_number(n) for n in _ROUND.findall(text)[:2]]
    if not numbers:
        return None, None
    round_ = numbers[0] if numbers[0] is not None and numbers[0] <= MAX_ROUND else None
    return round_, (numbers[1] if len(numbers) > 1 else None)


def place_unnumbered(event: Event) -> None:
    """Give games without a round the first round after the numbered ones free for both players.

    The crosstable needs a column for each; points and tie-breaks do not depend on it.
    """
    busy: dict[str, set[int]] = {}
    for game in event.games:
        if game.round is not None:
            for name in (game.first, game.second):
                if name is not None:
                    busy.setdefault(name, set()).add(game.round)
    column = event.rounds()
    for game in event.games:
        if game.round is not None:
            continue
        names = [name for name in (game.first, game.second) if name is not None]
        round_ = column + 1
        while any(round_ in busy.get(name, set()) for name in names):
            round_ += 1
        game.round = round_
        for name in names:
            busy.setdefault(name, set()).add(round_)
        event.warnings.append(
            f"{game.source or 'a game'}: {game.first} – {game.second or 'bye'} has no round; "
            f"shown as round {round_}"
        )
