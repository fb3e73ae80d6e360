"""Issue 29 (Go): a hand-entered coordinate that the rules forbid (an occupied point, a suicide,
a ko) read as the point the rest of the game shows was meant; the count after it is provisional."""

from __future__ import annotations

from kifu.core.assumed import provisional
from kifu.core.findings import Assumption, Severity
from kifu.go import codes
from kifu.go.lookahead import candidates

from tests.go.helpers import check_text

#: after 1. B[cc] 2. W[dc], Black writes B[dc] (occupied) for B[cd]; the later moves are played
#: on every other point one slip from "dc", so only B[cd] lets the game go on to its end
LATER = "W[ec];B[bc];W[fc];B[ac];W[gc];B[hc];W[ic];B[da];W[db];B[dd];W[de];B[df];W[dg];B[dh];W[di]"
SLIP = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Chinese]RE[W+60];B[cc];W[dc];B[dc];" + LATER + ";B[];W[])"


def test_a_swapped_coordinate_is_read_as_the_point_the_later_moves_leave_free() -> None:
    checked = check_text(SLIP)
    [occupied] = [f for f in checked.records[0].findings if f.code == "GO101"]
    assert occupied.severity is Severity.ERROR
    assert "did you mean B[cd]? (move 18 W[di] cannot be played after B[di])" in occupied.message
    assert occupied.message.endswith("the rest of the game was checked assuming B[cd]")
    assert "GO106" not in checked.codes()  # the assumed move is Black's: no "White moves twice"


def test_the_count_after_an_assumed_move_is_provisional() -> None:
    checked = check_text(SLIP)
    report = checked.records[0]
    [disagrees] = [f for f in report.findings if f.code == "GO201"]
    assert disagrees.severity is Severity.WARNING
    assert disagrees.message.endswith("if the intended move was B[cd] (written B[dc])")
    assert disagrees.assumption is not None
    assert (disagrees.assumption.ply, disagrees.assumption.assumed) == (3, "B[cd]")
    assert report.outcome is None  # no outcome on a guess; the count is still shown
    assert report.score is not None


def test_candidates_nothing_separates_are_named_and_the_record_is_played_as_it_is() -> None:
    # on a 3x3 board "ab" is one slip from "ba" (swapped), "bb", "cb", "aa" and "ac"; the later
    # moves take "aa" and "ac": "ba", "bb" and "cb" are left and nothing tells them apart
    checked = check_text("(;GM[1]FF[4]SZ[3];B[ab];W[ab];B[aa];W[ac])")
    [occupied] = [f for f in checked.records[0].findings if f.code == "GO101"]
    assert occupied.message.endswith(
        "did you mean W[ba] or W[bb] or W[cb]? (the rest of the game fits each)"
    ), occupied.message
    many = check_text("(;GM[1]FF[4]SZ[9];B[cc];W[dc];B[dc];W[ee])").first("GO101")
    assert many.message.endswith("points one slip away fit the rest of the game: none stands out")
    assert "assuming" not in many.message


def test_a_legal_typo_cannot_be_seen() -> None:
    checked = check_text("(;GM[1]FF[4]SZ[9];B[cc];W[dc];B[dd];W[ee])")
    assert [c for c in checked.codes() if c.startswith("GO1")] == []


def test_the_swap_comes_first_and_the_written_point_is_no_candidate() -> None:
    points = {a + b: i for i, (a, b) in enumerate((x, y) for x in "abc" for y in "abc")}
    found = [text for text, _ in candidates("bc", points, points["bc"])]
    assert found[0] == "cb"
    assert "bc" not in found and set(found) == {"cb", "ac", "cc", "ba", "bb"}


def test_provisional_makes_an_error_a_warning_and_leaves_an_info() -> None:
    assumption = Assumption(3, "B[dc]", "B[cd]", "")
    error = provisional(codes.RESULT_DISAGREES("RE[B+3.5] but the count gives W+7.5"), [assumption])
    assert error.severity is Severity.WARNING and error.assumption == assumption
    info = provisional(codes.TERRITORY_RULES("counted by area"), [assumption])
    assert info.severity is Severity.INFO
    many = provisional(codes.RESULT_DISAGREES("RE[B+3.5]"), [assumption] * 5)
    assert many.message.endswith("B[cd] (written B[dc]) and 2 more")
    untouched = provisional(codes.RESULT_DISAGREES("as it is"), [])
    assert untouched.severity is Severity.ERROR and untouched.assumption is None
