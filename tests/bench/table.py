"""The summary rows that benchmark scripts print for `make bench`'s table.

A script prints, besides its own report, one line per comparison::

    BENCH|task|input|kifu figure|peer|peer figure|kifu/peer speed ratio

`tests/bench/run.py` collects these lines from every script into one table.
"""

from __future__ import annotations


def row(task: str, source: str, kifu: float, peer: str, theirs: float | None, unit: str = "s") -> None:
    """Print one summary row; ``theirs`` is ``None`` when the peer could not run.

    Figures are times (lower is better) unless ``unit`` says otherwise; the ratio is the
    peer's time over kifu's, so above 1 means kifu is faster.
    """
    if theirs is None:
        print(f"BENCH|{task}|{source}|{kifu:.3f} {unit}|{peer}|not available|–")
    else:
        print(f"BENCH|{task}|{source}|{kifu:.3f} {unit}|{peer}|{theirs:.3f} {unit}|{theirs / kifu:.2f}x")
