"""`kifu convert` for chess: round trips and safe writing (the output per target: tests/cases/chess)."""

from __future__ import annotations

import json
from pathlib import Path

import chess.pgn
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.app import cli
from kifu.chess.convert import TARGETS, convert_game
from kifu.chess.splitter import split_games

import chess
from tests.chess.conftest import check_file
from tests.chess.test_properties import BASE, PGN_ALPHABET, random_game
from tests.conftest import CORPUS

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["convert", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def convert_text(text: str, target: str) -> list[str]:
    return [convert_game(game, i, target).text for i, game in enumerate(split_games(text.split("\n")), 1)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 200), chess960=st.booleans())
def test_random_games_round_trip(seed: int, plies: int, chess960: bool) -> None:
    """read → write → read gives the same moves, tags and result in every PGN-like target."""
    game = random_game(seed, plies, chess960)
    moves = list(game.mainline_moves())
    for target in ("pgn", "lan", "fan"):
        [written] = convert_text(str(game), target)
        if target == "fan":
            continue  # figurines are for print; they do not read back as SAN
        again = chess.pgn.read_game(__import__("io").StringIO(written))
        assert again is not None and list(again.mainline_moves()) == moves, (target, written)
        assert dict(again.headers) == dict(game.headers)
    [uci] = convert_text(str(game), "uci")
    assert uci.split() == [m.uci() for m in moves]
    [fens] = convert_text(str(game), "fen")
    board = game.board()
    expected = [board.fen()]
    for move in moves:
        board.push(move)
        expected.append(board.fen())
    assert fens.split("\n")[:-1] == expected


def test_comments_nags_and_variations_survive(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (ROOT / "fixtures/chess/good/annotated.pgn").read_text()
    [first, *_] = convert_text(text, "pgn")
    flat = " ".join(first.split())
    assert (
        "{ Weakens the king. }" in flat
        and "$2" in flat
        and "( 1... d5 2. g4 ( 2. e4 dxe4 ) 2... e5 )" in flat
    )
    assert all(len(line) < 80 for line in first.splitlines())
    [again] = convert_text(first, "pgn")
    assert again == first  # the export format is a fixed point


def test_converted_output_checks_clean(tmp_path: Path) -> None:
    """`kifu check` of converted PGN reports no new finding (beyond the roster of tag-less input)."""
    for name in ("good/annotated.pgn", "good/opera-game.pgn", "good/chess960.pgn"):
        source = ROOT / "fixtures/chess" / name
        target = tmp_path / f"{source.stem}.pgn"
        assert invoke(str(source), "--to", "pgn", "-o", str(target))[0] == 0
        before = {f.code for f in check_file(source).records[0].findings}
        after = {f.code for r in check_file(target).records for f in r.findings}
        assert after <= before | {"CHESS204", "CHESS205"}, (name, after - before)


#: every PGN file of the shared corpus (none in a plain clone: the test then skips)
CORPUS_FILES = (
    sorted(p.relative_to(CORPUS / "chess").as_posix() for p in (CORPUS / "chess").rglob("*.pgn"))
    if (CORPUS / "chess").is_dir()
    else ["(no corpus)"]
)


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_round_trip(corpus: Path, name: str, tmp_path: Path) -> None:
    """read → pgn → read keeps every game: its plies, outcome, result and tags, and the check
    of the output reports nothing the input did not. Deliberate normalisations:

    - a game without a termination marker gets ``*`` (the Standard requires one);
    - a line ends at a move that cannot be played (reported on stderr), so a game with an
      error may come out shorter, and may then read as a draw by agreement (CHESS205, an
      info) where the input could not be judged;
    - a game in a variant kifu does not replay keeps its moves as written.

    A second conversion changes nothing.
    """
    source = corpus / "chess" / name
    written, again = tmp_path / "out.pgn", tmp_path / "again.pgn"
    code, _, err = invoke(str(source), "--to", "pgn", "--lenient", "-o", str(written))
    assert code == 0, err
    original, converted = check_file(source).records, check_file(written).records
    assert len(original) == len(converted)
    for a, b in zip(original, converted, strict=True):
        broken = any(f.severity.label == "error" for f in a.findings)
        assert b.plies == a.plies or (broken and b.plies < a.plies), a.index
        assert b.outcome == a.outcome, a.index
        assert b.declared_result == (a.declared_result or "*"), a.index
        assert {k: v for k, v in a.tags.items()} == {k: v for k, v in b.tags.items() if k in a.tags}
        before, after = {f.code for f in a.findings}, {f.code for f in b.findings}
        assert after <= before | ({"CHESS205"} if broken else set()), (a.index, after - before)
    assert invoke(str(written), "--to", "pgn", "--lenient", "-o", str(again))[0] == 0
    assert again.read_text(encoding="utf-8") == written.read_text(encoding="utf-8")


def test_json_shape() -> None:
    _, out, _ = invoke(str(ROOT / "fixtures/chess/good/annotated.pgn"), "--to", "json")
    first = json.loads(out.splitlines()[0])
    assert set(first) == {"tags", "start", "comment", "moves", "result"}
    assert first["moves"][1]["variations"][0][0]["san"] == "d5"
    assert first["moves"][0]["nags"] == [2]


def test_writes_are_atomic_and_inputs_safe(tmp_path: Path) -> None:
    source = tmp_path / "game.pgn"
    source.write_text((ROOT / "fixtures/chess/good/opera-game.pgn").read_text())
    original = source.read_text()
    code, _, err = invoke(str(source), "--to", "pgn", "-o", str(source))
    assert code == 2 and "--in-place" in err and source.read_text() == original
    code, _, err = invoke(str(source), "--to", "uci", "--in-place")  # UCI would replace the PGN: refused
    assert code == 2 and "same format only" in err and source.read_text() == original
    assert invoke(str(source), "--to", "pgn", "--in-place")[0] == 0
    assert source.read_text().startswith('[Event "')
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".kifu-")]
    out = tmp_path / "out"
    assert (
        invoke(str(source), str(ROOT / "fixtures/chess/good/annotated.pgn"), "--to", "pgn", "-o", f"{out}/")[
            0
        ]
        == 0
    )
    assert sorted(p.name for p in out.iterdir()) == ["annotated.pgn", "game.pgn"]


