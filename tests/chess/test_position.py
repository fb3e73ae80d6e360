"""kifu's own position (:mod:`kifu.chess.position`) gives python-chess's results, move by move.

Random games (with captures, promotions, castling, en passant and checks favoured) are played
on python-chess's ``Board`` and on a :class:`Position` side by side: every written move must
resolve as :func:`~kifu.chess.notation.read_move` resolves it on the board (moves that cannot
be played included), every position, check, mate test and count of heavy pieces must be
python-chess's, and the repetition keys must split positions exactly as python-chess's
transposition key does. The same holds for a position python-chess plays (``native=False``,
Chess960, unusual set-ups), so the walk gives the same answers on either.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from kifu.chess.diagnosis import MoveProblem
from kifu.chess.fastpath import ZEROING
from kifu.chess.locales import letter_map
from kifu.chess.notation import PLAIN_SAN, ReadMove, read_move
from kifu.chess.position import Position, _repeats_on_board, board_key, key_occupied, key_turn, scan_san

import chess
from tests.chess.test_fastpath import ESCAPES, _pick, _start, _state
from tests.sizes import scaled


def _same(found: ReadMove | MoveProblem, expected: ReadMove | MoveProblem) -> bool:
    if isinstance(found, ReadMove) and isinstance(expected, ReadMove):
        return (found.move, found.suffix, found.annotation, found.notes) == (
            expected.move,
            expected.suffix,
            expected.annotation,
            expected.notes,
        )
    if isinstance(found, MoveProblem) and isinstance(expected, MoveProblem):
        return (found.kind, found.message, found.meant) == (expected.kind, expected.message, expected.meant)
    return False


def _texts(rng: random.Random, board: chess.Board, move: chess.Move) -> list[str]:
    """What a score sheet might say for ``move``: its SAN with and without marks, and moves
    that are not legal here (another piece's target, the other side's move, nonsense)."""
    san = board.san(move)
    core = san.rstrip("+#")
    texts = [san, core, core + "!?", core + "+", core + "#", core.replace("=", "")]
    piece = board.piece_type_at(move.from_square)
    if piece not in (None, chess.PAWN) and not board.is_castling(move):
        # written with a file or a rank that may not be needed (Nbd7 where Nd7 is enough)
        origin = chess.square_name(move.from_square)
        target = core[-2:]
        takes = "x" if board.is_capture(move) else ""
        letter = core[0]
        texts += [letter + origin[0] + takes + target, letter + origin[1] + takes + target + "+"]
    file_rank = chess.square_name(rng.randrange(64))
    texts += [
        rng.choice("NBRQK") + file_rank,
        rng.choice("abcdefgh") + "x" + file_rank,
        file_rank,
        "O-O",
        "O-O-O",
        "O-O+",
        "0-0",
        "e8=Q",
        "exd6",
        "Nbd7",
    ]
    # moves the rules forbid (a pinned piece, the king into check): as a player would write them
    for illegal in [m for m in board.generate_pseudo_legal_moves() if not board.is_legal(m)][:4]:
        piece = board.piece_type_at(illegal.from_square)
        target = chess.square_name(illegal.to_square)
        if piece == chess.PAWN:
            texts.append(
                target
                if chess.square_file(illegal.from_square) == chess.square_file(illegal.to_square)
                else chess.FILE_NAMES[chess.square_file(illegal.from_square)] + "x" + target
            )
        elif piece is not None:
            texts.append(chess.piece_symbol(piece).upper() + target)
    turned = board.copy(stack=False)
    turned.turn = not turned.turn
    if not turned.is_check():
        other = list(turned.legal_moves)
        if other:
            texts.append(turned.san(rng.choice(other)))
    return texts


def _check_resolutions(position: Position, board: chess.Board, texts: list[str]) -> None:
    for text in texts:
        expected = read_move(board.copy(stack=False), text)
        assert _same(position.read(text, None), expected), (board.fen(), text)


def _without_promoted(board: chess.Board) -> tuple[object, ...]:
    """The board's state but for which pieces were promoted (crazyhouse's bookkeeping, which
    the mailbox does not keep: in standard chess it changes no rule, FEN nor key)."""
    state = _state(board)
    return state[:8] + state[9:]


def _check_state(position: Position, board: chess.Board) -> None:
    assert _without_promoted(position.board()) == _without_promoted(board), board.fen()
    assert position.is_check() == board.is_check(), board.fen()
    assert (position.turn == 0) == board.turn
    assert position.halfmove == board.halfmove_clock
    assert position.fullmove == board.fullmove_number
    assert position.no_heavy_pieces() == (not (board.pawns | board.rooks | board.queens))
    assert position.key() == board_key(board), board.fen()
    if board.is_check():
        assert position.can_escape() == any(board.generate_legal_moves()), board.fen()
    assert position.has_move() == any(board.generate_legal_moves()), board.fen()


def _game(seed: int, plies: int, chess960: bool, native: bool) -> None:
    rng = random.Random(seed)
    board = _start(rng, chess960)
    position = Position.of(board, native=native)
    assert position.native == (native and not chess960)
    keys: dict[bytes, object] = {}
    transpositions: dict[object, bytes] = {}
    for _ in range(plies):
        if board.is_game_over():
            break
        move = _pick(rng, board, checks=rng.random() < 0.3)
        if rng.random() < 0.3:  # (read_move on every text of every ply would take minutes)
            _check_resolutions(position, board, _texts(rng, board, move))
        zeroing = board.is_zeroing(move)
        if rng.random() < 0.02 and not board.is_check():
            move = chess.Move.null()
            zeroing = False
        board.push(move)
        assert position.push(move) == (ZEROING if zeroing else 0), move
        _check_state(position, board)
        key, transposition = position.key(), board._transposition_key()
        assert keys.setdefault(key, transposition) == transposition, board.fen()
        assert transpositions.setdefault(transposition, key) == key, board.fen()
        assert key_turn(key) == board.turn and key_occupied(key) == board.occupied


@settings(max_examples=scaled(30, 300), deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 250))
def test_the_mailbox_plays_as_python_chess(seed: int, plies: int) -> None:
    _game(seed, plies, chess960=False, native=True)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 200), chess960=st.booleans())
def test_python_chess_positions_answer_alike(seed: int, plies: int, chess960: bool) -> None:
    _game(seed, plies, chess960=chess960, native=False)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 120))
def test_a_copy_is_independent(seed: int, plies: int) -> None:
    rng = random.Random(seed)
    board = chess.Board()
    position = Position.of(board)
    for _ in range(plies // 2):
        if board.is_game_over():
            return
        move = _pick(rng, board)
        board.push(move)
        position.push(move)
    fen, key = board.fen(), position.key()
    copied = position.copy()
    branch = board.copy(stack=False)
    for _ in range(plies // 2):
        if branch.is_game_over():
            break
        move = _pick(rng, branch)
        branch.push(move)
        copied.push(move)
    assert position.fen() == fen and position.key() == key
    assert copied.fen() == branch.fen()


#: set-ups the mailbox leaves to python-chess, and ones it takes
SETUPS = {
    "the standard start": (chess.STARTING_FEN, True),
    "an en-passant square in the FEN": ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", False),
    "no black king": ("8/8/8/8/8/8/8/4K3 w - - 0 1", False),
    "two white kings": ("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", False),
    "a pawn on the back rank": ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", False),
    "an endgame": ("8/5k2/8/8/2B5/8/1K6/8 b - - 7 60", True),
    "castling rights the pieces no longer allow": ("4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1", True),
}


@pytest.mark.parametrize("name", SETUPS)
def test_which_setups_the_mailbox_models(name: str) -> None:
    fen, native = SETUPS[name]
    board = chess.Board(fen)
    position = Position.of(board)
    assert position.native == native
    assert position.key() == board_key(board)
    assert position.fen() == board.fen()
    assert position.is_check() == board.is_check()
    for move in list(board.legal_moves)[:20]:
        moved = position.copy()
        after = board.copy(stack=False)
        after.push(move)
        moved.push(move)
        assert moved.fen() == after.fen() and moved.key() == board_key(after)


def test_board_key_tells_chess960_from_standard() -> None:
    standard = chess.Board()
    shuffled = chess.Board.from_chess960_pos(518)  # the standard array, as a Chess960 game
    assert standard.board_fen() == shuffled.board_fen()
    assert board_key(standard) != board_key(shuffled)
    assert len(board_key(standard)) == 67


def test_a_legal_en_passant_is_in_the_key_and_an_illegal_one_is_not() -> None:
    board = chess.Board("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1")
    position = Position.of(board)
    move = chess.Move.from_uci("e2e4")
    board.push(move)
    position.push(move)
    assert position.key()[66] == chess.E3 and board.has_legal_en_passant()
    pinned = chess.Board("8/8/8/8/k4p1R/8/4P3/4K3 w - - 0 1")  # fxe3 would expose the king
    position = Position.of(pinned)
    pinned.push(move)
    position.push(move)
    assert position.key()[66] == 255 and not pinned.has_legal_en_passant()
    assert position.key() == board_key(pinned)


@pytest.mark.parametrize("name", ESCAPES)
def test_can_escape_positions(name: str) -> None:
    fen, escapes = ESCAPES[name]
    position = Position.of(chess.Board(fen))
    assert position.is_check()
    assert position.can_escape() == escapes


#: positions without check: whether the side to move has a legal move (False: stalemate)
MOVES_LEFT = {
    "a queen stalemates the cornered king": ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", False),
    "a blocked pawn and no square for the king": ("k7/P7/1K6/8/8/p7/P7/8 b - - 0 1", False),
    "a pinned bishop moves along its pin": ("k7/1b6/NK6/3B4/8/8/8/8 b - - 0 1", True),
    "a pinned knight cannot move": ("k7/1n6/NK6/3B4/8/8/8/8 b - - 0 1", False),
    "a pinned pawn can neither step nor take off its line": ("k7/1p6/NK6/3B4/8/8/8/8 b - - 0 1", False),
    "the start position": (chess.STARTING_FEN, True),
}


@pytest.mark.parametrize("name", MOVES_LEFT)
def test_has_move_positions(name: str) -> None:
    fen, moves = MOVES_LEFT[name]
    board = chess.Board(fen)
    position = Position.of(board)
    assert position.native and not position.is_check()
    assert any(board.generate_legal_moves()) == moves
    assert position.has_move() == moves


def test_an_en_passant_capture_is_a_move_left() -> None:
    board = chess.Board("7k/5K2/6P1/8/1p6/1P6/2P5/8 w - - 0 1")
    position = Position.of(board)
    move = chess.Move.from_uci("c2c4")  # Black's one move is then bxc3 en passant
    board.push(move)
    position.push(move)
    assert list(board.legal_moves) == [chess.Move.from_uci("b4c3")]
    assert position.native and position.has_move()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 150))
def test_a_move_that_repeats_a_position_is_found_as_python_chess_finds_it(seed: int, plies: int) -> None:
    """FIDE 9.2.1.1: the keys of the position after a random move, and of earlier positions
    (a piece going back and forth reaches them again), against python-chess's legality."""
    rng = random.Random(seed)
    board = chess.Board()
    position = Position.of(board)
    history: list[bytes] = [board_key(board)]
    for _ in range(plies):
        if board.is_game_over():
            break
        move = _pick(rng, board)
        after = board.copy(stack=False)
        after.push(move)
        ahead = board_key(after)
        assert position.repeats_by_move([ahead]) == (not board.is_zeroing(move)), (board.fen(), move)
        # a piece of the mover's to an empty square, legal or not (blocked, pinned, into check)
        pieces = [square for square in chess.SQUARES if board.color_at(square) == board.turn]
        empty = [square for square in chess.SQUARES if board.piece_at(square) is None]
        for _ in range(3):
            trial = chess.Move(rng.choice(pieces), rng.choice(empty))
            if board.piece_type_at(trial.from_square) == chess.PAWN:
                continue
            reached = board.copy(stack=False)
            reached.push(trial)
            assert position.repeats_by_move([board_key(reached)]) == board.is_legal(trial), (
                board.fen(),
                trial,
            )
        keys = [ahead, *history[-6:]]
        expected = _repeats_on_board(board.copy(), keys)
        assert position.repeats_by_move(keys) == expected, board.fen()
        assert Position.of(board, native=False).repeats_by_move(keys) == expected
        board.push(move)
        position.push(move)
        history.append(board_key(board))


