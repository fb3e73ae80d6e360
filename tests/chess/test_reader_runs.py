"""The reader splits a run of full moves (a ``MOVE`` token) word by word exactly as its regular
expression does (:func:`kifu.chess.reader.run_items` against ``_RUN_ITEM``): the same moves, at
the same offsets, with the same move numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from kifu.chess.grammar import Variation, parse
from kifu.chess.reader import _run_items_by_expression, read_game, run_items
from kifu.chess.splitter import GameText, split_games
from lark import Token

TWIC = Path("../shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn")

#: pieces of score sheets: numbers, dots, moves, and the white space between them
PIECES = [
    "1",
    "12",
    "0",
    "007",
    "99999999999",
    ".",
    "...",
    "…",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\xa0",
    "\u2003",
    "\x1c",
    "e4",
    "Nf3",
    "exd5",
    "O-O",
    "0-0-0",
    "e8=Q+",
    "Qxf7#",
    "!?",
    "--",
    "♘f3",
    "x",
    "٣",  # an Arabic-Indic digit: not a move number
]


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("1. e4 e5 2. Nf3", [(3, "e4", 1), (6, "e5", None), (12, "Nf3", 2)]),
        ("12.Nf3 12...Nf6", [(3, "Nf3", 12), (12, "Nf6", 12)]),
        ("12…Nf6 O-O", [(3, "Nf6", 12), (7, "O-O", None)]),
        ("3 ... Nf6", [(6, "Nf6", 3)]),  # a number apart from its dots: the expression reads it
        ("0-0 12\n...", [(0, "0-0", None), (4, "12", None), (7, "...", None)]),
        ("1.2.e4", [(4, "e4", 2)]),
    ],
)
def test_runs_of_moves(text: str, items: list[tuple[int, str, int | None]]) -> None:
    assert run_items(text) == items == _run_items_by_expression(text)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
@example(["12", " ", "...", "e5"])
@example(["1", ".", "2", "…", "…"])
def test_any_run_splits_as_the_expression_splits_it(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert run_items(text) == _run_items_by_expression(text)


def test_every_run_of_the_twic_file_splits_as_the_expression_splits_it() -> None:
    if not TWIC.exists():
        pytest.skip("the shared corpus is absent")
    runs = 0
    for game in split_games(TWIC.read_text(encoding="utf-8").splitlines()):
        items = parse(game.text)
        while items:
            item = items.pop()
            if isinstance(item, Variation):
                items.extend(item.items)
            elif isinstance(item, Token) and item.type == "MOVE":
                runs += 1
                assert run_items(item.value) == _run_items_by_expression(item.value)
    assert runs >= 232  # (one run a game at least)


def test_each_move_of_a_run_over_several_lines_has_its_line_and_column() -> None:
    text = '[Event "x"]\n\n1. e4 e5 2. Nf3\n  Nc6 3.Bb5\n\n\na6 *'
    record = read_game(GameText(5, text), 1).record
    spans = [(node.text, node.span) for node in record.moves]
    assert spans == [
        ("e4", (7, 4, 7, 6)),
        ("e5", (7, 7, 7, 9)),
        ("Nf3", (7, 13, 7, 16)),
        ("Nc6", (8, 3, 8, 6)),
        ("Bb5", (8, 9, 8, 12)),
        ("a6", (11, 1, 11, 3)),
    ]
