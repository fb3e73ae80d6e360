"""Definitions shared by the boards of one HTML page: each board's ``<defs>`` and its long
repeated paths are moved into one hidden ``<svg>`` at the top of the page, and the board refers
to them with ``<use>``.

A standalone board carries its own definitions (the chess pieces of python-chess, the xiangqi
glyphs of :mod:`kifu.xiangqi.glyphs`); inlined a hundred times, they would make up most of the
page. An id means the same in every board (``white-pawn``, ``kifu-xq-…``), so the first copy
serves them all; a board whose definition of an id differs from the one kept keeps its own
(the page would otherwise draw the wrong thing).
"""

from __future__ import annotations

import re

_DEFS = re.compile(r"<defs>(.*?)</defs>", re.S)
#: python-chess writes each reference twice; ``href`` alone is SVG 2, which browsers all read
_XLINK = re.compile(r'( href="#[^"]*") xlink:href="[^"]*"')
#: a run of groups that each only use a shared path (python-chess's coordinates: the same in
#: every board of an orientation)
_RUN = re.compile(r'(?:<g [^<>]*><use href="#kifu-p\d+"/></g>\s*){8,}')
#: eight squares in a row (python-chess writes a rank at a time): the same in most boards
_SQUARES = re.compile(r"(?:<rect [^<>]*/>\s*){8}")
_TAG = re.compile(r"<(/?)[\w:-]+[^>]*?(/?)>")
_ID = re.compile(r'^<[\w:-]+\b[^>]*?\bid="([^"]+)"')
#: a path without an id whose outline is long enough to be worth sharing
_PATH = re.compile(r'<path d="([^"]{160,})"((?:\s+(?!id=)[\w:-]+="[^"]*")*)\s*/>')


def _definitions(defs: str) -> dict[str, str]:
    """The top-level elements of ``defs`` by id; empty unless ``defs`` is only such elements."""
    found: dict[str, str] = {}
    depth, start, end = 0, 0, 0
    for tag in _TAG.finditer(defs):
        if depth == 0:
            if defs[end : tag.start()].strip():
                return {}  # text between the definitions
            start = tag.start()
        closing, empty = tag.group(1), tag.group(2)
        depth += 0 if empty else -1 if closing else 1
        if depth < 0:
            return {}
        if depth == 0:
            end = tag.end()
            element = defs[start:end]
            ident = _ID.match(element)
            if ident is None:
                return {}
            found[ident.group(1)] = element
    return found if depth == 0 and not defs[end:].strip() else {}


class SharedDefinitions:
    """Collects the definitions of the boards of one page; :meth:`board` strips a board of
    them, :meth:`svg` is the hidden ``<svg>`` that holds them all (written before the boards)."""

    def __init__(self) -> None:
        self.definitions: dict[str, str] = {}
        self.paths: dict[str, str] = {}
        self.runs: dict[str, str] = {}
        self._seen_defs: set[str] = set()

    def board(self, svg: str) -> str:
        """``svg`` without the definitions kept here (its long paths become ``<use>``)."""
        match = _DEFS.search(svg)
        if match is not None and self._keep(match.group(1)):
            svg = svg[: match.start()] + svg[match.end() :]
        svg = _RUN.sub(self._run, _PATH.sub(self._use, _XLINK.sub(r"\1", svg)))
        return _SQUARES.sub(self._run, svg)

    def _keep(self, defs: str) -> bool:
        """Keep each definition of ``defs`` (once); ``False`` when one differs from the one kept."""
        if defs in self._seen_defs:
            return True
        found = _definitions(defs)
        if not found:
            return False  # not a list of definitions with ids: leave it where it is
        if any(self.definitions.get(key, text) != text for key, text in found.items()):
            return False
        self.definitions.update(found)
        self._seen_defs.add(defs)
        return True

    def _use(self, match: re.Match[str]) -> str:
        outline, rest = match.group(1), match.group(2)
        key = self.paths.get(outline)
        if key is None:
            key = self.paths[outline] = f"kifu-p{len(self.paths)}"
        return f'<use href="#{key}"{rest}/>'

    def _run(self, match: re.Match[str]) -> str:
        run = match.group(0)
        key = self.runs.get(run)
        if key is None:
            key = self.runs[run] = f"kifu-r{len(self.runs)}"
        return f'<use href="#{key}"/>'

    def svg(self) -> str:
        """The hidden ``<svg>`` with every definition collected (empty when there is none)."""
        if not self.definitions and not self.paths:
            return ""
        paths = "".join(f'<path id="{key}" d="{outline}"/>' for outline, key in self.paths.items())
        paths += "".join(f'<g id="{key}">{run}</g>' for run, key in self.runs.items())
        return (
            '<svg class="defs" xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true">'
            f"<defs>{''.join(self.definitions.values())}{paths}</defs></svg>\n"
        )
