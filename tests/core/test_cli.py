"""The command line: exit codes, output formats, sources, and a fast start-up."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import re
import subprocess
import sys
from pathlib import Path

import kifu
import pytest
from click.testing import CliRunner
from kifu.app import cli

from tests.faults import chess_record_2_fails

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "fixtures/chess/good/opera-game.pgn"
ILLEGAL = ROOT / "fixtures/chess/bad/rules.pgn"


def invoke(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_clean_file_exits_0_and_prints_nothing() -> None:
    code, out, err = invoke("check", str(GOOD))
    assert (code, out) == (0, "")
    assert "1 record(s): 0 error(s)" in err


def test_findings_exit_1_and_go_to_stdout() -> None:
    code, out, err = invoke("check", str(ILLEGAL))
    assert code == 1
    assert "CHESS101" in out and "CHESS101" not in err


@pytest.mark.parametrize(("fail_on", "expected"), [("error", 0), ("warning", 1), ("info", 1)])
def test_fail_on(tmp_path: Path, fail_on: str, expected: int) -> None:
    path = tmp_path / "zeros.pgn"
    path.write_text(GOOD.read_text().replace("O-O-O", "0-0-0"))
    assert invoke("check", "--fail-on", fail_on, str(path))[0] == expected


def test_verbose_prints_each_record() -> None:
    _, out, _ = invoke("check", "-v", str(GOOD))
    assert "game 1; Morphy, Paul - Duke Karl / Count Isouard; 1-0, 33 plies; checkmate at ply 33 → 1-0" in out


def test_json_contract() -> None:
    code, out, _ = invoke("check", "--format", "json", str(GOOD), str(ILLEGAL))
    document = json.loads(out)
    assert set(document) >= {"kifu", "files", "summary"}
    first = document["files"][0]
    assert (first["game"], first["format"]) == ("chess", "pgn")
    record = first["records"][0]
    assert set(record) >= {
        "index",
        "line",
        "tags",
        "plies",
        "declared_result",
        "outcome",
        "claims",
        "score",
        "findings",
    }
    assert record["outcome"] == {"result": "1-0", "reason": "checkmate", "ply": 33}
    finding = document["files"][1]["records"][0]["findings"][0]
    assert set(finding) >= {
        "code",
        "severity",
        "message",
        "line",
        "column",
        "end_line",
        "end_column",
        "ply",
        "move",
        "rule",
    }
    assert document["summary"]["records"] == 1 + 16
    assert code == 1


def _zstd(data: bytes) -> bytes:
    zstandard = pytest.importorskip("zstandard", reason="the zstd extra is not installed")
    return zstandard.ZstdCompressor().compress(data)  # type: ignore[no-any-return]


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress, lzma.compress, _zstd])
def test_compressed_files(tmp_path: Path, compress) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "rules.pgn.x"
    path.write_bytes(compress(ILLEGAL.read_bytes()))
    code, out, _ = invoke("check", "--game", "chess", str(path))
    assert code == 1 and "CHESS101" in out


def test_truncated_compressed_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.pgn.gz"
    path.write_bytes(gzip.compress(ILLEGAL.read_bytes())[:200])
    code, out, _ = invoke("check", str(path))
    assert code == 1 and "IO002" in out


def test_stdin() -> None:
    code, out, _ = invoke("check", "-", input=ILLEGAL.read_bytes())
    assert code == 1 and out.startswith("-:")


def test_stdin_leaves_nothing_on_stderr_but_the_summary() -> None:
    """A whole process (the interpreter's teardown once printed 'Exception ignored in
    SpooledTemporaryFile.__del__' after every `kifu check -`)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "kifu", "check", "-"], input=GOOD.read_bytes(), capture_output=True
    )
    assert done.returncode == 0
    assert b"Exception ignored" not in done.stderr
    assert [line.split(b":")[0] for line in done.stderr.splitlines()] == [b"kifu"]  # the summary alone


def test_directories_are_walked_without_r(tmp_path: Path) -> None:
    (tmp_path / "a.pgn").write_bytes(GOOD.read_bytes())
    (tmp_path / "notes.md").write_text("not a game")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "b.pgn").write_bytes(ILLEGAL.read_bytes())
    (tmp_path / "round5").mkdir()
    (tmp_path / "round5" / "c.pgn").write_bytes(ILLEGAL.read_bytes())
    code, out, err = invoke("check", str(tmp_path / "round5"))
    assert code == 1 and "CHESS101" in out and "c.pgn" in out and "1 file(s)" in err
    for recursive in ([], ["-r"]):  # -r is still accepted: it is the default
        code, out, err = invoke("check", *recursive, str(tmp_path))
        assert code == 1 and "IO001" not in out and "2 file(s)" in err and "b.pgn" not in out


