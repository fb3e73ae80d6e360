"""Repetition verdicts (perpetual check, chase, mate threat and their mixtures) and the natural limit.

:func:`adjudicate` looks at the main line the checker collected from the walk. A cycle counts
when the same position (side to move included) comes round the ``repetition``-th time (3 by
default) and the game stays in the repetition to the end of the record; every move of the cycle
is classified (check, mate threat, chase with its targets, idle) and the verdict table of the
chosen preset (``cxa`` or ``axf``) is applied. The natural limit is 60 rounds (120 plies)
without a capture, a side's checks beyond its 10th (and the replies to them) not counting for
that side's claim. It is a claim (like chess's fifty moves), reported in ``claims`` with whether
it holds at the end: it ends the game only when the record ends with the draw while it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kifu.core.digits import ascii_number
from kifu.core.findings import Finding, Severity
from kifu.core.record import Record, Span
from kifu.xiangqi import codes
from kifu.xiangqi.board import BLACK, RED, Board
from kifu.xiangqi.protection import MoveClass, classify, describe

if TYPE_CHECKING:  # the checker calls this module: its types only, no import cycle at run time
    from kifu.xiangqi.checker import Ply, Replayed

PRESETS = ("cxa", "axf")
RULE_NAMES = {"cxa": "CXA rules", "axf": "AXF rules"}
SIDE_NAMES = {RED: "Red", BLACK: "Black"}
SIDE_KEYS = {RED: "red", BLACK: "black"}
DEFAULT_THRESHOLD = 3
DEFAULT_NATURAL_LIMIT = 60
DEFAULT_CHECK_CAP = 10


@dataclass(frozen=True, slots=True)
class Classified:
    """One ply of a cycle: who moved, the move's text, what it does, and per chase the target's
    identity (the square it stood on when the cycle began), its name and the attacker's name."""

    ply: int
    side: int
    text: str
    kind: MoveClass
    chased: tuple[tuple[int, str, str], ...]

    @property
    def targets(self) -> frozenset[int]:
        return frozenset(target for target, _, _ in self.chased)


