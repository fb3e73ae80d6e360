"""The ``convert`` targets of chess, each a visitor of the one walk (:mod:`kifu.chess.walk`).

:func:`writer` makes the visitor of a target: a :class:`~kifu.chess.writers.tree.TreeWriter`
for the targets that keep comments, NAGs and variations (PGN, SAN, FAN, LAN, JSON), a
:class:`~kifu.chess.writers.lists.ListWriter` for the main-line lists (UCI, FEN, EPD), a
:class:`~kifu.chess.writers.diagram.DiagramWriter` for text diagrams.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kifu.core.record import Record

if TYPE_CHECKING:
    from kifu.chess.writers.base import Writer
    from kifu.chess.writers.tree import Tree

    import chess

# The writer modules are imported where a conversion needs them: a check imports this package
# only for its tables (TARGETS, EXTENSIONS), and the writers bring the drawing code with them.

#: target name → what it is (for ``--help`` and the README)
TARGETS: dict[str, str] = {
    "pgn": "PGN export format (tag order, lines under 80 characters, $n NAGs)",
    "san": "PGN with SAN in the language of --lang (English by default)",
    "fan": "PGN with figurine SAN (♘f3)",
    "lan": "PGN with long algebraic moves (Ng1-f3)",
    "uci": "one line of UCI moves per game (g1f3); comments, NAGs and variations are dropped",
    "fen": "one FEN per position of the main line, the start position first",
    "epd": "one EPD per position of the main line, the start position first",
    "json": "one JSON object per game: tags, moves (SAN, UCI, FEN), comments, NAGs, variations",
    "diagram": "the tags and a text board of the final position (--every-move: after every move of the "
    "main line, with its comments), as kifu show draws it",
}

#: output file extensions
EXTENSIONS = {
    "pgn": ".pgn",
    "san": ".pgn",
    "fan": ".pgn",
    "lan": ".pgn",
    "uci": ".uci",
    "fen": ".fen",
    "epd": ".epd",
    "json": ".jsonl",
    "diagram": ".txt",
}

#: the targets written from the tree: (notation of the moves, positions wanted, layout)
_TREES = {
    "pgn": ("san", False, "pgn"),
    "san": ("san", False, "pgn"),
    "fan": ("san", False, "fan"),
    "lan": ("lan", False, "lan"),
    "json": ("san", True, "json"),
}

#: targets that can copy the moves of a game kifu cannot replay (a variant, a broken FEN)
AS_WRITTEN = frozenset({"pgn", "san", "fan"})


def writer(
    target: str, record: Record, start: chess.Board, lang: str | None, every_move: bool = False
) -> Writer:
    """The visitor that writes ``record`` in ``target``; ``lang``: the SAN letters written;
    ``every_move``: a diagram after every move (``diagram``)."""
    if target == "diagram":
        from kifu.chess.writers.diagram import DiagramWriter

        return DiagramWriter(record, start, lang, every_move)
    if target in _TREES:
        from kifu.chess.writers.tree import TreeWriter

        notation, positions, layout = _TREES[target]
        tree = TreeWriter(record, start, lang, notation, positions, _layout(layout))
        tree.keep_rest = target in AS_WRITTEN
        return tree
    from kifu.chess.writers.lists import ListWriter

    return ListWriter(record, start, lang, target)


def written_as_is(target: str, record: Record, lang: str | None) -> str:
    """``record`` in ``target`` (one of :data:`AS_WRITTEN`), its moves copied as written."""
    from kifu.chess.writers.tree import as_written

    tree: Tree = as_written(record)
    return _layout(_TREES[target][2])(tree, lang)


def _layout(name: str) -> Callable[[Tree, str | None], str]:
    """The function that lays out a written tree: :mod:`~kifu.chess.writers.pgn`'s ``pgn``,
    ``fan``, ``lan``, or :mod:`~kifu.chess.writers.json`'s ``layout``."""
    from kifu.chess.writers import json, pgn

    layouts: dict[str, Callable[[Tree, str | None], str]] = {
        "pgn": pgn.pgn,
        "fan": pgn.fan,
        "lan": pgn.lan,
        "json": json.layout,
    }
    return layouts[name]
