"""Board and move generator: perft against published counts, and pyffish on random positions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from kifu.xiangqi.board import Board, move_name
from kifu.xiangqi.fen import START_FEN, FenError, parse_fen, start_board, write_fen

from tests.sizes import scaled


def test_perft_start_position_to_depth_3() -> None:
    board = start_board()
    assert [board.perft(d) for d in (1, 2, 3)] == [44, 1920, 79666]


@pytest.mark.slow
def test_perft_start_position_depth_4() -> None:
    assert start_board().perft(4) == 3_290_240


def test_perft_corpus_positions(corpus: Path) -> None:
    data = json.loads((corpus / "xiangqi/perft/xiangqi_perft.json").read_text())
    for position in data["positions"]:
        board = parse_fen(position["fen"])
        got = [board.perft(d) for d in (1, 2, 3)]
        assert got == position["cpw_counts"][:3], position["name"]
    small = data["fairy_stockfish_tests_perft_sh"][2]
    assert parse_fen(small["fen"]).perft(small["depth"]) == small["nodes"]


def test_perft_leaves_board_unchanged() -> None:
    board = start_board()
    before = (board.board[:], board.hash, board.side)
    board.perft(2)
    assert (board.board, board.hash, board.side) == before


def test_incremental_hash_equals_fresh_hash() -> None:
    rng = random.Random(7)
    board = start_board()
    for _ in range(60):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
        assert parse_fen(write_fen(board)).hash == board.hash


def _fsf_to_iccs(move: str) -> str:
    """pyffish writes ranks 1-10; ICCS/UCCI use 0-9."""
    a, rest = move[0], move[1:]
    i = 1
    while rest[i].isdigit():
        i += 1
    r1, b, r2 = int(rest[:i]), rest[i], int(rest[i + 1 :])
    return f"{a}{r1 - 1}{b}{r2 - 1}"


def _random_positions(count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    positions: list[Board] = []
    while len(positions) < count:
        board = start_board()
        for _ in range(rng.randint(20, 160)):
            moves = board.legal_moves()
            if not moves:
                break
            captures = [m for m in moves if board.board[m & 127]]
            # prefer captures now and then so that sparse endgame positions occur too
            pool = captures if captures and rng.random() < 0.5 else moves
            board.push(rng.choice(pool))
            positions.append(board.copy())
    return positions[:count]


def test_legal_moves_equal_pyffish_on_random_positions() -> None:
    """2,000 positions in the suite (pyffish's move list from Python is the slow side), 10,000
    under KIFU_SLOW=1."""
    sf = pytest.importorskip("pyffish")
    count = scaled(2_000, 10_000)
    compared = 0
    for board in _random_positions(count, seed=2024):
        fen = write_fen(board)
        ours = sorted(move_name(m) for m in board.legal_moves())
        theirs = sorted(_fsf_to_iccs(m) for m in sf.legal_moves("xiangqi", fen, []))
        assert ours == theirs, fen
        compared += 1
    assert compared == count


def test_fen_synonyms_and_short_forms() -> None:
    a = parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w")
    assert write_fen(a) == START_FEN
    assert parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r").side == 1
    assert write_fen(parse_fen(START_FEN.rsplit(" ", 2)[0])) == START_FEN  # 4 fields
    with pytest.raises(FenError, match="2 to 6 fields"):
        parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR")


@pytest.mark.parametrize(
    "fen, why",
    [
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "no king"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "face"),
        ("4k4/9/9/9/9/9/9/9/9/3K5 x", "side"),
        ("4k4/9/9/9/9/9/9/9/9/3K4 w", "files"),
        ("4k4/9/9/9/9/9/9/9/9 w", "ranks"),
        ("4k4/9/9/9/9/9/9/9/P8/3K5 w", "cannot reach"),
        ("4k4/9/9/9/9/9/9/9/9/3KX4 w", "letter"),
        ("3k5/9/9/9/9/9/9/9/9/K8 w", "palace"),
    ],
)
def test_impossible_fen_is_rejected(fen: str, why: str) -> None:
    with pytest.raises(FenError, match=why):
        parse_fen(fen)


def test_checkmate_and_stalemate_have_no_moves() -> None:
    mate = parse_fen("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b")
    assert mate.in_check() and mate.legal_moves() == []
    stale = parse_fen("3k5/8R/9/9/9/9/9/4R4/9/5K3 b")
    # e9 is on the e-file chariot's line and d8 on the i8 chariot's rank; d9 is not attacked
    assert not stale.in_check()
    assert stale.legal_moves() == []


def test_mates_and_stalemates_agree_with_pyffish() -> None:
    """Random games that prefer checks and captures end in mate or stalemate; both lose."""
    sf = pytest.importorskip("pyffish")
    rng = random.Random(11)
    terminals: list[tuple[str, bool]] = []
    while len(terminals) < 60:
        board = start_board()
        for _ in range(300):
            moves = board.legal_moves()
            if not moves:
                terminals.append((write_fen(board), board.in_check()))
                break
            captures = [m for m in moves if board.board[m & 127]]
            checks = [m for m in moves if board.gives_check(m)]
            r = rng.random()
            pool = checks if checks and r < 0.6 else captures if captures and r < 0.9 else moves
            board.push(rng.choice(pool))
    stalemates = sum(1 for _, check in terminals if not check)
    assert 0 < stalemates < len(terminals)  # both kinds of ending are covered
    for fen, check in terminals:
        assert sf.legal_moves("xiangqi", fen, []) == [], fen
        assert sf.game_result("xiangqi", fen, []) < 0, fen  # the side to move has lost
        assert bool(sf.gives_check("xiangqi", fen, [])) == check, fen
