"""``kifu convert`` for chess: PGN records to PGN export format, SAN (any language), FAN, LAN,
UCI, FEN or EPD per ply, and JSON.

A record is read as ``kifu check`` reads it and every line of it is replayed once: each move
is written in the target's notation as it is played (:mod:`kifu.chess.san` writes SAN and LAN
exactly as python-chess does, :class:`~kifu.chess.position.FenWriter` the positions), and the
writers lay the lines out with their comments, NAGs and variations. Whatever a target cannot
hold (comments in UCI, variations in a FEN list) is named in ``dropped``, and a move that cannot
be played ends its line and is named in ``problems``, so that the command can say so.

Normalisations of the PGN targets (deliberate; a second conversion changes nothing): the
export format of the PGN Standard (Seven Tag Roster first, lines under 80 characters, a long
comment wrapped word by word), a move suffix annotation as its NAG (``g4??`` → ``g4 $4``),
tag values escaped, the termination marker as written (``*`` when there is none). A game kifu
cannot replay (a variant it does not know, a broken FEN) is copied as written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kifu.chess.checker import numbered_games, start_board
from kifu.chess.fastpath import FenWriter
from kifu.chess.locales import letter_map
from kifu.chess.notation import SAN_TO_NAG, ReadMove, is_null, read_move, split_suffixes
from kifu.chess.reader import read_game
from kifu.chess.replay import replay
from kifu.chess.san import play
from kifu.chess.splitter import GameText
from kifu.core.converted import Converted
from kifu.core.findings import Finding
from kifu.core.record import MoveNode, Record
from kifu.core.sources import Source

import chess

#: target name → what it is (for ``--help`` and the README)
TARGETS: dict[str, str] = {
    "pgn": "PGN export format (tag order, lines under 80 characters, $n NAGs)",
    "san": "PGN with SAN in the language of --lang (English by default)",
    "fan": "PGN with figurine SAN (♘f3)",
    "lan": "PGN with long algebraic moves (Ng1-f3)",
    "uci": "one line of UCI moves per game (g1f3); comments, NAGs and variations are dropped",
    "fen": "one FEN per position of the main line, the start position first",
    "epd": "one EPD per position of the main line, the start position first",
    "json": "one JSON object per game: tags, moves (SAN, UCI, FEN), comments, NAGs, variations",
}

#: targets whose records the command separates with a blank line, and output file extensions
PGN_TARGETS = frozenset({"pgn", "san", "fan", "lan"})
EXTENSIONS = {
    "pgn": ".pgn",
    "san": ".pgn",
    "fan": ".pgn",
    "lan": ".pgn",
    "uci": ".uci",
    "fen": ".fen",
    "epd": ".epd",
    "json": ".jsonl",
}

_FIGURINES = {
    chess.WHITE: {"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘"},
    chess.BLACK: {"K": "♚", "Q": "♛", "R": "♜", "B": "♝", "N": "♞"},
}


def convert(source: Source, fmt: str, target: str, settings: dict[str, Any]) -> Iterator[Converted | Finding]:
    """Convert every game of a PGN source to ``target``; file-level findings come as Findings."""
    lang = settings.get("lang") if isinstance(settings.get("lang"), str) else None
    read_lang = settings.get("read_lang") if isinstance(settings.get("read_lang"), str) else None
    for item in numbered_games(source):
        if isinstance(item, Finding):
            yield item
        else:
            index, game = item
            yield convert_game(game, index, target, lang=lang, read_lang=read_lang)


def convert_game(
    game: GameText, index: int, target: str, *, lang: str | None = None, read_lang: str | None = None
) -> Converted:
    """Convert one game's text."""
    read = read_game(game, index)
    problems = [
        f"line {f.span.line if f.span else '?'}: {f.message}"
        for f in read.findings
        if f.severity.label == "error"
    ]
    start = start_board(read.record, [])
    if start is None:
        if target not in _AS_WRITTEN:
            return Converted(
                index, "", [], [*problems, "its variant or start position is not one kifu replays"]
            )
        text = _WRITERS[target](_as_written(read.record), lang)
        why = "its variant or start position is not one kifu replays: the moves are copied as written"
        return Converted(index, text, [], [*problems, why])
    needs = _NEEDS[target]
    walked = _walk(read.record, start, read_lang, needs)
    if read_lang is None and walked.failures:
        language = replay(read.record, start, None).language  # localised piece letters?
        if language:
            walked = _walk(read.record, start, language[0], needs)
    problems.extend(walked.failures)
    text = _WRITERS[target](walked, lang)
    dropped = _what_plain_lists_drop(walked, target) if target in ("uci", "fen", "epd") else []
    return Converted(index, text, dropped, problems)


