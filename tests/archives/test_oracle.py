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
