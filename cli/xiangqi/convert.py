"""``kifu convert`` for xiangqi: any record kifu reads to XQBase PGN (Chinese, traditional, WXF or
ICCS moves), a UCCI move list, a FEN per position, or JSON.

A record is read as ``kifu check`` reads it (XQBase PGN, score sheets, DhtmlXQ, XQF, CBF, CBR)
and each line of its move tree is replayed, so that every move can be written anew in the
target notation. The PGN targets keep tags, comments, NAGs and variations; the plain lists
(``ucci``, ``fen``) name what they drop. A move that cannot be played ends its line: it and the
moves after it are reported as problems.

Normalisations of the PGN targets (deliberate; a second conversion changes nothing):
``[Game "Chinese Chess"]`` is added when absent; ``[Format]`` names the notation written
(``Chinese`` for both character sets); a start position that did not come from a FEN tag (XQF,
DhtmlXQ, a bare FEN line) becomes one, and a usual start position from a binary file is left
implicit; a missing result is written ``*``; moves are written canonically (XQBase forms, also
in traditional characters: 帥仕相傌俥炮兵 for Red, 將士象馬車包卒 for Black, 進, 後) and
round numbers follow the moves; comments are trimmed and their line ends become ``\n`` (as the
PGN reader reads them), a ``}`` in a comment is removed, and a comment line that would read as
a tag or an XQBase trailer is joined to the line before it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kifu.core.converted import Converted
from kifu.core.findings import Finding, Severity
from kifu.core.record import MoveNode, Record
from kifu.core.sources import Source
from kifu.xiangqi import codes
from kifu.xiangqi.board import RED, Board, move_name
from kifu.xiangqi.checker import records
from kifu.xiangqi.fen import START_FEN, write_fen
from kifu.xiangqi.formats.movetext import normalise_result
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.replay import start_position

#: target name → what it is (for ``--help`` and the README)
TARGETS: dict[str, str] = {
    "chinese": 'XQBase PGN, Chinese moves in simplified characters (炮二平五 马８进７), [Format "Chinese"]',
    "traditional": "XQBase PGN, Chinese moves in traditional characters (炮二平五 馬８進７)",
    "pgn": "XQBase PGN as XQBase writes it: the same as chinese",
    "wxf": 'XQBase PGN with WXF moves (C2.5 H8+7), [Format "WXF"]',
    "iccs": 'XQBase PGN with ICCS moves (H2-E2 H9-G7), [Format "ICCS"]',
    "ucci": "one line of UCCI moves per game (h2e2 h9g7), after a FEN line when the start is set up; "
    "comments, NAGs, variations, tags and the result are dropped",
    "fen": "one FEN per position of the main line, the start position first",
    "json": "one JSON object per game: tags, start, result, moves (Chinese, WXF, ICCS, UCCI, FEN), "
    "comments, NAGs, variations",
}

#: PGN targets → (notation of the moves, value of the Format tag)
_PGN = {
    "chinese": ("chinese", "Chinese"),
    "pgn": ("chinese", "Chinese"),
    "traditional": ("traditional", "Chinese"),
    "wxf": ("wxf", "WXF"),
    "iccs": ("iccs", "ICCS"),
}
#: targets whose records the command separates with a blank line, and output file extensions
PGN_TARGETS = frozenset(_PGN)
EXTENSIONS = {**{target: ".pgn" for target in _PGN}, "ucci": ".ucci", "fen": ".fen", "json": ".jsonl"}
#: notations each target writes for every move
_NEEDS: dict[str, tuple[str, ...]] = {
    **{target: (notation,) for target, (notation, _) in _PGN.items()},
    "ucci": ("ucci",),
    "fen": ("fen",),
    "json": ("chinese", "wxf", "iccs", "ucci", "fen"),
}
#: tags that describe the container rather than the game (not "dropped" by plain lists)
_CONTAINER_TAGS = ("Game", "Format", "FEN")
#: variations nested deeper than this are dropped (the writers recurse once per level)
MAX_DEPTH = 200

_TRADITIONAL = str.maketrans("马车将帅进后", "馬車將帥進後")
_TRADITIONAL_RED = str.maketrans("马车", "傌俥")
_TRADITIONAL_BLACK = str.maketrans("炮", "包")
#: a line that the PGN splitter takes for a tag or an XQBase trailer
_UNSAFE_LINE = re.compile(r"^\s*(?:\[\s*[A-Za-z_]|={3,})")


@dataclass(slots=True)
class Step:
    """A move that was played: its texts in the target's notations, and what the record attaches.

    ``round`` is the round (full-move) number, ``red`` whether Red played it; ``texts`` maps each
    notation the target needs to the move's text (``fen``: the position after it); ``node`` is
    the record's node (comments, NAGs); ``variations`` are the alternatives, played.
    """

    move: int
    node: MoveNode
    round: int
    red: bool
    texts: dict[str, str]
    variations: list[list[Step]] = field(default_factory=list)


@dataclass(slots=True)
class Game:
    """A record whose lines were replayed: the start, the steps of the main line, the result."""

    record: Record
    start: str
    steps: list[Step]
    result: str | None
    problems: list[str]


def traditional(board: Board, move: int) -> str:
    """The canonical XQBase move in traditional characters (傌二進三, 馬８進７, 後俥平四, 包８平５)."""
    text = write_move(board, move, "chinese")
    side = _TRADITIONAL_RED if board.board[move >> 7] > 0 else _TRADITIONAL_BLACK
    return text.translate(side).translate(_TRADITIONAL)


_WRITERS: dict[str, Callable[[Board, int], str]] = {
    "chinese": lambda board, move: write_move(board, move, "chinese"),
    "traditional": traditional,
    "wxf": lambda board, move: write_move(board, move, "wxf"),
    "iccs": lambda board, move: write_move(board, move, "iccs"),
    "ucci": lambda board, move: move_name(move),
}


# --- reading ------------------------------------------------------------------------------------


def convert(source: Source, fmt: str, target: str, settings: dict[str, Any]) -> Iterator[Converted | Finding]:
    """Convert every record of ``source`` to ``target``; findings about the file come as Findings.

    The command joins the texts of the targets in :data:`PGN_TARGETS` with a blank line.
    """
    for item in records(source, fmt):
        if isinstance(item, Finding):
            yield item
            continue
        record, findings = item
        yield convert_record(record, findings, target)


def convert_record(record: Record, findings: list[Finding], target: str) -> Converted:
    """Convert one record (read with ``findings``) to ``target``."""
    problems = [_located(f) for f in findings if f.severity is Severity.ERROR]
    if any(f.code == codes.UNSUPPORTED_FORMAT.code for f in findings):
        return Converted(record.index, "", [], [f.message for f in findings])
    if not (record.tags or record.moves or record.comments or record.start_position):
        return Converted(record.index, "", [], problems or ["the record is empty"])
    if any(f.code == codes.BAD_FEN.code for f in findings):
        return Converted(record.index, "", [], problems)
    game = replay_lines(record, _NEEDS[target], main_only=target in ("ucci", "fen"))
    if isinstance(game, Finding):
        return Converted(
            record.index, "", [], [*problems, f"its start position cannot be used: {game.message}"]
        )
    problems.extend(game.problems)
    if target in _PGN:
        notation, name = _PGN[target]
        return Converted(record.index, pgn(game, notation, name), [], problems)
    if target == "json":
        return Converted(record.index, to_json(game), [], problems)
    text = ucci(game) if target == "ucci" else fens(game)
    return Converted(record.index, text, dropped_by_lists(game), problems)


def _located(finding: Finding) -> str:
    return f"line {finding.span.line}: {finding.message}" if finding.span else finding.message


def replay_lines(record: Record, notations: tuple[str, ...], main_only: bool = False) -> Game | Finding:
    """Play the main line of ``record`` (and its variations unless ``main_only``), writing each
    move in ``notations`` (``fen``: the position after it); a finding when there is no start."""
    board, fullmove, problem = start_position(record)
    if board is None:
        assert problem is not None
        return problem
    fields = (record.start_position or START_FEN).split()
    clock = int(fields[4]) if len(fields) > 4 and fields[4].isdigit() else 0
    start = write_fen(board, clock, fullmove)
    problems: list[str] = []
    line = _Line(notations, problems, main_only)
    steps = line.play(board, record.moves, fullmove, clock, 0)
    tag = record.tags.get("Result", "").strip()
    declared = record.result or (normalise_result(tag) if tag else None)
    return Game(record, start, steps, declared, problems)


@dataclass(slots=True)
class _Line:
    """Replays lines of a move tree into steps (the settings shared by all lines of a record)."""

    notations: tuple[str, ...]
    problems: list[str]
    main_only: bool

    def play(self, board: Board, nodes: list[MoveNode], round_: int, clock: int, depth: int) -> list[Step]:
        """The steps of ``nodes`` played on ``board`` (changed in place) up to the first failure."""
        steps: list[Step] = []
        where = "" if depth == 0 else "variation, "
        for i, node in enumerate(nodes):
            red = board.side == RED
            move, why = _play(board, node.text)
            if move is None:
                self.problems.append(_unplayable(where, round_, red, node, len(nodes) - i - 1, why))
                break
            step = Step(
                move, node, round_, red, {n: _WRITERS[n](board, move) for n in self.notations if n != "fen"}
            )
            if not self.main_only:
                for variation in node.variations:
                    if not variation:
                        continue
                    if depth >= MAX_DEPTH:
                        self.problems.append(f"variations nested deeper than {MAX_DEPTH} levels are dropped")
                        break
                    step.variations.append(self.play(board.copy(), variation, round_, clock, depth + 1))
            clock = 0 if board.push(move) else clock + 1
            if not red:
                round_ += 1
            if "fen" in self.notations:
                step.texts["fen"] = write_fen(board, clock, round_)
            steps.append(step)
        return steps


def _unplayable(where: str, round_: int, red: bool, node: MoveNode, after: int, why: str) -> str:
    """``round 3, Red: 车二进一 (line 8): why; dropped with the 5 move(s) after it``."""
    lost = [f"the {after} move(s) after it"] if after else []
    if node.variations:
        lost.append(f"its {len(node.variations)} variation(s)")
    at = f" (line {node.span.line})" if node.span else ""
    side = "Red" if red else "Black"
    return f"{where}round {round_}, {side}: {node.text}{at}: {why}; dropped" + (
        f" with {' and '.join(lost)}" if lost else ""
    )


def _play(board: Board, text: str) -> tuple[int | None, str]:
    """The legal move ``text`` means, or ``None`` and why there is none."""
    try:
        spec = parse_move(text)
    except NotationError as error:
        return None, str(error)
    resolution = resolve(board, spec)
    if resolution.move is not None:
        return resolution.move, ""
    if not board.has_legal_move():
        return None, "the game had already ended: the side to move has no legal move"
    why = resolution.message
    if resolution.problem in ("ambiguous", "abridged"):
        why += ": " + " or ".join(write_move(board, m) for m in resolution.readings)
    return None, why


# --- XQBase PGN ----------------------------------------------------------------------------------


def pgn(game: Game, notation: str, format_name: str) -> str:
    """The record as XQBase PGN: tags, then one round a line, comments and variations on lines of
    their own, the result last."""
    out = [f'[{name} "{_tag_value(value)}"]' for name, value in _tags(game, format_name).items()]
    out.extend(_brace(comment) for comment in game.record.comments)
    pad = " " * _PAD[notation]
    current = ""
    for step in game.steps:
        if step.node.comments_before:
            out.extend([current] if current else [])
            out.extend(_brace(comment) for comment in step.node.comments_before)
            current = ""
        text = step.texts[notation]
        if step.red:
            if current:
                out.append(current)
            current = f"{step.round:>3}. {text}"
        elif current:
            current += f" {text}"
        else:
            current = f"{step.round:>3}.{pad}{text}"
        current += "".join(f" ${nag}" for nag in step.node.nags)
        if step.node.comments_after or step.variations:
            out.append(current)
            current = ""
        out.extend(_brace(comment) for comment in step.node.comments_after)
        out.extend(f"({_inline(variation, notation)})" for variation in step.variations)
    if current:
        out.append(current)
    out.append(f" {game.result or '*'}")
    return "\n".join(out) + "\n"


#: a Black move that does not follow Red's on its line is aligned under it, as XQBase does
_PAD = {"chinese": 10, "traditional": 10, "wxf": 6, "iccs": 7}


def _tags(game: Game, format_name: str) -> dict[str, str]:
    """The record's tags in their order, with Game first if absent, Format and the FEN of a
    set-up start."""
    tags = dict(game.record.tags)
    if "Game" not in tags:
        tags = {"Game": "Chinese Chess", **tags}
    tags["Format"] = format_name
    if "FEN" not in tags and game.start.split()[:2] != START_FEN.split()[:2]:
        tags["FEN"] = game.start
    return tags


def _tag_value(value: str) -> str:
    return " ".join(value.splitlines()).replace('"', '\\"')


def _brace(comment: str) -> str:
    """``{comment}``; a line the PGN splitter would take for a tag or a trailer joins the one before."""
    kept: list[str] = []
    for line in comment.replace("}", "").replace("\r\n", "\n").replace("\r", "\n").strip().split("\n"):
        if kept and _UNSAFE_LINE.match(line):
            kept[-1] += " " + line.strip()
        else:
            kept.append(line)
    return "{" + "\n".join(kept) + "}"


def _inline(steps: list[Step], notation: str) -> str:
    """A variation on one line (unless a comment spans lines): numbers where a reader needs them."""
    parts: list[str] = []
    number_black = True
    for step in steps:
        if step.node.comments_before:
            parts.extend(_brace(comment) for comment in step.node.comments_before)
            number_black = True
        if step.red:
            parts.append(f"{step.round}.")
        elif number_black:
            parts.append(f"{step.round}...")
        parts.append(step.texts[notation])
        parts.extend(f"${nag}" for nag in step.node.nags)
        parts.extend(_brace(comment) for comment in step.node.comments_after)
        parts.extend(f"({_inline(variation, notation)})" for variation in step.variations)
        number_black = bool(step.node.comments_after or step.variations)
    return " ".join(parts)


# --- plain lists and JSON --------------------------------------------------------------------------


def ucci(game: Game) -> str:
    """The main line in UCCI moves on one line, after the start FEN when it is not the usual one."""
    moves = " ".join(step.texts["ucci"] for step in game.steps) + "\n"
    if game.start.split()[:2] == START_FEN.split()[:2]:
        return moves
    return game.start + "\n" + moves


def fens(game: Game) -> str:
    """One FEN per position of the main line, the start first."""
    return "\n".join([game.start, *(step.texts["fen"] for step in game.steps)]) + "\n"


def dropped_by_lists(game: Game) -> list[str]:
    """What the ``ucci`` and ``fen`` lists cannot hold of ``game``."""
    record = game.record
    nodes = [step.node for step in game.steps]
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


def to_json(game: Game) -> str:
    """One line of JSON: tags, start FEN, result, comment before the moves, the move tree."""
    record = game.record
    document = {
        "tags": record.tags,
        "start": game.start,
        "result": game.result,
        "comment": "\n".join(record.comments) or None,
        "moves": [_json_step(step) for step in game.steps],
    }
    return json.dumps(document, ensure_ascii=False) + "\n"


def _json_step(step: Step) -> dict[str, Any]:
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