# --- from our record to the moves of every line, written -----------------------------------------


@dataclass(slots=True)
class _Ply:
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
    variations: list[list[_Ply]] = field(default_factory=list)


@dataclass(slots=True)
class _Walked:
    """A record replayed for writing: tags (in export order), the start, the lines of moves."""

    tags: list[tuple[str, str]]
    start: chess.Board | None  # None: the moves are copied as written (see _as_written)
    comment: str
    moves: list[_Ply]
    failures: list[str]  # each move that could not be played, and how many were lost with it
    #: the termination marker as written (else the Result tag's, else ``*``): a record whose
    #: tag and marker disagree keeps both, so that checking the output still shows it
    result: str = "*"


#: per target: whether moves are written as SAN, LAN or not at all, and whether positions are
_NEEDS: dict[str, tuple[str, bool]] = {
    "pgn": ("san", False),
    "san": ("san", False),
    "fan": ("san", False),
    "lan": ("lan", False),
    "uci": ("", False),
    "fen": ("", True),
    "epd": ("", True),
    "json": ("san", True),
}


def _walk(record: Record, start: chess.Board, read_lang: str | None, needs: tuple[str, bool]) -> _Walked:
    """Replay every line of ``record`` and write each move as the target needs it.

    Iterative, since variations nest arbitrarily deep. A line ends at its first move that
    cannot be played, which is named in ``failures``.
    """
    notation, positions = needs
    letters = letter_map(read_lang) if read_lang else None
    tags = _export_tags(record, start)
    result = _termination(record)
    walked = _Walked(tags, start, " ".join(record.comments), [], [], result)
    # work: (where the line goes, its first position, its nodes, main line?)
    work: list[tuple[list[list[_Ply]] | None, chess.Board, list[MoveNode], bool]] = [
        (None, start.copy(stack=False), record.moves, True)
    ]
    while work:
        holder, board, nodes, main = work.pop()
        line: list[_Ply] = walked.moves if main else []
        in_check: bool | None = None
        fens = FenWriter(board) if positions else None
        for position, node in enumerate(nodes):
            nags = node.nags
            if node.text[0] in "-Z0@" and is_null(node.text):
                move = chess.Move.null()
            else:
                read = read_move(board, node.text, letters, in_check)
                if not isinstance(read, ReadMove):
                    where = f"line {node.span.line}" if node.span else "?"
                    walked.failures.append(
                        f"{node.text} ({where}) and the {len(nodes) - position - 1} move(s) after it: "
                        f"{read.message}"
                    )
                    break
                move = read.move
                if read.annotation:  # e4!? is e4 $5 in the export format
                    nags = [*nags, SAN_TO_NAG[read.annotation]]
            ply = _Ply(
                board.fullmove_number, board.turn, move, "", "", nags=tuple(sorted(set(nags))) if nags else ()
            )
            siblings = _place(walked, line, holder, ply, node, first=position == 0 and not main)
            for alternative in reversed(node.variations):
                if alternative:
                    work.append((siblings, board.copy(stack=False), alternative, False))
            ply.text, in_check = play(board, move, notation)
            if fens is not None:
                ply.fen = fens.fen(board)
            line.append(ply)
    return walked


#: targets that can copy the moves of a game kifu cannot replay (a variant, a broken FEN)
_AS_WRITTEN = frozenset({"pgn", "san", "fan"})


