"""The suite's schedule (tests/conftest.py): the long tests it starts first still exist."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import LONG, ROOT


def test_every_long_test_named_first_is_there() -> None:
    for start in LONG:
        path, _, name = start.partition("::")
        source = (ROOT / path).read_text(encoding="utf-8")
        if name:
            assert re.search(rf"^def {re.escape(name)}", source, re.MULTILINE), start
        else:
            assert re.search(r"^def test_", source, re.MULTILINE), start
        assert Path(path).parts[0] == "tests"
