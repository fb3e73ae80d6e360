"""One name per meaning (``--game``, ``--record``, their old spellings), ``--statistics`` as the
counts only, ``-o/--output-file``, "did you mean" for codes, and shell completion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]
ANNOTATED = ROOT / "fixtures/chess/good/annotated.pgn"  # three records
ILLEGAL = ROOT / "fixtures/chess/bad/rules.pgn"
GO = ROOT / "fixtures/go/good/9x9-handicap3.sgf"
EVENT = ROOT / "fixtures/standings/chess-event"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


# --- --game is the game type, --record the record --------------------------------------------


#: the final positions of the records of ANNOTATED, as show's FEN line gives them
FEN = {2: "FEN R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1", 3: "FEN 8/6k1/8/8/8/8/8/K6R w - - 19 45"}


def _fen(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("FEN "))


def test_show_record_chooses_the_record_and_game_the_game_type() -> None:
    code, out, err = invoke("show", str(ANNOTATED), "--record", "2", "--game", "chess")
    assert code == 0, err
    assert _fen(out) == FEN[2]
    assert "deprecated" not in err


def test_show_game_with_a_number_is_the_record_with_a_deprecation_warning() -> None:
    code, out, err = invoke("show", str(ANNOTATED), "--game", "2")
    assert code == 0
    assert _fen(out) == FEN[2]
    assert "kifu: warning: --game 2 (the record number) is deprecated" in err and "--record 2" in err


def test_show_as_is_a_hidden_deprecated_game_type() -> None:
    code, out, err = invoke("show", str(ANNOTATED), "--as", "chess", "--record", "3")
    assert code == 0 and _fen(out) == FEN[3]
    assert "--as chess is deprecated" in err and "use --game chess" in err
    assert "--as" not in invoke("show", "--help")[1]


def test_show_game_type_that_contradicts_as_or_record_is_a_usage_error() -> None:
    assert invoke("show", str(ANNOTATED), "--game", "go", "--as", "chess")[0] == 2
    assert invoke("show", str(ANNOTATED), "--game", "2", "--record", "3")[0] == 2
    code, _, err = invoke("show", str(ANNOTATED), "--game", "shogi")
    assert code == 2 and "'shogi' is not one of" in err


def test_show_record_past_the_last_is_a_usage_error() -> None:
    code, _, err = invoke("show", str(ANNOTATED), "--record", "9")
    assert code == 2 and "not 9" in err


# --- --statistics: the counts only -----------------------------------------------------------


def test_statistics_prints_the_counts_only_on_stdout() -> None:
    code, out, err = invoke("check", "--statistics", str(ILLEGAL))
    assert code == 1
    rows = [line.split(None, 2) for line in out.splitlines()]
    assert rows and all(count.isdigit() and code[:1].isalpha() for count, code, _ in rows)
    assert ["1", "CHESS202", "result contradicts the final position"] in rows
    assert f"{ILLEGAL}:" not in out  # no finding is printed
    assert "record(s)" in err  # the summary stays on stderr


def test_statistics_as_json() -> None:
    code, out, _ = invoke("check", "--statistics", "--format", "json", str(ILLEGAL))
    assert code == 1
    listed = json.loads(out)
    title = "result contradicts the final position"
    assert {"code": "CHESS202", "count": 1, "title": title, "ignored": False} in listed


def test_statistics_in_a_format_that_has_none_is_a_usage_error() -> None:
    assert invoke("check", "--statistics", "--format", "sarif", str(ILLEGAL))[0] == 2


# --- -o/--output-file ------------------------------------------------------------------------


def test_check_output_file_holds_the_report_and_stdout_stays_empty(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    code, out, err = invoke("check", "--format", "json", "--output-file", str(target), str(ILLEGAL))
    assert (code, out) == (1, "")
    document = json.loads(target.read_text(encoding="utf-8"))
    assert any(f["code"] == "CHESS101" for r in document["files"][0]["records"] for f in r["findings"])
    assert "record(s)" in err
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]  # no temporary file left


def test_check_output_file_with_statistics(tmp_path: Path) -> None:
    target = tmp_path / "counts.txt"
    assert invoke("check", "--statistics", "-o", str(target), str(ILLEGAL))[:2] == (1, "")
    assert "CHESS202" in target.read_text(encoding="utf-8")


def test_an_output_file_that_cannot_be_written_is_exit_2_and_one_line(tmp_path: Path) -> None:
    code, out, err = invoke("check", "-o", str(tmp_path / "no" / "such" / "dir.txt"), str(ILLEGAL))
    assert (code, out) == (2, "")
    assert "Error: cannot write" in err and "No such file or directory" in err
    assert "Traceback" not in err


def test_an_output_file_is_untouched_when_the_run_stops_with_a_usage_error(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_text("before\n")
    code, _, _ = invoke("standings", "--preset", "cxa-team-rr", "-o", str(target), str(EVENT))
    assert code == 2
    code, _, _ = invoke("check", "--select", "NOPE1", "-o", str(target), str(ILLEGAL))
    assert code == 2
    assert target.read_text() == "before\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt"]


def test_score_and_standings_write_their_output_file(tmp_path: Path) -> None:
    scored = tmp_path / "score.json"
    assert invoke("score", "--format", "json", "-o", str(scored), str(GO))[:2] == (0, "")
    assert json.loads(scored.read_text())["games"][0]["agrees"] is True
    table = tmp_path / "standings.csv"
    code, out, _ = invoke("standings", "--format", "csv", "--output-file", str(table), str(EVENT))
    assert (code, out) == (0, "")
    assert table.read_text(encoding="utf-8").strip()


def test_output_file_is_not_a_configuration_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A project's file comes with the records, from anyone: it may not choose where kifu writes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kifu.toml").write_text('output-file = "elsewhere.txt"\n')
    code, _, err = invoke("check", str(ILLEGAL))
    assert code == 2 and "output-file" in err
    assert not (tmp_path / "elsewhere.txt").exists()


# --- did you mean ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "meant"),
    [
        ("--select", "CHES101", "CHESS101"),
        ("--ignore", "PNG", "PGN"),
        ("--extend-select", "CHES1", "CHESS1"),
        ("--per-file-ignores", "drafts/*:CHESS1011", "CHESS101"),
        ("--severity", "PGN0012=warning", "PGN012"),
    ],
)
def test_a_misspelt_code_is_exit_2_with_a_suggestion(option: str, value: str, meant: str) -> None:
    code, out, err = invoke("check", option, value, str(ILLEGAL))
    assert (code, out) == (2, "")
    assert meant in err.partition("; did you mean ")[2].rstrip("?\n").split(" or ")


def test_a_code_far_from_every_code_gets_no_suggestion() -> None:
    code, _, err = invoke("check", "--select", "XYZZY", str(ILLEGAL))
    assert code == 2 and "'XYZZY' is no finding code" in err and "did you mean" not in err


def test_a_misspelt_code_in_the_configuration_is_exit_2_with_a_suggestion(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kifu.toml").write_text('ignore = ["CHES111"]\n')
    code, _, err = invoke("check", str(ILLEGAL))
    assert code == 2
    assert "kifu.toml" in err and "did you mean CHESS111?" in err


# --- shell completion ------------------------------------------------------------------------


def complete(words: str) -> list[str]:
    """What bash completion offers for the last word of ``words`` (click's completion protocol,
    the environment that ``eval "$(_KIFU_COMPLETE=bash_source kifu)"`` installs gives)."""
    cword = str(len(words.split(" ")) - 1)
    env = {"_KIFU_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": cword}
    result = CliRunner().invoke(cli, [], env=env, prog_name="kifu")
    assert result.exit_code == 0, result.output
    return [line.partition(",")[2] for line in result.stdout.splitlines() if line]


def test_completion_offers_the_convert_targets() -> None:
    offered = complete("kifu convert game.pgn --to ")
    assert {"san", "wxf", "sgf", "diagram", "json"} <= set(offered)
    assert complete("kifu convert game.pgn --to s") == ["san", "sgf"]


def test_completion_offers_the_standings_presets_and_the_games() -> None:
    assert {"fide", "cxa-team-rr", "go"} <= set(complete("kifu standings e/ --preset "))
    assert complete("kifu show f.pgn --game x") == ["xiangqi"]


def test_completion_offers_codes_and_families_after_a_comma() -> None:
    offered = complete("kifu check --select PGN001,CHESS10")
    assert "PGN001,CHESS101" in offered and all(item.startswith("PGN001,CHESS10") for item in offered)
    assert "CHESS" in complete("kifu check --ignore CH")
    assert "drafts/*:GO101" in complete("kifu check --per-file-ignores drafts/*:GO10")
    assert complete("kifu explain CHESS20")[:2] == ["CHESS201", "CHESS202"]
