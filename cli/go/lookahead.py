"""The point meant at a hand-entry slip of a Go record, chosen by the rest of the game.

Called by the checker's walk only at a move the rules forbid on every rule set (an occupied
point, a suicide, an immediate ko recapture): a legal typo cannot be seen, and stays unseen.
The candidates are the coordinates one slip away from the one written: its two letters swapped
(``B[dc]`` for ``B[cd]``), or one letter wrong, that are legal moves here. :func:`settle`
replays the later moves of the main line under each, on copies of the board (a probe: the walk
still replays the record once), and takes the candidate under which they go furthest; only
where nothing separates the candidates are they named and none assumed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kifu.go.board import OCCUPIED, SUICIDE, Board

#: the probe replays this many moves first, twice as many each time that does not separate the
#: candidates, up to the end of the main line
FIRST_HORIZON = 8
#: a candidate this many moves ahead of every other is taken without replaying further
LEAD = 4
#: the probe of a line stops after this many moves
MAX_MOVES = 1000
#: a game's walk probes at most this many slips (a record of thousands of forbidden moves is
#: hostile, not hand-entered: past them the moves are reported as before, without a guess)
MAX_PROBES = 50

#: at most this many candidates are named (the swapped coordinate first); more are counted
NAMED = 4

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True, slots=True)
class Meant:
    """What :func:`settle` found: the point taken as meant (``None`` when nothing separates the
    candidates), the coordinates named, and how the rest of the game established it."""

    point: int | None
    names: list[str]
    reason: str


@dataclass(slots=True)
class _Probe:
    raw: str
    board: Board
    before: int  # the hash before the last move played on ``board`` (simple ko)
    reached: int = 0
    stuck: bool = False


def candidates(raw: str, points: Mapping[str, int], written: int) -> list[tuple[str, int]]:
    """The coordinates one slip from ``raw`` (swapped letters first) that name a point of the
    board other than ``written``, with their points."""
    if len(raw) != 2:
        return []
    texts = [raw[1] + raw[0]]
    for index in range(2):
        for letter in _LETTERS:
            texts.append(raw[:index] + letter + raw[index + 1 :])
    found: list[tuple[str, int]] = []
    seen = {written}
    for text in texts:
        point = points.get(text, -1)
        if point >= 0 and point not in seen:
            seen.add(point)
            found.append((text, point))
    return found


def _play(board: Board, point: int, colour: int, suicide: bool, before: int) -> bool:
    """Play on ``board`` if legal (not occupied, no forbidden suicide, no immediate ko retake)."""
    outcome, undo = board.play(point, colour, suicide)
    if outcome == OCCUPIED or undo is None:
        return False
    if outcome == SUICIDE and not suicide:
        board.undo(undo)
        return False
    if board.hash == before:
        board.undo(undo)
        return False
    return True


def _reach(
    probe: _Probe, rest: Sequence[tuple[int, str]], points: Mapping[str, int], suicide: bool, horizon: int
) -> None:
    """Replay ``rest`` on the probe's board from where it stopped, up to ``horizon`` moves."""
    board = probe.board
    end = min(len(rest), horizon)
    index = probe.reached
    while index < end:
        colour, raw = rest[index]
        point = points.get(raw)
        if point is None:
            break
        previous = board.hash
        if point >= 0 and not _play(board, point, colour, suicide, probe.before):
            break
        probe.before = previous
        index += 1
    probe.stuck = index < end
    probe.reached = index


def settle(
    board: Board,
    colour: int,
    ident: str,
    raw: str,
    written: int,
    before: int,
    rest: Sequence[tuple[int, str]],
    points: Mapping[str, int],
    suicide: bool,
    first_ply: int,
) -> Meant | None:
    """The point meant by ``ident[raw]`` (``written``, which the rules forbid on ``board``; the
    hash ``before`` the last move, for ko) by the later moves ``rest`` (colour, raw) of the line,
    whose first is ply ``first_ply``; ``None`` when no coordinate one slip away is legal."""
    probes: list[_Probe] = []
    for text, point in candidates(raw, points, written):
        copy = board.copy()
        previous = copy.hash
        if _play(copy, point, colour, suicide, before):
            probes.append(_Probe(text, copy, previous))
    if not probes:
        return None
    name = f"{ident}[{{}}]"
    if len(probes) == 1:
        return Meant(_point(points, probes[0].raw), [name.format(probes[0].raw)], "")
    rest = rest[:MAX_MOVES]
    horizon = FIRST_HORIZON
    while True:
        for probe in probes:
            if not probe.stuck:
                _reach(probe, rest, points, suicide, horizon)
        ranked = sorted((p.reached for p in probes), reverse=True)
        if ranked[0] - ranked[1] >= LEAD or ranked[0] < horizon or horizon >= len(rest):
            break
        horizon *= 2
    top = max(p.reached for p in probes)
    leaders = [p for p in probes if p.reached == top]
    if len(leaders) > 1:
        names = [name.format(p.raw) for p in leaders]
        return Meant(None, names, "the rest of the game fits each" if top >= len(rest) else "")
    winner = leaders[0]
    last = max((p for p in probes if p is not winner), key=lambda p: p.reached)
    mover, text = rest[last.reached]
    label = f"move {first_ply + last.reached} {'B' if mover == 1 else 'W'}[{text}]"
    return Meant(
        _point(points, winner.raw),
        [name.format(winner.raw)],
        f"{label} cannot be played after {name.format(last.raw)}",
    )


def _point(points: Mapping[str, int], raw: str) -> int:
    return points[raw]
