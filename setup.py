"""The compiled build of kifu's hot modules (mypyc); the metadata is pyproject.toml's.

A wheel is compiled: ``pip install .``, ``pipx install .`` and ``python -m build`` go through
``kifu_build.py``, which brings mypy into the build and sets ``KIFU_COMPILE=1``; the modules of
:data:`COMPILED` are compiled with mypyc (which ships with mypy, and needs a C compiler and the
Python headers), as black does for its wheels. ``make compile`` runs the same build in place
for the editable install of ``make`` (which is pure until then). The extension modules are not
written next to their ``.py`` files (they would shadow them on import, and ``KIFU_PURE=1``
could not select the pure code) but into the package's ``_mypyc/`` folder, with a
``manifest.json`` of the sources they were compiled from; ``kifu/__init__.py`` puts them in
front of the pure modules unless ``KIFU_PURE`` is set, and only while every source is unchanged
since the build (a stale build is ignored as a whole).

Whatever fails (no mypy, no compiler, no headers, a mypyc error) leaves the pure package, with
one note on stderr that names the cause and the remedy, also kept in ``_mypyc/pure.txt``
(``kifu --version`` reads it): a machine without a compiler still installs and runs kifu.
``KIFU_COMPILE=0`` builds a pure wheel on purpose.

Installed from a wheel, the sources' times differ from the manifest's, so their hashes are
compared once, on the first import of a compiled module (a few milliseconds).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
import sys
import sysconfig
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
STARTED = time.perf_counter()

#: The modules compiled, by import name (the source of ``kifu.x.y`` is ``cli/x/y.py``).
#: docs/performance.md says what each gains and why the others are left as they are.
COMPILED = [
    # the record model every reader builds (a node per move), and the reading of the numbers
    # in it (a move number per move, called from the compiled readers)
    "kifu.core.record",
    "kifu.core.digits",
    # the lines of every text file, decoded (a batch's parent process reads whole archives so)
    "kifu.core.lines",
    # chess: the reader, SAN resolution, the replay and the position push
    "kifu.chess.fastpath",
    "kifu.chess.moves",
    "kifu.chess.notation",
    "kifu.chess.position",
    "kifu.chess.rules",
    "kifu.chess.walk",
    "kifu.chess.checker",
    "kifu.chess.reader",
    "kifu.chess.splitter",
    # Go: the SGF parser, the tree and its properties, the board, the replay, the count
    "kifu.go.parser",
    "kifu.go.nodes",
    "kifu.go.tree",
    "kifu.go.properties",
    "kifu.go.values",
    "kifu.go.board",
    "kifu.go.walk",
    "kifu.go.checker",
    "kifu.go.scoring",
    "kifu.go.life",
    "kifu.go.verdict",
    "kifu.go.index",
    "kifu.go.reader",
    "kifu.go.encoding",
    "kifu.go.info",
    "kifu.go.rules",
    "kifu.go.capped",
    # a remote Dask cluster's answers, read and checked field by field (a record at a time)
    "kifu.application.batch.plain",
    # xiangqi: the board, move generation, notation resolution, the replay and its verdicts
    "kifu.xiangqi.board",
    "kifu.xiangqi.fen",
    "kifu.xiangqi.notation.resolve",
    "kifu.xiangqi.formats.movetext",
    "kifu.xiangqi.walk",
    "kifu.xiangqi.checker",
    "kifu.xiangqi.repetition",
    "kifu.xiangqi.protection",
]

#: The folder of the compiled modules inside the package.
FOLDER = "_mypyc"
#: The group name of mypyc's shared library: the top-level extension module ``kifu__mypyc``.
GROUP = "kifu"


def source(module: str) -> Path:
    return ROOT / "cli" / Path(*module.split(".")[1:]).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dependencies() -> list[Path]:
    """The compiled modules' sources and those of the kifu modules they import.

    The compiled code takes from these its classes' layouts and the constants it inlines: a
    change to any of them makes the build stale (``kifu._native`` then ignores it).
    """
    import ast

    found = {source(m) for m in COMPILED}
    for module in COMPILED:
        tree = ast.parse(source(module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name == "kifu" or not name.startswith("kifu."):
                    continue
                path = source(name)
                package = path.with_suffix("") / "__init__.py"
                found |= {p for p in (path, package) if p.exists()}
    return sorted(found)


#: the manifest of the sources as mypyc reads them, taken before it does (a source edited while
#: the build runs then makes the build stale, not a build of the old source taken for the new)
_READ: dict[str, object] = {}


def build_manifest() -> dict[str, object]:
    """What ``kifu._native`` checks before it loads the build: each source's size, mtime, hash."""
    sources = {}
    for path in dependencies():
        stat = path.stat()
        sources[path.relative_to(ROOT / "cli").as_posix()] = [stat.st_size, stat.st_mtime_ns, digest(path)]
    return {"modules": COMPILED, "sources": sources}


