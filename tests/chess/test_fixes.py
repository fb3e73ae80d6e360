"""The fixes of chess findings (``kifu check --fix``): each fixable code's edits on a record, the
text they make, and the check of that text; planted slips repaired (tests/chess/fix_slips.py);
safe fixes that keep every move and every byte they do not edit."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.application.fixing import apply_text
from kifu.chess.checker import check_game
from kifu.chess.splitter import split_games
from kifu.core.findings import REGISTRY, Finding, Severity

import chess
from tests.chess.fix_slips import CLASSES, RESTORED, FixFigures, measure, replayed
from tests.chess.slips import game

#: the tags of the roster a record below does not give (Date: the date tests give theirs)
HEAD = '[Event "e"]\n[Site "s"]\n[Round "1"]\n[White "w"]\n[Black "b"]\n'


def findings(text: str, notes: bool = True) -> list[Finding]:
    """kifu's findings on every game of ``text``."""
    return [
        f
        for index, g in enumerate(split_games(text.split("\n")), 1)
        for f in check_game(g, index, fix_notes=notes).findings
    ]


def fixed(text: str, code: str, notes: bool = True) -> tuple[str, list[Finding]]:
    """``text`` with the fixes of ``code``'s findings applied, and those findings."""
    mine = [f for f in findings(text, notes) if f.code == code]
    assert mine, f"no {code} finding"
    new, applied = apply_text(text, [f.fix for f in mine if f.fix is not None])
    assert len(applied) == sum(f.fix is not None for f in mine), "a fix of the code overlaps another"
    return new, mine


