"""The JSON target: one object per game with tags, start, comment, result, and every line's moves
(SAN, UCI and the FEN after each, comments, NAGs, variations nested in the move they replace)."""

from __future__ import annotations

import json
from typing import Any

from kifu.chess.writers.tree import Ply, Tree


def layout(tree: Tree, lang: str | None) -> str:
    """One line of JSON (``lang`` is not used: SAN is English)."""
    document = {
        "tags": dict(tree.tags),
        "start": tree.start.fen() if tree.start else None,
        "comment": tree.comment or None,
        "moves": _json_line(tree.moves, 0),
        "result": tree.result,
    }
    return json.dumps(document, ensure_ascii=False) + "\n"


#: JSON nests a variation as a list inside a move; deeper than this, variations are left out
#: (the JSON encoder recurses once per level)
MAX_JSON_DEPTH = 200


def _json_line(line: list[Ply], depth: int) -> list[Any]:
    """The moves of a line as JSON objects, each with the variations that replace it."""
    moves: list[dict[str, Any]] = []
    for ply in line:
        entry: dict[str, Any] = {"san": ply.text, "uci": ply.move.uci(), "fen": ply.fen}
        if ply.comment_before:
            entry["comment_before"] = ply.comment_before
        if ply.comment:
            entry["comment"] = ply.comment
        if ply.nags:
            entry["nags"] = list(ply.nags)
        if ply.variations and depth < MAX_JSON_DEPTH:
            entry["variations"] = [_json_line(variation, depth + 1) for variation in ply.variations]
        moves.append(entry)
    return moves
