"""Detection weighs the tags and moves, not the comments (issue 16): a comment may say anything."""

from __future__ import annotations

from pathlib import Path

from kifu.games import sniff

CASES = Path(__file__).resolve().parents[1] / "fuzz" / "cases"


def test_a_chess_comment_quoting_a_xiangqi_move_is_still_chess() -> None:
    assert sniff('[Event "x"]\n\n1. e4 { 这步棋像象棋的炮二平五 } e5 *\n'.encode()) == "chess"


def test_a_chess_comment_quoting_xiangqi_tags_wxf_and_coordinates_is_still_chess() -> None:
    head = (
        '[Event "x"]\n\n1. e4 { [Game "Chinese Chess"] [DhtmlXQ_movelist]7747[/DhtmlXQ_movelist] } e5\n'
        "2. Nf3 { C2.5 H8+7 R1.2 h2e2 h9g7 } Nc6 ; C2.5 H2+3 R9.8 马八进七\n3. Bb5 *\n"
    )
    assert sniff(head.encode()) == "chess"


def test_a_comment_never_closed_is_not_weighed_either() -> None:
    assert sniff('[Event "x"]\n\n1. e4 e5 { 炮二平五 马８进７ 车九平八'.encode()) == "chess"


def test_the_fuzzed_chess_game_taken_for_xiangqi_is_chess() -> None:
    assert sniff((CASES / "chess" / "detect-1.pgn").read_bytes()[:4096]) == "chess"


def test_xiangqi_moves_outside_comments_are_still_xiangqi() -> None:
    assert sniff("1. 炮二平五 { a comment } 马８进７ *".encode()) == "xiangqi"
    assert sniff(b"1. C2.5 {x} H8+7\n2. H2+3 ; x\nR9.8\n3. R1.2 C8.6\n") == "xiangqi"


def test_a_dhtmlxq_game_in_a_web_page_script_is_still_xiangqi() -> None:
    page = b'<script>function f() { var g = "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"; }</script>'
    assert sniff(page) == "xiangqi"
    assert sniff(b"&nbsp;[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]") == "xiangqi"


def test_legacy_encodings_are_weighed_whole() -> None:
    assert sniff("1. 炮二平五 马八进七 {注}".encode("gb18030")) == "xiangqi"
