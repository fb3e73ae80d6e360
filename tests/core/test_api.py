"""The library API: docs/api.md's examples run as doctests; typed results; py.typed shipped."""

from __future__ import annotations

import doctest
import io
import os
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


# --- what source is: a path, a directory, text, bytes or a file object ------------------------

OPERA = ROOT / "fixtures/chess/good/opera-game.pgn"
GO = ROOT / "fixtures/go/good/9x9-handicap3.sgf"


def test_a_path_in_a_str_or_a_pathlike_is_the_file() -> None:
    for given in (OPERA, str(OPERA)):
        report = kifu.check(given)
        assert (report.kind, report.path, report.game, len(report.records)) == (
            "file",
            str(OPERA),
            "chess",
            1,
        )


def test_bytes_are_a_file_s_content_decoded_as_a_file_is() -> None:
    report = kifu.check(b"1. e4 *")
    assert (report.kind, report.game, [f.code for f in report.all_findings]) == ("bytes", "chess", ["PGN009"])
    latin1 = '[White "Gödel"]\n\n1. e4 *\n'.encode("latin-1")
    assert kifu.check(latin1).records[0].tags["White"] == "Gödel"
    assert kifu.convert(bytearray(b"1. e4 e5 *"), to="uci").text == "e2e4 e7e5\n"


def test_file_objects_binary_and_text() -> None:
    with OPERA.open("rb") as binary:
        report = kifu.check(binary)
    assert (report.kind, report.path, report.ok) == ("stream", str(OPERA), True)
    report = kifu.check(io.StringIO("(;GM[1]SZ[9];B[ee])"))
    assert (report.kind, report.path, report.game) == ("stream", "<stream>", "go")
    assert kifu.score(io.BytesIO(GO.read_bytes()))[0]["agrees"] is True


def test_text_with_a_line_break_or_that_is_a_record() -> None:
    assert kifu.check("1. e4 e5 2. Ke3 *\n").kind == "text"
    report = kifu.check("1. e4 e5 1/2-1/2")  # a slash, but records: text, not a path
    assert (report.kind, report.path, report.game) == ("text", "<text>", "chess")


def test_a_directory_is_walked_and_each_file_reported(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.pgn").write_text("1. e4 e5 2. Ke3 *\n")
    (tmp_path / "sub" / "b.sgf").write_text("(;GM[1]SZ[9];B[ee];W[ee])")
    (tmp_path / "notes.md").write_text("not a record\n")
    report = kifu.check(tmp_path)
    assert report.kind == "directory" and report.path == str(tmp_path)
    assert [(Path(f.path).name, f.game) for f in report.files] == [("a.pgn", "chess"), ("b.sgf", "go")]
    assert {f.code for f in report.all_findings} >= {"CHESS101", "GO101"} and not report.ok
    assert report.game is None  # two games
    assert len(kifu.check(str(tmp_path), ignore=["PGN009"]).records) == 2
    assert [entry["path"] for entry in kifu.score(tmp_path)] == [str(tmp_path / "sub" / "b.sgf")]


def test_an_empty_directory_says_it_holds_no_records(tmp_path: Path) -> None:
    report = kifu.check(tmp_path)
    assert (report.kind, report.files, [f.code for f in report.findings]) == ("directory", [], ["IO005"])


@pytest.mark.parametrize("missing", ["roundfive", "round5/board3.pgn", "board3.pgn", "games.sgf.gz"])
def test_a_str_that_looks_like_a_path_and_is_not_there_raises_file_not_found(missing: str) -> None:
    with pytest.raises(FileNotFoundError, match=re.escape(missing)):
        kifu.check(missing)
    with pytest.raises(FileNotFoundError):
        kifu.convert(missing, to="uci")
    with pytest.raises(FileNotFoundError):
        kifu.score(missing)


def test_a_value_of_no_kind_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a path, a directory, text, bytes or a file object, not int"):
        kifu.check(3)  # type: ignore[arg-type]


def test_dir_lists_the_public_api_only() -> None:
    assert dir(kifu) == sorted(kifu.__all__)
    assert {"check", "convert", "score", "Report", "Conversion", "Finding"} <= set(dir(kifu))
    assert not {"os", "Any", "annotations", "TYPE_CHECKING"} & set(dir(kifu))
    assert all(getattr(kifu, name) is not None for name in kifu.__all__)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_fifo_is_refused_as_the_command_refuses_it_not_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "games.pgn"
    os.mkfifo(fifo)
    report = kifu.check(fifo)  # (opening it would block until a writer came)
    assert (report.kind, [f.code for f in report.findings]) == ("file", ["IO001"])
    assert "FIFO" in report.findings[0].message
