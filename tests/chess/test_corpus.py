"""The real files of ../shared/corpus/chess and their known outcomes (corpus/README.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.chess.conftest import check_file


@pytest.fixture
def chess_corpus(corpus: Path) -> Path:
    return corpus / "chess"


def test_every_file_checks_without_internal_error(chess_corpus: Path) -> None:
    files = sorted(
        p for p in chess_corpus.rglob("*") if p.suffix in (".pgn", ".txt") and "oracle" not in p.parts
    )
    assert len(files) > 60
    for path in files:
        checked = check_file(path)
        assert "KIFU001" not in checked.all_codes(), path
        assert checked.records or checked.file_findings, path


@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("mliebelt-pgn-parser/twic-01-232games.pgn", 232),
        ("pychess/dortmund.pgn", 347),
        ("pgn-extract/odds.pgn", 32),
        ("pychess/chess960rwch.pgn", 20),
        ("mliebelt-pgn-parser/lichess_mliebelt_2024-01-03.pgn", 8),
        ("python-chess/kasparov-deep-blue-1997.pgn", 6),
        ("pgn-extract-go/cancer0707-excerpt.pgn", 6),
        ("pgn-extract/test-repetition.pgn", 12),
        ("pgn-extract/test-seventyfive.pgn", 5),
        ("pgn-extract/test-fixresulttags-in.pgn", 5),
        ("generated/badresult.pgn", 5),
        ("generated/syntax.pgn", 12),
    ],
)
def test_game_counts(chess_corpus: Path, name: str, games: int) -> None:
    assert len(check_file(chess_corpus / name).records) == games


def test_clean_archives_replay_fully(chess_corpus: Path) -> None:
    for name in (
        "mliebelt-pgn-parser/twic-01-232games.pgn",
        "pychess/chess960rwch.pgn",
        "pychess/dortmund.pgn",
    ):
        checked = check_file(chess_corpus / name)
        errors = [f for r in checked.records for f in r.findings if f.severity.label == "error"]
        assert not errors, (name, errors[:3])


@pytest.mark.parametrize(
    ("name", "line", "move"),
    [
        ("generated/illegal.pgn", 9, "Ke3"),
        ("generated/illegal2.pgn", 4, "Ke3"),
        ("chess-library/black2move.pgn", 4, "0-0-0"),
    ],
)
def test_illegal_moves_at_their_place(chess_corpus: Path, name: str, line: int, move: str) -> None:
    finding = check_file(chess_corpus / name).first("CHESS101")
    assert finding.span is not None and finding.span.line == line
    assert finding.move == move
    source = (chess_corpus / name).read_text().splitlines()[line - 1]
    assert source[finding.span.column - 1 :].startswith(move.split()[-1])


def test_move_after_mate(chess_corpus: Path) -> None:
    finding = check_file(chess_corpus / "pgn-extract/test-r.txt").first("CHESS201")
    assert finding.move == "Kf2"


def test_syntax_edge_cases(chess_corpus: Path) -> None:
    checked = check_file(chess_corpus / "generated/syntax.pgn")
    assert "CHESS105" in checked.codes(1)  # 0-0
    assert "CHESS107" in checked.codes(2)  # -- in the main line
    assert "CHESS109" in checked.codes(3)  # e.p.
    assert "PGN003" in checked.codes(4)  # unterminated tag string
    assert "PGN006" in checked.codes(5)  # no termination marker
    assert "PGN002" in checked.codes(6)  # unclosed comment, which does not swallow rounds 7-12
    assert checked.records[6].tags["Round"] == "7"
    assert checked.records[6].tags["White"] == 'A "Quoted" Player'
    assert checked.records[6].tags["Black"] == "B\\C"
    assert "CHESS107" in checked.codes(7)  # Z0
    assert "CHESS106" in checked.codes(8)  # LAN
    assert "CHESS108" in checked.codes(9)  # German letters detected
    assert "PGN012" in checked.codes(10)  # 7. where 2. was due
    assert "CHESS110" in checked.codes(11)  # a8Q
    assert "CHESS102" in checked.codes(12)  # Rd1 ambiguous


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("python-chess/anastasian-lewis.pgn", 1),
        ("pgn-extract/test-allownullmoves.pgn", 2),
        ("pgn-extract/odds.pgn", 2),
    ],
)
def test_null_moves_in_main_lines(chess_corpus: Path, name: str, count: int) -> None:
    checked = check_file(chess_corpus / name)
    games = {
        i
        for i, r in enumerate(checked.records)
        if any(f.code == "CHESS107" and f.severity.label == "error" for f in r.findings)
    }
    assert len(games) == count


def test_bad_results(chess_corpus: Path) -> None:
    checked = check_file(chess_corpus / "generated/badresult.pgn")
    assert "PGN007" in checked.codes(1)
    assert checked.records[1].outcome == {"result": "0-1", "reason": "checkmate", "ply": 4}
    assert "CHESS202" in checked.codes(2)
    assert checked.records[2].outcome is not None and checked.records[2].outcome["reason"] == "stalemate"
    assert "CHESS202" in checked.codes(3)
    assert "CHESS203" in checked.codes(4)
    assert (
        checked.records[4].outcome is not None
        and checked.records[4].outcome["reason"] == "insufficient-material"
    )
    assert "CHESS202" in checked.codes(5)


def test_tag_and_marker_mismatches_agree_with_pgn_extract(chess_corpus: Path) -> None:
    checked = check_file(chess_corpus / "pgn-extract/test-nobadresults.pgn")
    mismatched = [r.index for r in checked.records if any(f.code == "PGN007" for f in r.findings)]
    kept = (chess_corpus / "pgn-extract/oracle/test-nobadresults-out.pgn").read_text().count("[Result")
    assert len(mismatched) == 6 and len(checked.records) - len(mismatched) == kept == 3
    assert all("PGN025" in checked.codes(i) for i in (1, 2, 3))  # `*` under a known result: a warning
    for name in (
        "chess-library/no_moves_but_game_termination_2.pgn",
        "chess-library/square_bracket_in_header.pgn",
    ):
        assert "PGN007" in check_file(chess_corpus / name).all_codes()


def test_fixresulttags_oracle(chess_corpus: Path) -> None:
    checked = check_file(chess_corpus / "pgn-extract/test-fixresulttags-in.pgn")
    fixed = re.findall(
        r'\[Result "([^"]+)"\]', (chess_corpus / "pgn-extract/oracle/test-fixresulttags-out.pgn").read_text()
    )
    outcomes = [r.outcome["result"] if r.outcome else None for r in checked.records]
    assert outcomes == fixed == ["0-1", "1/2-1/2", "1-0", "1-0", "1-0"]
    assert all("CHESS202" in checked.codes(i + 1) for i in range(5))


def _claim(record, reason):  # type: ignore[no-untyped-def]
    return next((c for c in record.claims if c["reason"] == reason), None)


def test_repetitions(chess_corpus: Path) -> None:
    rep = check_file(chess_corpus / "generated/rep.pgn").records
    assert _claim(rep[0], "threefold-repetition")["reached_ply"] == 8
    assert rep[1].outcome == {"result": "1/2-1/2", "reason": "fivefold-repetition", "ply": 16}
    for name, ply in (
        ("pychess/threefold.pgn", 8),
        ("pychess/3fold.pgn", 8),
        ("chess-library/threefold_repetition.pgn", 9),
    ):
        record = check_file(chess_corpus / name).records[0]
        claim = _claim(record, "threefold-repetition")
        assert claim is not None and claim["reached_ply"] == ply and claim["valid"], name


def test_repetition_oracle(chess_corpus: Path) -> None:
    """pgn-extract -r keeps the 9 of 12 games that contain a threefold repetition."""
    checked = check_file(chess_corpus / "pgn-extract/test-repetition.pgn")
    oracle = (chess_corpus / "pgn-extract/oracle/test-repetition-out.pgn").read_text(encoding="latin-1")
    kept = set(
        re.findall(r'\[Event "([^"]*)"\]\n\[Site "[^"]*"\]\n\[Date "[^"]*"\]\n\[Round "([^"]*)"\]', oracle)
    )
    ours = {
        (r.tags["Event"], r.tags["Round"])
        for r in checked.records
        if (_claim(r, "threefold-repetition") or {}).get("reached_ply")
    }
    assert len(kept) == 9
    assert ours == kept


FIFTY = [
    ("generated/fifty.pgn", 1, 101, 100, None),
    ("generated/fifty.pgn", 2, 151, 100, 150),
    ("pgn-extract/test-fifty.pgn", 1, 228, 225, None),
    ("pgn-extract/test-fifty.pgn", 2, 283, 271, None),
    ("pgn-extract/test-seventyfive.pgn", 1, 328, 255, 305),
    ("pgn-extract/test-seventyfive.pgn", 2, 325, 250, 300),
    ("pgn-extract/test-seventyfive.pgn", 3, 261, 196, 246),
    ("pgn-extract/test-seventyfive.pgn", 4, 351, 301, 351),
    ("pgn-extract/test-seventyfive.pgn", 5, 296, 244, 294),
    ("pychess/50.pgn", 1, 110, 102, None),
    ("pychess/50halfmoves.pgn", 1, 91, None, None),
]


@pytest.mark.parametrize(("name", "index", "plies", "fifty", "seventyfive"), FIFTY)
def test_move_count_rules(
    chess_corpus: Path, name: str, index: int, plies: int, fifty: int | None, seventyfive: int | None
) -> None:
    # (under today's Laws: pgn-extract's 75-move games were played in 1987 and 1988, see below)
    record = check_file(chess_corpus / name, rules="fide-2018").records[index - 1]
    assert record.plies == plies
    claim = _claim(record, "fifty-moves")
    assert (claim["reached_ply"] if claim else None) == fifty
    if seventyfive is None:
        assert not record.outcome or record.outcome["reason"] != "seventyfive-moves"
    else:
        assert record.outcome == {"result": "1/2-1/2", "reason": "seventyfive-moves", "ply": seventyfive}
        moves_after = [f for f in record.findings if f.code == "CHESS201"]
        assert bool(moves_after) == (plies > seventyfive)


def test_games_of_1987_and_1988_go_on_past_75_moves(chess_corpus: Path) -> None:
    # the 75-move rule ends games from 1 July 2014 (FIDE 9.6): before, fifty moves were a claim
    checked = check_file(chess_corpus / "pgn-extract/test-seventyfive.pgn")
    assert [r.tags["EventDate"][:4] for r in checked.records] == ["1987", "1988", "1988", "1989", "1990"]
    assert all(r.outcome is None for r in checked.records)
    assert "CHESS201" not in checked.all_codes()
    assert all(_claim(r, "fifty-moves") for r in checked.records)


def test_insufficient_material_follows_fide(chess_corpus: Path) -> None:
    checked = check_file(chess_corpus / "generated/insuff.pgn")
    assert all(r.outcome is None for r in checked.records)  # KNN v K and friends are not dead
    assert "CHESS202" not in checked.all_codes()
    record = check_file(chess_corpus / "pychess/insufficient_material.pgn").records[0]
    assert record.outcome is not None and record.outcome["reason"] == "insufficient-material"


def test_encodings(chess_corpus: Path) -> None:
    dortmund = check_file(chess_corpus / "pychess/dortmund.pgn")
    assert [f.code for f in dortmund.file_findings] == ["IO003"]
    assert any("ü" in v or "é" in v or "ö" in v for r in dortmund.records for v in r.tags.values())
    assert check_file(chess_corpus / "python-chess/utf8-bom.pgn").records[0].tags.get("Event") is not None


def test_game_boundaries(chess_corpus: Path) -> None:
    cancer = check_file(chess_corpus / "pgn-extract-go/cancer0707-excerpt.pgn")
    assert "PGN022" in cancer.codes(2)
    stalemate = check_file(chess_corpus / "pgn-extract/test-stalemate.pgn")
    assert len(stalemate.records) == 3
    assert [r.outcome["reason"] if r.outcome else None for r in stalemate.records] == [
        "checkmate",
        None,
        "stalemate",
    ]
    assert "PGN022" in stalemate.codes(2)  # its first game's 0-1 is followed directly by [Event


def test_unsupported_variants(chess_corpus: Path) -> None:
    assert "CHESS301" in check_file(chess_corpus / "python-chess/antichess-programfox.pgn").all_codes()
    assert "CHESS301" in check_file(chess_corpus / "python-chess/saturs-jannlee-zh-lichess.pgn").all_codes()
    fischer = check_file(chess_corpus / "python-chess/cutechess-fischerrandom.pgn")
    assert [r.outcome["reason"] for r in fischer.records if r.outcome] == ["checkmate"] * 4
