"""Source text quoted in a finding's message: on one line, and short, whatever its length."""

from __future__ import annotations


def short(text: str, limit: int = 40) -> str:
    """``text`` on one line (white space folded), cut at ``limit`` characters with ``…``.

    Only a prefix is looked at, longer as needed: a value of megabytes costs what its first
    characters cost.
    """
    window = 4 * limit + 16
    while True:
        folded = " ".join(text[:window].split())
        if len(folded) > limit or window >= len(text):
            break
        window *= 4
    return folded if len(folded) <= limit else folded[: limit - 1] + "…"
