"""A large file read a part per worker (kifu.core.parts): the records, their lines and what the
decoder noticed are exactly those of one reader of the whole file, wherever the cuts fall."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from kifu.chess import game as chess
from kifu.chess import splitter
from kifu.core.lines import LineDecoder
from kifu.core.parts import CutRule, following_start, parts, read_part
from kifu.core.sources import Source, looks_binary

#: a rule that cuts at every ``[`` line after an empty line, inside games too: what the workers
#: do when a part does not start with a record (they read on through it)
ANYWHERE = CutRule(lambda before, line: True)
GAMES = chess._game_starts


def test_a_part_starts_at_a_tag_line_after_an_empty_line() -> None:
    data = b'[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n'
    start = following_start(io.BytesIO(data), 0, 3, GAMES)
    assert start == data.index(b'[Event "b"]')
    assert following_start(io.BytesIO(data), start, 3, GAMES) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "cut"),
    [
        (b"x\r\n\r\n[Event]\r\n", b"[Event]"),  # CRLF
        (b"x\n[Tag]\n\n[Event]\n", b"[Event]"),  # a `[` line after a line that is not empty
        (b"x\n\n[Caf\xe9]\n\n[Event]\n", b"[Event]"),  # a cut line that is not plain ASCII
        (b"x\n\n[\x01]\n\n[Event]\n", b"[Event]"),  # nor with a control character
        (b"x\n\n[" + b"y" * 5000 + b"]\n\n[Event]\n", b"[Event]"),  # nor too long to look at
    ],
)
def test_where_a_part_may_start(data: bytes, cut: bytes) -> None:
    assert following_start(io.BytesIO(data), 0, 1, ANYWHERE) == data.index(cut)


def test_a_search_across_blocks_finds_the_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    import kifu.core.parts as module

    monkeypatch.setattr(module, "_BLOCK", 8)
    data = b"0123456789abcdef\n\n[Event]\n"
    for size in range(1, 18):
        assert following_start(io.BytesIO(data), 0, size, ANYWHERE) == data.index(b"[Event]")


@pytest.mark.parametrize(
    ("before", "line", "starts"),
    [
        (b"1. e4 e5 1-0", b'[Event "b"]', True),
        (b"  3. Bb5 a6 1/2-1/2  ", b'[Site "b"]', True),
        (b"*", b'[Event "b"]', True),
        (b"1. e4 e5 1-0", b"[%clk 0:01]", False),  # not a tag pair
        (b'[Result "1-0"]', b'[Event "b"]', False),  # a tag section may go on after an empty line
        (b"1. e4 e5", b'[Event "b"]', False),  # no result: a game may go on
        (b"1. e4 { 1-0", b'[Event "b"]', False),  # comments and escapes are not looked into
        (b"e4 ; 1-0", b'[Event "b"]', False),
        (b"% 1-0", b'[Event "b"]', False),
        (b"e4 e5 1-0 }", b'[Event "b"]', False),
        (b"1. e4 \xbd-\xbd", b'[Event "b"]', False),  # not plain ASCII
        (b"", b'[Event "b"]', False),
    ],
)
def test_where_a_game_starts_whatever_came_before(before: bytes, line: bytes, starts: bool) -> None:
    assert GAMES.starts(before, line) is starts


@pytest.mark.parametrize(
    "data",
    [
        b'[Event "a"]\n\n1. e4 1-0 \r\n\r\n[Event "b"]\r\n',
        b'[Event "a"]\n\n1. e4 0-1\n\n\n[Event "b"]\n',
        b'[Event "a"]\n\n1. e4 *\n \n\n[Event "b"]\n',
        b'[Event "a"]\n\n1. e4 e5\n\n[Event "b"]\n',
    ],
)
def test_chess_cuts_after_a_result(data: bytes) -> None:
    cut = following_start(io.BytesIO(data), 0, 1, GAMES)
    assert cut == (None if b"e5" in data else data.index(b'[Event "b"]'))


def test_a_file_of_tags_alone_has_one_part(tmp_path: Path) -> None:
    """A hostile file: 50,000 tag pairs and no result. Cut at its tags, every worker would read
    from its part to the end of the file; it is one part (the batch then reads it in chunks)."""
    path = tmp_path / "tags.pgn"
    path.write_bytes(b'[Event "a"]\n\n' * 50_000)
    assert [(p.number, p.start, p.last) for p in chess.cut_parts(str(path), 1 << 10)] == [(0, 0, True)]


#: lines of PGN and of what a PGN file holds besides: comments that run over empty lines and
#: hold tag lines, tags after an empty line inside a tag section, escape lines, Latin-1 and
#: control characters, CRLF, results in comments
LINES = [
    b'[Event "Open"]',
    b'[White "M\xc3\xbcller"]',
    b'[White "M\xfcller"]',  # Latin-1
    b'[Site "x\x01y"]',  # a control character
    b'[Black "b"]\r',
    b"1. e4 e5 2. Nf3 Nc6",
    b"3. Bb5 a6 1-0",
    b"1/2-1/2",
    b"*",
    b"{ a comment",
    b"that ends } 2. d4",
    b"; 0-1 in a comment",
    b"% an escape line",
    b"",
    b"",
    b"\r",
    b"   ",
]
#: fewer kinds of line, so that cuts often fall inside a game: in its tag section, between two
#: tags after an empty line (which are then read through)
TAGS_AND_MOVES = [
    b'[Event "Open"]',
    b'[Black "b"]\r',
    b'[White "M\xfcller"]',
    b'[Site "x\x01y"]',
    b"",
    b"1. e4 e5 2. Nf3 Nc6",
    b"*",
    b"2. d4 d5 1-0",
    b"{ a",
    b"b }",
]


def write(tmp_path: Path, lines: list[bytes], bom: bool) -> Path:
    path = tmp_path / "games.pgn"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + b"\n".join(lines))
    return path


def whole(path: Path) -> tuple[list[tuple[int, str, bool, int]], list[str]]:
    games, findings = [], []
    for item in splitter.numbered_games(Source(str(path))):
        if isinstance(item, tuple):
            game = item[1]
            games.append((game.start_line, game.text, game.missing_blank_line, game.cut))
        else:
            findings.append(f"{item.code} {item.message} {item.span}")
    return games, findings


SKIPPED: list[int] = []


def in_parts(
    path: Path, size: int, rule: CutRule = GAMES
) -> tuple[list[tuple[int, str, bool, int]], list[str]]:
    """What the batch's parent makes of the workers' reading of each part."""
    games, findings, decoder = [], [], LineDecoder()
    following: int | None = 0
    for part in parts(str(path), size, rule):
        if part.number != following:
            SKIPPED.append(part.number)
            continue  # read through by the worker of an earlier part
        read = read_part(part, lambda lines, first: splitter.split_games(lines, first_line=first), rule)
        games += [(g.start_line, g.text, g.missing_blank_line, g.cut) for g in read.records]
        decoder.add(read.counts)
        findings += [f"{f.code} {f.message} {f.span}" for f in read.findings]
        following = read.resume
    assert following is None, "the parts end before the file does"
    decoder.finish(str(path))
    return games, findings + [f"{f.code} {f.message} {f.span}" for f in decoder.findings]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    lines=st.lists(st.sampled_from(LINES), max_size=80),
    size=st.integers(1, 400),
    bom=st.booleans(),
    anywhere=st.booleans(),
)
def test_reading_in_parts_is_reading_the_whole_file(
    tmp_path: Path, lines: list[bytes], size: int, bom: bool, anywhere: bool
) -> None:
    path = write(tmp_path, lines, bom)
    assume(not looks_binary(path.read_bytes()[:4096]))
    SKIPPED.clear()
    assert in_parts(path, size, ANYWHERE if anywhere else GAMES) == whole(path)
    assert anywhere or not SKIPPED, "chess cuts only where a game starts"


@pytest.mark.parametrize("anywhere", [True, False])
def test_cuts_inside_games_are_read_through(tmp_path: Path, anywhere: bool) -> None:
    """Many files where cuts may fall inside games (a seeded sweep: hypothesis, left to itself,
    seldom writes such files): with chess's rule, none does; cut anywhere, the workers read on
    through them."""
    import random

    generator = random.Random(18)
    SKIPPED.clear()
    for n in range(300):
        lines = [generator.choice(TAGS_AND_MOVES) for _ in range(generator.randint(0, 80))]
        path = write(tmp_path, lines, bom=n % 7 == 0)
        if looks_binary(path.read_bytes()[:4096]):
            continue
        assert in_parts(path, generator.randint(1, 400), ANYWHERE if anywhere else GAMES) == whole(path), (
            lines
        )
    assert len(SKIPPED) > 30 if anywhere else not SKIPPED


def test_empty_lines_inside_a_tag_section(tmp_path: Path) -> None:
    """A part that starts inside a game's tag section is read through by the worker of the part
    before it, and dropped; the file goes on with the next part where a game starts."""
    game = [b'[Event "a"]', b"", b"1. e4 *", b""]
    spaced = [
        b'[Event "b"]',
        b"",
        b'[Site "s"]',
        b"",
        b'[White "w"]',
        b"",
        b'[Black "k"]',
        b"",
        b"1. e4 *",
        b"",
    ]
    path = write(tmp_path, game * 3 + spaced + game * 3, bom=False)
    SKIPPED.clear()
    assert in_parts(path, 10, ANYWHERE) == whole(path)
    assert len(SKIPPED) == 3  # the parts at Site, White and Black
    assert in_parts(path, 10) == whole(path)
    assert len(SKIPPED) == 3, "chess cuts only where a game starts"


def test_the_real_archive_in_parts() -> None:
    twic = (
        Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"
    )
    if not twic.exists():
        pytest.skip("the shared corpus is not here (a plain clone of the project)")
    for size in (1 << 10, 64 << 10):
        assert in_parts(twic, size) == whole(twic)
