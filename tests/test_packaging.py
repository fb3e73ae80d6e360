"""Packaging: every package under cli/ is listed in pyproject.toml (the wheel would miss it)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def test_every_package_is_listed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {"kifu.grammars"} | {
        ".".join(("kifu", *init.parent.relative_to(ROOT / "cli").parts)).rstrip(".")
        for init in (ROOT / "cli").rglob("__init__.py")
    }
    assert found == listed


def test_grammars_are_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert data["kifu.grammars"] == ["*.lark"]
    assert list((ROOT / "grammars").glob("*.lark"))


def test_the_wheel_ships_the_grammars_the_schema_and_py_typed(tmp_path: Path) -> None:
    import subprocess
    import zipfile

    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("kifu-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"kifu/py.typed", "kifu/core/report/schemas/report.schema.json", "kifu/grammars/pgn.lark"} <= names
