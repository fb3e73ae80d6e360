"""Issue 13, notation: a typo names the move meant, and the rest of the game is checked with it
(assuming it when the moves after it prove it), so that later errors come in the same pass."""

from __future__ import annotations

import json
from pathlib import Path

from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import parse_fen
from kifu.xiangqi.notation.suggest import fold, suggest
from kifu.xiangqi.reader import read_records

from tests.golden import assert_golden

GOLDEN = Path(__file__).parent / "golden" / "verdicts"
AFTER_C3 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"


def _report(movetext: str) -> RecordReport:
    items, _ = read_records(f'[Game "Chinese Chess"]\n\n{movetext}\n'.encode(), "pgn")
    record, findings = next(items)
    return check_record(record, findings, Options())


def test_common_slips_fold_to_the_move_meant() -> None:
    assert fold("卒７近１") == fold("卒7进1") == fold("兵七进一")  # typo, full-width, numerals
    assert fold("车一乎二") == fold("俥1平2")
    board = parse_fen(AFTER_C3)
    assert suggest(board, "卒７近１") == (0, [suggest(board, "卒７进１")[1][0]])
    distance, near = suggest(board, "卒７进２")  # a soldier moves one point: a guess, not a slip
    assert distance == 1 and near


def test_a_typo_gives_one_error_naming_the_move_and_the_game_is_checked_on() -> None:
    """卒７近１ is one error at its column (it was two, out of column order), "did you mean"
    names 卒７进１ (the text is that move but for a look-alike character), the game goes on with
    it (the rest also fits other soldiers' moves: read, not proven): the later typo and the later
    illegal move are reported in the same pass, the last one with the readings no later move
    tells apart."""
    rep = _report(
        "1. 炮二平五 马８进７ 2. 兵七进一 卒７近１ 3. 马二进三 车９平８ "
        "4. 车一乎二 炮８进４ 5. 马八进七 车８进９ *"
    )
    found = [(f.code, f.span.column if f.span else None, f.ply) for f in rep.findings]
    assert found == [("XQN002", 22, 4), ("XQN002", 43, 7), ("XQ101", 61, 10)]
    first, second, third = (f.message for f in rep.findings)
    assert "did you mean 卒７进１ (g6g5)? The rest of the game was checked with it" in first
    assert "did you mean 车一平二 (i0h0)? The rest of the game was checked with it" in second
    assert "did you mean 车８进１ (h9h8) or" in third and third.endswith("(no later move tells them apart)")
    assert all(f.meant is None for f in rep.findings)
    assert rep.plies == 9
    data = [
        {k: v for k, v in f.to_dict().items() if k in ("code", "column", "ply", "position", "message")}
        for f in rep.findings
    ]
    assert_golden(GOLDEN / "typos_did_you_mean.json", json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def test_readings_the_rest_does_not_tell_apart_are_named_and_none_is_assumed() -> None:
    rep = _report("1. 炮二平五 马８进７ 2. 车一进四 马２进３ *")
    (finding,) = rep.findings
    assert finding.code == "XQ101" and finding.meant is None
    assert (
        "did you mean 车一进一 (i0i1) or 车一进二 (i0i2)? The rest of the game was checked under each "
        "(the rest of the game fits each" in finding.message
    )
    assert rep.plies == 4
