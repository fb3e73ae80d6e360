"""The PGN splitter: where one game ends and the next begins."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli
from kifu.chess.splitter import split_games

ROSTER = '[Event "e"]\n[Site "s"]\n[Date "2012.01.01"]\n[Round "1"]\n[White "w"]\n[Black "b"]\n'
GAME = ROSTER + '[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n'
# what a GUI writes after each game (TCEC Season 1, Arena): a line comment about the game
TRAILER = "; { Game Nr. 1 : A draws against B by GUI adjudication\n; GameDuration = 04:32:08 }\n"


def test_a_comment_after_the_last_game_ends_that_game() -> None:
    games = list(split_games((GAME + TRAILER).split("\n")))
    assert len(games) == 1
    assert games[0].text.endswith("GameDuration = 04:32:08 }")


def test_a_comment_after_a_game_stays_with_it_between_games_too() -> None:
    games = list(split_games((GAME + TRAILER + "\n" + GAME + TRAILER).split("\n")))
    assert [game.start_line for game in games] == [1, 13]
    assert [game.text.count("Game Nr. 1") for game in games] == [1, 1]


def test_moves_after_a_comment_after_the_result_are_the_next_game() -> None:
    games = list(split_games(["1. e4 e5 1-0", "{ played in round 1", "of the open }", "1. d4 d5 *"]))
    assert [game.start_line for game in games] == [1, 4]


def test_a_file_of_comments_only_is_still_read() -> None:
    assert [game.text for game in split_games(TRAILER.split("\n"))] == [TRAILER.rstrip("\n")]


def test_check_counts_no_game_for_a_trailing_comment(tmp_path: Path) -> None:
    path = tmp_path / "round.pgn"
    path.write_text(GAME + "\n" + GAME + TRAILER, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--isolated", "-q", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    [entry] = json.loads(result.stdout)["files"]
    assert len(entry["records"]) == 2
    codes = {f["code"] for r in entry["records"] for f in r["findings"]}
    assert not codes & {"PGN006", "PGN009"}  # no roster or termination missing from a phantom game


def test_convert_keeps_the_trailing_comment_in_the_last_game(tmp_path: Path) -> None:
    path = tmp_path / "round.pgn"
    path.write_text(GAME + TRAILER, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(path), "--to", "pgn"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("[Event ") == 1
    assert "GameDuration = 04:32:08" in result.stdout
    assert result.stdout.rstrip().endswith("1/2-1/2")
