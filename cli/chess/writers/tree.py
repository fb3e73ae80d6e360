"""The record as a tree of written moves, for the targets that keep comments, NAGs and variations.

:class:`TreeWriter` is the walk's visitor: each move played becomes a :class:`Ply` in the
target's notation (SAN or LAN, and its FEN when the target wants positions), with the
comments and NAGs the record attaches to it and the variations that replace it. The formats
(:mod:`kifu.chess.writers.pgn`, :mod:`kifu.chess.writers.json`) then lay the :class:`Tree`
out. :func:`as_written` lays out a record kifu cannot replay (a variant, a broken FEN) the
same way, its moves copied as written and not played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kifu.chess.fastpath import FenWriter
from kifu.chess.moves import SAN_TO_NAG, split_suffixes
from kifu.chess.position import Start, as_board
from kifu.chess.walk import Step, Unplayable
from kifu.chess.writers.base import Writer
from kifu.core.converted import NOT_REPLAYED
from kifu.core.digits import ascii_number
from kifu.core.record import MoveNode, Record

import chess


@dataclass(slots=True)
class Ply:
    """A move that was played, with what the record attaches to it.

    ``text`` is the move in the target's notation (SAN or LAN, with its check mark), ``fen``
    the position after it when the target needs positions. ``variations`` are the lines that
    replace this move, written after it (PGN order); the first move of a variation has none,
    since PGN cannot tell its alternatives from those of the move it replaces.
    """

    number: int
    white: bool
    move: chess.Move
    text: str
    fen: str
    comment_before: str = ""
    comment: str = ""
    nags: tuple[int, ...] = ()
    variations: list[list[Ply]] = field(default_factory=list)


@dataclass(slots=True)
class Tree:
    """A record for writing: tags (in export order), the start, the lines of moves."""

    tags: list[tuple[str, str]]
    start: chess.Board | None  # None: the moves are copied as written (see as_written)
    comment: str
    moves: list[Ply]
    #: the termination marker as written (else the Result tag's, else ``*``): a record whose
    #: tag and marker disagree keeps both, so that checking the output still shows it
    result: str = "*"


class _LineBeingWritten:
    """A line being written: its plies, where it goes (``holder``, ``None`` for the main line),
    where the alternatives of its last move go, and the FEN writer of its positions."""

    __slots__ = ("fens", "holder", "plies", "siblings")

    def __init__(self, plies: list[Ply], holder: list[list[Ply]] | None, fens: FenWriter | None) -> None:
        self.plies, self.holder, self.fens = plies, holder, fens
        self.siblings: list[list[Ply]] | None = None


class TreeWriter(Writer):
    """Builds the :class:`Tree` of a record from the walk; ``layout`` writes it out."""

    def __init__(
        self,
        record: Record,
        start: chess.Board,
        lang: str | None,
        notation: str,
        positions: bool,
        layout: Callable[[Tree, str | None], str],
    ) -> None:
        super().__init__(record, start, lang)
        self.positions, self.layout = positions, layout
        self.writes(notation)
        self.tree = Tree(
            export_tags(record, start), start, " ".join(record.comments), [], termination(record)
        )
        self.line = _LineBeingWritten(self.tree.moves, None, None)
        self.outer: list[_LineBeingWritten] = []
        #: whether the unreplayed rest of a line is written as it is written (PGN targets)
        self.keep_rest = False
        self.kept_rest = False

    def begin(self, start: Start) -> None:
        if self.positions:
            self.line.fens = FenWriter(as_board(start))

    def move(self, step: Step) -> None:
        node, read, line = step.node, step.read, self.line
        nags = node.nags
        if read is not None and read.annotation:  # e4!? is e4 $5 in the export format
            nags = [*nags, SAN_TO_NAG[read.annotation]]
        ply = Ply(
            step.number,
            step.white,
            step.move,
            self.move_text(step),
            "",
            nags=tuple(sorted(set(nags))) if nags else (),
        )
        first = line.holder is not None and not line.plies
        if first or node.comments_before or node.comments_after:
            line.siblings = _place(self.tree, line.plies, line.holder, ply, node, first=first)
        else:  # the usual move, without comments: what _place would say
            line.siblings = ply.variations
        if self.positions:
            if line.fens is None:
                line.fens = FenWriter(step.board)
            ply.fen = line.fens.fen(step.board)
        line.plies.append(ply)

    def opened(self) -> None:
        self.outer.append(self.line)
        self.line = _LineBeingWritten([], self.line.siblings, None)

    def closed(self) -> None:
        self.line = self.outer.pop()

    def unplayable(self, problem: Unplayable) -> None:
        super().unplayable(problem)
        if not self.keep_rest:
            return
        # the rest of the line as written, after a comment that says where the replay stopped;
        # the alternatives of the move itself start from a known position: they are walked next
        # (begin_variation), and go where the move's alternatives go
        node, line = problem.node, self.line
        marker = f"{NOT_REPLAYED} {problem.problem.message}"
        before = line.plies[-1].comment if line.plies else self.tree.comment if line.holder is None else ""
        # (said once: a conversion of this output finds it where it wrote it, maybe wrapped)
        said = [before, *node.comments_before]
        comments = node.comments_before
        if not any(NOT_REPLAYED in " ".join(comment.split()) for comment in said):
            comments = [marker, *comments]
        after = node.comments_after
        copied = MoveNode(node.text, node.span, node.move_number, node.nags, comments, after, [])
        line.siblings = copy_line(
            self.tree, line.plies, line.holder, [copied, *(problem.rest or [])], problem.number, problem.white
        )
        self.kept_rest = True

    def begin_variation(self, depth: int) -> bool | None:
        if self.stopped and self.keep_rest:  # an alternative of the move that could not be played
            self.stopped = False
        return super().begin_variation(depth)

    def text(self) -> str:
        return self.layout(self.tree, self.lang)


def as_written(record: Record) -> Tree:
    """The record's moves as written (without replaying them), laid out as the walk would.

    Move numbers count from the FEN tag's side to move and move number when it has them.
    """
    fields = record.tags.get("FEN", "").split()
    white = len(fields) < 2 or fields[1] != "b"
    number = (ascii_number(fields[5], saturate=True) if len(fields) > 5 else None) or 1
    tags = dict(record.tags)
    tree = Tree(
        [(name, tags.pop(name)) for name in ROSTER if name in tags] + list(tags.items()),
        None,
        " ".join(record.comments),
        [],
        termination(record),
    )
    copy_line(tree, tree.moves, None, record.moves, number, white)
    return tree


def copy_line(
    tree: Tree,
    line: list[Ply],
    holder: list[list[Ply]] | None,
    nodes: list[MoveNode],
    number: int,
    white: bool,
) -> list[list[Ply]] | None:
    """Append ``nodes`` (and their variations) to ``line`` as written, not played: ``holder``
    is where ``line`` goes when it is a variation (``None``: the main line). Returns where the
    alternatives of the first node go (``None`` without nodes)."""
    work: list[tuple[list[list[Ply]] | None, list[MoveNode], int, bool, list[Ply]]] = [
        (holder, nodes, number, white, line)
    ]
    first_siblings: list[list[Ply]] | None = None
    while work:
        holder, nodes, number, white, line = work.pop()
        for node in nodes:
            core, suffix, annotation = split_suffixes(node.text)
            nags = [*node.nags, SAN_TO_NAG[annotation]] if annotation else node.nags
            ply = Ply(number, white, chess.Move.null(), core + suffix, "", nags=tuple(sorted(set(nags))))
            siblings = _place(tree, line, holder, ply, node, first=holder is not None and not line)
            if first_siblings is None:
                first_siblings = siblings
            for alternative in reversed(node.variations):
                if alternative:
                    work.append((siblings, alternative, number, white, []))
            line.append(ply)
            number, white = (number, False) if white else (number + 1, True)
    return first_siblings


def _place(
    tree: Tree,
    line: list[Ply],
    holder: list[list[Ply]] | None,
    ply: Ply,
    node: MoveNode,
    *,
    first: bool,
) -> list[list[Ply]]:
    """Give a new ply its comments, and say where the alternatives of its node go.

    ``first``: the ply starts a variation (``line``), which then joins ``holder``. A comment
    written before any other move ends the comment of the move before it (PGN has one place
    between two moves). In PGN order, the alternatives of a variation's first move are written
    beside that variation, those of any other move after the move.
    """
    if first:
        ply.comment_before = " ".join(node.comments_before)
        assert holder is not None
        holder.append(line)
    elif node.comments_before:
        if line:
            line[-1].comment = _joined(line[-1].comment, node.comments_before)
        else:
            tree.comment = _joined(tree.comment, node.comments_before)
    ply.comment = " ".join(node.comments_after)
    siblings = holder if first else ply.variations
    assert siblings is not None
    return siblings


def termination(record: Record) -> str:
    """The termination marker as written; else the Result tag's when it is one; else ``*``."""
    tag = record.tags.get("Result", "").strip()
    return record.result or (tag if tag in ("1-0", "0-1", "1/2-1/2", "*") else "*")


def _joined(comment: str, more: list[str]) -> str:
    return " ".join(filter(None, [comment, *more]))


def export_tags(record: Record, start: chess.Board) -> list[tuple[str, str]]:
    """The tags in export order: the Seven Tag Roster, then the others as they came.

    As python-chess's ``Game.setup`` leaves them, except that FEN, SetUp and Variant keep the
    values written in the record.
    """
    tags = dict(record.tags)
    fen = start.fen() if "FEN" in tags else chess.STARTING_FEN
    if fen == chess.STARTING_FEN:
        tags.pop("FEN", None)
        tags.pop("SetUp", None)
    else:
        tags["FEN"], tags["SetUp"] = fen, "1"
    if start.chess960:
        tags["Variant"] = "Chess960"
    else:
        tags.pop("Variant", None)
    for name in ("FEN", "SetUp", "Variant"):
        if name in record.tags:
            tags[name] = record.tags[name]
    roster = [(name, tags[name]) for name in ROSTER if name in tags]
    return roster + [(name, value) for name, value in tags.items() if name not in ROSTER]


#: the Seven Tag Roster, in the order the PGN Standard exports it
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
