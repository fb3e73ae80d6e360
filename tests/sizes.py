"""How many random cases a generated test draws: a count sized for ``make test``, and a larger
one for ``KIFU_SLOW=1`` (``make fuzz``, and a nightly or pre-release run).

The suite keeps every generated test, each with enough cases to catch a broken rule on its first
run; the large counts look for the rare case. A count is chosen where the test is written, so the
reader sees both figures.
"""

from __future__ import annotations

import os

#: ``KIFU_SLOW=1``: the large counts (and the tests that exist only at that size)
SLOW = os.environ.get("KIFU_SLOW") == "1"


def scaled(suite: int, slow: int) -> int:
    """``suite`` cases in ``make test``, ``slow`` under ``KIFU_SLOW=1``."""
    return slow if SLOW else suite
