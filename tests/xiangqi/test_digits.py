"""Issue 16: numbers in input text are ASCII digits only. ``str.isdigit`` accepts superscripts
(``¹``), which ``int`` refuses: each of these crashed with KIFU001 before. Full-width digits stay
notation, read through the normaliser."""

from __future__ import annotations

import pytest
from kifu.core.digits import is_ascii_number
from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import FenError, parse_fen
from kifu.xiangqi.formats.coords import dhtml_move_to_iccs
from kifu.xiangqi.reader import read_records

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"


def _reports(data: bytes, fmt: str = "pgn") -> list[RecordReport]:
    items, _ = read_records(data, fmt)
    return [check_record(record, findings, Options()) for record, findings in items]


def test_ascii_number_refuses_superscripts_and_full_width_digits() -> None:
    assert is_ascii_number("120") and not is_ascii_number("¹") and not is_ascii_number("８")
    assert not is_ascii_number("")


def test_superscript_in_a_fen_board_is_a_fen_error_not_a_crash() -> None:
    with pytest.raises(FenError):
        parse_fen(START.replace("9", "¹", 1) + " w - - 0 1")


@pytest.mark.parametrize("fields", ["w - - ¹ 1", "w - - 0 ⁸⁰", "w - - ⁰ ¹"])
def test_superscript_move_counters_in_a_record_fen_are_ignored_not_a_crash(fields: str) -> None:
    game = f'[Game "Chinese Chess"]\n[FEN "{START} {fields}"]\n\n1. 炮二平五 炮８平５ *\n'
    (report,) = _reports(game.encode())
    assert report.plies == 2 and not any(f.code == "KIFU001" for f in report.findings)


def test_superscript_dhtmlxq_coordinates_are_no_move() -> None:
    assert dhtml_move_to_iccs("7747") == "h2e2"
    assert dhtml_move_to_iccs("77⁴7") is None
    game = (
        "[DhtmlXQ]\n[DhtmlXQ_binit]"
        + "⁰" * 64
        + "[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]77⁴7[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
    )
    reports = _reports(game.encode(), "dhtml")
    assert reports and all(f.code != "KIFU001" for r in reports for f in r.findings)


def test_full_width_digits_are_still_notation() -> None:
    game = '[Game "Chinese Chess"]\n\n1. 炮二平五 炮８平５ 2. 马二进三 马８进７ *\n'
    (report,) = _reports(game.encode())
    assert report.plies == 4 and not report.findings


# the cbf campaign (seed 5, input 32356): a FEN counter of 4,407 digits, which int() refuses
_HUGE = "9" * 5000


def _check(text: str) -> list[Finding]:
    return [f for report in _reports(text.encode()) for f in report.findings]


def test_counters_of_thousands_of_digits_are_ignored_not_a_crash() -> None:
    text = f'[Game "Chinese Chess"]\n[FEN "{START} w - - {_HUGE} {_HUGE}"]\n\n1. 炮二平五 马８进７ *\n'
    findings = _check(text)
    assert "KIFU001" not in [f.code for f in findings]


def test_a_nag_of_thousands_of_digits_is_out_of_range() -> None:
    findings = _check(f'[Game "Chinese Chess"]\n\n1. 炮二平五 ${_HUGE} 马８进７ *\n')
    unreadable = [f.message[:14] for f in findings if f.code == "XQN001"]
    assert unreadable == ["NAG $999999999"]


def test_a_dhtmlxq_variation_number_of_thousands_of_digits_is_no_variation() -> None:
    text = (
        "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
        f"[DhtmlXQ_move_0_1_{_HUGE}]7062[/DhtmlXQ_move_0_1_{_HUGE}][/DhtmlXQ]"
    )
    assert "KIFU001" not in [f.code for f in _check(text)]
