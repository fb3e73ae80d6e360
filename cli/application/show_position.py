"""The use case of ``kifu show``: one position of one record, drawn as text or SVG.

Through the registry: the game is detected (:mod:`kifu.application.detection`), its module loaded, the
record found, and the position taken from the game's ``positions`` (its walk), or for a finding
from the check's own walk, and drawn by its ``draw``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kifu.application.detection import detect
from kifu.core.findings import Finding
from kifu.core.game import FINAL, Game, Options, Position, RawRecord, board_at
from kifu.core.marking import finding_position
from kifu.core.sources import Source, SourceError
from kifu.games import drawing, need

#: ``Options.boards`` for every board of a record
EVERY_BOARD = 1 << 30


class ShowError(Exception):
    """What ``kifu show`` cannot draw: no such file, record, ply or finding (a usage error)."""


def show(
    path: str,
    game: str | None,
    number: int,
    ply: int | None,
    code: str | None,
    options: Options,
    *,
    svg: bool,
    size: int,
    territory: bool,
) -> str:
    """Record ``number`` of ``path`` drawn after ``ply`` (``None``: its final position), or where
    its first finding of ``code`` (``CODE:N``: its N-th) stands (before its move, or the final
    position for a result),
    with the finding's marks and caption, as text or SVG."""
    source = Source(path)
    try:
        detected = detect(source, game)
    except SourceError as error:
        raise ShowError(f"{path}: {error.finding.message}") from None
    if detected is None:
        raise ShowError(f"{path}: cannot tell which game it records (give --game chess, xiangqi or go)")
    name, fmt = detected
    module = need(name)
    drawn = drawing(name)
    if territory and name != "go":
        raise ShowError("--territory is for Go records")
    record = _record(module, source, fmt, options, number, path)
    position: Position | None
    if code is not None:
        wanted, nth = _nth(code)
        # the check's own walk keeps the positions of every finding's board: one walk
        report = module.check_record(record, replace(options, boards=EVERY_BOARD))
        same = [f for f in report.findings if f.code == wanted]
        if len(same) < nth:
            has = f"{len(same)} finding(s) {wanted}" if same else f"no finding {wanted}"
            raise ShowError(f"{path}: record {number} has {has}" + (f", not {nth}" if same else ""))
        found = same[nth - 1]
        at = board_at(found)
        if at is None or (isinstance(at, int) and at < 0):
            raise ShowError(f"{path}: record {number}'s finding {found.code} is about no position")
        ply = None if at == FINAL else at
        position = finding_position(found, at, report.positions)
        if position is not None:
            position = drawn.mark(position, found, options)
    else:
        position = drawn.positions(record, options, [ply]).get(ply)
    if position is None:
        where = "has no position to draw" if ply is None else f"has no ply {ply} on its main line"
        raise ShowError(f"{path}: record {number} {where}")
    return drawn.draw(position, svg=svg, size=size, territory=territory)


def _nth(code: str) -> tuple[str, int]:
    """``CODE`` or ``CODE:N`` as (the code, upper case; N, from 1)."""
    wanted, colon, count = code.partition(":")
    if not colon:
        return wanted.upper(), 1
    if not count.isdigit() or int(count) < 1:
        raise ShowError(f"--finding {code}: N in CODE:N counts the findings from 1")
    return wanted.upper(), int(count)


def _record(
    module: Game[Any], source: Source, fmt: str, options: Options, number: int, path: str
) -> RawRecord[Any]:
    """Record ``number`` (1-based) of ``source``."""
    seen = 0
    try:
        for item in module.records(source, fmt, options):
            if isinstance(item, Finding):
                continue
            seen += 1
            if item.index == number:
                return item
    except SourceError as error:
        raise ShowError(f"{path}: {error}") from None
    raise ShowError(f"{path} has {seen} record(s), not {number}")


__all__ = ["ShowError", "show"]
