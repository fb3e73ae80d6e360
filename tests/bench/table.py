"""The summary rows that benchmark scripts print for `make bench`'s table.

A script prints, besides its own report, one line per comparison::

    BENCH|task|input|kifu figure|peer|peer figure|kifu/peer speed ratio

`tests/bench/run.py` collects these lines from every script into one table.
"""

from __future__ import annotations

import sys
from pathlib import Path


def kifu_command() -> list[str]:
    """How a user runs kifu: the ``kifu`` script installed beside this Python (``python -m kifu``
    where there is none), so that a command's time is the one the user waits for (``-m`` also
    imports runpy and importlib.util, a few milliseconds of every start)."""
    script = Path(sys.executable).with_name("kifu")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "kifu"]


def row(
    task: str,
    source: str,
    kifu: float,
    peer: str,
    theirs: float | None,
    unit: str = "s",
    ratio: float | None = None,
) -> None:
    """Print one summary row; ``theirs`` is ``None`` when the peer could not run.

    Figures are times (lower is better) unless ``unit`` says otherwise; the ratio is the
    peer's time over kifu's, so above 1 means kifu is faster (``ratio``: one measured otherwise,
    the median of paired runs' ratios).
    """
    if theirs is None:
        print(f"BENCH|{task}|{source}|{kifu:.3f} {unit}|{peer}|not available|–")
    else:
        shown = theirs / kifu if ratio is None else ratio
        print(f"BENCH|{task}|{source}|{kifu:.3f} {unit}|{peer}|{theirs:.3f} {unit}|{shown:.2f}x")
