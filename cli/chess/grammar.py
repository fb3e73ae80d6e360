"""The PGN grammar (``grammars/pgn.lark``), loaded by :func:`kifu.core.grammar.load`, and parsing
one game to items.

Parsing yields a flat list of tokens, with a :class:`Variation` for each ``( … )``. The
grammar accepts every input (errors are tokens or error productions), so parsing never
raises: the reader turns the odd tokens into findings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from kifu.core.grammar import load
from lark import Lark, Token, Transformer


@dataclass(slots=True)
class Variation:
    """``( … )``: the opening parenthesis, the items inside, and whether it was closed."""

    open: Token
    items: list[Item]
    closed: bool = True


Item = Union[Token, Variation]  # noqa: UP007 - a runtime alias, used before Python 3.10 unions are


class _Build(Transformer[Token, Any]):
    """Builds the item list while the LALR parser reduces (no parse tree is kept)."""

    def start(self, children: list[Item]) -> list[Item]:
        return children

    def variation(self, children: list[Any]) -> Variation:
        return Variation(children[0], children[1:-1], True)

    def unclosed_variation(self, children: list[Any]) -> Variation:
        return Variation(children[0], children[1:], False)


def parser() -> Lark:
    """The PGN parser, built once per process by the shared loader."""
    return load("pgn", transformer=_Build())


def parse(text: str) -> list[Item]:
    """Parse one game's text to items."""
    items = parser().parse(text)
    assert isinstance(items, list)  # the transformer's start() returns the item list
    return items