_PIECES = {"N": 2, "B": 3, "R": 4, "Q": 5, "K": 6}


def _regex_fields(text: str) -> tuple[int, ...] | None:
    """What read_move's regular expression (and its condition) reads of ``text``, as
    :func:`scan_san`'s fields: length without marks, piece, file + 1, rank + 1, capture,
    target, promotion, check mark."""
    match = PLAIN_SAN.match(text)
    if match is None:
        return None
    (
        letter,
        from_file,
        from_rank,
        takes,
        square,
        pawn_file,
        pawn_takes,
        target_file,
        target_rank,
        equals,
        promoted,
        suffix,
        annotation,
    ) = match.groups()
    if (promoted is not None and equals is None) or (from_file is not None and from_rank is not None):
        return None
    core = len(text) - len(suffix or "") - len(annotation or "")
    if letter is not None:
        to = chess.parse_square(square)
        return (
            core,
            _PIECES[letter],
            ord(from_file) - 96 if from_file else 0,
            ord(from_rank) - 48 if from_rank else 0,
            1 if takes else 0,
            to,
            0,
            1 if suffix else 0,
        )
    to = chess.parse_square((target_file if pawn_takes else pawn_file) + target_rank)
    return (
        core,
        0,
        ord(pawn_file) - 96,
        0,
        1 if pawn_takes else 0,
        to,
        _PIECES[promoted] if promoted else 0,
        1 if suffix else 0,
    )


