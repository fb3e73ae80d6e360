"""Issue 29, xiangqi: what was meant at a move that cannot be played, as the moves after it tell
(:mod:`kifu.core.lookahead` through :class:`~kifu.xiangqi.lookahead.XiangqiGame`); every slip in
one run, and no error-severity verdict resting on an assumed move.

Only evidence from the later moves decides: how far they play under each hypothesis. How near a
reading is to the text is no evidence, except that a text that is the move but for its writing
(a look-alike character, a front/rear marker slip, an ambiguous text's readings) names it before
readings one real slip away. A reading is assumed (the finding's ``meant``) only when the moves
after it play further under it than under every other legal move and structural slip; readings
they fit alike are named and none is assumed.
"""

from __future__ import annotations

import json

import kifu
import pytest
from kifu.core import lookahead as engine
from kifu.core.findings import Finding, Severity
from kifu.core.game import Options
from kifu.core.record import MoveNode
from kifu.core.results import RecordReport
from kifu.xiangqi.board import Board, move_name
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import START_FEN, parse_fen, write_fen
from kifu.xiangqi.lookahead import EDIT, XiangqiGame, candidates
from kifu.xiangqi.reader import read_records
from kifu.xiangqi.walk import Problem, Step, XiangqiVisitor, walk, walk_options

# 车二平四 mates: the black king on f9 cannot go to e9 (the kings would face) nor stay on file 四
MATE_FEN = "5k3/9/9/9/7R1/9/9/9/9/4K4 w - - 0 1"
#: a game of twenty plies (中炮过河车对屏风马) that checks clean, for the slips planted in it
GAME = [
    *("炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３", "兵七进一", "卒７进１"),
    *("车二进六", "炮８平９", "车二平三", "炮９退１", "马八进七", "士４进５", "马七进六", "炮９平７"),
    *("车三平四", "马７进８", "炮八平七", "车１平２"),
]


def _movetext(texts: list[str]) -> str:
    """``texts`` numbered two to a round, as a score sheet writes them on."""
    rounds = [f"{i // 2 + 1}. {' '.join(texts[i : i + 2])}" for i in range(0, len(texts), 2)]
    return " ".join(rounds) + " *"


def _report(movetext: str, fen: str | None = None, result: str | None = None) -> RecordReport:
    tags = '[Game "Chinese Chess"]\n' + (f'[FEN "{fen}"]\n' if fen else "")
    tags += f'[Result "{result}"]\n' if result else ""
    items, _ = read_records(f"{tags}\n{movetext}\n".encode(), "pgn")
    record, findings = next(items)
    return check_record(record, findings, Options())


def _errors(report: RecordReport) -> list[tuple[str, int | None]]:
    return [(f.code, f.ply) for f in report.findings if f.severity.label == "error"]


# --- the readings ----------------------------------------------------------------------------


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
    board = parse_fen(START_FEN)
    assert meant in [move_name(move) for move, _ in candidates(board, text, None)]


@pytest.mark.parametrize(
    ("fen", "text", "meant", "distance"),
    [
        (START_FEN, "炮二乎五", "h2e2", 0),  # the move but for a look-alike character
        (START_FEN, "前马进三", "h0g2", engine.AS_WRITTEN),  # a front/rear marker slip
        (START_FEN, "R2+3", "h0g2", EDIT),  # a letter wrong: a slip
        (START_FEN, "马二退三", "h0g2", EDIT),  # 退 for 进: a slip
        # two chariots on file 二: 车二进一 reads as either (the text as written)
        ("3k5/9/9/9/9/9/7R1/9/7R1/4K4 w - - 0 1", "车二进一", "h1h2", 0),
    ],
)
def test_a_reading_as_written_is_at_most_as_written_and_a_slip_farther(
    fen: str, text: str, meant: str, distance: int
) -> None:
    """The engine's tiers: a text that is the move but for its writing (a look-alike, a marker
    slip, an ambiguous text's readings) is at most :data:`~kifu.core.lookahead.AS_WRITTEN`
    from it, a one-character edit :data:`~kifu.xiangqi.lookahead.EDIT`."""
    found = {move_name(move): far for move, far in candidates(parse_fen(fen), text, None)}
    assert found[meant] == distance
    assert (distance <= engine.AS_WRITTEN) == (distance < EDIT)


def test_the_labels_count_rounds_from_the_slip() -> None:
    board = parse_fen(START_FEN)
    nodes = [MoveNode(text) for text in GAME[:4]]
    game = XiangqiGame(nodes, None, 1, True, len(board.history))
    after = game.copy(board)
    for text in GAME[:3]:
        move = game.read(after, GAME.index(text))
        assert move is not None
        game.push(after, move)
    assert game.label(board, 0) == "round 1, Red 炮二平五"
    assert game.label(after, 3) == "round 2, Black 车９平８"
    assert game.name(board, candidates(board, "炮二平五", None)[0][0]) == "炮二平五 (h2e2)"


# --- the look-ahead ------------------------------------------------------------------------------


def test_a_later_move_proves_the_reading_and_says_which() -> None:
    """炮平五 (the file left out) is 炮二平五 or 炮八平五; 2. 炮八进四 needs the cannon on file 八,
    3. 炮五进四 a cannon on file 五 (no other move puts one there): 炮二平五 is proven."""
    rep = _report("1. 炮平五 马８进７ 2. 炮八进四 车９平８ 3. 炮五进四 *")
    (finding,) = rep.findings
    assert finding.code == "XQN002" and finding.severity.label == "error"
    assert "did you mean 炮二平五 (h2e2)? The rest of the game was checked assuming it" in finding.message
    assert "(炮八平五 (b2e2): round 2, Red 炮八进四 cannot be played after it)" in finding.message
    assert finding.meant == "炮二平五"
    assert rep.plies == 5


def test_a_reading_the_rest_fits_but_does_not_prove_is_named_and_not_assumed() -> None:
    """Without 3. 炮五进四 the rest also plays after many other moves (a chariot's, a horse's):
    炮二平五 is the only reading that fits, the rest is checked with it, nothing is assumed."""
    rep = _report("1. 炮平五 马８进７ 2. 炮八进四 车９平８ *")
    (finding,) = rep.findings
    assert "did you mean 炮二平五 (h2e2)? The rest of the game was checked with it" in finding.message
    assert "(the rest of the game fits it, but also fits " in finding.message
    assert finding.meant is None
    assert rep.plies == 4