def test_no_path_is_the_current_directory_with_its_include_and_exclude(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.pgn").write_bytes(GOOD.read_bytes())
    (tmp_path / "drafts").mkdir()
    (tmp_path / "drafts" / "b.pgn").write_bytes(ILLEGAL.read_bytes())
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "c.pgn").write_bytes(ILLEGAL.read_bytes())
    monkeypatch.chdir(tmp_path)
    code, out, err = invoke("check")
    assert code == 1 and "3 file(s)" in err
    (tmp_path / "kifu.toml").write_text('exclude = ["drafts/"]\nextend-exclude = ["old/"]\n')
    assert invoke("check")[0] == 0
    code, out, err = invoke("check", "--extend-exclude", "a.pgn")  # the command line's replaces the file's
    assert code == 1 and "old/c.pgn" in out and "drafts/b.pgn" not in out and "1 file(s)" in err
    (tmp_path / "kifu.toml").write_text('include = ["drafts/*"]\n')
    code, out, err = invoke("check")
    assert code == 1 and "drafts/b.pgn" in out and "1 file(s)" in err


@pytest.mark.parametrize("command", [["check"], ["convert", "--to", "pgn"], ["standings"], ["score"]])
def test_a_missing_path_is_a_usage_error_naming_it(tmp_path: Path, command: list[str]) -> None:
    code, out, err = invoke(*command, str(tmp_path / "nope.pgn"), str(ILLEGAL))
    assert (code, out) == (2, "") and "IO001" not in err
    assert err.strip().splitlines() == [f"Error: no such file or directory: {tmp_path / 'nope.pgn'}"]


@pytest.mark.parametrize("command", [["check"], ["convert", "--to", "pgn"], ["standings"], ["score"]])
def test_a_glob_that_matches_nothing_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    pattern = str(tmp_path / "round*" / "*.pgn")
    code, out, err = invoke(*command, pattern)
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [f"Error: no file matches {pattern}"]


@pytest.mark.parametrize("command", [["check"], ["convert", "--to", "pgn"]])
def test_an_input_without_records_warns(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "readme.md").write_text("no games here\n")
    for folder in ("empty", "notes"):
        code, out, err = invoke(*command, str(tmp_path / folder))
        assert (code, out) == (0, "")
        assert f"kifu: warning: no record files found under {tmp_path / folder}" in err


def test_convert_walks_a_folder(tmp_path: Path) -> None:
    (tmp_path / "round5").mkdir()
    (tmp_path / "round5" / "a.pgn").write_bytes(GOOD.read_bytes())
    code, out, _ = invoke("convert", "--to", "uci", str(tmp_path / "round5"))
    assert code == 0 and out.startswith("e2e4")


