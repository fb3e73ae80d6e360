"""Loading the notation grammars once."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from lark import Lark


@cache
def grammar(name: str) -> Lark:
    """The LALR parser of ``grammars/<name>.lark`` (built once, cached on disk by Lark)."""
    text = (files("kifu.grammars") / f"{name}.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="contextual", cache=True, propagate_positions=False)