def test_readings_the_rest_fits_alike_to_its_end_are_named_and_the_check_goes_on() -> None:
    """3. 炮五进四 needs a cannon on file 五: either reading puts one there, no other move does."""
    rep = _report("1. 炮平五 马８进７ 2. 马二进三 车９平８ 3. 炮五进四 *")
    (finding,) = rep.findings
    assert "炮二平五 (h2e2)" in finding.message and "炮八平五 (b2e2)" in finding.message
    assert finding.message.endswith(
        "The rest of the game was checked under each (the rest of the game fits each)"
    )
    assert finding.meant is None
    assert rep.plies == 5


def test_a_later_text_no_move_explains_is_no_slip_of_any_reading() -> None:
    """The rest plays alike under 炮二平五 and 炮八平五 up to 车车车车, which no hypothesis reads:
    both are named, and 车车车车, after which 马２进３ plays under any legal move, fits none."""
    rep = _report("1. 炮平五 马８进７ 2. 马二进三 车９平８ 3. 车车车车 马２进３ *")
    first, second = rep.findings
    assert "did you mean 炮八平五 (b2e2) or 炮二平五 (h2e2)?" in first.message
    assert first.meant is None
    assert (second.ply, second.meant) == (5, None)
    assert "; no reading of it fits the moves after it; they play after " in second.message
    assert second.message.endswith("The rest of the game (1 more ply) was not checked")
    assert rep.plies == 4


def test_a_text_no_reading_of_which_fits_is_no_slip_and_the_move_the_rest_proves_is_named() -> None:
    """车九进三 (the chariot would take its own soldier) reads as 车九进一 or 车九进二, but 5. 车二进六
    needs a chariot on file 二: only 车一平二 lets the rest be played. The text is no slip of a
    reading: no reading fits, and the move the later moves prove is named (and assumed)."""
    texts = [*GAME[:4], "车九进三", *GAME[5:]]
    rep = _report(_movetext(texts))
    (finding,) = rep.findings
    assert finding.code == "XQ101" and finding.ply == 5
    assert (
        "; no reading of it fits the moves after it (车九进一 (a0a1) and 车九进二 (a0a2): " in finding.message
    )
    assert (
        "round 5, Red 车二进六 cannot be played after them); they play only after 车一平二 (i0h0)"
        in finding.message
    )
    assert finding.message.endswith("The rest of the game was checked assuming it")
    assert finding.meant == "车一平二" and rep.plies == 20


def test_a_move_no_reading_of_which_fits_is_not_assumed_when_it_needs_a_later_slip_too() -> None:
    """The game played C2+1 and C2-1, written C2+9 and R2-1 (and K5+1 for K5-1 later). Only R1+1
    lets R2-1 play as written, but it needs the later K5+1 read as a slip, as the reading C2+1
    needs R2-1 and K5+1: one slip fewer is no proof of a move the text does not describe. It is
    named, not assumed, and nothing after it is checked (no error on a move the game played)."""
    rep = _wxf_report(
        "1. C8+7 C2+9 2. C2+7 C8+1 3. K5+1 R1.2 4. K5.6 K5+1 5. C2.4 K5+1 6. C4.7 R2-1 7. C7.3 R9.7 "
        "8. P5+1 P1+1 9. K6.5 C8-1 10. E7+9 K5.4 11. R1+1 R7.9 12. K5-1 R9.5 13. R1.6 K4.5 14. P5+1 "
        "C2+6 15. R6.8 C8+6 16. P5+1 K5+1 17. R8.2 R2+9 18. R9.8 P7+1 19. R2+3 P1+1 20. R2.9 P7+1 "
        "21. P7+1 P7+1 22. R9+4 *"
    )
    (finding,) = [f for f in rep.findings if f.severity is Severity.ERROR]
    assert (finding.code, finding.ply, finding.move, finding.meant) == ("XQN007", 2, "C2+9", None)
    assert "炮２进１ (b7b6): round 6, Black R2-1 cannot be played after it" in finding.message
    assert finding.message.endswith(
        "; they play after 车１进１ (a9a8), if round 16, Black K5+1 is a slip too. "
        "The rest of the game (41 more plies) was not checked"
    )


def test_a_half_move_left_out_thirteen_plies_before_the_move_that_cannot_be_played_is_found() -> None:
    """Red's R9.8 of round 3 left out, and each side plays the other's WXF moves as written for
    thirteen half-moves. At R8+2 every reading stops at the next move, and P3+1 plays on only with
    R8-2 read as a slip: the line would end there. Asked again further back, the look-ahead finds
    the gap (was an error on R8+2, which the game played, and the rest unchecked; before that, one
    wrong move assumed after another). Black wrote R9.8 too: Red's gap before it, or Black's
    after Red's R9.8, is the same game, and both are named."""
    rep = _wxf_report(
        "1. C2+3 P5+1 2. C2+4 C2+7 3. R9.8 P9+1 4. C8.4 C8+2 5. C4+4 E3+1 6. R8+9 R1.2 7. P7+1 C8+4 8. "
        "A6+5 C8-4 9. R1+2 R8+2 10. C4.7 R8-2 11. C7.3 C8-1 12. C3.9 C8.1 13. A5+6 C1.4 14. A6-5 E1-3 "
        "15. P5+1 R8+9 16. P5+1 R8.7 17. A5+4 E3+5 18. P5+1 R7-3 19. R1.3 E7+5 20. R3-2 C4.8 21. K5+1 "
        "R7.9 22. K5-1 R2+8 23. R3+2 R9.1 24. R3+1 R2.5 25. K5+1 C8-2 26. K5+1 R1.5 27. R3.5 C8.3 28. "
        "R5.2 C3+8 29. A4-5 C3-3 30. R2.7 A4+5 31. R7.2 E5-7 32. R2-3 E7+5 33. R2.1 E5+3 34. K5.6 E3-5 "
        "35. R1+5 E5-7 36. A5+4 E7+9 37. R1+2 A5-4 38. R1-7 K5+1 39. R1.2 K5+1 40. R2+1 K5-1 41. R2+6 "
        "K5.6 42. R2-1 *"
    )
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move) == ("XQ113", 6, "P9+1")
    assert finding.message == (
        "Black's 3rd move seems to be missing before 4. P9+1, or a move left out before 3. R9.8; the "
        "rest of the game plays after 3... 车９平８ (i9h9), and was checked assuming the first"
    )


