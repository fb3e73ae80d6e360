"""`kifu convert` for xiangqi: round trips over the corpus and random legal games, converted
output checked again, and what ``--strict`` makes of dropped content (the output of each source in
every target is a case of tests/cases/xiangqi, run by tests/test_cases.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.app import cli
from kifu.core.converted import NOT_REPLAYED, says_not_replayed
from kifu.core.findings import Finding, Severity
from kifu.core.game import Options
from kifu.core.record import MoveNode, Record
from kifu.core.results import RecordReport
from kifu.core.sources import Source
from kifu.games import check
from kifu.xiangqi.board import BLACK, Board, move_name
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import START_FEN, start_board, write_fen
from kifu.xiangqi.formats.pgn import read_games
from kifu.xiangqi.reader import records
from kifu.xiangqi.writers import convert, convert_record
from kifu.xiangqi.writers.tree import Played, PlayedRecord, play

from tests.conftest import CORPUS

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    "annotated": "tests/xiangqi/golden/convert/annotated.pgn",  # comments, NAGs, nested variations
    "opening": "fixtures/xiangqi/good/opening.pgn",
    "big5": "fixtures/xiangqi/good/big5.pgn",
    "dhtml": "fixtures/xiangqi/good/game.dhtml",
    "black-first": "fixtures/xiangqi/good/black-first.dhtml",
    "xqf": "fixtures/xiangqi/good/plain-v10.xqf",
    "ambiguous": "fixtures/xiangqi/bad/XQN005-ambiguous.pgn",
}
PGN_TARGETS = ("chinese", "traditional", "wxf", "iccs", "pgn")
#: tags the PGN targets may add (the documented normalisations)
ADDED_TAGS = ("Game", "Format", "FEN")
#: the corpus files that hold records (the JSON files are test data of other kinds)
CORPUS_DIRS = ("pgn", "dhtmlxq", "xqf", "cbr_cbf")


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["convert", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def fmt_of(path: Path) -> str:
    return {".xqf": "xqf", ".cbr": "cbr", ".cbf": "cbf", ".dhtml": "dhtmlxq"}.get(path.suffix.lower(), "pgn")


# --- the same record after a round trip -------------------------------------------------------------


def canonical(record: Record, markers: bool = True) -> dict[str, Any]:
    """What a conversion must keep: start, result, comments, and the move tree as played moves
    (without kifu's own ``not replayed`` comments unless ``markers``)."""
    game = play(record, ("ucci",))
    assert isinstance(game, PlayedRecord), game

    def comments(texts: list[str]) -> list[str]:
        return [_comment_text(c) for c in texts if markers or not says_not_replayed([c])]

    def line(steps: list[Played]) -> list[Any]:
        return [
            (
                step.texts["ucci"],
                step.node.nags,
                comments(step.node.comments_before),
                comments(step.node.comments_after),
                [line(variation) for variation in step.variations],
            )
            for step in steps
        ]

    return {
        "start": game.start,
        "result": game.result or "*",  # a missing result is written *
        "comments": comments(record.comments),
        "moves": line(game.moves),
    }


def _comment_text(comment: str) -> str:
    return comment.replace("\r\n", "\n").replace("\r", "\n").strip()


def assert_same_record(
    before: Record, after: Record, expected: dict[str, Any] | None = None, cut: bool = False
) -> None:
    """``after`` (read from a conversion of ``before``) holds the same record; a ``cut`` one (a line
    stopped at a move that cannot be played) has kifu's not-replayed comments besides."""
    assert canonical(after, markers=not cut) == (expected or canonical(before))
    kept = {k: v for k, v in after.tags.items() if k not in ADDED_TAGS}
    assert kept == {k: " ".join(v.splitlines()) for k, v in before.tags.items() if k not in ADDED_TAGS}
    for name in ("Game", "FEN"):
        assert before.tags.get(name, after.tags.get(name)) == after.tags.get(name)


def read_back(text: str) -> list[Record]:
    return [game.record for game in read_games(text)]


def corpus_files(corpus: Path) -> list[Path]:
    return sorted(p for d in CORPUS_DIRS for p in (corpus / "xiangqi" / d).iterdir())


#: the corpus record files by name (none in a plain clone: the test then skips)
#: files this large (the DhtmlXQ book of 107,000 moves) take one target and no second writing
LARGE = 1 << 18
CORPUS_NAMES = (
    [
        pytest.param(p.name, marks=[pytest.mark.slow] if p.stat().st_size > LARGE else [])
        for p in corpus_files(CORPUS)
    ]
    if CORPUS.is_dir()
    else ["(no corpus)"]
)


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_round_trip_over_the_corpus(name: str, corpus: Path) -> None:
    """read → write → read gives the same record in every PGN target and the same moves in UCCI;
    writing the output again changes nothing.

    The documented normalisations are allowed: a missing result becomes ``*``, Game, Format
    and FEN tags are added, comment line ends become ``\n`` and their ends are trimmed, and a
    line cut at a move that cannot be played gets one ``kifu: not replayed from here`` comment.
    """
    [path] = [p for p in corpus_files(corpus) if p.name == name]
    originals = [item[:2] for item in records(Source(str(path)), fmt_of(path)) if isinstance(item, tuple)]
    assert originals
    large = path.stat().st_size > LARGE
    expected = [canonical(record) for record, _ in originals]
    for target in ("iccs",) if large else ("chinese", "traditional", "wxf", "iccs"):
        converted = [convert_record(record, findings, target) for record, findings in originals]
        texts = [c.text for c in converted]
        again = read_back("\n".join(texts))
        assert len(again) == len(originals), target
        for (before, _), after, want, done in zip(originals, again, expected, converted, strict=True):
            text = done.text
            # a record kifu cannot replay to its end keeps the rest of each line it cut after one
            # comment that says why (--lenient): the only comments the round trip adds
            assert done.remainder_kept == bool(done.lost), done.lost
            assert text.count(NOT_REPLAYED) == len(done.lost)
            assert_same_record(before, after, want, cut=bool(done.lost))
            if not large:
                assert convert_record(after, [], target).text == text, target
    for (record, _), want in zip(originals, expected, strict=True):
        [after] = read_back(convert_record(record, [], "ucci").text)
        assert [m[0] for m in canonical(after)["moves"]] == [m[0] for m in want["moves"]]


def _reports(path: Path) -> list[RecordReport]:
    return [
        r for r in check(Source(str(path)), "xiangqi", fmt_of(path), Options()) if isinstance(r, RecordReport)
    ]


def test_converted_output_checks_with_no_new_finding(corpus: Path, tmp_path: Path) -> None:
    """`kifu check` of the output finds nothing that it did not find in the input.

    Where a move could not be played, the output ends before it; if that leaves no move at all,
    the output is a record without moves (XQN016). A missing result is written ``*``. An error
    about the file itself (IO004: control bytes in a text file, written U+FFFD) makes the
    conversion exit 1, ``--lenient`` or not.
    """
    paths = [
        *(p for p in corpus_files(corpus) if p.stat().st_size <= LARGE),
        *sorted((ROOT / "fixtures/xiangqi/good").iterdir()),
        *sorted((ROOT / "fixtures/xiangqi/bad").iterdir()),
    ]
    for path in paths:
        before = _reports(path)
        file_error = any(
            isinstance(f, Finding) and f.severity is Severity.ERROR
            for f in check(Source(str(path)), "xiangqi", fmt_of(path), Options())
        )
        for target_name in ("chinese", "traditional", "wxf", "iccs"):
            target = tmp_path / "out.pgn"
            code, _, err = invoke(
                str(path), "--to", target_name, "--lenient", "-o", str(target), "--game", "xiangqi"
            )
            assert code == (1 if file_error else 0) and "Traceback" not in err, (path, err)
            if not target.read_text(encoding="utf-8"):  # no start position, or no record at all
                assert err, path
                continue
            after = _reports(target)
            assert len(after) == len(before), path
            for a, b in zip(before, after, strict=True):
                new = {f.code for f in b.findings} - {f.code for f in a.findings}
                assert new <= ({"XQN016"} if err else set()), (path, target_name, new, b.findings)
                assert (a.declared_result or "*") == b.declared_result, path
                if not err:
                    assert (a.plies, a.outcome) == (b.plies, b.outcome), path
        # a move that cannot be played (or text that is not a record) is dropped and named
        strict = invoke(str(path), "--to", "chinese", "--game", "xiangqi", "--strict")[0]
        assert strict == (1 if err else 0), path


# --- random legal games --------------------------------------------------------------------------------

_WORDS = ["炮二平五", "好棋", "，", "！", "(看", "[注]", "a=b", "$3", "1-0", "*", "红方", "x"]


def _comment(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.3:
        words.insert(rng.randint(1, len(words)), "\n")
    return " ".join(words).replace(" \n ", "\n").strip()


def _annotate(rng: random.Random, node: MoveNode) -> None:
    if rng.random() < 0.15:
        node.nags.append(rng.randint(1, 20))
    if rng.random() < 0.15:
        node.comments_after.append(_comment(rng))


def random_line(rng: random.Random, board: Board, plies: int, depth: int) -> list[MoveNode]:
    """A random legal line on ``board`` (changed), with NAGs, comments and nested variations."""
    nodes: list[MoveNode] = []
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        node = MoveNode(text=move_name(move))
        _annotate(rng, node)
        if depth < 3 and len(legal) > 1 and rng.random() < 0.1:
            other = board.copy()
            alternative = rng.choice([m for m in legal if m != move])
            first = MoveNode(text=move_name(alternative))
            if rng.random() < 0.3:
                first.comments_before.append(_comment(rng))
            other.push(alternative)
            node.variations.append([first, *random_line(rng, other, rng.randint(0, 6), depth + 1)])
        board.push(move)
        nodes.append(node)
    return nodes


def random_record(seed: int, plies: int, set_up: bool) -> Record:
    rng = random.Random(seed)
    board = start_board()
    record = Record(game="xiangqi", index=1, line=1, tags={"Event": f"random {seed}", "Round": "7"})
    if set_up:  # start from a position reached by random moves, often with Black to move
        for _ in range(rng.randint(1, 40)):
            legal = board.legal_moves()
            if len(legal) < 2:
                break
            board.push(rng.choice(legal))
        record.start_position = write_fen(board, rng.randint(0, 9), rng.randint(1, 30))
    if rng.random() < 0.3:
        record.comments.append(_comment(rng))
    record.moves = random_line(rng, board, plies, 0)
    record.result = rng.choice([None, "*", "1-0", "0-1", "1/2-1/2"])
    return record


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120), set_up=st.booleans())
def test_random_games_round_trip(seed: int, plies: int, set_up: bool) -> None:
    """write → read gives the same record in PGN targets, the same moves in UCCI, the positions in FEN."""
    record = random_record(seed, plies, set_up)
    expected = canonical(record)
    # a random result the rules contradict is named (written as stated), as check names it;
    # nothing else is
    rejected = [
        f.message for f in check_record(record, [], Options()).findings if f.severity is Severity.ERROR
    ]
    for target in ("chinese", "traditional", "wxf", "iccs"):
        converted = convert_record(record, [], target)
        assert converted.contradicted == rejected and not converted.problems and not converted.dropped
        [again] = read_back(converted.text)
        assert_same_record(record, again, expected)
    if record.moves:
        [again] = read_back(convert_record(record, [], "ucci").text)
        assert [m[0] for m in canonical(again)["moves"]] == [m[0] for m in expected["moves"]]
    fens = convert_record(record, [], "fen").text.splitlines()
    game = play(record, ("fen",), main_only=True)
    assert isinstance(game, PlayedRecord)
    assert fens == [game.start, *(step.texts["fen"] for step in game.moves)]
    assert len(fens) == len(game.moves) + 1


