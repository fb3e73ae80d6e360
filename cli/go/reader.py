"""An SGF source cut into its game trees, not parsed yet: the records of ``kifu.go``.

The text is decoded (:mod:`~kifu.go.encoding`) and split at each top-level ``)`` by the
:class:`~kifu.go.parser.CollectionReader`; each game tree is parsed later, on its own, by
whoever takes the record (a worker, the checker, a writer).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kifu.core.findings import Finding
from kifu.core.game import RawRecord
from kifu.core.sources import Source
from kifu.go import codes
from kifu.go.encoding import texts
from kifu.go.parser import CollectionReader, Game, TextIndex


def records(source: Source, say_empty: bool = False) -> Iterator[RawRecord[Game] | Finding]:
    """The game trees of an SGF source, cut at each top-level ``)`` (not parsed yet).

    ``say_empty``: the finding on a file without a game tree says when the file is empty.
    """
    reader = CollectionReader(raw=True)
    kinds: dict[tuple[str, str], int] = {}
    count = 0
    characters = 0
    for piece in texts(source):
        if not isinstance(piece, tuple):
            yield piece
            continue
        characters += len(piece[0])
        for game, _ in reader.feed(*piece):
            if game.index == 0:
                yield from game.findings
                continue
            count += 1
            text = game.text or ""
            mixed(text, game, kinds, TextIndex(text, game.line_base), game.text_start)
            yield RawRecord(game.index, game.line_base + 1, len(text), game)
    if count == 0:
        yield codes.NO_GAMES(
            f"no SGF game tree `(;` in {source.path}"
            + ("" if characters or not say_empty else " (the file is empty)")
        )


_ROOT = re.compile(r"\(\s*;?((?:[^;()\[]+|\[[^\\\]]*(?:\\.[^\\\]]*)*\]?)*)")
_KIND = {name: re.compile(rf"(?<![A-Za-z]){name}\s*\[\s*(\d+)") for name in ("FF", "GM")}


def mixed(
    text: str, game: Game, kinds: dict[tuple[str, str], int], index: TextIndex, start: int | None = None
) -> None:
    """SGF033 on the first game of another FF or GM than the games before it.

    FF and GM are read from the root node's text, so that a file split across workers gives
    the same notes as a file checked whole.
    """
    offset = game.offset if start is None else start
    root = _ROOT.match(text, offset)
    head = root.group(1) if root else ""
    for name, pattern in _KIND.items():
        found = pattern.search(head)
        kind = (name, found.group(1) if found else "1")
        others = [k for k in kinds if k[0] == name and k != kind]
        if others and kind not in kinds:
            game.findings.append(
                codes.MIXED_FILE(
                    f"game {game.index} is {name}[{kind[1]}], an earlier game {name}[{others[0][1]}]",
                    index.span(offset),
                )
            )
        kinds.setdefault(kind, game.index)
