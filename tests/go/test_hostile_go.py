"""Issue 16 (Go): the cost of findings is linear, a record's memory is bounded, and damage that
the parser would pay for (nesting and values never closed, records over the limits) is found by
a linear scan first.

``cases/fuzz-memory-522-nesting.sgf`` is the fuzz campaign's reproducer (seed 1, input 522):
425 MiB peak before each finding kept its own copy of its source line was replaced by one
copy per line.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kifu.core.excerpt import short
from kifu.core.limits import set_limits
from kifu.go import encoding
from kifu.go.index import TextIndex
from kifu.go.parser import count_nodes, parse_unparsed
from kifu.go.reader import CollectionReader

from tests.go.helpers import check_text

CASES = Path(__file__).with_name("cases")
LIMIT = 300 * 1024 * 1024  # address space of the child: Python itself takes ~100 MiB of it


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def run_capped(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kifu", "check", "-q", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_capped,
    )


def test_fuzz_reproducer_with_thousands_of_findings_fits_in_300_mib() -> None:
    done = run_capped(CASES / "fuzz-memory-522-nesting.sgf")
    assert done.returncode == 1, done.stderr[-1000:]
    assert "KIFU001" not in done.stdout + done.stderr


def test_findings_on_one_long_line_share_one_copy_of_it(tmp_path: Path) -> None:
    path = tmp_path / "one-line.sgf"
    path.write_text("(;FF[4]GM[1]SZ[19]" + ";B[aa]x" * 12_000 + ")")  # 84 KB, 12,000 findings
    done = run_capped(path)
    assert done.returncode == 1 and "KIFU001" not in done.stdout + done.stderr, done.stderr[-1000:]


def test_twenty_thousand_findings_on_short_lines_cost_linear_time() -> None:
    text = "(;FF[4]GM[1]SZ[19]" + "\n".join(";B[aa]x" for _ in range(20_000)) + ")"
    began = time.process_time()
    checked = check_text(text)
    assert "SGF001" in checked.codes()
    assert time.process_time() - began < 4.0  # 9.6 s when each finding searched for its line


# --- issue 16, the Go rows of the hostile table: a scan before the parser, limits applied -------


def test_unclosed_nesting_is_found_by_a_scan_and_deeper_variations_are_not_read() -> None:
    text = "(;GM[1]FF[4]SZ[19]" + "(;B[aa]" * 100_000  # the hostile row, never closed
    began = time.process_time()
    checked = check_text(text)
    assert time.process_time() - began < 5.0  # no answer in 10 s when the parser closed them
    deep = checked.first("IO008")
    # the top-level tree is depth 1: its 1001st nested "(" opens the 1001st level of variations
    assert (deep.span.line, deep.span.column) == (1, 19 + 7 * 1000)
    assert "nested deeper than 1000" in deep.message
    unclosed = checked.first("SGF002")
    assert (unclosed.span.line, unclosed.span.column) == (1, len(text) + 1)
    assert "KIFU001" not in checked.all_codes()


def test_a_value_never_closed_ends_the_text_at_its_bracket() -> None:
    text = "(;GM[1]SZ[19];B[pd];W[dp]C[" + "a b\n" * 250_000  # 1 MB comment, never closed
    checked = check_text(text)
    value = checked.first("SGF003")
    assert (value.span.line, value.span.column) == (1, 27)
    assert value.message == "value [a b a b a b a b a … is not closed by `]` before the end of the file"
    assert "SGF006" not in checked.codes()  # C is not "a property without a value"
    assert "SGF002" in checked.codes()
    assert checked.records[0].plies == 2


def test_short_looks_at_a_prefix_only_and_says_the_same() -> None:
    def whole(text: str, limit: int) -> str:  # what short() said when it folded the whole text
        text = " ".join(text.split())
        return text if len(text) <= limit else text[: limit - 1] + "…"

    for text in ["", "  ", "abc", " a  b ", "a" * 100, " " * 500 + "x", "a \n" * 1000, "\t" * 90 + "ab cd"]:
        for limit in (1, 5, 20, 40):
            assert short(text, limit) == whole(text, limit), (text[:20], limit)


def test_nodes_are_counted_outside_values() -> None:
    text = "(;GM[1];B[aa]C[a;b;c\\];d];W[bb]LB[aa:;][bb:x\\;y];;)"
    assert count_nodes(text, 0) == 5
    assert count_nodes(text, 100) == text.count(";")  # (under the cap the rough count is enough)


def test_a_game_tree_of_more_nodes_than_the_limit_is_not_read() -> None:
    old = set_limits(nodes=10)
    try:
        checked = check_text(
            "(;GM[1]SZ[19]" + ";B[];W[]" * 5 + ")\n(;GM[1]SZ[19]C[;;;;;;;;;;;;]" + ";B[aa];W[bb]" * 4 + ")"
        )
    finally:
        set_limits(nodes=old.nodes)
    [limit] = checked.records[0].findings
    assert (limit.code, limit.span.line, limit.span.column) == ("IO008", 1, 1)
    assert limit.message == "this game tree has 11 nodes, more than 10 (--max-nodes): it is not read"
    assert checked.records[0].plies == 0
    assert "IO008" not in checked.codes(2) and checked.records[1].plies == 8  # ";" in C[] are not nodes


def test_a_game_tree_over_the_record_limit_is_not_kept_while_it_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    comment = "z" * 5000
    text = f"(;GM[1]SZ[19]C[{comment}];B[aa]) (;GM[1]SZ[19];B[bb]}}}};W[cc])\n  (;GM[1];B[cc]C[x"
    pieces = [text[i : i + 64] for i in range(0, len(text), 64)]
    old = set_limits(record=1000)
    try:
        reader = CollectionReader(raw=True)
        games = []
        biggest = 0
        for number, piece in enumerate(pieces, 1):
            for game, _ in reader.feed(piece, number == len(pieces)):
                games.append(parse_unparsed(game)[0])
            biggest = max(biggest, len(reader.buffer))
        # the same through a file read in blocks
        monkeypatch.setattr(encoding, "STREAM_THRESHOLD", 100)
        monkeypatch.setattr(encoding, "BLOCK", 64)
        monkeypatch.setattr(encoding, "PROBE", 100)
        checked = check_text(text)
    finally:
        set_limits(record=old.record)
    assert biggest < 1000 + 2 * 64  # past the limit, the first game's text was dropped as it came
    first, second, third = ([(f.code, f.span.line, f.span.column) for f in g.findings] for g in games)
    assert first == [("IO008", 1, 1)]
    assert (
        games[0].findings[0].message
        == "this game tree is longer than 1,000 characters (--max-record): it is not read"
    )
    assert second == [("SGF001", 1, 5044)]  # columns stay right after the dropped text
    assert games[1].root is not None
    assert third == [("SGF003", 2, 17), ("SGF002", 2, 19)]
    assert [r.line for r in checked.records] == [1, 1, 2]
    sgf001 = checked.records[1].findings[0]
    assert (sgf001.code, sgf001.span.line, sgf001.span.column) == ("SGF001", 1, 5044)


def test_many_positions_on_one_long_line_cost_linear_time() -> None:
    text = "x" * 1_000_000 + "\n" + "y" * 10
    index = TextIndex(text, 3, 0)
    began = time.process_time()
    for offset in range(0, 1_000_000, 5):  # in order, as findings come
        assert index.position(offset) == (4, offset + 1)
    for offset in range(999_999, 0, -4999):  # and out of order
        assert index.position(offset)[1] == offset + 1
    assert time.process_time() - began < 3.0  # each column searched back to the line start: minutes
    assert index.position(1_000_003) == (5, 3)
    assert TextIndex("abc\ndef", 0, 7).position(2) == (1, 10)  # a window that starts inside a line
    assert TextIndex("abc\ndef", 0, 7).position(5) == (2, 2)


def test_compressed_bombs_stop_at_the_record_limit_in_little_memory(tmp_path: Path) -> None:
    """Go bombs inflating to 256 MiB each (1 MiB pieces written again and again), checked by
    ``python -m kifu`` in a subprocess with ``--max-record 2M``: each reading stops where a game
    tree, or the text outside game trees, passes the limit, with IO008 on the file; a game
    before the flood is read, the one after it is not. (Before, line breaks before or after a
    game tree were held and searched again at each piece: the 1 GiB ones gave no answer in
    90 s; ``(;`` over and over was counted one by one: no answer in 90 s either.)"""
    import bz2
    import lzma

    from tests.fuzz.hostile import _SGF_GAME, _gzip_members, _members, run

    total = 256 << 20
    _gzip_members(tmp_path / "newlines.sgf.gz", b"", b"\n", total, _SGF_GAME)
    _gzip_members(tmp_path / "after-a-game.sgf.gz", _SGF_GAME, b"\n", total, _SGF_GAME)
    _members(tmp_path / "newlines.pgn.bz2", bz2.compress, b"", b"\n", total)
    _gzip_members(tmp_path / "comment.sgf.gz", b"(;GM[1]FF[4]SZ[19];B[pd]C[", b"x", total)
    _gzip_members(tmp_path / "open-trees.sgf.gz", b"", b"(;", total)
    _members(tmp_path / "newlines.sgf.xz", lzma.compress, b"", b"\n", total)
    (tmp_path / "good.sgf").write_bytes(_SGF_GAME)
    names = [
        "newlines.sgf.gz",
        "after-a-game.sgf.gz",
        "newlines.pgn.bz2",
        "comment.sgf.gz",
        "open-trees.sgf.gz",
        "newlines.sgf.xz",
        "good.sgf",
    ]
    outcome = run(["--format", "json", "-j1", "--game", "go", "--max-record", "2M", *names], tmp_path, 60)
    assert outcome.status == 1, outcome.measured() + outcome.stderr[-2000:]
    assert outcome.peak_mib < 200, outcome.measured()
    files = {file["path"]: file for file in json.loads(outcome.stdout)["files"]}
    assert list(files) == names
    stops = {}
    for name in names[:-1]:
        (stopped,) = [f["message"] for f in files[name]["findings"] if f["code"] == "IO008"]
        assert stopped.startswith(f"{name}: ") and stopped.endswith(
            "of the decompressed data: reading stops there, the rest of the file is not read "
            "(a decompression bomb?); the records before it were checked"
        )
        stops[name] = stopped[len(name) + 2 : stopped.index(" (--max-record)")]
    assert stops == {
        "newlines.sgf.gz": "the text before any game tree passes 2M characters",
        "after-a-game.sgf.gz": "the text after game 1 passes 2M characters",
        "newlines.pgn.bz2": "the text before any game tree passes 2M characters",
        "comment.sgf.gz": "game 1 passes 2M characters",
        "open-trees.sgf.gz": "game 1 passes 2M characters",
        "newlines.sgf.xz": "the text before any game tree passes 2M characters",
    }
    assert [len(files[name]["records"]) for name in names] == [0, 1, 0, 1, 1, 0, 1]
    assert files["after-a-game.sgf.gz"]["records"][0]["plies"] == 2  # the game before the flood
    for name in ("comment.sgf.gz", "open-trees.sgf.gz"):  # the game over the limit, not read
        (record,) = files[name]["records"]
        assert [f["code"] for f in record["findings"]] == ["IO008"]
    assert files["good.sgf"]["findings"] == [] and files["good.sgf"]["records"][0]["plies"] == 2


def test_a_zstd_bomb_stops_at_the_record_limit(tmp_path: Path) -> None:
    """The same flood of line breaks in one zstd frame (the zstd extra)."""
    zstandard = pytest.importorskip("zstandard")
    compressor = zstandard.ZstdCompressor(19)
    with (tmp_path / "newlines.sgf.zst").open("wb") as f, compressor.stream_writer(f) as out:
        for _ in range(64):
            out.write(b"\n" * (1 << 20))
    result = subprocess.run(
        [sys.executable, "-m", "kifu", "check", "--max-record", "2M", "newlines.sgf.zst"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        preexec_fn=_capped,
    )
    assert result.returncode == 1, result.stderr
    assert "the text before any game tree passes 2M characters (--max-record) at line " in result.stdout
