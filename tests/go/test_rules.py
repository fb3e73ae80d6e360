"""Rules replay: captures, suicide, ko, superko under each ko rule, RU honoured."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kifu.go.rules import PRESETS, from_ru, resolve

from tests.go.helpers import check_file, check_text

# file, refused-move verdict per ko rule: simple, situational, positional (corpus README table)
CGOS = {
    "13435": ("legal", "legal", "GO104"),
    "14198": ("legal", "legal", "GO104"),
    "25811": ("legal", "legal", "GO104"),
    "26449": ("legal", "legal", "GO104"),
    "30527": ("legal", "legal", "GO104"),
    "31446": ("legal", "legal", "GO104"),
    "879": ("legal", "legal", "GO104"),
    "37169": ("legal", "GO105", "GO104"),
    "994": ("legal", "GO105", "GO104"),
    "58273": ("GO103", "GO103", "GO103"),
    "60311": ("GO102", "GO102", "GO102"),
}
RULE_CODES = {"GO101", "GO102", "GO103", "GO104", "GO105"}


def with_refused_move(path: Path) -> str:
    """The record with the move the server refused (named in the last comment) appended."""
    text = path.read_text(encoding="latin-1")
    match = re.search(r"(white|black) player error.*?move: ([A-HJ])(\d)", text)
    assert match, path
    colour = "W" if match.group(1) == "white" else "B"
    point = "abcdefghi"["ABCDEFGHJ".index(match.group(2))] + "abcdefghi"[9 - int(match.group(3))]
    end = text.rindex(")")
    return f"{text[:end]};{colour}[{point}]{text[end:]}"


@pytest.mark.corpus
@pytest.mark.parametrize("game", sorted(CGOS))
def test_cgos_refused_moves(game: str, corpus: Path) -> None:
    source = with_refused_move(corpus / "go" / "gnugo" / "cgos" / f"{game}.sgf")
    unchanged = check_text(source.rsplit(";", 1)[0] + ")")
    assert not RULE_CODES & set(unchanged.codes()), "the record itself is legal"
    for ko, expected in zip(("simple", "situational", "positional"), CGOS[game], strict=True):
        checked = check_text(source, ko=ko)
        found = [c for c in checked.codes() if c in RULE_CODES]
        assert found == ([] if expected == "legal" else [expected]), ko
        if found:
            assert checked.first(found[0]).ply == checked.records[0].plies


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "code", "ply"),
    [
        ("41-suicide-single", "GO102", 4),
        ("42-simple-ko-retake", "GO103", 3),
        ("43-play-on-occupied", "GO101", 2),
        ("49-multistone-suicide", "GO102", 1),
    ],
)
def test_minimal_illegal_moves(name: str, code: str, ply: int, corpus: Path) -> None:
    checked = check_file(corpus / "go" / "minimal" / f"{name}.sgf")
    assert [c for c in checked.codes() if c in RULE_CODES] == [code]
    assert checked.first(code).ply == ply


def test_multi_stone_suicide_legal_under_tromp_taylor() -> None:
    source = "(;GM[1]SZ[5]AB[ca][cb][bc][ab]AW[ba][bb];W[aa])"
    assert "GO102" in check_text(source).codes()
    checked = check_text(source, rules="tromp-taylor")
    assert "GO102" not in checked.codes()
    board = checked.games[0].main.board
    assert board is not None and sum(1 for c in board.cells if c == 2) == 0  # the group is removed
    assert "GO102" in check_text("(;GM[1]SZ[5]AB[ba][ab];W[aa])", rules="tromp-taylor").codes()


@pytest.mark.corpus
def test_gifu_positional_superko_at_move_381(corpus: Path) -> None:
    path = corpus / "go" / "gnugo" / "malformed-realworld" / "gifu2006_gnugo-gorimu.sgf"
    checked = check_file(path, ko="positional")
    finding = checked.first("GO104")
    assert finding.ply == 381 and finding.move is not None and finding.move.startswith("B[")
    assert "GO104" not in check_file(path, ko="simple").codes()


def test_japanese_rules_allow_repetition() -> None:
    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "go" / "bad" / "GO108-repetition-allowed.sgf"
    assert "GO108" in check_file(fixture).codes()
    assert "GO104" not in check_file(fixture).codes()
    assert "GO104" in check_file(fixture, ko="positional").codes()  # --ko overrides RU


def test_captures_and_setup_anywhere() -> None:
    checked = check_text("(;GM[1]SZ[3];B[ba];W[aa];B[ab])")
    assert checked.all_codes() == []
    board = checked.games[0].main.board
    assert board is not None and board.cells[board.point(0, 0)] == 0  # W[aa] was captured
    checked = check_text("(;GM[1]SZ[5];B[cc];W[dd];AE[cc]AW[ee];PL[W];W[cc];B[bb])")
    assert checked.all_codes() == []  # AE cleared cc, PL gave White the move
    board = checked.games[0].main.board
    assert board is not None
    assert [board.cells[board.point(x, y)] for x, y in ((2, 2), (3, 3), (4, 4), (1, 1))] == [2, 2, 2, 1]


def test_handicap_by_setup_or_by_leading_moves() -> None:
    assert check_text("(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])").all_codes() == []
    assert check_text("(;GM[1]SZ[9]HA[2];B[cc];B[gg];W[ee])").all_codes() == []
    assert "SGF046" in check_text("(;GM[1]SZ[9]HA[3];B[cc];W[gg])").codes()


def test_ru_mapping_and_overrides() -> None:
    assert from_ru("Chinese") == "chinese"
    assert from_ru("TT--") == "tromp-taylor"
    assert from_ru("Tromp/Taylor") == "tromp-taylor"
    assert from_ru("Japanese") == "japanese"
    assert from_ru("AGA") == "aga"
    assert from_ru("NZ") == "nz"
    assert from_ru("whatever") is None
    assert resolve(None, "Japanese", None).ko == "simple"
    assert resolve("aga", "Japanese", None).ko == "situational"
    assert resolve(None, None, "simple") == PRESETS["chinese"].__class__("chinese", "simple", False, 7.5, "H")
