"""A one-game ``kifu check`` and ``kifu explain`` import only what they use (issues 33, 31).

python-chess costs more to import than a small game costs to check: a clean record of standard
chess is replayed on kifu's own position (:mod:`kifu.chess.position`), and python-chess is
imported only when a record needs it (a set-up, Chess960, a move kifu's position does not read,
an illegal move and its explanation). Likewise a clean SGF record is read by the scanner
(:func:`kifu.go.parser.scan`) without Lark, and checked without the writers, the GNU Go bridge
or the look-ahead that guesses a mistyped move (issue 31): each is imported when a record needs
it. Each case runs the command in a fresh interpreter and reads which modules it imported; in
the pure build always, in the compiled build when this checkout has one (``make compile``). A
test of the modules imported, not of time.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_compiled import environment, usable_build

ROOT = Path(__file__).resolve().parents[1]
CLEAN = "fixtures/chess/good/opera-game.pgn"

#: runs ``kifu ARGS…`` in this interpreter, then prints its exit code and the modules it
#: imported, on the last line of stderr
_RUN = """
import json, runpy, sys
sys.argv = ["kifu", *sys.argv[1:]]
code = 0
try:
    runpy.run_module("kifu", run_name="__main__")
except SystemExit as exit:
    code = exit.code
print(json.dumps([code, sorted(sys.modules)]), file=sys.stderr)
"""

BUILDS = [
    pytest.param(True, id="pure"),
    pytest.param(
        False,
        id="compiled",
        marks=pytest.mark.skipif(not usable_build(), reason="no compiled build (make compile)"),
    ),
]


def _imports(pure: bool, *args: str) -> tuple[int, set[str]]:
    """The exit code of ``kifu args…`` and the top-level packages it imported."""
    code, modules = _modules(pure, *args)
    return code, {name.split(".")[0] for name in modules}


def _modules(pure: bool, *args: str, cwd: Path = ROOT) -> tuple[int, set[str]]:
    """The exit code of ``kifu args…`` (run in ``cwd``) and the modules it imported."""
    env = environment(pure)
    if cwd != ROOT:  # (no user configuration file either)
        env = {**env, "XDG_CONFIG_HOME": str(cwd), "HOME": str(cwd)}
    result = subprocess.run(
        [sys.executable, "-c", _RUN, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    code, modules = json.loads(result.stderr.splitlines()[-1])
    return code, set(modules)


@pytest.mark.parametrize("pure", BUILDS)
def test_a_clean_one_game_check_does_not_import_python_chess(pure: bool) -> None:
    code, packages = _imports(pure, "check", "-q", CLEAN)
    assert code == 0
    assert "kifu" in packages and "chess" not in packages


@pytest.mark.parametrize("pure", BUILDS)
def test_explain_imports_neither_python_chess_nor_the_grammars(pure: bool) -> None:
    code, packages = _imports(pure, "explain", "CHESS101")
    assert code == 0
    assert packages.isdisjoint({"chess", "lark"})


@pytest.mark.parametrize("pure", BUILDS)
def test_a_record_that_needs_python_chess_still_gets_it(pure: bool) -> None:
    """The probe sees python-chess when it is imported: an illegal move is explained with it."""
    code, packages = _imports(pure, "check", "-q", "fixtures/chess/bad/rules.pgn")
    assert code == 1
    assert "chess" in packages


GO_CLEAN = "fixtures/go/good/9x9-even-two-passes.sgf"
#: what a clean Go record does not need: the grammar's parser (Lark), the convert writers, the
#: GNU Go bridge and ``kifu score``, the look-ahead at a forbidden move
GO_UNNEEDED = {"kifu.go.lalr", "kifu.go.writers", "kifu.go.gnugo", "kifu.go.score", "kifu.go.lookahead"}


@pytest.mark.parametrize("pure", BUILDS)
def test_a_clean_one_go_game_check_imports_neither_lark_nor_the_writers(pure: bool) -> None:
    code, modules = _modules(pure, "check", "-q", GO_CLEAN)
    assert code == 0
    assert "kifu.go.checker" in modules and "kifu.go.parser" in modules
    assert "lark" not in {name.split(".")[0] for name in modules}
    assert not {name for name in modules if name.split(".")[0:3] == ["kifu", "go", "writers"]}
    assert modules.isdisjoint(GO_UNNEEDED)


@pytest.mark.parametrize("pure", BUILDS)
def test_a_check_without_configuration_imports_no_toml_reader_nor_difflib(pure: bool, tmp_path: Path) -> None:
    """tomllib reads a configuration file, difflib finds the tag a name was written for: a clean
    check in a folder without a configuration file needs neither. (Long options: Click's parser
    tries a short one as a long one first, and its error builds suggestions with difflib.)"""
    record = tmp_path / "game.sgf"  # (in a folder of its own: a record's configuration is the closest)
    record.write_bytes((ROOT / GO_CLEAN).read_bytes())
    code, modules = _modules(pure, "check", "--quiet", str(record), cwd=tmp_path)
    assert code == 0 and "kifu.go.checker" in modules
    assert modules.isdisjoint({"tomllib", "difflib"})
    (tmp_path / "kifu.toml").write_text('fail-on = "error"\n', encoding="utf-8")
    code, modules = _modules(pure, "check", "--quiet", str(record), cwd=tmp_path)
    assert code == 0 and "tomllib" in modules  # (the probe sees it when a file is read)


@pytest.mark.parametrize("pure", BUILDS)
@pytest.mark.parametrize(
    ("args", "needed"),
    [
        pytest.param(
            ("check", "-q", "fixtures/go/bad/SGF001-illegal-chars.sgf"), {"lark", "kifu.go.lalr"}, id="junk"
        ),
        pytest.param(
            ("check", "-q", "fixtures/go/bad/GO101-occupied.sgf"), {"kifu.go.lookahead"}, id="occupied"
        ),
        pytest.param(
            ("convert", "--to", "gtp", GO_CLEAN), {"kifu.go.writers", "kifu.go.writers.gtp"}, id="convert"
        ),
        pytest.param(("score", GO_CLEAN), {"kifu.go.score", "kifu.go.gnugo"}, id="score"),
    ],
)
def test_a_go_record_that_needs_them_still_gets_them(
    pure: bool, args: tuple[str, ...], needed: set[str]
) -> None:
    """The probe sees each module when it is imported: Lark parses a record the scanner
    declines, the look-ahead guesses the move meant at an occupied point, convert and score."""
    code, modules = _modules(pure, *args)
    assert code in (0, 1)
    assert needed <= modules
