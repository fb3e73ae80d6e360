"""`kifu convert` for Go: round trips over the corpus and random legal games, converted output
checked again, GTP replayed (by a small GTP reader here, and by GNU Go when installed), and what
``--strict`` makes of dropped content.

The output of each source in every target is a case of tests/cases/go (tests/test_cases.py).

Deliberate differences between a record and its SGF conversion (the module's normalisations):
the root's ``FF``/``CA`` are ``FF[4]``/``CA[UTF-8]`` and a missing ``GM`` becomes ``GM[1]``; FF[3]
``KI`` becomes ``KM`` (half its value) when the node has no ``KM``; a property whose identifier
has no upper-case letter (ignored by the reader) is dropped. Everything else compares equal after
decoding (passes, rectangles expanded, text unescaped). Over the shared corpus ``kifu check``
of the output reports no error code that it did not report for the input, with the same plies,
result and outcome for every game: there is no exception to document today (the set below is
empty and the test fails when one appears).
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.app import cli
from kifu.core.converted import Converted
from kifu.core.findings import Finding, Severity
from kifu.core.game import Options
from kifu.core.sources import Source
from kifu.go.board import BLACK, EMPTY, OK, WHITE, Board, Undo
from kifu.go.checker import GameResult, check_games
from kifu.go.parser import parse_unparsed
from kifu.go.reader import records
from kifu.go.scoring import GTP_LETTERS
from kifu.go.tree import Node
from kifu.go.values import (
    APP,
    EPOINTS,
    LABELS,
    POINT_PAIRS,
    POINTS,
    PROPERTIES,
    SIMPLETEXT,
    TEXT,
    coordinate,
    format_number,
    real,
    simple_text,
    split_compose,
    text,
)
from kifu.go.writers import LOST_ON_READING, convert, play, read_info
from kifu.go.writers.common import Played, points_of, sgf_point

from tests.conftest import CORPUS, find_program

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    "tree": "fixtures/go/good/convert-latin1-tree.sgf",  # Latin-1, setup, pass, capture, variations
    "text": "fixtures/go/good/variations-and-text.sgf",  # escapes, soft line break, markup
    "handicap": "fixtures/go/good/9x9-handicap3.sgf",  # HA[3], B[tt] passes
    "rectangle": "fixtures/go/good/rectangle-and-compressed.sgf",  # 13:9, compressed point lists
    "ff3": "fixtures/go/bad/SGF037-ff3-upgrade.sgf",  # FF[3], long names, KI, unknown properties
    "ko": "fixtures/go/bad/GO103-ko.sgf",  # an illegal move ends the line
    "truncated": "fixtures/go/bad/SGF002-missing-paren.sgf",  # broken syntax
    "nz-suicide": "fixtures/go/good/nz-suicide.sgf",  # RU[NZ]: a 3-stone suicide is legal
}
#: error codes `kifu check` may find in a conversion but not in its input (none today, see above)
NEW_CODES_ALLOWED: frozenset[str] = frozenset()


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["convert", *args], input=stdin, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def read(path: Path | str) -> tuple[list[GameResult], list[Finding]]:
    games: list[GameResult] = []
    findings: list[Finding] = []
    for item in check_games(Source(str(path)), Options()):
        if isinstance(item, GameResult):
            games.append(item)
        else:
            findings.append(item)
    return games, findings


def read_text(sgf: str, tmp_path: Path) -> list[GameResult]:
    path = tmp_path / "read-back.sgf"
    path.write_text(sgf, encoding="utf-8")
    return read(path)[0]


def converted(path: Path | str, target: str) -> list[Converted]:
    """Each game of ``path`` in ``target`` (the library's convert, as the command calls it)."""
    return [item for item in convert(Source(str(path)), target) if isinstance(item, Converted)]


def replay(path: Path | str) -> list[Played]:
    """The main line of each game of ``path`` as the writers' walk plays it."""
    played = []
    for item in records(Source(str(path))):
        if isinstance(item, Finding):
            continue
        game, index = parse_unparsed(item.data)
        assert game.root is not None
        played.append(play(game.root, index, read_info(game.root, index), Options()))
    return played


# --- the same game tree after a round trip ------------------------------------------------------------


def _value(ident: str, raw: str, width: int, height: int) -> Any:
    """A property value decoded, the way any SGF reader should understand it."""
    ptype = PROPERTIES.get(ident)
    if ident in ("B", "W"):
        compact = "".join(raw.split())
        if compact == "" or (compact == "tt" and width <= 19 and height <= 19):
            return "pass"
        x, y = (coordinate(compact[0]), coordinate(compact[1])) if len(compact) == 2 else (-1, -1)
        return (x, y) if 0 <= x < width and 0 <= y < height else raw
    if ptype is None:
        return raw
    if ptype.value in (POINTS, EPOINTS):
        return sorted(points_of(raw, width, height)) or raw
    if ptype.value == TEXT:
        return text(raw)
    if ptype.value == SIMPLETEXT:
        return simple_text(raw)
    if ptype.value in (APP, LABELS, POINT_PAIRS):
        parts = split_compose(raw)
        if parts is None:
            return raw
        first, second = parts
        if ptype.value == APP:
            return simple_text(first), simple_text(second)
        if ptype.value == LABELS:
            return "".join(first.split()), simple_text(second)
        return "".join(first.split()), "".join(second.split())
    if ident == "SZ":
        parts = split_compose(raw)
        return raw.strip() if parts is None or parts[0].strip() != parts[1].strip() else parts[0].strip()
    return raw.strip()


def _node(node: Node, is_root: bool, width: int, height: int) -> dict[str, list[Any]]:
    props: dict[str, list[Any]] = {}
    for ident, prop in node.props.items():
        if not ident or (is_root and ident in ("FF", "CA")):
            continue
        for occurrence in [prop, *(d for d in node.duplicates or () if d.ident == ident)]:
            props.setdefault(ident, []).append([_value(ident, v, width, height) for v in occurrence.values])
    if "KI" in props and "KM" not in props:  # FF[3] komi in half points
        komi = real(node.props["KI"].values[0])
        if komi is not None:
            props["KM"] = [[format_number(komi / 2)]]
            del props["KI"]
    if is_root:
        props.setdefault("GM", [["1"]])
    return props


def canonical(result: GameResult) -> list[Any]:
    """The game tree as a flat token list (iterative: deep trees need no recursion)."""
    root = result.root
    assert root is not None
    width, height = result.info.width, result.info.height
    tokens: list[Any] = []
    stack: list[Node | str] = [root]
    first = True
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            tokens.append(item)
            continue
        tokens.append(_node(item, first, width, height))
        first = False
        kids = item.children
        if len(kids) == 1:
            stack.append(kids[0])
        else:
            for kid in reversed(kids):
                stack.extend([")", kid, "("])
    return tokens


def corpus_files() -> list[Path]:
    return sorted((CORPUS / "go").rglob("*.sgf")) if CORPUS.is_dir() else []


CORPUS_NAMES = [str(p.relative_to(CORPUS / "go")) for p in corpus_files()] or ["(no corpus)"]


def _errors(games: list[GameResult], findings: list[Finding]) -> set[str]:
    codes = {f.code for f in findings if f.severity is Severity.ERROR}
    return codes | {f.code for g in games for f in g.report.findings if f.severity is Severity.ERROR}


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_round_trip_over_the_corpus(name: str, corpus: Path, tmp_path: Path) -> None:
    """read → sgf → read gives the same tree; a second conversion changes no byte; `kifu check` of
    the output finds no new error and the same plies, result and outcome; other targets never crash,
    and what the reader had to skip is reported."""
    path = corpus / "go" / name
    before, file_findings = read(path)
    written_games = converted(path, "sgf")
    written = "".join(c.text for c in written_games)
    after = read_text(written, tmp_path)
    readable = [game for game in before if game.root is not None]
    assert len(after) == len(readable), name
    for original, again in zip(readable, after, strict=True):
        assert canonical(again) == canonical(original), name
    again_file = tmp_path / "again.sgf"
    again_file.write_text(written, encoding="utf-8")
    second = "".join(c.text for c in converted(again_file, "sgf"))
    assert second == written, name
    checked, checked_findings = read(again_file)
    new = _errors(checked, checked_findings) - _errors(before, file_findings) - NEW_CODES_ALLOWED
    assert not new, (name, new)
    for original, again in zip(readable, checked, strict=True):
        a, b = original.report, again.report
        assert (a.plies, a.declared_result, a.outcome) == (b.plies, b.declared_result, b.outcome), name
    for game, result in zip(before, written_games, strict=True):
        lost = {f.code for f in game.report.findings} & LOST_ON_READING
        assert bool(lost) <= bool(result.problems), (name, lost)
    for target in ("gtp", "json", "diagram"):
        for done in converted(path, target):
            assert isinstance(done, Converted)
            if target == "json" and done.text:
                json.loads(done.text)


def test_broken_corpus_files_give_problems_or_findings(corpus: Path) -> None:
    """The files broken on purpose (corpus README) give problems or error findings, never a crash."""
    broken = [
        "gnugo/malformed-realworld/owl42.sgf",  # no final )
        "gnugo/malformed-realworld/pending_nightmare.sgf",  # 0 bytes
        "sgfc/test.sgf",
        "minimal/01-missing-close-paren.sgf",
        "minimal/07-junk-char-in-tree.sgf",
    ]
    for name in broken:
        items = list(convert(Source(str(corpus / "go" / name)), "sgf"))
        errors = [i for i in items if isinstance(i, Finding) and i.severity is Severity.ERROR]
        problems = [p for i in items if isinstance(i, Converted) for p in i.problems]
        assert errors or problems, name
    # text after the last game tree that holds no moves is ignored, and is no error (issue 44)
    items = list(
        convert(
            Source(str(corpus / "go" / "gnugo/malformed-realworld/gunnar_rbm-bobk-200303111815.sgf")), "sgf"
        )
    )
    trailing = [i for i in items if isinstance(i, Finding) and i.code == "SGF049"]
    assert [(f.severity, f.message) for f in trailing] == [
        (Severity.WARNING, "text outside the game trees (ignored): ---")
    ]
    illegal = {"minimal/41-suicide-single-stone.sgf", "minimal/42-ko-immediate-retake.sgf"}
    for name in sorted(illegal):
        matches = sorted((corpus / "go" / "minimal").glob(name.split("/")[1][:3] + "*.sgf"))
        for target in ("gtp", "json", "diagram"):
            items = [i for i in convert(Source(str(matches[0])), target) if isinstance(i, Converted)]
            assert any("dropped" in p for i in items for p in i.problems), (name, target)


# --- random legal games ------------------------------------------------------------------------------------

_WORDS = ["ko", "]", "\\", ":", "天元", "a\nb", "[x]", "\\]", "é", "atari!", "  "]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 5)))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def random_game(seed: int, size: int, plies: int, handicap: int) -> tuple[str, Board]:
    """A random game legal under positional superko, as SGF text, and its final position."""
    rng = random.Random(seed)
    stones = rng.sample([(x, y) for x in range(size) for y in range(size)], min(handicap, size * size // 4))
    board = Board(size)
    undo = Undo([], 0)
    for x, y in stones:
        board.put(board.point(x, y), BLACK, undo)
    seen = {board.hash}
    root = f"(;FF[4]GM[1]SZ[{size}]KM[6.5]PB[{_escape(_text(rng))}]"
    if stones:
        root += f"HA[{len(stones)}]AB" + "".join(f"[{sgf_point(x, y)}]" for x, y in stones)
    root += f"C[{_escape(_text(rng))}]"
    nodes: list[str] = []
    colour = WHITE if stones else BLACK
    empties = board.on_board()
    for _ in range(plies):
        node = ""
        choices = [p for p in empties if board.cells[p] == EMPTY]
        rng.shuffle(choices)
        played = False
        for point in choices[:40] if rng.random() > 0.03 else []:
            outcome, undo = board.play(point, colour)
            if undo is None:
                continue
            if outcome != OK or board.hash in seen:
                board.undo(undo)
                continue
            seen.add(board.hash)
            x, y = board.coordinates(point)
            node = f";{'B' if colour == BLACK else 'W'}[{sgf_point(x, y)}]"
            played = True
            break
        if not played:
            node = f";{'B' if colour == BLACK else 'W'}[]"
        if rng.random() < 0.1:
            node += f"C[{_escape(_text(rng))}]"
        if rng.random() < 0.05:
            node += f"N[{_escape(_text(rng))}]"
        nodes.append(node)
        colour = BLACK + WHITE - colour
    tail = "".join(nodes)
    if nodes and rng.random() < 0.3:  # a variation at the last move
        tail = "".join(nodes[:-1]) + f"({nodes[-1]})(;{'B' if colour == WHITE else 'W'}[]C[other])"
    return root + tail + ")", board


def gtp_position(commands: str) -> Board:
    """Replay a GTP move list (boardsize, clear_board, komi, set_free_handicap, play) on a board."""
    board = Board(19)
    for line in commands.splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "boardsize":
            board = Board(int(words[1]))
        elif words[0] == "clear_board":
            board = Board(board.width)
        elif words[0] == "set_free_handicap":
            for vertex in words[1:]:
                board.play(_gtp_point(vertex, board), BLACK)
        elif words[0] == "play" and words[2] != "pass":
            colour = BLACK if words[1].upper().startswith("B") else WHITE
            outcome, undo = board.play(_gtp_point(words[2], board), colour)
            assert undo is not None and outcome == OK, line
        else:
            assert words[0] in ("komi", "play"), line
    return board


def _gtp_point(vertex: str, board: Board) -> int:
    return board.point(GTP_LETTERS.index(vertex[0].upper()), board.height - int(vertex[1:]))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    size=st.sampled_from([5, 7, 9, 13, 19]),
    plies=st.integers(0, 90),
    handicap=st.sampled_from([0, 0, 2, 4]),
)
def test_random_games_round_trip(
    seed: int, size: int, plies: int, handicap: int, tmp_path_factory: Any
) -> None:
    """sgf → read gives the same moves and tree; gtp replayed gives the same final position."""
    sgf, final = random_game(seed, size, plies, handicap)
    tmp = tmp_path_factory.mktemp("random")
    [game] = read_text(sgf, tmp)
    assert not [f for f in game.report.findings if f.severity is Severity.ERROR], game.report.findings
    source = tmp / "original.sgf"
    source.write_text(sgf, encoding="utf-8")
    [written] = converted(source, "sgf")
    assert not written.problems and not written.dropped
    [again] = read_text(written.text, tmp)
    assert canonical(again) == canonical(game)
    again_path = tmp / "again.sgf"
    again_path.write_text(written.text, encoding="utf-8")
    [played_again], [played] = replay(again_path), replay(source)
    assert [(s.colour, s.point) for s in played_again.steps] == [(s.colour, s.point) for s in played.steps]
    [gtp] = converted(source, "gtp")
    assert not gtp.problems
    assert gtp_position(gtp.text).cells == final.cells
    main = game.main.board
    assert main is not None and main.cells == final.cells


# --- GNU Go as an independent GTP engine ------------------------------------------------------------------

GNUGO = find_program("gnugo")


def _gnugo_stones(commands: str) -> dict[str, set[str]]:
    assert GNUGO is not None
    script = commands + "list_stones black\nlist_stones white\nquit\n"
    done = subprocess.run(
        [GNUGO, "--mode", "gtp"], input=script, capture_output=True, text=True, timeout=120, check=True
    )
    answers = [a.strip() for a in done.stdout.split("\n\n") if a.strip()]
    assert all(a.startswith("=") for a in answers), [a for a in answers if not a.startswith("=")]
    black, white = answers[-3], answers[-2]
    return {"B": set(black[1:].split()), "W": set(white[1:].split())}


def _kifu_stones(board: Board) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {"B": set(), "W": set()}
    for point in board.on_board():
        content = board.cells[point]
        if content in (BLACK, WHITE):
            x, y = board.coordinates(point)
            found["B" if content == BLACK else "W"].add(f"{GTP_LETTERS[x]}{board.height - y}")
    return found


@pytest.mark.skipif(GNUGO is None, reason="gnugo is not installed (apt-get install gnugo)")
def test_gnugo_plays_the_gtp_output_to_kifus_final_position(corpus: Path) -> None:
    names = [
        "generated/gnugo-9x9-even-seed1.sgf",
        "generated/gnugo-13x13-even-seed5.sgf",
        "generated/gnugo-19x19-ha4-seed4.sgf",
        "gnugo/cgos/390115.sgf",
        "gnugo/area-scored/kgs_tournament10_ExBot-GNU.sgf",
    ]
    paths = [corpus / "go" / name for name in names] + [ROOT / SOURCES["tree"], ROOT / SOURCES["handicap"]]
    for path in paths:
        [game] = read(path)[0]
        [gtp] = converted(path, "gtp")
        assert not gtp.problems, path
        board = game.main.board
        assert board is not None
        assert _gnugo_stones(gtp.text) == _kifu_stones(board), path


# --- the command ------------------------------------------------------------------------------------------


def test_cli_gtp_output_directory_stdin_and_strict(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = invoke(SOURCES["tree"], "--to", "gtp")
    assert code == 0 and out.startswith("boardsize 9\nkomi 5.5\nclear_board\nset_free_handicap C7 G3\n")
    assert "gtp cannot hold, so dropped: comments (1 game), variations (1 game)" in err
    assert invoke(SOURCES["tree"], "--to", "gtp", "--strict")[0] == 1
    assert invoke(SOURCES["tree"], "--to", "diagram", "--strict")[0] == 1
    for target in ("sgf", "json"):
        assert invoke(SOURCES["tree"], "--to", target, "--strict") == (
            0,
            invoke(SOURCES["tree"], "--to", target)[1],
            "",
        )
    directory = tmp_path / "out"
    code, out, _ = invoke(SOURCES["tree"], SOURCES["text"], "--to", "sgf", "-o", f"{directory}/")
    assert code == 0 and out == ""
    assert sorted(p.name for p in directory.iterdir()) == [
        "convert-latin1-tree.sgf",
        "variations-and-text.sgf",
    ]
    written = (directory / "convert-latin1-tree.sgf").read_bytes()
    assert written.startswith(b"(;FF[4]CA[UTF-8]GM[1]") and "José".encode() in written
    code, out, _ = invoke("-", "--to", "gtp", "--game", "go", stdin="(;GM[1]FF[4]SZ[19];B[pd];W[];B[tt])")
    assert code == 0 and out == "boardsize 19\nclear_board\nplay B Q16\nplay W pass\nplay B pass\n"


def test_illegal_move_ends_the_line_and_strict_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, _, err = invoke(SOURCES["ko"], "--to", "gtp", "--strict")
    assert code == 1 and "retakes the ko at once" in err and "dropped" in err
    sgf = invoke(SOURCES["ko"], "--to", "sgf", "--lenient")[1]
    assert sgf.count(";") == Path(SOURCES["ko"]).read_text().count(";")  # the SGF keeps every move


def test_nz_suicide_converts_as_check_accepts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: convert plays the moves by check's walk, under the record's RU or --rules."""
    monkeypatch.chdir(ROOT)
    fixture = SOURCES["nz-suicide"]
    check = CliRunner().invoke(cli, ["check", "-q", fixture], catch_exceptions=False)
    assert check.exit_code == 0 and check.stdout == ""
    for target in ("json", "diagram", "gtp"):
        code, _, err = invoke(fixture, "--to", target)
        assert code == 0 and "dropped with" not in err and "commits" not in err, target
    diagram = invoke(fixture, "--to", "diagram", "--every-move")[1]
    assert "Move 9: B A5 (suicide of 3)" in diagram and "Move 10: W D2" in diagram
    [document] = [json.loads(line) for line in invoke(fixture, "--to", "json")[1].splitlines()]
    assert document["moves"][8] == {"number": 9, "colour": "B", "sgf": "aa", "gtp": "A5", "suicide": 3}
    assert len(document["moves"]) == 10
    chinese = CliRunner().invoke(cli, ["check", "-q", "--rules", "chinese", fixture], catch_exceptions=False)
    assert chinese.exit_code == 1 and "error GO102" in chinese.stdout
    for target in ("json", "diagram", "gtp"):
        code, _, err = invoke(fixture, "--to", target, "--rules", "chinese")
        assert code == 1 and "3-stone suicide (illegal under chinese rules" in err, target
        assert "dropped with the 1 move(s) after it" in err, target


def test_boards_gtp_cannot_name(tmp_path: Path) -> None:
    for sgf, why in (("(;SZ[27];B[AA])", "up to 25×25"), ("(;SZ[13:9];B[aa])", "square")):
        path = tmp_path / "big.sgf"
        path.write_text(sgf)
        [done] = [i for i in convert(Source(str(path)), "gtp") if isinstance(i, Converted)]
        assert done.text == "" and why in done.problems[0]
        [diagram] = [i for i in convert(Source(str(path)), "diagram") if isinstance(i, Converted)]
        assert "(X)" in diagram.text


def test_json_holds_the_whole_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    [document] = [json.loads(line) for line in invoke(SOURCES["tree"], "--to", "json")[1].splitlines()]
    assert document["size"] == {"width": 9, "height": 9} and document["komi"] == 5.5
    assert document["handicap"] == 2 and document["rules"] == "Japanese" and document["result"] == "W+R"
    assert document["info"]["PB"] == "José" and document["setup"] == {"AB": ["cc", "gg"]}
    assert document["properties"] == {"AP": ["kifu:0.1"]}
    first = document["moves"][0]
    assert first == {"number": 1, "colour": "W", "sgf": "gc", "gtp": "G7", "properties": {"N": ["approach"]}}
    second = document["moves"][1]
    assert [line[0]["sgf"] for line in second.get("variations", [])] == []
    third = document["moves"][2]
    assert [line[0]["gtp"] for line in third["variations"]] == ["H6", "C4"]
    capture = next(m for m in document["moves"] if m.get("captures"))
    assert capture["gtp"] == "J6" and capture["properties"] == {"TR": ["hd"], "LB": ["ee:A", "dd:b"]}
    assert any(m.get("sgf") == "" and m["gtp"] == "pass" for m in document["moves"])
    assert any(m.get("setup") == {"AW": ["cd"], "AE": ["cc"]} for m in document["moves"])


def test_sgf_normalisations(tmp_path: Path) -> None:
    path = tmp_path / "odd.sgf"
    path.write_bytes(
        b"(;GaMe[1]FF[3]SZ[19:19]C[soft \\\nbreak\r\nline]PB[two\nlines]AB[dd:dd][ca:ac]"
        b"lower[x]XX[keep \\] this];W[tt]B[ c c ])"
    )
    [done] = [i for i in convert(Source(str(path)), "sgf") if isinstance(i, Converted)]
    assert done.text == (
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[two lines]AB[dd][aa:cc]C[soft break\nline]XX[keep \\] this]\n"
        ";B[cc]W[])\n"
    )
    assert done.dropped == ["properties without an upper-case letter"]


def test_a_move_in_the_root(tmp_path: Path) -> None:
    path = tmp_path / "root-move.sgf"
    path.write_text("(;GM[1]SZ[9]AB[aa]C[root]B[ee];W[cc])")
    [gtp] = [i for i in convert(Source(str(path)), "gtp") if isinstance(i, Converted)]
    assert gtp.text == "boardsize 9\nclear_board\nplay B A9\nplay B E5\nplay W C7\n"
    [done] = [i for i in convert(Source(str(path)), "json") if isinstance(i, Converted)]
    document = json.loads(done.text)
    assert document["comment"] == "root" and document["setup"] == {"AB": ["aa"]}
    assert document["moves"] == [
        {"number": 1, "colour": "B", "sgf": "ee", "gtp": "E5"},
        {"number": 2, "colour": "W", "sgf": "cc", "gtp": "C7"},
    ]


def test_encoding_is_declared_in_ca(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--encoding gb2312 writes GB2312 bytes and says so in CA, so that readers decode it."""
    monkeypatch.chdir(ROOT)
    source = tmp_path / "zh.sgf"
    source.write_text("(;FF[4]CA[UTF-8]GM[1]SZ[9]PB[黑方]PW[白方]C[中文注释];B[ee];W[cc])", encoding="utf-8")
    target = tmp_path / "gb.sgf"
    result = CliRunner().invoke(
        cli, ["convert", str(source), "--to", "sgf", "--encoding", "gb2312", "-o", str(target)]
    )
    assert result.exit_code == 0, result.output
    data = target.read_bytes()
    assert data.startswith(b"(;FF[4]CA[GB2312]") and "黑方".encode("gb2312") in data
    again = CliRunner().invoke(cli, ["convert", str(target), "--to", "sgf"])
    assert again.exit_code == 0 and "PB[黑方]" in again.stdout and "C[中文注释]" in again.stdout
