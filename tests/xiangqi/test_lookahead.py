"""Issue 29, xiangqi: the intent of a slip from the rest of the game, every slip in one run, and
no error-severity verdict resting on an assumed move."""

from __future__ import annotations

import json

import pytest
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import START_FEN, parse_fen
from kifu.xiangqi.lookahead import candidates
from kifu.xiangqi.reader import read_records

# 车二平四 mates: the black king on f9 cannot go to e9 (the kings would face) nor stay on file 四
MATE_FEN = "5k3/9/9/9/7R1/9/9/9/9/4K4 w - - 0 1"


def _report(movetext: str, fen: str | None = None, result: str | None = None) -> RecordReport:
    tags = '[Game "Chinese Chess"]\n' + (f'[FEN "{fen}"]\n' if fen else "")
    tags += f'[Result "{result}"]\n' if result else ""
    items, _ = read_records(f"{tags}\n{movetext}\n".encode(), "pgn")
    record, findings = next(items)
    return check_record(record, findings, Options())


def _errors(report: RecordReport) -> list[tuple[str, int | None]]:
    return [(f.code, f.ply) for f in report.findings if f.severity.label == "error"]


# --- the candidates ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("炮二乎五", "h2e2"),  # a look-alike character
        ("马二退三", "h0g2"),  # 进/退 swapped
        ("马三进三", "h0g2"),  # a wrong file number
        ("前马进三", "h0g2"),  # a front/rear marker where the file is written
        ("H2.3", "h0g2"),  # a WXF sign slip
        ("R2+3", "h0g2"),  # a WXF letter slip
        ("h0g3", "h0g2"),  # a coordinate slip
    ],
)
def test_each_kind_of_slip_has_the_move_meant_among_its_candidates(text: str, meant: str) -> None:
    from kifu.xiangqi.board import move_name

    board = parse_fen(START_FEN)
    assert meant in [move_name(move) for move, _ in candidates(board, text, None)]


# --- the look-ahead ------------------------------------------------------------------------------


def test_a_later_move_establishes_the_intent_and_says_which() -> None:
    """炮平五 (the file left out) is 炮二平五 or 炮八平五; 2. 炮八进四 can only be played if the
    cannon on file 八 is still there: the intent is 炮二平五, and the message says why."""
    rep = _report("1. 炮平五 马８进７ 2. 炮八进四 车９平８ *")
    (finding,) = rep.findings
    assert finding.code == "XQN002" and finding.severity.label == "error"
    assert "did you mean 炮二平五 (h2e2)? The rest of the game was checked assuming it" in finding.message
    assert "(round 2, Red 炮八进四 cannot be played after 炮八平五)" in finding.message
    assert rep.plies == 4


def test_when_nothing_separates_the_candidates_they_are_named_and_the_check_stops() -> None:
    rep = _report("1. 炮平五 马８进７ 2. 马二进三 车９平８ *")
    (finding,) = rep.findings
    assert "炮二平五 (h2e2)" in finding.message and "炮八平五 (b2e2)" in finding.message
    assert "The rest of the game (3 more plies) was not checked" in finding.message
    assert "nothing in the rest of the line tells them apart" in finding.message


def test_several_slips_are_each_reported_in_one_run() -> None:
    """Three slips of three kinds (a look-alike, a file left out, 进 for 退): three errors, each
    at its own ply, and none elsewhere."""
    rep = _report(
        "1. 炮二乎五 马８进７ 2. 马二进三 车９平８ 3. 炮平四 马２进３ 4. 马八退七 炮８进４ 5. 炮八进四 *"
    )
    assert [ply for _, ply in _errors(rep)] == [1, 5, 7]
    assert all("checked assuming it" in f.message for f in rep.findings)


# --- verdicts on assumed moves ---------------------------------------------------------------


