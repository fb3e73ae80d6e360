"""A finding's board, game-agnostic: which position it shows, the caption, and the text marks.

The games say where a finding's board stands (``board_at``) and what it marks (``mark``, a
:class:`~kifu.core.game.Marks`); this module holds what every game does alike with them:
:func:`finding_position` picks the position (``kifu show --finding`` and the HTML report), and
:func:`text_cells` / :func:`text_legend` are the marks of the text boards whose squares are three
characters wide (chess, xiangqi): ``!x!`` the move as written, ``{x}`` the move assumed, ``(x)``
the pieces an ambiguous move may mean, ``<x>`` their targets.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from kifu.core.findings import Finding
from kifu.core.game import FINAL, Marks, Position, Where

#: the brackets round a square, by mark, the strongest last
_BRACKETS = (("candidate-target", "<>"), ("candidate", "()"), ("assumed", "{}"), ("attempted", "!!"))


def finding_position(finding: Finding, where: Where, found: Mapping[int | None, Position]) -> Position | None:
    """The position of ``finding``'s board at ``where`` from the walk's positions ``found``; a
    finding about a move brings its own (the position before it), which wins when the walk's
    differs (a move after one kifu had to assume, which the walk of the written moves never
    reaches)."""
    if where is None or (isinstance(where, int) and where < 0):
        return None
    if where == FINAL:
        return found.get(None)
    known = found.get(where)
    own = finding.position if finding.ply is not None and where == finding.ply - 1 else None
    if own is not None and (known is None or known.position != own):
        return Position(own, where)
    return known


def caption(code: str, ply: int | None, move: str | None = None, final: bool = False) -> str:
    """``2. Ke3 · ply 3 · CHESS101``; ``final position after ply 4 · CHESS202``."""
    if final:
        return f"final position after ply {ply} · {code}" if ply else f"start position · {code}"
    parts = [move] if move else []
    if ply is not None:
        parts.append(f"ply {ply}")
    return " · ".join([*parts, code])


def text_cells(marks: Marks | None) -> dict[str, str]:
    """The brackets of each marked point of a text board (``{"e1": "!!", "e2": "{}"}``)."""
    if marks is None:
        return {}
    kinds: dict[str, list[str]] = {name: [] for name, _ in _BRACKETS}
    kinds["candidate"] = [origin for origin, _ in marks.candidates]
    kinds["candidate-target"] = [target for _, target in marks.candidates]
    if marks.assumed is not None:
        kinds["assumed"] = list(marks.assumed)
    if marks.attempted is not None:
        kinds["attempted"] = [p for p in marks.attempted if p is not None]
    cells: dict[str, str] = {}
    for name, brackets in _BRACKETS:
        for point in kinds[name]:
            cells[point] = brackets
    return cells


def text_legend(marks: Marks | None, describe: Mapping[str, str] | None = None) -> list[str]:
    """The legend lines of the marks :func:`text_cells` made, then the notes; ``describe`` names
    the moves (``{"attempted": "Ke3 e1-e3", "assumed": "Ke2 e1-e2"}``)."""
    if marks is None:
        return []
    named = describe or {}
    cells = text_cells(marks)
    parts = []
    attempted = marks.attempted
    if attempted is not None:
        what = named.get("attempted", "")
        if attempted[0] is None or attempted[0] == attempted[1]:
            parts.append(f"! ! the target of the move as written{f' ({what})' if what else ''}")
        else:
            parts.append(f"! ! the move as written{f' ({what})' if what else ''}")
    if marks.assumed is not None:
        what = named.get("assumed", "")
        parts.append(f"{{ }} the move kifu assumed{f' ({what})' if what else ''}")
    if marks.candidates:
        parts.append("( ) the pieces the move may mean")
        if any(cells.get(target) == "<>" for _, target in marks.candidates):
            parts.append("< > their targets")
    lines = ["; ".join(parts)] if parts else []
    return lines + [line for note in marks.notes for line in textwrap.wrap(note, 100, break_on_hyphens=False)]


__all__ = ["caption", "finding_position", "text_cells", "text_legend"]