def test_the_last_move_of_a_line_is_read_but_not_proven() -> None:
    rep = _report("1. 炮二平五 马８进７ 2. 马二进三 车９乎８ *")
    (finding,) = rep.findings
    assert finding.message.endswith(
        "did you mean 车９平８ (i9h9)? The rest of the game was checked with it (no later move confirms it)"
    )
    assert finding.meant is None
    [last] = _report("1. 炮平五 *").findings
    assert last.message.endswith("(no later move tells them apart)")


def test_several_slips_are_each_reported_in_one_run() -> None:
    """Three slips of three kinds (a look-alike, a file left out, 进 for 退), each read: three
    errors, each at its own ply, and none elsewhere."""
    rep = _report(
        "1. 炮二乎五 马８进７ 2. 马二进三 车９平８ 3. 炮平四 马２进３ 4. 马八退七 炮８进４ 5. 炮八进四 *"
    )
    assert [ply for _, ply in _errors(rep)] == [1, 5, 7]
    assert all("The rest of the game was checked with it" in f.message for f in rep.findings)
    assert rep.plies == 9


def test_a_clean_record_never_runs_the_look_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("the look-ahead ran on a clean record")

    monkeypatch.setattr("kifu.xiangqi.walk.settle", fail)
    rep = _report(_movetext(GAME))
    assert _errors(rep) == [] and rep.plies == 20


# --- moves out of order: left out, written twice, swapped ----------------------------------


def test_a_half_move_left_out_is_named_when_the_rest_decides_it() -> None:
    """Red's 车一平二 left out, the later moves shifted into the other column: only 车一平二 lets
    3... 马２进３ and the rest be played (5. 车二进六 needs the chariot on file 二)."""
    rep = _report(_movetext([*GAME[:4], *GAME[5:]]))
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move) == ("XQ113", 5, "马２进３")
    assert finding.message == (
        "Red's 3rd move seems to be missing before 3... 马２进３; the rest of the game plays if it "
        "was 3. 车一平二 (i0h0) (the only legal move that lets it)"
    )
    assert finding.meant == "车一平二"
    assert rep.plies == 20  # the move in the gap is played: the game is whole again


def test_a_half_move_left_out_that_the_rest_does_not_decide_is_checked_under_the_first() -> None:
    """Black's 车９平８ left out under the game's own numbers (no XQN017: the numbering is
    understood); several Black moves let the rest be played: named, none assumed, and a verdict
    after it is provisional."""
    movetext = "1. 炮二平五 马８进７ 2. 马二进三 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ *"
    rep = _report(movetext, result="1-0")
    codes = [f.code for f in rep.findings]
    assert codes == ["XQ113"]
    (finding,) = rep.findings
    assert finding.message.startswith("Black's 2nd move seems to be missing before 3. 车一平二")
    assert "; the rest of the game plays after any of " in finding.message
    assert finding.message.endswith("and was checked assuming the first")
    assert finding.meant is None


def test_a_move_written_twice_is_passed_over() -> None:
    texts = [*GAME[:5], GAME[4], *GAME[5:]]
    rep = _report(_movetext(texts))
    (finding,) = rep.findings
    assert (finding.code, finding.ply) == ("XQ114", 6)
    assert finding.message == (
        "3... 车一平二 is the move before it written again; the rest of the game was checked without it"
    )
    assert finding.meant is None  # (no move is played in its stead)
    assert rep.plies == 20


def test_two_moves_of_one_side_swapped_are_played_exchanged() -> None:
    texts = [GAME[0], GAME[1], GAME[4], GAME[3], GAME[2], *GAME[5:]]
    rep = _report(_movetext(texts))
    (finding,) = rep.findings
    assert (finding.code, finding.ply) == ("XQ115", 3)
    assert finding.message == (
        "2. 车一平二 and 3. 马二进三 seem to be written in each other's place; the rest of the game was "
        "checked with them exchanged"
    )
    assert finding.meant == "马二进三"
    assert rep.plies == 20


#: an opening in WXF (symmetric: a text names a move of either side), 14 plies
WXF = [
    *("C2.5", "H8+7", "H2+3", "R9.8", "R1.2", "C2+4", "R2+6"),
    *("H2+3", "H8+7", "P3+1", "P3+1", "R1.2", "R9.8", "C8-1"),
]
#: Black mirrors Red: with a move left out, either side plays the other's texts for long
MIRRORED = [
    *("炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９平８", "车二进四", "车８进４"),
    *("马八进七", "马２进３", "车九平八", "车１平２", "兵三进一", "卒７进１", "兵七进一", "卒３进１"),
]


def test_a_half_move_left_out_is_said_where_the_other_side_played_on() -> None:
    """Black's H8+7 left out: Black can play Red's H2+3 (b9c7), and only R9.8 after it cannot be
    played. The hypothesis starts a move back: the finding is on H2+3, Black's first move is
    missing before it, and the game is replayed whole from there."""
    rep = _report(_movetext([WXF[0], *WXF[2:]]))
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move) == ("XQ113", 2, "H2+3")
    assert finding.message.startswith("Black's 1st move seems to be missing before 2. H2+3; ")
    assert "1... 马８进７ (h9g7)" in finding.message  # (and 马８进９: the rest does not decide)
    assert rep.plies == 14


def test_a_half_move_left_out_a_few_moves_before_the_move_that_cannot_be_played() -> None:
    """Red's R9.3 left out at ply 7: Red plays Black's E3+5, Black Red's R9.8 …, four plies on
    until a move cannot be played; asked again three moves back, the look-ahead finds the gap."""
    movetext = (
        "1. R9+2 A4+5 2. C2+2 E7+9 3. C8+7 R1.2 4. E3+5 C2+5 5. R9.8 K5+1 6. E5-7 E3+5 7. C2.1 H2+1 "
        "8. R2+9 P1+1 9. C1+4 H1-2 10. R2.3 E5+3 11. C8+2 P5+1 12. R8+2 P7+1 13. R3.4 R3-2 14. R4.6 "
        "K5.6 15. C8.3 H2+1 16. P5+1 P7+1 17. R6-4 P5+1 18. R6.7 P1+1 19. R7+1 R3.4 20. P3+1 *"
    )
    rep = _report(movetext)
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move, finding.meant) == ("XQ113", 7, "E3+5", "R9.3")
    assert finding.message == (
        "Red's 4th move seems to be missing before 4... E3+5; the rest of the game plays if it was "
        "4. 车九平三 (a2g2) (the only legal move that lets it)"
    )
    assert rep.plies == 40


