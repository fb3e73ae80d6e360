"""The crosstable: competitors in ranking order, one cell per round (opponent, colour, result)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kifu.standings.event import BYE, Player
from kifu.standings.ranking import Standing
from kifu.standings.scoring import DRAW, LOSS, WIN, Competitor, Result

#: the letters of the first and second player's colour, per game
COLOURS = {"chess": ("w", "b"), "xiangqi": ("r", "b"), "go": ("b", "w")}


@dataclass(slots=True)
class Cell:
    """A competitor's round: opponent's number, colour letter, result symbol, and sources."""

    opponent: int | None
    colour: str
    symbol: str
    result: Result

    def text(self) -> str:
        """``12w1``, ``3b½``, ``5r+``, ``bye`` (a half-point bye ``bye½``, zero-point ``bye0``); a
        team: ``4–2½`` (opponent 4, 2½ board points: a dash, because ``4 2½`` reads as ``42½``)."""
        if self.opponent is None:
            return "bye" + ("" if self.result.score >= 1 else points_text(self.result.score))
        return (
            f"{self.opponent}{self.colour}{self.symbol}" if self.colour else f"{self.opponent}–{self.symbol}"
        )


@dataclass(slots=True)
class Row:
    """A line of the crosstable."""

    standing: Standing
    number: int
    cells: list[list[Cell]] = field(default_factory=list)  # per round; usually one cell


@dataclass(slots=True)
class Crosstable:
    """The whole table, with the numbering used in its cells."""

    rows: list[Row]
    rounds: int
    criteria: tuple[str, ...]
    numbers: dict[str, int]
    #: what the records say about each player (title, rating, federation); empty for teams
    players: dict[str, Player] = field(default_factory=dict)

    def profile(self) -> list[str]:
        """The profile columns the records fill for at least one competitor, of
        ``title``, ``rating``, ``federation`` (the crosstable shows only those)."""
        listed = [
            self.players[row.standing.competitor.name]
            for row in self.rows
            if row.standing.competitor.name in self.players
        ]
        return [
            column
            for column in ("title", "rating", "federation")
            if any(getattr(player, column) for player in listed)
        ]

    def profile_of(self, name: str, column: str) -> str:
        """A competitor's title, rating or federation as text (empty when unknown)."""
        player = self.players.get(name)
        value = getattr(player, column) if player is not None else None
        return str(value) if value else ""


def numbering(competitors: Sequence[Competitor]) -> dict[str, int]:
    """Starting numbers: by rating (highest first, unrated last), then by name."""
    order = sorted(competitors, key=lambda c: (c.rating is None, -(c.rating or 0), c.name))
    return {c.name: number for number, c in enumerate(order, start=1)}


def points_text(value: float) -> str:
    """``3``, ``2½``, ``½``."""
    whole, half = int(value), value - int(value) >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def symbol(result: Result, team: bool) -> str:
    """The result symbol: 1 ½ 0 for a game, + − for a forfeit, board points for a team match."""
    if result.outcome == BYE:
        return "+"
    if team:
        return points_text(result.board_points)
    if result.forfeit:
        return "+" if result.outcome == WIN else "-"
    return {WIN: "1", DRAW: "½", LOSS: "0"}[result.outcome]


def build(
    standings: Sequence[Standing],
    criteria: Sequence[str],
    game: str | None,
    team: bool,
    players: dict[str, Player] | None = None,
) -> Crosstable:
    """The crosstable of ``standings``; ``players`` the records' data about each (individual events)."""
    numbers = numbering([s.competitor for s in standings])
    first, second = COLOURS.get(game or "", ("w", "b"))
    rounds = max((r.round for s in standings for r in s.competitor.results), default=0)
    rows = []
    for standing in standings:
        row = Row(standing, numbers[standing.competitor.name], [[] for _ in range(rounds)])
        for result in standing.competitor.results:
            colour = "" if result.colour is None else first if result.colour == "1" else second
            opponent = numbers.get(result.opponent) if result.opponent is not None else None
            row.cells[result.round - 1].append(Cell(opponent, colour, symbol(result, team), result))
        rows.append(row)
    return Crosstable(rows, rounds, tuple(criteria), numbers, {} if team else dict(players or {}))
