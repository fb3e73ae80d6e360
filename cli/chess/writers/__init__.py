"""The ``convert`` targets of chess, each a visitor of the one walk (:mod:`kifu.chess.walk`).

:data:`TARGETS` is the one table of them: each target's description, extension, separation and
writer, the maker of its visitor: a :class:`TreeTarget` (a
:class:`~kifu.chess.writers.tree.TreeWriter`) for the targets that keep comments, NAGs and
variations (PGN, SAN, FAN, LAN, JSON), a :class:`ListTarget` (a
:class:`~kifu.chess.writers.lists.ListWriter`) for the main-line lists (UCI, FEN, EPD),
:func:`diagram` (a :class:`~kifu.chess.writers.diagram.DiagramWriter`) for text diagrams.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from kifu.core.game import Target
from kifu.core.record import Record

if TYPE_CHECKING:
    from kifu.chess.writers.base import Writer
    from kifu.chess.writers.tree import Tree

    import chess

# The writer modules are imported where a conversion needs them: a check imports this package
# only for its table (TARGETS), and the writers bring the drawing code with them.


class MakeWriter(Protocol):
    """A chess target's writer: the visitor that writes ``record`` in the target; ``lang``: the
    SAN letters written; ``every_move``: a diagram after every move (``diagram``)."""

    def __call__(self, record: Record, start: chess.Board, lang: str | None, every_move: bool) -> Writer: ...


@dataclass(frozen=True, slots=True)
class TreeTarget:
    """A target written from the tree: the notation of its moves, whether it wants the positions,
    its layout (a name of :func:`_layout`); ``as_written``: it can copy the moves of a game kifu
    cannot replay (a variant, a broken FEN), and keeps the rest of a line it cannot replay;
    ``english``: its SAN is English whatever letters are asked for (PGN's export format)."""

    notation: str
    positions: bool
    layout: str
    as_written: bool = False
    english: bool = False

    def __call__(self, record: Record, start: chess.Board, lang: str | None, every_move: bool) -> Writer:
        from kifu.chess.writers.tree import TreeWriter

        layout = _layout(self.layout)
        tree = TreeWriter(record, start, self._letters(lang), self.notation, self.positions, layout)
        tree.keep_rest = self.as_written
        return tree

    def copy(self, record: Record, lang: str | None) -> str:
        """``record`` laid out with its moves copied as written."""
        from kifu.chess.writers.tree import as_written

        tree: Tree = as_written(record)
        return _layout(self.layout)(tree, self._letters(lang))

    def _letters(self, lang: str | None) -> str | None:
        return None if self.english else lang


@dataclass(frozen=True, slots=True)
class ListTarget:
    """A main-line list (``uci``, ``fen``, ``epd``: the list's ``kind``)."""

    kind: str

    def __call__(self, record: Record, start: chess.Board, lang: str | None, every_move: bool) -> Writer:
        from kifu.chess.writers.lists import ListWriter

        return ListWriter(record, start, lang, self.kind)


def diagram(record: Record, start: chess.Board, lang: str | None, every_move: bool) -> Writer:
    """The text diagrams of ``record``: its final position, or every move's."""
    from kifu.chess.writers.diagram import DiagramWriter

    return DiagramWriter(record, start, lang, every_move)


#: target name → what it is (for ``--help`` and the README), its extension, whether its records
#: are joined by a blank line (PGN records and position lists), and its writer
TARGETS: dict[str, Target[MakeWriter]] = {
    "pgn": Target(
        "PGN export format (tag order, lines under 80 characters, $n NAGs, English SAN)",
        ".pgn",
        True,
        TreeTarget("san", False, "pgn", as_written=True, english=True),
    ),
    "san": Target(
        "PGN with SAN in the piece letters of --write-lang (English by default)",
        ".pgn",
        True,
        TreeTarget("san", False, "pgn", as_written=True),
    ),
    "fan": Target(
        "PGN with figurine SAN (♘f3)", ".pgn", True, TreeTarget("san", False, "fan", as_written=True)
    ),
    "lan": Target("PGN with long algebraic moves (Ng1-f3)", ".pgn", True, TreeTarget("lan", False, "lan")),
    "uci": Target(
        "one line of UCI moves per game (g1f3); comments, NAGs and variations are dropped",
        ".uci",
        False,
        ListTarget("uci"),
    ),
    "fen": Target(
        "one FEN per position of the main line, the start position first", ".fen", True, ListTarget("fen")
    ),
    "epd": Target(
        "one EPD per position of the main line, the start position first", ".epd", True, ListTarget("epd")
    ),
    "json": Target(
        "one JSON object per game: tags, moves (SAN, UCI, FEN), comments, NAGs, variations",
        ".jsonl",
        False,
        TreeTarget("san", True, "json"),
    ),
    "diagram": Target(
        "the tags and a text board of the final position (--every-move: after every move of the "
        "main line, with its comments), as kifu show draws it",
        ".txt",
        True,
        diagram,
    ),
}

#: output file extensions
EXTENSIONS = {name: target.extension for name, target in TARGETS.items()}
#: targets that can copy the moves of a game kifu cannot replay (a variant, a broken FEN)
AS_WRITTEN = frozenset(
    name
    for name, target in TARGETS.items()
    if isinstance(target.writer, TreeTarget) and target.writer.as_written
)


def writer(
    target: str, record: Record, start: chess.Board, lang: str | None, every_move: bool = False
) -> Writer:
    """The visitor that writes ``record`` in ``target``; ``lang``: the SAN letters written;
    ``every_move``: a diagram after every move (``diagram``)."""
    return TARGETS[target].writer(record, start, lang, every_move)


def written_as_is(target: str, record: Record, lang: str | None) -> str:
    """``record`` in ``target`` (one of :data:`AS_WRITTEN`), its moves copied as written."""
    tree = TARGETS[target].writer
    if not isinstance(tree, TreeTarget) or not tree.as_written:
        raise ValueError(f"the chess target {target!r} cannot copy moves as written")
    return tree.copy(record, lang)


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
