"""The use case of ``kifu show``: one position of one record, drawn as text or SVG.

Through the registry: the game is detected (:mod:`kifu.detection`), its module loaded, the
record found, and the position taken from the game's ``positions`` (its walk) and drawn by its
``draw``.
"""

from __future__ import annotations

from typing import Any

from kifu.core.findings import Finding
from kifu.core.game import Game, Options, Position, RawRecord
from kifu.core.sources import Source, SourceError
from kifu.detection import detect
from kifu.games import need


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
    """Record ``number`` of ``path`` drawn after ``ply`` (``None``: its final position), or
    before the move of its first finding of ``code``, as text or SVG."""
    source = Source(path)
    try:
        detected = detect(source, game)
    except SourceError as error:
        raise ShowError(f"{path}: {error.finding.message}") from None
    if detected is None:
        raise ShowError(f"{path}: cannot tell which game it records (give --game chess, xiangqi or go)")
    name, fmt = detected
    module = need(name)
    if territory and name != "go":
        raise ShowError("--territory is for Go records")
    record = _record(module, source, fmt, options, number, path)
    position: Position | None
    if code is not None:
        report = module.check_record(record, options)
        found = next((f for f in report.findings if f.code == code.upper()), None)
        if found is None or found.ply is None:
            what = "no finding" if found is None else "no finding about a move"
            raise ShowError(f"{path}: record {number} has {what} {code.upper()}")
        ply = found.ply - 1
        if found.position is not None:
            known = module.positions(record, options, [ply]).get(ply)
            position = known if known is not None and known.position == found.position else None
            position = position or Position(found.position, ply)
        else:
            position = module.positions(record, options, [ply]).get(ply)
    else:
        position = module.positions(record, options, [ply]).get(ply)
    if position is None:
        where = "has no position to draw" if ply is None else f"has no ply {ply} on its main line"
        raise ShowError(f"{path}: record {number} {where}")
    return module.draw(position, svg=svg, size=size, territory=territory)


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
