"""The replay's fast paths give python-chess's exact results, position by position.

:func:`kifu.chess.fastpath.push` must leave the board as ``Board.push`` does (bitboards,
castling rights, en passant, clocks), :class:`~kifu.chess.fastpath.FenWriter` must write
``Board.fen()``, and :func:`~kifu.chess.fastpath.write_move` with
:func:`~kifu.chess.fastpath.gives_check` must write ``Board.san``/``Board.lan`` (the walk adds
the check mark as below).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.chess.diagnosis import legal_sans, san_core
from kifu.chess.fastpath import (
    SPECIAL,
    ZEROING,
    FenWriter,
    attackers,
    attacks,
    can_escape,
    castling_rights,
    gives_check,
    has_legal_en_passant,
    is_check,
    pieces,
    plain_move,
    push,
    slider_blockers,
    write_move,
)

import chess


def _state(board: chess.Board) -> tuple[object, ...]:
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied,
        tuple(board.occupied_co),
        board.promoted,
        board.clean_castling_rights(),
        board.ep_square,
        board.halfmove_clock,
        board.fullmove_number,
        board.turn,
    )


def play(board: chess.Board, move: chess.Move, notation: str = "san") -> tuple[str, bool]:
    """Write ``move`` and play it as the walk does: the text, then the check mark."""
    if not move:
        board.push(move)
        return "--", board.is_check()
    text = write_move(board, move, notation)
    check = board.is_check() if push(board, move) & SPECIAL else gives_check(board, move)
    if check:
        text += "#" if not any(board.generate_legal_moves()) else "+"
    return text, check


def _start(rng: random.Random, chess960: bool) -> chess.Board:
    return chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()


def _pick(rng: random.Random, board: chess.Board, checks: bool = False) -> chess.Move:
    """A random legal move, with captures, promotions and castling favoured (they are the edge
    cases), or with ``checks`` moves that check (to reach mates and every kind of evasion)."""
    moves = list(board.legal_moves)
    if checks:
        special = [m for m in moves if board.gives_check(m)]
    else:
        special = [m for m in moves if m.promotion or board.is_capture(m) or board.is_castling(m)]
    return rng.choice(special if special and rng.random() < (0.7 if checks else 0.5) else moves)


def _played(rng: random.Random, board: chess.Board, plies: int) -> Iterator[chess.Board]:
    """``board`` after each of up to ``plies`` random moves (the same object, changed in place)."""
    for _ in range(plies):
        if board.is_game_over():
            return
        board.push(_pick(rng, board))
        yield board


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 300), chess960=st.booleans())
def test_push_and_fen_match_python_chess(seed: int, plies: int, chess960: bool) -> None:
    rng = random.Random(seed)
    reference = _start(rng, chess960)
    fast = reference.copy(stack=False)
    fens = FenWriter(fast)
    for _ in range(plies):
        if reference.is_game_over():
            break
        move = _pick(rng, reference)
        zeroing, special = (
            reference.is_zeroing(move),
            reference.is_castling(move) or reference.is_en_passant(move),
        )
        reference.push(move)
        assert push(fast, move) == (ZEROING if zeroing else 0) | (SPECIAL if special else 0), move
        assert _state(fast) == _state(reference), move
        assert fens.fen(fast) == reference.fen(), move


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 300), chess960=st.booleans())
def test_write_move_writes_san_and_lan_as_python_chess(seed: int, plies: int, chess960: bool) -> None:
    rng = random.Random(seed)
    reference = _start(rng, chess960)
    short, long = reference.copy(stack=False), reference.copy(stack=False)
    for _ in range(plies):
        if reference.is_game_over():
            break
        move = _pick(rng, reference)
        san, lan = reference.san(move), reference.lan(move)
        reference.push(move)
        assert play(short, move) == (san, reference.is_check())
        assert play(long, move, "lan") == (lan, reference.is_check())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 200), chess960=st.booleans())
def test_attack_masks_match_python_chess(seed: int, plies: int, chess960: bool) -> None:
    """attacks, attackers and slider_blockers: python-chess's masks, on every square of each position."""
    rng = random.Random(seed)
    for board in _played(rng, _start(rng, chess960), plies):
        occupied = board.occupied ^ (chess.BB_SQUARES[rng.randrange(64)] & board.occupied)
        for square in chess.SQUARES:
            assert attacks(board, square) == board.attacks_mask(square)
            for color in chess.COLORS:
                assert attackers(board, color, square, occupied) == board.attackers_mask(
                    color, square, occupied
                )
        for king in chess.SQUARES:
            assert slider_blockers(board, king) == board._slider_blockers(king)