def test_unknown_game(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello world\n")
    code, out, _ = invoke("check", str(path))
    assert code == 1 and "IO006" in out


def test_lang_option(tmp_path: Path) -> None:
    path = tmp_path / "es.pgn"
    path.write_text('[Result "*"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *\n')
    _code, out, _ = invoke("check", "--lang", "es", str(path))
    assert "CHESS103" not in out and "CHESS108" not in out
    assert invoke("check", "--lang", "xx", str(path))[0] == 2


def test_internal_errors_exit_2_and_the_rest_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    chess_record_2_fails(monkeypatch)
    code, out, _ = invoke("check", "--format", "json", str(ILLEGAL))
    records = json.loads(out)["files"][0]["records"]
    assert code == 2
    assert [f["code"] for f in records[1]["findings"]] == ["KIFU001"]
    assert "boom" in records[1]["findings"][0]["message"]
    assert len(records) == 16 and records[2]["findings"]


def test_a_converter_bug_is_kifu001_exit_2_and_the_other_records_are_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import kifu.chess.convert as convert

    whole = invoke("convert", "--to", "uci", "--lenient", str(ILLEGAL))[1].splitlines()
    original = convert.convert_game

    def flaky(game, index, target, **options):  # type: ignore[no-untyped-def]
        if index == 2:
            raise RuntimeError("boom")
        return original(game, index, target, **options)

    monkeypatch.setattr(convert, "convert_game", flaky)
    code, out, err = invoke("convert", "--to", "uci", "--lenient", str(ILLEGAL))
    assert code == 2
    assert "KIFU001" not in out and "internal error while converting record 2 (line 11)" in err
    assert "boom" in err
    assert len(out.splitlines()) == len(whole) - 1  # every other game is written


def test_convert_exits_1_when_a_record_is_not_played_to_its_end() -> None:
    code, _, err = invoke("convert", "--to", "uci", str(ILLEGAL))
    assert code == 1 and "no white king can reach e3" in err
    assert invoke("convert", "--to", "uci", "--lenient", str(ILLEGAL))[0] == 0
    assert invoke("convert", "--to", "uci", str(GOOD))[0] == 0


def test_explain() -> None:
    code, out, _ = invoke("explain", "chess101")
    assert code == 0 and out.startswith("CHESS101 (error): illegal move") and "FIDE" in out
    code, out, _ = invoke("explain")
    assert "PGN002" in out and "IO003" in out
    code, _, err = invoke("explain", "NOPE999")
    assert code == 2 and "no finding code 'NOPE999'; `kifu explain` lists them all" in err


def test_explain_of_a_misspelt_code_says_which_was_meant() -> None:
    code, _, err = invoke("explain", "CHES101")
    assert code == 2 and "no finding code 'CHES101'; did you mean CHESS101?" in err


def test_help_does_not_import_the_games() -> None:
    script = (
        "import sys; from kifu.app import cli; cli(['--help'], standalone_mode=False); "
        "print(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('chess', 'lark', 'sgfmill') or m.startswith('kifu.chess')))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip().endswith("[]")


def _imported_by(*args: str) -> list[str]:
    """The modules a run of ``kifu ARGS`` imports, in a fresh interpreter."""
    script = (
        "import sys; from kifu.app import cli\n"
        "try: cli(sys.argv[1:], standalone_mode=False)\n"
        "finally: print('\\n'.join(sorted(sys.modules)), file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120
    )
    return result.stderr.splitlines()


#: the small modules of a game that its registry reads without the game: what its files look
#: like, its rules presets (Go's are its rules table) and its finding codes
SMALL = re.compile(r"kifu\.(chess|go|xiangqi)\.(detect|presets|rules|codes)")


def test_explain_imports_the_codes_not_the_games() -> None:
    imported = _imported_by("explain", "CHESS101")
    assert {"kifu.chess.codes", "kifu.go.codes", "kifu.xiangqi.codes"} <= set(imported)
    games = [m for m in imported if m.split(".")[0] in ("chess", "lark", "sgfmill", "regex")]
    own = [m for m in imported if re.match(r"kifu\.(chess|go|xiangqi)\.", m) and not SMALL.fullmatch(m)]
    assert (games, own) == ([], [])
    # nor the options and configuration of the commands that have them
    assert [m for m in imported if m in ("kifu.commands.options", "kifu.application.config", "tomllib")] == []


def test_a_one_file_check_imports_its_game_only_and_the_text_reporter() -> None:
    imported = _imported_by("check", "-q", str(GOOD))
    assert "kifu.chess.checker" in imported and "kifu.application.report.text" in imported
    others = [m for m in imported if re.match(r"kifu\.(go|xiangqi)\.", m) and not SMALL.fullmatch(m)]
    unused = {"sgfmill", "multiprocessing", "concurrent", "distributed", "kifu.core.svg"}
    unused |= {"kifu.application.report_boards"}
    assert others == [] and [m for m in imported if m.split(".")[0] in unused or m in unused] == []
    reporters = [
        m
        for m in imported
        if m.startswith("kifu.application.report.") and m != "kifu.application.report.text"
    ]
    assert reporters == []


def test_python_m_kifu() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "kifu", "--version"], capture_output=True, text=True, check=True
    )
    assert result.stdout.startswith(f"kifu {kifu.__version__} (Python ")


def test_version_says_which_build_runs() -> None:
    """compiled, with its count of modules, or pure Python and why: KIFU_PURE is one way."""
    from kifu._native import CompiledFinder

    def version(**env: str) -> str:
        environment = {k: v for k, v in os.environ.items() if k != "KIFU_PURE"} | env
        return subprocess.run(
            [sys.executable, "-m", "kifu", "--version"], capture_output=True, text=True, env=environment
        ).stdout

    assert version(KIFU_PURE="1").endswith(", pure Python: KIFU_PURE is set\n")
    build = os.path.join(os.path.dirname(os.path.realpath(kifu.__file__)), "_mypyc")
    modules = CompiledFinder(build).paths()
    said = version()
    if modules:
        assert said.endswith(f", compiled (mypyc, {len(modules) - 1} modules)\n")
    else:
        assert ", pure Python: " in said


def test_stdin_is_read_again_for_each_stream() -> None:
    """Two checks in one process, each with its own standard input."""
    first = invoke("check", "-", input=ILLEGAL.read_bytes())
    second = invoke("check", "-", input=GOOD.read_bytes())
    assert first[0] == 1 and (second[0], second[1]) == (0, "")


@pytest.mark.parametrize("name", ["png.sgf", "png.pgn", "png.dhtml"])
def test_binary_files_of_any_text_format_are_one_finding(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    code, out, _ = invoke("check", str(path))
    assert code == 1 and out.count("\n") == 1 and " IO004 " in out
