"""The library API: docs/api.md's examples run as doctests; typed results; py.typed shipped."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import kifu
import pytest

ROOT = Path(__file__).resolve().parents[2]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def test_the_examples_of_docs_api_md(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ```python block of docs/api.md, in order, as one doctest (the fences are not output)."""
    monkeypatch.chdir(ROOT)  # the examples name fixtures from the repository's root
    path = ROOT / "docs" / "api.md"
    blocks = re.findall(r"^```python\n(.*?)^```$", path.read_text(encoding="utf-8"), re.M | re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "docs/api.md", str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    output: list[str] = []
    result = runner.run(test, out=output.append)
    assert result.attempted >= 15
    assert result.failed == 0, "".join(output)


def test_import_kifu_loads_no_game_and_no_api() -> None:
    code = "import sys, kifu; print(sorted(m for m in sys.modules if m.startswith('kifu')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # kifu._native: the finder of the compiled build, when there is one (no game module either)
    assert loaded.strip() in ("['kifu']", "['kifu', 'kifu._native']")


def test_the_api_is_typed_and_reachable() -> None:
    report = kifu.check("1. e4 e5 *\n")
    assert isinstance(report, kifu.Report) and report.ok and report.to_dict()["game"] == "chess"
    assert isinstance(kifu.convert("1. e4 *\n", to="uci"), kifu.Conversion)
    with pytest.raises(AttributeError):
        kifu.show  # noqa: B018  (no `kifu show` command yet)


def test_api_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        kifu.check(tmp_path / "missing.pgn")
    with pytest.raises(FileNotFoundError):
        kifu.check("missing.pgn")
    with pytest.raises(ValueError, match="unknown game"):
        kifu.check("1. e4 *\n", game="shogi")
    with pytest.raises(ValueError, match="no finding code"):
        kifu.check("1. e4 *\n", ignore="XYZ")
    with pytest.raises(ValueError, match="cannot be converted to 'svg'"):
        kifu.convert("1. e4 *\n", to="svg")
    report = kifu.check("nothing to see\n")
    assert [f.code for f in report.findings] == ["IO006"]


def test_py_typed_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert data["kifu"] == ["py.typed"] and (ROOT / "cli" / "py.typed").is_file()
