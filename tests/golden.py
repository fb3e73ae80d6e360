"""Golden files: the one helper every test compares exact output with, and the case tables.

``KIFU_UPDATE_GOLDEN=1 make test`` rewrites the files after a deliberate change; review the
diff like code. The command-level goldens are the cases of ``tests/cases/<game>/cases.toml``
(run by ``tests/test_cases.py``): each maps an expected file beside the table to the command line
that makes it.
"""

from __future__ import annotations

import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

UPDATE = os.environ.get("KIFU_UPDATE_GOLDEN") == "1"
ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "cases"
GAMES = ("chess", "go", "xiangqi")


def assert_golden(path: Path, actual: str) -> None:
    """``actual`` equals the text of the golden file ``path`` (written instead when updating)."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8", newline="") as golden:
            golden.write(actual)
    assert path.exists(), f"no golden file {path}; run with KIFU_UPDATE_GOLDEN=1 to create it"
    with path.open(encoding="utf-8", newline="") as golden:  # line ends are compared exactly
        assert actual == golden.read(), f"output differs from {path}"


@dataclass(frozen=True)
class Case:
    """One command line, the exit code it ends with, and the file that holds what it prints."""

    expected: Path
    run: tuple[str, ...]
    exit: int
    shape: str
    cwd: Path = ROOT
    fault: str | None = None

    @property
    def name(self) -> str:
        """``<game>/<expected file>``: the case's test id."""
        return self.expected.relative_to(CASES).as_posix()


def table(game: str) -> dict[str, dict[str, object]]:
    """The entries of ``game``'s case table, by expected file."""
    return tomllib.loads((CASES / game / "cases.toml").read_text(encoding="utf-8"))


def load_cases(game: str) -> list[Case]:
    """The cases of ``game``, in table order."""
    return [
        Case(
            expected=CASES / game / key,
            run=tuple(shlex.split(str(entry["run"]))),
            exit=int(str(entry["exit"])),
            shape=str(entry["shape"]),
            cwd=ROOT / str(entry.get("cwd", ".")),
            fault=str(entry["fault"]) if "fault" in entry else None,
        )
        for key, entry in table(game).items()
    ]


def all_cases() -> list[Case]:
    """The cases of every game."""
    return [case for game in GAMES for case in load_cases(game)]