def test_fen_list_follows_the_position() -> None:
    """Each FEN of the list is the position after the moves so far, with the capture clock."""
    record = random_record(3, 80, set_up=False)
    board = start_board()
    clock = 0
    expected = [START_FEN]
    round_ = 1
    for node in record.moves:
        move = next(m for m in board.legal_moves() if move_name(m) == node.text)
        clock = 0 if board.push(move) else clock + 1
        round_ += board.side != BLACK
        expected.append(write_fen(board, clock, round_))
    assert convert_record(record, [], "fen").text.splitlines() == expected


# --- fidelity, normalisations and the command ----------------------------------------------------------


def test_comment_lines_that_would_read_as_tags_are_joined() -> None:
    record = random_record(1, 4, set_up=False)
    record.moves[1].comments_after = ['first line\n[Event "x"] second\n=== third}']
    text = convert_record(record, [], "chinese").text
    assert '{first line [Event "x"] second === third}' in text
    [again] = read_back(text)
    assert again.moves[1].comments_after == ['first line [Event "x"] second === third']


def test_traditional_characters() -> None:
    [record] = read_back(
        "1. 车一进一 车９进１ 2. 马二进一 马２进１ 3. 炮二进二 炮８进２ 4. 炮八平二 炮２平８ 5. 后炮平四"
    )
    text = convert_record(record, [], "traditional").text
    assert "俥一進一 車９進１" in text and "傌二進一 馬２進１" in text and "炮八平二 包２平８" in text
    assert "後炮平四" in text


