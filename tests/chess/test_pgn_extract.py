"""Differential tests against pgn-extract (Debian's `pgn-extract`), an independent PGN program.

pgn-extract selects the games of a file that end in checkmate or stalemate, or that contain a
threefold repetition, fifty or seventy-five quiet moves. kifu must find exactly the same games.
Skipped when pgn-extract is not installed (`.ci/run` installs it).
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

import chess.pgn
import pytest

from tests.chess.conftest import check_file
from tests.conftest import find_program

PGN_EXTRACT = find_program("pgn-extract")
pytestmark = pytest.mark.skipif(
    PGN_EXTRACT is None, reason="pgn-extract is not installed (apt-get install pgn-extract)"
)

FILES = [
    "mliebelt-pgn-parser/twic-01-232games.pgn",
    "pgn-extract/test-repetition.pgn",
    "pgn-extract/test-fifty.pgn",
    "pgn-extract/test-seventyfive.pgn",
    "pgn-extract/test-checkmate.pgn",
    "pgn-extract/test-stalemate.pgn",
    "pgn-extract/test-fixresulttags-in.pgn",
    "python-chess/kasparov-deep-blue-1997.pgn",
    "pychess/3fold.pgn",
    "pychess/50.pgn",
]
_TAGS = re.compile(r'\[(White|Black|Round|Date|Event) "([^"]*)"\]')


def identity(tags: dict[str, str]) -> tuple[str, ...]:
    return tuple(tags.get(name, "") for name in ("Event", "Date", "Round", "White", "Black"))


def selected_by_pgn_extract(path: Path, flag: str) -> Counter[tuple[str, ...]]:
    assert PGN_EXTRACT is not None
    output = subprocess.run(
        [PGN_EXTRACT, "-s", flag, str(path)], capture_output=True, check=False
    ).stdout.decode("latin-1")
    games = Counter()
    for block in re.split(r"\n(?=\[Event )", output):
        tags = dict(_TAGS.findall(block))
        if tags:
            games[identity(tags)] += 1
    return games


def selected_by_kifu(path: Path, flag: str) -> Counter[tuple[str, ...]]:
    games = Counter()
    for record in check_file(path).records:
        claims = {c["reason"]: c for c in record.claims}
        reason = record.outcome["reason"] if record.outcome else None
        if flag == "--checkmate":
            chosen = reason == "checkmate" and record.outcome["ply"] == record.plies  # type: ignore[index]
        elif flag == "--stalemate":
            chosen = reason == "stalemate" and record.outcome["ply"] == record.plies  # type: ignore[index]
        elif flag == "--repetition":
            chosen = bool(claims.get("threefold-repetition", {}).get("reached_ply"))
        elif flag == "--fifty":
            chosen = bool(claims.get("fifty-moves", {}).get("reached_ply"))
        else:
            chosen = reason == "seventyfive-moves"
        if chosen:
            games[identity({k: v for k, v in record.tags.items()})] += 1
    return games


def repeated_by_python_chess(path: Path) -> Counter[tuple[str, ...]]:
    """A third opinion: games in which python-chess sees a position for the third time."""
    games = Counter()
    with open(path, encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                if board.is_repetition(3):
                    games[identity(dict(game.headers))] += 1
                    break
    return games


@pytest.mark.parametrize("flag", ["--checkmate", "--stalemate", "--fifty"])
@pytest.mark.parametrize("name", FILES)
def test_same_games_selected(corpus: Path, name: str, flag: str) -> None:
    path = corpus / "chess" / name
    assert selected_by_kifu(path, flag) == selected_by_pgn_extract(path, flag)


@pytest.mark.parametrize("name", FILES)
def test_repetitions_two_of_three(corpus: Path, name: str) -> None:
    """Where pgn-extract and python-chess disagree on a repetition, kifu sides with the majority.

    Debian's pgn-extract 19.04 misses some threefold repetitions that pgn-extract 26 (whose
    output is the corpus oracle) and python-chess both find, e.g. Capablanca-Lasker 1921 game 5
    and Carlsen-So, Lindores Abbey 2020.
    """
    path = corpus / "chess" / name
    ours = selected_by_kifu(path, "--repetition")
    theirs = selected_by_pgn_extract(path, "--repetition")
    python_chess = repeated_by_python_chess(path)
    for game in set(ours) | set(theirs) | set(python_chess):
        votes = [game in ours, game in theirs, game in python_chess]
        assert votes.count(game in ours) >= 2, (game, votes)


def test_seventyfive_moves(corpus: Path) -> None:
    path = corpus / "chess" / "pgn-extract/test-seventyfive.pgn"
    theirs = selected_by_pgn_extract(path, "--seventyfive")
    if not theirs:
        pytest.skip("this pgn-extract predates --seventyfive (the corpus oracle covers it)")
    assert selected_by_kifu(path, "--seventyfive") == theirs


def test_illegal_moves_found_by_both(corpus: Path) -> None:
    assert PGN_EXTRACT is not None
    for name, number, move in (
        ("generated/illegal.pgn", "5.", "Ke3"),
        ("generated/illegal2.pgn", "2.", "Ke3"),
    ):
        path = corpus / "chess" / name
        log = subprocess.run([PGN_EXTRACT, "-r", str(path)], capture_output=True, check=False).stderr.decode()
        assert f"Failed to make move {number} {move}" in log
        assert check_file(path).first("CHESS101").move == move
