"""The move meant at a slip, chosen by the rest of the game; no error-severity verdict on a guess.

The generated part plants slips in seeded random legal games (:mod:`tests.chess.slips`) and
prints its figures (``pytest -s``); ``make fuzz`` runs it on more games
(``KIFU_LOOKAHEAD_GAMES``), and ``tests/bench/chess_lookahead.py`` prints the figures with the
cost of the probe on the TWIC file.
"""

from __future__ import annotations

import json
import os

import pytest
from kifu.chess import lookahead
from kifu.chess.checker import check_game
from kifu.chess.splitter import split_games
from kifu.core.findings import Finding, Severity
from kifu.core.results import RecordReport

import chess
from tests.chess.slips import measure

#: Sam Loyd's ten-move stalemate, the last move written with a lower-case letter
STALEMATE = (
    "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
    "8. Qxb8 Qh7 9. Qxc8 Kg6 10. qe6"
)


def _checked(movetext: str) -> RecordReport:
    [game] = split_games(['[Event "x"]', "", movetext])
    return check_game(game, 1)


def _errors(report: RecordReport) -> list[Finding]:
    return [f for f in report.findings if f.severity is Severity.ERROR]


def _board(moves: str) -> chess.Board:
    board = chess.Board()
    for san in moves.split():
        board.push_san(san)
    return board


def test_the_rest_of_the_game_tells_bb5_from_ng5() -> None:
    report = _checked("1. e4 e5 2. Nf3 Nc6 3. Nb5 a6 4. Ba4 *")
    [error] = _errors(report)
    assert error.move == "Nb5"
    assert "did you mean Bb5? (4. Ba4 needs a bishop on b5)" in error.message
    assert error.message.endswith("the rest of the game was checked assuming Bb5")


def test_three_slips_of_three_kinds_give_three_errors_in_one_run() -> None:
    # a lower-case piece letter, a wrong piece letter (Nb5 for Bb5), a missing file (Nd7 for
    # Nbd7: 8... Ng4 needs the other knight on f6)
    report = _checked("1. e4 e5 2. nf3 Nf6 3. Nb5 a6 4. Ba4 b5 5. Bb3 d6 6. d3 Nd7 7. Nc3 Nc5 8. Be3 Ng4 *")
    errors = _errors(report)
    assert [(f.move, f.message.rsplit("assuming ", 1)[1]) for f in errors] == [
        ("nf3", "Nf3"),
        ("Nb5", "Bb5"),
        ("Nd7", "Nbd7"),
    ]
    assert "(8... Ng4 needs a knight on f6)" in errors[2].message


def test_candidates_that_the_rest_cannot_tell_apart_are_named_and_nothing_is_assumed() -> None:
    report = _checked("1. e4 e5 2. Nf4 Nc6 *")  # Nf3 or f4, and the game ends
    [error] = _errors(report)
    assert "did you mean Nf3 or f4? (the rest of the game fits each)" in error.message
    assert error.message.endswith("the rest of the game was not checked (1 move(s))")


def test_capture_marks_tell_readings_apart_in_a_record_that_marks_no_check() -> None:
    # d5 or d6: the rest replays under both, but 3. Bxd5 takes nothing after d6
    report = _checked("1. e4 e5 2. Bc4 dK 3. Bxd5 Nf6 4. Bb3 Nc6 *")
    [error] = _errors(report)
    assert "did you mean d5? (3. Bxd5 takes nothing after d6)" in error.message
    assert error.message.endswith("the rest of the game was checked assuming d5")


def test_a_needless_disambiguator_tells_readings_apart() -> None:
    # Nf3 or f3: 3. Nbd2 names the knight only if the other one could go to d2 (from f3)
    report = _checked("1. d4 d5 2. Kf3 e6 3. Nbd2 c5 4. e3 Nc6 *")
    [error] = _errors(report)
    assert "did you mean Nf3? (3. Nbd2 needs no disambiguator after f3)" in error.message


def test_a_mate_mark_tells_readings_apart() -> None:
    # Nf6 or Nh6: 4. Qxf7 gives check after both, but it is mate only after Nf6
    report = _checked("1. e4 e5 2. Bc4 Nc6 3. Qh5 N16 4. Qxf7# 1-0")
    [error] = _errors(report)
    assert "did you mean Nf6? (4. Qxf7# is no mate after Nh6)" in error.message


def test_marks_past_a_second_slip_tell_the_first_apart() -> None:
    # both readings of dK stop at the second slip (nf3); past it, 4. Bxd5 takes nothing after d6
    report = _checked("1. e4 e5 2. Bc4 dK 3. nf3 Nf6 4. Bxd5 Nc6 5. Bxf7+ Kxf7 *")
    errors = _errors(report)
    assert [(f.move, f.message.rsplit("assuming ", 1)[1]) for f in errors] == [("dK", "d5"), ("nf3", "Nf3")]
    assert "did you mean d5? (4. Bxd5 takes nothing after d6)" in errors[0].message


@pytest.mark.parametrize(
    ("moves", "written", "meant"),
    [
        ("e4 e5", "nf3", "Nf3"),  # a lower-case piece letter
        ("e4 e5", "Sf3", "Nf3"),  # another language's letter
        ("e4 e5 Nf3 Nc6 Bb5 a6", "Ba5", "Ba4"),  # one character wrong
        ("e4 e5 Nf3 Nc6", "B5b", "Bb5"),  # two characters swapped
        ("d4 d5 c4 e6 Nc3 Nf6", "Bxg5", "Bg5"),  # a capture mark on a move that takes nothing
        ("d4 d5 Nf3 Nf6 Nbd2 Nbd7 e3 e6 Nb3 Nb6 Nfd2", "Nfd7", "Nbd7"),  # a wrong disambiguator
    ],
)
def test_the_true_move_is_among_the_candidates(moves: str, written: str, meant: str) -> None:
    board = _board(moves)
    assert meant in [c.san for c in lookahead.candidates(board, written)]


