"""Area counting: the corpus games whose RE is the exact count, presets, dead stones, the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.go.board import BLACK, Board
from kifu.go.rules import PRESETS
from kifu.go.scoring import agrees, count

from tests.conftest import find_program
from tests.go.helpers import check_file, check_text

ROOT = Path(__file__).resolve().parents[2]
# corpus README "Known outcomes" → Go: file, B area, W area, dame, RE
EXACT = [
    ("gnugo/cgos/390115.sgf", 47, 34, 0, "B+5.5"),
    ("gnugo/cgos/403788.sgf", 32, 49, 0, "W+24.5"),
    ("gnugo/cgos/42896.sgf", 38, 43, 0, "W+12.5"),
    ("gnugo/cgos/471085.sgf", 44, 37, 0, "W+0.5"),
    ("gnugo/area-scored/boardspace_GNUGo-GoFigure0.1-200503181316.sgf", 40, 41, 0, "W+6.5"),
    ("gnugo/area-scored/kgs_tournament10_ExBot-GNU.sgf", 49, 32, 0, "B+9.5"),
    ("gnugo/area-scored/kgs_tournament8_GNU-ExBot.sgf", 29, 52, 0, "W+30.5"),
    ("gnugo/area-scored/nngs_gnugo-3.5.2gf1-Kiskol-200401021557.sgf", 48, 33, 0, "B+9.5"),
    ("gnugo/area-scored/nngs_speciman-gnugo-3.1.32-200204211014.sgf", 38, 43, 0, "W+5.5"),
    ("gnugo/area-scored/olympiad2004_9x9_neu-gnu.sgf", 32, 49, 0, "W+23.5"),
    ("gnugo/area-scored/olympiad2006_9x9_ajago-gnu.sgf", 41, 40, 0, "W+5.5"),
    ("generated/gnugo-9x9-even-seed1.sgf", 36, 45, 0, "W+16.5"),
    ("generated/gnugo-13x13-even-seed5.sgf", 96, 73, 0, "B+15.5"),
    ("generated/gnugo-19x19-even-seed3.sgf", 163, 198, 0, "W+42.5"),
    ("generated/fin_score2.sgf", 136, 225, 0, "W+94.5"),
    ("generated/gnugo-9x9-ha3-seed2.sgf", 58, 23, 0, "B+31.5"),
    ("generated/gnugo-19x19-ha4-seed4.sgf", 190, 171, 0, "B+14.5"),
    ("minimal/51-dame-neutral-column.sgf", 10, 10, 5, "W+0.5"),
]


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "black", "white", "dame", "result"), EXACT, ids=[e[0].rsplit("/", 1)[-1] for e in EXACT]
)
def test_exact_games_reproduce_re(
    name: str, black: int, white: int, dame: int, result: str, corpus: Path
) -> None:
    checked = check_file(corpus / "go" / name)
    report = checked.records[0]
    assert report.score is not None and report.outcome is not None
    assert report.score["black"]["area"] == black
    assert report.score["white"]["area"] == white
    assert report.score["shared"] == dame
    assert report.score["result"] == result == report.outcome["result"]
    assert agrees(report.declared_result, result)
    assert not {"GO201", "GO202"} & set(checked.codes())


@pytest.mark.corpus
def test_score_command_on_every_exact_game(corpus: Path) -> None:
    paths = [str(corpus / "go" / e[0]) for e in EXACT]
    result = CliRunner().invoke(cli, ["score", "--format", "json", *paths], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout
    games = json.loads(result.stdout)["games"]
    assert [g["score"]["result"] for g in games] == [e[4] for e in EXACT]
    assert all(g["agrees"] is True and g["ended_by_passes"] for g in games)


@pytest.mark.corpus
def test_katago_final_scores(corpus: Path, tmp_path: Path) -> None:
    lines = (corpus / "go" / "katago" / "printsgffinalscore.expected-stdout.txt").read_text().splitlines()
    games = {line[2:] for line in lines if line.startswith("= (;") and "RE[" in line}
    tromp = next(g for g in games if "RU[TrompTaylor]RE[B+20]" in g)
    chinese = next(g for g in games if "RU[Chinese]RE[B+7]" in g)
    checked = check_text(tromp)
    assert checked.games[0].count is not None and checked.games[0].count.result == "B+20"
    assert "GO201" not in checked.codes()
    # KataGo's chinese count removes the dead black stone at F5; with all stones alive it is B+20
    # (a warning naming F5: the record marks no dead stones, see test_verdicts.py)
    assert "GO201" in check_text(chinese).codes()
    path = tmp_path / "chinese.sgf"
    path.write_text(chinese)
    result = CliRunner().invoke(cli, ["score", "--dead", "F5", str(path)])
    assert result.exit_code == 0 and "B+7" in result.stdout and "agrees" in result.stdout


def test_handicap_compensation_per_preset() -> None:
    board = Board(5)
    for column in range(5):
        board.cells[board.point(column, 2)] = BLACK  # black owns rows 0-2: 15 points
    assert count(board, set(), PRESETS["chinese"], 0.5, 4).margin == 25 - 0.5 - 4
    assert count(board, set(), PRESETS["aga"], 0.5, 4).margin == 25 - 0.5 - 3
    assert count(board, set(), PRESETS["tromp-taylor"], 0.5, 4).margin == 25 - 0.5
    assert count(board, set(), PRESETS["wmsg2008"], 6.5, 0, white_passed_first=True).komi == 7.5
    shared = count(Board(3), set(), PRESETS["chinese"], 0, 0)
    assert shared.shared == 9 and shared.to_dict()["black"]["count"] == 4.5


def test_dead_stones_from_markup_and_from_the_command_line(tmp_path: Path) -> None:
    # White's stone at ee is inside Black's area; TB marks it dead.
    body = "(;GM[1]SZ[5]KM[0.5]RU[Chinese]AB[ca][cb][cc][cd][ce]AW[ea]{};B[];W[]{})"
    alive = check_text(body.format("", ""))
    assert alive.records[0].score is not None and alive.records[0].score["result"] == "B+13.5"
    marked = check_text(body.format("", "TB[da][ea][db][eb]"))
    assert marked.records[0].score is not None and marked.records[0].score["result"] == "B+24.5"
    path = tmp_path / "g.sgf"
    path.write_text(body.format("RE[B+24.5]", ""))
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 1 and "DISAGREES" in result.stdout
    result = CliRunner().invoke(cli, ["score", "--dead", "E5", str(path)])
    assert result.exit_code == 0 and "agrees" in result.stdout
    result = CliRunner().invoke(cli, ["score", "--dead", "ea", "--format", "json", str(path)])
    entry = json.loads(result.stdout)["games"][0]
    assert entry["dead"] == ["E5"] and entry["score"]["white"]["dead"] == 1


def test_score_of_an_unfinished_game_says_so(tmp_path: Path) -> None:
    path = tmp_path / "u.sgf"
    path.write_text("(;GM[1]SZ[9]KM[6.5];B[ee];W[cc])")
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 0 and "GO204" in result.stdout


def test_score_on_bad_input_exits_1_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.sgf"
    path.write_bytes(b"\x00\xff\x10garbage")
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_komi_override_and_presets(tmp_path: Path) -> None:
    path = tmp_path / "k.sgf"
    path.write_text("(;GM[1]SZ[5]KM[0.5]RE[W+0.5]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])")
    result = CliRunner().invoke(cli, ["score", "--komi", "2.5", "--format", "json", str(path)])
    assert json.loads(result.stdout)["games"][0]["score"]["result"] == "W+2.5"
    assert result.exit_code == 1


@pytest.mark.skipif(find_program("gnugo") is None, reason="gnugo is not installed")
def test_dead_from_gnugo(tmp_path: Path) -> None:
    path = tmp_path / "d.sgf"
    # a lone white stone inside Black's wall on 9x9: GNU Go calls it dead
    path.write_text(
        "(;GM[1]SZ[9]KM[0.5]RU[Chinese]AB[da][db][dc][dd][de][df][dg][dh][di]AW[fa][fb][fc][fd][fe]"
        "[ff][fg][fh][fi][bb];B[];W[])"
    )
    result = CliRunner().invoke(
        cli,
        ["score", "--dead-from", "gnugo", "--format", "json", str(path)],
        env={"PATH": "/usr/games:/usr/bin:/bin"},
    )
    entry = json.loads(result.stdout)["games"][0]
    assert "B8" in entry["dead"]


def test_dead_from_gnugo_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kifu.go.gnugo as gnugo

    monkeypatch.setattr(gnugo, "find_gnugo", lambda: None)
    path = tmp_path / "d.sgf"
    path.write_text("(;GM[1]SZ[9]KM[0.5];B[ee];B[];W[])")
    result = CliRunner().invoke(cli, ["score", "--dead-from", "gnugo", str(path)])
    assert "GO207" in result.stdout


def test_score_json_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["score", "--format", "json", "fixtures/go/good/9x9-handicap3.sgf"])
    game = json.loads(result.stdout)["games"][0]
    assert set(game["score"]) >= {"rules", "komi", "handicap", "black", "white", "shared", "margin", "result"}
    assert set(game["score"]["black"]) >= {"stones", "territory", "area"}
    assert game["score"]["margin"] == 58 - 23 - 0.5 - 3 and game["agrees"] is True


def test_a_bug_while_scoring_one_game_is_kifu001_on_it_and_the_others_are_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import kifu.go.score as scoring

    game = "(;GM[1]SZ[9]KM[7.5]RE[W+7.5];B[];W[])"
    path = tmp_path / "three.sgf"
    path.write_text(game * 3)
    original = scoring.score_record

    def flaky(record, *rest):  # type: ignore[no-untyped-def]
        if record.index == 2:
            raise RuntimeError("boom")
        return original(record, *rest)

    monkeypatch.setattr(scoring, "score_record", flaky)
    result = CliRunner().invoke(cli, ["score", "--format", "json", str(path)])
    games = json.loads(result.stdout)["games"]
    assert result.exit_code == 2 and [g["index"] for g in games] == [1, 2, 3]
    assert [f["code"] for f in games[1]["findings"]] == ["KIFU001"] and "boom" in games[1]["findings"][0][
        "message"
    ]
    assert games[0]["agrees"] is True and games[2]["agrees"] is True