def test_a_garbled_text_the_rest_plays_after_is_no_left_out_move_a_few_moves_back() -> None:
    """R1-2 is garbled (the game played P1+1): the moves after it play to the end after P1+1 or
    P9+1. Asked again three moves back, the look-ahead finds that Red's first move left out, the
    columns shifted, also lets them play (the opening is symmetric and WXF counts each side's
    files from its own right), but only with a later slip read past: that explains less, and no
    move before the garbled one is an error."""
    movetext = (
        "1. C2+3 C8+7 2. C2.9 R1-2 3. R1.2 C2+7 4. R9.8 K5+1 5. C8.3 P3+1 6. R2+9 K5+1 7. R2.3 "
        "R9.7 8. P7+1 R1+1 9. P7+1 R7+2 10. C3+4 H2+3 11. K5+1 R1.8 12. E7+5 R8+3 13. C3.4 R7+4 "
        "14. P7.6 R8-3 15. P1+1 R8.6 16. C4+3 R6+6 17. C4.7 R7+3 18. E5-3 H3+4 19. C7.8 R6+2 20. "
        "C8-4 R6.4 21. C8-1 R4-4 22. R8+2 R4.9 23. R8.7 R9.6 24. C8.9 R6-5 25. R7+5 H4-3 26. C9.1 "
        "R6+9 27. P5+1 H3-1 28. K5+1 R6-1 29. C1-2 P5+1 30. P5+1 P9+1 31. K5.6 H1+3 32. C1.4 *"
    )
    rep = _report(movetext)
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move, finding.meant) == ("XQN007", 4, "R1-2", None)
    assert "they play after 卒１进１ (a6a5) or 卒９进１ (i6i5)" in finding.message


def test_a_half_move_left_out_five_moves_before_the_move_that_cannot_be_played() -> None:
    """Black's K5.6 of round 4 left out: the sheet plays on, shifted, five plies before a move
    cannot be played, where every reading stops at the next move. Asked again three moves back
    (its hypotheses start up to three more back), the look-ahead finds the gap, and the rest of
    the game plays."""
    movetext = (
        "1. C8+7 C8+7 2. C8.6 C2+6 3. C6.4 E3+1 4. P5+1 R1.2 5. C2.5 K5+1 6. P1+1 P7+1 7. R1.3 "
        "C2+4 8. P3+1 C2.5 9. P3+1 P5+1 10. R3+2 R2+9 11. R3+2 C5.1 12. R3.5 E3+5 13. R5+3 E7+5 "
        "14. R9.8 E5+7 15. R8+9 P3+1 16. R8.6 P1+1 17. R6-4 H8+6 18. R6.7 K5-1 19. R7.6 C1+1 20. "
        "R6.8 H6+5 21. R8.9 C1.7 22. R9-1 H5+6 23. R9.4 R9+1 24. R4+5 K5+1 25. R4.3 C7-7 26. E7+9 "
        "R9-1 27. K6+1 C7.5 28. P1+1 C5.4 29. E9+7 C4.7 30. P1+1 R9+3 31. E1-3 C7+9 32. E7-5 C7-2 "
        "33. E5+3 R9+1 34. E3-1 C7.2 35. E1-3 C2-2 36. E3+1 C2-5 37. K6+1 R9+3 38. K6-1 R9.6 39. "
        "P7+1 R6.2 40. P7+1 C2.9 41. P7.8 R2-3 42. K6-1 C9.4 43. K6+1 E7-9 44. K6+1 E9+7 45. K6-1 "
        "C4.1 46. K6+1 R2-1 47. K6-1 R2.5 48. K6-1 R5.9 49. K6+1 E7-9 50. K6+1 C1+5 51. K6-1 K5.6 "
        "52. K6.5 C1+1 53. K5+1 C1.5 54. K5-1 C5.1 55. K5-1 C1+2 56. K5.6 *"
    )
    rep = _report(movetext)
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move, finding.meant) == ("XQ113", 8, "R1.2", "K5.6")


def test_a_half_move_left_out_four_moves_before_the_move_that_cannot_be_played_is_found() -> None:
    """Black's R1.2 of round 4 left out, the later moves written on in order: in WXF each side
    plays the other's moves for four half-moves. A gap three moves back (Red's P9+1 before 5.
    C8-1) plays further than any reading but needs later slips; the true gap, four back, lets
    every move play as written. Looked for three moves back only, the wrong gap was assumed and
    seven moves the game played legally were errors."""
    rep = _wxf_report(
        "1. C2+7 R9.8 2. A6+5 P5+1 3. C8+7 P1+1 4. A5-6 P9+1 5. C8-1 P1+1 6. P1+1 R9+4 7. C2-1 R9-2 "
        "8. C8+4 R9.3 9. C8+1 R3.6 10. C8.5 R6+7 11. K5.4 R1+3 12. C5.9 H2+1 13. C9.3 E7+5 "
        "14. E7+9 H1-2 15. C3.5 E5-7 16. C5.1 E3+5 17. R8+9 K5+1 18. R8.6 E5-3 19. R6.4 P1+1 "
        "20. R4.7 P1+1 21. R7.3 P1.2 22. R3.2 P2.1 23. C2+3 P1+1 24. C2+2 P1+1 25. C1.7 K5.4 "
        "26. R+.1 P1.2 27. R1-6 P2.1 28. R2+5 K4-1 29. R2.7 K4+1 30. C7.4 K4+1 31. C4.8 P1+1 "
        "32. R7.9 P1.2 33. C2-4 P2.3 34. C2.9 P3.4 35. R1+1 P4.3 36. R9.3 K4.5 37. R1.4 P3.4 "
        "38. C8-2 K5-1 39. R3.7 P4.3 40. R7+1 K5+1 41. C9.1 K5.4 42. R4+5 K4-1 43. R4.6 K4-1 "
        "44. C1.4 P3.2 45. R7.5 *"
    )
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move) == ("XQ113", 8, "P9+1")
    assert finding.message == (
        "Black's 4th move seems to be missing before 5. P9+1; the rest of the game plays if it "
        "was 4... 车１平２ (a9b9) (the only legal move that lets it)"
    )


