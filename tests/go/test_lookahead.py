"""Issue 29 (Go): a hand-entered coordinate that the rules forbid (an occupied point, a suicide,
a ko), read by the one look-ahead engine (:mod:`kifu.core.lookahead`) through Go's adapter: only
the evidence of the later moves decides. A point is assumed only when they play strictly
further after it than after every other legal point; readings that fit as well are named and
none is assumed; the count after a move that could not be played as written is provisional."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli
from kifu.core import lookahead as engine
from kifu.core.assumed import provisional
from kifu.core.findings import Assumption, Severity
from kifu.go import codes
from kifu.go.board import BLACK, WHITE, Board
from kifu.go.lookahead import (
    FILL,
    GapGame,
    GoGame,
    Position,
    candidates,
    colour_of,
    gap,
    move,
    point_of,
    settle,
)

from tests.go.helpers import check_text

#: after 1. B[cc] 2. W[dc], Black writes B[dc] (occupied) for B[cd]; the later moves land on
#: every other point one slip from "dc", but leave many other points of the 9x9 board free:
#: the rest of the game fits B[cd], and as well some point no later move plays on
LATER = "W[ec];B[bc];W[fc];B[ac];W[gc];B[hc];W[ic];B[da];W[db];B[dd];W[de];B[df];W[dg];B[dh];W[di]"
SLIP = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Chinese]RE[W+60];B[cc];W[dc];B[dc];" + LATER + ";B[];W[])"
#: a 5x5 game the later moves fill: move 13 B[ab] (occupied) was B[ba], the only point after
#: which the rest can be played (move 15 B[aa] needs it)
FILLED = (
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[W+20];B[db];W[bb];B[da];W[dc];B[ca];W[ea];B[bc];W[ae];"
    "B[bd];W[ad];B[ab];W[aa];B[ab];W[be];B[aa];W[];B[])"
)
#: on 5x5, every reading of B[dc] but B[dd] is occupied, and move 12 W[dd] lands on that one:
#: the later moves play after many another point, after no reading of the coordinate
UNFIT = (
    "(;GM[1]FF[4]SZ[5];B[ac];W[da];B[bc];W[db];B[cc];W[cd];B[dc];W[de];B[ec];W[ee];B[dc];W[dd];B[ab];W[ea])"
)
#: 7x7: Black owns columns a-c, White d-g; played out, W+7.5 with komi 0.5 (an error against
#: RE[B+3.5] when nothing is in doubt)
WALLS = "AB[ca][cb][cc][cd][ce][cf][cg]AW[da][db][dc][dd][de][df][dg]"
SETTLED = "(;FF[4]GM[1]SZ[7]KM[0.5]RE[B+3.5]" + WALLS + "{moves})"


def test_the_point_the_later_moves_prove_is_assumed() -> None:
    checked = check_text(FILLED)
    occupied = checked.first("GO101")
    assert occupied.severity is Severity.ERROR
    assert (
        "did you mean B[ba]? (B[cb], B[eb] and B[ac]: move 15 B[aa] cannot be played after them)"
        in occupied.message
    ), occupied.message
    assert occupied.message.endswith("the rest of the game was checked assuming B[ba]")
    assert occupied.meant == "B[ba]"
    assert "GO106" not in checked.codes()  # the assumed move is Black's: no "White moves twice"


def test_the_count_after_an_assumed_move_is_provisional() -> None:
    checked = check_text(FILLED)
    report = checked.records[0]
    disagrees = checked.first("GO201")
    assert disagrees.severity is Severity.WARNING
    assert disagrees.message.endswith("if the intended move was B[ba] (written B[ab])")
    assert disagrees.assumption is not None
    assert (disagrees.assumption.ply, disagrees.assumption.assumed) == (13, "B[ba]")
    assert report.outcome is None  # no outcome on a guess; the count is still shown
    assert report.score is not None


def test_a_reading_other_points_fit_as_well_is_named_not_assumed() -> None:
    # the later moves refute every point one letter away, but not the points they never reach:
    # only their evidence decides, and it does not tell B[cd] from them (each is named: the
    # swapped letters are a slip like another, no way of writing the point)
    checked = check_text(SLIP)
    occupied = checked.first("GO101")
    assert occupied.message.endswith(
        "did you mean B[cd]? (the rest of the game fits it, but also fits B[aa], B[ba], B[ca], B[ea], "
        "B[fa], B[ga], B[ha] or B[ia])"
    ), occupied.message
    assert occupied.meant is None and "assuming" not in occupied.message
    assert checked.games[0].assumptions == []
    # the record is played as it is: the move left out, and White's next move is no second one
    assert "GO106" not in checked.codes()


def test_readings_that_tie_are_named_and_the_record_is_played_as_it_is() -> None:
    # on a 3x3 board "ab" is one slip from "ba" (swapped), "bb", "cb", "aa" and "ac"; the later
    # moves take "aa" and "ac": "ba" (the swapped letters, named first) is no proven reading,
    # since "bb" and "cb" fit as well, and all three are named (a message that named the swap
    # alone and counted the others would prefer it on no evidence)
    checked = check_text("(;GM[1]FF[4]SZ[3];B[ab];W[ab];B[aa];W[ac])")
    occupied = checked.first("GO101")
    assert occupied.message.endswith(
        "did you mean W[ba] or W[bb] or W[cb]? (the rest of the game fits each, and also fits W[ca], "
        "W[bc] or W[cc])"
    ), occupied.message
    assert occupied.meant is None
    # "ee" swapped is "ee": the 16 points one letter away fit alike, and are listed
    many = check_text("(;GM[1]FF[4]SZ[9];B[ee];W[ee];B[aa])").first("GO101")
    assert "did you mean one of these 16 points: W[ae], W[be], " in many.message, many.message
    assert "W[ei]? (the rest of the game fits each" in many.message
    assert many.meant is None


def test_when_no_reading_fits_the_message_says_so() -> None:
    occupied = check_text(UNFIT).first("GO101")
    assert (
        "no reading of it fits the moves after it (B[dd]: move 12 W[dd] cannot be played after it); "
        "they play after B[aa], " in occupied.message
    ), occupied.message
    assert occupied.meant is None


def test_a_last_move_is_named_only_as_its_few_readings() -> None:
    # nothing after it: one letter wrong gives 16 points, none is told from the others
    last = check_text("(;GM[1]FF[4]SZ[9];B[ee];W[ee])").first("GO101")
    assert last.message == "White plays on an occupied point"
    swapped = check_text("(;GM[1]FF[4]SZ[9];B[cd];W[cd])").first("GO101")
    assert swapped.message.endswith("did you mean W[dc]? (no later move confirms it)"), swapped.message


def test_a_legal_typo_cannot_be_seen() -> None:
    checked = check_text("(;GM[1]FF[4]SZ[9];B[cc];W[dc];B[dd];W[ee])")
    assert [c for c in checked.codes() if c.startswith("GO1")] == []


def test_the_swap_comes_first_and_the_written_point_is_no_candidate() -> None:
    points = {a + b: i for i, (a, b) in enumerate((x, y) for x in "abc" for y in "abc")}
    found = [text for text, _ in candidates("bc", points, points["bc"])]
    assert found[0] == "cb"
    assert "bc" not in found and set(found) == {"cb", "ac", "cc", "ba", "bb"}


def _game(moves: list[tuple[int, str]], size: int = 5) -> tuple[GoGame, Position]:
    board = Board(size)
    letters = "abcdefghijklmnopqrs"
    points = {letters[x] + letters[y]: board.point(x, y) for x in range(size) for y in range(size)}
    return GoGame(moves, points, False, 1), Position(board, -1, moves[0][0])


def test_the_adapter_plays_each_move_in_the_colour_the_record_gives_it() -> None:
    # two black moves in a row are read as black moves: no alternation is assumed
    game, position = _game([(BLACK, "aa"), (BLACK, "bb"), (WHITE, "cc")])
    for index in range(3):
        assert game.play(position, index) == 0
    cells = position.board.cells
    board = position.board
    assert [cells[board.point(i, i)] for i in range(3)] == [BLACK, BLACK, WHITE]
    assert game.label(position, 1) == "move 2 B[bb]"
    packed = move(board.point(3, 1), WHITE)
    assert (point_of(packed), colour_of(packed), game.name(position, packed)) == (
        board.point(3, 1),
        WHITE,
        "W[db]",
    )
    assert point_of(move(-1, BLACK)) == -1 and colour_of(move(-1, BLACK)) == BLACK


def test_the_adapter_forbids_an_occupied_point_a_suicide_and_a_ko_retake() -> None:
    # Black captures at "cb" in a ko shape; White's retake at "bb" at once is forbidden
    ko = [(BLACK, "ba"), (WHITE, "ca"), (BLACK, "ab"), (WHITE, "db"), (BLACK, "bc"), (WHITE, "cc")]
    ko += [(WHITE, "bb"), (BLACK, "cb"), (WHITE, "bb")]
    game, position = _game(ko)
    assert all(game.play(position, index) == 0 for index in range(8))
    assert game.read(position, 8) is None  # the immediate retake
    assert game.play(position, 8) == -1
    game, position = _game([(BLACK, "aa"), (WHITE, "aa")])
    game.play(position, 0)
    assert game.read(position, 1) is None
    game, position = _game([(BLACK, "ba"), (BLACK, "ab"), (WHITE, "aa"), (WHITE, "")])
    game.play(position, 0)
    game.play(position, 1)
    assert game.read(position, 2) is None  # a single-stone suicide
    assert game.read(position, 3) == move(-1, WHITE)  # a pass is always legal
    assert not game.over(position)


def test_the_adapter_reads_a_coordinate_one_slip_away_the_swapped_letters_nearest() -> None:
    # the slip (index 0) is W[cb], on Black's stone; the later B[cb] is a slip of its own
    game, position = _game([(WHITE, "cb"), (BLACK, "ee"), (BLACK, "cb")])
    position.board.play(game.points["cb"], BLACK)
    named = [(game.name(position, m), d) for m, d in game.readings(position, 0)]
    # the letters swapped first, then one letter wrong; both slips, neither the move written
    # informally (no convention writes the row first)
    assert named[0] == ("W[bc]", engine.AS_WRITTEN + 1)
    assert "W[cb]" not in dict(named)  # the written point, occupied
    assert {d for _, d in named[1:]} == {engine.AS_WRITTEN + 2} and {"W[ab]", "W[cd]"} <= dict(named).keys()
    # a later move (read past by the engine) is read as its swapped letters alone
    assert [game.name(position, m) for m, _ in game.readings(position, 2)] == ["B[bc]"]
    # the legal points: the readings, and of the others (garbles) a few, those the later moves
    # leave free longest ("ee", which move 2 takes, is the last of them)
    legal = {game.name(position, m) for m in game.legal(position)}
    assert dict(named).keys() <= legal
    others = legal - dict(named).keys()
    assert len(others) == 8 and "W[ee]" not in others


def test_settle_returns_the_engines_verdict() -> None:
    board = Board(3)
    points = {a + b: board.point("abc".index(a), "abc".index(b)) for a in "abc" for b in "abc"}
    board.play(points["ab"], BLACK)
    verdict = settle(board, -1, [(WHITE, "ab"), (BLACK, "aa"), (WHITE, "ac")], points, False, 2)
    assert verdict is not None and not verdict.assumed
    assert verdict.names == ("W[ba]", "W[bb]", "W[cb]") and verdict.kind == engine.SLIP


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


def test_provisional_names_the_moves_set_aside() -> None:
    aside = "the move at 57 (W[qd], on an occupied point) is left out"
    dropped = provisional(codes.RESULT_DISAGREES("RE[B+3.5]"), [], [aside])
    assert dropped.severity is Severity.WARNING and dropped.assumption is None
    assert dropped.message == f"RE[B+3.5], if {aside}"
    both = provisional(codes.RESULT_DISAGREES("RE[B+3.5]"), [Assumption(3, "B[dc]", "B[cd]", "")], [aside])
    assert both.message == f"RE[B+3.5], if the intended move was B[cd] (written B[dc]) and {aside}"
    assert both.assumption is not None
    many = provisional(codes.RESULT_DISAGREES("RE[B+3.5]"), [], [aside] * 5)
    assert many.message.endswith("and 2 more moves that cannot be played are set aside")


def test_a_count_after_a_move_left_out_is_a_warning_that_names_it() -> None:
    clean = check_text(SETTLED.format(moves=";B[];W[]"))
    assert clean.first("GO201").severity is Severity.ERROR
    assert clean.records[0].outcome is not None
    checked = check_text(SETTLED.format(moves=";B[cc];W[];B[];W[]"))
    disagrees = checked.first("GO201")
    assert disagrees.severity is Severity.WARNING
    assert disagrees.message.endswith(", if the move at 1 (B[cc], on an occupied point) is left out")
    assert disagrees.assumption is None
    assert checked.first("GO101").severity is Severity.ERROR
    assert checked.records[0].outcome is None and checked.records[0].score is not None


def test_a_count_after_a_move_off_the_board_or_played_as_written_is_a_warning() -> None:
    off = check_text(SETTLED.format(moves=";B[zz];W[];B[];W[]")).first("GO201")
    assert off.severity is Severity.WARNING
    assert off.message.endswith("if the move at 1 (B[zz], not a point of the board) is left out")
    # a suicide the look-ahead does not replace is played as the record has it
    checked = check_text(SETTLED.format(moves=";B[ba];W[ee];B[ab];W[aa];B[];W[]"))
    assert checked.first("GO102").severity is Severity.ERROR
    suicide = checked.first("GO201")
    assert suicide.severity is Severity.WARNING
    assert suicide.message.endswith("if the move at 4 (W[aa], a suicide) stands as written")


def test_a_move_left_out_in_a_variation_does_not_touch_the_main_lines_count() -> None:
    checked = check_text(SETTLED.format(moves="(;B[];W[])(;B[cc];W[])"))
    assert checked.first("GO101").severity is Severity.ERROR
    disagrees = checked.first("GO201")
    assert disagrees.severity is Severity.ERROR and ", if " not in disagrees.message


def test_the_json_of_a_count_after_a_move_left_out(tmp_path: Path) -> None:
    record = tmp_path / "game.sgf"
    record.write_text(SETTLED.format(moves=";B[cc];W[];B[];W[]"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "-q", "--format", "json", str(record)])
    document = json.loads(result.output)
    found = document["files"][0]["records"][0]
    [disagrees] = [f for f in found["findings"] if f["code"] == "GO201"]
    assert disagrees["severity"] == "warning" and found["outcome"] is None


def test_two_moves_of_one_colour_say_the_other_colours_move_seems_missing() -> None:
    checked = check_text("(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[ee];B[ff];W[gg])")
    twice = checked.first("GO106")
    assert twice.severity is Severity.INFO
    assert twice.message == (
        "White's move (or a pass) seems to be missing before move 4 B[ff]: Black moves twice in a row"
    )
    assert "missing" in twice.message
    white = check_text("(;GM[1]FF[4]SZ[9];B[cc];W[dd];W[ee])").first("GO106")
    assert white.message.startswith("Black's move (or a pass) seems to be missing before move 3 W[ee]")
    # handicap stones played as moves are no finding
    assert "GO106" not in check_text("(;GM[1]FF[4]SZ[9]HA[2];B[cc];B[gg];W[ee])").codes()


# --- issue 42: a move left out (two moves of one colour in a row) --------------------------------

#: White's move 6 W[ab] is left out: it captured B[aa], and move 7 (as written) W[aa] is played
#: there; as written, W[aa] is on Black's stone, and no other point of White's lets it be played
GAP = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+R];B[aa];W[ba];B[ee];B[ff];W[gg];B[hh];W[aa];B[];W[])"
#: the move left out before move 6 B[gg] took the last liberty but one of B[ba] (W[ca]) or of
#: B[ab] (W[ac]): move 9 W[aa] then captures that stone, and is no suicide; either lets it
EITHER = (
    "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ba];W[bb];B[ab];W[ee];B[ff];B[gg];W[hh];B[cc];W[aa];B[dd];W[ed])"
)
#: a planted slip (tests/go/slips.py, seed 1): move 18 W[hd] (occupied) was W[gd]; the later moves
#: fit W[gd] and W[db] alike, so the move is left out, and move 66 W[fc] is then a suicide
ASIDE = (
    "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ab];W[gf];B[bf];W[ef];B[fg];W[hd];B[ea];W[fb];B[cb];W[ch];"
    "B[ic];W[fe];B[gc];W[ai];B[ei];W[de];B[dd];W[hd];B[hc];W[ig];B[ee];W[ge];B[ga];W[ii];B[gb];W[cf];"
    "B[ec];W[bi];B[gh];W[fh];B[hh];W[dc];B[ff];W[ib];B[ih];W[bb];B[if];W[ce];B[cd];W[eh];B[cg];W[bd];"
    "B[ac];W[ca];B[id];W[ed];B[ag];W[gi];B[bc];W[cc];B[dh];W[be];B[ah];W[hf];B[fd];W[fa];B[eb];W[ad];"
    "B[df];W[aa];B[af];W[ci];B[ia];W[di];B[da];W[fc];B[hb])"
)


def test_the_only_point_in_the_gap_that_lets_the_rest_be_played_is_named_and_assumed() -> None:
    checked = check_text(GAP)
    twice = checked.first("GO106")
    assert twice.message == (
        "White's move seems to be missing before move 4 B[ff]: Black moves twice in a row; the rest "
        "of the game plays if it was W[ab] (the only point that lets it; as written, move 7 W[aa] "
        "cannot be played), and was checked assuming it"
    )
    # the record as written cannot be played to its end: an error, on the move after the gap
    assert twice.severity is Severity.ERROR and twice.meant == "W[ab]"
    assert twice.position is not None and twice.position.startswith("XO.")  # (the board before it)
    assert [c for c in checked.codes() if c.startswith("GO1")] == ["GO106"]  # W[aa] is played
    [assumption] = checked.games[0].assumptions
    assert (assumption.ply, assumption.written, assumption.assumed) == (4, "B[ff]", "W[ab]")
    # the count rests on it: a warning that names it
    disagrees = checked.first("GO202")
    assert disagrees.severity is Severity.WARNING
    assert disagrees.message.endswith("if the intended move was W[ab] (written B[ff])")


def test_points_in_the_gap_that_fit_alike_are_named_and_the_first_is_played() -> None:
    checked = check_text(EITHER)
    twice = checked.first("GO106")
    assert twice.message.endswith(
        "the rest of the game plays after any of W[ca] or W[ac] (as written, move 9 W[aa] cannot be "
        "played), and was checked assuming the first"
    ), twice.message
    assert twice.severity is Severity.ERROR
    assert twice.meant == "W[ca] or W[ac]"  # (no one point: no ring is drawn)
    assert [c for c in checked.codes() if c.startswith("GO1")] == ["GO106"]
    assert [a.assumed for a in checked.games[0].assumptions] == ["W[ca] or W[ac]"]


def test_a_gap_a_pass_fits_is_an_info_that_names_no_point() -> None:
    # the moves after it play as written: a pass, or any point they never reach, fits the gap
    checked = check_text("(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[ee];B[ff];W[gg];B[hh];W[ab])")
    twice = checked.first("GO106")
    assert twice.severity is Severity.INFO and twice.meant is None
    assert twice.message == (
        "White's move (or a pass) seems to be missing before move 4 B[ff]: Black moves twice in a row"
    )
    assert checked.games[0].assumptions == []


def test_a_move_of_the_gap_that_makes_the_written_move_playable_is_found() -> None:
    # W[ca] (left out) captured B[aa] and B[ba]: B[aa] after it (as written, on Black's own
    # stone) is played
    checked = check_text("(;GM[1]FF[4]SZ[9];B[aa];W[ab];B[ba];W[bb];B[ee];B[aa];W[gg];B[hh])")
    twice = checked.first("GO106")
    assert "plays if it was W[ca] (the only point that lets it; as written, move 6 B[aa] cannot" in (
        twice.message
    ), twice.message
    assert "GO101" not in checked.codes()


def test_a_later_move_forbidden_only_as_an_earlier_one_was_left_out_is_a_warning() -> None:
    checked = check_text(ASIDE)
    occupied = checked.first("GO101")
    assert occupied.ply == 18 and occupied.severity is Severity.ERROR
    suicide = checked.first("GO102")
    assert suicide.ply == 66 and suicide.severity is Severity.WARNING
    assert suicide.message.endswith(
        "; it can be played if move 18 W[hd], which cannot be played as written, was W[gd]"
    ), suicide.message


def _gap_game(moves: list[tuple[int, str]], size: int = 5) -> tuple[GapGame, Board, dict[str, int]]:
    board = Board(size)
    letters = "abcdefghijklmnopqrs"
    points = {letters[x] + letters[y]: board.point(x, y) for x in range(size) for y in range(size)}
    return GapGame(moves, points, False, 1), board, points


def test_the_gap_game_plays_the_other_colour_then_the_move_as_written_alone() -> None:
    game, board, points = _gap_game([(BLACK, "cc"), (WHITE, "dd")])
    board.play(points["aa"], BLACK)
    root = Position(board, -1, WHITE, FILL)
    legal = list(game.legal(root))
    assert legal[0] == move(-1, WHITE)  # a pass first: the record as written
    assert {colour_of(m) for m in legal} == {WHITE} and len(legal) == 1 + 24
    assert game.readings(root, 0) == ()  # the written move is not in question
    assert game.read(root, 0) is None  # (the gap comes first)
    filled = root.copy()
    game.push(filled, move(points["bb"], WHITE))
    assert game.play(filled, 1) == -1  # the written move replaced: no hypothesis
    assert game.read(filled, 0) == move(points["cc"], BLACK)
    game.push(filled, move(points["cc"], BLACK))
    assert game.play(filled, 1) == 0
    # a move of the written colour in the gap is none
    wrong = root.copy()
    game.push(wrong, move(points["bb"], BLACK))
    assert game.read(wrong, 0) is None


def test_gap_is_silent_when_the_record_as_written_plays_to_its_end() -> None:
    _, board, points = _gap_game([(BLACK, "cc")])
    assert gap(board, -1, [(BLACK, "cc"), (WHITE, "dd")], points, False, 3) == (None, "")


def test_a_move_of_its_own_colour_left_out_before_a_slip_is_no_hypothesis() -> None:
    # W[ab] would capture B[aa] and let W[aa] (written on Black's stone) be played after it: two
    # White moves, which no single slip gives
    game, position = _game([(WHITE, "aa"), (BLACK, "ee")])
    position.board.play(game.points["aa"], BLACK)
    position.board.play(game.points["ba"], WHITE)
    after = position.copy()
    game.push(after, move(game.points["ab"], WHITE))
    assert game.read(after, 0) is None