STAR = '[Result "*"]\n\n'
#: the first moves of a Ruy Lopez, where the score sheets below slip
RUY = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 "
#: (code, record, the record fixed); the Result tag is given by each record
CASES = [
    ("CHESS104", '[Result "*"]\n\n1. e4+ e5 2. Nf3 Nc6 *\n', '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'),
    (
        "CHESS104",
        '[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ 1-0\n',
        '[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n',
    ),
    (
        "CHESS104",  # a record that never marks checks: every check marked, variations too
        '[Result "*"]\n\n1. e4 f5 2. Qh5 (2. Bb5 d6 3. Bxe8) 2... g6 *\n',
        '[Result "*"]\n\n1. e4 f5 2. Qh5+ (2. Bb5 d6 3. Bxe8) 2... g6 *\n',
    ),
    (
        "CHESS105",
        '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n',
        '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n',
    ),
    (
        "CHESS106",
        '[Result "*"]\n\n1. e2-e4 e7-e5 2. g1f3 {a comment} Nb8-c6 *\n',
        '[Result "*"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 *\n',
    ),
    (
        "CHESS108",
        '[Result "*"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 dxc6 5. O-O Dd6 *\n',
        '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Qd6 *\n',
    ),
    (
        "CHESS109",
        '[Result "*"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 e.p. Qxd6 *\n',
        '[Result "*"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 Qxd6 *\n',
    ),
    (
        "CHESS110",
        '[Result "*"]\n[SetUp "1"]\n[FEN "7k/P7/8/8/8/8/8/K7 w - - 0 1"]\n\n1. a8Q+ Kh7 *\n',
        '[Result "*"]\n[SetUp "1"]\n[FEN "7k/P7/8/8/8/8/8/K7 w - - 0 1"]\n\n1. a8=Q+ Kh7 *\n',
    ),
    ("CHESS111", '[Result "*"]\n\n1. e4 e5 2. Ngf3 Nc6 *\n', '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'),
    (
        "CHESS116",  # (a check mark and a promotion kept; a pawn move that takes nothing is no capture)
        '[Result "*"]\n[SetUp "1"]\n[FEN "1n5k/P7/8/2p5/3P4/8/8/K7 w - - 0 1"]\n\n1. dc5 Kg7 2. ab8=Q *\n',
        '[Result "*"]\n[SetUp "1"]\n[FEN "1n5k/P7/8/2p5/3P4/8/8/K7 w - - 0 1"]\n\n1. dxc5 Kg7 2. axb8=Q *\n',
    ),
    (
        "CHESS112",
        '[Result "*"]\n\n1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 (3. ♗c4 ♝c5) 3... a6 *\n',
        '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5) 3... a6 *\n',
    ),
    (
        "PGN004",
        '[Result "*"]\n[Annotator "Aron "The Rook" White"]\n\n1. e4 *\n',
        '[Result "*"]\n[Annotator "Aron \\"The Rook\\" White"]\n\n1. e4 *\n',
    ),
    ("PGN006", '[Result "1-0"]\n\n1. e4 e5 {resigns}\n', '[Result "1-0"]\n\n1. e4 e5 {resigns} 1-0\n'),
    ("PGN008", '[Result "*"]\n[Event "e"]\n\n1. e4 *\n', '[Result "*"]\n\n1. e4 *\n'),
    (
        "PGN012",  # every wrong number of the line, in one fix
        '[Result "*"]\n\n1. e4 e5 3. Nf3 Nc6 4. Bb5 a6 (4... Nf6 6. O-O) 5. Ba4 *\n',
        '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 *\n',
    ),
    ("PGN018", '[Result "1:0"]\n\n1. e4 1-0\n', '[Result "1-0"]\n\n1. e4 1-0\n'),
    ("PGN023", '[Result "1/2-1/2"]\n\n1. e4 e5 ½-½\n', '[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n'),
    ("PGN027", '[Reslt "*"]\n\n1. e4 *\n', '[Result "*"]\n\n1. e4 *\n'),
    (
        "CHESS101",
        '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nb5 a6 4. Ba4 Nf6 *\n',
        '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {kifu: 3. Nb5 corrected to Bb5: the moves after '
        "it fit it furthest (Ng5: 4. Ba4 cannot be played after it)} a6 4. Ba4 Nf6 *\n",
    ),
    (
        "CHESS102",
        STAR + "1. e4 e5 2. Nf3 Nf6 3. Bb5 a6 4. Ba4 b5 5. Bb3 d6 6. d3 Nd7 7. Nc3 Nc5 8. Be3 Ng4 *\n",
        STAR + "1. e4 e5 2. Nf3 Nf6 3. Bb5 a6 4. Ba4 b5 5. Bb3 d6 6. d3 Nbd7 {kifu: 6... Nd7 corrected "
        "to Nbd7: the moves after it fit it furthest (Nfd7: 8... Ng4 cannot be played after it)} 7. Nc3 Nc5 "
        "8. Be3 Ng4 *\n",
    ),
    (
        "CHESS103",
        STAR + "1. e4 e5 2. nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bd6 6. d4 exd4 7. Nxd4 Ne7 *\n",
        STAR + "1. e4 e5 2. Nf3 {kifu: 2. nf3 corrected to Nf3: the moves after it fit it furthest (7. Nxd4 "
        "cannot be played after any other move)} Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bd6 6. d4 exd4 "
        "7. Nxd4 Ne7 *\n",
    ),
    (
        "CHESS113",
        STAR + RUY + "Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Bf8 Ng3 14. g6 a4 15. c5 d5 16. c4 *\n",
        STAR
        + RUY
        + "Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 {kifu: 13. Nf1 inserted: the record left it out} "
        "Bf8 Ng3 14. g6 a4 15. c5 d5 16. c4 *\n",
    ),
    (
        "CHESS114",
        STAR
        + RUY
        + "Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 *\n",
        STAR
        + RUY
        + "Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 {kifu: 12... Bc2 deleted: the move before it written again} "
        "Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 *\n",
    ),
    (
        "CHESS115",
        STAR + "1. e4 e5 2. Nf3 Nc6 3. Ba4 a6 4. Bb5 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *\n",
        STAR + "1. e4 e5 2. Nf3 Nc6 3. Bb5 {kifu: 3. Ba4 and 4. Bb5 exchanged: they were written in each "
        "other's place} a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *\n",
    ),
    (
        "CHESS202",
        '[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n',
        '[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n',
    ),
    ("CHESS203", '[Result "*"]\n\n1. f3 e5 2. g4 Qh4# *\n', '[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'),
]


