"""Detection weighs the tags and moves, not the comments (issue 16): a comment may say anything."""

from __future__ import annotations

from pathlib import Path

from kifu.application.detection import sniff

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


def test_full_width_digits_alone_are_no_wxf_move() -> None:
    """Issue 16: the full-width WXF pattern was a bytes class, so any byte of ５ or Ｃ matched
    (cases/chess/fixpoint-1.pgn): a chess FEN with a full-width move number read as xiangqi."""
    chess = '[FEN "7k/3P4/7K/8/8/8/8/8 w - - 6 ５５"]\n[SetUp "1"]\n\n55. d8=R# 1-0\n'
    assert sniff(chess.encode()) != "xiangqi"
    assert sniff((CASES / "chess" / "fixpoint-1.pgn").read_bytes()) != "xiangqi"
    assert sniff("1. Ｃ２．５ Ｈ８＋７\n2. Ｈ２＋３ Ｒ９．８ *\n".encode()) == "xiangqi"


def test_a_game_or_variant_tag_naming_xiangqi_decides() -> None:
    assert sniff(b'[Game "Xiangqi"]\n[Event "x"]\n\n*\n') == "xiangqi"
    assert sniff(b'[Variant "Xiangqi"]\n[Event "x"]\n\n*\n') == "xiangqi"
    assert sniff('[Game "中国象棋"]\n\n*\n'.encode()) == "xiangqi"
    assert sniff(b'[Game "Chinese Chess"] [Event "x"]\n\n*\n') == "xiangqi"


def test_a_damaged_game_tag_is_not_trusted_over_the_movetext() -> None:
    damaged = '[Game "Chines\ufffde Chess"]\n[Event "x"]\n\n'
    assert sniff((damaged + "1. 炮二平五 马８进７ *\n").encode()) == "xiangqi"
    assert sniff((damaged + "1. e4 e5 *\n").encode()) == "chess"


def test_xiangqi_players_without_moves_are_xiangqi() -> None:
    assert sniff('[Game "?"]\n[Red "许银川"]\n[Black "吕钦"]\n\n*\n'.encode()) == "xiangqi"


def test_tag_values_are_not_movetext() -> None:
    assert sniff('[Event "炮二平五杯"]\n[White "马2 3"]\n\n1. e4 e5 *\n'.encode()) == "chess"
    assert sniff('[Event "a {b"]\n[Site "c ; d"]\n\n1. 炮二平五 马８进７ *\n'.encode()) == "xiangqi"


def test_a_legacy_encoded_chess_comment_naming_pieces_is_still_chess() -> None:
    """The GBK test used to look for piece characters anywhere in the bytes, comments included."""
    assert sniff('[Event "x"]\n\n1. e4 {马跳到f3; 车 炮} e5 2. Nf3 *\n'.encode("gb18030")) == "chess"
    assert sniff("1. 炮二平五 馬８進７ {註}".encode("big5")) == "xiangqi"
