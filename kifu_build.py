"""kifu's build backend: setuptools', with the compiled build for every wheel.

``pip install .``, ``pipx install .`` and ``python -m build`` build a wheel. For a wheel this
backend asks for mypy (whose mypyc compiles the hot modules) and kifu's own dependencies (which
mypy reads to type the modules it compiles) in the build environment, and sets ``KIFU_COMPILE=1``
for ``setup.py``: the wheel holds the compiled modules wherever a C compiler and the Python
headers exist, and is pure Python, with one note, elsewhere (``setup.py`` says how).

An editable install (``pip install -e .``, what ``make`` does) stays pure and asks for nothing
more: ``make compile`` compiles in place. ``KIFU_COMPILE=0`` in the environment of the build
makes a pure wheel, without mypy (``KIFU_PURE=1`` is a choice made when kifu runs, not here).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the hooks this module does not change)

#: what mypyc needs beside setuptools: mypy itself (mypyc ships with it)
MYPY = "mypy>=1.8"


def _compiling() -> bool:
    """Whether a wheel built now is to be compiled (unless the builder asked for a pure one)."""
    return os.environ.get("KIFU_COMPILE", "1") != "0"


def _dependencies() -> list[str]:
    """kifu's run-time dependencies, as ``pyproject.toml`` lists them (mypy follows their types)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover (Python 3.10: the build requirements bring tomli)
        import tomli as tomllib
    with open("pyproject.toml", "rb") as handle:
        dependencies: list[str] = tomllib.load(handle)["project"]["dependencies"]
    return dependencies


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    if _compiling():
        requires += [MYPY, *_dependencies()]
    return requires


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    if _compiling():
        os.environ["KIFU_COMPILE"] = "1"
    name: str = _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    return name