def test_strict_and_what_is_dropped() -> None:
    path = str(ROOT / "fixtures/chess/good/annotated.pgn")
    code, _, err = invoke(path, "--to", "uci")
    assert (
        code == 0 and "dropped: comments (1 game), NAGs (1 game), variations (1 game), tags (3 games)" in err
    )
    assert invoke(path, "--to", "uci", "--strict")[0] == 1
    assert invoke(path, "--to", "pgn", "--strict")[0] == 0


def test_unknown_target_is_a_usage_error() -> None:
    assert invoke(str(ROOT / "fixtures/chess/good/annotated.pgn"), "--to", "wxf")[0] == 2


def test_tag_values_are_escaped_so_they_read_back() -> None:
    """A quote or backslash in a tag value is escaped in the export (python-chess writes it raw)."""
    text = '[Event "A \\"quoted\\" event"]\n[White "B\\\\C"]\n\n1. e4 e5 *\n'
    [written] = convert_text(text, "pgn")
    assert '[Event "A \\"quoted\\" event"]' in written and '[White "B\\\\C"]' in written
    [document] = convert_text(
        written, "json"
    )  # kifu reads escapes as the Standard says (python-chess does not)
    tags = json.loads(document)["tags"]
    assert tags["Event"] == 'A "quoted" event' and tags["White"] == "B\\C"


def test_encoding_for_legacy_readers(tmp_path: Path) -> None:
    """--encoding writes the bytes an old reader expects, and refuses what it cannot hold."""
    source = tmp_path / "game.pgn"
    source.write_text('[Event "Café"]\n[White "Müller"]\n\n1. e4 e5 2. Nf3 *\n', encoding="utf-8")
    target = tmp_path / "latin1.pgn"
    assert invoke(str(source), "--to", "pgn", "--encoding", "latin-1", "-o", str(target))[0] == 0
    assert b'[Event "Caf\xe9"]' in target.read_bytes() and b"M\xfcller" in target.read_bytes()
    figurines = tmp_path / "fan.pgn"
    code, _, err = invoke(str(source), "--to", "fan", "--encoding", "latin-1", "-o", str(figurines))
    assert code == 1 and "cannot be written in latin-1: '♘'" in err and not figurines.exists()
    assert invoke(str(source), "--to", "pgn", "--encoding", "no-such-codec")[0] == 2


