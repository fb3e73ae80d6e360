"""What a converter gives back for each record: the text in the target format, and what it lost."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kifu.core.escape import json_text, record_text, terminal
from kifu.core.findings import Finding

#: the comment a record format writes before the moves of a line kept as written, not replayed
#: (``--lenient``), followed by why the first of them cannot be played
NOT_REPLAYED = "kifu: not replayed from here:"


def says_not_replayed(comments: Iterable[str]) -> bool:
    """Whether one of ``comments`` already holds :data:`NOT_REPLAYED` (maybe wrapped over lines):
    a conversion of kifu's own output says it once, not once more."""
    return any(NOT_REPLAYED in " ".join(comment.split()) for comment in comments)


#: what :func:`made_safe` says it did to a record's control characters (a dropped kind of content)
CONTROLS_REPLACED = "control characters (ESC, BEL, CR, C1 …), each written as U+FFFD"


@dataclass(slots=True)
class Converted:
    """One record in the target notation or format, and what the conversion could not carry over.

    ``dropped`` names kinds of content the target cannot hold ("comments", "variations" …), so
    that ``kifu convert`` can say so on stderr; ``problems`` says what could not be read or
    played (a move and the moves after it), one message each; ``findings`` are failures of
    kifu itself (KIFU001), which make the command exit 2.

    ``lost`` says, one message each, what ``text`` leaves out or cannot be trusted to state
    (moves that could not be replayed, a board size or komi the replay could not read): such a
    record is not written by ``kifu convert`` unless ``--lenient``. Where the target can, the
    text then carries the unreplayed remainder as written (``remainder_kept``); else it ends at
    the last move replayed.
    """

    index: int
    text: str
    dropped: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    remainder_kept: bool = False
    #: what the record's result states that the record contradicts (its tag against its
    #: movetext, or against the final position): written as stated, with a warning
    contradicted: list[str] = field(default_factory=list)


def writes(converted: Converted, lenient: bool = False) -> bool:
    """Whether ``kifu convert`` (and ``kifu.convert``) writes the record: not when kifu could
    not replay all of it (``lost``), unless ``lenient`` and there is text to write."""
    return not converted.lost or (lenient and bool(converted.text))


def fails(converted: Converted, lenient: bool = False) -> bool:
    """Whether the record fails its conversion (``kifu convert`` exits 1, ``kifu.convert`` says
    why in its findings): something of it could not be read, played or written (``problems``),
    unless ``lenient``. (Whether it is written at all is :func:`writes`'s to say.)"""
    return bool(converted.problems) and not lenient


def made_safe(converted: Converted, target: str) -> Converted:
    """``converted`` with the control characters a stranger's record may hold made safe for the
    target's medium (:mod:`kifu.core.escape`): JSON escapes them (the same value), a diagram
    shows them as visible escapes, and a record format, which cannot hold them, gets U+FFFD and
    names them in ``dropped``."""
    if target == "json":
        converted.text = json_text(converted.text)
    elif target == "diagram":
        converted.text = terminal(converted.text)
    else:
        converted.text, replaced = record_text(converted.text)
        if replaced and CONTROLS_REPLACED not in converted.dropped:
            converted.dropped.append(CONTROLS_REPLACED)
    return converted


def join(texts: list[str], separated: bool) -> str:
    """One document of the records' conversions: PGN records and position lists separated by a
    blank line (``separated``, the target's :attr:`~kifu.core.game.Target.separated`), the
    others one after the other (``kifu convert`` to stdout or a file, ``kifu.convert``)."""
    if separated:
        return "\n\n".join(text.rstrip("\n") for text in texts) + ("\n" if texts else "")
    return "".join(texts)
