"""Issue 30: a finding's board shows what the finding is about, in ``kifu show`` (SVG and text)
and in the HTML report: the move as written and the move assumed, an ambiguous move's pieces and
target, a result's final position, Go's illegal point with its reason, and a caption (the
golden boards of each mark are cases of tests/cases/<game>/show)."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu import games
from kifu.app import cli
from kifu.core.findings import REGISTRY, Assumption, Finding, Severity
from kifu.core.game import FINAL, Options, Position, board_at

from tests.render.screenshots import HEADLESS
from tests.render.svgcheck import SVG, find_all, parse, texts

ROOT = Path(__file__).resolve().parents[2]
RULES = str(ROOT / "fixtures/chess/bad/rules.pgn")
SUICIDE = str(ROOT / "fixtures/go/bad/GO102-suicide.sgf")
#: python-chess's board with coordinates: the margin and the side of a square
MARGIN, SQUARE = 15.0, 45.0


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def show_svg(*args: str) -> str:
    code, out, err = invoke("show", *args, "--format", "svg")
    assert code == 0, err
    return out


def centre(square: str) -> tuple[float, float]:
    """The centre of a chess square on the board drawn White at the bottom."""
    file, rank = "abcdefgh".index(square[0]), int(square[1])
    return MARGIN + (file + 0.5) * SQUARE, MARGIN + (8 - rank + 0.5) * SQUARE


def test_an_ambiguous_move_rings_both_rooks_and_marks_its_target() -> None:
    """`kifu show rules.pgn --game 2 --finding CHESS102`: 1. Rd1 with rooks on a1 and h1."""
    root = parse(show_svg(RULES, "--record", "2", "--finding", "CHESS102"))
    rings = {
        (float(c.get("cx", "")), float(c.get("cy", ""))) for c in find_all(root, "circle", "mark candidate")
    }
    assert rings == {centre("a1"), centre("h1")}
    (cross,) = find_all(root, "g", "mark attempted cross")
    lines = cross.findall(f"{SVG}line")
    middle = {
        (
            (float(e.get("x1", "")) + float(e.get("x2", ""))) / 2,
            (float(e.get("y1", "")) + float(e.get("y2", ""))) / 2,
        )
        for e in lines
    }
    assert middle == {centre("d1")}
    assert "1. Rd1 · ply 1 · CHESS102" in texts(root)
    assert (root.findtext(f"{SVG}title") or "").endswith("; 1. Rd1 · ply 1 · CHESS102")


def test_an_illegal_move_is_a_red_arrow_and_the_move_assumed_a_dashed_green_one() -> None:
    root = parse(show_svg(RULES, "--finding", "CHESS101"))
    (attempted,) = find_all(root, "g", "mark attempted")
    (assumed,) = find_all(root, "g", "mark assumed")
    red, green = attempted.find(f"{SVG}line"), assumed.find(f"{SVG}line")
    assert red is not None and green is not None
    assert red.get("stroke") != green.get("stroke")
    assert green.get("stroke-dasharray") and not red.get("stroke-dasharray")
    # Ke3 from e1 (to e3) and Ke2 from e1 (to e2): each arrow's tip on its target
    tips = [
        [float(v) for v in g.find(f"{SVG}polygon").get("points", "").split()[0].split(",")]
        for g in (attempted, assumed)
    ]  # type: ignore[union-attr]
    (x3, y3), (x2, y2) = centre("e3"), centre("e2")
    assert abs(tips[0][1] - y3) < 0.01 and abs(tips[1][1] - y2) < 0.01
    assert abs(tips[0][0] - x3) < 10 and abs(tips[1][0] - x2) < 10
    _, text, _ = invoke("show", RULES, "--finding", "CHESS101")
    assert " 1 │ R  N  B  Q !K! B  N  R │ 1" in text and " 2 │ P  P  P  P {.} P  P  P │ 2" in text
    assert "   2. Ke3 · ply 3 · CHESS101\n" in text
    assert "! ! the move as written (e1-e3); { } the move kifu assumed (Ke2 e1-e2)" in text


def test_a_result_finding_draws_the_final_position_with_the_checked_king() -> None:
    """`--finding CHESS202` used to fail with "no finding about a move"."""
    code, text, err = invoke("show", RULES, "--record", "12", "--finding", "CHESS202")
    assert code == 0, err
    assert "*K*" in text and "White is checkmated" in text
    assert "final position after ply 4 · CHESS202" in text
    root = parse(show_svg(RULES, "--record", "12", "--finding", "CHESS202"))
    assert "final position after ply 4 · CHESS202" in texts(root)


def test_a_finding_about_no_position_is_a_usage_error() -> None:
    code, _, err = invoke(
        "show", str(ROOT / "fixtures/chess/bad/rules.pgn"), "--record", "16", "--finding", "CHESS301"
    )
    assert code == 2 and "is about no position" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("game", "position", "finding", "walk", "assumed"),
    [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Finding("CHESS101", Severity.ERROR, "no knight", ply=1, move="Nd4"),
            ("d2", "d4"),
            ("b1", "c3"),
        ),
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            Finding("XQ101", Severity.ERROR, "blocked", ply=1, move="马八进六"),
            None,
            ("b0", "c2"),
        ),
    ],
)
def test_the_assumed_move_comes_from_the_findings_assumption(
    game: str, position: str, finding: Finding, walk: tuple[str, str] | None, assumed: tuple[str, str]
) -> None:
    """Without an assumption, the walk's evident intent is drawn (chess: d4, the one "did you
    mean"; xiangqi: none, two horse moves are near); with one (what a look-ahead records), its move."""
    module = games.drawing(game)
    assert module.mark(Position(position), finding, Options()).marks.assumed == walk  # type: ignore[union-attr]
    written = "Nc3" if game == "chess" else "马八进七"
    finding.assumption = Assumption(1, finding.move or "", written, "the moves after it")
    marks = module.mark(Position(position), finding, Options()).marks
    assert marks is not None and marks.assumed == assumed


