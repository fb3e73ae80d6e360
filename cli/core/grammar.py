"""The one loader of kifu's Lark grammars (``grammars/*.lark``, installed as ``kifu.grammars``).

Every grammar is LALR with the contextual lexer (Earley is about 25 times slower), built once per
process, with Lark's analysis cached on disk where the grammar's options allow it.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from lark import Lark

_LOADED: dict[str, Lark] = {}


def load(name: str, *, cache: bool = True, **options: Any) -> Lark:
    """The parser of ``grammars/<name>.lark``, built on first use with ``options`` (a transformer,
    lexer callbacks, positions); later calls return the same parser.

    ``cache=False`` for a grammar whose options Lark cannot cache on disk (lexer callbacks).
    """
    parser = _LOADED.get(name)
    if parser is None:
        text = resources.files("kifu.grammars").joinpath(f"{name}.lark").read_text(encoding="utf-8")
        parser = _LOADED[name] = Lark(text, parser="lalr", lexer="contextual", cache=cache, **options)
    return parser