def test_an_input_without_a_record_is_an_error(tmp_path: Path) -> None:
    """An empty file converts to nothing: that is said, exits 1, and writes no empty output."""
    empty, target = tmp_path / "empty.pgn", tmp_path / "out.pgn"
    empty.write_text("", encoding="utf-8")
    code, out, err = invoke(str(empty), "--to", "pgn", "-o", str(target))
    assert (code, out) == (1, "") and "no chess record found" in err and not target.exists()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, len(BASE)), st.integers(0, 5), st.text(PGN_ALPHABET, max_size=4)), max_size=6
    )
)
def test_random_damage_never_crashes_a_conversion(edits: list[tuple[int, int, str]]) -> None:
    """Whatever the damage, every target gives text or a problem, never an exception; the
    export format of what could be read reads back as the same moves."""
    text = BASE
    for position, delete, insert in edits:
        text = text[:position] + insert + text[position + delete :]
    for target in TARGETS:
        convert_text(text, target)
    for written in convert_text(text, "pgn"):
        assert convert_text(written, "pgn") == [written]  # a fixed point, damage or not


def test_the_alternatives_of_a_move_that_cannot_be_played_are_replayed() -> None:
    """They start from a known position, so the PGN targets replay them (each failure marked)
    rather than copy them as written, and a second conversion changes nothing (a copy, read
    back as a variation of the move before, was replayed and marked only then)."""
    [game] = split_games(['[Event "x"]', "", "1. e4 e5 2. Bc4 Nc6 (2... B (2... d3) (2... Nf6) 3. Qh5) *"])
    converted = convert_game(game, 1, "pgn")
    text = " ".join(converted.text.split())
    marked = "( { kifu: not replayed from here: no black pawn can reach d3; did you mean d5 or d6? } "
    marked += "2... d3 )"
    assert marked in text
    assert "( 2... Nf6 )" in text
    assert [problem.split(" (")[0] for problem in converted.problems] == ["B", "d3"]
    assert convert_text(converted.text, "pgn") == [converted.text]


def test_every_broken_line_is_named() -> None:
    """Each line that ends at a move that cannot be played is a problem of its own."""
    [game] = split_games(['[Event "x"]', "", "1. e4 (1. Ke5 d5) (1. Qh5 Nf6) e5 2. Nf3 Kx *"])
    converted = convert_game(game, 1, "pgn")
    assert (
        converted.lost
        and "1... e5 2. Nf3 { kifu: not replayed from here: cannot read 'Kx' as a move } 2... Kx *"
        in (" ".join(converted.text.split()))
    )
    assert [problem.split(" (")[0] for problem in converted.problems] == ["Kx", "Ke5", "Qh5"]


_MATE = "line 9: result 1-0 contradicts the position: the game ended by checkmate at ply 4, which gives 0-1"
_TAGS = '[Event "e"]\n[Site "s"]\n[Date "2026.12.06"]\n[Round "1"]\n[White "w"]\n[Black "b"]\n'


@pytest.mark.parametrize(
    ("tag", "movetext", "said"),
    [
        ("1-0", "1. e4 e5 0-1", "line 9: Result tag says 1-0 but the movetext ends with 0-1"),
        ("1-0", "1. f3 e5 2. g4 Qh4# 1-0", _MATE),
        ("0-1", "1. f3 e5 2. g4 Qh4# 0-1", None),
        ("*", "1. f3 e5 2. g4 Qh4# *", None),  # (unknown: nothing to contradict)
        ("*", "1. e4 e5 1/2-1/2", "line 9: Result tag says * but the movetext ends with 1/2-1/2"),
    ],
)
def test_a_contradicted_result_is_written_as_stated_with_a_warning_and_strict_exits_1(
    tmp_path: Path, tag: str, movetext: str, said: str | None
) -> None:
    """convert writes the result as the record states it; where the record contradicts it (the
    tag against the movetext, or the rules at its end), a warning says what check's PGN007 and
    CHESS202 say (the checker walks along), and --strict exits 1."""
    path = tmp_path / "game.pgn"
    path.write_text(f'{_TAGS}[Result "{tag}"]\n\n{movetext}\n', encoding="utf-8")
    for strict in ((), ("--strict",)):
        code, out, err = invoke(*strict, "--to", "pgn", str(path))
        assert f'[Result "{tag}"]' in out and movetext.split()[-1] in out
        if said is None:
            assert code == 0 and "warning" not in err
        else:
            assert f"warning: game 1: {said}; written as stated" in err
            assert code == (1 if strict else 0)
    checked = check_file(str(path))
    found = [f.code for report in checked.records for f in report.findings]
    assert bool(said) == bool({"PGN007", "CHESS202"} & set(found))
