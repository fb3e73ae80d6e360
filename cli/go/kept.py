"""The main line's positions a Go walk keeps for its boards (``kifu show``, the HTML report):
each move's board as the walk reaches it, and the final position with its count."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from kifu.core.game import Options, Position, Snapshots
from kifu.go.board import WHITE, Board, rows, sgf_name
from kifu.go.info import GameInfo
from kifu.go.rules import resolve
from kifu.go.scoring import count, dead_from_markup
from kifu.go.tree import Node
from kifu.go.walk import GoVisitor, Step


class Kept(GoVisitor["Kept"]):
    """Keeps the main line's positions as the walk reaches them (the board after each move), and
    its end: the final position, the node it was reached at, the first to pass."""

    variations = False
    hears_nodes = False

    def __init__(self) -> None:
        self.snapshots: Snapshots[Board] = Snapshots(rows)
        self.ending: tuple[Board, Node, int | None] | None = None

    def begin(self, start: Board) -> None:
        self.snapshots.start(start.copy())

    def move(self, step: Step) -> None:
        if step.main:
            prop = step.prop
            written = f"{prop.ident}[{prop.values[0] if prop.values else ''}]" if prop is not None else None
            self.snapshots.keep(step.ply, step.board.copy(), sgf_name(step.board, step.point), written)

    def main_end(self, step: Step) -> None:
        self.ending = (step.board.copy(), step.node, step.first_passer)

    def result(self) -> Kept:
        return self


def kept_positions(
    kept: Kept, plies: Collection[int | None], info: GameInfo, options: Options
) -> dict[int | None, Position]:
    """The positions after ``plies`` that ``kept`` kept (``None``: the final one, with its count)."""
    found = kept.snapshots.positions([ply for ply in plies if ply is not None])
    if None in plies and kept.ending is not None:
        board, node, first_passer = kept.ending
        ply, move, written, before = kept.snapshots.last()
        last = Position(rows(board), ply, move, written, before or None)
        found[None] = counted(last, board, node, first_passer, info, options)
    return found


def counted(
    position: Position,
    board: Board,
    node: Node | None,
    first_passer: int | None,
    info: GameInfo,
    options: Options,
) -> Position:
    """``position`` (the main line's last, ``board``, reached at ``node``) with its count: the
    dead stones of the node's ``TB``/``TW`` as SGF points (``extra["dead"]``) and the score line
    (``extra["score"]``), under ``options`` (``--rules``, ``--komi``, else the record's)."""
    rules = resolve(options.rules, info.rules, options.settings.get("ko"))
    dead, _ = dead_from_markup(board, node)
    komi = options.settings.get("komi")
    komi = info.komi if komi is None else komi
    komi = rules.komi if komi is None else komi
    result = count(board, dead, rules, float(komi), info.handicap, first_passer == WHITE)
    black = result.black_stones + result.black_territory
    white = result.white_stones + result.white_territory
    score = (
        f"{result.rules} rules: Black {result.black_stones} stones + {result.black_territory} "
        f"territory = {black}; White {result.white_stones} + {result.white_territory} = {white}; "
        f"shared {result.shared}; komi {result.komi:g}; compensation {result.compensation:g}; "
        f"margin {result.margin:+g} → {result.result}"
    )
    points = ",".join(sorted(p for p in (sgf_name(board, d) for d in dead) if p))
    return replace(position, extra={**position.extra, "dead": points, "score": score})
