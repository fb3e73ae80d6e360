"""The command as an arbiter uses it: records, trust, names, formats, TRF-16, errors."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli

from tests.standings.helpers import EVENTS, places, run

CHESS = str(EVENTS / "chess-event")


def test_verified_counts_what_the_rules_decided_and_warns() -> None:
    """Round 2: the sheet says Delta–Bravo 1-0, but White was mated (fool's mate): 0-1.
    Verified: Alpha 1 + ½ + 1 = 2½, Charlie ½ + ½ + 1 = 2, Bravo ½ + 1 + 0 = 1½, Delta 0."""
    document, errors = run(CHESS)
    assert places(document) == [
        ("1", "Alpha, Anna", 2.5),
        ("2", "Charlie, Cai", 2),
        ("3", "Bravo, Ben", 1.5),
        ("4", "Delta, Dan", 0),
    ]
    assert "round2-board2.pgn: Delta, Dan – Bravo, Ben: declared 1-0, the rules say 0-1 (checkmate)" in errors
    assert document["preset"] == "fide-rr" and document["system"] == "round-robin"
    assert any("declared 1-0" in warning for warning in document["warnings"])


def test_declared_counts_the_score_sheet_and_still_warns() -> None:
    """--trust declared: Delta scores the 1 the sheet gives him; Bravo ½."""
    document, errors = run(CHESS, "--trust", "declared")
    assert places(document)[2:] == [("3", "Delta, Dan", 1), ("4", "Bravo, Ben", 0.5)]
    assert "counted 1-0 (--trust declared)" in errors


def test_names_are_normalised_and_a_case_variant_is_a_warning(tmp_path: Path) -> None:
    """NFC and whitespace folding match 'Zoë  Li' (decomposed ë, two spaces) with 'Zoë Li';
    'zoë li' differs only in case: a warning naming both spellings, two players."""
    table = tmp_path / "event.csv"
    table.write_text(
        "1,1,Zoe\u0308  Li,Max,1-0\n2,1,Max,Zoë Li,0-1\n3,1,zoë li,Max,1/2-1/2\n", encoding="utf-8"
    )
    document, errors = run(str(table))
    names = {e["name"]: e["points"] for e in document["standings"]}
    assert names == {"Zoë Li": 2, "Max": 0.5, "zoë li": 0.5}
    assert "'Zoë Li' (round 1) and 'zoë li' (round 3) differ only in case or spacing" in errors


def test_tiebreak_option_replaces_the_presets_order() -> None:
    document, _ = run(str(EVENTS / "rr-small-score.csv"), "--tiebreak", "wins,sb")
    assert document["criteria"] == ["points", "wins", "sb"]
    assert document["source"].startswith("--tiebreak")
    assert [name for _, name, _ in places(document)][:3] == ["Ann", "Cai", "Ben"]  # Ann has 3 wins


def test_withdrawn_option(tmp_path: Path) -> None:
    """--withdrawn names the player instead of a 'withdrew' row: same 20.3 outcome."""
    table = EVENTS / "rr-withdrawal-late.csv"
    lines = [line for line in table.read_text().splitlines() if "withdrew" not in line]
    (tmp_path / "t.csv").write_text("\n".join(lines) + "\n")
    document, _ = run(str(tmp_path / "t.csv"), "--withdrawn", "Eve@3", "--preset", "cxa-individual-rr")
    assert [e["name"] for e in document["standings"]] == ["Ann", "Cai", "Ben", "Dan", "Eve"]


def test_text_csv_html_formats() -> None:
    runner = CliRunner()
    text = runner.invoke(cli, ["standings", str(EVENTS / "rr-shared.csv"), "--preset", "cxa-individual-rr"])
    assert text.exit_code == 0
    lines = text.stdout.splitlines()
    assert lines[0].split() == ["Place", "No", "Name", "R1", "R2", "R3", "Pts", "SB", "W", "DE"]
    # DE blank: the encounter (a draw) separates nobody
    assert lines[1].split() == ["1-2", "1", "Ann", "2w½", "3w1", "4b1", "2½", "2.25", "2"]
    assert "Shared places (1-2)" in text.stdout
    csv = runner.invoke(cli, ["standings", str(EVENTS / "rr-shared.csv"), "--format", "csv"])
    assert csv.stdout.splitlines()[0] == "Place,No,Name,R1,R2,R3,Pts,DE,W,SB,Bl"
    page = runner.invoke(cli, ["standings", CHESS, "--format", "html"])
    assert page.exit_code == 0
    assert 'href="' in page.stdout and "round1-board1.pgn" in page.stdout
    assert page.stdout.startswith("<!DOCTYPE html>")


def test_usage_errors() -> None:
    runner = CliRunner()
    team = runner.invoke(cli, ["standings", str(EVENTS / "rr-shared.csv"), "--preset", "cxa-team-rr"])
    assert team.exit_code == 2 and "--team-file" in team.output
    trf = runner.invoke(cli, ["standings", str(EVENTS / "go-event"), "--format", "trf"])
    assert trf.exit_code == 2 and "chess" in trf.output
    unknown = runner.invoke(cli, ["standings", str(EVENTS / "rr-shared.csv"), "--tiebreak", "koya"])
    assert unknown.exit_code == 2 and "unknown tie-break koya" in unknown.output
    empty = runner.invoke(cli, ["standings", str(EVENTS / "teams.csv")])
    assert empty.exit_code == 2


def field(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive) of a TRF line."""
    return line[first - 1 : last]


def test_trf16_player_lines_field_by_field() -> None:
    """TRF-16 (FIDE Handbook C.04 Annex 2): 001 lines, columns as the layout gives them.

    Starting ranks by rating: Alpha 2400 → 1, Bravo 2300 → 2, Charlie 2200 → 3, Delta → 4.
    """
    result = CliRunner().invoke(cli, ["standings", CHESS, "--format", "trf"])
    assert result.exit_code == 0, result.output
    raw = result.stdout_bytes.decode()
    assert raw.count("\r\n") == len(raw.splitlines())  # every line ends with CR LF
    lines = raw.splitlines()
    assert lines[0] == "012 kifu club championship"
    assert "062 4" in lines and "092 Round robin" in lines
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == 4
    alpha, bravo, charlie, delta = players
    assert field(alpha, 1, 3) == "001"
    assert field(alpha, 4, 4) == " "
    assert field(alpha, 5, 8) == "   1"
    assert field(alpha, 10, 10) == " "  # sex: not in the records
    assert field(alpha, 11, 13) == " IM"
    assert field(alpha, 15, 47) == "Alpha, Anna".ljust(33)
    assert field(alpha, 49, 52) == "2400"
    assert field(alpha, 54, 56) == "   "
    assert field(alpha, 58, 68) == "1000001".rjust(11)
    assert field(alpha, 70, 79) == " " * 10
    assert field(alpha, 81, 84) == " 2.5"
    assert field(alpha, 86, 89) == "   1"
    # rounds: 92-95 opponent, 97 colour, 99 result; then every 10 columns
    assert [field(alpha, 92 + 10 * r, 95 + 10 * r) for r in range(3)] == ["   4", "   3", "   2"]
    assert [field(alpha, 97 + 10 * r, 97 + 10 * r) for r in range(3)] == ["w", "b", "w"]
    assert [field(alpha, 99 + 10 * r, 99 + 10 * r) for r in range(3)] == ["1", "=", "1"]
    assert len(alpha) == 119
    assert field(bravo, 5, 8) == "   2" and field(bravo, 11, 13) == " FM"
    assert field(bravo, 81, 84) == " 1.5" and field(bravo, 86, 89) == "   3"
    assert [field(bravo, 99 + 10 * r, 99 + 10 * r) for r in range(3)] == ["=", "1", "0"]
    assert field(charlie, 49, 52) == "2200" and field(charlie, 86, 89) == "   2"
    assert field(delta, 49, 52) == "    " and field(delta, 58, 68) == " " * 11
    assert field(delta, 81, 84) == " 0.0" and field(delta, 86, 89) == "   4"
    assert [field(delta, 97 + 10 * r, 97 + 10 * r) for r in range(3)] == ["b", "w", "b"]


def test_trf16_forfeits_and_absences() -> None:
    """A forfeit is + or − against the scheduled opponent; a round without a game is 0000 - Z."""
    result = CliRunner().invoke(
        cli, ["standings", str(EVENTS / "rr-withdrawal-early.csv"), "--format", "trf"]
    )
    players = [line for line in result.stdout.splitlines() if line.startswith("001")]
    ann = next(line for line in players if "Ann" in line)
    assert field(ann, 92, 99) == "0000 - Z"  # round 1: Ann had no game (Eve's was cancelled)
    forfeit = CliRunner().invoke(cli, ["standings", str(EVENTS / "rr-forfeit.csv"), "--format", "trf"])
    dan = next(line for line in forfeit.stdout.splitlines() if "Dan" in line)
    assert field(dan, 99, 99) == "-" and field(dan, 119, 119) == "+"


def test_a_match_of_two_is_a_round_robin(tmp_path: Path) -> None:
    """Two players who met several times: every pair met, so the system is a round robin."""
    table = tmp_path / "match.csv"
    table.write_text("1,1,Kim,Ode,1-0\n2,1,Ode,Kim,1/2-1/2\n", encoding="utf-8")
    document, _ = run(str(table))
    assert document["system"] == "round-robin" and document["preset"] == "fide-rr"
    assert places(document) == [("1", "Kim", 1.5), ("2", "Ode", 0.5)]


def test_a_rating_that_is_not_a_number_is_a_warning(tmp_path: Path) -> None:
    """A superscript ``¹`` passes ``str.isdigit`` but not ``int``: it crashed the command. Such an
    Elo, or one of ten digits, is named in a warning and ignored; ``-`` and ``?`` say "unknown"."""
    game = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n[WhiteElo "{}"]\n[BlackElo "{}"]\n\n1. e4 e5 1-0\n'
    (tmp_path / "r1.pgn").write_text(game.format("\u00b9", "2105"), encoding="utf-8")
    (tmp_path / "r2.pgn").write_text(game.format("12345678901", "-"), encoding="utf-8")
    document, errors = run(str(tmp_path / "r1.pgn"), str(tmp_path / "r2.pgn"))
    assert "WhiteElo '¹' of A is not a rating: ignored" in errors
    assert "WhiteElo '12345678901' of A is not a rating: ignored" in errors
    assert "BlackElo" not in errors
    assert len(document["standings"]) == 2
    trf = CliRunner().invoke(cli, ["standings", str(tmp_path / "r1.pgn"), "--format", "trf"]).stdout
    players = [line for line in trf.splitlines() if line.startswith("001")]
    assert sorted(line[48:52].strip() for line in players) == ["", "2105"]  # (TRF-16 rating field)


def test_a_round_number_out_of_reach_is_a_warning(tmp_path: Path) -> None:
    """A round of twenty digits asked the crosstable for that many columns (the process was
    killed), and one of 5,000 digits crashed int(). Both, and a round in other digits than
    ASCII, are named in a warning and the game is placed as one without a round."""
    game = '[White "{0}"]\n[Black "{1}"]\n[Round "{2}"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'
    rounds = {"r1.pgn": ("A", "B", "1"), "r2.pgn": ("B", "C", "9" * 20), "r3.pgn": ("C", "A", "7" * 5000)}
    rounds["r4.pgn"] = ("A", "D", "\u0663")  # ARABIC-INDIC DIGIT THREE
    for name, tags in rounds.items():
        (tmp_path / name).write_text(game.format(*tags), encoding="utf-8")
    document, errors = run(*(str(tmp_path / name) for name in rounds))
    assert f"Round '{'9' * 20}' is not a round number (1 to 999)" in errors
    assert "Round '\u0663' is not a round number" in errors
    assert errors.count("is not a round number") == 3
    assert document["rounds"] <= 4
    table = tmp_path / "event.csv"
    table.write_text("1,1,A,B,1-0\n" + "9" * 30 + ",1,B,A,1-0\n", encoding="utf-8")
    _, errors = run(str(table))
    assert f"event.csv:2: round '{'9' * 30}' is not a round number (1 to 999); row skipped" in errors