def test_a_missing_disambiguator_gives_both_readings_as_candidates() -> None:
    board = _board("e4 e5 Nc3 Nc6")
    names = [c.san for c in lookahead.candidates(board, "Ne2")]  # both knights reach e2
    assert {"Nce2", "Nge2"} <= set(names)


def test_a_clean_record_never_runs_the_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("the look-ahead ran on a clean record")

    monkeypatch.setattr("kifu.chess.lookahead.settle", fail)  # (the walk imports it when a move fails)
    report = _checked("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *")
    assert _errors(report) == []


# --- no error-severity verdict rests on an assumed move ------------------------------------


def test_a_move_after_a_mate_reached_through_an_assumed_move_is_a_warning() -> None:
    report = _checked("1. f3 e5 2. g4 qh4 3. Kf2 *")
    assert [f.code for f in _errors(report)] == ["CHESS103"]
    [after] = [f for f in report.findings if f.code == "CHESS201"]
    assert after.severity is Severity.WARNING
    assert after.message.endswith("if the intended move was Qh4 (written qh4)")
    assert after.assumption is not None
    assert (after.assumption.ply, after.assumption.written, after.assumption.assumed) == (4, "qh4", "Qh4")
    data = json.loads(json.dumps(after.to_dict()))
    assert data["assumed"] is True
    assert data["assumption"]["assumed"] == "Qh4"
    assert report.outcome is None  # no outcome built on a guess


def test_a_result_the_assumed_mate_contradicts_is_a_warning() -> None:
    report = _checked("1. f3 e5 2. g4 qh4 1-0")
    [contradicts] = [f for f in report.findings if f.code == "CHESS202"]
    assert contradicts.severity is Severity.WARNING
    assert "if the intended move was Qh4" in contradicts.message
    assert contradicts.assumption is not None


def test_an_unfinished_result_after_an_assumed_mate_names_the_assumption() -> None:
    report = _checked("1. f3 e5 2. g4 qh4 *")
    [unfinished] = [f for f in report.findings if f.code == "CHESS203"]
    assert unfinished.severity is Severity.WARNING and unfinished.assumption is not None


def test_a_move_after_a_stalemate_reached_through_an_assumed_move_is_a_warning() -> None:
    report = _checked(STALEMATE + " Kh5 *")
    [after] = [f for f in report.findings if f.code == "CHESS201"]
    assert after.severity is Severity.WARNING
    assert "stalemated" in after.message and "if the intended move was Qe6" in after.message
    [contradicts] = [f for f in _checked(STALEMATE + " 1-0").findings if f.code == "CHESS202"]
    assert contradicts.severity is Severity.WARNING and "stalemate" in contradicts.message


def test_a_move_after_a_fivefold_repetition_through_an_assumed_move_is_a_warning() -> None:
    report = _checked(
        "1. Nf3 Nf6 2. ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *"
    )
    assert [f.code for f in _errors(report)] == ["CHESS103"]
    [after] = [f for f in report.findings if f.code == "CHESS201"]
    assert after.severity is Severity.WARNING
    assert "fivefold" in after.message and after.assumption is not None


def test_an_ending_before_the_first_slip_is_still_an_error() -> None:
    report = _checked("1. f3 e5 2. g4 Qh4# 3. Kf2 *")
    [after] = [f for f in _errors(report) if f.code == "CHESS201"]
    assert after.assumption is None and "if the intended" not in after.message
    mate = _checked("1. f3 e5 2. g4 Qh4# 1-0")
    [contradicts] = [f for f in mate.findings if f.code == "CHESS202"]
    assert contradicts.severity is Severity.ERROR and contradicts.assumption is None


# --- generated games ---------------------------------------------------------------------


#: games with one slip (and a third as many with two or three); ``make fuzz`` sets a larger count
GAMES = int(os.environ.get("KIFU_LOOKAHEAD_GAMES", "150"))


def test_planted_slips_in_random_games() -> None:
    figures = measure(seed=1, singles=GAMES, multiples=GAMES // 3)
    print("\n" + "\n".join(figures.lines()))
    assert figures.singles_right >= 0.93 * figures.singles
    assert figures.singles_wrong <= 0.01 * figures.singles  # a miss names candidates, it does not guess
    # (a game stops at a slip whose candidates nothing separates: the slips after it are not
    # reported; over 150 such games of seeds 1 and 2, 143 and 144 are reported whole: see
    # tests/bench; the single slips missed are ties that no later move's text tells apart)
    assert figures.multiples_all_reported >= 0.88 * figures.multiples
    assert figures.games_with_false_errors <= 0.01 * figures.games
    assert figures.assumed_errors == 0


def test_one_move_in_another_languages_letter_is_a_slip_not_a_language() -> None:
    # Dutch letters (T = rook) read the whole record, which is English with one slip
    report = _checked("1. a4 e5 2. Ra3 Nc6 3. Rb3 Nf6 4. Tc3 Be7 5. Rd3 O-O *")
    assert [f.code for f in report.findings if f.code.startswith("CHESS1")] == ["CHESS103"]
    [slip] = _errors(report)
    assert slip.move == "Tc3" and slip.message.endswith("checked assuming Rc3")
