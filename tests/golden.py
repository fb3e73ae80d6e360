"""Golden files: the one helper every test compares exact output with.

``KIFU_UPDATE_GOLDEN=1 make test`` rewrites the files after a deliberate change; review the
diff like code.
"""

from __future__ import annotations

import os
from pathlib import Path

UPDATE = os.environ.get("KIFU_UPDATE_GOLDEN") == "1"


def assert_golden(path: Path, actual: str) -> None:
    """``actual`` equals the text of the golden file ``path`` (written instead when updating)."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8", newline="") as golden:
            golden.write(actual)
    assert path.exists(), f"no golden file {path}; run with KIFU_UPDATE_GOLDEN=1 to create it"
    with path.open(encoding="utf-8", newline="") as golden:  # line ends are compared exactly
        assert actual == golden.read(), f"output differs from {path}"
