"""What the "Ranked by" line calls each criterion, and the article it follows, per rulebook.

The list of criteria comes from the preset (or ``--tiebreak``); this module only names them in
the words of the rulebook the event follows, so that a FIDE event reads FIDE terms (no CXA
"small score") and a CXA event CXA ones. A criterion this table does not know is named by its
own description (:data:`kifu.standings.tiebreaks.CRITERIA`).
"""

from __future__ import annotations

from collections.abc import Sequence

from kifu.standings.tiebreaks import CRITERIA

#: criterion → (name, article) under FIDE's Tie-Break Regulations (Handbook C.07, 2023). The
#: articles are those the project's copy of the rule text states (6, 7.1-7.3, 10.1; article 16,
#: the unplayed rounds, is named by the preset's line); the others are named without a number
#: rather than with one nobody has checked.
FIDE: dict[str, tuple[str, str]] = {
    "points": ("points (win 1, draw ½, loss 0)", ""),
    "de": ("direct encounter", "C.07 6"),
    "wins": ("number of wins", "C.07 7.1"),
    "win": ("number of wins (WIN)", "C.07 7.1"),
    "won": ("number of games won over the board (WON)", "C.07 7.2"),
    "black": ("number of games played with Black", "C.07 7.3"),
    "bpg": ("number of games played with Black (BPG)", "C.07 7.3"),
    "buchholz": ("Buchholz", "C.07"),
    "buchholz-cut1": ("Buchholz cut-1", "C.07"),
    "buchholz-median": ("Median Buchholz", "C.07"),
    "sb": ("Sonneborn-Berger", "C.07"),
    "aro": ("average rating of the opponents (ARO)", "C.07 10.1"),
}

#: criterion → (name, article) under the CXA competition rules
CXA: dict[str, tuple[str, str]] = {
    "points": ("points: win 1, draw ½, loss 0", "CXA 14.1"),
    "board-points": ("board points, the bureau score", "CXA 14.2"),
    "sb": ("small score, the Sonneborn-Berger sum", "CXA 15.1"),
    "buchholz": ("opponents' points", "CXA 15.2"),
    "wins": ("victories", "CXA 15.1, 15.2"),
    "de": ("straight win, the direct encounter", "CXA 15.1"),
}

#: what differs in a CXA team event (the criteria count match points and teams)
CXA_TEAM: dict[str, tuple[str, str]] = {
    **CXA,
    "points": ("match points: win 2, draw 1, loss 0", "CXA 14.2"),
    "buchholz": ("team opponents' score", "CXA 15.4"),
    "wins": ("team victories", "CXA 15.3, 15.4"),
    "de": ("team direct victory", "CXA 15.3"),
}

#: criterion → (name, article) in Go events (no one rulebook: the names Go tournaments use)
GO: dict[str, tuple[str, str]] = {
    "points": ("wins", ""),
    "sos": ("SOS, sum of opponents' scores", ""),
    "sodos": ("SODOS, sum of defeated opponents' scores", ""),
}


def rulebook(preset: str, game: str | None, team: bool = False) -> dict[str, tuple[str, str]]:
    """The naming a preset (or, for ``--tiebreak``, the game) follows; ``team``: a team event."""
    if team:
        return CXA_TEAM
    if preset.startswith("fide"):
        return FIDE
    if preset.startswith("cxa"):
        return CXA
    if preset == "go":
        return GO
    return {"xiangqi": CXA, "go": GO}.get(game or "", FIDE)


def describe(name: str, names: dict[str, tuple[str, str]]) -> str:
    """``direct encounter (C.07 6)``; a criterion the rulebook does not name: its own description."""
    if name not in names:
        return CRITERIA[name].description if name in CRITERIA else name
    words, article = names[name]
    return f"{words} ({article})" if article else words


def ranked_by(criteria: Sequence[str], preset: str, game: str | None, team: bool = False) -> str:
    """The criteria applied, in order, each with its article: ``points; direct encounter (C.07 6); …``."""
    names = rulebook(preset, game, team)
    return "; ".join(describe(name, names) for name in criteria)
