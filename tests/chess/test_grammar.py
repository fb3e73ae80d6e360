"""The PGN grammar is loaded by the one shared loader of kifu's grammars."""

from __future__ import annotations

from kifu.chess.grammar import parse, parser
from kifu.core.grammar import load


def test_the_pgn_parser_is_the_shared_loaders_cached_one() -> None:
    assert parser() is load("pgn")
    assert parser() is parser()


def test_the_parser_still_builds_items_while_it_reduces() -> None:
    items = parse("1. e4 (1. d4) e5 *")
    assert [type(item).__name__ for item in items] == ["Token", "Variation", "Token", "Token"]
