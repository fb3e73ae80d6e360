"""A played record as one line of JSON: tags, start, result, comments, NAGs and the move tree.

Only moves that were played are moves here; the rest of a main line that stopped at a move that
cannot be played is ``not_replayed``: ``{"ply", "message", "text"}``, the ply of that move, why,
and the rest as written in XQBase PGN movetext (``--lenient``).
"""

from __future__ import annotations

import json
from typing import Any

from kifu.xiangqi.writers.tree import Played, PlayedRecord


def to_json(game: PlayedRecord) -> str:
    """One line of JSON: tags, start FEN, result, comment before the moves, the move tree."""
    record = game.record
    document: dict[str, Any] = {
        "tags": record.tags,
        "start": game.start,
        "result": game.result,
        "comment": "\n".join(record.comments) or None,
        "moves": [_json_step(step) for step in game.moves if step.move],
    }
    if game.cut is not None:
        from kifu.xiangqi.writers.pgn import inline

        rest = inline(game.cut.rest, "chinese")
        document["not_replayed"] = {"ply": game.cut.ply, "message": game.cut.message, "text": rest}
    return json.dumps(document, ensure_ascii=False) + "\n"


def _json_step(step: Played) -> dict[str, Any]:
    entry: dict[str, Any] = dict(step.texts)
    if step.node.comments_before:
        entry["comment_before"] = "\n".join(step.node.comments_before)
    if step.node.comments_after:
        entry["comment"] = "\n".join(step.node.comments_after)
    if step.node.nags:
        entry["nags"] = list(step.node.nags)
    if step.variations:
        entry["variations"] = [[_json_step(s) for s in variation if s.move] for variation in step.variations]
    return entry