def _as_written(record: Record) -> _Walked:
    """The record's moves as written (without replaying them), laid out for the PGN writers.

    Move numbers count from the FEN tag's side to move and move number when it has them.
    """
    fields = record.tags.get("FEN", "").split()
    white = len(fields) < 2 or fields[1] != "b"
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    tags = dict(record.tags)
    walked = _Walked(
        [(name, tags.pop(name)) for name in _ROSTER if name in tags] + list(tags.items()),
        None,
        " ".join(record.comments),
        [],
        [],
        _termination(record),
    )
    work: list[tuple[list[list[_Ply]] | None, list[MoveNode], int, bool, bool]] = [
        (None, record.moves, number, white, True)
    ]
    while work:
        holder, nodes, number, white, main = work.pop()
        line: list[_Ply] = walked.moves if main else []
        for position, node in enumerate(nodes):
            core, suffix, annotation = split_suffixes(node.text)
            nags = [*node.nags, SAN_TO_NAG[annotation]] if annotation else node.nags
            ply = _Ply(number, white, chess.Move.null(), core + suffix, "", nags=tuple(sorted(set(nags))))
            siblings = _place(walked, line, holder, ply, node, first=position == 0 and not main)
            for alternative in reversed(node.variations):
                if alternative:
                    work.append((siblings, alternative, number, white, False))
            line.append(ply)
            number, white = (number, False) if white else (number + 1, True)
    return walked


def _place(
    walked: _Walked,
    line: list[_Ply],
    holder: list[list[_Ply]] | None,
    ply: _Ply,
    node: MoveNode,
    *,
    first: bool,
) -> list[list[_Ply]]:
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
            walked.comment = _joined(walked.comment, node.comments_before)
    ply.comment = " ".join(node.comments_after)
    siblings = holder if first else ply.variations
    assert siblings is not None
    return siblings


def _termination(record: Record) -> str:
    """The termination marker as written; else the Result tag's when it is one; else ``*``."""
    tag = record.tags.get("Result", "").strip()
    return record.result or (tag if tag in ("1-0", "0-1", "1/2-1/2", "*") else "*")


def _joined(comment: str, more: list[str]) -> str:
    return " ".join(filter(None, [comment, *more]))


def _export_tags(record: Record, start: chess.Board) -> list[tuple[str, str]]:
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
    roster = [(name, tags[name]) for name in _ROSTER if name in tags]
    return roster + [(name, value) for name, value in tags.items() if name not in _ROSTER]


#: the Seven Tag Roster, in the order the PGN Standard exports it
_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


# --- writers -------------------------------------------------------------------------------------


class _Tokens:
    """Movetext wrapped as the PGN export format wants: lines under 80 characters."""

    __slots__ = ("current", "lines", "width")

    COLUMNS = 79

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []
        self.width = 0

    def add(self, token: str) -> None:
        if self.COLUMNS - self.width < len(token):
            self.flush()
        self.current.append(token)
        self.width += len(token)

    def comment(self, text: str) -> None:
        """A comment, word by word, so that a long comment wraps like the moves around it."""
        self.add("{ ")
        for word in text.replace("}", "").split():
            self.add(word + " ")
        self.add("} ")

    def flush(self) -> None:
        if self.current:
            self.lines.append("".join(self.current).rstrip())
        self.current, self.width = [], 0


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _export(walked: _Walked, write: Callable[[_Ply], str]) -> str:
    """The PGN export format: tags, a blank line, the movetext with its variations, the result."""
    lines = [f'[{name} "{_escaped(value)}"]' for name, value in walked.tags]
    if lines:
        lines.append("")
    tokens = _Tokens()
    if walked.comment:
        tokens.comment(walked.comment)
    # frames: [line, next index, a variation?, opened?]; iterative, like the walk
    frames: list[list[Any]] = [[walked.moves, 0, False, True]]
    numbered = True  # the next Black move needs its number (after a comment or a variation)
    while frames:
        frame = frames[-1]
        line, index = frame[0], frame[1]
        if not frame[3]:
            tokens.add("( ")
            frame[3] = numbered = True
        if index == len(line):
            frames.pop()
            if frame[2]:
                tokens.add(") ")
                numbered = True
            continue
        frame[1] = index + 1
        ply: _Ply = line[index]
        if ply.comment_before:
            tokens.comment(ply.comment_before)
            numbered = True
        if ply.white:
            tokens.add(f"{ply.number}. ")
        elif numbered:
            tokens.add(f"{ply.number}... ")
        tokens.add(write(ply) + " ")
        numbered = False
        for nag in ply.nags:
            tokens.add(f"${nag} ")
        if ply.comment:
            tokens.comment(ply.comment)
            numbered = True
        for variation in reversed(ply.variations):
            frames.append([variation, 0, True, False])
    tokens.add(walked.result + " ")
    tokens.flush()
    return "\n".join([*lines, *tokens.lines]).rstrip()


