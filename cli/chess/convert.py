"""``kifu convert`` for chess: PGN records to PGN export format, SAN (any language), FAN, LAN,
UCI, FEN or EPD per ply, and JSON.

A record is read and replayed as ``kifu check`` reads it; its moves, comments, NAGs,
variations and tags become a python-chess game, which the writers walk. Whatever a target
cannot hold (comments in UCI, variations in a FEN list, an illegal move and what follows it)
is named in the record's ``dropped`` list, so that the command can say so.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import chess.pgn
from kifu.chess.checker import numbered_games, start_board
from kifu.chess.locales import letter_map
from kifu.chess.notation import ReadMove, is_null, read_move
from kifu.chess.reader import read_game
from kifu.chess.replay import replay
from kifu.chess.splitter import GameText
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


@dataclass(slots=True)
class Converted:
    """One record in the target notation, and what the conversion could not carry over.

    ``dropped`` names kinds of content the target cannot hold ("comments", "variations" …);
    ``problems`` says what could not be read at all (a move that cannot be played, and the
    moves after it), one message each.
    """

    index: int
    text: str
    dropped: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


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
        return Converted(index, "", [], ["its start position or variant cannot be replayed"])
    built = _build(read.record, start, read_lang, problems)
    if read_lang is None and len(problems) > len(read.findings):
        language = replay(read.record, start, None).language  # localised piece letters?
        if language:
            problems = problems[: len(problems) - 1]
            built = _build(read.record, start, language[0], problems)
    text = _WRITERS[target](built, lang)
    dropped = _what_plain_lists_drop(built, target) if target in ("uci", "fen", "epd") else []
    return Converted(index, text, dropped, problems)


# --- from our record to a python-chess game ----------------------------------------------------


def _build(record: Record, start: chess.Board, read_lang: str | None, dropped: list[str]) -> chess.pgn.Game:
    game = chess.pgn.Game()
    game.headers.clear()
    for name, value in record.tags.items():
        game.headers[name] = value
    game.setup(start)
    for name in ("FEN", "SetUp", "Variant"):  # setup() rewrites them; keep them as written
        if name in record.tags:
            game.headers[name] = record.tags[name]
    game.comment = " ".join(record.comments)
    letters = letter_map(read_lang) if read_lang else None
    # work: (parent game node, its position, the nodes of a line, main line?); iterative,
    # since variations nest arbitrarily deep. The position is carried along: asking a
    # python-chess node for its board replays the game from the start every time.
    work: list[tuple[chess.pgn.GameNode, chess.Board, list[MoveNode], bool]] = [
        (game, start.copy(stack=False), record.moves, True)
    ]
    while work:
        parent, board, nodes, main = work.pop()
        for position, node in enumerate(nodes):
            if is_null(node.text):
                move = chess.Move.null()
            else:
                read = read_move(board, node.text, letters)
                if not isinstance(read, ReadMove):
                    where = f"line {node.span.line}" if node.span else "?"
                    dropped.append(
                        f"{node.text} ({where}) and the {len(nodes) - position - 1} move(s) after it: "
                        f"{read.message}"
                    )
                    break
                move = read.move
            child = parent.add_variation(move)
            if position == 0 and not main:
                child.starting_comment = " ".join(node.comments_before)
            elif node.comments_before:
                parent.comment = " ".join(filter(None, [parent.comment, *node.comments_before]))
            child.comment = " ".join(node.comments_after)
            child.nags.update(node.nags)
            # alternatives branch from the same parent; pushed in reverse, popped in order
            for alternative in reversed(node.variations):
                if alternative:
                    work.append((parent, board.copy(stack=False), alternative, False))
            board.push(move)
            parent = child
    return game


# --- writers -------------------------------------------------------------------------------------


class _Exporter(chess.pgn.StringExporter):
    """python-chess's export format, with moves written by ``write`` and comments wrapped.

    The Standard keeps export lines under 80 characters; python-chess writes a comment as one
    token, so a long comment makes a long line. Here its words are tokens of their own.
    """

    def __init__(self, write: Callable[[chess.Board, chess.Move], str]) -> None:
        super().__init__(columns=79, headers=True, comments=True, variations=True)
        self.write = write

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        if self.variations or not self.variation_depth:
            if board.turn == chess.WHITE:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(self.write(board, move) + " ")
            self.force_movenumber = False

    def visit_comment(self, comment: str) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("{ ")
            for word in comment.replace("}", "").split():
                self.write_token(word + " ")
            self.write_token("} ")
            self.force_movenumber = True


def _export(game: chess.pgn.Game, write: Callable[[chess.Board, chess.Move], str]) -> str:
    exported: str = game.accept(_Exporter(write))
    return exported


def _pgn(game: chess.pgn.Game, lang: str | None) -> str:
    if lang and lang != "en":
        return _export(game, lambda board, move: _local_san(board, move, lang))
    return _export(game, chess.Board.san)


def _relettered(san: str, letters: dict[str, str]) -> str:
    """SAN with its piece letters (the moving piece's and a promotion's) replaced."""
    if san[0] in letters:
        san = letters[san[0]] + san[1:]
    if "=" in san:
        head, _, tail = san.partition("=")
        san = f"{head}={letters.get(tail[0], tail[0])}{tail[1:]}"
    return san


def _local_san(board: chess.Board, move: chess.Move, lang: str) -> str:
    english_to_local = {english: local for local, english in letter_map(lang).items() if english != "P"}
    return _relettered(board.san(move), english_to_local)


def _fan(board: chess.Board, move: chess.Move) -> str:
    return _relettered(board.san(move), _FIGURINES[board.turn])


def _lan(board: chess.Board, move: chess.Move) -> str:
    return board.lan(move)


def _uci(game: chess.pgn.Game, lang: str | None) -> str:
    return " ".join(move.uci() for move in game.mainline_moves()) + "\n"


def _positions(game: chess.pgn.Game, epd: bool) -> str:
    board = game.board()
    lines = [board.epd() if epd else board.fen()]
    for move in game.mainline_moves():
        board.push(move)
        lines.append(board.epd() if epd else board.fen())
    return "\n".join(lines) + "\n"


def _json(game: chess.pgn.Game, lang: str | None) -> str:
    document = {
        "tags": dict(game.headers),
        "start": game.board().fen(),
        "comment": game.comment or None,
        "moves": _json_line(game, game.board(), None),
    }
    return json.dumps(document, ensure_ascii=False) + "\n"


def _json_line(
    parent: chess.pgn.GameNode, board: chess.Board, first: chess.pgn.ChildNode | None
) -> list[Any]:
    """The moves of a line as JSON objects, each with the variations that replace it.

    ``first`` starts a variation (an alternative child of ``parent``); ``None`` follows the
    main line. Recursion depth is the nesting depth of variations, which the reader caps.
    """
    moves: list[dict[str, Any]] = []
    node: chess.pgn.ChildNode | None = (
        first if first is not None else (parent.variations[0] if parent.variations else None)
    )
    while node is not None:
        alternatives = (
            [_json_line(parent, board.copy(stack=False), v) for v in parent.variations[1:]]
            if first is None or node is not first
            else []
        )
        moves.append(_json_move(board, node, alternatives))
        board.push(node.move)
        parent, first = node, None
        node = node.variations[0] if node.variations else None
    return moves


def _json_move(board: chess.Board, node: chess.pgn.ChildNode, variations: list[Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"san": board.san(node.move), "uci": node.move.uci()}
    board.push(node.move)
    entry["fen"] = board.fen()
    board.pop()
    if node.starting_comment:
        entry["comment_before"] = node.starting_comment
    if node.comment:
        entry["comment"] = node.comment
    if node.nags:
        entry["nags"] = sorted(node.nags)
    if variations:
        entry["variations"] = variations
    return entry


def _what_plain_lists_drop(game: chess.pgn.Game, target: str) -> list[str]:
    lost: list[str] = []
    nodes = list(game.mainline())
    if any(node.comment or node.starting_comment for node in nodes) or game.comment:
        lost.append("comments")
    if any(node.nags for node in nodes):
        lost.append("NAGs")
    if any(len(node.variations) > 1 for node in [game, *nodes]):
        lost.append("variations")
    if any(name not in ("FEN", "SetUp") for name in game.headers) or (target == "uci" and game.headers):
        lost.append("tags")
    return lost


_WRITERS: dict[str, Any] = {
    "pgn": _pgn,
    "san": _pgn,
    "fan": lambda game, lang: _export(game, _fan),
    "lan": lambda game, lang: _export(game, _lan),
    "uci": _uci,
    "fen": lambda game, lang: _positions(game, epd=False),
    "epd": lambda game, lang: _positions(game, epd=True),
    "json": _json,
}
