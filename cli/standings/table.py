"""Reading a results table: a CSV of round, board, player 1, player 2, result.

Player 1 is the one who moved first (White, Red, Black in Go). Results: ``1-0``, ``0-1``,
``1/2-1/2`` (also ``½-½``, ``=``, ``0.5-0.5``); forfeits ``+-`` / ``+:-`` (player 1 present,
player 2 absent), ``-+``, ``--`` (both absent), as CXA 21.4 writes them with "+" and "−";
an empty player 2 (or ``bye``) is a bye: the pairing-allocated bye (result empty or ``1``), a
half-point bye (``½``) or a zero-point bye (``0``). A row whose result is ``withdrew`` (player 2 empty)
says player 1 withdrew before that round (CXA 20.3). A first row whose round is not a number
is a header. A team file (:func:`read_teams`) is a CSV too: team, board order, player.
"""

from __future__ import annotations

import csv
import io

from kifu.standings.event import (
    BYE,
    BYES,
    FORFEITS,
    MAX_ROUND,
    PLAYED,
    UNKNOWN,
    Event,
    Game,
    normalise,
    parse_round,
)
from kifu.standings.scoring import Team

_RESULTS = {
    **{key: key for key in (*PLAYED, *FORFEITS)},
    "½-½": "1/2-1/2",
    "=": "1/2-1/2",
    "0.5-0.5": "1/2-1/2",
    "1:0": "1-0",
    "0:1": "0-1",
    "+:-": "+-",
    "-:+": "-+",
    "-:-": "--",
    "+/-": "+-",
    "-/+": "-+",
    "1f-0f": "+-",
    "0f-1f": "-+",
    "0f-0f": "--",
    "*": UNKNOWN,
    "": UNKNOWN,
}


#: the result of a bye row: empty or 1 the pairing-allocated bye, ½ and 0 the byes asked for
_BYES = {
    **dict.fromkeys(("½", "1/2", "0.5", "="), "bye-half"),
    **dict.fromkeys(("0", "-"), "bye-zero"),
}
assert set(_BYES.values()) <= set(BYES)


def parse_result(text: str) -> str | None:
    """The result key of a written result (``None`` when it is not one)."""
    cleaned = text.strip().replace("−", "-").replace("–", "-").replace(" ", "").lower()
    return _RESULTS.get(cleaned)


def read_table(text: str, path: str, event: Event) -> None:
    """Add the games of a results table (the text of ``path``) to ``event``."""
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        where = f"{path}:{number}"
        round_, _ = parse_round(cells[0])
        if round_ is None:
            if number == 1:
                continue  # a header
            event.warnings.append(
                f"{where}: round {cells[0]!r} is not a round number (1 to {MAX_ROUND}); row skipped"
            )
            continue
        cells += [""] * (5 - len(cells))
        board, _ = parse_round(cells[1])
        first, second, written = cells[2], cells[3], cells[4]
        if not first:
            event.warnings.append(f"{where}: no player 1; row skipped")
            continue
        if written.lower() in ("withdrew", "withdrawn", "退出"):
            event.withdrawn[event.name(first, round_)] = round_
            continue
        if not second or second.lower() == "bye":
            bye = _BYES.get(written.replace(" ", "").lower(), BYE)
            event.games.append(Game(round_, event.name(first, round_), None, bye, board, where))
            continue
        result = parse_result(written)
        if result is None:
            event.errors.append(f"{where}: result {written!r} cannot be read; the game is not counted")
            result = UNKNOWN
        elif result == UNKNOWN:
            event.warnings.append(f"{where}: no result; the game is not counted")
        event.games.append(
            Game(round_, event.name(first, round_), event.name(second, round_), result, board, where)
        )


def read_teams(text: str, path: str) -> tuple[list[Team], list[str]]:
    """The teams of a team file (CSV: team, board order, player) and warnings about it.

    One row per player; board order is a number (1 = first board). A first row whose board
    is not a number is a header.
    """
    members: dict[str, list[tuple[int, str]]] = {}
    warnings = []
    team_of: dict[str, str] = {}
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [cell.strip() for cell in row] + ["", "", ""]
        if not any(cells) or cells[0].startswith("#"):
            continue
        board, _ = parse_round(cells[1])
        if board is None:
            if number != 1:
                warnings.append(f"{path}:{number}: board order {cells[1]!r} is not a number; row skipped")
            continue
        team, player = normalise(cells[0]), normalise(cells[2])
        if not team or not player:
            warnings.append(f"{path}:{number}: a row needs a team and a player; row skipped")
            continue
        if player in team_of and team_of[player] != team:
            warnings.append(f"{path}:{number}: {player} is already in {team_of[player]}; row skipped")
            continue
        team_of[player] = team
        members.setdefault(team, []).append((board, player))
    teams = [Team(team, tuple(player for _, player in sorted(rows))) for team, rows in members.items()]
    return teams, warnings