def test_a_gap_a_later_slip_would_explain_a_move_late_is_found_where_it_is() -> None:
    """Black's P9+1 of round 7 left out: three moves back, a gap one move later (Red's P3+1)
    lets the rest play only with three later moves read as slips; asked again further back, the
    gap where it is explains them all, and no later move is an error. Two moves fill it."""
    movetext = (
        "1. C8+7 C8+7 2. R1.2 R1.2 3. C2+5 C2+5 4. C2-5 P3+1 5. P3+1 A6+5 6. C2+1 C2+1 7. C2+1 "
        "P3+1 8. R2+2 C2.4 9. R2.1 K5+1 10. C2-8 R2+9 11. C2+6 R2.3 12. R9.7 P3.2 13. C2.5 P2.1 "
        "14. C5.1 R9+3 15. P1+1 K5.6 16. R1-2 C4.8 17. A5-6 R9+2 18. R1+4 C8+3 19. R7.8 P++1 20. "
        "R1-4 C8.1 21. E3+5 E3+1 22. R1.3 H8+9 23. R3.2 C1.3 24. R8+5 A4+5 25. E5-3 A5+4 26. A4+5 "
        "E1-3 27. R2+2 C3.7 28. R2.3 P++1 29. R3.9 H9-7 30. R9+4 A6+5 31. R8+3 H7-9 32. R9.3 H9+7 "
        "33. R3.9 E7+9 34. R9.2 H7+8 35. R8.5 K6+1 36. A5+4 A4-5 37. P3+1 K6.5 38. A4-5 H8-9 39. "
        "A5-4 E9+7 40. P5+1 E7-9 41. K5+1 K5.6 42. E3+5 K6.5 43. E5+3 E9-7 44. K5-1 H9+8 45. P7+1 "
        "H8+7 46. A6+5 K5.6 47. A5+4 H7-6 48. A4-5 H6+5 49. A5+4 H5+6 50. K5+1 H6-5 51. K5.6 E7+9 "
        "52. P7+1 H5+7 53. P7.6 E3+5 54. K6.5 H7+9 55. K5.6 E5-3 56. P6.7 H9-7 *"
    )
    rep = _report(movetext)
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move) == ("XQ113", 14, "P3+1")
    assert "plays after any of 7... 卒５进１ (e6e5) or 7... 卒９进１ (i6i5), and" in finding.message


def test_a_move_written_for_the_other_side_is_where_a_half_move_was_left_out() -> None:
    """Red's first move left out of a game Black mirrors: every move plays as written, the other
    side's, for eight plies; the Chinese texts say whose they are (炮８平５ is Black's, 马二进三
    Red's), and the look-ahead finds the gap at the first of them."""
    rep = _report(_movetext(MIRRORED[1:]))
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move) == ("XQ113", 1, "炮８平５")
    assert finding.message.startswith("Red's 1st move seems to be missing before 1... 炮８平５; ")
    assert rep.plies == 16


def test_one_move_written_with_the_other_sides_characters_is_no_gap() -> None:
    """卒 for 兵 once (the next move is written for its side): no move is missing, nothing to say."""
    texts = ["卒三进一" if text == "兵三进一" else text for text in MIRRORED]
    assert texts != MIRRORED
    rep = _report(_movetext(texts))
    assert rep.findings == []
    assert rep.plies == 16


def test_a_black_move_numbered_with_reds_next_round_is_where_a_half_move_was_left_out() -> None:
    """WXF says nothing of the side, but the numbers do: Black's first move left out, 2. H2+3 is
    played by Black as written (b9c7), and the number says it is Red's second."""
    rep = _report("1. C2.5 2. H2+3 H8+7 3. R1.2 R9.8 4. R2+4 R8+4 5. H8+7 H2+3 6. R9.8 R1.2 *")
    codes = [(f.code, f.ply) for f in rep.findings]
    assert codes == [("XQ113", 2)]  # (and no XQN017: the numbering is understood)
    assert rep.findings[0].message.startswith("Black's 1st move seems to be missing before 2. H2+3; ")


def test_two_moves_swapped_of_which_the_first_could_be_played_are_named() -> None:
    """C2.5 and H2+3 exchanged: H2+3 plays first, C2.5 two plies later cannot (the horse's leg);
    the exchange, which starts two moves back, is named with the reading that fits as well."""
    rep = _report(_movetext([WXF[2], WXF[1], WXF[0], *WXF[3:]]))
    (finding,) = rep.findings
    assert (finding.code, finding.ply) == ("XQ101", 3)
    assert "or were 1. H2+3 and 2. C2.5 written in each other's place?" in finding.message


class _Moves(XiangqiVisitor[list[str]]):
    """The moves played (UCCI, ``*`` when assumed) and the variations, with the FEN of each."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def move(self, step: Step) -> None:
        mark = "*" if step.assumed else ""
        self.events.append(f"{step.depth} {step.ply} {move_name(step.move)}{mark} {step.node.text}")

    def begin_variation(self, depth: int) -> None:
        self.events.append("(")

    def end_variation(self) -> None:
        self.events.append(")")

    def unplayable(self, problem: Problem) -> None:
        self.events.append(f"unplayable {problem.ply} {problem.node.text}")

    def result(self) -> list[str]:
        return self.events


def _walked(movetext: str) -> list[str]:
    items, _ = read_records(f'[Game "Chinese Chess"]\n\n{movetext}\n'.encode(), "pgn")
    record, _ = next(items)
    options = walk_options(record, {}, assume=True)
    assert not isinstance(options, Finding)
    return walk(record, options, _Moves())


def test_the_walk_plays_the_move_left_out_as_its_own_step_and_variations_after_it() -> None:
    """The move in the gap is an assumed step of the text's node; the text's variation replaces
    the text's move, from the position after the gap."""
    events = _walked(
        "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 马２进３ (3. 马２进１) 兵七进一 4. 卒７进１ 车二进六 *"
    )
    assert events[:7] == [
        "0 1 h2e2 炮二平五",
        "0 2 h9g7 马８进７",
        "0 3 h0g2 马二进三",
        "0 4 i9h9 车９平８",
        "unplayable 5 马２进３",
        "0 5 i0h0* 马２进３",
        "0 6 b9c7 马２进３",
    ]
    assert events[7:10] == ["(", "1 6 b9a7 马２进１", ")"]
    assert events[10:] == ["0 7 c3c4 兵七进一", "0 8 g6g5 卒７进１", "0 9 h0h6 车二进六"]