def test_go_marks_the_illegal_point_with_its_reason_and_the_ko_stone() -> None:
    root = parse(show_svg(SUICIDE, "--finding", "GO102"))
    assert find_all(root, "g", "mark attempted cross")
    (label,) = find_all(root, "g", "reason")
    assert label.findtext(f"{SVG}text") == "suicide"
    assert "W[aa] · ply 4 · GO102 · suicide" in texts(root)
    ko = parse(show_svg(str(ROOT / "fixtures/go/bad/GO103-ko.sgf"), "--finding", "GO103"))
    (ring,) = find_all(ko, "circle", "mark capture")
    assert (ring.get("cx"), ring.get("cy")) == ("100", "100")  # c3, the stone the retake would take
    _, text, _ = invoke("show", str(ROOT / "fixtures/go/bad/GO103-ko.sgf"), "--finding", "GO103")
    assert (
        "3  . X(*[.]O 3" in text and "[ ] round the illegal point (ko); * the stones it would capture" in text
    )


def test_go_count_has_a_score_line_and_a_result_finding_draws_it() -> None:
    root = parse(show_svg(str(ROOT / "fixtures/go/good/9x9-even-two-passes.sgf"), "--territory"))
    assert any(line.startswith("chinese rules: Black") for line in texts(root))
    result = parse(show_svg(str(ROOT / "fixtures/go/bad/GO201-result-disagrees.sgf"), "--finding", "GO201"))
    assert find_all(result, "rect", "territory")
    assert "final position after ply 2 · GO201" in texts(result)


def test_where_each_game_draws_a_finding() -> None:
    """Where a finding's board stands is its registered code's: before its move, after it (a
    repetition, a move limit), the final position (a result, a count), or no position."""
    games.load_all_codes()
    assert board_at(Finding("X", Severity.ERROR, "", ply=5)) == 4  # an unknown code: before its move
    assert board_at(Finding("CHESS101", Severity.ERROR, "", ply=5)) == 4
    assert board_at(Finding("XQ301", Severity.INFO, "", ply=8)) == 8  # the repeated position
    assert board_at(Finding("XQ303", Severity.INFO, "", ply=8)) == 8
    for code in (
        "CHESS202",
        "CHESS203",
        "CHESS204",
        "XQ202",
        "XQ203",
        "XQ302",
        "XQ304",
        "GO201",
        "GO202",
        "GO203",
    ):
        assert board_at(Finding(code, Severity.ERROR, "")) == FINAL
    assert board_at(Finding("PGN001", Severity.WARNING, "")) is None
    assert board_at(Finding("CHESS205", Severity.INFO, "")) is None  # a draw agreed: no rule decided it
    assert {code.board for code in REGISTRY.values()} == {"move", "after", "final"}


