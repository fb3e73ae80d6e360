"""The archive oracle (tests/archives/oracle.py) judges what it claims to judge, without kifu."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.archives import oracle

pytest.importorskip("pyffish")

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
HEADER = f'[Game "Chinese Chess"]\n[FEN "{START}"]\n\n'

# a ko at the top of a 5x5 board: Black takes White's b1 with c1 (B[cb]); White may not retake
# at b1 (W[bb]) at once, but may after a move elsewhere; Black may fill b1.
KO = "(;GM[1]FF[4]SZ[5]{ru};B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[ee];W[cc];B[cb]{then})"


def go(tmp_path: Path, text: str) -> bool:
    path = tmp_path / "game.sgf"
    path.write_text(text)
    [verdict] = oracle.go_oracle(path)
    return verdict


def test_go_oracle_rejects_an_immediate_ko_recapture(tmp_path: Path) -> None:
    assert go(tmp_path, KO.format(ru="", then=""))
    assert not go(tmp_path, KO.format(ru="", then=";W[bb]"))
    assert go(tmp_path, KO.format(ru="", then=";W[ea];B[ed];W[bb]"))


def test_go_oracle_lets_the_capturer_fill_the_ko_point(tmp_path: Path) -> None:
    assert go(tmp_path, KO.format(ru="", then=";B[bb]"))  # Black twice in a row, as records have it


def test_go_oracle_rejects_suicide_unless_the_rules_allow_it(tmp_path: Path) -> None:
    suicide = "(;GM[1]FF[4]SZ[5]{ru};B[ba];W[ee];B[ab];W[aa])"
    assert not go(tmp_path, suicide.format(ru="RU[Japanese]"))
    assert go(tmp_path, suicide.format(ru="RU[NZ]"))


@pytest.mark.parametrize(
    ("move", "red", "designated"),
    [
        ("炮二平五", True, ["h3e3"]),
        ("馬二進三", True, ["h1g3"]),
        ("相三進五", True, ["g1e3"]),
        ("仕四进五", True, ["f1e2"]),
        ("兵七進一", True, ["c4c5"]),
        ("马８进７", False, ["h10g8"]),
        ("車1進1", False, ["a10a9"]),
        ("馬二進五", True, []),  # a horse cannot reach file 5 from file 2
        ("馬二平三", True, []),  # nor move sideways
    ],
)
def test_chinese_notation_designates_the_move(move: str, red: bool, designated: list[str]) -> None:
    assert oracle._chinese(move, oracle._board(START), red) == designated


def test_front_and_rear_pick_along_the_file() -> None:
    board = oracle._board("4k4/9/9/9/9/9/4R4/9/4R4/4K4 w - - 0 1")
    assert oracle._chinese("前車平四", board, True) == ["e4f4"]
    assert oracle._chinese("后车平四", board, True) == ["e2f2"]


def test_xiangqi_oracle_replays_legal_records_and_rejects_illegal_ones() -> None:
    assert oracle._xiangqi_replays(HEADER + "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ *")
    assert not oracle._xiangqi_replays(HEADER + "1. 炮二平五 馬８進７ 2. 馬二進三 車９平７ *")  # own piece
    assert oracle._xiangqi_replays('[Event "x"]\n\n1. h2e2 h9g7 2. h0g2 i9h9')
    assert not oracle._xiangqi_replays('[Event "x"]\n\n1. h2e2 h9g7 2. h0g2 h9h8')  # empty square


def test_pgn_records_split_where_tags_follow_moves() -> None:
    text = '[A "1"]\n\n1. h2e2 *\n[B "2"]\n[C "3"]\n\n1. b2e2 *\n'
    assert [record.splitlines()[0] for record in oracle._pgn_games(text)] == ['[A "1"]', '[B "2"]']


def test_go_oracle_judges_each_game_tree_of_a_collection(tmp_path: Path) -> None:
    path = tmp_path / "two.sgf"
    path.write_text("(;GM[1]SZ[5];B[aa];W[bb])\n(;GM[1]SZ[5];B[aa];W[aa])")  # the second plays on a stone
    assert list(oracle.go_oracle(path)) == [True, False]


def test_go_oracle_rejects_a_file_that_lost_its_opening_parenthesis(tmp_path: Path) -> None:
    path = tmp_path / "lost.sgf"
    path.write_text(";GM[1]SZ[5]PB[x];B[aa](;W[bb])(;W[cc]))")  # sgfmill alone would read (;W[bb])
    assert list(oracle.go_oracle(path)) == [False]


def test_chess_oracle_gives_no_verdict_where_python_chess_raises(tmp_path: Path) -> None:
    # a variation of Black's first move written as White's: python-chess 1.11 raises IndexError
    fen = "4r1k1/1pp1npbp/p2qnBp1/3pN1P1/3P4/2P1N1Q1/PP3P1P/R6K b - - 0 1"
    crash = f'[FEN "{fen}"]\n[SetUp "1"]\n\n1... Nxg5 (1. Bxc6+) (1. Nxc6) 2. Bxg5 f6 *\n\n'
    path = tmp_path / "games.pgn"
    path.write_text(crash + '[Event "x"]\n\n1. e4 e5 *\n\n[Event "y"]\n\n1. e4 e4 *\n')
    assert list(oracle.chess_oracle(path)) == [None, True, False]


# XQF points are file * 10 + rank (rank 0 on Red's side); the 32 pieces in the order
# RNBAKABNRCCPPPPP for Red, then for Black
XQF_START = bytes(
    [x * 10 for x in range(9)]
    + [12, 72]
    + [3, 23, 43, 63, 83]
    + [x * 10 + 9 for x in range(9)]
    + [17, 77]
    + [6, 26, 46, 66, 86]
)


def xqf_plain(moves: list[tuple[int, int]]) -> bytes:
    """A version-10 (plain) XQF file: the root, then one node a move, each with a child but the last."""
    header = bytearray(1024)
    header[0:3] = b"XQ\x0a"
    header[16:48] = XQF_START
    nodes = [(0, 0), *moves]
    body = b"".join(
        bytes([source + 24, target + 32, 0xF0 if i < len(nodes) - 1 else 0, 0]) + (0).to_bytes(4, "little")
        for i, (source, target) in enumerate(nodes)
    )
    return bytes(header) + body


def test_xqf_plain_file_decodes_to_its_main_line() -> None:
    fen, lines = oracle.xqf_lines(xqf_plain([(72, 42), (79, 67)]))  # 炮二平五 馬８進７
    assert (fen, lines) == (START, [["h3e3", "h10g8"]])
    assert oracle._xqf_replays(xqf_plain([(72, 42), (79, 67)]))
    assert not oracle._xqf_replays(xqf_plain([(72, 42), (79, 78)]))  # the horse onto its own chariot


def test_xqf_variations_are_lines_of_their_own() -> None:
    # root; 炮二平五 (a child and a next sibling) then 馬８進７; its sibling 炮八平五, or 炮八進八
    def file(sibling_target: int) -> bytes:
        nodes = [(0, 0, 0xF0), (72, 42, 0xFF), (79, 67, 0), (12, sibling_target, 0)]
        body = b"".join(bytes([s + 24, t + 32, flags, 0]) + bytes(4) for s, t, flags in nodes)
        return bytes(xqf_plain([])[:1024]) + body

    assert oracle.xqf_lines(file(42)) == (START, [["h3e3", "h10g8"], ["b3e3"]])
    assert oracle._xqf_replays(file(42))
    assert not oracle._xqf_replays(file(20))  # b3c1: a cannon onto its own elephant, in the variation


def test_xqf_obfuscated_file_decodes_with_its_keys() -> None:
    # version 12, keys A-D 1 2 3 4, sum 5, XY 7, XYf 11, XYt 13, mask 0xFF; hand-computed:
    # piece offset (54·49 + 221)·7 mod 256 = 101, which also rotates the 32 points by 102
    assert oracle._xqf_chain(7, 7) == 101
    piece = 101
    source_key = oracle._xqf_chain(11, piece)
    target_key = oracle._xqf_chain(13, source_key)
    comment_key = (5 * 256 + 7) % 32000 + 767
    stream = [
        [1 | 5, 2 | 7, 3 | 11, 4 | 13][i % 4] & b"[(C) Copyright Mr. Dong Shiwei.]"[i] for i in range(32)
    ]
    header = bytearray(1024)
    header[0:16] = bytes([ord("X"), ord("Q"), 12, 0xFF, 0, 0, 0, 0, 1, 2, 3, 4, 5, 7, 11, 13])
    for i in range(32):  # point i of the start array is stored at (i - 102) mod 32
        header[16 + (i - piece - 1) % 32] = (XQF_START[i] + piece) & 0xFF
    comment = "好".encode("gbk")
    plain = (
        bytes(
            [(24 + source_key) & 0xFF, (32 + target_key) & 0xFF, 0x80 | 0x20, 0]
        )  # root: a child and a comment
        + (len(comment) + comment_key).to_bytes(4, "little")
        + comment
        + bytes([(72 + 24 + source_key) & 0xFF, (42 + 32 + target_key) & 0xFF, 0, 0])  # 炮二平五, last
    )
    body = bytes((byte + stream[k % 32]) & 0xFF for k, byte in enumerate(plain))
    assert oracle.xqf_lines(bytes(header) + body) == (START, [["h3e3"]])


def test_xqf_file_cut_inside_a_node_is_rejected() -> None:
    assert not oracle._xqf_replays(xqf_plain([(72, 42)])[:-3])


@pytest.mark.parametrize(
    ("fen", "ok"),
    [
        (START, True),
        ("rnb1kabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAaNR w - - 0 1", False),  # a on g1
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/6B2/RNBAKA1NR w - - 0 1", False),  # B on g2
        ("4k4/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1", False),  # a pawn on b4, between its files
        ("4k4/9/9/9/1P7/9/9/9/9/4K4 w - - 0 1", True),  # past the river it may stand on any file
        ("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", True),
        ("9/9/9/9/9/9/9/9/9/3K1k3 w - - 0 1", False),  # Black's king in Red's palace
    ],
)
def test_placement_check_knows_where_each_kind_can_stand(fen: str, ok: bool) -> None:
    assert oracle.placement_ok(oracle._board(fen)) is ok
    if not ok:  # the record's start is refused, moves or none
        assert not oracle._xiangqi_replays(f'[Game "Chinese Chess"]\n[FEN "{fen}"]\n\n*')


def test_chess_oracle_splits_games_that_no_blank_line_separates(tmp_path: Path) -> None:
    path = tmp_path / "games.pgn"
    path.write_text(
        '[Event "A"]\n[Result "1-0"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n'
        '[Event "URS-ch23"]\n[Result "*"]\n\n1.d4 {a [Event "x"]\ncomment} d5 *\n'
        '[Event "B"]\n[Result "*"]\n\n1.c4 Ke7 *\n'
    )
    assert list(oracle.chess_oracle(path)) == [True, True, False]