#: why this build is pure Python, when it is (:func:`pure`): written to ``_mypyc/pure.txt``
WHY_PURE: list[str] = []


def note(message: str) -> None:
    print(f"kifu build: {message}", file=sys.stderr, flush=True)


def pure(cause: str, remedy: str) -> None:
    """Say, once, that kifu stays pure Python, why and what to do about it."""
    WHY_PURE.append(f"{cause}; {remedy}")
    note(f"{cause}: kifu stays pure Python, correct and slower; {remedy}")


#: the remedy of a missing compiler or missing headers
_TOOLCHAIN = "install a C compiler and the Python headers (Debian: apt-get install gcc python3-dev)"


def compile_requested() -> bool:
    return os.environ.get("KIFU_COMPILE", "") not in ("", "0")


def headers() -> bool:
    include = sysconfig.get_paths().get("include") or ""
    return (Path(include) / "Python.h").exists()


def package_tree() -> Path:
    """``build/src``, where ``kifu`` is the package as installed, made of links: ``cli/``'s
    entries and ``grammars/`` as ``kifu.grammars``. mypy names a module after its folders, and
    finds ``kifu.grammars`` there in a build environment where kifu is not installed."""
    tree = ROOT / "build" / "src"
    package = tree / "kifu"
    if package.is_symlink():  # (the layout of earlier builds: one link to cli/)
        package.unlink()
    package.mkdir(parents=True, exist_ok=True)
    skipped = ("__pycache__", FOLDER)
    wanted = {entry.name: entry for entry in (ROOT / "cli").iterdir() if entry.name not in skipped}
    wanted["grammars"] = ROOT / "grammars"
    for link in package.iterdir():
        if link.name not in wanted or not link.is_symlink() or link.readlink() != wanted[link.name]:
            if link.is_dir() and not link.is_symlink():
                shutil.rmtree(link)
            else:
                link.unlink()
    for name, target in wanted.items():
        if not (package / name).is_symlink():
            (package / name).symlink_to(target, target_is_directory=target.is_dir())
    return tree


def extensions() -> list[object]:
    """mypyc's extension modules for :data:`COMPILED`, or none (with a note saying why)."""
    if not compile_requested():
        return []
    if not headers():
        pure("no Python.h, the Python headers", _TOOLCHAIN)
        return []
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if not shutil.which(compiler.split()[0]):
        pure(f"no C compiler ({compiler.split()[0]})", _TOOLCHAIN)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        pure("mypyc (part of mypy) is not installed", "pip install mypy, then build again")
        return []
    tree = package_tree()
    paths = [str(tree / Path(*m.split(".")).with_suffix(".py")) for m in COMPILED]
    _READ.update(build_manifest())
    said = io.StringIO()  # mypyc prints mypy's messages on stdout, then exits
    try:
        with contextlib.redirect_stdout(said):
            return list(
                mypycify(
                    ["--config-file", str(ROOT / "pyproject.toml"), *paths],
                    # -O1: the C compile is most of the build, and -O3 bought nothing measurable
                    # (7 December: the build 48 s against 71 s on two cores; the instructions of
                    # a Go check of 183 files and of a chess check of 232 games 0.8% and 0.6%
                    # more under -O1, the times the same within the host's noise)
                    opt_level="1",
                    debug_level="0",
                    multi_file=True,
                    group_name=GROUP,
                    target_dir=str(ROOT / "build" / "mypyc"),
                )
            )
    except (SystemExit, Exception) as error:  # mypyc exits on a type error
        pure(f"mypyc failed: {first_error(said.getvalue()) or repr(error)}", _REPORT)
        return []
    finally:
        print(said.getvalue(), end="", file=sys.stderr)  # the whole of it, for the log