def test_pgn_joins_games_like_the_other_pgn_targets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    pgn = invoke(SOURCES["annotated"], "--to", "pgn")[1]
    chinese = invoke(SOURCES["annotated"], "--to", "chinese")[1]
    assert pgn == chinese and "\n\n[Game" in pgn and not pgn.endswith("\n\n")


def test_strict_exits_1_when_something_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, _, err = invoke(SOURCES["annotated"], "--to", "ucci")
    assert code == 0
    assert (
        "ucci cannot hold, so dropped: comments (2 games), NAGs (2 games), variations (2 games), "
        "tags (2 games), result (1 game)" in err
    )
    assert invoke(SOURCES["annotated"], "--to", "ucci", "--strict")[0] == 1
    assert invoke(SOURCES["annotated"], "--to", "fen", "--strict")[0] == 1
    for target in (*PGN_TARGETS, "json"):
        assert invoke(SOURCES["annotated"], "--to", target, "--strict")[0] == 0, target
    assert invoke(SOURCES["ambiguous"], "--to", "chinese", "--strict")[0] == 1


def test_json_holds_the_whole_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    first, second = (
        json.loads(line) for line in invoke(SOURCES["annotated"], "--to", "json")[1].splitlines()
    )
    assert set(first) == {"tags", "start", "result", "comment", "moves"}
    assert first["moves"][0] == {
        "chinese": "炮二平五",
        "wxf": "C2.5",
        "iccs": "H2-E2",
        "ucci": "h2e2",
        "fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        "comment": "central cannon",
        "nags": [1],
    }
    nested = first["moves"][1]["variations"][0][0]
    assert nested["chinese"] == "炮８平５" and nested["variations"][0][1]["chinese"] == "马二进三"
    assert second["start"] == "4k4/9/9/9/9/9/9/9/3R5/5K3 b - - 3 10" and second["result"] == "*"


