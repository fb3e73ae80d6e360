"""Issue 44, the SGF side: no false error on records the rules allow, no silent loss.

Repeated list properties merged (SGF020), two passes in one node (SGF025), text outside the
game trees (SGF049, SGF010 for a missing `(`), UTF-8 with a few damaged bytes (SGF043), and
GO201 without marked dead stones or stated rules. The golden cases are
tests/cases/go/severity/go-*.sgf (tests/test_cases.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.findings import Finding, Severity
from kifu.core.game import Options
from kifu.core.sources import Source
from kifu.go import encoding
from kifu.go.checker import check_games
from kifu.go.encoding import decode, mostly_utf8
from kifu.go.info import GameInfo
from kifu.go.nodes import split_nodes
from kifu.go.reader import lost, parse_collection
from kifu.go.tree import Node
from kifu.go.values import point_list
from kifu.go.verdict import sure_life
from kifu.go.writers import convert

from tests.conftest import find_program
from tests.go.helpers import Checked, check_text
from tests.go.test_life import board_of

SEVERITY = Path(__file__).resolve().parents[1] / "cases" / "go" / "severity"
GNUGO = find_program("gnugo")


def findings(checked: Checked, code: str) -> list[Finding]:
    return [f for r in checked.records for f in [*r.findings] if f.code == code] + [
        f for f in checked.file_findings if f.code == code
    ]


def check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--quiet", "--isolated", *args], catch_exceptions=False)
    return result.exit_code, result.stdout


# --- cause 2: a list property given twice in a node is one list ---------------------------------


def test_a_repeated_list_property_is_one_list_with_every_value_and_its_offset() -> None:
    text = ";AB[dd]C[x]AB[gd][pp]TR[aa]TR[bb]"
    [node] = split_nodes(text, 10)
    ab = node.props["AB"]
    assert ab.values == ["dd", "gd", "pp"]
    assert [offset - 10 for offset in ab.value_offsets] == [3, 13, 17]
    assert node.props["TR"].values == ["aa", "bb"]
    assert node.duplicates is None  # nothing is kept aside: nothing is lost


def test_a_repeated_single_value_property_keeps_its_first_value() -> None:
    [node] = split_nodes(";C[one]C[two]", 0)
    assert node.props["C"].values == ["one"] and [p.values for p in node.duplicates or ()] == [["two"]]


def test_handicap_stones_given_in_two_ab_are_all_placed() -> None:
    checked = check_text((SEVERITY / "go-format-setup-twice.sgf").read_text())
    assert "GO101" not in checked.codes() and "SGF046" not in checked.codes()
    [merged] = findings(checked, "SGF020")
    assert merged.severity is Severity.WARNING
    assert merged.message == (
        "property AB given twice in this node: its values are merged into one list, read as AB[ab][ba]"
    )


def test_a_second_move_or_comment_stays_as_it_was() -> None:
    checked = check_text("(;FF[4]GM[1]SZ[9]C[a]C[b];B[cc]B[dd])")
    severities = sorted((f.severity.label, f.message) for f in findings(checked, "SGF020"))
    assert severities == [
        ("error", "property B given twice in this node"),
        ("warning", "property C given twice in this node"),
    ]


def test_a_point_set_up_twice_alike_is_a_warning_and_with_two_contents_an_error() -> None:
    alike = findings(check_text("(;FF[4]GM[1]SZ[9]AB[cc]AB[cc][dd])"), "SGF026")
    assert [(f.severity, f.message) for f in alike] == [
        (Severity.WARNING, "AB: point [cc] given twice in this node")
    ]
    clash = findings(check_text("(;FF[4]GM[1]SZ[9]AB[cc]AW[cc])"), "SGF026")
    assert [(f.severity, f.message) for f in clash] == [
        (Severity.ERROR, "AW: point [cc] given twice in this node (also in AB)")
    ]


def test_the_merged_list_is_written_once(tmp_path: Path) -> None:
    path = tmp_path / "twice.sgf"
    path.write_text("(;FF[4]GM[1]SZ[9]AB[cc]AB[gg];W[ee])")
    [written] = [item.text for item in convert(Source(str(path)), "sgf") if hasattr(item, "text")]
    assert written is not None and "AB[cc][gg]" in written and written.count("AB") == 1


# --- cause 4: two passes in one node ------------------------------------------------------------


@pytest.mark.parametrize(("moves", "severity"), [("B[tt]W[tt]", "warning"), ("W[]B[]", "warning")])
def test_two_passes_in_one_node_are_a_format_warning(moves: str, severity: str) -> None:
    [finding] = findings(check_text(f"(;FF[4]GM[1]SZ[19];B[pd];{moves})"), "SGF025")
    assert finding.severity.label == severity and "two passes" in finding.message
    status, output = check("--strict", str(SEVERITY / "go-format-two-passes-in-one-node.sgf"))
    assert status == 1 and " error SGF025 " in output


@pytest.mark.parametrize("moves", ["B[aa]W[bb]", "B[aa]W[]", "B[]W[bb]"])
def test_a_stone_and_another_move_in_one_node_stay_an_error(moves: str) -> None:
    [finding] = findings(check_text(f"(;FF[4]GM[1]SZ[19];{moves})"), "SGF025")
    assert finding.severity is Severity.ERROR and "the order is not recorded" in finding.message


def test_tt_is_a_point_on_a_board_larger_than_19() -> None:
    [finding] = findings(check_text("(;FF[4]GM[1]SZ[21];B[tt]W[tt])"), "SGF025")
    assert finding.severity is Severity.ERROR


# --- cause 5: text outside the game trees -------------------------------------------------------


def test_a_note_between_game_trees_is_a_format_warning() -> None:
    status, output = check(str(SEVERITY / "go-format-text-between-trees.sgf"))
    assert status == 0 and " warning SGF049 " in output and "SGF001" not in output
    status, output = check("--strict", str(SEVERITY / "go-format-text-between-trees.sgf"))
    assert status == 1 and " error SGF049 " in output


def test_moves_between_game_trees_are_an_error_saying_what_is_lost() -> None:
    checked = check_text("(;FF[4]GM[1];B[aa])\n;B[cc];W[dd]PB[x]\n(;FF[4]GM[1];B[bb])")
    [finding] = findings(checked, "SGF049")
    assert finding.severity is Severity.ERROR
    assert finding.message == (
        "text outside the game trees is not read (a `(` missing?): it holds the game information PB "
        "and 2 moves (B[cc] W[dd]), which the record as read has lost"
    )


def test_a_stray_paren_is_a_warning_and_the_text_before_it_is_read() -> None:
    checked = check_text("(;FF[4]GM[1];B[aa]);W[bb])")
    assert [(f.severity, f.message) for f in findings(checked, "SGF049")] == [
        (
            Severity.ERROR,
            "text outside the game trees is not read (a `(` missing?): it holds 1 move (W[bb]), "
            "which the record as read has lost",
        ),
        (Severity.WARNING, "`)` outside any game tree (ignored)"),
    ]
    assert [(f.severity, f.code) for f in findings(check_text("(;FF[4]GM[1];B[aa]))"), "SGF049")] == [
        (Severity.WARNING, "SGF049")
    ]


@pytest.mark.parametrize(
    ("text", "messages"),
    [
        ("(;FF[4]GM[1]SZ[9]((;B[cc])))", []),  # SGF009 says the `(` is ignored: its `)` is no stray
        (
            "((;FF[4]GM[1]SZ[9];B[cc]))",
            ["an extra `(` before the game tree's own (ignored, with its `)` where there is one)"],
        ),
        (
            "((;FF[4]GM[1]SZ[9];B[cc])))",
            [
                "an extra `(` before the game tree's own (ignored, with its `)` where there is one)",
                "`)` outside any game tree (ignored)",
            ],
        ),
    ],
)
def test_the_paren_that_closes_an_ignored_paren_is_not_a_stray(text: str, messages: list[str]) -> None:
    checked = check_text(text)
    assert [f.message for f in findings(checked, "SGF049")] == messages
    assert all(f.severity is Severity.WARNING for f in findings(checked, "SGF049"))
    assert [r.plies for r in checked.records if r.plies] == [1]


def test_a_file_without_its_opening_paren_is_an_error_naming_the_lost_root() -> None:
    status, output = check(str(SEVERITY / "go-error-missing-open-paren.sgf"))
    assert status == 1 and " error SGF010 " in output
    assert "the game information KM, PB, PW, RE and 3 moves (B[ee] W[cc] B[gc])" in output
    # the same with the variations closed by one `)` too many
    game = next(parse_collection(";GM[1]PB[a];B[aa](;W[bb])(;W[cc]))"))
    assert next((f.code, f.severity) for f in game.findings) == ("SGF010", Severity.ERROR)


def test_sgf_like_data_without_moves_before_the_first_tree_stays_a_warning() -> None:
    [game] = parse_collection("[aa][bb]\n(;FF[4]GM[1]SZ[9];B[cc])")
    assert [(f.code, f.severity) for f in game.findings] == [("SGF010", Severity.WARNING)]
    [clean] = parse_collection("From: club@example.org\nSubject: Re: our game\n\n(;FF[4]GM[1];B[cc])")
    assert clean.findings == []


def test_what_is_lost_reads_properties_outside_values() -> None:
    assert lost(";GM[1]C[B[aa] is a move in a comment]", 0, 37) == ""
    assert (
        lost(";AB[aa][bb]AW[cc]", 0, 17)
        == "it holds setup stones (AB, AW), which the record as read has lost"
    )
    assert "6 moves (B[a] B[b] B[c] B[d] …)" in lost("".join(f";B[{c}]" for c in "abcdef"), 0, 30)


# --- cause 6: UTF-8 with a few damaged bytes ----------------------------------------------------

#: Fox's damage: the middle byte of a three-byte character written as "?"
FOX = b"(;FF[4]GM[1]PB[\xe6\x8b\x93\xe8?\x92\xe5\x8b\x87]PW[\xe9\x82\xac\xe5\x85\x89\xe4\xba\x9a];B[pd])"


def test_damaged_utf8_is_read_as_utf8_with_the_bytes_named() -> None:
    decoded = decode(FOX)
    assert (
        decoded.encoding == "utf-8"
        and "PW[邬光亚]" in decoded.text
        and "PB[拓\ufffd?\ufffd勇]" in decoded.text
    )
    [finding] = decoded.findings
    assert finding.code == "SGF043" and finding.severity is Severity.WARNING
    assert finding.message.endswith("2 damaged byte sequence(s), replaced by U+FFFD: line 1: bytes 18, 20")
    assert finding.span is not None and (finding.span.line, finding.span.column) == (1, 19)


def test_declared_utf8_with_damaged_bytes_stays_utf8() -> None:
    decoded = decode(FOX.replace(b"GM[1]", b"GM[1]CA[UTF-8]"))
    assert decoded.encoding == "utf-8" and decoded.declared == "UTF-8" and "邬光亚" in decoded.text
    assert [f.code for f in decoded.findings] == ["SGF043"]


def test_another_declared_charset_that_utf8_reads_better_is_read_as_utf8() -> None:
    decoded = decode(FOX.replace(b"GM[1]", b"GM[1]CA[GB2312]"))
    assert decoded.encoding == "utf-8" and "邬光亚" in decoded.text
    assert decoded.findings[0].message.startswith("the text is not valid GB2312; the text is UTF-8 but")


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        ("(;FF[4]GM[1]PB[柯洁]PW[邬光亚]C[围棋是一种古老的游戏])", "gbk"),
        ("(;FF[4]GM[1]PB[本因坊秀策]C[Goは古代のゲーム])", "shift_jis"),
        ("(;FF[4]GM[1]PB[René Dupont]PW[Åsa Ölund])", "latin-1"),
        ("(;FF[4]GM[1]PB[바둑은 중국에서])", "euc_kr"),
    ],
)
def test_text_of_another_charset_is_not_mostly_utf8(text: str, codec: str) -> None:
    data = text.encode(codec)
    assert not mostly_utf8(data)
    assert decode(data).text == text


def test_damaged_utf8_in_a_streamed_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encoding, "STREAM_THRESHOLD", 100)
    monkeypatch.setattr(encoding, "BLOCK", 64)
    monkeypatch.setattr(encoding, "PROBE", 100)
    checked = check_text(FOX + b"\n" + b"(;FF[4]GM[1];B[aa])\n" * 20)
    assert checked.records[0].tags["PW"] == "邬光亚" and "SGF043" in checked.all_codes()


# --- cause 3: GO201 without marked dead stones or stated rules ----------------------------------


def test_dead_stones_the_estimate_misses_make_go201_a_warning_naming_them() -> None:
    checked = check_text((SEVERITY / "go-warning-dead-stones-not-proven.sgf").read_text())
    [disagrees] = findings(checked, "GO201")
    assert disagrees.severity is Severity.WARNING
    assert "agrees only if the white stones at B7, C7, E7, F7, D6, E6, F6, G6 and 1 more are dead" in (
        disagrees.message
    )


def test_a_result_no_marking_can_give_stays_an_error() -> None:
    text = (
        (SEVERITY / "go-warning-dead-stones-not-proven.sgf").read_text().replace("RE[B+48.5]", "RE[W+20.5]")
    )
    [disagrees] = findings(check_text(text), "GO201")
    assert disagrees.severity is Severity.ERROR
    assert "no marking of dead stones makes it agree: with every stone that is not surely alive" in (
        disagrees.message
    )
    assert "the count lies between B+26.5 and B+48.5" in disagrees.message


def test_a_chain_in_atari_read_as_seki_is_dead_and_named() -> None:
    wall = "".join(
        f"[{x}{y}]"
        for x in "defg"
        for y in "abcdefg"
        if f"{x}{y}" not in ("gc", "gd", "ge", "fd", "fa", "fg")
    )
    black = "AB[ca][cb][cc][cd][ce][cf][cg][gc][gd][ge]"
    text = f"(;FF[4]GM[1]SZ[7]KM[0.5]RU[Chinese]RE[W+7.5]{black}AW{wall};B[];W[])"
    [disagrees] = findings(check_text(text), "GO201")
    assert disagrees.severity is Severity.WARNING
    assert "agrees if the black stones at G5, G4, G3 are dead" in disagrees.message


def test_without_ru_a_territory_count_that_agrees_makes_go201_a_warning() -> None:
    text = (SEVERITY / "go-warning-territory-without-ru.sgf").read_text()
    [disagrees] = findings(check_text(text), "GO201")
    assert disagrees.severity is Severity.WARNING
    assert disagrees.message.endswith(
        "agrees under territory counting (Japanese or Korean rules; the record names none in RU)"
    )
    for stated in (
        check_text(text.replace("KM[0.5]", "KM[0.5]RU[Chinese]")),
        check_text(text, rules="chinese"),
    ):
        assert findings(stated, "GO201")[0].severity is Severity.ERROR


def test_territory_is_read_from_the_records_marks() -> None:
    """A point left out of the marks (a point to fill in territory counting) changes the count."""
    walls = "AB[ca][cb][cc][cd][ce][cf][cg]AW[da][db][dc][dd][de][df][dg]"
    black = "".join(f"[{x}{y}]" for x in "ab" for y in "abcdefg" if f"{x}{y}" != "aa")
    white = "".join(f"[{x}{y}]" for x in "efg" for y in "abcdefg")
    text = f"(;FF[4]GM[1]SZ[7]KM[0.5]RE[W+8.5]{walls};B[];W[]TB{black}TW{white})"
    [disagrees] = findings(check_text(text), "GO201")
    assert disagrees.severity is Severity.WARNING and "under territory counting" in disagrees.message
    assert findings(check_text(text.replace("KM", "RU[Chinese]KM")), "GO201")[0].severity is Severity.ERROR


def _placed(source: Source) -> list[int]:
    """The walk's count of each game's placed stones (Black's less White's)."""
    return [
        result.main.placed for result in check_games(source, Options()) if not isinstance(result, Finding)
    ]


def test_placed_counts_moves_and_setup_of_the_main_line() -> None:
    """Set-up stones (a rectangle's points each) and moves as written count; passes ([], [tt] up
    to 19x19) and the variations do not; a move that cannot be played counts (it is written)."""
    text = "(;FF[4]SZ[9]AB[aa][bb:cc]AW[dd];B[ee];W[];B[tt];W[ff](;B[gg])(;W[hh];B[ii]))"
    assert _placed(Source("<text>", data=text.encode())) == [5 - 1 + 1 - 1 + 1]
    assert _placed(Source("<text>", data=b"(;FF[4]SZ[9]AB[aa];W[aa];B[bb])")) == [1 - 1 + 1]
    assert _placed(Source("<text>", data=b"(;FF[4]SZ[21];B[tt];W[])")) == [1]
    assert _placed(Source("<text>", data=b"(;FF[4]SZ[9]AB[cc:aa])")) == [9]  # as the board has it


def _placed_by_reading(root: Node, info: GameInfo) -> int:
    """The same count read off the main line's properties, without the walk (the oracle)."""
    difference = 0
    node: Node | None = root
    while node is not None:
        for ident, sign in (("B", 1), ("W", -1), ("AB", 1), ("AW", -1)):
            prop = node.props.get(ident)
            if prop is None:
                continue
            if len(ident) == 1:
                raw = prop.values[0] if prop.values else ""
                passes = raw == "" or (raw == "tt" and info.width <= 19 and info.height <= 19)
                difference += 0 if passes else sign
                continue
            for raw in prop.values:
                if len(raw) == 5 and raw[2] == ":":  # a rectangle given by its other corners counts
                    low = min(raw[0], raw[3]) + min(raw[1], raw[4])
                    high = max(raw[0], raw[3]) + max(raw[1], raw[4])
                    raw = f"{low}:{high}"
                difference += sign * len(point_list(raw, info.width, info.height) or ())
        node = node.children[0] if node.children else None
    return difference


