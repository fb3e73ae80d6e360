"""Issue 16: nesting is bounded by ``limits().depth`` with an IO008 finding, and a record as deep
as the limit still travels to a worker (pickled without recursion)."""

from __future__ import annotations

import pickle
from pathlib import Path

from kifu.core.findings import Finding
from kifu.core.limits import set_limits
from kifu.core.record import MoveNode
from kifu.xiangqi.game import Parsed, flatten
from kifu.xiangqi.reader import read_records


def _nested(depth: int) -> bytes:
    body = "(1. 马二进三 " * depth + ")" * depth
    return f'[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ {body} 2. 马二进三 *\n'.encode()


def _depth(moves: list[MoveNode]) -> int:
    depth = 0
    while moves and moves[-1].variations:
        moves, depth = moves[-1].variations[0], depth + 1
    return depth


def test_variations_deeper_than_the_limit_are_skipped_with_io008_and_the_rest_is_read() -> None:
    old = set_limits(depth=5)
    try:
        items, _ = read_records(_nested(8), "pgn")
        record, findings = next(items)
    finally:
        set_limits(depth=old.depth)
    assert [(f.code, f.span.line if f.span else None) for f in findings] == [("IO008", 3)]
    assert "deeper than 5" in findings[0].message
    assert _depth(record.moves[:2]) == 5 and [n.text for n in record.moves] == [
        "炮二平五",
        "马８进７",
        "马二进三",
    ]


def test_a_record_as_deep_as_the_default_limit_pickles_for_a_worker() -> None:
    items, _ = read_records(_nested(1000), "pgn")
    record, findings = next(items)
    assert not findings and _depth(record.moves[:2]) == 1000
    copy = pickle.loads(pickle.dumps(Parsed(record, findings)))
    assert flatten(copy.record.moves) == flatten(record.moves) and copy.findings == findings
    assert copy.record.tags == record.tags and _depth(copy.record.moves[:2]) == 1000


def test_a_run_of_20000_digits_lexes_in_linear_time() -> None:
    """An unbounded move-number terminal backtracked at every digit: 8.7 s for 20,000 digits."""
    import time

    data = f'[Game "Chinese Chess"]\n\n{"1" * 20_000} 1. 炮二平五 *\n'.encode()
    start = time.perf_counter()
    items, _ = read_records(data, "pgn")
    record, findings = next(items)
    assert time.perf_counter() - start < 1.5
    assert [n.text for n in record.moves] == ["炮二平五"] and [f.code for f in findings] == ["XQN001"]


def test_a_compressed_record_over_the_decompression_limit_is_io008_and_damage_io002(tmp_path: Path) -> None:
    import gzip

    from kifu.core.sources import Source
    from kifu.xiangqi import reader

    game = '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ *\n\n'
    path = tmp_path / "games.pgn.gz"
    path.write_bytes(gzip.compress((game * 2000).encode()))
    old = set_limits(decompressed=100_000)
    try:
        items = list(reader.records(Source(str(path)), "pgn"))
    finally:
        set_limits(decompressed=old.decompressed)
    assert [i.code for i in items if isinstance(i, Finding)] == ["IO008"]
    assert 0 < sum(1 for i in items if not isinstance(i, Finding)) < 2000
    path.write_bytes(gzip.compress((game * 50).encode())[:-30])
    items = list(reader.records(Source(str(path)), "pgn"))
    assert [i.code for i in items if isinstance(i, Finding)] == ["IO002"]
