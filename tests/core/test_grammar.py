"""The grammar loader's cache of Lark's analysis: private, checked, and never needed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from kifu.core.grammar import cache_file, cache_folder

#: parses an SGF game in a fresh process (so that no parser is loaded yet) and prints its nodes
#: and findings; the ``%`` is junk, so that the grammar parses the game (the scanner reads only
#: clean text, without Lark)
PARSE = (
    "from kifu.go.parser import parse_game; from kifu.go.index import TextIndex; "
    "t = '(;GM[1]SZ[9];B[aa];W[bb](;B[cc])(;B[dd])%)'; "
    "g = parse_game(t, 0, len(t), TextIndex(t), 1); n = g.root; k = 0\n"
    "while n is not None: k += 1; n = n.children[0] if n.children else None\n"
    "print(k, len(g.findings))"
)


def run_parse(cache_home: Path) -> str:
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    done = subprocess.run(
        [sys.executable, "-c", PARSE], env=environment, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_the_cache_is_a_private_folder_of_the_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = cache_folder()
    assert folder == tmp_path / "cache" / "kifu"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert cache_file("sgf") == str(folder / f"lark-sgf-py{sys.version_info[0]}{sys.version_info[1]}.cache")


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file modes are POSIX")
def test_a_folder_others_can_write_to_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tmp_path / "kifu"
    shared.mkdir()
    shared.chmod(0o777)  # (as /tmp is: another user could plant a pickle there)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() is None
    assert cache_file("sgf") is False


def test_a_relative_cache_home_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cache_folder() is None


def test_a_folder_that_cannot_be_made_means_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert cache_folder() is None


def test_the_cache_is_written_used_and_survives_damage(tmp_path: Path) -> None:
    expected = run_parse(tmp_path)  # builds the parser and writes its cache
    assert expected.split() == ["4", "1"]  # root, B[aa], W[bb], B[cc]; the junk
    cached = tmp_path / "kifu" / f"lark-sgf-py{sys.version_info[0]}{sys.version_info[1]}.cache"
    assert cached.is_file() and cached.stat().st_size > 1000
    first = cached.read_bytes()
    assert run_parse(tmp_path) == expected  # loaded from the cache
    assert cached.read_bytes() == first
    cached.write_bytes(b"damaged\n" + first[20:200])
    assert run_parse(tmp_path) == expected  # a damaged cache is built again ...
    rewritten = cached.read_bytes()  # ... and written again whole (pickled sets may differ in order)
    assert rewritten.split(b"\n", 1)[0] == first.split(b"\n", 1)[0] and len(rewritten) > 1000
