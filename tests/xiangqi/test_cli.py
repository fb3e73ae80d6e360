"""``kifu check`` and ``kifu explain`` on xiangqi files, through the Click command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "xiangqi"


def _check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", *args], catch_exceptions=False)
    return result.exit_code, result.output


def test_good_fixtures_exit_0() -> None:
    code, output = _check("-r", str(FIXTURES / "good"), "--game", "xiangqi", "-q")
    assert code == 0, output
    assert "Traceback" not in output


def test_bad_fixtures_exit_1_with_codes_in_json() -> None:
    code, output = _check("-r", str(FIXTURES / "bad"), "--format", "json", "-q")
    assert code == 1
    data = json.loads(output)
    codes = {f["code"] for file in data["files"] for r in file["records"] for f in r["findings"]}
    assert {"XQ101", "XQ102", "XQ103", "XQ201", "XQ202", "XQN003", "XQN006"} <= codes
    assert all(file["game"] == "xiangqi" for file in data["files"])


def test_json_record_contract() -> None:
    code, output = _check(str(FIXTURES / "bad" / "XQ202-contradicts.pgn"), "--format", "json", "-q")
    assert code == 1
    record = json.loads(output)["files"][0]["records"][0]
    assert record["declared_result"] == "0-1"
    assert record["outcome"] == {"result": "1-0", "reason": "checkmate", "ply": 1}
    assert record["plies"] == 1
    finding = record["findings"][0]
    assert finding["code"] == "XQ202" and finding["line"] == 8


def test_illegal_move_reports_line_and_column() -> None:
    code, output = _check(str(FIXTURES / "bad" / "XQ101-rules.pgn"))
    assert code == 1
    assert "XQ101-rules.pgn:8:4: error XQ101" in output
    assert "horse's leg on c0 is blocked" in output


def test_text_sniffing_routes_score_sheets_to_xiangqi() -> None:
    code, output = _check(str(FIXTURES / "good" / "scoresheet.pgn"), "-v")
    assert code == 0 and "3 plies" in output


@pytest.mark.parametrize(
    ("text", "game"),
    [
        # an opening book's introduction that names two moves: prose, not a record
        (
            "起手走兵七进一或兵三进一，含有投石问路试探虚实的性质。它可根据对方的不同应法，采取针对性的措施，"
            "灵活地选择中炮、屏风马、反宫马、单提马等多种阵势。因其变化多端、意向莫测，引人入胜。",
            None,
        ),
        ("炮二平五 马８进７", "xiangqi"),  # a short score sheet: all moves
        ("对局开始：炮二平五 马８进７ 马二进三 车９平８", "xiangqi"),  # three moves or more
        ('[Event "x"]\n\n起手走兵七进一，含有投石问路的性质', "xiangqi"),  # tags: one move is enough
    ],
)
def test_a_text_without_tags_is_xiangqi_when_it_is_mostly_moves(text: str, game: str | None) -> None:
    from kifu.application.detection import sniff

    assert sniff(text.encode("gb18030")) == game


def test_corpus_recursive_check_has_no_traceback(corpus: Path) -> None:
    code, output = _check(str(corpus / "xiangqi"), "-r", "--format", "json", "-q")
    data = json.loads(output)
    assert "KIFU001" not in output
    records = [r for file in data["files"] for r in file["records"]]
    assert len(data["files"]) == 24  # every record file, .txt/.html/.gb18030 included by content
    assert len(records) == 52
    assert sum(r["plies"] for r in records) > 3800
    errors = [
        (f["path"], x["code"], x["line"])
        for f in data["files"]
        for r in f["records"]
        for x in r["findings"]
        if x["severity"] == "error"
    ]
    # the one bad move of the corpus: a variation of the DhtmlXQ sample, two moves written swapped
    assert [(Path(p).name, c, line) for p, c, line in errors] == [
        ("vschess_dhtmlxq_sample_with_variations.txt", "XQ115", 1517)
    ]
    assert code == 1


def test_explain_documents_xiangqi_codes() -> None:
    result = CliRunner().invoke(cli, ["explain", "XQ103"])
    assert result.exit_code == 0 and "flying general" in result.output


@pytest.mark.parametrize(
    "name",
    [
        "XQN001-garbage.pgn",
        "XQN001-wrong-encoding.pgn",
        "XQN011-truncated.xqf",
        "XQN011-short-header.xqf",
        "XQN010-bad-fen.pgn",
        "XQN011-truncated.cbr",
        "XQN011-bad-point.xqf",
    ],
)
def test_bad_input_exits_1_without_traceback(name: str) -> None:
    result = CliRunner().invoke(cli, ["check", str(FIXTURES / "bad" / name)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1, result.output
    assert "KIFU001" not in result.output and "Traceback" not in result.output