def _scanned_fields(text: str) -> tuple[int, ...] | None:
    packed = scan_san(text)
    if packed < 0:
        return None
    return (
        packed & 15,
        packed >> 4 & 7,
        packed >> 7 & 15,
        packed >> 11 & 15,
        packed >> 15 & 1,
        packed >> 16 & 63,
        packed >> 22 & 7,
        packed >> 25 & 1,
    )


@settings(max_examples=3000, deadline=None)
@given(text=st.text(alphabet="NBRQKPabcdehx18=+#!?O-0 ", min_size=1, max_size=9))
@example(text="e8=K")
@example(text="Ng1f3")
@example(text="Ng1xf3")
@example(text="exd8=Q+!?")
@example(text="a8Q")
@example(text="Nbxd7#")
@example(text="R1e2")
@example(text="Kxe2??")
@example(text="e4!!")
@example(text="e4+!")
@example(text="e4!+")
@example(text="e4++")
@example(text="exd")
@example(text="xd5")
@example(text="e8=")
@example(text="Qh4e1")
@example(text="bxa1=N#")
def test_the_san_scanner_reads_what_the_regular_expression_reads(text: str) -> None:
    """Whatever scan_san accepts, read_move's expression reads alike (else python-chess reads it)."""
    scanned = _scanned_fields(text)
    if scanned is not None:
        assert scanned == _regex_fields(text), text


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 200))
def test_the_san_scanner_reads_every_san_python_chess_writes(seed: int, plies: int) -> None:
    """The scanner is the fast path: it reads every SAN but castling (and a8Q), as the expression does."""
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        if board.is_game_over():
            break
        move = _pick(rng, board)
        san = board.san(move)
        for text in (san, san + "!?", san.rstrip("+#") + "?"):
            expected = _regex_fields(text)
            assert _scanned_fields(text) == expected, text
            assert (expected is None) == board.is_castling(move), text
        board.push(move)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    plies=st.integers(1, 120),
    lang=st.sampled_from(["de", "nl", "es", "hu", "fr"]),
)
def test_moves_in_localised_letters_resolve_as_read_move_resolves_them(
    seed: int, plies: int, lang: str
) -> None:
    """The piece letters of a score sheet in another language (Dutch writes a pawn O, Hungarian
    a rook B), rewritten by the mailbox as read_move rewrites them."""
    rng = random.Random(seed)
    letters = letter_map(lang)
    local = {english: mine for mine, english in letters.items()}
    board = chess.Board()
    position = Position.of(board)
    for _ in range(plies):
        if board.is_game_over():
            break
        move = _pick(rng, board)
        english = board.san(move)
        written = local.get(english[0], english[0]) + english[1:] if english[0].isupper() else english
        if "=" in written:
            head, _, tail = written.partition("=")
            written = f"{head}={local[tail[0]]}{tail[1:]}"
        for text in (
            written,
            written.rstrip("+#"),
            "O-O",
            "O-O-O",
            local["P"] + chess.square_name(move.to_square),
        ):
            expected = read_move(board.copy(stack=False), text, letters)
            assert _same(position.read(text, letters), expected), (lang, board.fen(), text)
        board.push(move)
        position.push(move)


