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


# --- the moves of a record (--max-moves) -----------------------------------------------------

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "xiangqi"


def _moves(moves: list[MoveNode]) -> int:
    """Every move of a tree, its variations included."""
    count, lines = 0, [moves]
    while lines:
        line = lines.pop()
        count += len(line)
        lines.extend(variation for node in line for variation in node.variations)
    return count


def _read_with_budget(data: bytes, fmt: str, moves: int) -> tuple[int, list[Finding]]:
    set_limits(moves=moves)  # (the autouse fixture gives the limits back)
    items, _ = read_records(data, fmt)
    record, findings = next(items)
    return _moves(record.moves), [f for f in findings if f.code == "IO008"]


def _sheet(moves: str) -> bytes:
    return f'[Game "Chinese Chess"]\n\n{moves} *\n'.encode()


def test_a_pgn_record_is_read_up_to_max_moves_variations_included() -> None:
    data = _sheet("1. 炮二平五 马８进７ (1... 马２进３ 2. 马二进三) 2. 马二进三 车９平８ 3. 车一平二")
    count, found = _read_with_budget(data, "pgn", 4)
    assert count == 4
    assert [(f.span.line, f.span.column) if f.span else None for f in found] == [(3, 37)]
    assert "more than 4 moves" in found[0].message and "--max-moves" in found[0].message
    assert found[0].move == "马二进三"
    assert _read_with_budget(data, "pgn", 0) == (7, [])
    assert _read_with_budget(data, "pgn", 7) == (7, [])


def test_a_dhtmlxq_record_counts_its_variations_and_stops_reading_them_at_the_limit() -> None:
    data = (
        b"[DhtmlXQ]\n[DhtmlXQ_movelist]774770627967102289791022[/DhtmlXQ_movelist]\n"
        b"[DhtmlXQ_move_0_2_1]102277477062[/DhtmlXQ_move_0_2_1]\n[/DhtmlXQ]\n"
    )
    assert _read_with_budget(data, "pgn", 0) == (9, [])
    count, found = _read_with_budget(data, "pgn", 7)
    assert count == 7 and len(found) == 1 and found[0].move == "7747"
    assert found[0].span is not None and (found[0].span.line, found[0].span.column) == (3, 25)
    assert _read_with_budget(data, "pgn", 9) == (9, [])


def test_an_xqf_record_stops_at_the_limit_with_the_byte_offset_of_the_step() -> None:
    data = (FIXTURES / "good" / "plain-v10.xqf").read_bytes()
    total, none = _read_with_budget(data, "xqf", 0)
    assert none == [] and total == 3
    count, found = _read_with_budget(data, "xqf", 2)
    assert count == 2 and len(found) == 1
    assert found[0].message.startswith("byte ") and "(XQF step)" in found[0].message


def test_cbr_and_cbf_records_stop_at_the_limit(corpus: Path) -> None:
    cases = (("cchess_test.cbr", "cbr", "(CBR step)"), ("cchess_test.cbf", "cbf", "CBF <Move"))
    for name, fmt, where in cases:
        data = (corpus / "xiangqi" / "cbr_cbf" / name).read_bytes()
        total, none = _read_with_budget(data, fmt, 0)
        assert none == [] and total > 2, name
        count, found = _read_with_budget(data, fmt, 2)
        assert count == 2 and len(found) == 1 and where in found[0].message, name