def test_a_null_move_and_a_pop_after_the_fast_push() -> None:
    board = chess.Board()
    push(board, chess.Move.from_uci("e2e4"))
    assert play(board, chess.Move.null()) == ("--", False)
    board.push(chess.Move.from_uci("g1f3"))  # python-chess's own push and pop still pair up
    board.pop()
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120), chess960=st.booleans())
def test_castling_rights_and_piece_masks_match_python_chess(seed: int, plies: int, chess960: bool) -> None:
    """castling_rights computes clean_castling_rights from the pieces, also for rights a FEN
    grants that the pieces do not allow (a rook or king moved, a rook not in a corner)."""
    rng = random.Random(seed)
    board = _start(rng, chess960)
    for _ in _played(rng, board, plies):
        pass
    fresh = chess.Board(board.fen(), chess960=chess960)  # (no move stack: python-chess computes)
    back_ranks = chess.BB_RANK_1 | chess.BB_RANK_8
    for granted in (fresh.castling_rights, back_ranks, rng.getrandbits(64) & back_ranks, 0):
        fresh.castling_rights = granted
        assert castling_rights(fresh) == fresh.clean_castling_rights(), (fresh.fen(), granted)
    for piece in chess.PIECE_TYPES:
        for color in chess.COLORS:
            assert pieces(board, piece, color) == board.pieces_mask(piece, color)


def test_plain_moves_are_shared_values() -> None:
    assert plain_move(12, 28) == chess.Move.from_uci("e2e4")
    assert plain_move(12, 28) is plain_move(12, 28)
    assert plain_move(28, 12) == chess.Move(28, 12) and not plain_move(28, 12).promotion


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 250), chess960=st.booleans())
def test_is_check_and_can_escape_match_python_chess(seed: int, plies: int, chess960: bool) -> None:
    rng = random.Random(seed)
    board = _start(rng, chess960)
    for _ in range(plies):
        check = board.is_check()
        assert is_check(board) == check, board.fen()
        assert has_legal_en_passant(board) == board.has_legal_en_passant(), board.fen()
        if check:
            assert can_escape(board) == any(board.generate_legal_moves()), board.fen()
        if board.is_game_over():
            break
        board.push(_pick(rng, board, checks=True))


#: positions in check, each checked with python-chess when written: whether the side to move has a move
ESCAPES = {
    "fool's mate": ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", False),
    "smothered mate": ("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", False),
    "back-rank mate": ("R5k1/5ppp/8/8/8/8/8/7K b - - 0 1", False),
    "the rook takes the checker": ("R5k1/5ppp/8/8/8/8/r7/7K b - - 0 1", True),
    "the bishop steps between": ("R5k1/4bppp/8/8/8/8/8/7K b - - 0 1", True),
    "the knight that could step between is pinned": ("R5k1/6pp/4n3/4N3/2B5/8/8/7K b - - 0 1", False),
    "the king takes the queen": ("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", True),
    "the queen is guarded": ("4k3/8/8/8/8/2n5/4q3/4K3 w - - 0 1", False),
    "double check, the king steps away": ("4r1k1/8/8/8/8/3n4/2B5/4K3 w - - 0 1", True),
    "double check, a capture does not help": ("4r1k1/8/8/8/8/3n4/2BP1P2/3RKB2 w - - 0 1", False),
    "only a pawn steps between": ("4k3/8/8/8/1b6/8/2P1PP2/3BKR2 w - - 0 1", True),
    "only a pawn steps two squares between": ("4k3/8/8/q7/8/8/1P2PPP1/3BKB2 w - - 0 1", True),
    "only pawns take the checker": ("4k3/8/8/8/8/3n4/2PPP3/3QKB2 w - - 0 1", True),
    "en passant takes the checker (python-chess decides)": ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", True),
}