def test_the_walk_passes_over_a_move_written_twice_and_plays_swapped_moves_exchanged() -> None:
    twice = _walked("1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 车一平二 马２进３ *")
    assert twice[4:] == ["0 5 i0h0 车一平二", "unplayable 6 车一平二", "0 6 b9c7 马２进３"]
    swapped = _walked("1. 炮二平五 马８进７ 2. 车一平二 车９平８ 3. 马二进三 马２进３ 4. 车二进六 *")
    assert swapped[2:7] == [
        "unplayable 3 车一平二",
        "0 3 h0g2* 车一平二",
        "0 4 i9h9 车９平８",
        "0 5 i0h0* 马二进三",
        "0 6 b9c7 马２进３",
    ]


def test_a_slip_in_a_variation_is_read_and_the_main_line_goes_on() -> None:
    rep = _report(
        "1. 炮二平五 马８进７ 2. 马二进三 (2. 马八进七 车９平８ 3. 车九平八 马２进３) 车９平８ 3. 车一平二 *"
    )
    assert rep.findings == []
    rep = _report(
        "1. 炮二平五 马８进７ 2. 马二进三 (2. 马八进七 车９平８ 3. 车九乎八 马２进３) 车９平８ 3. 车一平二 *"
    )
    (finding,) = rep.findings
    assert finding.code == "XQN002" and finding.message.startswith("variation, round 3, Red")
    assert "The rest of the variation was checked with it" in finding.message
    assert rep.plies == 5


def test_a_missing_move_in_a_variation_is_said_so() -> None:
    """Red's move left out after 1... 马２进３: 车１平２ is Black's (b9 is empty), and the variation's
    later moves are written on in order (no XQN017: the numbering is understood)."""
    rep = _report("1. 炮二平五 马８进７ (1... 马２进３ 2. 车１平２ 马二进三 3. 车２进１) 2. 马二进三 *")
    (finding,) = rep.findings
    assert finding.code == "XQ113" and finding.ply == 3
    assert finding.message.startswith("variation, Red's 2nd move seems to be missing before 2... 车１平２")
    assert "the rest of the variation plays after any of" in finding.message
    assert rep.plies == 3


# --- verdicts on assumed moves ---------------------------------------------------------------


def test_the_issue_example_is_a_provisional_warning_not_a_checkmate_error() -> None:
    """``1. 车二乎四 0-1``: the mate exists only under 车二平四, read (the text is that move but for
    a look-alike character) and not proven (no move after it). XQ202 is a warning that says "if
    the intended move was", with the assumption; the outcome is marked assumed."""
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


def test_a_verdict_after_a_tie_is_provisional_and_names_each_reading() -> None:
    rep = _report("1. 炮平五 马８进７ 2. 马二进三 车９平８ 3. 炮八进四 1-0")
    assert rep.outcome is None
    [finding] = [f for f in rep.findings if f.severity.label == "error"]
    assert finding.meant is None


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


def test_the_board_of_a_finding_is_the_position_before_it() -> None:
    rep = _report(_movetext([*GAME[:4], *GAME[5:]]))
    (finding,) = rep.findings
    board: Board = parse_fen(START_FEN)
    game = XiangqiGame([MoveNode(text) for text in GAME[:4]], None, 1, True, 0)
    for index in range(4):
        move = game.read(board, index)
        assert move is not None
        board.push(move)
    assert finding.position == write_fen(board, 4, 3)


# --- generated games (pyffish) -------------------------------------------------------------------


def test_generated_games_with_planted_slips() -> None:
    """Random legal games (pyffish, seeded) in kifu's notations with 1–3 planted slips. Printed:
    the figures (``python -m tests.xiangqi.slips --records 2000`` for larger counts). A slip is
    never read as another move, no error falls on a move the game played legally, and no
    error-severity verdict rests on an assumed move; how many are proven depends on the games
    (only the later moves decide: a reading the rest also fits under other moves is named, not
    assumed)."""
    pytest.importorskip("pyffish")
    from tests.xiangqi.slips import run

    figures = run(80, seed=0)
    print("\n" + "\n".join(figures.lines()))
    assert figures.single_wrong == 0
    assert figures.multi_all_reported >= 0.9 * figures.multi
    assert figures.games_with_false_error == 0
    assert figures.error_verdicts_on_assumption == 0


def _wxf_report(movetext: str) -> RecordReport:
    items, _ = read_records(f'[Game "Chinese Chess"]\n\n{movetext}\n'.encode(), "pgn")
    record, findings = next(items)
    return check_record(record, findings, Options())


def test_two_moves_swapped_around_the_reply_that_cannot_be_played_are_put_back() -> None:
    """4. C8.6 and 5. H2+1 written in each other's place: Black's R1.4 between them cannot be
    played (the horse has not left h0), and the two Red moves are exchanged."""
    rep = _wxf_report(
        "1. C2+7 A4+5 2. C2.4 A5-6 3. C8+7 E3+1 4. H2+1 R1.4 5. C8.6 R4+9 6. K5.6 E1-3 7. K6+1 P5+1 "
        "8. A4+5 C2+4 9. A5+4 C2.5 10. K6+1 C8.9 11. P3+1 C5.1 12. A4-5 C9+4 13. A5+4 C9.8 *"
    )
    (finding,) = [f for f in rep.findings if f.severity is Severity.ERROR]
    assert (finding.code, finding.ply, finding.move) == ("XQ115", 7, "H2+1")
    assert finding.message == (
        "4. H2+1 and 5. C8.6 seem to be written in each other's place; the rest of the game was "
        "checked with them exchanged"
    )


