"""From an event's games to each competitor's results: game points, forfeits, withdrawals, teams.

The rules applied, as issue 17 states them (the CXA competition rules, numbered as there):

* 14.1: a game gives 1 to the winner, ½ to each player of a draw, 0 to the loser (FIDE and Go
  events count the same).
* 14.2: a team match gives 2 match points to the team with more board points, 1 to each when
  they are equal, 0 to the other.
* 21.4: a forfeit is written "+" for the player present and "−" for the absent one, and counts
  1/0 for an individual (both absent, ``--``: a loss for each, 0 points, no game, so it adds
  nothing to anyone's small score); for a team it is a lost board, so a match forfeited on every board
  gives the team present 2 match points by 14.2.
* 20.3 (text as published by the CXA, chinachess.sport.org.cn 2007-07-13, quoted on
  ggchess.game.topzj.com/archiver/tid-16594.html): "在循环制比赛中，如有棋手(队)中途退出，处理办法
  如下：凡已赛对手不足半数者，则所有已赛结果一概注销；如达到或超过半数以上，则其成绩有效，其余未赛对局
  均作弃权，对方获胜" — in a round robin, a player (team) who withdrew having met fewer than half
  of the opponents has every result cancelled; having met half or more, the results stand and
  every game not played counts as a forfeit won by the opponent.

A bye (a round without opponent, Swiss events with an odd number of players) scores a win's
points, as the CXA's later text does ("凡轮空者的成绩按胜局计分") and as FIDE's
pairing-allocated bye usually does; a half-point or zero-point bye (asked for by the player)
scores ½ or 0. A bye is not a game: under the CXA presets it adds nothing to the opponents'
tie-breaks (FIDE's article 16 counts it, see :mod:`.fide`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from kifu.standings.event import BYE, BYES, Event, Game, place_unnumbered

WIN, DRAW, LOSS = "win", "draw", "loss"
INDIVIDUAL_POINTS = 1.0  # 14.1: a win
MATCH_POINTS = (2.0, 1.0, 0.0)  # 14.2: win, draw, loss


@dataclass(slots=True)
class Result:
    """A competitor's result in one round."""

    round: int
    opponent: str | None  # None: a bye
    colour: str | None  # "1": moved first (White, Red, Black in Go); "2": second; None: team, bye
    score: float  # what counts for the standings: game points, or a team's match points
    against: float  # the opponent's score in that round
    board_points: float  # game points; for a team the sum over its boards
    outcome: str  # win, draw, loss, or bye
    forfeit: bool = False
    sources: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Competitor:
    """A player or a team, with its results round by round."""

    name: str
    results: list[Result] = field(default_factory=list)
    withdrawn: bool = False
    members: list[str] = field(default_factory=list)  # a team's players in board order
    rating: int | None = None
    fide_id: str | None = None
    title: str | None = None
    #: (number of results, their points): every opponent's tie-breaks ask for the points, and
    #: a round robin's player has as many opponents as the event has players
    _points: tuple[int, float] = field(default=(-1, 0.0), init=False, repr=False, compare=False)

    @property
    def points(self) -> float:
        """Points (game points, or match points for a team)."""
        counted, total = self._points
        if counted != len(self.results):  # results were added since they were counted
            total = sum(result.score for result in self.results)
            self._points = (len(self.results), total)
        return total

    def games(self) -> list[Result]:
        """The results against an opponent (played or forfeited), byes left out."""
        return [result for result in self.results if result.opponent is not None]


def _outcome(mine: float, theirs: float) -> str:
    return WIN if mine > theirs else DRAW if mine == theirs else LOSS


def apply_withdrawals(event: Event, round_robin: bool) -> list[str]:
    """CXA 20.3 for a round robin: cancel or complete the games of the players who withdrew.

    Returns the names whose results were cancelled (they are left out of the standings).
    """
    if not round_robin:
        return []
    cancelled: list[str] = []
    everyone = set(event.players)
    index = _GamesOf(event.games)
    for name, before in event.withdrawn.items():
        mine = [g for g in index.games(name) if g.points() is not None]
        met = {g.second if g.first == name else g.first for g in mine} - {None}
        opponents = everyone - {name}
        if 2 * len(met) < len(opponents):
            index.cancel(name)
            cancelled.append(name)
            event.warnings.append(
                f"{name} withdrew{_before(before)} having met {len(met)} of {len(opponents)} opponents, "
                "fewer than half: every result of theirs is cancelled (CXA 20.3)"
            )
            continue
        missing = sorted(opponents - met - set(cancelled))
        last = max((g.round or 0 for g in mine), default=0)
        rounds = index.rounds()
        busy = index.busy(name)
        for opponent in missing:
            # the first round from there on, among the event's, where neither of them played
            taken = busy | index.busy(opponent)
            start = before or last + 1
            round_ = next((r for r in range(start, rounds + 1) if r not in taken), None)
            index.add(Game(round_, opponent, name, "+-", source="CXA 20.3"))
            busy.add(round_)
        event.warnings.append(
            f"{name} withdrew{_before(before)} having met {len(met)} of {len(opponents)} opponents, "
            f"half or more: the results stand and the {len(missing)} game(s) not played are "
            "forfeits won by the opponents (CXA 20.3)"
        )
    event.games = index.kept()
    for name in cancelled:
        event.players.pop(name, None)
    place_unnumbered(event)
    return cancelled


