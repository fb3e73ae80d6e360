"""Big files are read in blocks: the results must not depend on where the blocks end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.go import encoding
from kifu.go.reader import _NOT_PAREN

from tests.go.helpers import Checked, check_file, check_text

ENCODING_CODES = {"SGF041", "SGF042", "SGF043", "SGF044"}


def summary(checked: Checked) -> list[object]:
    """What a user sees of each record, minus the charset notes (the probe is smaller)."""
    rows: list[object] = []
    for record in checked.records:
        rows.append(
            (
                record.index,
                record.line,
                record.plies,
                record.declared_result,
                record.tags,
                record.score and record.score["result"],
            )
        )
        rows.extend(
            (f.code, f.span and (f.span.line, f.span.column), f.message, f.ply)
            for f in record.findings
            if f.code not in ENCODING_CODES
        )
    rows.extend((f.code, f.message) for f in checked.file_findings if f.code not in ENCODING_CODES)
    return rows


@pytest.mark.corpus
@pytest.mark.parametrize("block", [7, 37, 4096])
def test_streamed_files_give_the_same_results(
    block: int, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [p for p in sorted((corpus / "go").rglob("*.sgf")) if p.stat().st_size > 700]
    whole = {p: check_file(p) for p in paths}
    monkeypatch.setattr(encoding, "STREAM_THRESHOLD", 600)
    monkeypatch.setattr(encoding, "BLOCK", block)
    monkeypatch.setattr(encoding, "PROBE", 600)
    compared = 0
    for path in paths:
        data = path.read_bytes()
        probe = data[:601][: data[:601].rfind(b"\n") + 1] or data[:601]
        if encoding.decode(probe).encoding != encoding.decode(data).encoding:
            continue  # the first block alone says another charset: not comparable
        assert summary(check_file(path)) == summary(whole[path]), path.name
        compared += 1
    assert compared >= 40


def test_stream_counts_invalid_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encoding, "STREAM_THRESHOLD", 100)
    monkeypatch.setattr(encoding, "BLOCK", 16)
    monkeypatch.setattr(encoding, "PROBE", 100)
    body = "".join(f";B[{a}a];W[{a}b]" for a in "abcdefghi")
    data = f"(;FF[4]CA[UTF-8]GM[1]SZ[9]\n{body}\n;C[caf".encode() + b"\xe9" + b" \x00 ok])\n"
    checked = check_text(data)
    assert checked.records[0].plies == 18
    assert {"SGF043", "SGF044"} <= set(checked.all_codes())


@pytest.mark.corpus
def test_chunks_checked_apart_give_the_same_reports(corpus: Path) -> None:
    from kifu import games
    from kifu.core.game import Options
    from kifu.core.records import Chunk, check_chunk, chunks
    from kifu.core.results import RecordReport
    from kifu.core.sources import Source

    options = Options()
    go = games.load("go")
    assert go is not None
    for path in [
        corpus / "go" / "sgfc" / "test.sgf",
        corpus / "go" / "libsgfcplusplus" / "deep-game-tree.sgf",
        corpus / "go" / "minimal" / "45-two-games.sgf",
    ]:
        whole = [r.to_dict() for r in games.check(Source(str(path)), "go") if isinstance(r, RecordReport)]
        parts = [part for part in chunks(go, Source(str(path)), "sgf", options, 2) if isinstance(part, Chunk)]
        split = [r.to_dict() for part in parts for r in check_chunk(go, part, options)]
        assert split == whole, path.name
        assert [c for part in parts for c in part.covers()] == [(r["index"], r["line"]) for r in whole]


#: what the reader's skip pattern is written to match, as the alternation it was first written
#: as: text outside values (no "(", ")" or "[") or a value closed by its "]", repeated
SKIP_AS_ALTERNATION = re.compile(r"(?:[^()\[]++|\[[^\\\]]*+(?:\\.[^\\\]]*+)*+\])*+", re.S)


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="()[]\\;B \n", max_size=40), st.integers(min_value=0, max_value=40))
def test_the_skip_pattern_ends_where_its_alternation_ends(text: str, pos: int) -> None:
    pos = min(pos, len(text))
    written = _NOT_PAREN.match(text, pos)
    alternation = SKIP_AS_ALTERNATION.match(text, pos)
    assert written is not None and alternation is not None
    assert written.end() == alternation.end()
