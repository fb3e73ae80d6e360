"""Every module of the package imports on its own, in a fresh interpreter, in both builds.

A module that works only because something else imported another module first (an import
cycle resolved by import order) fails here: each module is imported alone, in a process where
no kifu module was imported before, so no earlier import can hide the cycle. The pure build is
tested always, the compiled build (``make compile``) when this checkout has one.
"""

from __future__ import annotations

import subprocess
import sys
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


#: the third-party packages kifu imports, loaded once by the zygote below: only top-level
#: packages, so a kifu module that uses a submodule it never imports still fails here
PRELOADED = ("chess", "click", "lark", "mypy_extensions", "sgfmill")

#: A fresh interpreter per module costs its start and the third-party imports each time (over a
#: minute for the whole package on two cores). This zygote pays them once, then forks a child per
#: module; each child starts with no kifu module imported, as a new interpreter would.
_ZYGOTE = """
import importlib, os, sys
for name in sys.argv[1].split(","):
    importlib.import_module(name)
assert not [m for m in sys.modules if m == "kifu" or m.startswith("kifu.")], "kifu imported early"
for module in sys.argv[2:]:
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(module)
        except BaseException as error:
            print(f"{module}: {type(error).__name__}: {error}", flush=True)
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if status and os.waitstatus_to_exitcode(status) != 1:
        print(f"{module}: exit {os.waitstatus_to_exitcode(status)}", flush=True)
"""


def _failures(pure: bool) -> list[str]:
    """The modules that do not import alone, each with the error it ends with."""
    result = subprocess.run(
        [sys.executable, "-c", _ZYGOTE, ",".join(PRELOADED), *MODULES],
        env=environment(pure),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_the_modules_were_found() -> None:
    assert {"kifu", "kifu.games", "kifu.go.score", "kifu.core.game"} <= set(MODULES)
    assert len(MODULES) > 100


def test_every_module_imports_alone_in_the_pure_build() -> None:
    assert _failures(pure=True) == []


def test_every_module_imports_alone_in_the_compiled_build() -> None:
    if not usable_build():
        pytest.skip("no usable compiled build in cli/_mypyc (make compile makes one)")
    assert _failures(pure=False) == []
