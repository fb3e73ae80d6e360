"""``python -m tests.fuzz.tables``: the hostile table and issue 16's reproducers, each input made
and measured one at a time (exit status, wall time, peak RSS), as docs/reliability.md shows them.
The rows run one after the other, so that each has the machine's cores to itself."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.fuzz import reproducers
from tests.fuzz.hostile import ROWS, measure


def hostile_table() -> list[str]:
    """One line per row of :data:`tests.fuzz.hostile.ROWS`."""
    lines = ["| row | limit | measured | what it says |", "|---|---:|---|---|"]
    for row in ROWS:
        with tempfile.TemporaryDirectory(prefix="kifu-hostile-") as place:
            outcome = measure(row, Path(place))
        said = [line for line in outcome.stdout.splitlines() if " IO0" in line or " SGF0" in line]
        said = said or outcome.stdout.strip().splitlines()[-1:] or outcome.stderr.strip().splitlines()[-1:]
        problems = outcome.problems(row.limit)
        verdict = f" **{'; '.join(problems)}**" if problems else ""
        shown = said[0][:160] if said else ""
        lines.append(f"| {row.id} | {row.limit:.0f} s | {outcome.measured()}{verdict} | {shown} |")
        print(row.id, outcome.measured(), file=sys.stderr, flush=True)
    return lines


if __name__ == "__main__":
    for line in [*hostile_table(), "", *reproducers.table()]:
        print(line)