class _GamesOf:
    """The event's games by player, as withdrawals cancel and add some (CXA 20.3).

    Each withdrawal looks at its player's games and their opponents' only, never the whole
    event again: a round robin of n players has n²/2 games.
    """

    def __init__(self, games: list[Game]) -> None:
        self._games = list(games)
        self._of: dict[str, list[Game]] = {}
        self._rounds: Counter[int | None] = Counter()
        self._cancelled: set[str] = set()
        for game in games:
            self._index(game)

    def _index(self, game: Game) -> None:
        for name in {game.first, game.second} - {None}:
            assert name is not None
            self._of.setdefault(name, []).append(game)
        self._rounds[game.round] += 1

    def _live(self, game: Game) -> bool:
        return game.first not in self._cancelled and game.second not in self._cancelled

    def games(self, name: str) -> list[Game]:
        """The games of ``name`` still counted, in the event's order."""
        return [game for game in self._of.get(name, []) if self._live(game)]

    def busy(self, name: str) -> set[int | None]:
        """The rounds in which ``name`` has a game still counted."""
        return {game.round for game in self.games(name)}

    def rounds(self) -> int:
        """The highest round of the games still counted (0 when none is known)."""
        return max((r for r, count in self._rounds.items() if r is not None and count > 0), default=0)

    def cancel(self, name: str) -> None:
        """Leave out every game of ``name``."""
        for game in self.games(name):
            self._rounds[game.round] -= 1
        self._cancelled.add(name)

    def add(self, game: Game) -> None:
        """Count one more game (after those there are)."""
        self._games.append(game)
        self._index(game)

    def kept(self) -> list[Game]:
        """The games still counted, in the event's order."""
        return [game for game in self._games if self._live(game)] if self._cancelled else self._games


def _before(round_: int | None) -> str:
    return f" before round {round_}" if round_ else ""


def individual(event: Event) -> dict[str, Competitor]:
    """Each player's results by 14.1 and 21.4."""
    place_unnumbered(event)
    competitors = {
        name: Competitor(name, rating=info.rating, fide_id=info.fide_id, title=info.title)
        for name, info in event.players.items()
    }
    for name in event.withdrawn:
        if name in competitors:
            competitors[name].withdrawn = True
    seen: dict[tuple[int, str], str] = {}
    for game in event.games:
        assert game.round is not None  # place_unnumbered gave every game a round
        for player in (game.first, game.second):
            if player is None or (game.result not in BYES and game.points() is None):
                continue
            key = (game.round, player)
            if key in seen:
                event.warnings.append(
                    f"{player} has two games in round {game.round} ({seen[key]} and {game.source}); "
                    "both are counted"
                )
            seen[key] = game.source or "?"
        if game.result in BYES:
            bye = BYES[game.result]
            competitors[game.first].results.append(
                Result(game.round, None, None, bye, 0.0, bye, BYE, sources=_src(game))
            )
            continue
        points = game.points()
        if points is None or game.second is None:
            continue  # not counted; the reader warned
        for name, opponent, colour, mine, theirs in (
            (game.first, game.second, "1", points[0], points[1]),
            (game.second, game.first, "2", points[1], points[0]),
        ):
            competitors[name].results.append(
                Result(
                    game.round,
                    opponent,
                    colour,
                    mine,
                    theirs,
                    mine,
                    LOSS if game.result == "--" else _outcome(mine, theirs),
                    game.forfeit,
                    _src(game),
                )
            )
    for competitor in competitors.values():
        competitor.results.sort(key=lambda result: result.round)
    return competitors


def _src(game: Game) -> list[str]:
    return [game.source] if game.source else []


@dataclass(frozen=True, slots=True)
class Team:
    """A team of the team file: its name and players in board order."""

    name: str
    players: tuple[str, ...]


def teams(event: Event, roster: Iterable[Team]) -> dict[str, Competitor]:
    """Each team's match results: board points summed per match, match points by 14.2."""
    place_unnumbered(event)
    team_of = {player: team.name for team in roster for player in team.players}
    competitors = {team.name: Competitor(team.name, members=list(team.players)) for team in roster}
    matches: dict[tuple[int, str, str], list[Game]] = {}
    for game in event.games:
        points = game.points()
        if points is None or game.second is None or game.round is None:
            continue
        first, second = team_of.get(game.first), team_of.get(game.second)
        if first is None or second is None:
            unknown = game.first if first is None else game.second
            event.warnings.append(f"{game.source}: {unknown} is in no team of the team file; game left out")
            continue
        if first == second:
            event.warnings.append(f"{game.source}: {game.first} and {game.second} are both of {first}")
            continue
        low, high = sorted((first, second))
        matches.setdefault((game.round, low, high), []).append(game)
    for (round_, a, b), games in sorted(matches.items()):
        board = {a: 0.0, b: 0.0}
        for game in games:
            points = game.points()
            assert points is not None
            board[team_of[game.first]] += points[0]
            board[team_of[game.second or ""]] += points[1]
        sources = [game.source for game in games if game.source]
        all_forfeit = all(game.forfeit for game in games)
        for team, other in ((a, b), (b, a)):
            outcome = _outcome(board[team], board[other])
            score = MATCH_POINTS[(WIN, DRAW, LOSS).index(outcome)]
            against = MATCH_POINTS[(LOSS, DRAW, WIN).index(outcome)]
            competitors[team].results.append(
                Result(round_, other, None, score, against, board[team], outcome, all_forfeit, sources)
            )
    for name in event.withdrawn:
        if name in competitors:
            competitors[name].withdrawn = True
    return competitors
