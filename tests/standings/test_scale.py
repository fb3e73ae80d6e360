"""`kifu standings` grows linearly with the players (issue 26, "Resources"), counted, not timed.

The work counted is every Python line event in the code that computes the standings
(``sys.settrace``, kept to its files: the command, scoring, ranking, tie-breaks, crosstable, the
input checks; the CSV reader and the writers run untraced, which keeps the test fast): a loop
over all players for each player, or over all pairs of players, shows as lines run, whatever the
machine and its load.
Doubling the players of a Swiss event must not much more than double them (quadratic work
quadruples).
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import kifu.commands.standings
import kifu.standings
import pytest
from click.testing import CliRunner
from kifu.app import cli

#: the files whose lines are counted
WATCHED = (
    kifu.commands.standings.__file__,
    *(
        str(Path(kifu.standings.__file__).parent / f"{name}.py")
        for name in ("compute", "scoring", "ranking", "tiebreaks", "crosstable", "checks")
    ),
)
RESULTS = ("1-0", "1/2-1/2", "0-1")
Tracer = Callable[[FrameType, str, Any], Any]


def swiss(path: Path, players: int, rounds: int, drawn: bool = False) -> Path:
    """A Swiss-like event: each round the players by score (then number), neighbours paired;
    the results follow from the numbers (no randomness), or every game is drawn."""
    score = [0.0] * players
    rows = [["round", "board", "player 1", "player 2", "result"]]
    for round_ in range(1, rounds + 1):
        order = sorted(range(players), key=lambda p: (-score[p], p))
        for board, (a, b) in enumerate(zip(order[::2], order[1::2], strict=False), start=1):
            result = "1/2-1/2" if drawn else RESULTS[(a * 7 + b * 3 + round_) % 3]
            mine = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}[result]
            score[a] += mine
            score[b] += 1 - mine
            rows.append([str(round_), str(board), f"P{a:05d}", f"P{b:05d}", result])
        if players % 2:
            score[order[-1]] += 1
            rows.append([str(round_), "", f"P{order[-1]:05d}", "bye", ""])
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def round_robin(path: Path, players: int) -> Path:
    """Every two players met once (the circle method: ``players - 1`` rounds)."""
    names = [f"R{p:04d}" for p in range(players)]
    rows = [["round", "board", "player 1", "player 2", "result"]]
    for round_ in range(1, players):
        circle = names[:1] + names[1:][round_ - 1 :] + names[1:][: round_ - 1]
        for board in range(players // 2):
            a, b = circle[board], circle[players - 1 - board]
            rows.append([str(round_), str(board + 1), a, b, RESULTS[(board + round_) % 3]])
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def operations(*arguments: str) -> int:
    """The lines of kifu's standings code that ``kifu standings ARGUMENTS`` runs."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Tracer:
        nonlocal count
        count += 1
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Tracer | None:
        return local if frame.f_code.co_filename in WATCHED else None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        result = CliRunner().invoke(cli, ["standings", *arguments])
    finally:
        sys.settrace(previous)
    assert result.exit_code == 0, result.output
    return count


@pytest.mark.parametrize(
    ("options", "drawn"),
    [
        pytest.param(("--format", "text"), False, id="fide-swiss"),
        pytest.param(("--preset", "fide-rr", "--format", "csv"), True, id="direct-encounter-all-tied"),
    ],
)
def test_twice_the_players_is_about_twice_the_work(
    tmp_path: Path, options: tuple[str, ...], drawn: bool
) -> None:
    """1,000 then 2,000 players × 5 rounds: the second run does less than 2.5 times the work of
    the first (it was 2.9 times: every pair of players was listed to tell a round robin; and
    with every game drawn, 4 times: the direct encounter of a tied group was worked out again
    for each of its members, each time over the whole group)."""
    small = operations(str(swiss(tmp_path / "small.csv", 1000, 5, drawn)), *options)
    large = operations(str(swiss(tmp_path / "large.csv", 2000, 5, drawn)), *options)
    assert large < 2.5 * small, f"{large:,} lines for 2,000 players, {small:,} for 1,000"


def test_a_round_robin_with_withdrawals_is_linear_in_its_games(tmp_path: Path) -> None:
    """60 then 120 players, four of whom withdrew after half the rounds (CXA 20.3: their games
    not played become forfeits): 4 times the games, less than 5 times the work (it was 5.9
    times: each forfeit looked for its round among all the event's games, and each tie-break
    summed every opponent's results again for each player, who has as many opponents as the
    event has players)."""
    counts = []
    for players in (60, 120):
        event = round_robin(tmp_path / f"rr{players}.csv", players)
        half = players // 2
        gone = [f"R{p:04d}" for p in range(4)]
        rows = event.read_text(encoding="utf-8").splitlines()
        kept = [
            row for row in rows if not any(name in row for name in gone) or int(row.split(",")[0]) <= half
        ]
        event.write_text("\n".join(kept) + "\n", encoding="utf-8")
        withdrawn = [part for name in gone for part in ("--withdrawn", f"{name}@{half + 1}")]
        counts.append(operations(str(event), *withdrawn, "--system", "round-robin", "--format", "csv"))
    small, large = counts
    assert large < 5 * small, f"{large:,} lines for 120 players, {small:,} for 60"
