"""A real event: the Chebanenko Memorial 2020 (online, chess.com, 23–24 May 2020; 10 players, a
single round robin of 9 rounds, 45 games), as its games stand in the corpus's TWIC file.

The published places come from the report of the Bologan chess academy, "O premieră cu succes"
(academiabologan.md, 26 May 2020): 1 Macovei 6 points, 2 Nevednichy 5½, 3 Iordachescu 5½ ("also
5½ points, but a slightly lower coefficient"), places 4–6 the three players on 5 points. The
games are read from the corpus at test time (under tmp_path), never copied into the repository.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.standings.helpers import places, run, tiebreak

SOURCE = Path("chess") / "mliebelt-pgn-parser" / "twic-01-232games.pgn"
EVENT = "Chebanenko Memorial"


def event_games(corpus: Path, folder: Path) -> Path:
    """The event's records, one PGN file in ``folder``."""
    text = (corpus / SOURCE).read_text(encoding="utf-8", errors="replace")
    chunks = ["[Event " + c for c in re.split(r"^\[Event ", text, flags=re.M) if c.strip()]
    games = [chunk for chunk in chunks if chunk.startswith(f'[Event "{EVENT}"]')]
    assert len(games) == 45  # 10 players, each pair once
    path = folder / "chebanenko-2020.pgn"
    path.write_text("".join(games), encoding="utf-8")
    return path


@pytest.mark.corpus
def test_chebanenko_memorial_2020_gives_the_published_places(corpus: Path, tmp_path: Path) -> None:
    """fide-rr (C.07 2023: points, DE, WIN, SB, BPG). Nevednichy and Iordachescu (5½) drew each
    other (DE blank: it separates nobody) and won 4 games each; Sonneborn-Berger 23.5 against
    22.25 puts Nevednichy second, as published. At 5: Volkov, Fedorov and Smirin."""
    document, _ = run(str(event_games(corpus, tmp_path)))
    assert document["preset"] == "fide-rr"
    assert document["system"] == "round-robin"
    found = places(document)
    assert found[:3] == [("1", "Macovei,Andrei", 6), ("2", "Nevednichy,V", 5.5), ("3", "Iordachescu,V", 5.5)]
    assert {name for place, name, points in found[3:6]} == {"Volkov,Sergey1", "Fedorov,Alex", "Smirin,I"}
    assert [place for place, _, _ in found[3:6]] == ["4", "5", "6"]
    assert all(points == 5 for _, _, points in found[3:6])
    assert tiebreak(document, "Nevednichy,V", "de") is None
    assert tiebreak(document, "Nevednichy,V", "sb") == 23.5
    assert tiebreak(document, "Iordachescu,V", "sb") == 22.25
