"""The fuzz tests' slow rows run only when asked for (``-m slow``), so that ``make test`` stays fast."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the ``slow`` tests of tests/fuzz unless a ``-m`` expression selects the markers."""
    if config.option.markexpr:
        return
    skip = pytest.mark.skip(reason="slow hostile input: run with -m slow")
    for item in items:
        if "tests/fuzz/" in item.nodeid.replace("\\", "/") and item.get_closest_marker("slow"):
            item.add_marker(skip)
