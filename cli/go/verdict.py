"""The verdict on a count that disagrees with ``RE``: certain (error) or resting on an assumption.

"Severity follows the evidence" (DESIGN.md): a disagreement is an error only when the record
states what the count needs (komi; rules when the game has a handicap; dead stones marked, or
none needed) and no reasonable set of dead stones makes it agree. Otherwise it is a warning
naming the assumption and what would make the record agree: another komi (the 1988 Chinese text
says 5.5, the current one 7.5), territory counting when the record names no rules (``RU``), or
dead stones the record does not mark (:mod:`~kifu.go.life`'s candidates, named as "the white
stones at B5, C5").

Without marked dead stones, kifu's estimate is no proof: it misreads false eyes and sekis that
are none, where GNU Go's ``final_score`` reproduces RE (issue 44). So the error needs a proof: RE
lies beyond what any reasonable marking gives, every chain that is not surely alive lifted
(:func:`sure_life`: unconditionally alive, Benson; or alone around an empty area of
:data:`SURE_TWO_EYES` points or more). Within that reach the verdict is a warning naming the
stones that would have to be dead, or saying that the count rests on the dead-stone estimate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from kifu.core.findings import Severity
from kifu.go.board import BLACK, EDGE, EMPTY, WHITE, Board
from kifu.go.life import Estimate, benson, estimate
from kifu.go.rules import Rules
from kifu.go.scoring import Count, agrees, result_form, vertex
from kifu.go.values import format_number

#: the komi of the Chinese rule texts: 1988 (2¾ stones) and current (3¾ stones)
CHINESE_KOMI: Final = {5.5: "the 1988 Chinese text", 7.5: "the current Chinese text"}
#: at most this many dead-candidate groups are combined in the search
MAX_GROUPS: Final = 24
#: an empty area of this many points bordered by one colour is sure to hold two eyes
SURE_TWO_EYES: Final = 7
#: at most this many stones are named in a message
MAX_NAMED: Final = 8


#: the komi of territory rules (Japanese, Korean) tried when the record states none
TERRITORY_KOMI: Final = 6.5
TERRITORY_NOTE: Final = "Japanese or Korean rules; the record names none in RU"


@dataclass(slots=True)
class Premises:
    """What the count rested on: the komi and whether the record (or the user) stated it, the
    rules, the dead stones given (marks, ``--dead``, GNU Go) and whether any were. ``placed``:
    the black stones the main line put on the board less the white ones (moves and setup), when
    the record names no rules: the territory margin is then the area margin plus the handicap
    compensation less it (every stone off the board is a prisoner of the other colour); the
    territory counted is the record's marks (``marked``), when it has any, not kifu's regions."""

    board: Board
    rules: Rules
    komi: float
    komi_stated: bool
    handicap: int
    rules_stated: bool
    dead: set[int] = field(default_factory=set)
    dead_given: bool = False
    white_passed_first: bool = False
    placed: int | None = None
    #: the points the record marks as Black's territory less White's (TB, TW), if it marks any
    marked: int | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """One way the record may have been counted: the amount added to kifu's margin, and what it
    assumes ("with komi 5.5 (the 1988 Chinese text)", "under territory counting …")."""

    shift: float
    note: str


@dataclass(slots=True)
class Verdict:
    """The severity of GO201 and the text its message ends with (what would make it agree, the
    assumptions made)."""

    severity: Severity
    note: str


def judge(premises: Premises, declared: str, counted: Count) -> Verdict:
    """The verdict on ``counted`` (already known to disagree with ``declared``)."""
    readings = _readings(premises, counted)
    groups: list[list[int]] = []
    guess: Estimate | None = None
    lifting = _Lifting(premises.board, premises.dead)
    if not premises.dead_given and premises.rules.name != "tromp-taylor":
        guess = estimate(premises.board)
        groups = _units(lifting, guess.dead)[:MAX_GROUPS]
    found = _search(declared, counted, lifting, groups, readings)
    assumptions = []
    if not premises.komi_stated:
        assumptions.append(f"komi {format_number(premises.komi)} assumed ({_komi_source(premises)})")
    if premises.handicap >= 2 and not premises.rules_stated:
        assumptions.append(f"{premises.rules.name} rules assumed for the handicap compensation")
    if found is not None:
        reading, named = found
        agree = [reading.note] if reading.note else []
        if named:
            agree.append(f"if {_name(premises.board, named)} dead (the record marks no dead stones)")
        return Verdict(Severity.WARNING, f"; agrees {' and '.join(agree)}" + _with(assumptions))
    if guess is not None:
        estimated_dead = _name(premises.board, groups) + " dead" if groups else "none"
        unsure = _unsure(premises.board, guess, lifting)
        more = _search(declared, counted, lifting, unsure[:MAX_GROUPS], readings)
        if more is not None:
            reading, named = more
            how = f"{reading.note} and " if reading.note else ""
            return Verdict(
                Severity.WARNING,
                f"; agrees {how}only if {_name(premises.board, named)} dead, which kifu's estimate "
                f"thinks alive (the record marks no dead stones; the estimate finds {estimated_dead})"
                + _with(assumptions),
            )
        reach = _reach(counted, lifting, unsure)
        if _within(declared, reach, readings):
            return Verdict(
                Severity.WARNING,
                "; agrees only if stones kifu's estimate thinks alive are dead too: the verdict rests on "
                "which stones are dead (the record marks no dead stones; the estimate finds "
                f"{estimated_dead})" + _with(assumptions),
            )
        sure = (
            f"surely alive (unconditionally alive, or alone around an area of {SURE_TWO_EYES} points or more)"
        )
        if reach[0] == reach[1]:
            base = f"; every stone is {sure}: no marking of dead stones makes it agree"
        else:
            low, high = (result_form(margin) for margin in reach)
            base = (
                f"; no marking of dead stones makes it agree: with every stone that is not {sure} "
                f"dead, the count lies between {low} and {high}"
            )
        base += _territory(counted, readings)
    else:
        base = _territory(counted, readings)
    if assumptions:
        return Verdict(Severity.WARNING, base + _with(assumptions))
    return Verdict(Severity.ERROR, base)


def _readings(premises: Premises, counted: Count) -> list[Reading]:
    """The ways the record may have been counted: with its komi, or without KM with the Chinese
    texts' too; and, when it names no rules, by territory (Japanese, Korean) with its komi, or
    without KM with theirs (:data:`TERRITORY_KOMI`)."""
    komi = premises.komi
    readings = [Reading(0.0, "")]
    if not premises.komi_stated and premises.handicap < 2:
        readings += [
            Reading(komi - k, f"with komi {format_number(k)} ({CHINESE_KOMI[k]})")
            for k in sorted(CHINESE_KOMI)
            if k != komi
        ]
    if premises.placed is not None:
        # territory margin = area margin + compensation - (black stones placed - white ones)
        shift = counted.compensation - premises.placed
        if premises.marked is not None:  # the territory the players marked, not kifu's regions
            shift += premises.marked - (counted.black_territory - counted.white_territory)
        komis = [komi] if premises.komi_stated or premises.handicap >= 2 else [TERRITORY_KOMI]
        for k in komis:
            note = f"under territory counting ({TERRITORY_NOTE})"
            if k != komi:
                note = f"with komi {format_number(k)} {note}"
            readings.append(Reading(shift + komi - k, note))
    return readings


def _territory(counted: Count, readings: list[Reading]) -> str:
    """What counting by territory gives, when it was tried (the record names no rules)."""
    tried = [r for r in readings if r.note.endswith(f"({TERRITORY_NOTE})")]
    if not tried:
        return ""
    shown = " or ".join(result_form(counted.margin + r.shift) for r in tried)
    return f"; by territory (the record names no rules in RU) the count is {shown}"


def sure_life(board: Board) -> set[int]:
    """The stones that no reasonable marking calls dead: those unconditionally alive (Benson),
    and the chain that alone encloses an empty area of :data:`SURE_TWO_EYES` points or more (no
    stone of the other colour inside: at the end of a game it holds two eyes), with the chains
    of its colour that stand inside the area (touching nothing but it and the edge)."""
    alive = benson(board, BLACK) | benson(board, WHITE)
    cells = board.cells
    steps = board.steps
    for region, border in board.regions():
        if len(region) < SURE_TWO_EYES or len(border) != 1:
            continue
        inside = set(region)
        enclosing: list[list[int]] = []
        within: list[int] = []
        seen: set[int] = set()
        for p in region:
            for d in steps:
                n = p + d
                if cells[n] in (BLACK, WHITE) and n not in seen:
                    chain, _ = board.group(n)
                    seen.update(chain)
                    neighbours = {q + e for q in chain for e in steps} - set(chain)
                    if all(q in inside or cells[q] == EDGE for q in neighbours):
                        within.extend(chain)  # a stone of the owner inside its own area
                    else:
                        enclosing.append(chain)
        if len(enclosing) == 1:
            alive.update(enclosing[0])
            alive.update(within)
    return alive


def _unsure(board: Board, guess: Estimate, lifting: _Lifting) -> list[list[int]]:
    """The candidates a reasonable marking may call dead beyond the estimate's: every chain not
    surely alive (:func:`sure_life`), those the estimate thinks nearest to dead first (its dead,
    then those without two eyes of their own, then the others), each as a unit of its colour."""
    alive = sure_life(board)
    cells = board.cells
    chains: list[list[int]] = []
    seen: set[int] = set()
    for p in range(len(cells)):
        if cells[p] in (BLACK, WHITE) and p not in seen and p not in alive:
            stones, _ = board.group(p)
            seen.update(stones)
            chains.append(stones)
    dead = guess.dead_points
    weak = {p for chain in _unsettled(board, guess) for p in chain}
    chains.sort(key=lambda chain: (chain[0] not in dead, chain[0] not in weak, len(chain)))
    return _units(lifting, chains)


def _reach(counted: Count, lifting: _Lifting, unsure: list[list[int]]) -> tuple[float, float]:
    """The lowest and highest margins a marking gives: every unsure black chain dead, and every
    unsure white one (lifting stones of a colour only lowers its margin)."""
    cells = lifting.board.cells
    low = counted.margin + lifting.delta({p for g in unsure if cells[g[0]] == BLACK for p in g})
    high = counted.margin + lifting.delta({p for g in unsure if cells[g[0]] == WHITE for p in g})
    return low, high


def _within(declared: str, reach: tuple[float, float], readings: list[Reading]) -> bool:
    """Whether RE lies within ``reach`` under one of the ``readings``."""
    low, high = reach
    winner, _, how = declared.partition("+")
    for reading in readings:
        shift = reading.shift
        if declared == "0":
            target = 0.0
        elif how == "":
            # a winner without a margin: some margin between the bounds gives it
            if (high + shift > 0) if winner == "B" else (low + shift < 0):
                return True
            continue
        else:
            try:
                target = float(how) if winner == "B" else -float(how)
            except ValueError:
                return False
        if low + shift <= target <= high + shift:
            return True
    return False


def _with(assumptions: list[str]) -> str:
    return f"; {', '.join(assumptions)}" if assumptions else ""


def _komi_source(premises: Premises) -> str:
    if premises.handicap >= 2:
        return "handicap game without KM"
    text = CHINESE_KOMI.get(premises.komi)
    return (
        f"no KM; {text}"
        if text and premises.rules.name == "chinese"
        else f"no KM; the {premises.rules.name} preset"
    )


def _unsettled(board: Board, guess: Estimate) -> list[list[int]]:
    """The chains that could still be dead: not unconditionally alive, not in seki, and without
    two eyes of their own (empty areas bordered by their colour alone, :data:`SURE_TWO_EYES`
    points or more counting as two) once the estimate's dead stones are lifted."""
    work = board.copy()
    cells = work.cells
    for p in guess.dead_points:
        cells[p] = EMPTY
    steps = work.steps
    chain_of = [-1] * len(cells)
    chains: list[list[int]] = []
    for start in range(len(cells)):
        colour = cells[start]
        if colour in (BLACK, WHITE) and chain_of[start] < 0:
            chain_of[start] = len(chains)
            stones = [start]
            for p in stones:
                for d in steps:
                    n = p + d
                    if cells[n] == colour and chain_of[n] < 0:
                        chain_of[n] = len(chains)
                        stones.append(n)
            chains.append(stones)
    eyes = [0] * len(chains)
    for region, border in work.regions():
        if len(border) != 1:
            continue
        value = 2 if len(region) >= SURE_TWO_EYES else 1
        touched = {chain_of[p + d] for p in region for d in steps}
        touched.discard(-1)
        for chain in touched:
            eyes[chain] += value
    safe = benson(board, BLACK) | benson(board, WHITE) | {p for g in guess.seki for p in g}
    return [stones for chain, stones in enumerate(chains) if eyes[chain] < 2 and not safe.issuperset(stones)]


