"""The one loader of kifu's Lark grammars (``grammars/*.lark``, installed as ``kifu.grammars``).

Every grammar is LALR with the contextual lexer (Earley is about 25 times slower), built once per
process. Building a parser (reading the grammar with Lark's own, the LALR analysis) takes
13–25 ms, more than the check of a small file; Lark's cache of the analysis loads in under 1 ms.
The cache is kept in a directory of the user's own (``$XDG_CACHE_HOME/kifu``, else
``~/.cache/kifu``), never in the shared temporary directory where Lark puts it by default: the
cache is a pickle, and a file that another user could have planted there would run their code.
A directory that is not the user's, or that others can write to, is not used; nor is any when
none can be made (a read-only home): the parser is then built each time.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

from lark import Lark

_LOADED: dict[str, Lark] = {}


def load(name: str, **options: Any) -> Lark:
    """The parser of ``grammars/<name>.lark``, built on first use with ``options`` (a transformer,
    lexer callbacks, positions); later calls return the same parser."""
    parser = _LOADED.get(name)
    if parser is None:
        text = _grammar_text(name)
        parser = _LOADED[name] = Lark(
            text, parser="lalr", lexer="contextual", cache=cache_file(name), **options
        )
    return parser


def _grammar_text(name: str) -> str:
    """The text of ``grammars/<name>.lark``: read beside the ``kifu.grammars`` package's module
    (an installed package is a folder: importlib.resources, a few milliseconds of every start
    that parses, is imported only for a package that is not)."""
    import kifu.grammars

    location = kifu.grammars.__file__  # (None for a package without a file: never the working directory)
    if location:
        path = os.path.join(os.path.dirname(location), f"{name}.lark")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as grammar:
                return grammar.read()
    from importlib import resources

    return resources.files("kifu.grammars").joinpath(f"{name}.lark").read_text(encoding="utf-8")


def cache_file(name: str) -> str | bool:
    """Where Lark keeps its analysis of grammar ``name``, or ``False`` (no cache).

    Lark checks the file's first line, a digest of the grammar, the options, its version and
    Python's, and builds the parser again (rewriting the file) when they changed.
    """
    folder = cache_folder()
    if folder is None:
        return False
    return str(folder / f"lark-{name}-py{sys.version_info[0]}{sys.version_info[1]}.cache")


def cache_folder() -> Path | None:
    """kifu's cache directory, made private (``0700``) if it is new; ``None`` when it cannot be
    made, or when it is not the user's own or others may write to it."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):  # (the XDG rule: a relative path is ignored; "~" unexpanded too)
        return None
    folder = Path(base) / "kifu"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        status = folder.stat()
    except OSError:
        return None
    getuid = getattr(os, "getuid", None)
    if getuid is not None and (status.st_uid != getuid() or status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)):
        return None
    return folder