@pytest.mark.parametrize("native", [True, False])
def test_the_board_a_position_is_made_from_is_never_played_on(native: bool) -> None:
    """A null move and en passant are played by python-chess: on a board of the position's own."""
    start = chess.Board("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1")
    fen = start.fen()
    position = Position.of(start, native=native)
    for uci in ("0000", "e8d8", "e2e4", "f4e3"):
        position.push(chess.Move.from_uci(uci))
    assert start.fen() == fen
    assert position.fen() == "3k4/8/8/8/8/4p3/8/4K3 w - - 0 3"


def test_the_tables_kifu_keeps_of_its_own_are_python_chesss() -> None:
    """The position is made without python-chess (a clean record never imports it): the
    constants it would read from python-chess are its own, and must stay equal to them."""
    from kifu.chess import fastpath, position

    start = chess.Board()
    assert position.SQUARE_NAMES == chess.SQUARE_NAMES
    squares = {"A1": chess.A1, "E1": chess.E1, "H1": chess.H1, "A8": chess.A8, "E8": chess.E8, "H8": chess.H8}
    assert {name: getattr(position, name) for name in squares} == squares
    assert list(chess.PIECE_TYPES) == position._TYPES
    assert position._BACK_RANKS == chess.BB_RANK_1 | chess.BB_RANK_8
    assert (position.ZEROING, position.SPECIAL) == (fastpath.ZEROING, fastpath.SPECIAL)
    masks = {
        "PAWNS": start.pawns,
        "KNIGHTS": start.knights,
        "BISHOPS": start.bishops,
        "ROOKS": start.rooks,
        "QUEENS": start.queens,
        "KINGS": start.kings,
        "WHITE": start.occupied_co[chess.WHITE],
        "OCCUPIED": start.occupied,
    }
    assert {name: getattr(position, "_START_" + name) for name in masks} == masks
    assert position._read_squares(start) == position._START_SQUARES


