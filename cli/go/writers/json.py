"""The ``json`` target: one JSON object per game, the whole move tree with its variations."""

from __future__ import annotations

import json
from typing import Any

from kifu.go.tree import Node
from kifu.go.values import INFO, PROPERTIES
from kifu.go.writers.common import (
    LETTER,
    SETUP_COLOURS,
    Move,
    Played,
    all_props,
    comment,
    decoded,
    gtp_vertex,
    points_of,
    sgf_point,
)


def to_json(game: Played, index: int) -> str:
    """One line of JSON: the game's settings and information, root setup and comment, the move tree."""
    info = game.info
    root = game.root
    game_info = {
        ident: decoded(ident, prop.values[0])
        for ident, prop in root.props.items()
        if ident in PROPERTIES and PROPERTIES[ident].kind == INFO and prop.values
    }
    document: dict[str, Any] = {
        "index": index,
        "size": {"width": info.width, "height": info.height},
        "komi": info.komi,
        "handicap": info.handicap,
        "rules": info.rules,
        "result": info.result,
        "info": game_info,
        "setup": _setup_json(root, info.width, info.height),
        "comment": comment(root),
        "properties": _other_json(root, exclude=frozenset({"FF", "CA", "GM", "SZ", *game_info})),
        "moves": [_step_json(step, info.width, info.height) for step in game.steps],
    }
    return json.dumps(document, ensure_ascii=False) + "\n"


def _setup_json(node: Node, width: int, height: int) -> dict[str, list[str]]:
    setup: dict[str, list[str]] = {}
    for ident, _ in SETUP_COLOURS:
        for prop in all_props(node, ident):
            for raw in prop.values:
                setup.setdefault(ident, []).extend(sgf_point(x, y) for x, y in points_of(raw, width, height))
    return setup


def _other_json(node: Node, exclude: frozenset[str]) -> dict[str, list[str]]:
    """The node's properties not shown elsewhere: identifier → values (text decoded)."""
    found: dict[str, list[str]] = {}
    for ident in node.props:
        if not ident or ident in exclude or ident in ("C", "AB", "AW", "AE", "B", "W"):
            continue
        for prop in all_props(node, ident):
            found.setdefault(ident, []).extend(decoded(ident, raw) for raw in prop.values)
    return found


def _step_json(step: Move, width: int, height: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"number": step.number}
    if step.is_move:
        entry["colour"] = LETTER[step.colour]
        entry["sgf"] = sgf_point(*step.point) if step.point else ""
        entry["gtp"] = gtp_vertex(step.point, height, width)
        if step.captures:
            entry["captures"] = step.captures
        if step.suicide:
            entry["suicide"] = step.suicide
    if step.first:
        setup = _setup_json(step.node, width, height)
        if setup:
            entry["setup"] = setup
        said = comment(step.node)
        if said is not None:
            entry["comment"] = said
        others = _other_json(step.node, frozenset())
        if others:
            entry["properties"] = others
    if step.variations:
        entry["variations"] = [[_step_json(s, width, height) for s in line] for line in step.variations]
    return entry
