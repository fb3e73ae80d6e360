"""The user's install routes give the compiled kifu on PATH: ``python -m build`` then a clean
venv, and ``pipx install .``, each from a clean copy of the repository, as a user's clone is.

Each builds kifu (mypyc: about a minute on 2 cores), so they are marked ``install`` and left
out of ``make test``: ``make test-install`` runs them, and so does ``.ci/run``. Where no C
compiler or no Python headers exist, the install must still work, pure, and say why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.test_action import clean_copy

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "fixtures" / "chess" / "bad" / "rules.pgn"

pytestmark = pytest.mark.install


def toolchain() -> bool:
    """Whether this Python can build extensions: its headers and a C compiler (setup.py's test)."""
    include = Path(sysconfig.get_paths().get("include") or "")
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return (include / "Python.h").exists() and shutil.which(compiler.split()[0]) is not None


def environment(tmp_path: Path) -> dict[str, str]:
    """The user's environment: none of kifu's build or run switches, pipx's homes in tmp_path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIFU_", "PIPX_", "VIRTUAL_ENV"))}
    return env | {"PIPX_HOME": str(tmp_path / "pipx"), "PIPX_BIN_DIR": str(tmp_path / "bin")}


def said_build(kifu: Path, env: dict[str, str]) -> str:
    version = subprocess.run([str(kifu), "--version"], capture_output=True, text=True, env=env, check=True)
    return version.stdout.strip()


def assert_the_right_build(said: str) -> None:
    if toolchain():
        assert ", compiled (mypyc, " in said, said
    else:
        assert ", pure Python: " in said and ("compiler" in said or "headers" in said), said


def assert_checks_as_the_suite_does(kifu: Path, env: dict[str, str]) -> None:
    mine = subprocess.run([str(kifu), "check", str(GAME)], capture_output=True, text=True, env=env)
    here = subprocess.run([sys.executable, "-m", "kifu", "check", str(GAME)], capture_output=True, text=True)
    assert (mine.returncode, mine.stdout) == (here.returncode, here.stdout)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return clean_copy(tmp_path_factory.mktemp("clone"))


def test_a_wheel_built_with_python_m_build_runs_compiled_in_a_clean_venv(
    source: Path, tmp_path: Path
) -> None:
    env = environment(tmp_path)
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(source)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("kifu-*.whl")
    assert ("-none-any" not in wheel.name) == toolchain(), wheel.name  # a platform wheel, compiled
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    subprocess.run(
        [str(tmp_path / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        check=True,
        env=env,
    )
    kifu = tmp_path / "venv" / "bin" / "kifu"
    assert_the_right_build(said_build(kifu, env))
    assert_checks_as_the_suite_does(kifu, env)


def test_pipx_install_puts_a_compiled_kifu_on_path(source: Path, tmp_path: Path) -> None:
    env = environment(tmp_path)
    installed = subprocess.run(
        [sys.executable, "-m", "pipx", "install", str(source)], capture_output=True, text=True, env=env
    )
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    kifu = tmp_path / "bin" / "kifu"
    assert kifu.exists()
    assert_the_right_build(said_build(kifu, env))
    assert_checks_as_the_suite_does(kifu, env)


def test_without_a_compiler_the_install_is_pure_and_says_why(source: Path, tmp_path: Path) -> None:
    env = environment(tmp_path) | {"CC": "no-such-cc"}
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    installed = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(source)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert installed.returncode == 0, installed.stderr[-3000:]
    said = said_build(venv / "bin" / "kifu", env)
    assert said.endswith(
        "pure Python: no C compiler (no-such-cc); install a C compiler and the Python headers "
        "(Debian: apt-get install gcc python3-dev)"
    ), said
