"""The compiled build (``make compile``, mypyc) and the pure package: each selected as asked, both correct.

``make test`` runs the whole suite in the mode of its environment: compiled when the build is
there (the fast-path property tests then hold the compiled code to python-chess), pure with
``KIFU_PURE=1`` or without a build. :func:`test_a_representative_part_of_the_suite_in_the_other_mode`
runs the golden cases of the three games, and each game's walk tests and its properties against
a reference (python-chess, sgfmill, pyffish) again in the other mode, so that both are tested in
one run; the whole suite in both modes would double its time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import kifu
import pytest
from kifu._native import CompiledFinder

ROOT = Path(__file__).resolve().parents[1]
FOLDER = Path(kifu.__file__).resolve().parent / "_mypyc"  # (resolved: an editable install links the sources)

#: the part of the suite run again in the other mode, by game: the command cases of every game
#: (check, convert, show, score: they go with chess), and for each game its walk, its fixtures or
#: records, and one or two property tests against the reference that cover its compiled modules
#: (the board, the replay, the fast paths); the rest of those files runs in this mode only
SUBSET = {
    "chess": [
        "tests/test_cases.py",
        "tests/chess/test_fastpath.py::test_push_and_fen_match_python_chess",
        "tests/chess/test_properties.py",
        "tests/chess/test_walk.py",
        "tests/chess/test_fixtures.py",
    ],
    "go": [
        "tests/go/test_board.py",
        "tests/go/test_walk.py",
        "tests/go/test_fixtures.py",
        "tests/go/test_hypothesis.py",
        "tests/go/test_verdicts.py",
    ],
    "xiangqi": [
        "tests/xiangqi/test_board.py",
        "tests/xiangqi/test_walk.py",
        "tests/xiangqi/test_notation.py",
        "tests/xiangqi/test_repetition.py",
        "tests/xiangqi/test_records.py",
    ],
}
#: left out of the other mode: the slowest property tests (the legal moves, mates and cycles
#: against pyffish: the perft and the fairy-stockfish cases stay), the replay of every corpus file
#: (the corpus' outcomes and formats stay) and the round trips of whole corpus files and of every
#: legal move (the corpus scores written again stay; chess's conversions are command cases), and a
#: test of the tests' own strategy
SLOW = (
    "not pyffish_on_random_positions and not depth_4 and not corpus_round_trip"
    " and not property_strategy_reaches and not mates_and_stalemates_agree_with_pyffish"
    " and not random_cycles_agree_with_pyffish and not every_corpus_file_reads_and_replays"
    " and not every_legal_move_round_trips_in_every_notation"
)

PROBE = (
    "import json, kifu.chess.checker, kifu.chess.fastpath, kifu.go.checker, kifu.xiangqi.checker\n"
    "from kifu._native import compiled\n"
    "print(json.dumps([compiled(), kifu.chess.fastpath.__file__]))\n"
)


def usable_build() -> bool:
    """Whether a compiled build is there and matches the sources (else every module is pure)."""
    return bool(CompiledFinder(str(FOLDER)).paths())


def environment(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "KIFU_PURE"}
    if pure:
        env["KIFU_PURE"] = "1"
    return env


def probe(pure: bool) -> tuple[list[str], str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], env=environment(pure), capture_output=True, text=True, check=True
    )
    modules, fastpath = json.loads(result.stdout)
    return modules, fastpath


def test_kifu_pure_selects_the_python_modules() -> None:
    modules, fastpath = probe(pure=True)
    assert modules == []
    assert fastpath.endswith(os.path.join("chess", "fastpath.py"))


def test_without_kifu_pure_the_build_is_used_whole() -> None:
    if not usable_build():
        pytest.skip("no compiled build, or one older than its sources: make compile (needs a C compiler)")
    manifest = json.loads((FOLDER / "manifest.json").read_text(encoding="utf-8"))
    modules, fastpath = probe(pure=False)
    assert {"kifu.chess.fastpath", "kifu.go.board", "kifu.xiangqi.board"} <= set(modules)
    assert not fastpath.endswith(".py")
    assert set(modules) <= set(manifest["modules"])


def test_where_a_compiler_exists_kifu_runs_compiled() -> None:
    """make demo and make test compile kifu wherever they can: a pure build beside a C compiler
    and the Python headers is a failed compile (the cause is in build/compile.log)."""
    from tests.test_install import toolchain

    if not toolchain():
        pytest.skip("no C compiler or no Python headers here: kifu is pure Python, as --version says")
    finder = CompiledFinder(str(FOLDER))
    if not finder.paths() and "older than its sources" in finder.unused:
        pytest.skip("the sources changed since make compile: make test compiles them again")
    assert finder.paths(), f"kifu is pure Python beside a C compiler: {finder.unused} (build/compile.log)"
    assert probe(pure=False)[0], "the build is there, but no module was loaded from it"


def _fake_build(tmp_path: Path, content: bytes = b"x = 1\n") -> Path:
    """A package with one module and a 'build' of it (an empty file stands for the extension)."""
    import hashlib
    import importlib.machinery

    package = tmp_path / "pkg"
    (package / "_mypyc").mkdir(parents=True)
    source = package / "mod.py"
    source.write_bytes(b"x = 1\n")
    stat = source.stat()
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (package / "_mypyc" / f"mod{suffix}").write_bytes(b"")
    (package / "_mypyc" / f"kifu__mypyc{suffix}").write_bytes(b"")
    manifest = {
        "modules": ["kifu.mod"],
        "sources": {"mod.py": [stat.st_size, stat.st_mtime_ns, hashlib.sha256(b"x = 1\n").hexdigest()]},
    }
    (package / "_mypyc" / "manifest.json").write_text(json.dumps(manifest))
    source.write_bytes(content)
    return package / "_mypyc"


def test_a_build_is_used_only_while_its_sources_are_unchanged(tmp_path: Path) -> None:
    both = {"kifu.mod", "kifu__mypyc"}
    folder = _fake_build(tmp_path / "same")
    assert set(CompiledFinder(str(folder)).paths()) == both
    os.utime(folder.parent / "mod.py", ns=(0, 0))  # touched, same bytes: still the build
    assert set(CompiledFinder(str(folder)).paths()) == both
    assert CompiledFinder(str(_fake_build(tmp_path / "edited", b"x = 2\n"))).paths() == {}


def test_a_partial_build_is_not_used(tmp_path: Path) -> None:
    folder = _fake_build(tmp_path)
    for extension in folder.glob("kifu__mypyc*"):
        extension.unlink()
    assert CompiledFinder(str(folder)).paths() == {}
    (folder / "manifest.json").unlink()
    assert CompiledFinder(str(folder)).paths() == {}


@pytest.mark.parametrize("game", sorted(SUBSET))
def test_a_representative_part_of_the_suite_in_the_other_mode(game: str) -> None:
    """The subset runs compiled when this run is pure, and pure when this run is compiled: a
    game's part per test, so that the suite's workers share them."""
    compiled_here = usable_build() and os.environ.get("KIFU_PURE", "") in ("", "0")
    if not compiled_here and not usable_build():
        pytest.skip("no compiled build, or one older than its sources: the suite ran pure only")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", SLOW, *SUBSET[game]],
        cwd=ROOT,
        env=environment(pure=compiled_here),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
