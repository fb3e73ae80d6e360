"""Verdicts that rest on a move kifu assumed in place of one it could not play.

A game's checker goes on past a move it cannot play with the move the rest of the game shows
was meant (chess, Go); what it then says about the position (an ending, a result check, a move
after the end) is provisional: :func:`provisional` makes such a finding at most a warning whose
message names the assumed moves, and marks it (:class:`~kifu.core.findings.Assumption`).
"""

from __future__ import annotations

from collections.abc import Sequence

from kifu.core.findings import Assumption, Finding, Severity

#: the assumed moves a message names; more are counted
NAMED = 3


def provisional(finding: Finding, assumptions: Sequence[Assumption]) -> Finding:
    """``finding`` as it is when ``assumptions`` (the assumed moves it rests on, in order) is
    empty; else at most a warning whose message ends "if the intended move was ...", carrying
    the first of them."""
    if not assumptions:
        return finding
    named = [f"{a.assumed} (written {a.written})" for a in assumptions[:NAMED]]
    if len(assumptions) > NAMED:
        named.append(f"{len(assumptions) - NAMED} more")
    moves = " and ".join(named)
    plural = "moves were" if len(assumptions) > 1 else "move was"
    finding.message += f", if the intended {plural} {moves}"
    finding.severity = min(finding.severity, Severity.WARNING)
    finding.assumption = assumptions[0]
    return finding
