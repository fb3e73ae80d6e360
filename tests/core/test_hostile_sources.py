"""Hostile or odd inputs at the level of files: decompression bombs stop at a limit, names that
are not UTF-8 are shown escaped in every format, standard input is spooled (issue 16)."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.limits import limits, set_limits

ROOT = Path(__file__).resolve().parents[2]
GOOD = (ROOT / "fixtures/chess/good/opera-game.pgn").read_bytes()
BAD = (ROOT / "fixtures/chess/bad/rules.pgn").read_bytes()


@pytest.fixture(autouse=True)
def _restore_limits() -> object:
    saved = limits()
    yield
    set_limits(decompressed=saved.decompressed, record=saved.record, depth=saved.depth)


def check(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", "-q", "-j1", *args], input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_a_compressed_file_stops_at_the_decompression_limit_with_io008(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.pgn.gz"
    bomb.write_bytes(gzip.compress(GOOD + b"\n\n" + b"{" + b" " * (4 << 20) + b"}\n", 9))
    assert bomb.stat().st_size < 20_000
    code, out, _ = check("--max-decompressed", "1M", "--format", "json", str(bomb))
    document = json.loads(out)
    (file,) = document["files"]
    assert code == 1 and [f["code"] for f in file["findings"]] == ["IO008"]
    assert (
        "1 MiB" in file["findings"][0]["message"] and file["records"][0]["outcome"]["reason"] == "checkmate"
    )
    assert check("--max-decompressed", "0", str(bomb))[0] == 1  # no limit: read to the end (an unclosed game)


def test_the_size_option_refuses_what_is_not_a_size() -> None:
    code, _, err = check("--max-decompressed", "lots", str(ROOT / "fixtures/chess/good/opera-game.pgn"))
    assert code == 2 and "not a size" in err


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names are bytes")
@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "sarif", "github", "junit"])
def test_a_file_name_that_is_not_utf8_is_escaped_and_the_others_are_reported(
    tmp_path: Path, fmt: str
) -> None:
    directory = os.fsencode(tmp_path)
    with open(os.path.join(directory, b"bad\xff.pgn"), "wb") as handle:
        handle.write(BAD)
    (tmp_path / "good.pgn").write_bytes(GOOD)
    result = CliRunner().invoke(cli, ["check", "-q", "-j1", "-r", "--format", fmt, str(tmp_path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.stderr
    out = result.stdout_bytes.decode("utf-8")  # the report is valid UTF-8
    if fmt == "jsonl":
        assert {Path(json.loads(line)["path"]).name for line in out.splitlines()} == {"bad\\xff.pgn"}
    elif fmt == "json":
        paths = [Path(f["path"]).name for f in json.loads(out)["files"]]
        assert paths == ["bad\\xff.pgn", "good.pgn"]  # the good file beside it is still reported
    elif fmt == "sarif":
        uris = {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]
        }
        assert uris and all(uri.isascii() and uri.endswith("bad%5Cxff.pgn") for uri in uris)
    else:
        assert "bad\\xff.pgn" in out and ("good.pgn" in out or fmt != "junit")


def test_standard_input_is_read_once_and_checked(tmp_path: Path) -> None:
    big = b"\n\n".join([GOOD] * 400)  # larger than a pipe's buffer
    code, out, _ = check("--format", "json", "-", input=big)
    assert code == 0 and len(json.loads(out)["files"][0]["records"]) == 400
