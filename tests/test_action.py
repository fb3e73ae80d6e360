"""The GitHub Action (``action.yml``): its steps' commands run as a runner runs them.

Each step's script runs in bash with the environment GitHub gives it: its ``env`` with the
inputs put in, ``GITHUB_ACTION_PATH`` (a clean copy of this repository, as the runner checks
the action out) and ``RUNNER_TEMP``. kifu is installed in a fresh virtual environment, pure
(the action's default; the compiled install is what tests/test_install.py measures).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
ACTION: dict[str, Any] = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
INPUT = re.compile(r"\$\{\{\s*inputs\.([a-z_-]+)\s*\}\}")


def clean_copy(target: Path) -> Path:
    """The repository's files as a checkout has them (no venv, build or caches)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            destination = target / os.fsdecode(name)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    return target


def run_steps(
    inputs: dict[str, str], workspace: Path, temp: Path, action: Path
) -> list[subprocess.CompletedProcess[str]]:
    """Every step of the action in turn, as a runner runs it; stops at a step that fails."""
    given = {name: inputs.get(name, spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    given["python"] = inputs.get("python", sys.executable)
    done = []
    for step in ACTION["runs"]["steps"]:
        assert step["shell"] == "bash" and "${{" not in step["run"]  # inputs only through env
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KIFU_", "PIP_REQUIRE"))}
        env |= {
            key: INPUT.sub(lambda m: given[m.group(1)], value) for key, value in step.get("env", {}).items()
        }
        env |= {"GITHUB_ACTION_PATH": str(action), "RUNNER_TEMP": str(temp)}
        result = subprocess.run(
            ["bash", "-e", "-c", step["run"]], cwd=workspace, env=env, capture_output=True, text=True
        )
        done.append(result)
        if result.returncode:
            break
    return done


def test_the_inputs_are_documented() -> None:
    ci = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    assert ACTION["runs"]["using"] == "composite"
    for name in ACTION["inputs"]:
        assert f"`{name}`" in ci, f"docs/ci.md does not document the action's input {name!r}"


@pytest.mark.slow
@pytest.mark.install  # (a user's install route: make test-install, which CI runs, not make test)
def test_the_action_installs_kifu_and_annotates_the_findings(tmp_path: Path) -> None:
    action = clean_copy(tmp_path / "action")
    workspace = tmp_path / "repository"
    (workspace / "games" / "round 5").mkdir(parents=True)
    shutil.copy(
        ROOT / "fixtures" / "chess" / "bad" / "rules.pgn", workspace / "games" / "round 5" / "board1.pgn"
    )
    shutil.copy(ROOT / "fixtures" / "chess" / "good" / "opera-game.pgn", workspace / "games" / "opera.pgn")
    temp = tmp_path / "runner-temp"
    temp.mkdir()

    install, check = run_steps({"paths": "games", "args": "--fail-on error"}, workspace, temp, action)
    assert install.returncode == 0, install.stderr[-3000:]
    assert re.match(r"kifu \S+ \(Python [\d.]+\), pure Python", install.stdout)
    assert check.returncode == 1, check.stderr
    annotations = check.stdout.splitlines()
    assert annotations and all(
        line.startswith(("::error ", "::warning ", "::notice ")) for line in annotations
    )
    assert any("file=games/round 5/board1.pgn" in line and "title=CHESS" in line for line in annotations)

    # a path with a space, given on its own line, and a clean record: exit 0, no annotation
    install, check = run_steps({"paths": "games/opera.pgn\n"}, workspace, temp, action)
    assert (install.returncode, check.returncode, check.stdout) == (0, 0, "")
