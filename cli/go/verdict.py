"""The verdict on a count that disagrees with ``RE``: certain (error) or resting on an assumption.

"Severity follows the evidence" (DESIGN.md): a disagreement is an error only when the record
states what the count needs (komi; rules when the game has a handicap; dead stones marked, or
none needed by kifu's estimate) and no plausible set of dead stones makes it agree. Otherwise
it is a warning naming the assumption and what would make the record agree: another komi
(the 1988 Chinese text says 5.5, the current one 7.5), or dead stones the record does not mark
(:mod:`~kifu.go.life`'s candidates, named as "the white stones at B5, C5"). When only stones the
estimate thinks alive (but not unconditionally alive, nor in seki) could make it agree, the
estimate may be wrong: a warning too.
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


@dataclass(slots=True)
class Premises:
    """What the count rested on: the komi and whether the record (or the user) stated it, the
    rules, the dead stones given (marks, ``--dead``, GNU Go) and whether any were."""

    board: Board
    rules: Rules
    komi: float
    komi_stated: bool
    handicap: int
    rules_stated: bool
    dead: set[int] = field(default_factory=set)
    dead_given: bool = False
    white_passed_first: bool = False


@dataclass(slots=True)
class Verdict:
    """The severity of GO201 and the text its message ends with (what would make it agree, the
    assumptions made)."""

    severity: Severity
    note: str


def judge(premises: Premises, declared: str, counted: Count) -> Verdict:
    """The verdict on ``counted`` (already known to disagree with ``declared``)."""
    komis = [premises.komi]
    if not premises.komi_stated:
        komis += [k for k in sorted(CHINESE_KOMI) if k != premises.komi and premises.handicap < 2]
    groups: list[list[int]] = []
    guess: Estimate | None = None
    lifting = _Lifting(premises.board, premises.dead)
    if not premises.dead_given and premises.rules.name != "tromp-taylor":
        guess = estimate(premises.board)
        groups = _units(lifting, guess.dead)[:MAX_GROUPS]
    found = _search(premises, declared, counted, lifting, groups, komis)
    assumptions = []
    if not premises.komi_stated:
        assumptions.append(f"komi {format_number(premises.komi)} assumed ({_komi_source(premises)})")
    if premises.handicap >= 2 and not premises.rules_stated:
        assumptions.append(f"{premises.rules.name} rules assumed for the handicap compensation")
    if found is not None:
        komi, named = found
        agree = []
        if komi != premises.komi:
            agree.append(f"with komi {format_number(komi)} ({CHINESE_KOMI.get(komi, 'another text')})")
        if named:
            agree.append(f"if {_name(premises.board, named)} dead (the record marks no dead stones)")
        return Verdict(Severity.WARNING, f"; agrees {' and '.join(agree)}" + _with(assumptions))
    unsure = [] if guess is None else _unsettled(premises.board, guess) + guess.dead
    if unsure and _within_reach(premises, declared, counted, lifting, unsure, komis):
        # the estimate may be wrong: other stones, not unconditionally alive, could be dead
        found_dead = _name(premises.board, groups) + " dead" if groups else "none"
        return Verdict(
            Severity.WARNING,
            "; agrees only if stones kifu's estimate thinks alive are dead too (the record marks no "
            f"dead stones; the estimate finds {found_dead})" + _with(assumptions),
        )
    if not premises.dead_given and premises.rules.name != "tromp-taylor":
        base = (
            "; kifu's estimate finds no dead stones"
            if not groups
            else "; no set of the dead stones kifu's estimate finds makes it agree"
        )
    else:
        base = ""
    if assumptions:
        return Verdict(Severity.WARNING, base + _with(assumptions))
    return Verdict(Severity.ERROR, base)


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


def _within_reach(
    premises: Premises,
    declared: str,
    counted: Count,
    lifting: _Lifting,
    unsure: list[list[int]],
    komis: list[float],
) -> bool:
    """Whether RE lies between the counts with every unsure black chain dead and with every unsure
    white one dead (removing stones of a colour only lowers its margin): the verdict then rests on
    which of them are dead."""
    cells = premises.board.cells
    margins = [
        counted.margin + lifting.delta({p for g in unsure if cells[g[0]] == colour for p in g})
        for colour in (BLACK, WHITE)
    ]
    low, high = min(margins), max(margins)
    winner, _, how = declared.partition("+")
    for komi in komis:
        shift = premises.komi - komi
        if declared == "0":
            target = 0.0
        elif how == "":
            target = high + shift if winner == "B" else low + shift
            if (target > 0) == (winner == "B") and target != 0:
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


def _search(
    premises: Premises,
    declared: str,
    counted: Count,
    lifting: _Lifting,
    groups: list[list[int]],
    komis: list[float],
) -> tuple[float, list[list[int]]] | None:
    """The first komi and the fewest candidate groups that make the count agree with ``declared``
    (the margins of groups in separate regions add up; each answer is checked by lifting its
    groups together)."""
    base = counted.margin
    deltas = [lifting.delta(g) for g in groups]
    reach: dict[float, list[int]] = {0.0: []}
    for i, delta in enumerate(deltas):
        for total, subset in list(reach.items()):
            key = total + delta
            if key not in reach or len(subset) + 1 < len(reach[key]):
                reach[key] = [*subset, i]
    ordered = sorted(reach.items(), key=lambda item: len(item[1]))
    for komi in komis:
        for total, subset in ordered:
            if not agrees(declared, result_form(base + total + premises.komi - komi)):
                continue
            named = [groups[i] for i in subset]
            margin = base + lifting.delta({p for g in named for p in g}) + premises.komi - komi
            if agrees(declared, result_form(margin)):
                return komi, named
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
