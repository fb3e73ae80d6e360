"""Selecting the compiled build of kifu's hot modules, or the pure Python ones.

``make compile`` (``KIFU_COMPILE=1 python setup.py build_ext --inplace``) writes mypyc's
extension modules into the package's ``_mypyc/`` folder with a ``manifest.json``: the
modules, and the size, time and SHA-256 of the sources they were compiled from (theirs and
those of the kifu modules they import). :func:`install` puts a finder in front
of the import system that loads those extensions in place of their ``.py`` modules, unless
the environment sets ``KIFU_PURE`` to anything but ``0`` (``kifu/__init__.py`` does not call
it then). The build is
used whole or not at all: compiled modules call one another directly, so a build whose
sources changed since (an edit without ``make compile``), a missing manifest (a failed or
partial compile) or a missing extension leaves every module pure.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

#: The group's shared library (mypyc's ``<group>__mypyc``), a top-level extension module.
SHARED = "kifu__mypyc"


class CompiledFinder:
    """Finds the compiled extension of a module of the build (checked against its sources once)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.checked: dict[str, str] | None = None  # module → extension path, once checked
        self.unused = ""  # why the build is not used, once checked and found so

    def paths(self) -> dict[str, str]:
        if self.checked is None:
            self.checked = self._check()
        return self.checked

    def _check(self) -> dict[str, str]:
        """Every module's extension, or none when a source changed or a file is missing."""
        import json

        try:
            with open(os.path.join(self.folder, "manifest.json"), encoding="utf-8") as handle:
                manifest = json.load(handle)
            modules: list[str] = manifest["modules"]
            sources: dict[str, list[Any]] = manifest["sources"]
        except (OSError, ValueError, KeyError, TypeError):
            self.unused = _failed(self.folder) or "no compiled build"
            return {}
        package = os.path.dirname(self.folder)
        if not all(_unchanged(os.path.join(package, name), *facts) for name, facts in sources.items()):
            self.unused = "the compiled build is older than its sources (make compile)"
            return {}  # a source changed since the build: every module pure
        found: dict[str, str] = {}
        for module in [*modules, SHARED]:
            parts = [SHARED] if module == SHARED else module.split(".")[1:]
            extension = _extension(os.path.join(self.folder, *parts))
            if extension is None:
                self.unused = f"the compiled build lacks {module}"
                return {}
            found[module] = extension
        return found

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not (fullname.startswith("kifu.") or fullname == SHARED):
            return None
        extension = self.paths().get(fullname)
        if extension is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, extension)
        return importlib.util.spec_from_file_location(fullname, extension, loader=loader)

    def invalidate_caches(self) -> None:
        pass


def _unchanged(path: str, size: int, mtime: int, digest: str) -> bool:
    """Whether the file is the one compiled: same size and time, or else the same SHA-256."""
    try:
        stat = os.stat(path)
        if stat.st_size != size:
            return False
        if stat.st_mtime_ns == mtime:
            return True
        import hashlib

        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest() == digest
    except OSError:
        return False


def _failed(folder: str) -> str | None:
    """Why the compile failed, as the build wrote it (``setup.py``: ``pure.txt``)."""
    try:
        with open(os.path.join(folder, "pure.txt"), encoding="utf-8") as handle:
            return " ".join(handle.read().split())[:500] or None
    except (OSError, ValueError):
        return None


def _extension(stem: str) -> str | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.exists(stem + suffix):
            return stem + suffix
    return None


def install(folder: str) -> None:
    """Load the compiled build in ``folder`` in place of the pure modules it was made from."""
    if not any(isinstance(finder, CompiledFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder(folder))


def compiled() -> list[str]:
    """The modules running compiled in this process (none with ``KIFU_PURE`` or without a build)."""
    return sorted(
        name
        for name, module in sys.modules.items()
        if name.startswith("kifu.")
        and (getattr(module, "__file__", None) or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    )


def build(folder: str) -> str:
    """Which build runs, as ``kifu --version`` says it: ``compiled (mypyc, 36 modules)``, or
    ``pure Python: `` and why (with the remedy, when the compile failed)."""
    if os.environ.get("KIFU_PURE", "") not in ("", "0"):
        return "pure Python: KIFU_PURE is set"
    finder = next((f for f in sys.meta_path if isinstance(f, CompiledFinder)), None)
    if finder is None:  # (kifu/__init__.py installs one wherever the folder is)
        return "pure Python: no compiled build"
    found = finder.paths()
    if not found:
        return f"pure Python: {finder.unused}"
    return f"compiled (mypyc, {len(found) - 1} modules)"  # (the group's shared library aside)
