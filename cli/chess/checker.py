"""Checking chess: split a PGN source into games; read, replay and judge each game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from kifu.chess import codes
from kifu.chess.reader import ReadGame, read_game, shown
from kifu.chess.replay import Replay, describe_ending, replay
from kifu.chess.splitter import GameText, split_games
from kifu.core.findings import IO_BINARY, Finding
from kifu.core.record import Record, Span
from kifu.core.results import RecordReport
from kifu.core.sources import LineDecoder, Source, looks_binary, open_binary

import chess

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_DATE = re.compile(r"^(?:[0-9?]{4})\.(?:[0-9?]{2})\.(?:[0-9?]{2})$")
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_STANDARD = {"", "standard", "chess", "normal", "from position", "fromposition", "from_position", "classical"}
_FATAL_STATUS = (
    chess.STATUS_NO_WHITE_KING
    | chess.STATUS_NO_BLACK_KING
    | chess.STATUS_TOO_MANY_KINGS
    | chess.STATUS_PAWNS_ON_BACKRANK
    | chess.STATUS_OPPOSITE_CHECK
    | chess.STATUS_EMPTY
)


def numbered_games(source: Source) -> Iterator[tuple[int, GameText] | Finding]:
    """The numbered games of a source, then the findings about the file itself."""
    decoder = LineDecoder()
    with open_binary(source) as stream:
        head = stream.peek(4096)[:4096] if hasattr(stream, "peek") else b""
        if looks_binary(head):
            yield IO_BINARY(
                f"{source.path} is not a text file (binary data at the start); it is not read as PGN",
                Span.point(1, 1),
            )
            return
        yield from enumerate(split_games(decoder.lines(stream, source.path)), 1)
    yield from decoder.findings


def check_game(game: GameText, index: int, lang: str | None = None) -> RecordReport:
    """Read, replay and judge one game."""
    read = read_game(game, index)
    record = read.record
    findings = read.findings
    _check_tags(read, findings)
    declared = _declared_result(record, findings)
    start = start_board(record, findings)
    outcome = None
    claims: list[dict[str, Any]] = []
    if start is not None:
        result = replay(record, start, lang)
        findings.extend(result.findings)
        outcome, claims = _judge(record, declared, result, findings)
    findings.sort(key=lambda f: (f.span.line, f.span.column) if f.span else (0, 0))
    return RecordReport(
        index=index,
        line=game.start_line,
        tags=record.tags,
        plies=len(record.moves),
        declared_result=declared,
        outcome=outcome,
        claims=claims,
        findings=findings,
    )


def _check_tags(read: ReadGame, findings: list[Finding]) -> None:
    record = read.record
    tags = record.tags
    missing = [name for name in SEVEN_TAG_ROSTER if name not in tags]
    if missing:
        findings.append(
            codes.MISSING_ROSTER(
                f"missing tag(s) of the Seven Tag Roster: {', '.join(missing)}", Span.point(record.line, 1)
            )
        )
    date = tags.get("Date")
    if date is not None and not _DATE.match(date):
        findings.append(
            codes.BAD_DATE(
                f"Date {shown(date)} is not YYYY.MM.DD (use ? for unknown digits)", record.tag_spans["Date"]
            )
        )
    result = tags.get("Result")
    if result is not None and result not in _RESULTS:
        findings.append(
            codes.BAD_RESULT_TAG(
                f"Result {shown(result)} is not 1-0, 0-1, 1/2-1/2 or *", record.tag_spans["Result"]
            )
        )


def _declared_result(record: Record, findings: list[Finding]) -> str | None:
    tag = record.tags.get("Result")
    marker = record.result
    if marker is None and not any(f.code == codes.UNCLOSED_COMMENT.code for f in findings):
        span = record.moves[-1].span if record.moves else Span.point(record.line, 1)
        findings.append(
            codes.MISSING_TERMINATION(
                "the movetext does not end with 1-0, 0-1, 1/2-1/2 or *"
                + (" (is the game cut short?)" if record.moves else ""),
                span,
            )
        )
    elif marker == "*" and tag in _RESULTS and tag != "*":
        findings.append(
            codes.UNKNOWN_MARKER(
                f"Result tag says {tag} but the movetext ends with * (unknown); {tag} is taken",
                record.result_span,
            )
        )
        return tag
    elif marker is not None and tag in _RESULTS and tag != marker:
        findings.append(
            codes.RESULT_MISMATCH(
                f"Result tag says {tag} but the movetext ends with {marker}", record.result_span
            )
        )
    if marker is not None:
        return marker
    return tag if tag in _RESULTS else None


def start_board(record: Record, findings: list[Finding]) -> chess.Board | None:
    """The position a record starts from (FEN, Chess960), or ``None`` when it cannot be replayed.

    Problems with the start (an unsupported variant, a bad FEN) are added to ``findings``.
    """
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
    if status & _FATAL_STATUS:
        findings.append(
            codes.BAD_FEN(
                f"FEN {shown(fen)} is not a legal position: {_status_text(status)}", record.tag_spans["FEN"]
            )
        )
        return None
    return board


def _status_text(status: chess.Status) -> str:
    names = [
        flag.name.lower().replace("_", " ") for flag in chess.Status if flag and flag & status and flag.name
    ]
    return ", ".join(names) or "invalid"


def _judge(
    record: Record, declared: str | None, result: Replay, findings: list[Finding]
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    ending = result.ending
    outcome: dict[str, Any] | None = (
        {"result": ending.result, "reason": ending.reason, "ply": ending.ply} if ending else None
    )
    claims: list[dict[str, Any]] = [
        {"reason": c.reason, "ply": c.ply, "reached_ply": c.reached_ply, "valid": c.valid}
        for c in result.claims
    ]
    if not result.complete or declared is None:
        return outcome, claims
    where = record.result_span or record.tag_spans.get("Result")
    if ending is not None:
        if declared == "*":
            findings.append(
                codes.UNFINISHED_BUT_ENDED(
                    f"the record says '*' (unfinished), but the game ended by {describe_ending(ending)}: "
                    f"{ending.result}",
                    where,
                )
            )
        elif declared != ending.result:
            findings.append(
                codes.RESULT_CONTRADICTS(
                    f"result {declared} contradicts the position: "
                    f"the game ended by {describe_ending(ending)}, "
                    f"which gives {ending.result}",
                    where,
                )
            )
        return outcome, claims
    if declared == "1/2-1/2":
        valid = [c for c in result.claims if c.valid]
        if valid:
            what = " and ".join(f"{c.reason.replace('-', ' ')} (available from ply {c.ply})" for c in valid)
            findings.append(codes.DRAW_CLAIMABLE(f"the draw is supported by a valid claim of {what}", where))
        else:
            findings.append(
                codes.DRAW_BY_AGREEMENT(
                    "no rule ends the game in a draw and no claim is valid at the end: a draw by agreement",
                    where,
                )
            )
    return outcome, claims