def _relettered(san: str, letters: dict[str, str]) -> str:
    """SAN with its piece letters (the moving piece's and a promotion's) replaced."""
    if san[0] in letters:
        san = letters[san[0]] + san[1:]
    if "=" in san:
        head, _, tail = san.partition("=")
        san = f"{head}={letters.get(tail[0], tail[0])}{tail[1:]}"
    return san


def _pgn(walked: _Walked, lang: str | None) -> str:
    if lang and lang != "en":
        english_to_local = {english: local for local, english in letter_map(lang).items() if english != "P"}
        return _export(walked, lambda ply: _relettered(ply.text, english_to_local))
    return _export(walked, lambda ply: ply.text)


def _fan(walked: _Walked, lang: str | None) -> str:
    return _export(walked, lambda ply: _relettered(ply.text, _FIGURINES[ply.white]))


def _uci(walked: _Walked, lang: str | None) -> str:
    return " ".join(ply.move.uci() for ply in walked.moves) + "\n"


def _positions(walked: _Walked, epd: bool) -> str:
    assert walked.start is not None  # positions need a replay
    if epd:
        return "\n".join([walked.start.epd(), *(_epd(ply.fen) for ply in walked.moves)]) + "\n"
    return "\n".join([walked.start.fen(), *(ply.fen for ply in walked.moves)]) + "\n"


def _epd(fen: str) -> str:
    return fen.rsplit(" ", 2)[0]


def _json(walked: _Walked, lang: str | None) -> str:
    document = {
        "tags": dict(walked.tags),
        "start": walked.start.fen() if walked.start else None,
        "comment": walked.comment or None,
        "moves": _json_line(walked.moves, 0),
        "result": walked.result,
    }
    return json.dumps(document, ensure_ascii=False) + "\n"


#: JSON nests a variation as a list inside a move; deeper than this, variations are left out
#: (the JSON encoder recurses once per level)
MAX_JSON_DEPTH = 200


def _json_line(line: list[_Ply], depth: int) -> list[Any]:
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


def _what_plain_lists_drop(walked: _Walked, target: str) -> list[str]:
    lost: list[str] = []
    plies = walked.moves
    if walked.comment or any(ply.comment or ply.comment_before for ply in plies):
        lost.append("comments")
    if any(ply.nags for ply in plies):
        lost.append("NAGs")
    if any(ply.variations for ply in plies):
        lost.append("variations")
    if any(name not in ("FEN", "SetUp") for name, _ in walked.tags) or (target == "uci" and walked.tags):
        lost.append("tags")
    return lost


_WRITERS: dict[str, Callable[[_Walked, str | None], str]] = {
    "pgn": _pgn,
    "san": _pgn,
    "fan": _fan,
    "lan": lambda walked, lang: _export(walked, lambda ply: ply.text),
    "uci": _uci,
    "fen": lambda walked, lang: _positions(walked, epd=False),
    "epd": lambda walked, lang: _positions(walked, epd=True),
    "json": _json,
}
