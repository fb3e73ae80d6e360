"""Property-based tests: random legal games, and random damage to real ones."""

from __future__ import annotations

import chess.pgn
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from kifu.chess.checker import check_game
from kifu.chess.splitter import split_games
from kifu.core.results import RecordReport

import chess


def random_game(seed: int, plies: int, chess960: bool) -> chess.pgn.Game:
    """A legal game played at random by python-chess, exported with its true result."""
    import random

    rng = random.Random(seed)
    board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
    game = chess.pgn.Game()
    if chess960:
        game.setup(board)
        game.headers["Variant"] = "Chess960"
    node = game
    for _ in range(plies):
        if board.is_game_over(claim_draw=False):
            break
        move = rng.choice(list(board.legal_moves))
        node = node.add_variation(move)
        board.push(move)
    outcome = board.outcome(claim_draw=False)
    game.headers["Result"] = outcome.result() if outcome else "*"
    return game


def check_text(text: str) -> list[RecordReport]:
    return [check_game(game, index) for index, game in enumerate(split_games(text.split("\n")), 1)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 300), chess960=st.booleans())
def test_random_legal_games_replay_and_agree_with_python_chess(seed: int, plies: int, chess960: bool) -> None:
    game = random_game(seed, plies, chess960)
    [report] = check_text(str(game))
    errors = [f for f in report.findings if f.severity.label == "error"]
    assert not errors, (errors, str(game))
    # python-chess wrote every + and #: kifu's own check detection must agree with each one
    assert not [f for f in report.findings if f.code == "CHESS104"], str(game)
    board = game.end().board()
    outcome = board.outcome(claim_draw=False)
    if outcome is None:
        assert report.outcome is None
    else:
        expected = {
            chess.Termination.CHECKMATE: "checkmate",
            chess.Termination.STALEMATE: "stalemate",
            chess.Termination.INSUFFICIENT_MATERIAL: "insufficient-material",
            chess.Termination.SEVENTYFIVE_MOVES: "seventyfive-moves",
            chess.Termination.FIVEFOLD_REPETITION: "fivefold-repetition",
        }[outcome.termination]
        assert report.outcome is not None
        assert (report.outcome["reason"], report.outcome["result"]) == (expected, outcome.result())
        assert report.outcome["ply"] == report.plies
    claims = {c["reason"]: c["valid"] for c in report.claims}
    if outcome is None:
        assert claims.get("threefold-repetition", False) == board.can_claim_threefold_repetition()
        assert claims.get("fifty-moves", False) == board.can_claim_fifty_moves()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 120))
def test_variations_are_checked_like_main_lines(seed: int, plies: int) -> None:
    """A game and its own moves as a variation of the first move find the same problems."""
    game = random_game(seed, plies, False)
    moves = str(game.mainline_moves()) if plies else ""
    text = f'[Result "*"]\n\n1. e4 ({moves}) *\n'
    [report] = check_text(text)
    assert not [f for f in report.findings if f.severity.label == "error"], text


PGN_ALPHABET = st.sampled_from(list(' \n\t[]{}()";%$!?.-+#=*/0123456789abcdefghxKQRBNOPZ\\½…\x00é'))


@settings(max_examples=300, deadline=None)
@given(st.text(PGN_ALPHABET, max_size=300))
def test_arbitrary_text_never_crashes(text: str) -> None:
    for report in check_text(text):
        assert not [f for f in report.findings if f.code == "KIFU001"]


BASE = """[Event "x"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "a"]
[Black "b"]
[Result "1-0"]

1. e4 e5 2. Bc4 {comment} Nc6 (2... Nf6 3. d3) 3. Qh5 $1 Nf6?? 4. Qxf7# 1-0
"""


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, len(BASE)), st.integers(0, 5), st.text(PGN_ALPHABET, max_size=4)), max_size=6
    )
)
def test_random_damage_to_a_real_game_never_crashes(edits: list[tuple[int, int, str]]) -> None:
    text = BASE
    for position, delete, insert in edits:
        text = text[:position] + insert + text[position + delete :]
    reports = check_text(text)
    for report in reports:
        assert not [f for f in report.findings if f.code == "KIFU001"]
        for finding in report.findings:
            if finding.span is not None:
                assert 1 <= finding.span.line <= text.count("\n") + 1


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 200))
def test_fast_san_agrees_with_python_chess(seed: int, plies: int) -> None:
    """kifu's direct SAN resolution finds exactly python-chess's move for every legal SAN."""
    from kifu.chess.fastpath import SAN, fast_san

    board = random_game(seed, plies, False).end().board()
    for move in board.legal_moves:
        san = board.san(move).rstrip("+#")
        match = SAN.match(san)
        if match is None:  # castling
            continue
        found = fast_san(board, match.groups())
        assert found is None or found == move, (board.fen(), san, found)
        assert found == move or board.is_en_passant(move), (board.fen(), san)


SHUFFLE_STARTS = [
    chess.STARTING_FEN,
    "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R b - - 4 12",  # castling rights gone
    "4k3/8/3n4/8/8/3N4/8/4K3 b - - 90 80",  # near the fifty-move limit
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
]


def shuffling_game(seed: int, plies: int, fen: str = chess.STARTING_FEN) -> chess.pgn.Game:
    """A random game that prefers moving pieces back and forth, so that positions repeat."""
    import random

    rng = random.Random(seed)
    board = chess.Board(fen)
    game = chess.pgn.Game()
    if fen != chess.STARTING_FEN:
        game.setup(board)
    node = game
    for _ in range(plies):
        if board.is_game_over(claim_draw=False):
            break
        legal = list(board.legal_moves)
        quiet = [m for m in legal if not board.is_zeroing(m)]
        back = [
            m for m in quiet if len(board.move_stack) >= 2 and m.to_square == board.move_stack[-2].from_square
        ]
        move = rng.choice(back if back and rng.random() < 0.8 else quiet or legal)
        node = node.add_variation(move)
        board.push(move)
    game.headers["Result"] = "1/2-1/2"
    return game


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 160), fen=st.sampled_from(SHUFFLE_STARTS))
@example(seed=209698, plies=95, fen=SHUFFLE_STARTS[1])  # fifty moves due when fivefold ends the game
def test_first_claim_plies_agree_with_python_chess(seed: int, plies: int, fen: str) -> None:
    """The ply at which a claim first became available, by brute force with python-chess."""
    game = shuffling_game(seed, plies, fen)
    [report] = check_text(str(game))
    board = game.board()
    first: dict[str, int] = {}
    for ply, move in enumerate(game.mainline_moves(), 1):
        board.push(move)
        if (
            board.is_checkmate()
            or board.is_fivefold_repetition()
            or board.is_seventyfive_moves()
            or board.is_insufficient_material()
        ):
            break  # the game is over: a claim made now changes nothing
        if "threefold-repetition" not in first and board.can_claim_threefold_repetition():
            first["threefold-repetition"] = ply
        if "fifty-moves" not in first and board.can_claim_fifty_moves():
            first["fifty-moves"] = ply
    ours = {c["reason"]: c["ply"] for c in report.claims}
    assert ours == first, str(game)
