"""The move kifu played in place of one it could not play is drawn on the finding's board in
every game, whatever decided it: the finding's ``meant`` (set when the moves after it decided
it), read in the position before the move. A dashed green arrow on chess and xiangqi boards, a
dashed green ring on the point of a Go board (``class="mark assumed"``); braces round its squares
on the text boards, named in the legend; the same boards in the HTML report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kifu import games
from kifu.core.findings import Finding, Severity
from kifu.core.game import Options, Position

from tests.render.svgcheck import SVG, find_all, parse
from tests.show.assumed import (
    ASSUMED,
    CHESS,
    ROOT,
    arrow,
    chess_centre,
    finding_board,
    go_centre,
    invoke,
    near,
    records,
    show,
    xiangqi_centre,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def meant(path: Path, code: str) -> str | None:
    """The ``meant`` of the record's first finding of ``code`` (kifu check's JSON)."""
    _, out, _ = invoke("check", "-q", "--isolated", "--format", "json", str(path))
    findings = json.loads(out)["files"][0]["records"][0]["findings"]
    value: str | None = next(f for f in findings if f["code"] == code).get("meant")
    return value


# --- chess ---------------------------------------------------------------------------------------


def test_chess_a_move_the_later_moves_decided_is_a_dashed_green_arrow() -> None:
    """3. Nb5 written; Bb5 assumed because 4. Ba4 needs a bishop on b5: f1 to b5, over the cross
    on b5 (no white knight can go there)."""
    assert meant(CHESS, "CHESS101") == "Bb5"
    root = parse(show(CHESS, "CHESS101", "--format", "svg"))
    start, tip, line = arrow(root)
    assert near(start, chess_centre("f1")) and near(tip, chess_centre("b5"))
    assert line.get("stroke") == ASSUMED and line.get("stroke-dasharray")
    assert find_all(root, "g", "mark attempted cross")
    text = show(CHESS, "CHESS101")
    assert " 1 │ R  N  B  Q  K {B} .  R │ 1" in text and " 5 │ . !.! .  .  p  .  .  . │ 5" in text
    assert "! ! the target of the move as written (b5); { } the move kifu assumed (Bb5 f1-b5)" in text


def test_chess_an_ambiguous_move_the_later_moves_decided_has_its_arrow_among_the_candidates() -> None:
    """6... Nd7 fits the knights of b8 and f6; 8... Ng4 needs the one of f6 still there: Nbd7."""
    assert meant(CHESS, "CHESS102") == "Nbd7"
    root = parse(show(CHESS, "CHESS102", "--format", "svg"))
    start, tip, _ = arrow(root)
    assert near(start, chess_centre("b8")) and near(tip, chess_centre("d7"))
    rings = {
        (float(c.get("cx", "")), float(c.get("cy", ""))) for c in find_all(root, "circle", "mark candidate")
    }
    assert rings == {chess_centre("b8"), chess_centre("f6")}
    text = show(CHESS, "CHESS102")
    assert " 8 │ r {n} b  q  k  b  .  r │ 8" in text and " 6 │ p  .  .  p  . (n) .  . │ 6" in text
    assert "{ } the move kifu assumed (Nbd7 b8-d7)" in text


@pytest.mark.parametrize(
    ("record", "code", "squares"),
    [
        ("1", "CHESS113", ("d2", "f1")),  # 13. Nf1 left out before 13... Bf8: the move put in the gap
        ("4", "CHESS115", ("f1", "b5")),  # 3. Ba4 and 4. Bb5 swapped: 3. Bb5 played
    ],
)
def test_chess_the_move_put_into_a_gap_or_swapped_back_is_drawn_where_the_finding_stands(
    record: str, code: str, squares: tuple[str, str]
) -> None:
    path = ROOT / "fixtures/chess/bad/score-sheet-order.pgn"
    start, tip, _ = arrow(parse(show(path, code, "--record", record, "--format", "svg")))
    assert near(start, chess_centre(squares[0])) and near(tip, chess_centre(squares[1]))
    assert f"{'-'.join(squares)})" in show(path, code, "--record", record)


#: knights on b1 and f3, d2 free: Nd2 fits both
TWO_KNIGHTS = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1"


@pytest.mark.parametrize(
    ("code", "position", "move", "written_meant", "expected"),
    [
        ("CHESS101", START, "Nd4", "Nc3", ("b1", "c3")),  # meant wins over the evident d4
        ("CHESS101", START, "Nd4", None, ("d2", "d4")),  # no meant: the evident intent, as before
        ("CHESS101", START, "Nd4", "Nc3 or Nf3", None),  # tied readings: no move, and no guess
        ("CHESS101", START, "Nd4", "Nc6", None),  # not a legal move there
        ("CHESS102", TWO_KNIGHTS, "Nd2", "Nbd2", ("b1", "d2")),  # an ambiguous move, decided
        ("CHESS102", TWO_KNIGHTS, "Nd2", None, None),  # undecided: only its candidates
        ("CHESS113", START, "e5", "e4", ("e2", "e4")),  # a move put into a gap
        ("CHESS113", START, "e5", None, None),
    ],
)
def test_chess_meant_is_read_in_the_position_before_the_move(
    code: str, position: str, move: str, written_meant: str | None, expected: tuple[str, str] | None
) -> None:
    finding = Finding(code, Severity.ERROR, "why", ply=1, move=move, meant=written_meant)
    marks = games.drawing("chess").mark(Position(position), finding, Options()).marks
    assert marks is not None and marks.assumed == expected


def test_chess_meant_is_read_with_the_records_piece_letters() -> None:
    """A German record: meant is written Lb5 (Läufer), as the record writes its moves."""
    position = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    finding = Finding("CHESS101", Severity.ERROR, "why", ply=5, move="Sb5", meant="Lb5")
    marks = games.drawing("chess").mark(Position(position), finding, Options(settings={"lang": "de"})).marks
    assert marks is not None and marks.assumed == ("f1", "b5")


# --- xiangqi -------------------------------------------------------------------------------------


def test_xiangqi_a_move_the_later_moves_decided_is_a_dashed_green_arrow(tmp_path: Path) -> None:
    """炮平五 names no file: 炮二平五 (h2 to e2), because 2. 炮八进四 needs the cannon of 八 and
    3. 炮五进四 one on file 五."""
    path = records(tmp_path)["xiangqi"]
    assert meant(path, "XQN002") == "炮二平五"
    root = parse(show(path, "XQN002", "--format", "svg"))
    start, tip, line = arrow(root)
    assert near(start, xiangqi_centre("h2")) and near(tip, xiangqi_centre("e2"))
    assert line.get("stroke") == ASSUMED and line.get("stroke-dasharray")
    cannons = find_all(root, "g", "piece red cannon")
    centres = {(float(c[0].get("cx", "")), float(c[0].get("cy", ""))) for c in cannons}
    assert xiangqi_centre("h2") in centres  # the geometry of the test is the renderer's
    text = show(path, "XQN002")
    assert "  2 │ .  C  .  . {.} .  . {C} . │ 2" in text
    assert "{ } the move kifu assumed (h2e2)" in text


@pytest.mark.parametrize(
    ("written_meant", "expected"),
    [
        ("炮二平五", ("h2", "e2")),
        ("C2.5", ("h2", "e2")),  # WXF, as a WXF record writes it
        ("h2e2", ("h2", "e2")),  # ICCS
        ("炮平五", None),  # two cannons fit: no move
        ("车九进九", None),  # no such move
    ],
)
def test_xiangqi_meant_is_read_in_the_records_notation(
    written_meant: str, expected: tuple[str, str] | None
) -> None:
    finding = Finding("XQN002", Severity.ERROR, "why", ply=1, move="炮平五", meant=written_meant)
    marks = games.drawing("xiangqi").mark(Position(XIANGQI_START), finding, Options()).marks
    assert marks is not None and marks.assumed == expected


# --- Go ------------------------------------------------------------------------------------------


def test_go_the_point_the_later_moves_decided_is_a_dashed_green_ring(tmp_path: Path) -> None:
    """B[cb] is occupied; B[bb] is the one point that lets move 10 W[aa] be played."""
    path = records(tmp_path)["go"]
    assert meant(path, "GO101") == "B[bb]"
    root = parse(show(path, "GO101", "--format", "svg"))
    (ring,) = find_all(root, "circle", "mark assumed")
    assert (float(ring.get("cx", "")), float(ring.get("cy", ""))) == go_centre("bb")
    assert ring.get("stroke") == ASSUMED and ring.get("stroke-dasharray") and ring.get("fill") == "none"
    assert find_all(root, "g", "mark attempted cross")  # the written point, crossed
    text = show(path, "GO101")
    assert "5  . X O . . 5\n4  X{.[O]. . 4\n" in text  # the bracket wins the separator they share
    assert "[ ] round the illegal point (occupied); { } round the point kifu assumed (bb, B4)" in text


def test_go_a_bracket_of_the_illegal_point_wins_a_separator_it_shares_with_the_assumed_point() -> None:
    """B[bb] occupied, B[cb] meant, side by side: ``[X]. }`` (the brace after it still shows)."""
    finding = Finding("GO101", Severity.ERROR, "why", ply=2, move="B[bb]", meant="B[cb]")
    marked = games.drawing("go").mark(Position("..../.X../..../...."), finding, Options())
    assert marked.marks is not None and marked.marks.assumed == ("cb", "cb")
    text = games.drawing("go").draw(marked, svg=False, size=100, territory=False)
    assert "3  .[X].}. 3" in text
    root = parse(games.drawing("go").draw(marked, svg=True, size=100, territory=False))
    (ring,) = find_all(root, "circle", "mark assumed")
    assert (float(ring.get("cx", "")), float(ring.get("cy", ""))) == go_centre("cb")


@pytest.mark.parametrize(
    "written_meant", [None, "", "B[]", "B[zz]", "B[tt]", "X[ab]", "B[ab] or B[ba]", "\x00"]
)
def test_go_a_meant_that_is_no_point_on_the_board_draws_no_ring(written_meant: str | None) -> None:
    finding = Finding("GO101", Severity.ERROR, "why", ply=2, move="B[bb]", meant=written_meant)
    marked = games.drawing("go").mark(Position("..../.X../..../...."), finding, Options())
    assert marked.marks is not None and marked.marks.assumed is None
    assert "mark assumed" not in games.drawing("go").draw(marked, svg=True, size=100, territory=False)


# --- every game ----------------------------------------------------------------------------------


def test_the_html_report_draws_each_games_assumed_move(tmp_path: Path) -> None:
    paths = records(tmp_path)
    status, page, _ = invoke("check", "-q", "--isolated", "--format", "html", *map(str, paths.values()))
    assert status == 1
    start, tip, _ = arrow(finding_board(page, "CHESS101"))
    assert near(start, chess_centre("f1")) and near(tip, chess_centre("b5"))
    start, tip, _ = arrow(finding_board(page, "CHESS102"))
    assert near(start, chess_centre("b8")) and near(tip, chess_centre("d7"))
    start, tip, _ = arrow(finding_board(page, "XQN002"))
    assert near(start, xiangqi_centre("h2")) and near(tip, xiangqi_centre("e2"))
    (ring,) = find_all(finding_board(page, "GO101"), "circle", "mark assumed")
    assert (float(ring.get("cx", "")), float(ring.get("cy", ""))) == go_centre("bb")


@pytest.mark.parametrize(
    ("game", "position", "codes"),
    [
        ("chess", START, ("CHESS101", "CHESS102", "CHESS103", "CHESS113", "CHESS201", "CHESS202")),
        ("xiangqi", XIANGQI_START, ("XQ101", "XQN002", "XQN005", "XQ301", "XQ302")),
        ("go", ".X./O../...", ("GO101", "GO103", "GO106", "GO201")),
    ],
)
def test_a_meant_of_any_shape_gives_a_board_never_a_crash(
    game: str, position: str, codes: tuple[str, ...]
) -> None:
    module = games.drawing(game)
    for code in codes:
        for written in ("", "--", "zz9", "e2-e5", "B[zz]", "W[aa]", "车1 2", "Nbd7 or Nfd7", "\x00", "ééé"):
            finding = Finding(code, Severity.ERROR, "why", ply=1, move="e4", meant=written)
            marked = module.mark(Position(position), finding, Options())
            assert marked.marks is not None and code in marked.marks.caption
            assert code in module.draw(marked, svg=False, size=100, territory=False)
            root = parse(module.draw(marked, svg=True, size=100, territory=False))
            assert code in (root.findtext(f"{SVG}title") or "")