def _errors(found: list[Finding]) -> set[str]:
    return {f.code for f in found if f.severity is Severity.ERROR}


@pytest.mark.parametrize(
    ("code", "record", "expected"), CASES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(CASES)]
)
def test_a_fixable_code_is_fixed(code: str, record: str, expected: str) -> None:
    """The fix of each finding of ``code`` makes the expected text, in which the check finds that
    code no more, and no error it did not find before; the fix's applicability is the registry's."""
    source = HEAD + record
    new, mine = fixed(source, code)
    assert new == HEAD + expected
    assert all(f.fix is not None and f.fix.applicability == REGISTRY[code].fix for f in mine)
    after = findings(new)
    assert code not in {f.code for f in after}, [f.message for f in after if f.code == code]
    assert _errors(after) <= _errors(findings(source)) - {code}


def test_a_move_fix_without_comments() -> None:
    """``--no-fix-comments``: the move written, no comment."""
    new, _ = fixed(
        HEAD + '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nb5 a6 4. Ba4 Nf6 *\n', "CHESS101", notes=False
    )
    assert new.endswith("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n")


def test_a_move_written_twice_deleted_without_comments() -> None:
    record = (
        HEAD
        + '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *\n'
    )
    new, _ = fixed(record, "CHESS114", notes=False)
    assert new.endswith("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *\n")


@pytest.mark.parametrize(
    ("record", "code"),
    [
        ('[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nb5 *\n', "CHESS101"),  # nothing after it decides
        ('[Result "*"]\n\n1. e4 e5 2. nf3 Nf6 3. Bb5 a6 *\n', "CHESS103"),  # the rest fits others too
        ('[Result "*"]\n[Date "03/04/2024"]\n\n1. e4 *\n', "PGN013"),  # which is the day?
        ('[Result "White wins"]\n\n1. e4 *\n', "PGN018"),
        ('[Result "*"]\n[Event "again"]\n\n1. e4 *\n', "PGN008"),  # two values: which?
        ('[Result "*"]\n\n1. e4 e5 2. Nf3 ; no marker\n', "PGN006"),  # the tag says *: nothing known
    ],
)
def test_no_fix_where_the_repair_would_be_a_guess(record: str, code: str) -> None:
    mine = [f for f in findings(HEAD + record) if f.code == code]
    assert mine and all(f.fix is None for f in mine)


@pytest.mark.parametrize(
    ("date", "standard"),
    [
        ("1997-03-12", "1997.03.12"),
        ("1997/3/2", "1997.03.02"),
        ("1997", "1997.??.??"),
        ("25/12/1997", "1997.12.25"),
        ("12/25/1997", "1997.12.25"),
        ("7.7.1997", "1997.07.07"),
    ],
)
def test_a_date_that_reads_one_way_is_written_in_the_standard_form(date: str, standard: str) -> None:
    record = HEAD + f'[Date "{date}"]\n[Result "*"]\n\n1. e4 *\n'
    new, _ = fixed(record, "PGN013")
    assert f'[Date "{standard}"]' in new
    assert "PGN013" not in {f.code for f in findings(new)}


def test_two_games_without_a_blank_line_are_parted() -> None:
    text = HEAD + '[Result "*"]\n\n1. e4 *\n' + HEAD + '[Result "*"]\n\n1. d4 *\n'
    new, _ = fixed(text, "PGN022")
    assert new == HEAD + '[Result "*"]\n\n1. e4 *\n\n' + HEAD + '[Result "*"]\n\n1. d4 *\n'
    assert "PGN022" not in {f.code for f in findings(new)}


def test_a_result_through_an_assumed_move_is_not_fixed() -> None:
    """CHESS203 that rests on a move kifu assumed: a warning that names it, and no fix."""
    record = HEAD + '[Result "*"]\n\n1. f3 e5 2. g4 qh4 3. Kf2 *\n'
    assert all(f.fix is None for f in findings(record) if f.code.startswith("CHESS20"))


