"""Differential test: kifu's dead-stone estimate against GNU Go on every finished corpus game.

A finished game is one whose main line has both players passing. For each, kifu's estimate
(:func:`kifu.go.life.estimate`) and GNU Go's ``final_status_list dead`` are computed on the final
position; the agreement rate is printed (``-s``). Where GNU Go's dead stones make the count
agree with RE, kifu's GO201 must not be an error (issue 13: no false errors).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from kifu.go.gnugo import Gtp, GtpError
from kifu.go.life import estimate
from kifu.go.scoring import agrees, count

from tests.conftest import find_program
from tests.go.helpers import check_file

GNUGO = find_program("gnugo")
pytestmark = [
    pytest.mark.skipif(GNUGO is None, reason="gnugo is not installed"),
    pytest.mark.corpus,
    pytest.mark.slow,  # GNU Go takes 1-10 s a game: minutes in all
    pytest.mark.skipif(
        os.environ.get("KIFU_SLOW") != "1",
        reason="GNU Go on every finished corpus game takes many minutes: KIFU_SLOW=1 make test runs it",
    ),
]


def test_estimate_against_gnugo_on_every_finished_corpus_game(corpus: Path) -> None:
    games = same = stones_same = stones_all = gnu_agrees = 0
    false_errors: list[str] = []
    with Gtp(GNUGO) as gtp:
        for path in sorted((corpus / "go").rglob("*.sgf")):
            for result in check_file(path).games:
                board = result.main.board
                if board is None or not result.main.passed_out or result.info.gm != 1:
                    continue
                if board.width != board.height or board.width > 19:
                    continue
                try:
                    gtp.setup(board, result.count.komi if result.count else 0.0)
                    theirs = gtp.dead_stones(board)
                except GtpError:
                    continue  # a position GNU Go refuses (e.g. set up with no liberties)
                ours = estimate(board).dead_points
                games += 1
                same += ours == theirs
                stones_all += len(ours | theirs)
                stones_same += len(ours & theirs)
                declared = result.info.result
                if result.count is None or declared is None or not result.rules.area:
                    continue
                theirs_count = count(board, theirs, result.rules, result.count.komi, result.info.handicap)
                if agrees(declared, theirs_count.result):
                    gnu_agrees += 1
                    errors = [
                        f for f in result.report.findings if f.code == "GO201" and f.severity.label == "error"
                    ]
                    if errors:
                        false_errors.append(f"{path.relative_to(corpus)} game {result.report.index}")
    assert games > 0
    print(
        f"\nkifu's dead-stone estimate vs GNU Go on {games} finished corpus games: "
        f"{same}/{games} games ({same / games:.0%}) with the same dead stones; "
        f"{stones_same}/{stones_all} dead stones named by both"
        f"; GNU Go's count agrees with RE in {gnu_agrees} of them"
    )
    assert not false_errors, false_errors
