"""kifu's static life-and-death estimate of a final position (no search, no engine).

Used only when a count disagrees with ``RE`` and the record marks no dead stones, to tell a
certain disagreement from a plausible one (issue 13). Three layers:

- :func:`benson`: the chains that are unconditionally alive (Benson's algorithm: each has two
  vital regions, every empty point of which is its liberty); they are never dead. The verdict
  asks for it only when the candidates below cannot explain a disagreement (it costs as much
  as the rest, and a group it finds alive has two eyes, so it is never a candidate anyway).
- dead candidates: the stones of a colour inside a region enclosed by the other colour where
  they have fewer than two eyes (an eye: an empty area bordered by them alone; four points or
  more count as two). The smallest enclosed region is settled first and its dead stones are
  lifted, so a dead stone inside an eye no longer spoils that eye.
- seki: when the enclosed stones and the enclosing chain next to them share liberties and
  neither has a liberty outside the shared ones and its own eye, both live.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from kifu.go.board import BLACK, EDGE, EMPTY, WHITE, Board, next_todo

#: an enclosed empty area of this many points is worth two eyes
TWO_EYES: Final = 4


@dataclass(slots=True)
class Estimate:
    """Groups of a final position: ``dead`` candidates and ``seki`` groups (lists of stones)."""

    dead: list[list[int]] = field(default_factory=list)
    seki: list[list[int]] = field(default_factory=list)

    @property
    def dead_points(self) -> set[int]:
        """Every stone of every dead candidate."""
        return {p for group in self.dead for p in group}


def benson(board: Board, colour: int) -> set[int]:
    """The stones of ``colour`` that are unconditionally alive (Benson, 1976)."""
    cells = board.cells
    steps = board.steps
    chain_of = [-1] * len(cells)
    liberties: list[set[int]] = []
    stones: list[list[int]] = []
    for p in range(len(cells)):
        if cells[p] == colour and chain_of[p] < 0:
            group, libs = board.group(p)
            for s in group:
                chain_of[s] = len(stones)
            stones.append(group)
            liberties.append(libs)
    regions: list[tuple[set[int], set[int]]] = []  # (empty points, bordering chains)
    todo = board.todo(EMPTY, 3 - colour)
    end = len(todo) - 1
    start = next_todo(todo, 0)
    while start < end:
        todo[start] = 0
        region = [start]
        border: set[int] = set()
        for p in region:
            for d in steps:
                n = p + d
                if todo[n]:
                    todo[n] = 0
                    region.append(n)
                elif cells[n] == colour:
                    border.add(chain_of[n])
        regions.append(({p for p in region if cells[p] == EMPTY}, border))
        start = next_todo(todo, start)
    alive = set(range(len(stones)))
    healthy = list(range(len(regions)))
    while True:
        vital = dict.fromkeys(alive, 0)
        for r in healthy:
            empties, border = regions[r]
            for x in border:
                if x in vital and empties <= liberties[x]:
                    vital[x] += 1
        weak = {x for x, n in vital.items() if n < 2}
        if not weak:
            break
        alive -= weak
        healthy = [r for r in healthy if regions[r][1] <= alive]
    return {s for x in alive for s in stones[x]}


def estimate(board: Board) -> Estimate:
    """Dead candidates and seki groups of ``board`` (see the module's docstring)."""
    work = board.copy()
    result = Estimate()
    settled: set[int] = set()
    # the regions each colour encloses; lifting stones inside one colour's regions leaves that
    # colour's regions as they were and changes only the other colour's
    enclosures = {colour: _enclosures(work, colour) for colour in (BLACK, WHITE)}
    while True:
        found = [
            item
            for colour in (BLACK, WHITE)
            for item in enclosures[colour]
            if not any(p in settled for p in item[0])
        ]
        if not found:
            return result
        # all the regions of one colour smaller than the other colour's smallest are settled in
        # one pass
        smallest = min(found, key=lambda item: item[1])
        rival = min((size for _, size, _, colour in found if colour != smallest[3]), default=None)
        lifted = False
        for enclosed, size, region, colour in sorted(found, key=lambda item: item[1]):
            if colour != smallest[3] or (rival is not None and size >= rival and enclosed is not smallest[0]):
                continue
            if _seki(work, region, enclosed, colour):
                result.seki.append(enclosed)
                settled.update(enclosed)
                continue
            result.dead.extend(_chains(work, enclosed))
            for p in enclosed:
                work.cells[p] = EMPTY
            lifted = True
        if lifted:
            colour = smallest[3]
            enclosures[colour] = [item for item in enclosures[colour] if work.cells[item[0][0]] != EMPTY]
            enclosures[3 - colour] = _enclosures(work, 3 - colour)


def _enclosures(board: Board, colour: int) -> list[tuple[list[int], int, list[int], int]]:
    """Every region enclosed by ``colour`` holding stones of the other that lack two eyes there:
    (those stones, the region's size, the region, ``colour``)."""
    cells = board.cells
    stride = board.stride
    half = board.width * board.height // 2
    found: list[tuple[list[int], int, list[int], int]] = []
    other = 3 - colour
    todo = board.todo(EMPTY, other)
    empties: list[int] | None = None  # the empty points no eye count has reached yet
    end = len(todo) - 1
    start = next_todo(todo, 0)
    while start < end:
        todo[start] = 0
        region = [start]
        for p in region:  # the four neighbours unrolled: this flood is the estimate's hot loop
            n = p - 1
            if todo[n]:
                todo[n] = 0
                region.append(n)
            n = p + 1
            if todo[n]:
                todo[n] = 0
                region.append(n)
            n = p - stride
            if todo[n]:
                todo[n] = 0
                region.append(n)
            n = p + stride
            if todo[n]:
                todo[n] = 0
                region.append(n)
        start = next_todo(todo, start)
        if len(region) > half:
            continue
        inside = [p for p in region if cells[p] == other]
        if not inside:
            continue
        if empties is None:
            empties = board.todo(EMPTY)
        if _eyes(board, region, other, empties) < 2:
            found.append((inside, len(region), region, colour))
    return found


def _eyes(board: Board, region: list[int], owner: int, empties: list[int]) -> int:
    """Eyes of ``owner`` in ``region``: its empty areas bordered by ``owner``'s stones alone.
    ``empties`` marks the empty points not yet reached (an area lies in one region only)."""
    cells = board.cells
    steps = board.steps
    enemy = 3 - owner
    eyes = 0
    for start in region:
        if not empties[start]:
            continue
        empties[start] = 0
        area = [start]
        pure = True
        for p in area:
            for d in steps:
                n = p + d
                if empties[n]:
                    empties[n] = 0
                    area.append(n)
                elif cells[n] == enemy:
                    pure = False
        if pure:
            eyes += 2 if len(area) >= TWO_EYES else 1
    return eyes


def _seki(board: Board, region: list[int], inside: list[int], colour: int) -> bool:
    """Whether the stones ``inside`` and an enclosing chain of ``colour`` share liberties and
    neither has another liberty than the shared ones and its own eye points."""
    cells = board.cells
    other = 3 - colour
    inner: set[int] = set()
    done: set[int] = set()  # stones of the chains looked at
    for p in inside:
        if p not in done:
            stones, liberties = board.group(p)
            if len(liberties) < 2:
                return False  # in atari: the enclosing colour takes it (issue 44)
            done.update(stones)
            inner |= liberties
    for p in inner:
        for d in board.steps:
            n = p + d
            if cells[n] != colour or n in done:
                continue
            stones, outer = board.group(n)
            done.update(stones)
            shared = inner & outer
            if not shared or len(outer) > 2 * TWO_EYES:
                continue
            if (outer - shared) <= _eye_points(board, outer, colour) and (inner - shared) <= _eye_points(
                board, inner, other
            ):
                return True
    return False


def _eye_points(board: Board, liberties: set[int], owner: int) -> set[int]:
    """The liberties whose neighbours are all ``owner``'s stones, the edge or other such points."""
    cells = board.cells
    return {
        p
        for p in liberties
        if all(
            cells[p + d] in (owner, EDGE) or (cells[p + d] == EMPTY and p + d in liberties)
            for d in board.steps
        )
    }


def _chains(board: Board, points: list[int]) -> list[list[int]]:
    """``points`` (stones) split into their chains."""
    left = set(points)
    chains: list[list[int]] = []
    while left:
        stones, _ = board.group(next(iter(left)))
        chains.append(sorted(stones))
        left -= set(stones)
    return chains