# --- planted slips ---------------------------------------------------------------------------------


def test_planted_slips_come_back_move_for_move() -> None:
    """A sample of tests/chess/fix_slips.py: of the slips the look-ahead decided, at least 98% of
    the games come back move for move; no move the record played legally is changed; no fix is
    made where the look-ahead did not decide."""
    total = FixFigures("all")
    for kind in CLASSES:
        figures = measure(kind, 6, 7, keep=3)
        total.decided += figures.decided
        total.restored += figures.restored
        total.legal_changed += figures.legal_changed
        total.ties_fixed += figures.ties_fixed
        total.failures += figures.failures
    shown = "\n".join([*total.lines(), *total.failures])
    assert total.decided >= 12, shown
    assert total.legal_changed == 0, shown
    assert total.ties_fixed == 0, shown
    assert total.restored >= RESTORED * total.decided, shown


# --- safe fixes keep the moves --------------------------------------------------------------------

#: notation a score sheet or a program writes for a SAN move, which the safe fixes write back
_SPOIL = ("zeros", "promotion", "long", "uci", "figurine", "check", "disambiguator", "ep")


def _spoiled(rng: random.Random, board: chess.Board, move: chess.Move) -> str:
    san = board.san(move)
    kind = rng.choice(_SPOIL)
    core, mark = san.rstrip("+#"), san[len(san.rstrip("+#")) :]
    if kind == "zeros" and core.startswith("O-O"):
        return core.replace("O", "0") + mark
    if kind == "promotion" and "=" in core:
        return core.replace("=", "") + mark
    if kind == "long" and not core.startswith("O"):
        promotion = f"={chess.piece_symbol(move.promotion).upper()}" if move.promotion else ""
        return f"{chess.square_name(move.from_square)}-{chess.square_name(move.to_square)}{promotion}{mark}"
    if kind == "uci":
        return move.uci()
    if kind == "figurine" and core[0] in "NBRQK":
        return "♘♗♖♕♔"["NBRQK".index(core[0])] + core[1:] + mark
    if kind == "check" and mark:
        return core
    if kind == "disambiguator" and core[0] in "NBRQ" and len(core.replace("x", "")) == 3:
        return core[0] + chess.square_name(move.from_square)[0] + core[1:] + mark
    if kind == "ep" and board.is_en_passant(move):
        return san + " e.p."
    return san


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_safe_fixes_keep_every_move_and_every_line_they_do_not_edit(seed: int) -> None:
    """A random game written with notation slips (zeros, long algebraic, UCI, figurines, a
    needless disambiguator, a missing check mark, ``e.p.``): the safe fixes, round after round,
    give a record that replays the same moves, in which a second fix changes nothing; the lines
    no edit touches are kept byte for byte."""
    rng = random.Random(seed)
    sans = game(rng, rng.randint(10, 80))
    board = chess.Board()
    words = []
    for ply, san in enumerate(sans):
        move = board.parse_san(san)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(_spoiled(rng, board, move) if rng.random() < 0.3 else san)
        board.push(move)
    lines = [" ".join(words[i : i + 9]) for i in range(0, len(words), 9)]
    text = HEAD + '[Result "*"]\n\n' + "\n".join(lines) + " *\n"
    current = text
    for _ in range(8):
        fixes = [f.fix for f in findings(current) if f.fix is not None and f.fix.applicability == "safe"]
        if not fixes:
            break
        edited = {
            line for fix in fixes for edit in fix.edits for line in range(edit.span[0], edit.span[2] + 1)
        }
        new, applied = apply_text(current, fixes)
        assert applied
        before, after = current.split("\n"), new.split("\n")
        assert len(before) == len(after)
        assert all(before[i] == after[i] for i in range(len(before)) if i + 1 not in edited)
        current = new
    else:
        pytest.fail("the safe fixes reach no fixed point in 8 rounds")
    moves = replayed(current)
    assert moves is not None and len(moves) == len(sans), current
    board = chess.Board()
    for san, move in zip(sans, moves, strict=True):
        assert board.parse_san(san) == move
        board.push(move)
