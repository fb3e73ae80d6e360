"""The position a chess record starts from: its tags (FEN, SetUp, Variant) read.

Moved here from :mod:`kifu.chess.reader` (which re-exports :func:`start_board`) so that a record
of standard chess from the standard position starts without python-chess:
:func:`start_position` gives kifu's own :meth:`~kifu.chess.position.Position.standard` then,
and python-chess's board (:func:`start_board`) for every other start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kifu.chess import codes
from kifu.chess.position import Position, Start
from kifu.core.findings import Finding
from kifu.core.record import Record

if TYPE_CHECKING:
    import chess

_STANDARD = {"", "standard", "chess", "normal", "from position", "fromposition", "from_position", "classical"}


def start_position(record: Record, findings: list[Finding]) -> Start | None:
    """:func:`start_board`'s start, as kifu's position when it is the standard start of
    standard chess and no tag says anything about it (no FEN, no SetUp), else as its board."""
    tags = record.tags
    if "FEN" not in tags and "SetUp" not in tags and tags.get("Variant", "").strip().lower() in _STANDARD:
        return Position.standard()  # (chess.Board(): no finding is due, none of Chess960's words)
    return start_board(record, findings)


def start_board(record: Record, findings: list[Finding]) -> chess.Board | None:
    """The position a record starts from (FEN, Chess960), or ``None`` when it cannot be replayed.

    Problems with the start (an unsupported variant, a bad FEN) are added to ``findings``.
    """
    from kifu.chess.reader import shown

    import chess

    tags = record.tags
    variant = tags.get("Variant", "").strip().lower()
    chess960 = "960" in variant or "fischer" in variant or "chess960" in variant.replace(" ", "")
    if not chess960 and variant not in _STANDARD:
        findings.append(
            codes.UNSUPPORTED_VARIANT(
                f"variant {shown(tags['Variant'])} is not supported: the moves are not checked",
                record.tag_spans["Variant"],
            )
        )
        return None
    fen = tags.get("FEN")
    setup = tags.get("SetUp")
    if setup == "1" and fen is None:
        findings.append(
            codes.SETUP_FEN(
                '[SetUp "1"] without a FEN tag: the standard start position is used',
                record.tag_spans["SetUp"],
            )
        )
    if fen is None:
        return chess.Board(chess960=chess960)
    if setup != "1":
        findings.append(
            codes.SETUP_FEN('FEN tag without [SetUp "1"]; the FEN is used', record.tag_spans["FEN"])
        )
    try:
        board = chess.Board(fen, chess960=chess960)
    except ValueError as error:
        findings.append(codes.BAD_FEN(f"cannot read FEN {shown(fen)}: {error}", record.tag_spans["FEN"]))
        return None
    if not chess960 and any(
        c in fen.split(" ")[2] if fen.count(" ") >= 2 else "" for c in "ABCDEFGHabcdefgh"
    ):
        board = chess.Board(fen, chess960=True)
    status = board.status()
    fatal = (
        chess.STATUS_NO_WHITE_KING
        | chess.STATUS_NO_BLACK_KING
        | chess.STATUS_TOO_MANY_KINGS
        | chess.STATUS_PAWNS_ON_BACKRANK
        | chess.STATUS_OPPOSITE_CHECK
        | chess.STATUS_EMPTY
    )
    if status & fatal:
        findings.append(
            codes.BAD_FEN(
                f"FEN {shown(fen)} is not a legal position: {_status_text(status)}", record.tag_spans["FEN"]
            )
        )
        return None
    return board


def _status_text(status: chess.Status) -> str:
    import chess

    names = [
        flag.name.lower().replace("_", " ") for flag in chess.Status if flag and flag & status and flag.name
    ]
    return ", ".join(names) or "invalid"
