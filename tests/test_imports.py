"""Every module of the package imports on its own, in a fresh interpreter, in both builds.

A module that works only because something else imported another module first (an import
cycle resolved by import order) fails here: each module is imported alone, in its own process,
so no earlier import can hide the cycle. The pure build is tested always, the compiled build
(``make compile``) when this checkout has one.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.test_compiled import environment, usable_build

PACKAGE = Path(__file__).resolve().parents[1] / "cli"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("kifu", *parts))


#: every module of the package's source (the compiled build's folder holds no source)
MODULES = sorted(_module_name(path) for path in PACKAGE.rglob("*.py") if "_mypyc" not in path.parts)


def _import_alone(module: str, env: dict[str, str]) -> str | None:
    """``None`` when ``module`` imports alone in a new interpreter, else the error it ends with."""
    result = subprocess.run(
        [sys.executable, "-c", f"import {module}"], env=env, capture_output=True, text=True, timeout=120
    )
    if result.returncode == 0:
        return None
    lines = result.stderr.strip().splitlines()
    return f"{module}: {lines[-1] if lines else f'exit {result.returncode}'}"


def _failures(pure: bool) -> list[str]:
    env = environment(pure)
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return [error for error in pool.map(lambda m: _import_alone(m, env), MODULES) if error]


def test_the_modules_were_found() -> None:
    assert {"kifu", "kifu.games", "kifu.go.score", "kifu.core.game"} <= set(MODULES)
    assert len(MODULES) > 100


def test_every_module_imports_alone_in_the_pure_build() -> None:
    assert _failures(pure=True) == []


def test_every_module_imports_alone_in_the_compiled_build() -> None:
    if not usable_build():
        pytest.skip("no usable compiled build in cli/_mypyc (make compile makes one)")
    assert _failures(pure=False) == []