@pytest.mark.parametrize("name", ESCAPES)
def test_can_escape_positions(name: str) -> None:
    fen, escapes = ESCAPES[name]
    board = chess.Board(fen)
    assert board.is_check() and is_check(board)
    assert any(board.generate_legal_moves()) == escapes
    assert can_escape(board) == escapes


def _texts() -> list[str]:
    """Every well-formed SAN of a piece or a pawn (with and without disambiguator, capture mark,
    promotion), for every square."""
    texts = [
        f"{letter}{extra}{square}"
        for letter in "NBRQK"
        for square in chess.SQUARE_NAMES
        for extra in ("", "a", "3", "x")
    ]
    for square in chess.SQUARE_NAMES:
        texts += [square, f"{square}=Q", f"{square}Q", f"{square}=N"]
        texts += [f"{file}x{square}{promotion}" for file in "abcdefgh" for promotion in ("", "=Q")]
    return texts


def test_a_move_the_shortcut_calls_unreachable_is_one_the_full_reading_cannot_play() -> None:
    """:func:`~kifu.chess.fastpath.unreachable` lets the look-ahead skip the full reading of a
    move it must reject: never for a text that reading plays (leniently read ones included)."""
    from kifu.chess import notation
    from kifu.chess.fastpath import unreachable
    from kifu.chess.notation import PLAIN_SAN, ReadMove, read_move

    rng = random.Random(44)
    texts = _texts()
    shortcuts = 0
    for number in range(60):
        board = chess.Board() if number % 3 else chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randint(0, 150)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        for text in texts:
            match = PLAIN_SAN.match(text)
            assert match is not None
            if unreachable(board, match.groups()):
                shortcuts += 1
                with pytest.MonkeyPatch.context() as patch:
                    patch.setattr(notation, "unreachable", lambda *_: False)
                    read = read_move(board, text, None, explain=False)
                assert not isinstance(read, ReadMove), (board.fen(), text)
    assert shortcuts > len(texts) * 60 // 3  # (it decides most of them)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 250), chess960=st.booleans())
def test_legal_sans_names_every_move_as_python_chess_does(seed: int, plies: int, chess960: bool) -> None:
    """The look-ahead's names of a position's moves, made in one pass, are python-chess's SAN of
    each (castling either side, captures, promotions, disambiguators), position after position."""
    rng = random.Random(seed)
    board = _start(rng, chess960)
    for position in _played(rng, board, plies):
        assert legal_sans(position) == [(move, san_core(position, move)) for move in position.legal_moves]


@pytest.mark.parametrize(
    ("fen", "named"),
    [
        ("7k/8/8/8/8/Q1Q5/8/Q6K w - - 0 1", {"Q1b2", "Qa3b2", "Qcb2"}),  # a rank, both, a file
        ("7k/8/8/1N3N2/8/1N3N2/8/7K w - - 0 1", {"Nb3d4", "Nf5d4"}),  # four knights to d4
        ("4k3/8/8/8/R6R/8/8/R3K3 w - - 0 1", {"R4a2", "Rhd4", "Rad4"}),  # rooks on a rank, a file
        ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", {"a8=Q", "axb8=N"}),  # a promotion, with a capture
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", {"O-O", "O-O-O"}),
    ],
)
def test_legal_sans_disambiguates_as_python_chess_does(fen: str, named: set[str]) -> None:
    board = chess.Board(fen)
    assert legal_sans(board) == [(move, san_core(board, move)) for move in board.legal_moves]
    assert named <= {san for _, san in legal_sans(board)}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 120), chess960=st.booleans())
def test_castling_is_read_as_parse_san_reads_it(seed: int, plies: int, chess960: bool) -> None:
    """Castling is found among python-chess's castling moves, as ``parse_san`` finds it (without
    its error message, which writes the FEN), on either side, in Chess960 too."""
    from kifu.chess.notation import UNEXPLAINED, ReadMove, read_move

    rng = random.Random(seed)
    for position in _played(rng, _start(rng, chess960), plies):
        for text in ("O-O", "O-O-O"):
            read = read_move(position, text, explain=False)
            try:
                expected: chess.Move | None = position.parse_san(text)
            except ValueError:
                expected = None
            assert (read.move if isinstance(read, ReadMove) else None) == expected
            assert isinstance(read, ReadMove) or read is UNEXPLAINED
