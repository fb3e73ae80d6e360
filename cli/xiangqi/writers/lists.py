"""The plain lists of a played record's main line: UCCI moves, a FEN per position, and what they drop."""

from __future__ import annotations

from kifu.xiangqi.fen import START_FEN
from kifu.xiangqi.writers.tree import PlayedRecord

#: tags that describe the container rather than the game (not "dropped" by plain lists)
_CONTAINER_TAGS = ("Game", "Format", "FEN")


def ucci(game: PlayedRecord) -> str:
    """The main line in UCCI moves on one line, after the start FEN when it is not the usual one."""
    moves = " ".join(step.texts["ucci"] for step in game.moves) + "\n"
    if game.start.split()[:2] == START_FEN.split()[:2]:
        return moves
    return game.start + "\n" + moves


def fens(game: PlayedRecord) -> str:
    """One FEN per position of the main line, the start first."""
    return "\n".join([game.start, *(step.texts["fen"] for step in game.moves)]) + "\n"


def dropped_by_lists(game: PlayedRecord) -> list[str]:
    """What the ``ucci`` and ``fen`` lists cannot hold of ``game``."""
    record = game.record
    nodes = [step.node for step in game.moves]
    lost = []
    if record.comments or any(node.comments_before or node.comments_after for node in nodes):
        lost.append("comments")
    if any(node.nags for node in nodes):
        lost.append("NAGs")
    if any(any(node.variations) for node in nodes):
        lost.append("variations")
    if any(name not in (*_CONTAINER_TAGS, "Result") for name in record.tags):
        lost.append("tags")
    if game.result not in (None, "*"):
        lost.append("result")
    return lost