def test_the_standard_start_made_without_python_chess_is_its_start() -> None:
    made, read = Position.standard(), Position.of(chess.Board())
    assert made.key() == read.key() == board_key(chess.Board())
    assert made.board().fen() == chess.STARTING_FEN
    for name in ("native", "squares", "cells", "turn", "castling", "ep", "halfmove", "fullmove"):
        assert getattr(made, name) == getattr(read, name), name
    assert (made.white_king, made.black_king, made.heavy) == (read.white_king, read.black_king, read.heavy)
    # a copy of it, and a line python-chess plays from it
    assert Position.of(made).key() == made.key()
    assert Position.of(made, native=False).board().fen() == chess.STARTING_FEN


def test_a_move_read_by_the_mailbox_is_python_chesss_when_asked() -> None:
    position = Position.standard()
    for written, uci in (("e4", "e2e4"), ("e5", "e7e5"), ("Nf3", "g1f3")):
        read = position.read(written, None)
        assert isinstance(read, ReadMove) and read.given is None  # (no python-chess move made)
        assert read.move == chess.Move.from_uci(uci)
        position.play(read)
    assert position.board().fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"


@pytest.mark.parametrize("seed", range(8))
def test_a_pawn_capture_without_its_x_is_read_as_python_chess_reads_it(seed: int) -> None:
    """``ed5`` for ``exd5`` (CHESS116): every pawn capture of random games, its ``x`` left out,
    is the move python-chess's ``parse_san`` reads, with the note that says so; the same text
    where no pawn can take there is no move."""
    rng = random.Random(seed)
    board = chess.Board()
    captures = 0
    while not board.is_game_over() and board.ply() < 200:
        for move in board.legal_moves:
            if board.piece_type_at(move.from_square) == chess.PAWN and board.is_capture(move):
                text = board.san(move).replace("x", "", 1)
                read = read_move(board, text)
                assert isinstance(read, ReadMove) and read.move == board.parse_san(text) == move, text
                assert "capture-x" in read.notes
                captures += 1
        board.push(rng.choice(list(board.legal_moves)))
    assert captures
    assert not isinstance(read_move(chess.Board(), "ba3"), ReadMove)  # (a3 holds nothing to take)
