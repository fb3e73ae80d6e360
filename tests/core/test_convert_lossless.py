"""convert keeps everything or writes nothing (issue 26, "Data loss"): records that cannot be
replayed, --lenient, --in-place, output errors, signals, symbolic links, names, SZ[0]/KM[abc]."""

from __future__ import annotations

import json
import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]

#: one record of each game with a move the rules forbid, and the extension it is read under
ILLEGAL = {
    "chess": ('[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 Nc6 *\n', ".pgn"),
    "xiangqi": (
        '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马８进７\n2. 帅五进二 车９平８ *\n',
        ".pgn",
    ),
    "go": ("(;FF[4]GM[1]SZ[9];B[ee];W[ee];B[cc])\n", ".sgf"),
}
#: a good record of each game, its extension, and a target that differs from its format
GOOD = {
    "chess": ("fixtures/chess/good/opera-game.pgn", "uci"),
    "xiangqi": ("fixtures/xiangqi/good/opening.pgn", "ucci"),
    "go": ("fixtures/go/good/9x9-even-two-passes.sgf", "gtp"),
}
SAME = {"chess": "pgn", "xiangqi": "pgn", "go": "sgf"}
GAMES = sorted(ILLEGAL)


def convert(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["convert", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def check_json(path: Path) -> list[dict[str, object]]:
    result = CliRunner().invoke(cli, ["check", str(path), "--format", "jsonl"], catch_exceptions=False)
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def illegal(tmp_path: Path, game: str, name: str = "game") -> Path:
    text, extension = ILLEGAL[game]
    path = tmp_path / (name + extension)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("game", GAMES)
def test_in_place_leaves_the_bytes_of_a_record_it_cannot_replay(tmp_path: Path, game: str) -> None:
    source = illegal(tmp_path, game)
    before = source.read_bytes()
    code, _, err = convert(str(source), "--to", SAME[game], "--in-place")
    assert code == 1 and "not replaced" in err and "not written" in err
    assert source.read_bytes() == before
    assert not list(tmp_path.glob(".kifu-*"))


@pytest.mark.parametrize("game", GAMES)
def test_an_output_directory_gets_nothing_for_a_record_it_cannot_replay(tmp_path: Path, game: str) -> None:
    source = illegal(tmp_path, game)
    out = tmp_path / "out"
    code, stdout, err = convert(str(source), "--to", SAME[game], "-o", f"{out}/")
    assert code == 1 and "game 1 not written" in err and "--lenient" in err
    assert not out.exists() or not list(out.iterdir())
    code, stdout, err = convert(str(source), "--to", SAME[game])
    assert code == 1 and stdout == ""


def test_only_the_records_it_cannot_replay_are_left_out(tmp_path: Path) -> None:
    source = tmp_path / "two.pgn"
    good = (ROOT / GOOD["chess"][0]).read_text()
    source.write_text(ILLEGAL["chess"][0] + "\n" + good)
    code, out, err = convert(str(source), "--to", "pgn")
    assert code == 1 and "game 1 not written" in err
    assert "Ke3" not in out and "Qb8+" in out


def _illegal_moves(path: Path) -> list[tuple[object, object, object]]:
    return [(f["code"], f["ply"], f["move"]) for f in check_json(path) if f["severity"] == "error"]


@pytest.mark.parametrize("game", GAMES)
def test_lenient_keeps_the_rest_as_written_and_check_sees_the_same_illegal_move(
    tmp_path: Path, game: str
) -> None:
    source = illegal(tmp_path, game)
    code, out, err = convert(str(source), "--to", SAME[game], "--lenient")
    assert code == 0 and "warning: game 1 written" in err and "kept as written" in err
    written = tmp_path / ("out" + ILLEGAL[game][1])
    written.write_text(out, encoding="utf-8")
    expected = _illegal_moves(source)
    assert expected and _illegal_moves(written) == expected
    if game == "chess":
        assert "{ kifu: not replayed from here:" in out and "2. Ke3 Nc6 *" in out
    elif game == "xiangqi":
        assert "马８进７\n{kifu: not replayed from here: the king would capture" in out
        assert "\n  2. 帅五进二 车９平８\n *\n" in out
    else:
        assert ";W[ee];B[cc]" in out
    # a second conversion changes nothing: the comment is not said twice
    again = convert(str(written), "--to", SAME[game], "--lenient")[1]
    assert again == out


def test_lenient_keeps_the_rest_of_a_variation_and_the_variations_of_the_move(tmp_path: Path) -> None:
    source = tmp_path / "v.pgn"
    source.write_text('[Event "x"]\n\n1. e4 e5 (1... c5 2. Ke3 {why} (2. Nf3 d6) Nc6) 2. Nf3 *\n')
    code, out, _ = convert(str(source), "--to", "pgn", "--lenient")
    assert code == 0
    assert "( 1... c5 { kifu: not replayed from here:" in out
    assert "2. Ke3 { why } ( 2. Nf3 d6 ) 2... Nc6 ) 2. Nf3 *" in " ".join(out.split())


#: the xiangqi targets that are records (XQBase PGN): each keeps the rest as written
XIANGQI_PGN = ["chinese", "traditional", "wxf", "iccs", "pgn"]


@pytest.mark.parametrize("target", XIANGQI_PGN)
def test_lenient_xiangqi_pgn_targets_keep_the_rest_and_convert_to_a_fixed_point(
    tmp_path: Path, target: str
) -> None:
    source = illegal(tmp_path, "xiangqi")
    code, out, err = convert(str(source), "--to", target, "--lenient")
    assert code == 0 and "the rest kept as written" in err and "dropped" not in err
    assert "\n{kifu: not replayed from here: the king would capture its own piece on e2}\n" in out
    assert "2. 帅五进二 车９平８\n *\n" in out  # as written, whatever the target's notation
    written = tmp_path / "out.pgn"
    written.write_text(out, encoding="utf-8")
    assert _illegal_moves(written) == _illegal_moves(source) == [("XQ101", 3, "帅五进二")]
    # converted again, and again: the same bytes (the comment is said once)
    again = convert(str(written), "--to", target, "--lenient")[1]
    assert again == out and again.count("not replayed") == 1
    written.write_text(again, encoding="utf-8")
    assert convert(str(written), "--to", target, "--lenient")[1] == out


#: a xiangqi record that stops in the main line (at a Black move after comments), in a variation
#: after its first move, and in a variation at its first move; the rest has comments, NAGs and
#: variations of its own
XIANGQI_TREE = """[Game "Chinese Chess"]

{opening}
1. 炮二平五 {c1} 马８进７ $1 (1... 马２进３ 2. 帅五进二 {why} (2. 马二进三 卒７进１) 车１平２) (1... 将五进三)
2. 马二进三 车９平８ {c2}
3. 车一平二 (3. 兵七进一) 将五进三 $2 {bad}
(3... 马２进３ 4. 车二进六)
4. 车二进六 (4. 兵七进一 {x} 卒７进１) 马２进３ *
"""


@pytest.mark.parametrize("target", ["chinese", "wxf"])
def test_lenient_xiangqi_keeps_the_rest_of_every_line_with_its_comments_and_variations(
    tmp_path: Path, target: str
) -> None:
    source = tmp_path / "tree.pgn"
    source.write_text(XIANGQI_TREE, encoding="utf-8")
    code, out, err = convert(str(source), "--to", target, "--lenient")
    assert code == 0 and "the rest kept as written" in err
    marker = "{kifu: not replayed from here: "
    assert out.count(marker) == 3
    e2, e6 = (f"{marker}the king would capture its own piece on {square}}}" for square in ("e2", "e6"))
    assert f"{e2} 2. 帅五进二 {{why}} (2. 马二进三 卒７进１)" in out
    assert f"({e6} 1... 将五进三)" in out
    # in the main line, after the last move played and before its variations (where it reads back)
    played, variation, pad = ("车一平二", "兵七进一", 10) if target == "chinese" else ("R1.2", "P7+1", 6)
    assert f"\n  3. {played}\n{e6}\n(3. {variation})\n  3.{' ' * pad}将五进三 $2\n{{bad}}\n" in out
    assert "\n(3... 马２进３ 4. 车二进六)\n  4. 车二进六\n(4. 兵七进一 {x} 4... 卒７进１)\n" in out
    written = tmp_path / "out.pgn"
    written.write_text(out, encoding="utf-8")
    expected = _illegal_moves(source)
    assert len(expected) == 3 and _illegal_moves(written) == expected
    assert convert(str(written), "--to", target, "--lenient")[1] == out


#: more shapes: a cut at the first move, inside a variation of a variation, an empty variation,
#: and a DhtmlXQ game whose illegal move follows a move with a variation
XIANGQI_MORE = {
    "first.pgn": '[Game "Chinese Chess"]\n\n{before} 1. 帅五进二 {why} 车９平８ 2. 炮二平五 *\n',
    "nested.pgn": '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ '
    "(1... 马２进３ (1... 卒７进１ 2. 帅五进二 卒３进１) 2. 帅五进二) () "
    "(1... 将五进三 2. 炮八平五) (1... 卒３进１) 2. 马二进三 *\n",
    "game.dhtml": "[DhtmlXQ]\n[DhtmlXQ_movelist]774770624947[/DhtmlXQ_movelist]\n"
    "[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]\n[/DhtmlXQ]\n",
}


@pytest.mark.parametrize("name", sorted(XIANGQI_MORE))
def test_lenient_xiangqi_converts_to_a_fixed_point_that_checks_the_same(tmp_path: Path, name: str) -> None:
    source = tmp_path / name
    source.write_text(XIANGQI_MORE[name], encoding="utf-8")
    code, out, err = convert(str(source), "--to", "pgn", "--lenient")
    assert code == 0 and "the rest kept as written" in err
    written = tmp_path / "out.pgn"
    written.write_text(out, encoding="utf-8")
    expected = _illegal_moves(source)
    assert expected and _illegal_moves(written) == expected
    assert convert(str(written), "--to", "pgn", "--lenient")[1] == out


def test_lenient_xiangqi_lists_end_at_the_last_move_played(tmp_path: Path) -> None:
    source = illegal(tmp_path, "xiangqi")
    code, out, err = convert(str(source), "--to", "ucci", "--lenient")
    assert code == 0 and out == "h2e2 h9g7\n"
    assert "warning: game 1 written" in err and "ends at the last move played" in err


def test_lenient_xiangqi_json_keeps_the_rest_of_the_main_line_under_not_replayed(tmp_path: Path) -> None:
    source = illegal(tmp_path, "xiangqi")
    code, out, err = convert(str(source), "--to", "json", "--lenient")
    assert code == 0 and "the rest kept as written" in err
    document = json.loads(out)
    assert [move["chinese"] for move in document["moves"]] == ["炮二平五", "马８进７"]
    [(_, ply, _)] = _illegal_moves(source)
    assert document["not_replayed"] == {
        "ply": ply,
        "message": "the king would capture its own piece on e2",
        "text": "2. 帅五进二 车９平８",
    }
    good = ROOT / GOOD["xiangqi"][0]
    assert "not_replayed" not in json.loads(convert(str(good), "--to", "json")[1])
    # the rest of a variation is not kept in JSON: only moves played are moves
    tree = tmp_path / "tree.pgn"
    tree.write_text(XIANGQI_TREE, encoding="utf-8")
    code, out, err = convert(str(tree), "--to", "json", "--lenient")
    document = json.loads(out)
    assert code == 0 and "ends at the last move played" in err
    rest = "3... 将五进三 $2 {bad} (3... 马２进３ 4. 车二进六) 4. 车二进六"
    assert document["not_replayed"]["text"].startswith(rest)
    assert document["moves"][1]["variations"] == [[document["moves"][1]["variations"][0][0]], []]


def test_in_place_with_lenient_replaces_only_what_keeps_its_moves(tmp_path: Path) -> None:
    chess_game = illegal(tmp_path, "chess")
    assert convert(str(chess_game), "--to", "pgn", "--in-place", "--lenient")[0] == 0
    assert "2. Ke3 Nc6 *" in chess_game.read_text()
    xiangqi_game = illegal(tmp_path, "xiangqi", "xq")
    code, _, err = convert(str(xiangqi_game), "--to", "wxf", "--in-place", "--lenient")
    assert code == 0 and "not replaced" not in err
    assert "  1. C2.5 H8+7\n{kifu: not replayed from here:" in xiangqi_game.read_text(encoding="utf-8")
    assert _illegal_moves(xiangqi_game) == [("XQ101", 3, "帅五进二")]
    # text that is not a move is lost, not kept: the file stays as it was
    junk = tmp_path / "junk.pgn"
    junk.write_text(ILLEGAL["xiangqi"][0].replace("2. 帅五进二", "@@ 2. 帅五进二"), encoding="utf-8")
    before = junk.read_bytes()
    code, _, err = convert(str(junk), "--to", "pgn", "--in-place", "--lenient")
    assert code == 1 and "not replaced" in err and junk.read_bytes() == before


def test_variations_too_deep_in_a_xiangqi_rest_are_said_and_keep_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kifu.xiangqi.writers import tree

    monkeypatch.setattr(tree, "MAX_DEPTH", 1)
    source = tmp_path / "deep.pgn"
    source.write_text(
        '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ 2. 帅五进二 (2. 马二进三 (2. 马八进七)) 车９平８ *\n',
        encoding="utf-8",
    )
    before = source.read_bytes()
    code, out, err = convert(str(source), "--to", "pgn", "--lenient")
    assert code == 0 and "(2. 马二进三)" in out and "马八进七" not in out
    assert "deeper than 1 levels are dropped" in err and "it ends at the last move played" in err
    code, _, err = convert(str(source), "--to", "pgn", "--in-place", "--lenient")
    assert code == 1 and "not replaced" in err and source.read_bytes() == before


def _kifu(
    *args: str, limit: int | None = None, stdout: int | None = None
) -> subprocess.CompletedProcess[bytes]:
    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "kifu", "convert", *args],
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=limited,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("game", GAMES)
def test_a_full_disk_on_stdout_is_exit_2_and_said(game: str) -> None:
    with open("/dev/full", "wb") as full:
        done = _kifu(str(ROOT / GOOD[game][0]), "--to", SAME[game], stdout=full.fileno())
    assert done.returncode == 2
    assert done.stderr.decode().strip().splitlines() == [
        "kifu: cannot write the output: No space left on device"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_file_size_limit_is_exit_2_and_said(tmp_path: Path, game: str) -> None:
    source = ROOT / GOOD[game][0]
    with open(tmp_path / "stdout", "wb") as out:
        done = _kifu(str(source), "--to", SAME[game], limit=100, stdout=out.fileno())
    assert done.returncode == 2 and b"File too large" in done.stderr and b"Traceback" not in done.stderr
    done = _kifu(str(source), "--to", SAME[game], "-o", str(tmp_path / "o.txt"), limit=100)
    assert done.returncode == 2 and b"cannot write" in done.stderr and b"File too large" in done.stderr
    assert not (tmp_path / "o.txt").exists() and not list(tmp_path.glob(".kifu-*"))


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("game", GAMES)
def test_a_signal_during_in_place_leaves_no_temporary_file(tmp_path: Path, game: str, number: int) -> None:
    source = tmp_path / ("game" + Path(GOOD[game][0]).suffix)
    source.write_bytes((ROOT / GOOD[game][0]).read_bytes())
    before = source.read_bytes()
    # the signal arrives once the temporary file is written, before it replaces the input
    script = (
        "import os, sys\n"
        f"os.fsync = lambda fd: os.kill(os.getpid(), {int(number)})\n"
        "from kifu.app import main\n"
        f"sys.argv = ['kifu', 'convert', {str(source)!r}, '--to', {SAME[game]!r}, '--in-place']\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120, check=False)
    assert done.returncode == -number, done.stderr
    assert not list(tmp_path.glob(".kifu-*")) and source.read_bytes() == before


@pytest.mark.parametrize("game", GAMES)
def test_output_names_keep_their_case(tmp_path: Path, game: str) -> None:
    path, target = GOOD[game]
    source = tmp_path / ("MyGame" + Path(path).suffix.upper())
    source.write_bytes((ROOT / path).read_bytes())
    out = tmp_path / "out"
    assert convert(str(source), "--to", target, "--game", game, "-o", f"{out}/")[0] == 0
    extension = {"uci": ".uci", "ucci": ".ucci", "gtp": ".gtp"}[target]
    assert [p.name for p in out.iterdir()] == ["MyGame" + extension]


@pytest.mark.parametrize("game", GAMES)
def test_a_symlink_at_a_new_output_is_refused(tmp_path: Path, game: str) -> None:
    path, target = GOOD[game]
    source = tmp_path / ("game" + Path(path).suffix)
    source.write_bytes((ROOT / path).read_bytes())
    secret = tmp_path / "secret"
    secret.write_text("mine")
    secret.chmod(0o600)
    link = tmp_path / "link.out"
    link.symlink_to(secret)
    code, _, err = convert(str(source), "--to", target, "-o", str(link))
    assert code == 2 and "symbolic link" in err
    assert secret.read_text() == "mine" and stat.S_IMODE(secret.stat().st_mode) == 0o600
    dangling = tmp_path / "dangling.out"
    dangling.symlink_to(tmp_path / "nowhere")
    code, _, err = convert(str(source), "--to", target, "-o", str(dangling))
    assert code == 2 and not (tmp_path / "nowhere").exists() and dangling.is_symlink()


def test_a_symlink_inside_an_output_directory_is_refused_and_the_others_converted(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pgn", tmp_path / "b.pgn"
    first.write_bytes((ROOT / GOOD["chess"][0]).read_bytes())
    second.write_bytes(first.read_bytes())
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.uci").symlink_to(tmp_path / "nowhere")
    code, _, err = convert(str(first), str(second), "--to", "uci", "-o", f"{out}/")
    assert code == 2 and "a.uci is a symbolic link" in err
    assert not (tmp_path / "nowhere").exists() and (out / "b.uci").is_file()


@pytest.mark.parametrize("value", ["SZ[0]", "SZ[9]AB[zz]"])
@pytest.mark.parametrize("target", ["sgf", "gtp", "json"])
def test_a_board_size_or_setup_check_rejects_is_not_converted(
    tmp_path: Path, value: str, target: str
) -> None:
    source = tmp_path / "g.sgf"
    source.write_text(f"(;FF[4]GM[1]SZ[9]{value};B[cc];W[dd])\n".replace("SZ[9]SZ", "SZ"))
    assert any(f["severity"] == "error" for f in check_json(source))
    code, out, err = convert(str(source), "--to", target)
    assert code == 1 and out == "" and "not written" in err
    code, out, err = convert(str(source), "--to", target, "--lenient")
    assert code == 0 and out and "warning: game 1 written" in err


@pytest.mark.parametrize("value", ["KM[abc]", "HA[x]"])
@pytest.mark.parametrize("target", ["sgf", "gtp", "json", "diagram"])
def test_an_unreadable_komi_or_handicap_is_kept_as_written_or_named_as_dropped(
    tmp_path: Path, value: str, target: str
) -> None:
    """Check warns (the count rests on an assumed komi or handicap: issue 32), so convert writes
    the game; SGF and JSON keep the value as written, GTP and the diagram say they drop it."""
    source = tmp_path / "g.sgf"
    source.write_text(f"(;FF[4]GM[1]SZ[9]{value};B[cc];W[dd])\n")
    findings = check_json(source)
    assert [f["severity"] for f in findings if f["code"] == "SGF016"] == ["warning"]
    code, out, err = convert(str(source), "--to", target)
    assert code == 0 and out
    if target in ("sgf", "json"):
        assert value.split("[")[1].rstrip("]") in out and "dropped" not in err
    else:
        assert f"dropped: an unreadable {value[:2]} value" in err


def test_a_bad_value_of_a_property_the_game_does_not_rest_on_still_converts(tmp_path: Path) -> None:
    source = tmp_path / "g.sgf"
    source.write_text("(;FF[4]GM[1]SZ[9]KM[6.5];B[cc]BL[34.x];W[dd])\n")
    assert convert(str(source), "--to", "sgf")[0] == 0


@pytest.mark.parametrize("game", ["chess", "xiangqi"])
@pytest.mark.parametrize("movetext", ["1. {1} ;\n{\n", "1. {1} {a} ;\n{\n", ";\n{\n"])
def test_an_empty_comment_before_an_unclosed_one_converts_to_a_fixed_point(
    tmp_path: Path, game: str, movetext: str
) -> None:
    first = "e4" if game == "chess" else "炮二平五"
    tags = '[Event "x"]\n' if game == "chess" else '[Game "Chinese Chess"]\n'
    source = tmp_path / "c.pgn"
    source.write_text(f"{tags}\n{movetext.replace('{1}', first)}", encoding="utf-8")
    once = convert(str(source), "--to", "pgn", "--lenient")[1]
    again = tmp_path / "again.pgn"
    again.write_text(once, encoding="utf-8")
    assert convert(str(again), "--to", "pgn", "--lenient")[1] == once


def test_names_and_messages_from_the_input_are_shown_escaped(tmp_path: Path) -> None:
    source = tmp_path / "evil\x1b]52;c;x\x07.pgn"
    source.write_text(ILLEGAL["chess"][0])
    code, _, err = convert(str(source), "--to", "pgn")
    assert code == 1 and "\x1b" not in err and "\x07" not in err and "\\x1b]52" in err


def _cbf(*steps: str) -> str:
    moves = "".join(f'<Move value="{step}" />' for step in steps)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0"><MoveList>'
        f'<Move value="00-00" />{moves}</MoveList></ChineseChessRecord>\n'
    )


#: CBF steps that are no move of any PGN notation (a step is a rendering such as ``12-14``): read
#: back from a PGN, ``42-5x`` would be junk and ``12-14`` a move number; after two moves, and first
XIANGQI_CBF = {
    "after": (_cbf("77-47", "70-62", "42-5x", "12-14", "79-67"), "  1. 炮二平五 马８进７\n{"),
    "first": (_cbf("4>-45", "77-47"), '[Format "Chinese"]\n{'),
}


@pytest.mark.parametrize("name", sorted(XIANGQI_CBF))
def test_lenient_xiangqi_keeps_a_binary_rest_inside_its_comment(tmp_path: Path, name: str) -> None:
    text, before = XIANGQI_CBF[name]
    source = tmp_path / "game.cbf"
    source.write_text(text, encoding="utf-8")
    code, out, err = convert(str(source), "--to", "pgn", "--lenient")
    assert code == 0 and "the rest kept as written" in err
    rest = "2. 42-5x b7b5 3. h0g2" if name == "after" else "1. 4>-45 h2e2"
    assert f"{before}kifu: not replayed from here: " in out and f"; as written: {rest}}}\n *\n" in out
    assert out.count("kifu: not replayed from here:") == 1
    written = tmp_path / "out.pgn"
    written.write_text(out, encoding="utf-8")
    # nothing of the rest is read back as a move: the output checks clean and converts to itself
    assert _illegal_moves(written) == []
    assert convert(str(written), "--to", "pgn", "--lenient")[1] == out
