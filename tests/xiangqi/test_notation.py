"""Notation: the oracle both ways, reading variants, explanations, and round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kifu.xiangqi.board import (
    ADVISOR,
    BLACK,
    CANNON,
    CHARIOT,
    ELEPHANT,
    HORSE,
    KING,
    PAWN,
    RED,
    Board,
    move_name,
)
from kifu.xiangqi.fen import START_FEN, impossible, parse_fen, write_fen
from kifu.xiangqi.notation import NOTATIONS, NotationError, parse_move, resolve, write_move


def _move(board: Board, iccs: str) -> int:
    return {move_name(m): m for m in board.legal_moves()}[iccs]


def _read(fen: str, text: str) -> str:
    board = parse_fen(fen)
    result = resolve(board, parse_move(text))
    assert result.move is not None, (text, result)
    return move_name(result.move)


def _oracle(corpus: Path) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = json.loads((corpus / "xiangqi/notation/notation_oracle.json").read_text())
    assert len(rows) == 29
    return rows


def test_oracle_written(corpus: Path) -> None:
    for row in _oracle(corpus):
        board = parse_fen(row["fen"])
        move = _move(board, row["move_iccs"])
        assert write_move(board, move, "chinese") == row["chinese_xqbase_spec"], row
        assert write_move(board, move, "wxf") == row["wxf_official"], row
        assert write_move(board, move, "ucci") == row["move_iccs"]
        if row["chinese_traditional_variant"]:
            first = row["chinese_traditional_variant"].split(" / ")[0]
            assert write_move(board, move, "traditional") == first, row


def test_oracle_read(corpus: Path) -> None:
    for row in _oracle(corpus):
        texts = [row["chinese_xqbase_spec"], row["wxf_official"], row["eleeye_symbol_Move2File"]]
        if row["chinese_traditional_variant"]:
            texts += [t.strip() for t in row["chinese_traditional_variant"].split("/")]
        for text in texts:
            assert _read(row["fen"], text) == row["move_iccs"], (row["case"], text)


def test_oracle_known_disagreements(corpus: Path) -> None:
    rows = _oracle(corpus)
    doubled = [r for r in rows if r["case"].startswith("C")]
    # cchess writes 前兵平四 where XQBase requires 一兵平四; kifu follows XQBase
    assert doubled[0]["cchess_1_25_5_to_text"] == "前兵平四"
    board = parse_fen(doubled[0]["fen"])
    assert write_move(board, _move(board, doubled[0]["move_iccs"]), "chinese") == "一兵平四"
    # Fairy-Stockfish writes R+=6; kifu writes the official R+.6 and reads both
    assert rows[0]["pyffish_wxf"] == "R+=6"
    assert _read(rows[0]["fen"], "R+=6") == rows[0]["move_iccs"]


@pytest.mark.parametrize(
    "text",
    [
        "炮二平五",
        "炮2平5",
        "砲二平五",
        "包二平五",
        "炮２平５",
        "C2.5",
        "C2=5",
        "Ｃ２＝５",
        "C25",
        "H2-E2",
        "h2e2",
        "炮2 5",
        "炮25",
    ],
)
def test_reading_variants_of_one_move(text: str) -> None:
    assert _read(START_FEN, text) == "h2e2"


def test_black_moves_and_numerals() -> None:
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
    for text in ("马８进７", "馬8進7", "马八进七", "H8+7", "N8+7", "Ｈ８＋７", "h9g7", "马8 7"):
        assert _read(fen, text) == "h9g7", text


def test_sign_first_tandem_and_traditional_two_file_forms() -> None:
    assert _read("3k5/9/9/5r3/9/5r3/9/9/9/4K4 b", "+R.5") == "f4e4"
    assert _read("5k3/9/2P1P4/2P1P4/9/9/9/9/9/3K5 w", "前九平八".replace("九", "七")) == "c7b7"
    assert _read("5k3/9/2P1P4/2P1P4/9/9/9/9/9/3K5 w", "后兵五平六") == "e6d6"


@pytest.mark.parametrize(
    "fen, text, problem, words",
    [
        (START_FEN, "前炮平五", "marker", "no file holds two cannons"),
        (START_FEN, "炮三平五", "no-piece", "no cannon stands on file 3"),
        (START_FEN, "马二平三", "no-move", "describes no move"),
        (START_FEN, "马八进六", "rule", "leg on c0 is blocked"),
        ("4k4/9/9/9/9/9/4C4/4N4/9/3K5 w", "马五进四", "rule", "horse's leg"),
        ("4k4/9/9/9/9/9/9/9/5N3/3K2B2 w", "相三进五", "rule", "eye on f1"),
        ("4k4/9/9/9/9/6B2/9/9/9/3K5 w", "相三进五", "rule", "cross the river"),
        ("2r1k4/9/9/9/9/9/9/9/9/2CK5 w", "炮七进九", "rule", "no screen"),
        ("4k4/9/9/9/9/9/9/9/9/3K5 w", "帅六退一", "no-move", "describes no move"),
        ("4k4/9/9/9/9/9/9/3K5/9/9 w", "帅六进一", "rule", "palace"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 w", "帅五平六", "flying-general", "face each other"),
        ("4k4/9/9/9/9/9/9/9/4r4/3K5 w", "帅六平五", "check", "into check"),
        ("4k4/9/9/9/2P6/9/9/9/9/3K5 w", "兵七退一", "rule", "backward"),
        ("4k4/9/9/9/9/9/2P6/9/9/3K5 w", "兵七平八", "rule", "sideways"),
        ("4k4/9/9/9/9/9/9/9/9/R2K5 w", "车九平五", "rule", "blocked"),
    ],
)
def test_failures_are_explained(fen: str, text: str, problem: str, words: str) -> None:
    board = parse_fen(fen)
    result = resolve(board, parse_move(text))
    assert result.move is None
    assert result.problem == problem, result
    assert words in result.message, result.message


def test_abridged_with_two_readings_is_reported_not_guessed() -> None:
    board = parse_fen("3k5/9/9/9/9/9/9/9/9/4K2R1 w")
    result = resolve(board, parse_move("车2 3"))
    assert result.problem == "abridged"
    assert sorted(move_name(m) for m in result.readings) == ["h0g0", "h0h3"]
    chosen = resolve(board, parse_move("车2 3"), abridged_preference="advance")
    assert chosen.move is not None and move_name(chosen.move) == "h0h3"
    chosen = resolve(board, parse_move("车2 3"), abridged_preference="traverse")
    assert chosen.move is not None and move_name(chosen.move) == "h0g0"


def test_abridged_rulebook_example() -> None:
    """The rulebook's example: each move reads one way except 车1 2.

    The reference says every move of the example has one reading, but after 车9 8 the
    chariot on i0 can also advance two ranks (i1 and i2 are empty): 车一平二 or 车一进二.
    """
    board = parse_fen(START_FEN)
    for text, iccs in [
        ("炮2 5", "h2e2"),
        ("马8 7", "h9g7"),
        ("马2 3", "h0g2"),
        ("车9 8", "i9h9"),
        ("车1 2", "i0h0"),
        ("炮8 4", "h7h3"),
    ]:
        result = resolve(board, parse_move(text))
        if text == "车1 2":
            assert result.problem == "abridged"
            assert sorted(move_name(m) for m in result.readings) == ["i0h0", "i0i2"]
            result = resolve(board, parse_move(text), abridged_preference="traverse")
        assert result.move is not None and move_name(result.move) == iccs, (text, result)
        board.push(result.move)


@pytest.mark.parametrize("text", ["炮二", "X2.5", "炮二平五五", "C2.", "??", "+-.5", "Pf.4"])
def test_unreadable_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


# --- property tests over random legal positions ---------------------------------------------

_COUNTS = {ADVISOR: 2, ELEPHANT: 2, HORSE: 2, CHARIOT: 2, CANNON: 2, PAWN: 5}


def _allowed(kind: int, side: int, sq: int) -> bool:
    f, r = sq % 9, sq // 9
    rel = r if side == RED else 9 - r
    if kind in (KING, ADVISOR):
        return 3 <= f <= 5 and rel <= 2 and (kind == KING or (f + rel) % 2 == 1)
    if kind == ELEPHANT:
        return (f, rel) in {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}
    if kind == PAWN:
        return rel >= 5 or (rel >= 3 and f % 2 == 0)
    return True


@st.composite
def positions(draw: st.DrawFn) -> Board:
    board = Board()
    taken: set[int] = set()
    for side in (RED, BLACK):
        options = [sq for sq in range(90) if _allowed(KING, side, sq) and sq not in taken]
        sq = draw(st.sampled_from(options))
        board.put(sq, KING * side)
        taken.add(sq)
    for side in (RED, BLACK):
        for kind, most in _COUNTS.items():
            for _ in range(draw(st.integers(0, most))):
                options = [sq for sq in range(90) if _allowed(kind, side, sq) and sq not in taken]
                # favour crossed soldiers on few files, so that tandem and doubled files occur
                if kind == PAWN and draw(st.booleans()):
                    options = [sq for sq in options if sq % 9 in (2, 4, 6)] or options
                if not options:
                    continue
                sq = draw(st.sampled_from(options))
                board.put(sq, kind * side)
                taken.add(sq)
    board.set_side(draw(st.sampled_from([RED, BLACK])))
    if impossible(board) is not None or not board.legal_moves():
        board.set_side(-board.side)
    from hypothesis import assume

    assume(impossible(board) is None)
    return board


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_legal_move_round_trips_in_every_notation(board: Board) -> None:
    legal = board.legal_moves()
    for notation in NOTATIONS:
        seen: dict[str, int] = {}
        for move in legal:
            text = write_move(board, move, notation)
            assert text not in seen, (notation, text, write_fen(board))
            seen[text] = move
            result = resolve(board, parse_move(text), legal)
            assert result.move == move, (notation, text, write_fen(board), result)


def test_property_strategy_reaches_doubled_pawn_files() -> None:
    """Guard against a strategy that never produces the hard cases (pawns doubled on two files)."""
    from hypothesis import find
    from kifu.xiangqi.notation.resolve import doubled_files, files_of

    def two_doubled_files(board: Board) -> bool:
        return len(doubled_files(files_of(board, board.side, PAWN), board.side)) >= 2

    board = find(positions(), two_doubled_files, settings=settings(max_examples=2000, deadline=None))
    assert two_doubled_files(board)


def _written_vs_source(path: Path, notation: str) -> tuple[int, list[tuple[str, str]]]:
    import re

    from kifu.xiangqi.checker import Replayed, replay
    from kifu.xiangqi.notation.spec import to_ascii
    from kifu.xiangqi.reader import read_records

    items, _ = read_records(path.read_bytes(), "pgn")
    total, wrong = 0, []
    for record, _ in items:
        result = replay(record)
        assert isinstance(result, Replayed)
        board = parse_fen(record.start_position or START_FEN)
        for ply, node in zip(result.plies, record.moves, strict=False):
            source = node.text.strip()
            if notation == "wxf":  # wukong writes = for traverse and the tandem sign first (+P+1)
                source = re.sub(r"^([+-])([A-Z])", r"\2\1", to_ascii(source).replace("=", "."))
            written = write_move(board, ply.move, notation)
            total += 1
            if written != source:
                wrong.append((source, written))
            board.push(ply.move)
    return total, wrong


def test_writer_reproduces_the_corpus_scores(corpus: Path) -> None:
    """XQBase-written files are reproduced move for move by the canonical writer."""
    pgn = corpus / "xiangqi/pgn"
    names = [
        "xqbase_SAMPLE.PGN.gb18030",
        "eleeye_CCGC_01.PGN.gb18030",
        "cchess_test2.pgn",
        "cchess_endgame_test.pgn",
        "cchess_zhongpao_liepao.pgn",
        "wukong_xqdb_traditional_sample.pgn",
    ]
    total = 0
    for name in names:
        count, wrong = _written_vs_source(pgn / name, "chinese")
        assert not wrong, (name, wrong[:5])
        total += count
    assert total > 1500
    count, wrong = _written_vs_source(pgn / "wukong_xqdb_international_fullwidth_wxf_sample.pgn", "wxf")
    assert count == 1378 and not wrong