def test_streamed_compressed_input(tmp_path: Path, corpus: Path) -> None:
    import gzip

    source = corpus / "xiangqi/pgn/wukong_xqdb_international_fullwidth_wxf_sample.pgn"
    packed = tmp_path / "games.pgn.gz"
    packed.write_bytes(gzip.compress(source.read_bytes()))
    plain, packed_out = invoke(str(source), "--to", "iccs")[1], invoke(str(packed), "--to", "iccs")[1]
    assert plain == packed_out and len(read_back(plain)) == 15


def test_convert_yields_file_findings() -> None:
    items = list(convert(Source(str(ROOT / "fixtures/xiangqi/good/traditional-gbk.pgn")), "pgn", "ucci"))
    assert [item.code for item in items if isinstance(item, Finding)] == ["XQN009"]


def test_xqf_comment_before_the_first_move_is_kept(corpus: Path) -> None:
    code, out, _ = invoke(str(corpus / "xiangqi/xqf/cchess_UnitTest.xqf"), "--to", "chinese")
    assert code == 0 and "\n{棋局注解}\n" in out


def test_a_variation_whose_first_move_cannot_be_played_is_not_written_as_empty_parentheses() -> None:
    """Issue 16: `()` was written, and the second conversion dropped it (not a fixed point)."""
    text = '[Game "Chinese Chess"]\n\n1. 炮二平五 (1. 车一进四) 马８进７ 2. 马二进三 *\n'
    [record] = read_back(text)
    first = convert_record(record, [], "pgn").text
    assert "()" not in first and "炮二平五" in first
    [again] = read_back(first)
    assert convert_record(again, [], "pgn").text == first


def test_a_comment_beginning_with_a_semicolon_keeps_it_and_converts_to_a_fixed_point() -> None:
    """Issue 16: `{; not a line comment}` lost its `;` when read, so the second conversion differed."""
    text = '[Game "Chinese Chess"]\n\n1. 炮二平五 {; not a line comment} 马８进７ *\n'
    [record] = read_back(text)
    assert record.moves[0].comments_after == ["; not a line comment"]
    first = convert_record(record, [], "pgn").text
    [again] = read_back(first)
    assert convert_record(again, [], "pgn").text == first


def test_a_cut_variation_round_trips_with_one_not_replayed_comment_after_its_last_move() -> None:
    """As in the DhtmlXQ book of the corpus (a move deep in a variation leaves its king to a horse):
    read → write → read gives the same moves, with kifu's comment where the line stopped."""
    text = (
        '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ (1... 马２进３ 2. 马二进三 '
        "(2. 兵七进一 卒７进１ 3. 帅五进二 卒３进１) 车１平２) 2. 马二进三 *\n"
    )
    [before] = read_back(text)
    done = convert_record(before, [], "chinese")
    assert done.remainder_kept and len(done.lost) == 1
    [after] = read_back(done.text)
    assert_same_record(before, after, cut=True)
    # after 卒７进１, the last move played of the variation 2. 兵七进一 of 1... 马２进３
    last = canonical(after)["moves"][1][4][0][1][4][0][1]
    assert last[0] == "g6g5" and len(last[3]) == 1 and says_not_replayed(last[3])
    assert convert_record(after, [], "chinese").text == done.text
