"""Every error of a game in one pass: after a move that cannot be played, the checker goes on
with the move evidently meant; findings about a move carry the position before it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli
from kifu.chess.checker import check_game
from kifu.chess.splitter import split_games
from kifu.core.findings import Finding
from kifu.core.results import RecordReport

import chess

ROOT = Path(__file__).resolve().parents[2]
THREE = ROOT / "fixtures" / "chess" / "bad" / "three-illegal-moves-unique-intents.pgn"


def _checked(movetext: str, *tags: str) -> RecordReport:
    [game] = split_games(['[Event "x"]', *tags, "", movetext])
    return check_game(game, 1)


def _errors(report: RecordReport) -> list[Finding]:
    return [f for f in report.findings if f.severity.label == "error"]


def test_three_illegal_moves_with_unique_intents_are_all_reported_in_one_run() -> None:
    report = _checked(THREE.read_text(encoding="utf-8").split("\n\n", 1)[1].strip())
    errors = _errors(report)
    assert [(f.code, f.move) for f in errors] == [
        ("CHESS103", "nf3"),
        ("CHESS101", "Bxc7"),
        ("CHESS101", "Nxd5"),
    ]
    assert [f.meant for f in errors] == ["Nf3", "Bxc6", None]  # Nxd4: the rest also fits Ng5
    assert errors[2].message.endswith("checked with Nxd4")


def test_an_intent_that_is_not_unique_is_named_and_the_rest_checked_under_each_reading() -> None:
    report = _checked("1. e4 e5 2. Nf4 Nc6 3. Bb6 Nf6 *")  # Nf3 or f4: no evident intent
    first, second = _errors(report)
    assert first.move == "Nf4" and "did you mean Nf3 or f4?" in first.message
    assert first.message.endswith("the rest of the game was checked under each")
    assert second.move == "Bb6"  # the rest plays alike under both: its slip is still found


def test_a_reading_the_next_move_refutes_is_not_walked_on_under() -> None:
    # 2. nf3 cannot be Nf3: 3. Nf3 is played after it; every other legal move lets the rest
    # play, so no reading of nf3 fits, and nothing after it is checked (no error on 3. Nf3,
    # which the game may well have played)
    report = _checked("1. e4 e5 2. nf3 Nc6 3. Nf3 Nf6 *")
    [error] = _errors(report)
    assert error.move == "nf3" and "no reading of it fits the moves after it" in error.message


def test_no_outcome_is_built_on_an_assumed_move() -> None:
    # the mate is reached only through the misspelt move, read as Qxf7#: no outcome, no verdict on 1-0
    report = _checked("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. qxf7# 1-0", '[Result "1-0"]')
    assert report.outcome is None
    assert [f.move for f in _errors(report)] == ["qxf7#"]


def test_an_outcome_reached_before_the_first_problem_is_kept() -> None:
    report = _checked("1. f3 e5 2. g4 Qh4# 3. nf3 1-0")
    assert report.outcome is not None and report.outcome["reason"] == "checkmate"


def test_every_finding_with_a_ply_carries_the_position_before_the_move() -> None:
    # an illegal move (position from the unplayable event), a notation finding about a move
    # played (position from the second walk), and one in a variation
    report = _checked("1. e4 e5 2. Nf3 (2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+) 2... Nc6 3. Bb5 O-O-O *")
    with_ply = [f for f in report.findings if f.ply is not None]
    assert len(with_ply) >= 2
    for finding in with_ply:
        assert finding.position is not None, finding
        board = chess.Board(finding.position)
        assert board.ply() + 1 == finding.ply, finding  # the position is the one before the move
    check = next(f for f in with_ply if f.move == "Qxf7+")
    assert check.position == "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


def test_findings_without_a_ply_have_no_position() -> None:
    report = _checked("1. e4 e5 *")
    assert all(f.position is None for f in report.findings)


def test_convert_still_stops_the_line_at_the_first_unplayable_move_and_exits_1() -> None:
    result = CliRunner().invoke(
        cli, ["convert", "--to", "san", str(THREE), "-o", "-"], catch_exceptions=False
    )
    assert result.exit_code == 1
    assert result.stdout == ""  # a record not replayed to its end is not written (issue 26)
    assert "nf3 (line 9)" in result.stderr


def test_a_variation_goes_on_with_the_evident_move_and_says_so() -> None:
    report = _checked("1. e4 e5 2. Nf3 (2. bc4 Nc6 3. Bxf7+) 2... Nc6 *")
    [error] = _errors(report)
    assert error.move == "bc4"
    assert error.message.endswith("the rest of the variation was checked assuming Bc4")
    assert report.outcome is None and report.plies == 4
