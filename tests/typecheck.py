"""Run ``mypy --strict`` on kifu packages: ``python tests/typecheck.py kifu.core kifu.chess``.

The source directory is ``cli/`` but the package is ``kifu``; mypy needs a directory named
after the package, so a symlink ``kifu -> cli`` is made in a temporary directory.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mypy(packages: list[str]) -> subprocess.CompletedProcess[str]:
    """mypy --strict over ``packages``; the completed process (output in stdout)."""
    with tempfile.TemporaryDirectory() as temporary:
        os.symlink(ROOT / "cli", Path(temporary) / "kifu")
        arguments = [sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml")]
        for package in packages:
            arguments += ["-p", package]
        return subprocess.run(
            arguments,
            cwd=temporary,
            env={**os.environ, "MYPYPATH": temporary},
            capture_output=True,
            text=True,
        )


if __name__ == "__main__":
    result = mypy(sys.argv[1:] or ["kifu"])
    print(result.stdout, end="")
    sys.exit(result.returncode)