def test_a_move_written_twice_that_the_other_side_could_play_is_found_where_the_game_stops() -> None:
    """R9+2 written again: in WXF Red can play Black's R9+2 too, and each side plays the other's
    moves until one cannot be played; the look-ahead finds the duplicate a few moves back (the
    moves to the end tell it from a Black move left out: cut after round 13, the record fits
    that too)."""
    rep = _wxf_report(
        "1. C8+7 P9+1 2. E3+1 R9+2 3. R9+2 P3+1 4. C8+7 R1.2 5. P7+1 P7+1 6. C2.4 C8.6 7. P7+1 C6.4 "
        "8. H8+7 E1+3 9. K5.6 A6+5 10. R1+1 C2.3 11. C4+6 C3.4 12. K6+1 P7+1 13. P3+1 C4-1 "
        "14. C4+1 K5.6 15. K6.5 E7+5 16. E3+1 A5+4 17. R1.2 C4.8 18. R2+7 R2+1 19. R2.8 K6.5 "
        "20. R8.7 K5.6 21. H7+8 E5+7 22. H8-7 A4-5 23. P9+1 P1+1 24. R7-3 R9+2 25. P3+1 H8+6 "
        "26. R9+3 R9.4 27. R7-2 R4+5 28. R7+2 R4.6 29. R7.6 R6.3 30. R6+4 A5-4 31. E7+9 *"
    )
    (finding,) = [f for f in rep.findings if f.severity is Severity.ERROR]
    assert (finding.code, finding.ply, finding.move, finding.meant) == ("XQ114", 5, "R9+2", None)
    assert finding.message == (
        "3. R9+2 is the move before it written again; the rest of the game was checked without it"
    )


def test_a_move_written_twice_just_before_the_last_move_is_named_there() -> None:
    """K5.6 written again in Black's column (Black's king can play it too), and Black's A5+4
    after it in Red's: Red has no advisor. With no later move, a hypothesis a move back is asked
    only where the same text stands twice; the copy is named, none assumed, and the last move,
    which the game played, is no error of its own."""
    rep = _wxf_report(
        "1. A4+5 C8+7 2. A5-4 C2+7 3. C2+5 C8.6 4. C2.4 H2+3 5. K5.4 C2.4 6. P9+1 C4.1 7. E7+5 C1.7 "
        "8. E5+3 C7-4 9. C4.3 A6+5 10. C8+7 C7-3 11. C8-9 C7+4 12. C8+9 C7.3 13. R1+1 C3.9 "
        "14. R1-1 R9+1 15. C8.6 H3-4 16. R1+3 A5+6 17. R1+3 R9+2 18. P5+1 R9-3 19. P9+1 P1+1 "
        "20. K4+1 P3+1 21. K4-1 K5.6 22. K4+1 H4+6 23. P5+1 P5+1 24. K4+1 A6-5 25. K4.5 K6.5 "
        "26. K5.6 H8+7 27. K6.5 R1+1 28. K5.6 K5.6 A5+4 *"
    )
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move, finding.meant) == ("XQ113", 55, "K5.6", None)
    assert "28... K5.6 written twice (no later move tells them apart)" in finding.message


#: Red's 3. K5.4 never written (WXF): the first move that cannot be played is 13... K4+1
GAP_TWENTY_PLIES_BACK = (
    "1. C8+3 C8+7 2. C8+4 C8.6 3. C2+5 E7+5 4. C2-6 C2.4 5. R1.2 E5-7 6. C2.9 C4.5 7. P7+1 H8+7 "
    "8. C9+5 R1+3 9. R2+9 H7-9 10. K5+1 R1+2 11. P9+1 R9.8 12. P9+1 C5+4 13. P1+1 K4+1 "
    "14. R9+3 R8+5 15. R9.5 R8.9 16. R5+3 R9.3 17. R5.7 K4-1 18. R7.3 R3+3 19. K5-1 R3+1 "
    "20. R3.1 H9+7 21. P3+1 R3.4 22. K5+1 R4.2 23. R1-4 R2-2 24. R1.8 H7-8 25. R8.6 *"
)


def test_a_half_move_left_out_twenty_plies_before_the_first_move_that_cannot_be_played_is_found() -> None:
    """Red's 3. K5.4 never written: Black then plays Red's moves, and Red Black's, up to 13... K4+1
    twenty-one plies on (no black king on file 4). Asked again 3, 8, 13 and 18 moves back, the
    look-ahead finds the gap where it is, the only move that lets the rest play, rather than an
    error on K4+1, which the game played, and the rest of the game unchecked. The mate the game
    ends in is provisional: it rests on the move put in the gap."""
    rep = _wxf_report(GAP_TWENTY_PLIES_BACK)
    assert _errors(rep) == [("XQ113", 5)]
    (gap,) = (f for f in rep.findings if f.code == "XQ113")
    assert gap.meant == "K5.4"
    assert "the rest of the game plays if it was 3. 帅五平四 (e0f0)" in gap.message
    # the mate after it rests on the gap: a half-move left out, nothing written for it
    (mate,) = (f for f in rep.findings if f.code == "XQ203")
    assert mate.message.startswith("if the intended move was K5.4 (ply 5, left out): result *")
    assert mate.assumption is not None and (mate.assumption.ply, mate.assumption.written) == (5, "")


def test_a_gap_found_moves_before_the_move_that_cannot_be_played_is_inserted_without_its_reasons() -> None:
    """The fix puts K5.4 in the gap and numbers the rounds after it again. The look-ahead's reasons
    there are about the readings of a later move (5... C2.4 read as 炮２平４), which a comment on
    the inserted move would leave unexplained: it says the record left the move out, as chess's
    does, and the assumption carries no reason either."""
    fixed = kifu.fix(f'[Game "Chinese Chess"]\n\n{GAP_TWENTY_PLIES_BACK}\n', game="xiangqi", unsafe=True)
    inserted = "3. K5.4 {kifu: Red's move K5.4 inserted before 3... C2+5: the record left it out} C2+5"
    assert f"2. C8+4 C8.6 {inserted} 4. E7+5 C2-6 5. C2.4 R1.2" in fixed.text
    (mate,) = (f for f in _wxf_report(GAP_TWENTY_PLIES_BACK).findings if f.code == "XQ203")
    assert mate.assumption is not None and mate.assumption.reason == ""


