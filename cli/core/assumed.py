"""Verdicts that rest on a move kifu assumed in place of one it could not play, or set aside.

A game's checker goes on past a move it cannot play with the move the rest of the game shows
was meant (chess, Go), or (Go, which plays through) without it or as the record has it; what it
then says about the position (an ending, a result check, a move after the end) is provisional:
:func:`provisional` makes such a finding at most a warning whose message names the moves it
rests on, and marks it with the first assumed (:class:`~kifu.core.findings.Assumption`).
"""

from __future__ import annotations

from collections.abc import Sequence

from kifu.core.findings import Assumption, Finding, Severity

#: the assumed moves a message names, and the moves set aside; more are counted
NAMED = 3


def provisional(finding: Finding, assumptions: Sequence[Assumption], aside: Sequence[str] = ()) -> Finding:
    """``finding`` as it is when ``assumptions`` (the assumed moves it rests on, in order) and
    ``aside`` are empty; else at most a warning whose message ends "if the intended move was
    ...", carrying the first assumption. ``aside``: the moves that could not be played and were
    not replaced, each a clause of its own ("the move at 57 (W[qd], on an occupied point) is
    left out"), named after the assumed moves."""
    if not assumptions and not aside:
        return finding
    clauses: list[str] = []
    if assumptions:
        named = [f"{a.assumed} ({a.source})" for a in assumptions[:NAMED]]
        if len(assumptions) > NAMED:
            named.append(f"{len(assumptions) - NAMED} more")
        moves = " and ".join(named)
        plural = "moves were" if len(assumptions) > 1 else "move was"
        clauses.append(f"the intended {plural} {moves}")
    clauses.extend(aside[:NAMED])
    if len(aside) > NAMED:
        clauses.append(f"{len(aside) - NAMED} more moves that cannot be played are set aside")
    finding.message += ", if " + " and ".join(clauses)
    finding.severity = min(finding.severity, Severity.WARNING)
    if assumptions:
        finding.assumption = assumptions[0]
    return finding