def test_placed_is_what_the_main_line_s_properties_say_on_the_corpus(corpus: Path) -> None:
    """The count the walk keeps as it plays, against one read off each corpus game's main line."""
    compared = 0
    for path in sorted((corpus / "go").rglob("*.sgf")):
        for result in check_games(Source(str(path)), Options()):
            if isinstance(result, Finding) or result.root is None:
                continue
            if any(finding.code == "SGF039" for finding in result.report.findings):
                continue  # not Go: not replayed, not counted
            assert result.main.placed == _placed_by_reading(result.root, result.info), path
            compared += 1
    assert compared > 150


def test_sure_life_is_benson_or_a_chain_alone_around_seven_points() -> None:
    walls = board_of(["XXO....", "XXO....", "XXO....", "XXO....", "XXO....", "XXO....", "XXO...."])
    alive = sure_life(walls)
    assert walls.point(2, 0) in alive and walls.point(1, 0) not in alive  # 28 points; 0 points
    rows = ["XOO.OO.", "XXXOOOO", "XXXXXXO", "XXXXXXX", ".......", ".......", "......."]
    false_eye = board_of(rows)
    assert not {false_eye.point(1, 0), false_eye.point(4, 0)} & sure_life(false_eye)


@pytest.mark.skipif(GNUGO is None, reason="gnugo is not installed")
@pytest.mark.parametrize(
    "name", ["go-warning-dead-stones-not-proven.sgf", "go-warning-territory-without-ru.sgf"]
)
def test_gnugo_final_score_reproduces_the_re_of_the_golden_records(name: str) -> None:
    """The records GO201 now warns about are right: GNU Go's final_score gives their RE (area
    counting for the dead stones, its default territory counting for the record without RU)."""
    import subprocess

    assert GNUGO is not None
    path = SEVERITY / name
    area = [] if "territory" in name else ["--chinese-rules"]
    script = f"loadsgf {path}\nfinal_score\nquit\n"
    out = subprocess.run([GNUGO, "--mode", "gtp", *area], input=script, capture_output=True, text=True)
    score = [b.strip()[1:].strip() for b in out.stdout.split("\n\n") if b.strip()][1]
    declared = path.read_text().split("RE[", 1)[1].split("]", 1)[0]
    assert score == declared