def _units(lifting: _Lifting, chains: list[list[int]]) -> list[list[int]]:
    """Dead candidates of one colour that border a common empty area, merged: lifting one alone
    would leave the area shared with the others, so their margins only add up together (the
    regions are those of the position the verdict starts from, ``lifting``'s)."""
    board = lifting.board
    cells = board.cells
    parent = list(range(len(chains)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    index = {p: i for i, chain in enumerate(chains) for p in chain}
    for region, _ in lifting.regions:
        near: dict[int, int] = {}
        for p in region:
            for d in board.steps:
                i = index.get(p + d)
                if i is not None:
                    colour = cells[p + d]
                    if colour in near:
                        parent[root(i)] = root(near[colour])
                    else:
                        near[colour] = i
    merged: dict[int, list[int]] = {}
    for i, chain in enumerate(chains):
        merged.setdefault(root(i), []).extend(chain)
    return list(merged.values())


def _search(
    declared: str,
    counted: Count,
    lifting: _Lifting,
    groups: list[list[int]],
    readings: list[Reading],
) -> tuple[Reading, list[list[int]]] | None:
    """The first reading and the fewest candidate groups that make the count agree with
    ``declared`` (the margins of groups in separate regions add up; each answer is checked by
    lifting its groups together)."""
    base = counted.margin
    deltas = [lifting.delta(g) for g in groups]
    reach: dict[float, list[int]] = {0.0: []}
    for i, delta in enumerate(deltas):
        for total, subset in list(reach.items()):
            key = total + delta
            if key not in reach or len(subset) + 1 < len(reach[key]):
                reach[key] = [*subset, i]
    ordered = sorted(reach.items(), key=lambda item: len(item[1]))
    for reading in readings:
        for total, subset in ordered:
            if not agrees(declared, result_form(base + total + reading.shift)):
                continue
            named = [groups[i] for i in subset]
            margin = base + lifting.delta({p for g in named for p in g}) + reading.shift
            if agrees(declared, result_form(margin)):
                return reading, named
    return None


class _Lifting:
    """How the margin changes when more stones are lifted, found locally: only those stones and
    the empty regions they touch change owner, so floods over them replace a whole count."""

    __slots__ = ("board", "owned", "region_of", "regions")

    def __init__(self, board: Board, dead: set[int]) -> None:
        self.board = work = board.copy()
        for p in dead:
            if work.cells[p] != EDGE:
                work.cells[p] = EMPTY
        self.region_of = [-1] * len(work.cells)
        self.owned: list[int] = []  # per region: its points for Black, minus for White, 0 if shared
        self.regions = work.regions()
        for region, border in self.regions:
            for p in region:
                self.region_of[p] = len(self.owned)
            self.owned.append(_owned(len(region), sum(border)))

    def delta(self, stones: Iterable[int]) -> float:
        """The margin with ``stones`` lifted minus the margin without."""
        cells = self.board.cells
        steps = self.board.steps
        region_of, owned = self.region_of, self.owned
        lifted = set(stones)
        seen: set[int] = set()
        change = 0
        for start in lifted:
            if start in seen:
                continue
            # one area the lifting makes: lifted stones and the empty regions they join
            seen.add(start)
            area = [start]
            touched: set[int] = set()
            border = 0  # BLACK | WHITE bits
            for p in area:
                if cells[p] == EMPTY:
                    touched.add(region_of[p])
                for d in steps:
                    n = p + d
                    if n in seen:
                        continue
                    content = cells[n]
                    if content == EMPTY or n in lifted:
                        seen.add(n)
                        area.append(n)
                    elif content != EDGE:
                        border |= content
            change += _owned(len(area), border) - sum(owned[r] for r in touched)
        for p in lifted:
            if cells[p] == BLACK:
                change -= 1
            elif cells[p] == WHITE:
                change += 1
        return change


def _owned(size: int, border: int) -> int:
    """An empty area's part of the margin: its size for the one colour bordering it (``border``
    holds the BLACK | WHITE bits of the colours touching it)."""
    if border == BLACK:
        return size
    if border == WHITE:
        return -size
    return 0


def _name(board: Board, groups: list[list[int]]) -> str:
    """``the white stones at B5, C5 are`` (``… and the black stone at A1 is``)."""
    parts = []
    for colour, name in ((BLACK, "black"), (WHITE, "white")):
        stones = sorted(p for g in groups for p in g if board.cells[p] == colour)
        if not stones:
            continue
        names = [vertex(p, board) for p in stones[:MAX_NAMED]]
        more = f" and {len(stones) - MAX_NAMED} more" if len(stones) > MAX_NAMED else ""
        plural = "s" if len(stones) > 1 else ""
        parts.append(f"the {name} stone{plural} at {', '.join(names)}{more}")
    verb = "are" if len(parts) > 1 or sum(len(g) for g in groups) > 1 else "is"
    return f"{' and '.join(parts)} {verb}"
