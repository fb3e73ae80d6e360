"""Packaging: every package under cli/ is listed in pyproject.toml (the wheel would miss it)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def test_every_package_is_listed() -> None:
    """Every folder of modules, and every folder of data (the grammars, the JSON schema: listed
    with its package data, else setuptools warns on every install), and nothing else."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = set(setuptools["package-data"]) | {
        ".".join(("kifu", *init.parent.relative_to(ROOT / "cli").parts)).rstrip(".")
        for init in (ROOT / "cli").rglob("__init__.py")
    }
    assert found == set(setuptools["packages"])


def test_grammars_are_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert data["kifu.grammars"] == ["*.lark"]
    assert list((ROOT / "grammars").glob("*.lark"))


def test_the_wheel_ships_the_grammars_the_schema_and_py_typed(tmp_path: Path) -> None:
    import zipfile

    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",  # the test extras' setuptools: an isolated build downloads one
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        env=os.environ | {"KIFU_COMPILE": "0"},  # (pure: the compiled wheel is tests/test_install.py's)
    )
    (wheel,) = tmp_path.glob("kifu-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {
        "kifu/py.typed",
        "kifu/application/report/schemas/report.schema.json",
        "kifu/grammars/pgn.lark",
    } <= names


USER_SCRIPT = """\
import kifu

report: kifu.Report = kifu.check("1. e4 *")
errors: list[kifu.Finding] = report.errors
wrong: int = kifu.check("1. e4 *")
"""


def _editable_path_entry() -> str | None:
    """Why mypy cannot see the installed kifu, or ``None`` when it can: an editable install
    whose ``.pth`` file is a path entry (setuptools' strict or compat mode), not an import hook."""
    import json
    import site
    from importlib import metadata

    # (an egg-info left in the work tree by a build is a distribution too, without direct_url.json)
    installs = [
        json.loads(d.read_text("direct_url.json") or "{}") for d in metadata.distributions(name="kifu")
    ]
    if not any(install.get("dir_info", {}).get("editable") for install in installs):
        return "kifu is not installed in editable mode (pip install -e)"
    for directory in site.getsitepackages():
        for pth in Path(directory).glob("__editable__*kifu*.pth"):
            entries = [
                line for line in pth.read_text().splitlines() if line and not line.startswith("import")
            ]
            if any((Path(entry) / "kifu" / "py.typed").exists() for entry in entries):
                return None
    return (
        "kifu is installed editable through setuptools' import hook, which mypy cannot follow; "
        "`make` installs it with --config-settings editable_mode=strict"
    )


def test_mypy_type_checks_user_code_against_the_editable_install(tmp_path: Path) -> None:
    reason = _editable_path_entry()
    if reason is not None:
        pytest.skip(reason)
    (tmp_path / "user.py").write_text(USER_SCRIPT)
    done = subprocess.run(  # (in tmp_path: neither the repository's pyproject.toml nor cli/ is seen)
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "user.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = done.stdout.splitlines()
    # kifu's own types reach the script: the right uses pass, the wrong one is said, and only it
    assert lines[:-1] == [
        'user.py:5: error: Incompatible types in assignment (expression has type "Report", variable has '
        'type "int")  [assignment]'
    ], done.stdout + done.stderr


def test_make_installs_kifu_editable_as_mypy_can_follow_it() -> None:
    makefile = (ROOT / "Makefile").read_text()
    installs = [line for line in makefile.splitlines() if "pip install" in line and " -e " in line]
    assert installs and all("$(EDITABLE)" in line for line in installs)
    assert "EDITABLE := --config-settings editable_mode=strict" in makefile


def test_the_version_is_one_in_pyproject_the_package_and_the_changelog() -> None:
    import kifu

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert kifu.__version__ == version
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## (\d+\.\d+\.\d+) — \d{4}-\d{2}-\d{2}$", changelog, re.M)
    assert releases and releases[0] == version, "CHANGELOG.md's newest release is not pyproject's version"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_the_pre_commit_examples_name_a_revision_of_this_repository() -> None:
    """``rev: <commit>  # frozen: vX.Y.Z`` (what ``pre-commit autoupdate --freeze`` writes): the
    commit is in this repository's history, releases X.Y.Z, and defines the hook."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the revisions cannot be looked up")
    if _git("rev-parse", "--is-shallow-repository").strip() == "true":
        pytest.skip("a shallow clone: older commits are not here")
    examples = {
        name: re.findall(
            r"^[#\s]*rev: (\S+)(?:\s+# frozen: v(\S+))?$", (ROOT / name).read_text(encoding="utf-8"), re.M
        )
        for name in ("README.md", "docs/ci.md", ".pre-commit-hooks.yaml")
    }
    assert all(examples.values()), examples
    for name, revisions in examples.items():
        for revision, release in revisions:
            assert re.fullmatch(r"[0-9a-f]{40}", revision), f"{name}: rev {revision!r} is not a commit"
            assert release, f"{name}: rev {revision} does not say which release it is (# frozen: vX.Y.Z)"
            hooks = _git("show", f"{revision}:.pre-commit-hooks.yaml")
            assert "- id: kifu-check" in hooks, name
            pyproject = tomllib.loads(_git("show", f"{revision}:pyproject.toml"))
            assert pyproject["project"]["version"] == release, name
