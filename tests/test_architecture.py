"""The arrows of the architecture point one way: commands → ``kifu.application`` → ``kifu.games``
→ game packages → core.

Read from the source with :mod:`ast`, imports inside functions included, so that a lazy
import cannot hide an arrow pointing the wrong way.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cli"
GAMES = ("kifu.chess", "kifu.go", "kifu.xiangqi")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("kifu", *parts))


def _imports(path: Path) -> set[str]:
    """Every ``kifu`` module ``path`` imports (``from kifu.x import y`` counts as ``kifu.x.y``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name == "kifu" or name.startswith("kifu.")}


@functools.cache
def modules() -> dict[str, set[str]]:
    """Every module of the package and the ``kifu`` modules it imports (read when a test first
    asks, not when the file is collected: each of the suite's workers collects it)."""
    return {_module_name(path): _imports(path) for path in sorted(PACKAGE.rglob("*.py"))}


def _under(name: str, *packages: str) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def _violations(importers: tuple[str, ...], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{module} imports {target}"
        for module, targets in modules().items()
        if _under(module, *importers)
        for target in targets
        if _under(target, *forbidden)
    )


def test_core_is_the_core() -> None:
    """core is what the games share, and no more: at most 5,000 lines, and no game's name."""
    sources = [path for path in PACKAGE.rglob("*.py") if _module_name(path).startswith("kifu.core")]
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in sources)
    assert lines <= 5_000, lines
    named = sorted(
        f"{path.relative_to(PACKAGE)}: {match.group()}"
        for path in sources
        for match in re.finditer(r"""["'](chess|go|xiangqi)["']""", path.read_text(encoding="utf-8"))
    )
    assert not named, "\n".join(named)


def test_the_source_was_found() -> None:
    assert "kifu.core.game" in modules() and "kifu.games" in modules() and len(modules()) > 50


#: the application: its package, and the library's path up to 0.2 (``kifu.api``, a re-export)
APPLICATION = ("kifu.application", "kifu.api")


def test_core_imports_no_game_no_command_and_not_the_registry() -> None:
    forbidden = (*GAMES, "kifu.commands", "kifu.games", "kifu.app", "kifu.standings", *APPLICATION)
    assert _violations(("kifu.core",), forbidden) == []


def test_standings_import_no_game_and_no_command() -> None:
    assert _violations(("kifu.standings",), (*GAMES, "kifu.commands", "kifu.app")) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_command_no_application_and_no_other_game(game: str) -> None:
    others = tuple(other for other in GAMES if other != game)
    forbidden = ("kifu.commands", *APPLICATION, "kifu.games", "kifu.app", *others)
    assert _violations((game,), forbidden) == []


def test_commands_reach_the_games_only_through_the_registry() -> None:
    assert _violations(("kifu.commands", "kifu.app"), GAMES) == []


def test_the_registry_imports_no_application_and_no_command() -> None:
    """``kifu.games`` is below the application: telling a file's game, drawing, the library
    reach the games through it, never the other way round."""
    assert _violations(("kifu.games",), (*APPLICATION, "kifu.commands", "kifu.app")) == []


#: the application's modules that reach a game through the registry (by name, lazily)
REGISTRY_USERS = (
    "kifu.application.detection",
    "kifu.application.library",
    "kifu.application.library_inputs",
    "kifu.application.report_boards",
    "kifu.application.settings",
    "kifu.application.show_position",
)


def test_the_application_imports_no_game() -> None:
    assert all(name in modules() for name in REGISTRY_USERS)
    assert _violations(APPLICATION, GAMES) == []


def test_the_application_imports_no_command() -> None:
    """The library checks a keyword's value with the types the command line's options use, which
    live below both (:mod:`kifu.application.settings`)."""
    assert _violations(APPLICATION, ("kifu.commands", "kifu.app")) == []


