"""Record formats and replay: fixtures (golden findings), the shared corpus, damaged input."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.core.findings import Finding
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.core.sources import Source, SourceError
from kifu.games import check
from kifu.xiangqi.board import move_name
from kifu.xiangqi.checker import Replayed, replay
from kifu.xiangqi.fen import write_fen
from kifu.xiangqi.reader import read_records

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "xiangqi"


def _run(path: Path, fmt: str = "pgn", **settings: object) -> tuple[list[RecordReport], list[Finding]]:
    reports: list[RecordReport] = []
    findings: list[Finding] = []
    try:
        for item in check(Source(str(path)), "xiangqi", fmt, Options(settings=dict(settings))):
            (reports if isinstance(item, RecordReport) else findings).append(item)
    except SourceError as error:  # an unreadable or damaged compressed file: the batch reports it
        findings.append(error.finding)
    return reports, findings


def _fmt(path: Path) -> str:
    return {".xqf": "xqf", ".cbr": "cbr", ".cbf": "cbf", ".dhtml": "dhtmlxq"}.get(path.suffix.lower(), "pgn")


def _moves(path: Path, fmt: str = "pgn") -> list[list[str]]:
    """The main lines of every record in ``path`` as UCCI moves."""
    out = []
    for record, _ in read_records(path.read_bytes(), fmt)[0]:
        result = replay(record)
        assert isinstance(result, Replayed)
        out.append([move_name(p.move) for p in result.plies])
    return out


# --- fixtures -------------------------------------------------------------------------------


def test_good_fixtures_have_no_errors_or_warnings() -> None:
    for path in sorted((FIXTURES / "good").iterdir()):
        reports, file_findings = _run(path, _fmt(path))
        assert reports, path
        for report in reports:
            assert all(f.severity.label == "info" for f in report.findings), (path, report.findings)
            assert report.plies > 0, path
        assert all(f.code == "XQN009" for f in file_findings), (path, file_findings)


def test_bad_fixtures_give_their_golden_findings() -> None:
    expected = json.loads((FIXTURES / "expected_findings.json").read_text(encoding="utf-8"))
    seen_codes = set()
    for path in sorted((FIXTURES / "bad").iterdir()):
        reports, file_findings = _run(path, _fmt(path))
        got = [
            [r.index, f.code, f.span.line if f.span else None, f.span.column if f.span else None]
            for r in reports
            for f in r.findings
        ]
        got += [
            [0, f.code, f.span.line if f.span else None, f.span.column if f.span else None]
            for f in file_findings
        ]
        assert got == expected[path.name], path.name
        assert path.name.split("-")[0] in {g[1] for g in got}, path.name
        seen_codes.update(g[1] for g in got)
    from kifu.core.findings import REGISTRY

    xiangqi_codes = {c for c in REGISTRY if c.startswith("XQ")}
    assert xiangqi_codes <= seen_codes  # every code has a fixture


def test_encodings_are_detected_and_reported() -> None:
    for name, encoding in (("traditional-gbk.pgn", "gb18030"), ("big5.pgn", "big5")):
        reports, findings = _run(FIXTURES / "good" / name)
        assert [f.code for f in findings] == ["XQN009"] and encoding in findings[0].message
        assert reports[0].plies == 4


def test_utf16_record_reads(tmp_path: Path) -> None:
    text = (FIXTURES / "good" / "opening.pgn").read_text(encoding="utf-8")
    path = tmp_path / "utf16.pgn"
    path.write_bytes(text.encode("utf-16"))
    reports, findings = _run(path)
    assert reports[0].plies == 7 and "utf-16" in findings[0].message


def test_outcomes_of_mate_and_stalemate() -> None:
    reports, _ = _run(FIXTURES / "good" / "mate.pgn")
    assert reports[0].outcome == {"result": "1-0", "reason": "checkmate", "ply": 1}
    assert reports[0].declared_result == "1-0"
    reports, _ = _run(FIXTURES / "good" / "stalemate.pgn")
    assert reports[0].outcome == {"result": "1-0", "reason": "stalemate", "ply": 1}


def test_messages_name_round_and_side() -> None:
    reports, _ = _run(FIXTURES / "bad" / "XQN003-no-piece.pgn")
    assert reports[0].findings[0].message.startswith("round 2, Red: 炮三平五")
    reports, _ = _run(FIXTURES / "bad" / "XQN002-unreadable-move.pgn")
    assert reports[0].findings[0].message.startswith("round 1, Black: ")


def test_abridged_convention_option_lets_the_replay_go_on() -> None:
    reports, _ = _run(FIXTURES / "bad" / "XQN006-abridged.pgn", xiangqi_abridged="traverse")
    assert reports[0].plies == 6
    assert [f.code for f in reports[0].findings] == ["XQN008"]


def test_replay_keeps_keys_and_check_facts() -> None:
    from kifu.xiangqi.formats.pgn import read_games

    game = next(read_games((FIXTURES / "good" / "mate.pgn").read_text(encoding="utf-8")))
    result = replay(game.record)
    assert isinstance(result, Replayed)
    ply = result.plies[0]
    assert ply.gives_check and ply.captured == 0 and ply.key_before != ply.key_after
    assert ply.key_after == result.board.hash


# --- the shared corpus ----------------------------------------------------------------------

KNOWN_PLIES = {
    "pgn/xqbase_SAMPLE.PGN.gb18030": [75],
    "pgn/xqbase_SAMPLE.PGN.utf8.txt": [75],
    "pgn/eleeye_CCGC_01.PGN.gb18030": [26],
    "pgn/eleeye_CCGC_01.PGN.utf8.txt": [26],
    "pgn/ccpd_midgame_00000001.pgn": [31],
    "pgn/cchess_test2.pgn": [102],
    "pgn/cchess_zhongpao_liepao.pgn": [23],
    "pgn/cchess_endgame_test.pgn": [25],
    "pgn/cchess_test1_move.txt": [110],
    "xqf/xqbase_SAMPLE.XQF": [75],
    "xqf/XQFEXAMA.XQF": [110],
    "cbr_cbf/cchess_test.cbr": [28],
    "cbr_cbf/cchess_test.cbf": [50],
    "cbr_cbf/cchess_test2.cbf": [75],
}


def test_every_corpus_file_reads_and_replays(corpus: Path) -> None:
    total_games = total_plies = 0
    for path in sorted((corpus / "xiangqi").rglob("*")):
        if path.is_dir() or path.suffix == ".json":
            continue
        reports, findings = _run(path, _fmt(path))
        assert reports, path
        assert not any(f.code == "KIFU001" for f in findings), path
        for report in reports:
            assert not any(f.code == "KIFU001" for f in report.findings), (path, report.findings)
            errors = [f for f in report.findings if f.severity.label == "error"]
            name = path.relative_to(corpus / "xiangqi").as_posix()
            if name == "dhtmlxq/vschess_dhtmlxq_sample_with_variations.txt":
                # one move of a variation is illegal (pyffish agrees: e2g4 exposes the king to the
                # horse on f2); written after g5g4, it plays after f2g4: the horse takes the pawn,
                # the elephant the horse, the pawn the elephant, two Black moves written swapped
                assert [f.code for f in errors] == ["XQ115"] and "variation" in errors[0].message
                assert errors[0].message.startswith("variation, 32... g5g4 and 33... f2g4 seem to be")
            else:
                assert not errors, (path, errors)
            total_plies += report.plies
            total_games += 1
        rel = path.relative_to(corpus / "xiangqi").as_posix()
        if rel in KNOWN_PLIES:
            assert [r.plies for r in reports] == KNOWN_PLIES[rel], rel
    assert total_games >= 45 and total_plies > 3000


def test_corpus_known_outcomes(corpus: Path) -> None:
    xq = corpus / "xiangqi"
    reports, _ = _run(xq / "pgn/cchess_endgame_test.pgn")
    assert reports[0].outcome == {"result": "1-0", "reason": "checkmate", "ply": 25}
    reports, _ = _run(xq / "pgn/wukong_xqdb_traditional_sample.pgn")
    assert len(reports) == 15 and all(r.plies > 0 for r in reports)
    from kifu.xiangqi.formats.pgn import read_games

    text = (xq / "pgn/xqbase_SAMPLE.PGN.utf8.txt").read_text(encoding="utf-8")
    result = replay(next(read_games(text)).record)
    assert isinstance(result, Replayed)
    assert write_fen(result.board).split()[:2] == ["2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4", "b"]


def test_same_games_in_different_notations_and_formats_agree(corpus: Path) -> None:
    xq = corpus / "xiangqi"
    assert _moves(xq / "pgn/wukong_xqdb_traditional_sample.pgn") == _moves(
        xq / "pgn/wukong_xqdb_international_fullwidth_wxf_sample.pgn"
    )
    assert _moves(xq / "pgn/xqbase_SAMPLE.PGN.gb18030") == _moves(xq / "xqf/xqbase_SAMPLE.XQF", "xqf")
    assert _moves(xq / "pgn/xqbase_SAMPLE.PGN.gb18030") == _moves(xq / "pgn/xqbase_SAMPLE.PGN.utf8.txt")
    # wukong game 10 is also given as a DhtmlXQ page
    assert (
        _moves(xq / "pgn/wukong_xqdb_traditional_sample.pgn")[9]
        == _moves(xq / "dhtmlxq/wukong_xqdb_116.html")[0]
    )


def test_xqf_variations_are_read(corpus: Path) -> None:
    records = read_records((corpus / "xiangqi/xqf/XQFEXAMB.XQF").read_bytes(), "xqf")[0]
    record, _ = next(iter(records))

    def count(nodes: list) -> int:  # type: ignore[type-arg]
        return len(nodes) + sum(count(v) for n in nodes for v in n.variations)

    assert sum(len(n.variations) for n in record.moves) > 0 and count(record.moves) > len(record.moves)


def test_cbr_variations_are_read(corpus: Path) -> None:
    records = read_records((corpus / "xiangqi/cbr_cbf/cchess_test.cbr").read_bytes(), "cbr")[0]
    record, findings = next(iter(records))
    assert not findings and record.tags["Title"].startswith("黄丹青讲座004")

    def lines(nodes: list) -> int:  # type: ignore[type-arg]
        return 1 + sum(lines(v) for n in nodes for v in n.variations)

    assert lines(record.moves) == 12  # the main line and 11 variations, as cchess reads them


def test_truncated_cbr_never_raises(corpus: Path, tmp_path: Path) -> None:
    data = (corpus / "xiangqi/cbr_cbf/cchess_test.cbr").read_bytes()
    for cut in [16, 2213, 2214, 2217, 2300, 2500, len(data) - 3]:
        path = tmp_path / f"cut{cut}.cbr"
        path.write_bytes(data[:cut])
        reports, _ = _run(path, "cbr")
        assert not any(f.code == "KIFU001" for r in reports for f in r.findings), cut
        if cut < 2214:
            assert reports[0].findings[0].code == "XQN011"


def test_truncated_xqf_never_raises(corpus: Path, tmp_path: Path) -> None:
    data = (corpus / "xiangqi/xqf/XQFEXAMA.XQF").read_bytes()
    rng = random.Random(3)
    for cut in [0, 2, 100, 1023, 1024, 1030, *rng.sample(range(1025, len(data)), 30)]:
        path = tmp_path / f"cut{cut}.xqf"
        path.write_bytes(data[:cut])
        reports, _ = _run(path, "xqf")
        assert not any(f.code == "KIFU001" for r in reports for f in r.findings), cut
        if cut < 1024:
            assert reports[0].findings[0].code == "XQN011"


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=3000), st.sampled_from(["pgn", "xqf", "dhtmlxq", "cbf", "cbr"]))
def test_garbage_bytes_give_findings_not_tracebacks(data: bytes, fmt: str) -> None:
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".bin") as handle:
        handle.write(data)
        handle.flush()
        reports, findings = _run(Path(handle.name), fmt)
    everything = findings + [f for r in reports for f in r.findings]
    assert not any(f.code == "KIFU001" for f in everything)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet='炮二平五马８进７车９兵卒前后12345 .{}()[]"\n', max_size=300))
def test_garbage_text_gives_findings_not_tracebacks(text: str) -> None:
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pgn") as handle:
        handle.write(text.encode("utf-8"))
        handle.flush()
        reports, findings = _run(Path(handle.name))
    assert not any(f.code == "KIFU001" for r in reports for f in r.findings)
    assert not any(f.code == "KIFU001" for f in findings)


def test_a_crash_in_one_record_is_contained(monkeypatch: pytest.MonkeyPatch) -> None:
    import kifu.xiangqi.checker as checker

    real = checker.check_record
    calls = {"n": 0}

    # patched where kifu.xiangqi.game calls it: inside the compiled build, calls are direct
    def flaky(record, findings, options, text=None):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("boom")
        return real(record, findings, options, text)

    monkeypatch.setattr(checker, "check_record", flaky)
    path = FIXTURES / "bad" / "XQ101-rules.pgn"
    reports, _ = _run(path)
    assert len(reports) == 6
    assert [f.code for f in reports[0].findings] == ["KIFU001"]
    assert [f.code for f in reports[1].findings] == ["XQ101"]


def test_score_sheet_forms(tmp_path: Path) -> None:
    """No space between the moves of a round, separators, one move a line, black-first rounds."""
    path = tmp_path / "sheet.pgn"
    path.write_text("1.炮二平五马８进７\n2. 马二进三, 车９平８\n3. 车一平二\n   马２进３\n", encoding="utf-8")
    reports, _ = _run(path)
    assert reports[0].plies == 6 and not reports[0].findings
    path.write_text(
        '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"]\n'
        "1. ... 马８进７ 2. 马二进三 马２进３\n",
        encoding="utf-8",
    )
    reports, _ = _run(path)
    assert reports[0].plies == 3 and not reports[0].findings


def test_rulebook_abridged_tandem_forms(tmp_path: Path) -> None:
    """The 2020 rulebook writes 前马退四 as 前马4 and 后车平六 as 后车6."""
    from kifu.xiangqi.fen import parse_fen
    from kifu.xiangqi.notation import parse_move, resolve

    board = parse_fen("4k4/9/9/9/9/4P4/4N4/9/4N4/3K5 w")  # e4 blocks the advance
    result = resolve(board, parse_move("前马4"))
    assert result.move is not None and move_name(result.move) == "e3f1"
    board = parse_fen("3k5/9/9/4R4/9/9/4R4/9/9/4K4 w")
    result = resolve(board, parse_move("后车6"))
    assert result.move is not None and move_name(result.move) == "e3d3"


def test_replay_records_attack_facts() -> None:
    from kifu.xiangqi.formats.pgn import read_games

    text = "1. 炮二平五 马８进７ 2. 炮五进四\n"
    result = replay(next(read_games(text)).record)
    assert isinstance(result, Replayed)
    last = result.plies[-1]
    assert last.captured == -7  # the cannon took the soldier on e6
    assert not last.gives_check  # nothing stands between the cannon and the king: no screen, no check
    # jumping the soldiers on c6 and g6 it attacks those on a6 and i6
    assert sorted(move_name(sq << 7 | sq)[:2] for sq in last.attacks) == ["a6", "i6"]


def test_damaged_gzip_keeps_the_games_before_the_damage(tmp_path: Path) -> None:
    import gzip

    game = (FIXTURES / "good" / "opening.pgn").read_text(encoding="utf-8")
    data = gzip.compress((game + "\n").encode() * 2000)
    path = tmp_path / "archive.pgn.gz"
    path.write_bytes(data[: len(data) * 2 // 3])
    reports, findings = _run(path)
    assert [f.code for f in findings] == ["IO002"]
    assert len(reports) > 10
    assert all(not r.findings for r in reports[:-1])  # only the game cut by the damage has findings


def test_games_are_read_lazily_from_a_stream_of_lines() -> None:
    from kifu.xiangqi.formats.pgn import read_games

    game = (FIXTURES / "good" / "opening.pgn").read_text(encoding="utf-8").splitlines()
    consumed = 0

    def endless() -> Iterator[str]:
        nonlocal consumed
        while True:
            for line in game:
                consumed += 1
                yield line

    games = read_games(endless())
    first, second = next(games), next(games)
    assert len(first.record.moves) == 7 and second.record.line == len(game) + 1
    assert consumed < 4 * len(game)


# --- control bytes of the binary formats' text fields (issue 16) --------------------------------

PLAIN_XQF = FIXTURES / "good" / "plain-v10.xqf"


def _xqf(data: bytes) -> tuple[dict[str, str], list[str], list[str]]:
    """The tags, the first move's comments and the messages of an XQF file's reading findings."""
    [(record, findings)] = list(read_records(data, "xqf")[0])
    return record.tags, record.moves[0].comments_after, [f.message for f in findings]


def _with_event(text: bytes) -> bytes:
    data = bytearray(PLAIN_XQF.read_bytes())
    data[0xD0] = len(text)
    data[0xD1 : 0xD1 + len(text)] = text
    return bytes(data)


def test_xqf_header_field_control_bytes_are_reported_with_field_and_offset() -> None:
    """cases/xqf/fixpoint-1.xqf: control bytes of a header field were copied into the PGN tags."""
    tags, _, messages = _xqf(_with_event(b"ab\x01cd"))
    assert tags["Event"] == "ab\ufffdcd"
    assert messages == [
        "XQF header field Event (bytes 209-213) holds control bytes, the first at byte 211: "
        "each is read as U+FFFD"
    ]
    tags, _, messages = _xqf(_with_event(b"ab\x00\x04cd"))
    assert tags["Event"] == "ab"
    assert messages == [
        "XQF header field Event (bytes 209-214) holds control bytes, the first at byte 211: "
        "the text is read up to the NUL"
    ]
    tags, _, messages = _xqf(_with_event(b"ab\x00\x00\x00"))  # padding within the length: no damage
    assert tags["Event"] == "ab" and messages == []


def test_xqf_comment_control_bytes_are_reported_with_move_and_offset() -> None:
    data = PLAIN_XQF.read_bytes()
    # the first move's step is at byte 1032: 4 bytes of move, then its comment's length
    data = data[:1036] + (4).to_bytes(4, "little") + b"x\x02\r\n" + data[1040:]
    _, comments, messages = _xqf(data)
    assert comments == ["x\ufffd\r\n"]
    assert messages == [
        "XQF comment of move 1 in file order (bytes 1040-1043) holds control bytes, the first at "
        "byte 1041: each is read as U+FFFD"
    ]


def test_xqf_damage_says_where_it_is() -> None:
    data = PLAIN_XQF.read_bytes()
    [(_, findings)] = list(read_records(data[:1045], "xqf")[0])
    assert [f.message for f in findings] == [
        "XQF move data ends inside a step (the step at byte 1040); the moves before it are checked"
    ]
    [(_, findings)] = list(read_records(data[:1040], "xqf")[0])
    assert [f.message for f in findings] == [
        "XQF move data ends at byte 1040, before the last announced move; the moves before it are checked"
    ]
    doubled = bytearray(data)
    doubled[0x11] = doubled[0x10]  # the second piece on the first one's point
    [(_, findings)] = list(read_records(bytes(doubled), "xqf")[0])
    assert [f.message for f in findings] == [
        "XQF piece list puts two pieces on a0 (the second: piece 2 of 32, byte 17)"
    ]
    off_board = (ROOT / "fixtures/xiangqi/bad/XQN011-bad-point.xqf").read_bytes()
    [(record, findings)] = list(read_records(off_board, "xqf")[0])
    assert [f.message for f in findings] == [
        "XQF move data has a step off the board at byte 1048 (from point 120 to 62); the moves "
        "before it are checked"
    ]
    assert len(record.moves) == 2  # the moves before it


def test_cbr_text_control_bytes_are_reported_and_padding_is_not() -> None:
    data = bytearray((ROOT / "tests/fuzz/cases/cbr/fixpoint-1.cbr").read_bytes())
    [(record, findings)] = list(read_records(bytes(data), "cbr")[0])
    # fixed-size fields hold leftovers after their NUL (so do real files): not damage
    assert not any("header field" in f.message for f in findings) and record.tags["Title"]
    data[180:188] = "a\x01b\x00".encode("utf-16-le")
    [(record, findings)] = list(read_records(bytes(data), "cbr")[0])
    assert record.tags["Title"] == "a\ufffdb"
    assert findings[0].message == (
        "CBR header field Title (bytes 180-307) holds control bytes, the first at byte 182: "
        "each is read as U+FFFD"
    )


# --- the order of findings, move numbers after a variation ------------------------------------------


def _findings(tmp_path: Path, text: str) -> list[tuple[str, int, int]]:
    path = tmp_path / "game.pgn"
    path.write_text(text, encoding="utf-8")
    [report], _ = _run(path)
    return [(f.code, f.span.line, f.span.column) for f in report.findings if f.span]


def test_findings_on_one_line_are_sorted_by_column(tmp_path: Path) -> None:
    """A reading finding (XQN001) used to come before the walk's findings, wherever it stood."""
    found = _findings(tmp_path, '[Game "Chinese Chess"]\n\n1. 炮二平五 马8进7 2. 车一进五 xx 车9平8 *\n')
    assert found == [("XQ101", 3, 17), ("XQN001", 3, 22)]


