"""What a Go finding's board shows: its :class:`~kifu.core.game.Marks` (where it stands is its code's).

An illegal move is drawn in the position before it: its point crossed, with the reason
(occupied, suicide, ko, superko), and, for a ko or superko, the stones it captured when the walk
played it (the finding's :attr:`~kifu.core.findings.Finding.captures`: the ko stone). The move
kifu played in its stead (the finding's :attr:`~kifu.core.findings.Finding.meant`, when the
moves after it decided it) is its point,
``Marks.assumed`` from the point to itself (drawn as a dashed ring), on the board of any finding
about a move. A finding about the count or the result is drawn in the final position with the
count (territory, dead stones) and the score line.
"""

from __future__ import annotations

from dataclasses import replace

from kifu.core.findings import Finding
from kifu.core.game import Marks, Options, Position
from kifu.core.marking import caption
from kifu.go import codes
from kifu.go.board import SGF_LETTERS

#: the illegal moves, and why each is illegal in a word
REASONS = {
    codes.OCCUPIED.code: "occupied",
    codes.SUICIDE.code: "suicide",
    codes.KO.code: "ko",
    codes.POSITIONAL_SUPERKO.code: "positional superko",
    codes.SITUATIONAL_SUPERKO.code: "situational superko",
}


def mark(position: Position, finding: Finding, options: Options) -> Position:
    """``position`` with the marks of ``finding`` (see the module's doc)."""
    if finding.ply is None:
        score = position.extra.get("score", "")
        marks = Marks(caption(finding.code, position.ply, final=True), notes=(score,) if score else ())
        return replace(position, extra={**position.extra, "territory": "yes"}, marks=marks)
    written = finding.move or ""
    text = caption(finding.code, finding.ply, written or None)
    reason = REASONS.get(finding.code, "")
    rows = position.position.split("/")
    point = _on_board(rows, _written_point(written))
    meant = _on_board(rows, _written_point(finding.meant or ""))
    assumed = (meant, meant) if meant is not None else None
    if not reason or point is None:
        return replace(position, marks=Marks(text, assumed=assumed))
    captures = finding.captures if "ko" in reason else ()
    marks = Marks(f"{text} · {reason}", (None, point), assumed, reason=reason, captures=captures)
    return replace(position, marks=marks)


def _on_board(rows: list[str], point: str | None) -> str | None:
    """``point`` when it lies on the board of ``rows``."""
    if point is None or not (
        SGF_LETTERS.index(point[0]) < len(rows[0]) and SGF_LETTERS.index(point[1]) < len(rows)
    ):
        return None
    return point


def _written_point(written: str) -> str | None:
    """The SGF point of ``B[dc]`` (``None`` for a pass or anything else)."""
    if len(written) == 5 and written[1] == "[" and written[4] == "]" and written[0] in "BW":
        point = written[2:4]
        return point if all(c in SGF_LETTERS for c in point) else None
    return None
