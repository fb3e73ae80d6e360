"""The boards of the HTML report, drawn by each game through the registry."""

from __future__ import annotations

from kifu.core.findings import Finding
from kifu.core.game import Options, Position
from kifu.games import drawing, need


class Drawer:
    """Boards for the HTML report (:class:`kifu.application.report.html.HtmlReporter`), drawn by
    each game's ``draw`` from the positions the check's walk kept: the reporter imports no game."""

    def __init__(self, options: Options, size: int = 280) -> None:
        self.options = options
        self.size = size

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


__all__ = ["Drawer"]