def test_a_move_after_a_variation_takes_the_number_of_its_own_line(tmp_path: Path) -> None:
    """``2. 马二进三 (2. 马八进七 … 3. 车九平八) 车9平8``: 车9平8 was taken for a move numbered 3
    (the last number inside the variation), a false XQN017."""
    text = (
        '[Game "Chinese Chess"]\n\n'
        "1. 炮二平五 马8进7 2. 马二进三 (2. 马八进七 马2进1 3. 车九平八) 车9平8 3. 车一平二 *\n"
    )
    assert _findings(tmp_path, text) == []
    assert _findings(tmp_path, text.replace("车9平8 3.", "车9平8 4.")) == [("XQN017", 3, 53)]


def test_a_comment_line_of_white_space_is_kept_as_written() -> None:
    """fuzz case dhtmlxq/fixpoint-2: a comment line of ideographic spaces became empty when the
    PGN written from it was read, so the second conversion differed from the first."""
    from kifu.xiangqi.formats.pgn import read_games

    text = '[Game "Chinese Chess"]\n\n{渖纻。\n\u3000\u3000\n\n如意。}\n1. 炮二平五 *\n'
    [game] = list(read_games(text))
    assert game.record.comments == ["渖纻。\n\u3000\u3000\n\n如意。"]


