"""The boards of the HTML report, drawn by each game through the registry."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kifu.core.findings import Finding
from kifu.core.game import Game, Options, Position, RawRecord
from kifu.core.sources import Source, SourceError
from kifu.games import default_format, drawing, need


class Drawer:
    """Boards for the HTML report (:class:`kifu.application.report.html.HtmlReporter`), from each
    game's ``positions`` and ``draw``: the reporter is in core, which imports no game.

    A file's records are read again, in order, one pass per file (``records`` streams).
    """

    def __init__(self, options: Options, size: int = 280) -> None:
        self.options = options
        self.size = size
        self._cursor: tuple[str, Iterator[RawRecord[Any] | Finding]] | None = None
        self._last: RawRecord[Any] | None = None

    def board(
        self, game: str, position: Position, territory: bool = False, finding: Finding | None = None
    ) -> str:
        """``position`` of ``game`` as an SVG document; ``finding``: with its marks and caption."""
        drawn = drawing(game)
        if finding is not None:
            position = drawn.mark(position, finding, self.options)
        return drawn.draw(position, svg=True, size=self.size, territory=territory)

    def encoding(self, path: str, game: str) -> str | None:
        """The codec the game's reader uses for ``path`` (xiangqi: detected; Go: the CA property
        or detected); ``None``: UTF-8, a line that is not as Latin-1 (chess, standard input, or
        a file that cannot be read)."""
        return None if path == "-" else need(game).text_encoding(path)

    def positions(
        self, path: str, game: str, fmt: str | None, index: int, plies: list[int | None]
    ) -> dict[int | None, Position]:
        """The main-line positions after ``plies`` of record ``index`` of ``path`` (``{}`` when
        it cannot be read again: standard input, a vanished file)."""
        if path == "-" or not plies:
            return {}
        module = need(game)
        record = self._find(module, path, fmt or default_format(game), index)
        return {} if record is None else drawing(game).positions(record, self.options, plies)

    def _find(self, module: Game[Any], path: str, fmt: str, index: int) -> RawRecord[Any] | None:
        if self._last is not None and self._cursor is not None and self._cursor[0] == path:
            if self._last.index == index:
                return self._last
            if self._last.index > index:
                self._cursor = None
        if self._cursor is None or self._cursor[0] != path:
            try:
                self._cursor = (path, iter(module.records(Source(path), fmt, self.options)))
            except (SourceError, OSError):
                return None
            self._last = None
        try:
            for item in self._cursor[1]:
                if isinstance(item, Finding):
                    continue
                self._last = item
                if item.index == index:
                    return item
                if item.index > index:
                    return None
        except (SourceError, OSError):
            pass
        self._cursor = None
        return None


__all__ = ["Drawer"]