#: the remedy of a failed compile: kifu's sources type-check, so it is a bug or a mypy release
_REPORT = "please report it with build/compile.log; KIFU_COMPILE=0 builds pure Python without trying"


def first_error(output: str) -> str | None:
    """mypy's first error in ``output``, its path as in the repository (``cli/…``)."""
    prefix = str(Path("build", "src", "kifu")) + os.sep
    for line in output.splitlines():
        if ": error: " in line:
            where, _, message = line.partition(": error: ")
            where = where.replace(str(ROOT / "build" / "src" / "kifu") + os.sep, "cli/")
            return where.replace(prefix, "cli/", 1) + ": " + message.split("  [")[0]
    return None


class BuildExt(build_ext):
    """Writes the extensions into ``kifu/_mypyc/`` with a manifest; a failed compile is a note."""

    def get_ext_fullname(self, ext_name: str) -> str:
        return f"kifu.{FOLDER}.{ext_name.removeprefix('kifu.')}"

    def build_extensions(self) -> None:
        """Every C file on ``--parallel`` jobs (default: every core), not only every extension.

        mypyc's group library is one extension of some 50 C files (nearly all the C code), which
        setuptools' ``--parallel`` would compile one after another on a single core while the
        other core built the 34 one-file shims in seconds.
        """
        # (every core unless told: a wheel's build, pip's or pipx's, passes no --parallel)
        jobs = int(self.parallel) if self.parallel not in (None, True) else (os.cpu_count() or 1)
        if jobs > 1:
            self.compiler.compile = _fanned_out(self.compiler.compile, jobs)  # type: ignore[method-assign]
        super().build_extensions()

    def run(self) -> None:
        folder = Path(self.get_ext_fullpath("manifest")).parent
        if not self.extensions:
            write_why_pure(folder)
            return
        written = folder / "manifest.json"
        written.unlink(missing_ok=True)  # no manifest, no compiled modules: pure until it is written
        for extension in self.extensions:
            Path(self.get_ext_fullpath(extension.name)).parent.mkdir(parents=True, exist_ok=True)
        try:
            super().run()
        except Exception as error:  # a compiler error must not fail the install
            pure(f"the C compile failed: {error}", _REPORT)
            write_why_pure(folder)
            return
        written.write_text(json.dumps(_READ or build_manifest(), indent=1) + "\n", encoding="utf-8")
        (folder / WHY_PURE_FILE).unlink(missing_ok=True)
        note(f"compiled {len(COMPILED)} modules with mypyc in {time.perf_counter() - STARTED:.0f} s")


class BuildPy(build_py):
    """Also writes ``_mypyc/pure.txt`` into a wheel whose compile was asked for and failed."""

    def run(self) -> None:
        super().run()
        if WHY_PURE and not self.editable_mode:
            write_why_pure(Path(self.build_lib, "kifu", FOLDER))


#: the file of the package's ``_mypyc/`` folder that says why the build is pure Python
WHY_PURE_FILE = "pure.txt"


def write_why_pure(folder: Path) -> None:
    """Keep the reason of a failed compile where ``kifu --version`` finds it."""
    if WHY_PURE:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / WHY_PURE_FILE).write_text(WHY_PURE[-1] + "\n", encoding="utf-8")


def _fanned_out(compile_files: Any, jobs: int) -> Any:
    """``compile_files`` (a CCompiler's ``compile``) made to compile its sources on ``jobs``
    threads, with at most ``jobs`` compilers running at once across every caller."""
    gate = threading.BoundedSemaphore(jobs)

    def compile_one(source: str, *args: Any, **kwargs: Any) -> list[str]:
        with gate:
            return list(compile_files([source], *args, **kwargs))

    def compile_all(sources: Sequence[str], *args: Any, **kwargs: Any) -> list[str]:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            done = [pool.submit(compile_one, source, *args, **kwargs) for source in sources]
            return [obj for future in done for obj in future.result()]

    return compile_all


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
