"""``convert --to pgn`` of xiangqi records is a fixed point (issue 16): its output is read back as
the same game, in the same format, and converts to the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli
from kifu.application.detection import detect
from kifu.core.sources import Source
from kifu.xiangqi.reader import is_dhtmlxq

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "fuzz" / "cases"


def _pgn(source: Path, target: Path, *options: str) -> tuple[str, str]:
    result = CliRunner().invoke(
        cli, ["convert", "--to", "pgn", "--lenient", *options, str(source), "-o", str(target)]
    )
    assert "Traceback" not in result.output
    return (target.read_text(encoding="utf-8") if target.exists() else ""), result.stderr


def _twice(tmp_path: Path, data: str | bytes, suffix: str = ".pgn") -> tuple[str, str]:
    """The PGN of ``data`` (read as xiangqi) and the PGN of that PGN (read as detected)."""
    source = tmp_path / f"in{suffix}"
    source.write_bytes(data.encode() if isinstance(data, str) else data)
    once, _ = _pgn(source, tmp_path / "once.pgn", "--game", "xiangqi")
    assert detect(Source(str(tmp_path / "once.pgn"))) == ("xiangqi", "pgn")
    twice, _ = _pgn(tmp_path / "once.pgn", tmp_path / "twice.pgn")
    return once, twice


def test_a_comment_quoting_dhtmlxq_leaves_a_pgn_game_pgn(tmp_path: Path) -> None:
    """cases/cbf/fixpoint-1.cbf: the output's comment quoted ``[DhtmlXQ``, so the second
    conversion read the PGN as DhtmlXQ and wrote nothing."""
    text = '[Game "Chinese Chess"]\n\n1. 炮二平五 {[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]} 马８进７ *\n'
    once, twice = _twice(tmp_path, text)
    assert "马８进７" in twice and once == twice
    once, twice = _twice(tmp_path, (CASES / "cbf" / "fixpoint-1.cbf").read_bytes(), ".cbf")
    assert "相三进一" in twice and once == twice


def test_dhtmlxq_is_a_block_outside_comments_or_anywhere_in_a_page_without_tags() -> None:
    assert is_dhtmlxq("[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]")
    assert is_dhtmlxq('<script>function f() { var g = "[DhtmlXQ][DhtmlXQ_movelist]7747"; }</script>')
    assert not is_dhtmlxq('[Game "Chinese Chess"]\n\n1. 炮二平五 {[DhtmlXQ]} *\n')
    assert not is_dhtmlxq('[Game "Chinese Chess"]\n\n1. 炮二平五 ; [DhtmlXQ]\n*\n')
    assert not is_dhtmlxq('[Game "Chinese Chess"]\n\n1. 炮二平五 *\n')


def test_the_game_tag_says_what_the_content_is(tmp_path: Path) -> None:
    """cases/xqpgn/fixpoint-1.pgn: a damaged Game tag was copied into the output, which then
    read as chess; the writer writes ``[Game "Chinese Chess"]`` first, whatever the record had."""
    once, twice = _twice(tmp_path, '[Event "x"]\n[Game "Chines\ufffde Chess"]\n\n1. 炮二平五 马８进７ *\n')
    assert once.startswith('[Game "Chinese Chess"]\n[Event "x"]\n') and once.count("[Game ") == 1
    assert once == twice
    once, twice = _twice(tmp_path, (CASES / "xqpgn" / "fixpoint-1.pgn").read_bytes())
    assert once.startswith('[Game "Chinese Chess"]\n') and once == twice
    # the move text lies beyond the 8 KiB that detection reads: the Game tag comes first
    once, twice = _twice(tmp_path, f'[Event "{"[" * 9000}"]\n[Red "r"]\n\n1. 炮二平五 马８进７ *\n')
    assert once.startswith('[Game "Chinese Chess"]\n') and once == twice


def test_control_characters_are_never_copied_into_the_output(tmp_path: Path) -> None:
    """cases/xqpgn/fixpoint-2.pgn and cases/xqf/fixpoint-1.xqf: control bytes of tags (an XQF
    header field) were copied into the PGN, which kifu then rejected as binary data."""
    padding = f'[Site "{"s" * 300}"]\n'  # so that the input itself is not taken for binary data
    text = f'[Event "a\x01b"]\n{padding}\n1. 炮二平五 {{x\x02y\x0bz}} 马８进７ *\n'
    once, twice = _twice(tmp_path, text)
    assert '[Event "a\ufffdb"]' in once and "{x\ufffdy\ufffdz}" in once
    assert once == twice
    for case in ("xqpgn/fixpoint-2.pgn", "xqf/fixpoint-1.xqf"):
        path = CASES / case
        once, twice = _twice(tmp_path, path.read_bytes(), path.suffix)
        assert once == twice and not any(ch < " " and ch != "\n" for ch in once), case


def test_a_control_byte_in_a_tag_value_is_a_format_warning_of_its_record(tmp_path: Path) -> None:
    """CCPD's damaged Big5 names (issue 32): a control byte inside a tag value of a record that
    reads is XQN019 on that record, a format warning (exit 0), not the file's IO004."""
    path = tmp_path / "game.pgn"
    path.write_text(f'[Game "Chinese Chess"]\n[Event "a\x01b"]\n[Site "{"s" * 300}"]\n\n1. 炮二平五 *\n')
    result = CliRunner().invoke(cli, ["check", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)["files"][0]
    assert data["findings"] == []
    [finding] = data["records"][0]["findings"]
    assert (finding["code"], finding["severity"], finding["line"]) == ("XQN019", "warning", 2)
    assert "tag [Event]" in finding["message"] and "line 2, column 10" in finding["message"]
    strict = CliRunner().invoke(cli, ["check", "--strict", "-q", str(path)])
    assert strict.exit_code == 1, strict.output


def test_a_control_byte_outside_the_tags_is_binary_data_where_it_is(tmp_path: Path) -> None:
    """In the moves (or anywhere but a tag value) a control byte stays the file's IO004 error,
    placed at that byte, even when another one sits in a tag."""
    path = tmp_path / "game.pgn"
    path.write_text(f'[Game "Chinese Chess"]\n[Event "a\x01b"]\n[Site "{"s" * 300}"]\n\n1. 炮二\x02平五 *\n')
    result = CliRunner().invoke(cli, ["check", "--format", "json", str(path)])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)["files"][0]
    [finding] = data["findings"]
    place = (finding["code"], finding["severity"], finding["line"], finding["column"])
    assert place == ("IO004", "error", 5, 6)
    assert "on 1 line(s)" in finding["message"]
    assert "XQN019" in [f["code"] for f in data["records"][0]["findings"]]


def test_a_full_width_closing_brace_in_a_comment_is_removed_like_the_ascii_one(tmp_path: Path) -> None:
    """cases/xqf/fixpoint-3.xqf: the movetext reader takes ｝ for }, so a comment holding it ended
    there when the output was read back."""
    page = (
        "[DhtmlXQ]\n[DhtmlXQ_movelist]77477967[/DhtmlXQ_movelist]\n"
        "[DhtmlXQ_comment1]车六进一｝马二进三[/DhtmlXQ_comment1]\n[/DhtmlXQ]\n"
    )
    once, twice = _twice(tmp_path, page, ".dhtml")
    assert "{车六进一马二进三}" in once and once == twice
    path = CASES / "xqf" / "fixpoint-3.xqf"
    once, twice = _twice(tmp_path, path.read_bytes(), path.suffix)
    assert once == twice