def test_the_issue_example_is_a_provisional_warning_not_a_checkmate_error() -> None:
    """``1. 车二乎四 0-1``: the mate exists only under the assumed 车二平四. XQ202 is a warning that
    says "if the intended move was", with the assumption; the outcome is marked assumed."""
    rep = _report("1. 车二乎四 0-1", MATE_FEN)
    assert _errors(rep) == [("XQN002", 1)]
    (verdict,) = [f for f in rep.findings if f.code == "XQ202"]
    assert verdict.severity.label == "warning"
    assumed = "if the intended move was 车二平四 (ply 1, written 车二乎四): "
    assert verdict.message.startswith(assumed + "result 0-1, but Black has no legal move after ply 1")
    data = verdict.to_dict()
    assert data["assumed"] is True
    assert {k: data["assumption"][k] for k in ("ply", "written", "assumed")} == {
        "ply": 1,
        "written": "车二乎四",
        "assumed": "车二平四",
    }
    assert rep.outcome is not None
    outcome = rep.outcome
    assert (outcome["result"], outcome["reason"], outcome["assumed"]) == ("1-0", "checkmate", True)
    assert rep.outcome["assumption"]["assumed"] == "车二平四"
    json.dumps(rep.to_dict())  # (the record's JSON holds it)


def test_a_move_after_an_assumed_mate_is_a_warning() -> None:
    rep = _report("1. 车二乎四 将9平9 0-1", MATE_FEN)
    assert _errors(rep) == [("XQN002", 1)]
    (after,) = [f for f in rep.findings if f.code == "XQ201"]
    assert after.severity.label == "warning" and after.assumption is not None
    assert after.message.startswith("if the intended move was 车二平四")


def test_the_same_mate_written_right_stays_an_error() -> None:
    rep = _report("1. 车二平四 0-1", MATE_FEN)
    assert _errors(rep) == [("XQ202", None)]
    assert rep.outcome is not None and "assumed" not in rep.outcome
    rep = _report("1. 车二平四 将9平9 0-1", MATE_FEN)
    assert ("XQ201", 2) in _errors(rep)


def test_a_repetition_verdict_through_an_assumed_move_is_a_warning() -> None:
    """Perpetual check recorded as a draw: XQ302 is an error as written, a warning naming the
    assumption when Black's first move is a slip (d9d7 for d9d8)."""
    fen = "3k5/R8/9/9/9/8r/9/9/9/4K4 w - - 0 1"
    moves = "1. a8a9 {} 2. a9a8 d8d9 3. a8a9 d9d8 4. a9a8 d8d9 1/2-1/2"
    clean = _report(moves.format("d9d8"), fen, "1/2-1/2")
    assert ("XQ302", None) in _errors(clean)
    slipped = _report(moves.format("d9d7"), fen, "1/2-1/2")
    assert _errors(slipped) == [("XQ101", 2)]
    (verdict,) = [f for f in slipped.findings if f.code == "XQ302"]
    assert verdict.severity.label == "warning" and verdict.assumption is not None
    assert verdict.assumption.assumed == "d9d8"
    assert slipped.outcome is not None and slipped.outcome["assumed"] is True


# --- generated games (pyffish) -------------------------------------------------------------------


def test_generated_games_with_planted_slips() -> None:
    """Random legal games (pyffish, seeded) in kifu's notations with 1–3 planted slips. Printed:
    the figures (``python -m tests.xiangqi.slips --records 2000`` for larger counts)."""
    pytest.importorskip("pyffish")
    from tests.xiangqi.slips import run

    figures = run(80, seed=0)
    print("\n" + "\n".join(figures.lines()))
    assert figures.single_determined_right >= 0.95 * figures.single_determined
    assert figures.single_right >= 0.85 * figures.single  # the rest: nothing in the game tells them apart
    assert figures.single_wrong <= 0.02 * figures.single
    assert figures.multi_determined_all_reported >= 0.95 * figures.multi_determined
    assert figures.multi_all_reported >= 0.9 * figures.multi
    assert figures.games_with_false_error == 0
    assert figures.error_verdicts_on_assumption == 0 and figures.provisional_verdicts > 0
