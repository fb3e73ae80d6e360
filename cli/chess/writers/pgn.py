"""The PGN targets: the export format of the PGN Standard, with SAN (any language), FAN or LAN.

Normalisations (deliberate; a second conversion changes nothing): the Seven Tag Roster first,
lines under 80 characters, a long comment wrapped word by word, a move suffix annotation as
its NAG (``g4??`` → ``g4 $4``), tag values escaped (a vertical tab, form feed or line end in
one written as a space, any other control character as U+FFFD), the termination marker as
written (``*`` when there is none).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kifu.chess.locales import letter_map
from kifu.chess.writers.tree import Ply, Tree

import chess

_FIGURINES = {
    chess.WHITE: {"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘"},
    chess.BLACK: {"K": "♚", "Q": "♛", "R": "♜", "B": "♝", "N": "♞"},
}


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
        """A comment, word by word, so that a long comment wraps like the moves around it.

        A word that must not start a line (``[``: a tag line to a reader; ``%``: an escape
        line) stays with the word before it. A comment holding ``}``, which no brace comment can
        hold, is written as a rest-of-line comment (``;``), which ends its line.
        """
        if "}" in text:
            self.add("; " + " ".join(printable(word) for word in text.split()))
            self.flush()
            return
        words = ["{"]
        for word in text.split():
            word = printable(word)
            if word[0] in "[%":
                words[-1] += " " + word
            else:
                words.append(word)
        for word in words:
            self.add(word + " ")
        self.add("} ")

    def flush(self) -> None:
        if self.current:
            self.lines.append("".join(self.current).rstrip())
        self.current, self.width = [], 0


#: control characters (tab aside): copied into a PGN they make it "binary" to every reader
_CONTROLS = re.compile("[\x00-\x08\x0a-\x1f\x7f]")


def printable(text: str) -> str:
    """``text`` with each control character shown as U+FFFD, never copied into the output."""
    return _CONTROLS.sub("\ufffd", text) if _CONTROLS.search(text) else text


#: line ends, vertical tab and form feed: whitespace to whoever reads a tag value (a FEN's fields
#: are split at them), so a space keeps its meaning where U+FFFD would change it
_SPACES = re.compile("[\n\v\f\r]")


def _escaped(value: str) -> str:
    return printable(_SPACES.sub(" ", value)).replace("\\", "\\\\").replace('"', '\\"')


def export(tree: Tree, write: Callable[[Ply], str]) -> str:
    """The PGN export format: tags, a blank line, the movetext with its variations, the result."""
    lines = [f'[{name} "{_escaped(value)}"]' for name, value in tree.tags]
    if lines:
        lines.append("")
    tokens = _Tokens()
    if tree.comment.strip():  # a comment of white space only reads back as none
        tokens.comment(tree.comment)
    # frames: [line, next index, a variation?, opened?]; iterative, like the walk
    frames: list[list[Any]] = [[tree.moves, 0, False, True]]
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
        ply: Ply = line[index]
        if ply.comment_before.strip():
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
        if ply.comment.strip():
            tokens.comment(ply.comment)
            numbered = True
        for variation in reversed(ply.variations):
            frames.append([variation, 0, True, False])
    tokens.add(tree.result + " ")
    tokens.flush()
    return "\n".join([*lines, *tokens.lines]).rstrip()


def _relettered(san: str, letters: dict[str, str]) -> str:
    """SAN with its piece letters (the moving piece's and a promotion's) replaced."""
    if san[0] in letters:
        san = letters[san[0]] + san[1:]
    head, equals, tail = san.partition("=")
    if equals and tail:  # (a move copied as written, of a game not replayed, may end in '=')
        san = f"{head}={letters.get(tail[0], tail[0])}{tail[1:]}"
    return san


def pgn(tree: Tree, lang: str | None) -> str:
    """The export format with SAN in the piece letters of ``lang`` (English by default)."""
    if lang and lang != "en":
        english_to_local = {english: local for local, english in letter_map(lang).items() if english != "P"}
        return export(tree, lambda ply: _relettered(ply.text, english_to_local))
    return export(tree, lambda ply: ply.text)


def fan(tree: Tree, lang: str | None) -> str:
    """The export format with figurine SAN (♘f3)."""
    return export(tree, lambda ply: _relettered(ply.text, _FIGURINES[ply.white]))


def lan(tree: Tree, lang: str | None) -> str:
    """The export format with long algebraic moves (the tree's text is LAN)."""
    return export(tree, lambda ply: ply.text)
