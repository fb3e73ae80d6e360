"""XQBase PGN from a played record: tags, one round a line, comments and variations on lines of
their own, the result last.

Normalisations of the PGN targets (deliberate; a second conversion changes nothing): ``[Game
"Chinese Chess"]`` comes first, whatever Game tag the record had (the content is xiangqi; a
damaged or other value would make the output read as another game); ``[Format]`` names the
notation written (``Chinese`` for both character sets); a start position that did not come from
a FEN tag (XQF, DhtmlXQ, a bare FEN line) becomes one, and a usual start position from a binary
file is left implicit; a missing result is written ``*``; moves are written canonically (XQBase
forms, also in traditional characters: 帥仕相傌俥炮兵 for Red, 將士象馬車包卒 for Black, 進, 後) and round
numbers follow the moves; comments are trimmed and their line ends become ``\n`` (as the PGN
reader reads them), a ``}`` (or ``｝``) in a comment is removed, and a comment line that would
read as a tag or an XQBase trailer is joined to the line before it; a control character in a tag
or a comment is written U+FFFD (copied, it would make the output binary data to every reader).
"""

from __future__ import annotations

import re

from kifu.xiangqi.fen import START_FEN
from kifu.xiangqi.writers.tree import Played, PlayedRecord

#: a line that the PGN splitter takes for a tag or an XQBase trailer
_UNSAFE_LINE = re.compile(r"^\s*(?:\[\s*[A-Za-z_]|={3,})")


def pgn(game: PlayedRecord, notation: str, format_name: str) -> str:
    """The record as XQBase PGN: tags, then one round a line, comments and variations on lines of
    their own, the result last."""
    out = [f'[{name} "{_tag_value(value)}"]' for name, value in _tags(game, format_name).items()]
    out.extend(_brace(comment) for comment in game.record.comments)
    pad = " " * _PAD[notation]
    current = ""
    for step in game.moves:
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
        if step.node.comments_after or any(step.variations):
            out.append(current)
            current = ""
        out.extend(_brace(comment) for comment in step.node.comments_after)
        out.extend(f"({inline(variation, notation)})" for variation in step.variations if variation)
    if current:
        out.append(current)
    out.append(f" {game.result or '*'}")
    return "\n".join(out) + "\n"


#: a Black move that does not follow Red's on its line is aligned under it, as XQBase does
_PAD = {"chinese": 10, "traditional": 10, "wxf": 6, "iccs": 7}


def _tags(game: PlayedRecord, format_name: str) -> dict[str, str]:
    """The record's tags in their order after ``[Game "Chinese Chess"]``, with Format and the FEN
    of a set-up start."""
    tags = {"Game": "Chinese Chess", **{k: v for k, v in game.record.tags.items() if k != "Game"}}
    tags["Format"] = format_name
    if "FEN" not in tags and game.start.split()[:2] != START_FEN.split()[:2]:
        tags["FEN"] = game.start
    return tags


#: what ends a comment to the reader: ``}``, and its full-width form (the movetext reader takes
#: full-width ASCII forms for ASCII, as score sheets typed in Chinese write them)
_CLOSING = re.compile("[}\uff5d]")
#: control characters (tab and the line ends of comments aside): copied into a PGN they make it
#: binary data to every reader, kifu included
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


def _printable(text: str) -> str:
    """``text`` with each control character shown as U+FFFD, never copied into the output."""
    return _CONTROLS.sub("\ufffd", text) if _CONTROLS.search(text) else text


def _tag_value(value: str) -> str:
    return _printable(" ".join(value.splitlines())).replace('"', '\\"')


def _brace(comment: str) -> str:
    """``{comment}``; a line the PGN splitter would take for a tag or a trailer joins the one before."""
    kept: list[str] = []
    for line in (
        _printable(_CLOSING.sub("", comment).replace("\r\n", "\n").replace("\r", "\n")).strip().split("\n")
    ):
        if kept and _UNSAFE_LINE.match(line):
            kept[-1] += " " + line.strip()
        else:
            kept.append(line)
    return "{" + "\n".join(kept) + "}"


def inline(steps: list[Played], notation: str) -> str:
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
        parts.extend(f"({inline(variation, notation)})" for variation in step.variations if variation)
        number_black = bool(step.node.comments_after or any(step.variations))
    return " ".join(parts)