def test_kifu_api_only_re_exports_the_library() -> None:
    """``kifu.api`` (the library's path up to 0.2) gives the library's own objects, and no more."""
    import kifu
    import kifu.api
    from kifu.application import library

    # (all of the library's names, as its own __all__ lists them, and nothing else)
    star = {"kifu.application.library.*", "kifu.application.library.__all__"}
    assert modules()["kifu.api"] == {"kifu.application.library", *star}
    public = {name for name in vars(kifu.api) if not name.startswith("_") and name != "annotations"}
    assert public == set(kifu.api.__all__) == set(library.__all__) >= set(kifu.__all__) - {"__version__"}
    assert all(getattr(kifu.api, name) is getattr(library, name) for name in public)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_s_detector_and_presets_import_nothing_of_the_game_but_its_rules(game: str) -> None:
    """The registry imports them to tell a file's game and list the presets: they must stay cheap."""
    for module in (f"{game}.detect", f"{game}.presets"):
        assert [t for t in modules()[module] if _under(t, game) and t != "kifu.go.rules.PRESETS"] == [
            t for t in modules()[module] if t == "kifu.go.rules"
        ], module


def test_telling_a_file_s_game_loads_no_game_module() -> None:
    import subprocess
    import sys

    probe = (
        "import sys; from kifu.application.detection import detect; from kifu.core.sources import Source\n"
        "print(detect(Source('fixtures/chess/good/opera-game.pgn')))\n"
        "print(sorted(m for m in sys.modules if m.endswith('.game') and m.startswith('kifu.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=PACKAGE.parent, capture_output=True, text=True, check=True
    )

    assert result.stdout.splitlines() == ["('chess', 'pgn')", "[]"]


def test_every_game_module_is_named_by_the_registry() -> None:
    from kifu.games import GAMES as REGISTERED

    assert sorted(info.module for info in REGISTERED.values()) == sorted(f"{game}.game" for game in GAMES)
    assert all(f"{game}.game" in modules() for game in GAMES)


#: a finding code written as a string literal
_CODE_LITERAL = re.compile(r"""["'](?:CHESS|GO|XQN?|SGF|PGN|IO|KIFU)[0-9]{3}["']""")
#: the modules that register codes (each game's ``codes`` and core's shared ones)
_REGISTRIES = {"kifu.core.findings", "kifu.chess.codes", "kifu.go.codes", "kifu.xiangqi.codes"}


def test_no_code_literal_outside_the_registry() -> None:
    """A code is named by its registered object (``codes.ILLEGAL_MOVE.code``), never spelt out:
    what a code means (where its board stands, ...) is the registry's, not a set somewhere."""
    spelt = sorted(
        f"{_module_name(path)}: {match.group()}"
        for path in PACKAGE.rglob("*.py")
        if _module_name(path) not in _REGISTRIES
        for match in _CODE_LITERAL.finditer(path.read_text(encoding="utf-8"))
    )
    assert not spelt, "\n".join(spelt)


def _runtime_imports(path: Path) -> set[str]:
    """:func:`_imports` but for those under ``if TYPE_CHECKING:`` (types only: never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        for inner in ast.walk(node)
    }
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("package", ["kifu.go"])
def test_no_import_cycle_even_through_imports_inside_functions(package: str) -> None:
    """No module of ``package`` reaches itself again through the modules it imports when run,
    counting the imports inside functions (a cycle hidden there still ties the modules
    together; an import for type checking only is no import)."""
    inside = {name for name in modules() if _under(name, package) and name != package}
    paths = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    runtime = {name: _runtime_imports(paths[name]) for name in inside}
    edges = {name: {t for t in runtime[name] if t in inside and t != name} for name in inside}
    cycles: list[str] = []
    for start in sorted(inside):
        path, seen = [start], {start}
        stack = [iter(sorted(edges[start]))]
        while stack:
            target = next(stack[-1], None)
            if target is None:
                stack.pop()
                seen.discard(path.pop())
            elif target == start:
                cycles.append(" -> ".join([*path, start]))
            elif target not in seen and target > start:  # (each cycle once, from its least module)
                path.append(target)
                seen.add(target)
                stack.append(iter(sorted(edges[target])))
    assert not cycles, "\n".join(cycles)


def test_every_test_file_the_package_cites_exists() -> None:
    """A comment or docstring that sends a reader to ``tests/...`` sends them to a file."""
    root = PACKAGE.parent
    cited = {
        (path.relative_to(root).as_posix(), match.group().rstrip("."))
        for path in PACKAGE.rglob("*.py")
        for match in re.finditer(r"tests/[\w/.-]+", path.read_text(encoding="utf-8"))
    }
    missing = sorted(f"{where} cites {target}" for where, target in cited if not (root / target).exists())
    assert not missing, "\n".join(missing)
