"""A played record as one line of JSON: tags, start, result, comments, NAGs and the move tree."""

from __future__ import annotations

import json
from typing import Any

from kifu.xiangqi.writers.tree import Played, PlayedRecord


def to_json(game: PlayedRecord) -> str:
    """One line of JSON: tags, start FEN, result, comment before the moves, the move tree."""
    record = game.record
    document = {
        "tags": record.tags,
        "start": game.start,
        "result": game.result,
        "comment": "\n".join(record.comments) or None,
        "moves": [_json_step(step) for step in game.moves],
    }
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
        entry["variations"] = [[_json_step(s) for s in variation] for variation in step.variations]
    return entry