@dataclass(frozen=True, slots=True)
class SideVerdict:
    """One side's pattern through the cycle (``perpetual check``, ``perpetual chase``, ``perpetual
    mate threat``, a mixture such as ``one check one chase``, or ``idle``), whether the preset
    forbids it, and the pieces chased throughout."""

    pattern: str
    forbidden: bool
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one cycle."""

    first: int
    last: int
    moves: tuple[Classified, ...]
    sides: dict[int, SideVerdict]
    result: str
    reason: str
    rule: str
    ruling: str

    def to_dict(self, threshold: int) -> dict[str, Any]:
        """The record's ``repetition`` in the JSON report: the cycle, each move classified, the
        verdict. ``first``: the repeated position is the one after this ply (0: the start)."""
        return {
            "rule": self.rule,
            "ruling": self.ruling,
            "result": self.result,
            "reason": self.reason,
            "first": self.first,
            "last": self.last,
            "occurrence": threshold,
            "sides": {
                SIDE_KEYS[side]: {
                    "pattern": sv.pattern,
                    "forbidden": sv.forbidden,
                    "chased": list(sv.targets),
                }
                for side, sv in self.sides.items()
            },
            "moves": [
                {
                    "ply": m.ply,
                    "side": SIDE_KEYS[m.side],
                    "move": m.text,
                    "check": m.kind.check,
                    "mate_threat": m.kind.threat,
                    "chases": [
                        {"target": target, "attacker": attacker, "why": chase.why}
                        for (_, target, attacker), chase in zip(m.chased, m.kind.chases, strict=True)
                    ],
                }
                for m in self.moves
            ],
        }


def preset_of(rules: str | None) -> str:
    """The xiangqi preset named by ``rules`` (``None`` and anything unknown mean ``cxa``)."""
    name = (rules or "cxa").lower()
    return name if name in PRESETS else "cxa"


# --- cycles ---------------------------------------------------------------------------------


def find_cycle(plies: list[Ply], threshold: int) -> tuple[int, int] | None:
    """``(first, last)`` position indices of the repetition that ends the line, or ``None``.

    Position ``i`` is the one after ply ``i`` (0: the start). The cycle is judged at ``last``,
    the first position of the final run of repeated positions whose key occurred the
    ``threshold``-th time; ``first`` is that key's occurrence ``threshold - 1`` repeats earlier.
    """
    if not plies or threshold < 2:
        return None
    keys = [plies[0].key_before, *(p.key_after for p in plies)]
    seen: dict[int, list[int]] = {}
    repeat = []
    for i, key in enumerate(keys):
        where = seen.setdefault(key, [])
        repeat.append(bool(where))
        where.append(i)
    tail = len(keys)
    while tail > 0 and repeat[tail - 1]:
        tail -= 1
    counts: dict[int, int] = {}
    for i, key in enumerate(keys):
        counts[key] = counts.get(key, 0) + 1
        if i >= tail and counts[key] >= threshold:
            occurrences = seen[key]
            n = counts[key]
            return occurrences[n - threshold], i
    return None


def _pattern(moves: list[Classified], preset: str) -> SideVerdict:
    """What one side's moves in the cycle amount to under ``preset``.

    Every move checks: perpetual check. Every move chases one piece or more (not necessarily
    the same: the CXA rules' long catch is catching "one or more" pieces continuously):
    perpetual chase. Every move threatens mate: perpetual mate threat. Every move checks,
    threatens mate or chases: a mixture such as one check one chase. The last two are
    forbidden under CXA and allowed under AXF; anything else is allowed.
    """
    if not moves:
        return SideVerdict("idle", False)
    if all(m.kind.check for m in moves):
        return SideVerdict("perpetual check", True)
    if all(m.targets for m in moves):
        names = {target: name for m in moves for target, name, _ in m.chased}
        return SideVerdict("perpetual chase", True, tuple(names[t] for t in sorted(names)))
    if all(m.kind.threat for m in moves):
        return SideVerdict("perpetual mate threat", preset == "cxa")
    if all(m.kind.check or m.kind.threat or m.targets for m in moves):
        kinds = [
            k
            for k, present in (
                ("check", any(m.kind.check for m in moves)),
                ("mate threat", any(m.kind.threat for m in moves)),
                ("chase", any(not (m.kind.check or m.kind.threat) for m in moves)),
            )
            if present
        ]
        name = " one ".join(kinds) if len(kinds) == 2 else "checks, mate threats and chases"
        return SideVerdict(f"one {name}" if len(kinds) == 2 else name, preset == "cxa")
    return SideVerdict("idle", False)


def judge(moves: list[Classified], preset: str) -> tuple[dict[int, SideVerdict], str, str, str, str]:
    """The verdict table: per-side patterns, result, reason, the rule applied and the ruling."""
    sides = {side: _pattern([m for m in moves if m.side == side], preset) for side in (RED, BLACK)}
    red, black = sides[RED], sides[BLACK]
    rules = RULE_NAMES[preset]

    def status(sv: SideVerdict) -> str:
        if sv.pattern == "idle":
            return "idle"
        of = f" of the {' and the '.join(sv.targets)}" if sv.targets else ""
        return f"{sv.pattern}{of} ({'forbidden' if sv.forbidden else 'allowed'})"

    both = f"Red {status(red)}, Black {status(black)}"
    checkers = [side for side in (RED, BLACK) if sides[side].pattern == "perpetual check"]
    if red.forbidden and black.forbidden:
        if len(checkers) == 2:
            return sides, "1/2-1/2", "repetition-draw", f"{rules}, mutual perpetual check", "draw"
        if not checkers:
            return sides, "1/2-1/2", "repetition-draw", f"{rules}, both sides forbidden", f"{both}: draw"
    if red.forbidden or black.forbidden:
        # a one-sided perpetual check is never allowed, even against another forbidden pattern
        loser = checkers[0] if checkers else RED if red.forbidden else BLACK
        pattern = sides[loser].pattern
        reason = {"perpetual check": "perpetual-check", "perpetual chase": "perpetual-chase"}.get(
            pattern, "forbidden-repetition"
        )
        result = "0-1" if loser == RED else "1-0"
        name = SIDE_NAMES[loser]
        ruling = f"{both}; {name} must vary or loses: {result}"
        return sides, result, reason, f"{rules}, {pattern}", ruling
    return sides, "1/2-1/2", "repetition-draw", f"{rules}, both sides allowed", f"{both}: draw"


def _classify_cycle(
    boards: dict[int, Board], plies: list[Ply], first: int, last: int, preset: str
) -> list[Classified]:
    """Classify plies ``first + 1`` … ``last``; ``boards``: the main line's position after each
    ply from ``first`` to ``last`` (from the walk)."""
    board = boards[first]
    ids = {sq: sq for sq in range(90) if board.board[sq]}
    out = []
    seen: dict[tuple[int, int], MoveClass] = {}  # the second cycle repeats the first
    for index in range(first, last):
        board, after = boards[index], boards[index + 1]
        move = plies[index].move
        mover = board.side
        key = (board.hash, move)
        kind = seen.get(key) or seen.setdefault(key, classify(board, move, preset))
        ids.pop(move & 127, None)
        ids[move & 127] = ids.pop(move >> 7)
        chased = tuple(
            (ids[c.target], describe(after, c.target), describe(after, c.attacker)) for c in kind.chases
        )
        out.append(Classified(plies[index].number, mover, plies[index].text, kind, chased))
    return out


def _move_note(m: Classified) -> str:
    parts = []
    if m.kind.check:
        parts.append("check")
    if m.kind.threat:
        parts.append("mate threat")
    if m.kind.chases:
        chased = ", ".join(
            f"{target} by the {attacker} ({c.why})"
            for (_, target, attacker), c in zip(m.chased, m.kind.chases, strict=True)
        )
        parts.append(f"chase {chased}")
    return f"{m.ply}. {m.text} {' + '.join(parts) if parts else 'idle'}"


def explain(verdict: Verdict, threshold: int) -> str:
    """The arbiter's note for a cycle: the ruling, the cycle's plies, every move classified."""
    start = "the start position" if verdict.first == 0 else f"the position after ply {verdict.first}"
    notes = {side: ", ".join(_move_note(m) for m in verdict.moves if m.side == side) for side in (RED, BLACK)}
    per_side = "; ".join(f"{SIDE_NAMES[side]}: {notes[side] or 'no move'}" for side in (RED, BLACK))
    return (
        f"{verdict.rule}: {verdict.ruling}. Repetition: {start} occurs for the {_ordinal(threshold)} time "
        f"after ply {verdict.last}; the cycle is plies {verdict.first + 1}-{verdict.last}. {per_side}"
    )


def _ordinal_number(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _ordinal(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


#: the main line's boards after the plies asked for (a walk with a positions visitor)
Boards = Callable[[Collection[int]], dict[int, Board]]


def repetition_verdict(
    replay_result: Replayed, preset: str, threshold: int, boards: Boards
) -> Verdict | None:
    """The verdict on the repetition that ends the replayed line, if there is one."""
    cycle = find_cycle(replay_result.plies, threshold)
    if cycle is None:
        return None
    first, last = cycle
    moves = _classify_cycle(boards(range(first, last + 1)), replay_result.plies, first, last, preset)
    sides, result, reason, rule, ruling = judge(moves, preset)
    return Verdict(first, last, tuple(moves), sides, result, reason, rule, ruling)


# --- natural limit ---------------------------------------------------------------------------


def natural_limit(
    plies: list[Ply], first_side: int, start_clock: int, rounds: int, cap: int
) -> tuple[int, int, dict[int, int]] | None:
    """``(ply, claimant, checks)`` when the natural limit holds at the end of the line, else ``None``."""
    return _natural_limit(plies, first_side, start_clock, rounds, cap)[0]


def _natural_limit(
    plies: list[Ply], first_side: int, start_clock: int, rounds: int, cap: int
) -> tuple[tuple[int, int, dict[int, int]] | None, int | None]:
    """:func:`natural_limit`, and the first ply where the limit was reached (even if a capture
    came later).

    A side's counter advances with every ply since the last capture except its checks beyond
    the ``cap``-th and the replies to them; the limit is reached when a counter gets to
    ``2 * rounds``. ``checks`` counts each side's checks since the last capture.
    """
    counters = {RED: start_clock, BLACK: start_clock}
    checks = {RED: 0, BLACK: 0}
    skip_reply = {RED: False, BLACK: False}
    reached: tuple[int, int] | None = None
    first: int | None = None
    side = first_side
    for ply in plies:
        if ply.captured:
            counters = {RED: 0, BLACK: 0}
            checks = {RED: 0, BLACK: 0}
            skip_reply = {RED: False, BLACK: False}
            reached = None
        else:
            if ply.gives_check:
                checks[side] += 1
            for claimant in (RED, BLACK):
                if skip_reply[claimant]:
                    skip_reply[claimant] = False
                elif claimant == side and ply.gives_check and checks[side] > cap:
                    skip_reply[claimant] = True
                else:
                    counters[claimant] += 1
            if reached is None:
                best = max((RED, BLACK), key=lambda s: (counters[s], s == first_side))
                if counters[best] >= 2 * rounds:
                    reached = (ply.number, best)
                    first = ply.number if first is None else first
        side = -side
    if reached is None:
        return None, first
    return (reached[0], reached[1], checks), first


def _clock(record: Record) -> int:
    """The half-move clock of the record's FEN (plies without capture before the first move)."""
    fields = (record.start_position or "").split()
    return (ascii_number(fields[4]) if len(fields) >= 5 else None) or 0


# --- the hook ---------------------------------------------------------------------------------


def _setting(settings: dict[str, Any], name: str, default: int) -> int:
    value = settings.get(name)
    try:
        return int(value) if value is not None else default
    except (TypeError, ValueError):
        return default


def _span(record: Record, ply: int) -> Span | None:
    if 0 < ply <= len(record.moves):
        return record.moves[ply - 1].span
    return record.result_span


def adjudicate(
    record: Record,
    replay_result: Replayed,
    declared: str | None,
    rules: str | None,
    settings: dict[str, Any],
    boards: Boards,
) -> tuple[dict[str, Any] | None, list[Finding], list[dict[str, Any]], dict[str, Any] | None]:
    """The outcome decided by a repetition or a natural-limit claim, the findings that explain it,
    the natural-limit claim (``reason``, first ``ply`` available, ``reached_ply`` of the limit
    that holds at the end, ``valid`` at the end), and the repetition that decides the game
    (:meth:`Verdict.to_dict`), if one does. ``boards`` gives the main line's positions a
    repetition's cycle is classified on."""
    if not replay_result.complete or replay_result.outcome is not None or not replay_result.plies:
        return None, [], [], None
    preset = preset_of(rules)
    threshold = _setting(settings, "repetition", DEFAULT_THRESHOLD)
    rounds = _setting(settings, "natural_limit", DEFAULT_NATURAL_LIMIT)
    cap = _setting(settings, "natural_limit_checks", DEFAULT_CHECK_CAP)
    plies = replay_result.plies
    findings: list[Finding] = []
    outcome: dict[str, Any] | None = None
    boards = _once(boards)  # a second preset's verdict classifies the same boards again
    verdict = repetition_verdict(replay_result, preset, threshold, boards)
    first_side = -replay_result.board.side if len(plies) % 2 else replay_result.board.side
    limit, available = (
        _natural_limit(plies, first_side, _clock(record), rounds, cap) if rounds > 0 else (None, None)
    )
    claims: list[dict[str, Any]] = []
    if available is not None:
        reached = limit[0] if limit is not None else None
        claims.append(
            {"reason": "natural-limit", "ply": available, "reached_ply": reached, "valid": bool(limit)}
        )
    # a claim ends the game only where the record ends with the draw while it holds
    claimed = limit is not None and declared == "1/2-1/2"
    if limit is not None and (claimed or verdict is None):
        ply, claimant, checks = limit
        if claimed:
            outcome = {"result": "1/2-1/2", "reason": "natural-limit", "ply": len(plies)}
        clock = _clock(record)
        before = f" (counting {clock} plies before the record, from the FEN)" if clock else ""
        counted = (
            f"checks since the last capture: Red {checks[RED]}, Black {checks[BLACK]}; a side's checks "
            f"beyond its {_ordinal_number(cap)} and the replies to them do not count for its claim; "
            f"{SIDE_NAMES[claimant]}'s count reaches the limit"
        )
        findings.append(
            codes.NATURAL_LIMIT(
                f"{RULE_NAMES[preset]}, natural limit: {rounds} rounds ({2 * rounds} plies) without a "
                f"capture are complete after ply {ply}{before}; {counted}: "
                + (
                    "the record's draw rests on this claim"
                    if claimed
                    else "a draw if claimed (not "
                    f"claimed: the record goes on to its result {declared or 'missing'}, which stands)"
                ),
                _span(record, ply),
                ply=ply,
                move=plies[ply - 1].text,
                rule=f"{RULE_NAMES[preset]}, natural limit",
            )
        )
    decided: dict[str, Any] | None = None
    if verdict is not None and not claimed:
        decided = verdict.to_dict(threshold)
        outcome = {"result": verdict.result, "reason": verdict.reason, "ply": verdict.last}
        findings.append(
            codes.REPETITION_VERDICT(
                explain(verdict, threshold),
                _span(record, verdict.last),
                ply=verdict.last,
                move=plies[verdict.last - 1].text if verdict.last else None,
                rule=verdict.rule,
            )
        )
    if outcome is None:
        return None, findings, claims, None
    if declared != outcome["result"]:
        span = record.result_span or record.tag_spans.get("Result")
        why = f"{outcome['reason']} at ply {outcome['ply']} ({RULE_NAMES[preset]})"
        rule = findings[0].rule
        if declared in (None, "*"):
            should = outcome["result"]
            message = f"result {declared or 'missing'}, but the game ended by {why}: it should be {should}"
            findings.append(codes.UNFINISHED_BY_RULE(message, span, rule=rule))
        else:
            message = f"result {declared}, but the rules decide {outcome['result']} by {why}"
            other = None
            if rules is None and decided is not None:
                other = _agreeing_preset(replay_result, preset, threshold, boards, declared)
            if other is None:
                findings.append(codes.RESULT_CONTRADICTS_VERDICT(message, span, rule=rule))
            else:
                # the verdict rests on the default preset, which the record does not name
                message = (
                    f"result {declared}, but the rules decide {outcome['result']} by {outcome['reason']} "
                    f"at ply {outcome['ply']} ({RULE_NAMES[preset]}, assumed: no rules are stated); "
                    f"{RULE_NAMES[other]} decide {declared}, as recorded. State the rules: --rules "
                    f'{preset} or --rules {other} (rules = "{preset}" in the configuration)'
                )
                findings.append(
                    codes.RESULT_CONTRADICTS_VERDICT(message, span, rule=rule, severity=Severity.WARNING)
                )
    return outcome, findings, claims, decided


def _agreeing_preset(
    replay_result: Replayed, preset: str, threshold: int, boards: Boards, declared: str
) -> str | None:
    """Another preset whose verdict on the same cycle (the same boards) is the ``declared`` result."""
    for other in PRESETS:
        if other != preset:
            verdict = repetition_verdict(replay_result, other, threshold, boards)
            if verdict is not None and verdict.result == declared:
                return other
    return None


def _once(boards: Boards) -> Boards:
    """``boards``, each position walked for once: asked again, it comes from the first answer."""
    known: dict[int, Board] = {}

    def cached(plies: Collection[int]) -> dict[int, Board]:
        missing = [ply for ply in plies if ply not in known]
        if missing:
            known.update(boards(missing))
        return {ply: known[ply] for ply in plies}

    return cached
