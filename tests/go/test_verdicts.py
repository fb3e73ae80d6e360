"""Issue 13 (Go): severity follows the evidence; RE never invents a result; presets exact.

The boards are 7×7: Black owns columns a-c (wall on c), White columns d-g (wall on d), so the
played-out count is W+7 before komi. ``fd`` (F4) is a black stone left inside White's area.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import assume, given
from hypothesis import strategies as st
from kifu.app import cli
from kifu.go.board import BLACK, EMPTY, WHITE, Board
from kifu.go.rules import PRESETS
from kifu.go.scoring import count
from kifu.go.verdict import _Lifting

from tests.go.helpers import Checked, check_text
from tests.golden import assert_golden

GOLDEN = Path(__file__).with_name("golden") / "verdicts"
BLACK_WALL = "AB[ca][cb][cc][cd][ce][cf][cg]"
WHITE_WALL = "AW[da][db][dc][dd][de][df][dg]"


def game(info: str, setup: str = "", end: str = ";B[];W[]", last: str = "") -> str:
    """``setup`` adds black points (``[fd]``) to the black wall."""
    return f"(;FF[4]GM[1]SZ[7]{info}{BLACK_WALL}{setup}{WHITE_WALL}{end}{last})"


def go2(checked: Checked) -> str:
    """The GO2xx findings and SGF023 of the first game, one per line."""
    return "".join(
        f"{f.severity.label} {f.code} {f.message}\n"
        for f in checked.records[0].findings
        if f.code.startswith("GO2") or f.code == "SGF023"
    )


def golden(name: str, checked: Checked) -> None:
    assert_golden(GOLDEN / f"{name}.txt", go2(checked))


def severity(checked: Checked, code: str = "GO201") -> str | None:
    return next((f.severity.label for f in checked.records[0].findings if f.code == code), None)


def test_unmarked_dead_stone_makes_go201_a_warning_naming_the_stone() -> None:
    checked = check_text(game("KM[0.5]RU[Chinese]RE[W+7.5]", "[fd]"))
    assert severity(checked) == "warning"
    assert "agrees if the black stone at F4 is dead" in go2(checked)
    golden("unmarked_dead_stone_warning_names_it", checked)


def test_played_out_game_with_stated_komi_contradicting_re_is_an_error() -> None:
    checked = check_text(game("KM[0.5]RE[B+3.5]"))
    assert severity(checked) == "error"
    golden("played_out_stated_komi_error", checked)


def test_missing_komi_is_a_warning_saying_which_chinese_text_agrees() -> None:
    checked = check_text(game("RU[Chinese]RE[W+12.5]"))
    assert severity(checked) == "warning"
    assert "agrees with komi 5.5 (the 1988 Chinese text)" in go2(checked)
    golden("missing_komi_1988_text_agrees", checked)


def test_missing_komi_contradiction_is_never_an_error() -> None:
    checked = check_text(game("RE[B+30]"))
    assert severity(checked) == "warning"
    assert "komi 7.5 assumed" in go2(checked)


def test_severity_no_longer_follows_ru_japanese_reversed_winner_is_reported() -> None:
    checked = check_text(game("KM[0.5]RU[Japanese]RE[B+3.5]"))
    assert severity(checked) == "warning" and severity(checked, "GO205") is None
    assert "count territory" in go2(checked)


def test_territory_rules_agreeing_count_is_only_an_info() -> None:
    checked = check_text(game("KM[0.5]RU[Japanese]RE[W+7.5]"))
    assert severity(checked, "GO205") == "info" and severity(checked) is None


def test_dead_stones_given_in_settings_make_check_agree() -> None:
    body = game("KM[0.5]RU[Chinese]RE[W+7.5]", "[fd]")
    assert severity(check_text(body, dead="F4")) is None
    assert check_text(body, dead="F4").records[0].score["white"]["dead"] == 0  # type: ignore[index]
    assert check_text(body, dead="F4").records[0].score["black"]["dead"] == 1  # type: ignore[index]


def test_dead_stones_given_that_still_disagree_are_an_error() -> None:
    checked = check_text(game("KM[0.5]RU[Chinese]RE[B+14.5]", "[fd]"), dead="F4")
    assert severity(checked) == "error"


@pytest.mark.parametrize(
    "free", ["White resigns. B 47 W 34", "Black resigns. W 133.5 B 81.0", "Black 185 White 176"]
)
def test_free_text_re_is_sgf023_kept_with_no_result_and_no_go201(free: str) -> None:
    checked = check_text(game(f"KM[0.5]RE[{free}]"))
    report = checked.records[0]
    assert report.declared_result is None and report.tags["RE"] == free
    assert severity(checked, "SGF023") == "warning" and severity(checked) is None


def test_free_text_re_golden() -> None:
    golden("free_text_re_not_read", check_text(game("KM[0.5]RE[White resigns. B 47 W 34]")))


def test_tromp_taylor_counts_every_stone_marked_dead_or_not() -> None:
    body = game("KM[0.5]RE[W+7.5]", "[fd]", last="TW[fd]")
    chinese = check_text(body, rules="chinese")
    assert chinese.records[0].score["result"] == "W+7.5"  # type: ignore[index]
    tromp = check_text(body, rules="tromp-taylor")
    assert tromp.records[0].score["result"] == "B+14.5"  # type: ignore[index]
    assert severity(tromp) == "error"  # every stone is alive: no assumption to make


def test_handicap_game_without_km_assumes_no_komi() -> None:
    checked = check_text(game("HA[2]RE[W+9]"))
    assert checked.records[0].score["komi"] == 0  # type: ignore[index]
    assert "no komi assumed" in go2(checked) and severity(checked, "GO206") == "info"
    assert severity(checked) is None  # W+7 and a compensation of 2 under chinese


def test_game_with_moves_after_two_passes_is_counted_on_its_final_position() -> None:
    checked = check_text(game("KM[0.5]RE[W+7.5]", end=";B[];W[];B[fd];W[]"))
    assert "GO107" in checked.codes()
    assert checked.records[0].score is not None
    assert "agrees if the black stone at F4 is dead" in go2(checked)


def test_score_counts_a_game_with_moves_after_two_passes(tmp_path: Path) -> None:
    path = tmp_path / "after.sgf"
    path.write_text(game("KM[0.5]RE[W+7.5]", end=";B[];W[];B[fd];W[]"))
    result = CliRunner().invoke(cli, ["score", "--dead", "F4", str(path)])
    assert "ended with two passes" in result.stdout and "agrees" in result.stdout


def test_score_prints_syntax_errors_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "syntax.sgf"
    path.write_text(
        game(
            "KM[0.5]RE[W+7.5]",
            end=";B[];W[]" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" * 4 + "[x]",  # SGF011, an identifier > 100 letters
        )
    )
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 1 and "SGF011" in result.stdout


@pytest.mark.corpus
def test_katago_chinese_game_5_is_a_warning_naming_the_dead_stone(corpus: Path) -> None:
    lines = (corpus / "go" / "katago" / "printsgffinalscore.expected-stdout.txt").read_text().splitlines()
    chinese = next(line[2:] for line in lines if "RU[Chinese]RE[B+7]" in line)
    checked = check_text(chinese)
    assert severity(checked) == "warning"
    golden("katago_game5_dead_stone_not_marked", checked)


def test_every_finding_on_a_move_carries_the_position_before_it() -> None:
    occupied = check_text("(;FF[4]GM[1]SZ[3];B[bb];W[bb])").first("GO101")
    assert occupied.position == ".../.X./..."
    ko = check_text("(;FF[4]GM[1]SZ[5]AB[bc][cb][cd]AW[db][dd][ec];B[dc];W[cc];B[dc])").first("GO103")
    assert ko.position is not None and ko.position.split("/")[2] == ".XO.O"  # before B[dc] retakes
    assert ko.ply == 3


@given(
    cells=st.lists(st.sampled_from((EMPTY, EMPTY, BLACK, WHITE)), min_size=49, max_size=49),
    lifted=st.sets(st.integers(0, 48), max_size=6),
    picks=st.lists(st.integers(0, 48), min_size=1, max_size=4),
)
def test_the_local_margin_change_of_lifting_groups_equals_two_whole_counts(
    cells: list[int], lifted: set[int], picks: list[int]
) -> None:
    """The verdict prices dead candidates by local floods (``_Lifting``), one group or several
    together; a whole count with and without them lifted is the definition it must match."""
    board = Board(7)
    points = board.on_board()
    for point, content in zip(points, cells, strict=True):
        board.cells[point] = content
    dead = {points[i] for i in lifted}
    stones = [points[i] for i in picks if board.cells[points[i]] in (BLACK, WHITE)]
    assume(stones)
    groups = {p for stone in stones for p in board.group(stone)[0]}
    rules = PRESETS["chinese"]
    before = count(board, dead, rules, 7.5, 0).margin
    after = count(board, dead | groups, rules, 7.5, 0).margin
    assert _Lifting(board, dead).delta(groups) == after - before
