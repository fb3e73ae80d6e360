"""Piece letters of other languages: what kifu writes with --write-lang, it reads back by itself.

Every language of the README's list is written (``convert --to san --write-lang X``) and
checked without ``--lang``: the record must be read in full, in X's letters (CHESS108 names
X), and give the same moves as the English record. PGN's export format is English whatever
is asked; ``--lang`` names the input's letters in convert as in check.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import chess.pgn
import kifu
import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.chess.locales import LANGUAGES, NAMES

import chess

ROOT = Path(__file__).resolve().parents[2]
OPERA = ROOT / "fixtures" / "chess" / "good" / "opera-game.pgn"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _random_game(seed: int, plies: int = 120) -> str:
    """A game of random legal moves in which every kind of piece moves, with a promotion when
    one comes (English SAN)."""
    generator = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        promotions = [m for m in moves if m.promotion]
        board.push(generator.choice(promotions or moves))
    game = chess.pgn.Game.from_board(board)
    game.headers["Result"] = "*"
    return str(game) + "\n"


def _games(tmp_path: Path) -> list[Path]:
    paths = [OPERA]
    for seed in range(3):
        path = tmp_path / f"random-{seed}.pgn"
        path.write_text(_random_game(seed), encoding="utf-8")
        paths.append(path)
    return paths


def _uci(path: Path, *options: str) -> list[str]:
    code, out, err = _invoke("convert", "--to", "uci", *options, str(path))
    assert code == 0, err
    return out.split()


def test_the_readme_lists_every_language_kifu_knows() -> None:
    listed = re.search(r"`--lang (de(?:\|[a-z]{2})+)`", README)
    assert listed is not None
    assert {"en", *listed.group(1).split("|")} == set(LANGUAGES)


@pytest.mark.parametrize("lang", sorted(LANGUAGES - {"en"}))
def test_every_language_written_is_detected_when_read_back(tmp_path: Path, lang: str) -> None:
    for english in _games(tmp_path):
        local = tmp_path / f"{english.stem}.{lang}.pgn"
        written = _invoke("convert", str(english), "--to", "san", "--write-lang", lang, "-o", str(local))
        assert written[0] == 0, written[2]
        out = _invoke("check", "--format", "json", "--fail-on", "info", str(local))[1]
        findings = [f for file in json.loads(out)["files"] for r in file["records"] for f in r["findings"]]
        assert [f["code"] for f in findings] == ["CHESS108"], findings
        assert NAMES[lang] in findings[0]["message"]
        assert _uci(local) == _uci(english)


def test_convert_lang_names_the_input_letters_as_check_does(tmp_path: Path) -> None:
    german = tmp_path / "german.pgn"
    code, _, err = _invoke("convert", str(OPERA), "--to", "san", "--write-lang", "de", "-o", str(german))
    assert code == 0, err
    assert "Sf3" in german.read_text(encoding="utf-8")
    assert _uci(german, "--lang", "de") == _uci(OPERA)
    code, out, _ = _invoke("check", "--lang", "de", "--format", "json", str(german))
    assert code == 0 and '"CHESS1' not in out


def test_pgn_export_is_english_san(tmp_path: Path) -> None:
    """--to pgn writes the Standard's English SAN, read back whole by python-chess."""
    german = tmp_path / "german.pgn"
    _invoke("convert", str(OPERA), "--to", "san", "--write-lang", "de", "-o", str(german))
    code, out, err = _invoke("convert", str(german), "--to", "pgn", "--lang", "de")
    assert code == 0, err
    game = chess.pgn.read_game(io.StringIO(out))
    assert game is not None and not game.errors
    assert len(list(game.mainline_moves())) == len(_uci(OPERA))
    code, _, err = _invoke("convert", str(OPERA), "--to", "pgn", "--write-lang", "de")
    assert code == 2 and "--write-lang" in err and "--to san" in err
    with pytest.raises(ValueError, match="to='san'"):
        kifu.convert(OPERA, "pgn", write_lang="de")
    assert "Sf3" in kifu.convert(OPERA, "san", write_lang="de").text