@pytest.mark.parametrize("encoding", ["utf-8", "gb18030", "big5", "utf-16"])
def test_a_comment_line_of_white_space_is_kept_as_written_in_a_file(tmp_path: Path, encoding: str) -> None:
    """The same through the byte stream (kifu.xiangqi.encoding.lines on LineDecoder.lines), in
    the text encodings the reader detects."""
    from kifu.xiangqi.reader import records

    text = '[Game "Chinese Chess"]\n\n{渖纻。\n\u3000\u3000\n\n\n如意。}\r\n1. 炮二平五 *\n'
    if encoding == "big5":
        text = text.replace("渖纻", "中局")  # characters Big5 has
    path = tmp_path / "spaces.pgn"
    path.write_bytes(text.encode(encoding))
    [(record, _, _)] = [item for item in records(Source(str(path)), "pgn") if isinstance(item, tuple)]
    assert record.comments == [text[text.index("{") + 1 : text.index("}")]]


def test_lines_of_utf16_are_split_at_line_breaks_only() -> None:
    """In UTF-16 the byte 0x0A is also half of 上 (U+4E0A): the text is split, not the bytes.
    Control characters are counted; a line cut at the limit is not read, and left as it is (as
    kifu.core.lines.LineDecoder leaves it for chess)."""
    from kifu.core.lines import Controls
    from kifu.xiangqi.encoding import lines

    text = "上\n\u3000\n\n\n\nx\x00y\r\n\x01" + "上" * 30 + "\n"
    data = text.encode("utf-16-le")
    controls = Controls()
    read = list(lines(data[:7], iter([data[7:]]), "utf-16-le", controls, longest=20))
    # 3 empty lines: "" and a run of 2; the long line cut at 21 characters; "" after the last break
    assert read == ["上", "\u3000", "", "\n", "x\ufffdy", "\x01" + "上" * 20, ""]
    assert (controls.lines, controls.first_line, controls.first_column) == (1, 6, 2)


def test_unreadable_text_is_quoted_short(tmp_path: Path) -> None:
    """Text that is no move is quoted on one line and cut at 40 characters, in the message and as
    the finding's move: a run of 5,000 digits made a finding of 10,000 characters."""
    path = tmp_path / "long.pgn"
    path.write_text('[Format "ICCS"]\n\n' + "1" * 5000 + ". h2e2 h9g7 *\n", encoding="utf-8")
    (report,), _ = _run(path)
    (unreadable,) = [f for f in report.findings if f.code == "XQN001"]
    assert unreadable.move == "1" * 39 + "…"
    assert unreadable.message == f"'{'1' * 39}…' is not a move, move number, comment or result"
    # (the last six digits and the dot are read as the move number 111111)
    assert (unreadable.span.line, unreadable.span.column, unreadable.span.end_column) == (3, 1, 4995)
