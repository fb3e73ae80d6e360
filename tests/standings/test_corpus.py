"""Events built from real records: players renamed into a schedule at test time (under tmp_path),
the standings compared with an independent computation written from the articles' words.

Nothing here uses kifu to read the games: the results come from the records' Result tags.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.standings.helpers import places, run

SOURCE = Path("chess") / "mliebelt-pgn-parser" / "twic-01-232games.pgn"


def real_games(corpus: Path, count: int) -> list[tuple[str, str]]:
    """The first ``count`` games with a result: (PGN text, result)."""
    text = (corpus / SOURCE).read_text(encoding="utf-8", errors="replace")
    chunks = ["[Event " + chunk for chunk in re.split(r"^\[Event ", text, flags=re.M) if chunk.strip()]
    games = []
    for chunk in chunks:
        found = re.search(r'^\[Result "(1-0|0-1|1/2-1/2)"\]', chunk, flags=re.M)
        if found:
            games.append((chunk, found.group(1)))
    assert len(games) >= count
    return games[:count]


def renamed(chunk: str, round_: int, white: str, black: str) -> str:
    """The record with its players and round replaced."""
    for tag, value in (("White", white), ("Black", black), ("Round", str(round_))):
        chunk = re.sub(rf'^\[{tag} "[^"]*"\]', f'[{tag} "{value}"]', chunk, flags=re.M)
    return chunk


POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}


def write_event(
    folder: Path, schedule: list[tuple[int, str, str]], games: list[tuple[str, str]]
) -> list[tuple[int, str, str, float, float]]:
    """One file per game; returns (round, white, black, white's points, black's points)."""
    folder.mkdir()
    played = []
    for number, ((round_, white, black), (chunk, result)) in enumerate(
        zip(schedule, games, strict=True), start=1
    ):
        (folder / f"game{number:02}.pgn").write_text(renamed(chunk, round_, white, black), encoding="utf-8")
        played.append((round_, white, black, *POINTS[result]))
    return played


def berger(players: list[str]) -> list[tuple[int, str, str]]:
    """A single round robin by the circle method."""
    ring = list(players)
    schedule = []
    for round_ in range(1, len(ring)):
        for i in range(len(ring) // 2):
            a, b = ring[i], ring[-1 - i]
            schedule.append((round_, a, b) if round_ % 2 else (round_, b, a))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return schedule


def shared_places(order: list[list[str]]) -> list[tuple[str, str]]:
    """(place, name) for groups in ranking order; a group of several shares its places."""
    rows, place = [], 1
    for group in order:
        label = str(place) if len(group) == 1 else f"{place}-{place + len(group) - 1}"
        rows += [(label, name) for name in sorted(group)]
        place += len(group)
    return rows


@pytest.mark.corpus
def test_round_robin_from_corpus_records_follows_cxa_15_1(corpus: Path, tmp_path: Path) -> None:
    """15.1: "ranked by points; equal points are separated by the small score (the sum of the
    points of the opponents beaten, plus half of those drawn with), then by wins, then by the
    direct encounter"."""
    players = ["P1", "P2", "P3", "P4", "P5", "P6"]
    schedule = berger(players)
    assert len({frozenset((w, b)) for _, w, b in schedule}) == 15
    played = write_event(tmp_path / "event", schedule, real_games(corpus, 15))

    points = dict.fromkeys(players, 0.0)
    for _, white, black, pw, pb in played:
        points[white] += pw
        points[black] += pb
    small = dict.fromkeys(players, 0.0)
    wins = dict.fromkeys(players, 0)
    for _, white, black, pw, pb in played:
        for me, other, mine in ((white, black, pw), (black, white, pb)):
            if mine == 1:
                small[me] += points[other]
                wins[me] += 1
            elif mine == 0.5:
                small[me] += points[other] / 2

    def encounter(a: str, b: str) -> float:
        return sum(pw if w == a else pb for _, w, b_, pw, pb in played if {w, b_} == {a, b})

    keyed: dict[tuple[float, float, int], list[str]] = {}
    for name in players:
        keyed.setdefault((points[name], small[name], wins[name]), []).append(name)
    order: list[list[str]] = []
    for key in sorted(keyed, reverse=True):
        group = keyed[key]
        if len(group) == 2:
            a, b = group
            if encounter(a, b) != encounter(b, a):
                order += [[a], [b]] if encounter(a, b) > encounter(b, a) else [[b], [a]]
                continue
        order.append(group)

    document, _ = run(str(tmp_path / "event"), "--preset", "cxa-individual-rr")
    assert document["system"] == "round-robin"
    assert [(p, n) for p, n, _ in places(document)] == shared_places(order)
    for entry in document["standings"]:
        assert entry["points"] == points[entry["name"]]
        assert entry["tiebreaks"]["sb"] == pytest.approx(small[entry["name"]])


SWISS = [  # 8 players, 3 rounds, no pair twice
    (1, "S1", "S5"), (1, "S6", "S2"), (1, "S3", "S7"), (1, "S8", "S4"),
    (2, "S2", "S1"), (2, "S5", "S3"), (2, "S4", "S6"), (2, "S7", "S8"),
    (3, "S1", "S4"), (3, "S3", "S2"), (3, "S8", "S5"), (3, "S7", "S6"),
]  # fmt: skip


@pytest.mark.corpus
def test_swiss_from_corpus_records_follows_cxa_15_2(corpus: Path, tmp_path: Path) -> None:
    """15.2: "ranked by points; equal points are separated by the opponents' points (the sum
    of the points of every opponent played), then by wins"."""
    assert len({frozenset((w, b)) for _, w, b in SWISS}) == len(SWISS)
    played = write_event(tmp_path / "swiss", SWISS, real_games(corpus, 40)[15:27])
    players = sorted({name for _, w, b, _, _ in played for name in (w, b)})
    points = dict.fromkeys(players, 0.0)
    opponents: dict[str, list[str]] = {name: [] for name in players}
    wins = dict.fromkeys(players, 0)
    for _, white, black, pw, pb in played:
        points[white] += pw
        points[black] += pb
        opponents[white].append(black)
        opponents[black].append(white)
        wins[white] += pw == 1
        wins[black] += pb == 1
    buchholz = {name: sum(points[o] for o in opponents[name]) for name in players}
    keyed: dict[tuple[float, float, int], list[str]] = {}
    for name in players:
        keyed.setdefault((points[name], buchholz[name], wins[name]), []).append(name)
    order = [keyed[key] for key in sorted(keyed, reverse=True)]

    document, _ = run(str(tmp_path / "swiss"), "--preset", "cxa-individual-swiss")
    assert document["system"] == "swiss"
    assert [(p, n) for p, n, _ in places(document)] == shared_places(order)
    for entry in document["standings"]:
        assert entry["tiebreaks"]["buchholz"] == buchholz[entry["name"]]
