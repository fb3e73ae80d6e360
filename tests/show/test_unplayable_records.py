"""`kifu show` draws the final position of a record with a move that cannot be played, in every
game: chess and xiangqi drew theirs; Go refused ("has no position to draw")."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ILLEGAL = {
    "go.sgf": "(;GM[1]FF[4]SZ[9]KM[7]\n;B[cc];W[dd];B[cc];W[ee])\n",  # B[cc] again: occupied
    "chess.pgn": '[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 Nc6 *\n',
    "xiangqi.pgn": '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马８进７ 2. 帅五进二 *\n',
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
@pytest.mark.parametrize("svg", [False, True])
def test_the_final_position_of_a_record_with_an_illegal_move_is_drawn(
    tmp_path: Path, name: str, svg: bool
) -> None:
    path = tmp_path / name
    path.write_text(ILLEGAL[name], encoding="utf-8")
    result = CliRunner().invoke(cli, ["show", str(path), *(["--format", "svg"] if svg else [])])
    assert result.exit_code == 0, result.output
    assert ("<svg" in result.stdout) if svg else ("a" in result.stdout.lower())
