"""``kifu convert`` for Go: SGF to normalised SGF FF[4], GTP move lists, JSON, or text diagrams.

A file is read as ``kifu check`` reads it (charset, syntax recovery, property model, the replay
through the rules of its ``RU``); every target is written from that reading.

``sgf`` keeps the whole game tree, every node and property, also the ones kifu does not know
and the ones the checker finds wrong (``kifu check`` of the output reports them again). Its
normalisations, deliberate and idempotent (a second conversion changes no byte):

- The root says ``FF[4]`` and ``CA[UTF-8]`` (the text, decoded from its charset, is written in
  UTF-8), and ``GM[1]`` when it gave no ``GM``.
- Order: in the root, the root properties (``FF CA GM AP ST SZ``), game information (``KM HA
  RU PB BR BT PW WR WT RE DT EV RO PC GN GC ON OT TM SO US AN CP``), setup (``AB AW AE PL``),
  the move; in the other nodes the move (``B W``) first, then root, game-info and setup
  properties in that order; all other properties follow in the order of the file. A property
  given twice in a node is kept twice, the second right after the first.
- Identifiers are upper case: the long names of FF[1]-FF[3] lose their lower-case letters
  (``AddBlack`` → ``AB``, ``GaMe`` → ``GM``); a name without an upper-case letter, which
  the reader ignores, is dropped and named in ``dropped``. FF[3]'s ``KI`` (integer komi in half
  points) becomes ``KM`` when the node has no ``KM``; other FF[1]-FF[3] properties stay as
  written.
- Moves: a pass is ``B[]``/``W[]`` (``B[tt]`` on boards up to 19×19 becomes ``B[]``); white
  space inside a point is removed.
- Point lists keep their compressed rectangles; a 1×1 rectangle becomes its point, and a
  rectangle whose corners are swapped is written from top left to bottom right.
- Text values are decoded (escapes resolved, soft line breaks removed, line breaks as
  ``\\n``, other white space as spaces; SimpleText folds line breaks into spaces, as FF[4]
  says) and written with ``\\`` and ``]`` escaped (``:`` too in the first part of a
  composed value). Numbers lose surrounding white space; ``SZ[19:19]`` becomes ``SZ[19]``.
  Values kifu cannot interpret, and the values of unknown properties, are kept as written.
- Layout: the root node on its first line, then nodes up to 79 characters a line, each
  variation on a new line.

``gtp``, ``json`` and ``diagram`` replay the record: a move the rules of the record forbid
(occupied point, suicide, ko, superko, as ``kifu check`` judges them) or a move off the board
ends its line, and is reported in ``problems`` with what follows it. ``gtp`` writes the main line
for a GTP engine (``boardsize``, ``komi``, ``clear_board``, handicap stones with
``set_free_handicap``, other set-up stones with ``play``, and after a set-up node in the game
``clear_board`` and the whole position again); it names in ``dropped`` what a move list cannot
hold. ``json`` holds everything. ``diagram`` prints the game information and comments with the
diagrams, and drops variations, markup and annotations.

Over the shared corpus, ``kifu check`` of an ``sgf`` conversion reports no error that it did
not report for the input, and the same plies, result and outcome for every game.

What the reader had to skip or guess (SGF001-SGF009: characters that are not SGF, an unclosed
value, a missing parenthesis …) is reported in ``problems``, since no target can carry it.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kifu.core.converted import Converted
from kifu.core.findings import Finding, Severity
from kifu.core.game import Options
from kifu.core.sources import Source
from kifu.go.board import BLACK, EMPTY, WHITE, Board, Undo, other
from kifu.go.checker import GameResult, check_games
from kifu.go.parser import Node, Prop
from kifu.go.properties import (
    APP,
    EPOINTS,
    FIGURE,
    INFO,
    LABELS,
    MARKUP,
    MOVE_ANNOTATION,
    NODE,
    POINT_PAIRS,
    POINTS,
    PROPERTIES,
    SIMPLETEXT,
    SIZE,
    TEXT,
    coordinate,
    format_number,
    number,
    real,
    simple_text,
    split_compose,
    text,
)
from kifu.go.scoring import GTP_LETTERS

#: target name → what it is (for ``--help`` and the README)
TARGETS: dict[str, str] = {
    "sgf": "SGF FF[4], normalised: UTF-8, canonical property order, the whole tree and every property kept",
    "gtp": "one GTP move list per game (boardsize, komi, clear_board, play B Q16 …); the main line only",
    "json": "one JSON object per game: size, komi, handicap, rules, game information, setup stones, "
    "result, moves (SGF point, GTP vertex, comments, other properties), variations",
    "diagram": "a text board after each move of the main line, with the game information and comments",
}
#: targets whose records the command separates with a blank line, and output file extensions
PGN_TARGETS = frozenset({"diagram"})
EXTENSIONS = {"sgf": ".sgf", "gtp": ".gtp", "json": ".jsonl", "diagram": ".txt"}
#: variations nested deeper than this are dropped by ``json`` (the writer recurses once per level)
MAX_DEPTH = 100
#: the largest board GTP can name (25 letters without I)
GTP_MAX = 25
#: reader findings saying that text was skipped or guessed: no target can carry what they name
LOST_ON_READING = frozenset(f"SGF00{n}" for n in range(1, 10))

_ROOT_ORDER = ("FF", "CA", "GM", "AP", "ST", "SZ")
_INFO_ORDER = (
    *("KM", "HA", "RU", "PB", "BR", "BT", "PW", "WR", "WT", "RE", "DT", "EV", "RO", "PC"),
    *("GN", "GC", "ON", "OT", "TM", "SO", "US", "AN", "CP"),
)
_SETUP_ORDER = ("AB", "AW", "AE", "PL")
_MOVE_ORDER = ("B", "W")
_RANK_ROOT: dict[str, tuple[int, int]] = {
    **{ident: (0, i) for i, ident in enumerate(_ROOT_ORDER)},
    **{ident: (1, i) for i, ident in enumerate(_INFO_ORDER)},
    **{ident: (2, i) for i, ident in enumerate(_SETUP_ORDER)},
    **{ident: (3, i) for i, ident in enumerate(_MOVE_ORDER)},
}
_RANK_NODE: dict[str, tuple[int, int]] = {
    **{ident: (0, i) for i, ident in enumerate(_MOVE_ORDER)},
    **{ident: (1, i) for i, ident in enumerate(_ROOT_ORDER)},
    **{ident: (2, i) for i, ident in enumerate(_INFO_ORDER)},
    **{ident: (3, i) for i, ident in enumerate(_SETUP_ORDER)},
}
_REST = (4, 0)
_LINE = 79
_SETUP_COLOURS = (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY))
_NAMES = {BLACK: "Black", WHITE: "White"}
_LETTER = {BLACK: "B", WHITE: "W"}
_STONE = {EMPTY: ".", BLACK: "X", WHITE: "O"}
_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: labels of the game information in diagrams
_INFO_LABELS = {
    "GN": "Game",
    "EV": "Event",
    "RO": "Round",
    "DT": "Date",
    "PC": "Place",
    "PB": "Black",
    "BR": "Black rank",
    "BT": "Black team",
    "PW": "White",
    "WR": "White rank",
    "WT": "White team",
    "KM": "Komi",
    "HA": "Handicap",
    "RU": "Rules",
    "TM": "Time",
    "OT": "Overtime",
    "RE": "Result",
    "ON": "Opening",
    "GC": "Game comment",
    "AN": "Annotator",
    "CP": "Copyright",
    "SO": "Source",
    "US": "User",
}


def convert(source: Source, fmt: str, target: str, settings: dict[str, Any]) -> Iterator[Converted | Finding]:
    """Convert every game of ``source`` to ``target``; findings about the file come as Findings."""
    if target not in TARGETS:
        raise ValueError(f"unknown Go target {target!r}")
    for item in check_games(source, Options()):
        if isinstance(item, Finding):
            yield item
        else:
            yield convert_game(item, target)


def convert_game(result: GameResult, target: str) -> Converted:
    """Convert one game as :func:`kifu.go.checker.check_games` read it."""
    index = result.report.index
    problems = [
        _located(f)
        for f in result.report.findings
        if f.code in LOST_ON_READING
        or (f.severity is Severity.ERROR and not f.code.startswith(("SGF", "GO")))
    ]
    root = result.root
    if root is None:
        return Converted(index, "", [], problems or ["nothing of this game could be read"])
    if target == "sgf":
        written, dropped = write_sgf(root, result.info.width, result.info.height)
        return Converted(index, written, dropped, problems)
    if result.info.gm != 1:
        return Converted(
            index, "", [], [*problems, f"GM[{result.info.gm}] is not Go: its moves cannot be played"]
        )
    game = replay(result, main_only=target != "json", snapshots=target == "diagram")
    problems.extend(game.problems)
    if target == "json":
        return Converted(index, to_json(game, index), [], problems)
    if target == "gtp":
        written, dropped, trouble = to_gtp(game)
        return Converted(index, written, dropped, [*problems, *trouble])
    return Converted(index, to_diagrams(game, index), _dropped(game, _DIAGRAM_KEEPS), problems)


def _located(finding: Finding) -> str:
    return f"line {finding.span.line}: {finding.message}" if finding.span else finding.message


# --- SGF --------------------------------------------------------------------------------------------


def write_sgf(root: Node, width: int = 19, height: int = 19) -> tuple[str, list[str]]:
    """The game tree as normalised SGF FF[4] (see the module's docstring), and what was dropped.

    The tree is walked with an explicit stack: deep variation trees need no recursion.
    """
    lines: list[str] = []
    dropped: set[str] = set()
    line = "(" + _node_text(root, True, width, height, dropped)
    lines.append(line)
    line = ""
    stack: list[Node | str] = list(reversed(_after(root)))
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item == "(":
                if line:
                    lines.append(line)
                line = "("
            else:
                line += ")"
            continue
        piece = _node_text(item, False, width, height, dropped)
        if line and line != "(" and len(line) + len(piece) > _LINE:
            lines.append(line)
            line = ""
        line += piece
        stack.extend(reversed(_after(item)))
    if line:
        lines.append(line + ")")
    else:
        lines[-1] += ")"
    return "\n".join(lines) + "\n", sorted(dropped)


def _after(node: Node) -> list[Node | str]:
    """What follows a node, in writing order: its child, or each child as a variation."""
    kids = node.children
    if len(kids) == 1:
        return [kids[0]]
    items: list[Node | str] = []
    for kid in kids:
        items.extend(("(", kid, ")"))
    return items


def _node_text(node: Node, is_root: bool, width: int, height: int, dropped: set[str]) -> str:
    """``;`` and the node's properties, normalised and in canonical order."""
    props = _ordered(node, is_root, dropped)
    parts = [";"]
    for ident, values in props:
        parts.append(ident)
        parts.extend(f"[{value}]" for value in _values(ident, values, is_root, width, height))
    return "".join(parts)


def _ordered(node: Node, is_root: bool, dropped: set[str]) -> list[tuple[str, list[str]]]:
    """(identifier, raw values) of every property of ``node``, duplicates included, in order."""
    entries: list[tuple[str, list[str]]] = []
    for ident, prop in node.props.items():
        if not ident:
            dropped.add("properties without an upper-case letter")
            continue
        entries.append((ident, prop.values))
        entries.extend((ident, dup.values) for dup in node.duplicates or () if dup.ident == ident)
    names = {ident for ident, _ in entries}
    if "KI" in names and "KM" not in names:
        ki = next(values for ident, values in entries if ident == "KI")
        half = real(ki[0]) if ki and ki[0].strip() else None
        if half is not None:
            entries = [("KM", [format_number(half / 2)]) if i == "KI" else (i, v) for i, v in entries]
    if is_root:
        present = {ident for ident, _ in entries}
        entries = [(i, v) for i, v in entries if i not in ("FF", "CA")]
        entries[:0] = [("FF", ["4"]), ("CA", ["UTF-8"])]
        if "GM" not in present:
            entries.append(("GM", ["1"]))
    rank = _RANK_ROOT if is_root else _RANK_NODE
    return sorted(entries, key=lambda entry: rank.get(entry[0], _REST))


def escape(value: str, colon: bool = False) -> str:
    """An SGF value: ``\\`` and ``]`` escaped (and ``:`` when ``colon``)."""
    value = value.replace("\\", "\\\\").replace("]", "\\]")
    return value.replace(":", "\\:") if colon else value


def _values(ident: str, values: list[str], is_root: bool, width: int, height: int) -> list[str]:
    """The normalised values of one property (raw values in, escaped values out)."""
    if is_root and ident == "FF":
        return ["4"]
    if is_root and ident == "CA":
        return ["UTF-8"]
    ptype = PROPERTIES.get(ident)
    if ptype is None:
        return values
    kind = ptype.value
    if ident in ("B", "W"):
        return [_move_value(raw, width, height) for raw in values]
    if kind in (POINTS, EPOINTS):
        return [_point_list_value(raw, width, height) for raw in values]
    if kind == TEXT:
        return [escape(text(raw)) for raw in values]
    if kind == SIMPLETEXT:
        return [escape(simple_text(raw)) for raw in values]
    if kind in (APP, LABELS, POINT_PAIRS, FIGURE):
        return [_compose_value(kind, raw, width, height) for raw in values]
    if kind == SIZE:
        return [_size_value(raw) for raw in values]
    if ident == "GM":
        return [str(number(raw)) if number(raw) is not None else raw for raw in values]
    return [raw.strip() if "\\" not in raw else raw for raw in values]


def _move_value(raw: str, width: int, height: int) -> str:
    if raw == "" or (raw == "tt" and width <= 19 and height <= 19):
        return ""
    compact = "".join(raw.split())
    if _point(compact, width, height) is not None:
        return compact
    return raw


def _point(raw: str, width: int, height: int) -> tuple[int, int] | None:
    """(column, row) of an SGF point on the board, or ``None``."""
    if len(raw) != 2:
        return None
    x, y = coordinate(raw[0]), coordinate(raw[1])
    return (x, y) if 0 <= x < width and 0 <= y < height else None


def _rectangle(raw: str, width: int, height: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The corners (top left, bottom right) of a point or a rectangle ``aa:cc``, or ``None``."""
    compact = "".join(raw.split())
    single = _point(compact, width, height)
    if single is not None:
        return single, single
    if len(compact) != 5 or compact[2] != ":":
        return None
    first, second = _point(compact[:2], width, height), _point(compact[3:], width, height)
    if first is None or second is None:
        return None
    return (min(first[0], second[0]), min(first[1], second[1])), (
        max(first[0], second[0]),
        max(first[1], second[1]),
    )


def sgf_point(x: int, y: int) -> str:
    """The SGF name of a point."""
    return _SGF_LETTERS[x] + _SGF_LETTERS[y]


def _point_list_value(raw: str, width: int, height: int) -> str:
    corners = _rectangle(raw, width, height)
    if corners is None:
        return raw
    (x1, y1), (x2, y2) = corners
    if (x1, y1) == (x2, y2):
        return sgf_point(x1, y1)
    return f"{sgf_point(x1, y1)}:{sgf_point(x2, y2)}"


def points_of(raw: str, width: int, height: int) -> list[tuple[int, int]]:
    """Every point a value of a point list names (a rectangle expanded); none when it is bad."""
    corners = _rectangle(raw, width, height)
    if corners is None:
        return []
    (x1, y1), (x2, y2) = corners
    return [(x, y) for y in range(y1, y2 + 1) for x in range(x1, x2 + 1)]


def _compose_value(kind: str, raw: str, width: int, height: int) -> str:
    parts = split_compose(raw)
    if parts is None:
        return raw
    first, second = parts
    if kind == APP:
        return f"{escape(simple_text(first), colon=True)}:{escape(simple_text(second))}"
    if kind == FIGURE:
        return f"{first if chr(92) in first else first.strip()}:{escape(simple_text(second))}"
    start = "".join(first.split())
    if _point(start, width, height) is None:
        return raw
    if kind == LABELS:
        return f"{start}:{escape(simple_text(second))}"
    end = "".join(second.split())
    return f"{start}:{end}" if _point(end, width, height) is not None else raw


def _size_value(raw: str) -> str:
    parts = split_compose(raw)
    if parts is None:
        size = number(raw)
        return str(size) if size is not None else raw
    columns, rows = number(parts[0]), number(parts[1])
    if columns is None or rows is None:
        return raw
    return str(columns) if columns == rows else f"{columns}:{rows}"


# --- replay -------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Step:
    """One node of a line, played.

    ``colour`` is ``BLACK``/``WHITE`` for a move (``EMPTY`` for a node without one), ``point``
    the (column, row) of the move (``None`` for a pass or no move), ``number`` the moves played
    on the line so far, this one included. ``first`` is False for the second move of a node that
    holds both ``B`` and ``W``: the node's other properties belong to the first. ``setup`` is the
    position after the node's ``AB``/``AW``/``AE`` (``None`` without them); ``board`` the
    position after the step (kept for diagrams only). ``variations`` are the alternatives to
    this node, played.
    """

    node: Node
    number: int
    colour: int = EMPTY
    point: tuple[int, int] | None = None
    captures: int = 0
    suicide: int = 0
    first: bool = True
    setup: Board | None = None
    board: Board | None = None
    variations: list[list[Step]] = field(default_factory=list)

    @property
    def is_move(self) -> bool:
        """Whether the step plays a move (or a pass)."""
        return self.colour != EMPTY


@dataclass(slots=True)
class Played:
    """A game replayed: the position after the root node, the main line, what could not be played."""

    result: GameResult
    start: Board
    steps: list[Step]
    problems: list[str]


def replay(result: GameResult, main_only: bool = True, snapshots: bool = False) -> Played:
    """Play the main line of a game read by the checker (and its variations unless ``main_only``).

    ``snapshots`` keeps the position after every step (for diagrams).
    """
    info = result.info
    root = result.root
    assert root is not None
    board = Board(info.width, info.height)
    walker = _Walker(result, main_only, snapshots, [])
    if "B" in root.props or "W" in root.props:  # a move in the root: the line starts there
        steps = walker.line(board, root, [], 0, 0)
        for step in steps:
            if step.node is root:
                step.first = False  # the root's properties are the game's, written once
        return Played(result, Board(info.width, info.height), steps, walker.problems)
    walker.apply_setup(root, board)
    start = board.copy()
    steps = walker.line(board, root.children[0], root.children[1:], 0, 0) if root.children else []
    return Played(result, start, steps, walker.problems)


@dataclass(slots=True)
class _Walker:
    result: GameResult
    main_only: bool
    snapshots: bool
    problems: list[str]

    def line(self, board: Board, node: Node, alternatives: list[Node], played: int, depth: int) -> list[Step]:
        """The steps from ``node`` down its first children, played on ``board`` (changed)."""
        steps: list[Step] = []
        while True:
            before = board.copy() if alternatives and not self.main_only else None
            made, why = self.node(board, node, played)
            steps.extend(made)
            if why is not None:
                self.problems.append(self._unplayable(node, made, why, played, depth, len(alternatives)))
                break
            if before is not None:
                if depth >= MAX_DEPTH:
                    deep = f"variations nested deeper than {MAX_DEPTH} levels are dropped"
                    if deep not in self.problems:
                        self.problems.append(deep)
                else:
                    for alternative in alternatives:
                        made[0].variations.append(
                            self.line(before.copy(), alternative, [], played, depth + 1)
                        )
            played = made[-1].number
            if not node.children:
                break
            node, alternatives = node.children[0], node.children[1:]
        return steps

    def apply_setup(self, node: Node, board: Board) -> bool:
        """Apply the node's ``AB``/``AW``/``AE``; whether it has any."""
        info = self.result.info
        found = False
        undo = Undo([], 0)
        for ident, colour in _SETUP_COLOURS:
            for prop in _all(node, ident):
                found = True
                for raw in prop.values:
                    for x, y in points_of(raw, info.width, info.height):
                        board.put(board.point(x, y), colour, undo)
        return found

    def node(self, board: Board, node: Node, played: int) -> tuple[list[Step], tuple[int, str] | None]:
        """The steps of one node (one per move, or one without a move); the colour of a move that
        stops the line, and why."""
        setup = board.copy() if self.apply_setup(node, board) else None
        moves = [(ident, colour) for ident, colour in (("B", BLACK), ("W", WHITE)) if ident in node.props]
        if not moves:
            return [Step(node, played, setup=setup, board=board.copy() if self.snapshots else None)], None
        steps: list[Step] = []
        info = self.result.info
        for ident, colour in moves:
            prop = node.props[ident]
            illegal = self.result.illegal.get(id(prop))
            if illegal is not None:
                at = f" (line {illegal.line})" if illegal.line else ""
                return steps, (colour, f"{_move_text(prop)}{at}: {illegal.message}")
            raw = prop.values[0] if prop.values else ""
            step = Step(node, played + 1, colour, first=not steps, setup=setup if not steps else None)
            value = _move_value(raw, info.width, info.height)
            if value:
                point = _point(value, info.width, info.height)
                if point is None:
                    return steps, (
                        colour,
                        f"{_move_text(prop)}: not a point of the {info.width}×{info.height} board",
                    )
                _, undo = board.play(board.point(*point), colour, True)
                if undo is None:
                    return steps, (colour, f"{_move_text(prop)}: the point is occupied")
                step.point = point
                step.captures = sum(1 for _, old in undo.changes[1:] if old == other(colour))
                step.suicide = sum(1 for _, old in undo.changes[1:] if old == colour)
            if self.snapshots:
                step.board = board.copy()
            steps.append(step)
            played += 1
        return steps, None

    def _unplayable(
        self, node: Node, made: list[Step], why: tuple[int, str], played: int, depth: int, alternatives: int
    ) -> str:
        """``move 12, White: W[dc] (line 4): why; dropped with the 30 move(s) after it``."""
        after = 0
        following = node.children[0] if node.children else None
        while following is not None:
            after += ("B" in following.props) + ("W" in following.props)
            following = following.children[0] if following.children else None
        lost = [f"the {after} move(s) after it"] if after else []
        if alternatives:
            lost.append(f"its {alternatives} variation(s)")
        number = (made[-1].number if made else played) + 1
        colour, message = why
        where = "variation, " if depth else ""
        return f"{where}move {number}, {_NAMES[colour]}: {message}; dropped" + (
            f" with {' and '.join(lost)}" if lost else ""
        )


def _all(node: Node, ident: str) -> list[Prop]:
    """A property of a node and its repetitions."""
    prop = node.props.get(ident)
    if prop is None:
        return []
    return [prop, *(dup for dup in node.duplicates or () if dup.ident == ident)]


def _move_text(prop: Prop) -> str:
    return f"{prop.ident}[{prop.values[0] if prop.values else ''}]"


def gtp_vertex(point: tuple[int, int] | None, height: int, width: int = 19) -> str | None:
    """``Q16`` for a point (``pass`` for ``None``), or ``None`` on boards GTP cannot name."""
    if point is None:
        return "pass"
    if width > GTP_MAX or height > GTP_MAX:
        return None
    return f"{GTP_LETTERS[point[0]]}{height - point[1]}"


# --- what a line target cannot hold ----------------------------------------------------------------------

#: kinds of content, by property identifier; the rest of the known properties are "other properties"
_CONTAINER = frozenset({"FF", "CA", "GM", "SZ", "AP", "ST", "AB", "AW", "AE", "PL", "B", "W"})
_GTP_KEEPS = frozenset({"KM", "HA"})
_DIAGRAM_KEEPS = frozenset({"C", *(ident for ident, p in PROPERTIES.items() if p.kind == INFO)})


def _kind(ident: str) -> str:
    ptype = PROPERTIES.get(ident)
    if ident == "C":
        return "comments"
    if ptype is None:
        return "unknown properties"
    if ptype.kind == INFO:
        return "game information"
    if ptype.kind in (NODE, MOVE_ANNOTATION):
        return "annotations"
    if ptype.kind == MARKUP:
        return "markup"
    if ident in ("BL", "WL", "OB", "OW"):
        return "time left"
    return "other properties"


def _dropped(game: Played, keeps: frozenset[str]) -> list[str]:
    """What a main-line target that holds ``keeps`` (and moves and set-up) loses of ``game``."""
    root = game.result.root
    assert root is not None
    lost: dict[str, None] = {}
    nodes = [root, *(step.node for step in game.steps if step.first)]
    for node in nodes:
        for ident in node.props:
            if ident not in _CONTAINER and ident not in keeps:
                lost[_kind(ident)] = None
        if len(node.children) > 1:
            lost["variations"] = None
    order = ("comments", "variations", "game information", "annotations", "markup", "time left")
    return sorted(lost, key=lambda kind: order.index(kind) if kind in order else len(order))


# --- GTP ---------------------------------------------------------------------------------------------------


def to_gtp(game: Played) -> tuple[str, list[str], list[str]]:
    """The main line as GTP commands, what it drops, and why it cannot be written (if so)."""
    info = game.result.info
    if info.width != info.height:
        return "", [], [f"GTP boards are square: a {info.width}×{info.height} board cannot be written"]
    size = info.width
    if size > GTP_MAX:
        return (
            "",
            [],
            [f"GTP names boards up to {GTP_MAX}×{GTP_MAX}: a {size}×{size} board cannot be written"],
        )
    lines = [f"boardsize {size}"]
    if info.komi is not None:
        lines.append(f"komi {format_number(info.komi)}")
    lines.append("clear_board")
    stones = _stones(game.start)
    if stones[WHITE] or info.handicap < 2 or len(stones[BLACK]) < 2:
        lines.extend(_place(stones, size))
    else:
        lines.append("set_free_handicap " + " ".join(_vertex(p, size) for p in stones[BLACK]))
    for step in game.steps:
        if step.setup is not None:
            if lines[-1] != "clear_board":
                lines.append("clear_board")
            lines.extend(_place(_stones(step.setup), size))
        if step.is_move:
            lines.append(f"play {_LETTER[step.colour]} {_vertex(step.point, size)}")
    return "\n".join(lines) + "\n", _dropped(game, _GTP_KEEPS), []


def _vertex(point: tuple[int, int] | None, size: int) -> str:
    return gtp_vertex(point, size, size) or "?"


def _stones(board: Board) -> dict[int, list[tuple[int, int]]]:
    """The stones of each colour, row by row from the top."""
    found: dict[int, list[tuple[int, int]]] = {BLACK: [], WHITE: []}
    for y in range(board.height):
        for x in range(board.width):
            content = board.cells[board.point(x, y)]
            if content in found:
                found[content].append((x, y))
    return found


def _place(stones: dict[int, list[tuple[int, int]]], size: int) -> list[str]:
    """``play`` commands that set up the stones (no capture when every group has a liberty)."""
    return [f"play {_LETTER[colour]} {_vertex(p, size)}" for colour in (BLACK, WHITE) for p in stones[colour]]


# --- JSON --------------------------------------------------------------------------------------------------


def to_json(game: Played, index: int) -> str:
    """One line of JSON: the game's settings and information, root setup and comment, the move tree."""
    result = game.result
    info = result.info
    root = result.root
    assert root is not None
    game_info = {
        ident: _decoded(ident, prop.values[0])
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
        "comment": _comment(root),
        "properties": _other_json(root, exclude=frozenset({"FF", "CA", "GM", "SZ", *game_info})),
        "moves": [_step_json(step, info.width, info.height) for step in game.steps],
    }
    return json.dumps(document, ensure_ascii=False) + "\n"


def _decoded(ident: str, raw: str) -> str:
    ptype = PROPERTIES.get(ident)
    if ptype is not None and ptype.value == TEXT:
        return text(raw)
    if ptype is not None and ptype.value in (SIMPLETEXT, APP, LABELS, FIGURE):
        return simple_text(raw)
    return raw


def _comment(node: Node) -> str | None:
    comments = [text(raw) for prop in _all(node, "C") for raw in prop.values]
    return "\n".join(comments) if comments else None


def _setup_json(node: Node, width: int, height: int) -> dict[str, list[str]]:
    setup: dict[str, list[str]] = {}
    for ident, _ in _SETUP_COLOURS:
        for prop in _all(node, ident):
            for raw in prop.values:
                setup.setdefault(ident, []).extend(sgf_point(x, y) for x, y in points_of(raw, width, height))
    return setup


def _other_json(node: Node, exclude: frozenset[str]) -> dict[str, list[str]]:
    """The node's properties not shown elsewhere: identifier → values (text decoded)."""
    found: dict[str, list[str]] = {}
    for ident in node.props:
        if not ident or ident in exclude or ident in ("C", "AB", "AW", "AE", "B", "W"):
            continue
        for prop in _all(node, ident):
            found.setdefault(ident, []).extend(_decoded(ident, raw) for raw in prop.values)
    return found


def _step_json(step: Step, width: int, height: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"number": step.number}
    if step.is_move:
        entry["colour"] = _LETTER[step.colour]
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
        comment = _comment(step.node)
        if comment is not None:
            entry["comment"] = comment
        others = _other_json(step.node, frozenset())
        if others:
            entry["properties"] = others
    if step.variations:
        entry["variations"] = [[_step_json(s, width, height) for s in line] for line in step.variations]
    return entry


# --- diagrams ----------------------------------------------------------------------------------------------


def to_diagrams(game: Played, index: int) -> str:
    """The game information, then a diagram after each move of the main line with its comments."""
    result = game.result
    info = result.info
    root = result.root
    assert root is not None
    out = [f"Game {index}: {info.width}×{info.height}"]
    for ident in _INFO_ORDER:
        for prop in _all(root, ident):
            if prop.values:
                out.append(f"{_INFO_LABELS[ident]}: {_one_line(_decoded(ident, prop.values[0]))}")
    out.extend(_comment_lines(root))
    stars = _hoshi(info.width, info.height)
    if any(cell in (BLACK, WHITE) for cell in game.start.cells):
        stones = _stones(game.start)
        out.extend(["", f"Start: {len(stones[BLACK])} black, {len(stones[WHITE])} white stone(s) set up"])
        out.extend(_board(game.start, stars, None))
    for step in game.steps:
        board = step.board
        assert board is not None
        if step.is_move:
            name = _point_name(step.point, info.width, info.height)
            notes = []
            if step.captures:
                notes.append(f"captures {step.captures}")
            if step.suicide:
                notes.append(f"suicide of {step.suicide}")
            extra = f" ({', '.join(notes)})" if notes else ""
            out.extend(["", f"Move {step.number}: {_LETTER[step.colour]} {name}{extra}"])
            out.extend(_board(board, stars, step.point))
        elif step.setup is not None:
            out.extend(["", f"Setup after move {step.number}"])
            out.extend(_board(board, stars, None))
        if step.first:
            out.extend(_comment_lines(step.node))
    return "\n".join(out) + "\n"


def _one_line(value: str) -> str:
    return " ".join(value.split("\n"))


def _comment_lines(node: Node) -> list[str]:
    comment = _comment(node)
    if comment is None:
        return []
    return ["  " + line if line else "" for line in comment.split("\n")]


def _point_name(point: tuple[int, int] | None, width: int, height: int) -> str:
    if point is None:
        return "pass"
    return gtp_vertex(point, height, width) or sgf_point(*point)


def _hoshi(width: int, height: int) -> set[tuple[int, int]]:
    """The star points drawn ``+``: 4-4 points (3-3 below 13 lines), sides from 15 lines, the centre."""

    def axis(n: int) -> tuple[list[int], int | None]:
        if n < 7:
            return [], None
        d = 3 if n >= 13 else 2
        middle = n // 2 if n % 2 else None
        return [d, n - 1 - d], middle

    xs, mx = axis(width)
    ys, my = axis(height)
    stars = {(x, y) for x in xs for y in ys}
    if mx is not None and my is not None:
        stars.add((mx, my))
        if width >= 15 and height >= 15:
            stars.update({(mx, y) for y in ys} | {(x, my) for x in xs})
    return stars


def _board(board: Board, stars: set[tuple[int, int]], last: tuple[int, int] | None) -> list[str]:
    """Rows of ``X``/``O``/``.``/``+`` between column letters, row numbers on both sides; the last
    move in parentheses."""
    width, height = board.width, board.height
    letters = GTP_LETTERS if width <= GTP_MAX else _SGF_LETTERS
    pad = len(str(height))
    header = " " * pad + "".join(" " + letters[x] for x in range(width))
    rows = [header]
    for y in range(height):
        label = str(height - y)
        row = [label.rjust(pad)]
        for x in range(width):
            content = board.cells[board.point(x, y)]
            char = _STONE[content] if content != EMPTY or (x, y) not in stars else "+"
            if last == (x, y):
                row.append("(")
            elif last == (x - 1, y):
                row.append(")")
            else:
                row.append(" ")
            row.append(char)
        row.append(")" if last == (width - 1, y) else " ")
        row.append(label)
        rows.append("".join(row))
    rows.append(header)
    return rows


#: Python codec names → the charset names SGF readers know (IANA's)
_IANA = {
    "iso8859-1": "ISO-8859-1",
    "cp1252": "windows-1252",
    "gb2312": "GB2312",
    "gbk": "GBK",
    "gb18030": "GB18030",
    "big5": "Big5",
    "shift_jis": "Shift_JIS",
    "cp932": "Shift_JIS",
    "euc_jp": "EUC-JP",
    "euc_kr": "EUC-KR",
    "cp949": "EUC-KR",
    "utf-8": "UTF-8",
}


def declare_encoding(document: str, target: str, codec: str) -> str:
    """The document as it must read when written with ``codec`` (``kifu convert --encoding``).

    An ``sgf`` conversion names its charset in the root's ``CA``, which the writer puts right
    after ``FF[4]``; the other targets declare none.
    """
    if target != "sgf":
        return document
    name = codecs.lookup(codec).name
    return document.replace("(;FF[4]CA[UTF-8]", f"(;FF[4]CA[{escape(_IANA.get(name, name.upper()))}]")