def test_a_copy_the_other_side_plays_is_found_before_the_look_ahead_is_spent() -> None:
    """Black's 6... P1+1 written again: Red's pawn plays it, and the first move that cannot be
    played is the next, K5+1, in Black's place. Some 200 left-out moves up to five half-moves
    back play a while too in WXF; read past three later slips each, they spent
    the record's look-ahead there, and a wrong gap was assumed, with errors on 9. C8.9 and
    10. C9.6, which the game played. Only hypotheses that can still tie the copy are read past."""
    rep = _wxf_report(
        "1. C2+2 C2+7 2. C2+5 R9.8 3. R9.8 K5+1 4. C8+3 H2+3 5. R1+1 K5+1 6. E7+9 P1+1 P1+1 "
        "7. K5+1 C8+1 8. C8+4 R1+1 9. C8.9 R1.3 10. C9.6 P1+1 11. C6.3 R8.7 12. P9+1 P5+1 "
        "13. H2+3 R3.8 14. R8+9 H3-2 15. P5+1 P5+1 16. K5+1 R7+2 17. P9+1 C8+1 18. R1.3 C8.9 "
        "19. K5.6 R7.8 20. P3+1 C9.6 21. A4+5 R-.5 22. K6.5 R5.4 23. R3.4 R4+5 24. P7+1 R4.9 "
        "25. K5.6 P9+1 26. A5-4 R8.7 27. R4+4 P7+1 28. R4.3 R7+1 29. R3.1 P5.6 30. H3-5 R9.1 "
        "31. P7+1 P3+1 32. R1.7 R1.2 33. R7-5 R7+2 34. R7.8 R7+4 35. H5-3 *"
    )
    (finding,) = rep.findings
    assert (finding.code, finding.ply, finding.move) == ("XQ114", 13, "P1+1")
    assert finding.message.startswith("7. P1+1 is the move before it written again")


def test_exchanges_the_rest_fits_as_well_as_a_reading_are_named_with_it() -> None:
    """22... E5-E4 and 23... G5-G4 written in each other's place: the pawn is taken on g4 and
    24... G4-F4 cannot be played. Black's two moves exchanged, Red's two around them, or the
    pawn from e4 (24... E4-F4) all let the rest play: all three are named (a planted game of
    seed 7; before, only Red's exchange was looked for, three moves back at most)."""
    items, _ = read_records(
        (
            b'[Game "Chinese Chess"]\n\n1. B2-B9 G6-G5 2. H2-H9 H7-I7 3. H9-F9 I7-D7 4. I3-I4 B7-B2 '
            b"5. B9-B5 B2-B3 6. F9-I9 E9-E8 7. I9-D9 B3-E3 8. D9-A9 E3-A3 9. A9-G9 A3-A4 10. G9-F9 D7-F7 "
            b"11. A0-A4 F7-H7 12. G0-I2 H7-G7 13. B5-B7 G7-G3 14. F9-E9 G3-D3 15. A4-A2 D3-D5 "
            b"16. B7-B2 E8-E9 17. A2-A6 C9-E7 18. A6-C6 E7-C9 19. C6-C9 D5-D9 20. C9-D9 E9-D9 "
            b"21. B2-E2 E6-E5 22. E2-A2 G5-G4 23. I2-G4 E5-E4 24. A2-A7 G4-F4 25. B0-C2 F4-G4 "
            b"26. C2-E3 G4-F4 27. I4-I5 I6-I5 28. A7-G7 D9-D8 *\n"
        ),
        "pgn",
    )
    record, findings = next(items)
    rep = check_record(record, findings, Options())
    (finding,) = [f for f in rep.findings if f.severity is Severity.ERROR]
    assert (finding.move, finding.meant) == ("G4-F4", None)
    assert (
        "did you mean 卒５平６ (e4f4), or were 22... G5-G4 and 23... E5-E4, or 22. E2-A2 and "
        "23. I2-G4, written in each other's place?" in finding.message
    )


def test_an_exchange_that_made_a_mate_with_moves_after_it_is_asked_beside_the_end() -> None:
    """14. R2+9 and 13. C7+7 written in each other's place: as written 13. C7+7 mates, and the two
    moves after it either came after the end or the two Red moves are exchanged (the game then
    ends in the same mate a round later): the end stands, and the exchange is asked beside it (a
    planted game of seed 7; before, XQ201 alone, on 13... R9.8, which the game played legally)."""
    rep = _wxf_report(
        "1. C8+7 H8+9 2. H8+9 H9-8 3. R9.8 C8+7 4. R1.2 R1.2 5. R8+5 C2.3 6. H9-8 P7+1 7. R8-2 C3+4 "
        "8. R8+6 P7+1 9. E3+5 C3.7 10. A4+5 C7+2 11. E5+3 C7.6 12. C2.7 A6+5 13. C7+7 R9.8 14. R2+9 *"
    )
    (finding,) = [f for f in rep.findings if f.severity is Severity.ERROR]
    assert (finding.code, finding.move) == ("XQ201", "R9.8")
    assert finding.message == (
        "round 13, Black: R9.8 is played after the game ended by checkmate at ply 25; or were 13. C7+7 "
        "and 14. R2+9 written in each other's place? (the moves after the end play then)"
    )


def test_a_mate_with_one_reply_after_it_is_the_end() -> None:
    """The loser's reply written after a mate, out of habit, is no evidence of a slip."""
    rep = _wxf_report(
        "1. C8+7 H8+9 2. H8+9 H9-8 3. R9.8 C8+7 4. R1.2 R1.2 5. R8+5 C2.3 6. H9-8 P7+1 7. R8-2 C3+4 "
        "8. R8+6 P7+1 9. E3+5 C3.7 10. A4+5 C7+2 11. E5+3 C7.6 12. C2.7 A6+5 13. C7+7 R9.8 *"
    )
    (finding,) = [f for f in rep.findings if f.severity is Severity.ERROR]
    assert finding.code == "XQ201"


def test_an_exchange_beside_an_ambiguous_text_is_named_as_one() -> None:
    """12. R8-1 and 13. C6.8 exchanged leave two cannons able to play C2.1: the exchange is named
    among what the rest fits, as an exchange (a planted game of seed 7)."""
    rep = _wxf_report(
        "1. C8+7 P7+1 2. C2+7 P3+1 3. H2+1 C8+5 4. C2.4 R1.2 5. C4.1 E7+5 6. R9+2 P5+1 7. C1.6 C8-4 "
        "8. P5+1 P9+1 9. R9.8 C8.2 10. R8-1 K5+1 11. P5+1 C++6 12. C6.8 C2.1 13. R8-1 C1+4 14. C8-2 "
        "C1.7 15. H1+3 P7+1 16. C8+1 P7+1 17. R1+1 K5.6 18. C8-1 K6.5 19. C8.9 K5.4 20. R8+5 E3+1 *"
    )
    (finding,) = [f for f in rep.findings if f.severity is Severity.ERROR]
    assert finding.code == "XQN005"
    assert "also fits 12. C6.8 and 13. R8-1 written in each other's place" in finding.message