def test_the_html_report_boards_carry_the_marks_and_captions() -> None:
    code, page, _ = invoke(
        "check", "-q", "--isolated", "--format", "html", "--max-boards", "20", RULES, SUICIDE
    )
    assert code == 1
    for needed in ('class="mark candidate"', 'class="mark attempted"', 'class="mark assumed"', "suicide"):
        assert needed in page
    assert "final position after ply 4 · CHESS202" in page  # a record-level finding has its board


#: a page of boards with a script that writes each mark's drawn size into the DOM
PROBE = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>{boards}
<script>
for (const el of document.querySelectorAll('.mark, .caption, .reason')) {{
  const box = el.getBBox();
  el.setAttribute('data-drawn', box.width > 1 && box.height > 1 ? 'yes' : 'no');
}}
</script></body></html>"""


@pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed")
def test_chromium_draws_the_marks(tmp_path: Path) -> None:
    """An ambiguous move, an illegal move with its assumed move, a wrong result and a Go suicide,
    rendered by Chromium: every mark and caption is in the DOM with a drawn size."""
    boards = [
        show_svg(RULES, "--record", "2", "--finding", "CHESS102"),
        show_svg(RULES, "--finding", "CHESS101"),
        show_svg(RULES, "--record", "12", "--finding", "CHESS202"),
        show_svg(SUICIDE, "--finding", "GO102"),
    ]
    page = tmp_path / "marks.html"
    page.write_text(PROBE.format(boards="\n".join(boards)), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            [
                *HEADLESS,
                f"--user-data-dir={profile}",
                "--dump-dom",
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        ).stdout
    drawn = re.findall(r'<(\w+)[^>]*class="([^"]*)"[^>]*data-drawn="(\w+)"', dom)
    assert drawn and all(state == "yes" for _, _, state in drawn), drawn
    kinds = [cls for _, cls, _ in drawn]
    assert kinds.count("mark candidate") == 2
    assert {"mark attempted cross", "mark attempted", "mark assumed", "reason"} <= set(kinds)
    assert kinds.count("caption") == 4
    text = html.unescape(re.sub(r"<[^>]+>", " ", dom))
    for caption in (
        "1. Rd1 · ply 1 · CHESS102",
        "2. Ke3 · ply 3 · CHESS101",
        "final position after ply 4 · CHESS202",
    ):
        assert caption in text
    assert "W[aa] · ply 4 · GO102 · suicide" in text


@pytest.mark.parametrize(
    ("game", "position", "codes", "moves"),
    [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ("CHESS101", "CHESS102", "CHESS103", "CHESS201"),
            ("", "--", "O-O-O", "e9", "Kxx", "P@e4", "e2-e5", "a8=Q", "\x00", "ééé", None),
        ),
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            ("XQ101", "XQN005", "XQN002", "XQ301"),
            ("", "h2-e9", "车1 2", "炮", "xx", "\x00", None),
        ),
        ("go", ".X./O../...", ("GO101", "GO103", "GO104"), ("", "B[tt]", "W[]", "B[zz]", "X[ab]", None)),
    ],
)
def test_a_move_text_of_any_shape_gives_a_board_never_a_crash(
    game: str, position: str, codes: tuple[str, ...], moves: tuple[str | None, ...]
) -> None:
    """A stranger's move text (a finding's ``move``, an assumption's move) that names no point
    leaves its mark out; the board and its caption are still drawn."""
    module = games.drawing(game)
    for code in codes:
        for move in moves:
            finding = Finding(code, Severity.ERROR, "why", ply=1, move=move)
            for assumption in (None, Assumption(1, move or "", "zz9", "")):
                finding.assumption = assumption
                marked = module.mark(Position(position), finding, Options())
                assert marked.marks is not None and code in marked.marks.caption
                assert code in module.draw(marked, svg=False, size=100, territory=False)
                root = parse(module.draw(marked, svg=True, size=100, territory=False))
                assert code in (root.findtext(f"{SVG}title") or "")
