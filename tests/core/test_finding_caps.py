"""The findings a stranger's file can make are capped, in every game, as they are made.

A record keeps at most ``MAX_PER_CODE`` findings of one code and says how many more in one
finding; a file lists at most ``MAX_FILE_FINDINGS`` findings on its records and says how many
more (the summary and the exit status still count every one). Counted, not timed: a flood of
``}`` in a compressed PGN once built a finding per character (321 MiB, a 220 MB report).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.batch import delivery
from kifu.chess.reader import read_game
from kifu.chess.splitter import split_games
from kifu.core.findings import MAX_PER_CODE, capped

HEADER = (
    '[Event "x"]\n[Site "x"]\n[Date "2026.12.06"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n'
)


def _report(*args: str) -> tuple[int, dict[str, object]]:
    result = CliRunner().invoke(cli, ["check", "--format", "json", "--jobs", "1", *args])
    return result.exit_code, json.loads(result.stdout)


def _codes(report: dict) -> list[str]:  # type: ignore[type-arg]
    return [f["code"] for file in report["files"] for r in file["records"] for f in r["findings"]]


def test_a_flood_of_one_finding_builds_a_hundred(tmp_path: Path) -> None:
    """The reader counts past the cap without building a finding (memory stays flat)."""
    (game,) = split_games(iter((HEADER + "1. e4 " + "} " * 5000 + "*\n").splitlines()))
    read = read_game(game, 1)
    assert sum(f.code == "PGN017" for f in read.findings) == MAX_PER_CODE
    assert read.dropped == {"PGN017": 5000 - MAX_PER_CODE}


@pytest.mark.parametrize(
    ("name", "text", "code"),
    [
        ("chess.pgn.gz", HEADER + "1. e4 " + "}" * 200_000 + " *\n", "PGN017"),
        (
            "xiangqi.pgn",
            '[Game "Chinese Chess"]\n[Format "Chinese"]\n\n1. 炮二平五 马８进７ ' + "乎 " * 5000 + "\n",
            "XQN001",
        ),
        ("go.sgf", "(;GM[1]FF[4]SZ[9]" + "".join(f";B[aa]W[{c}{c}]" for c in "bcdefghi" * 40) + ")", "GO101"),
    ],
)
def test_every_game_caps_each_code_and_says_how_many_more(
    tmp_path: Path, name: str, text: str, code: str
) -> None:
    path = tmp_path / name
    data = text.encode()
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    _, report = _report(str(path))
    codes = _codes(report)
    assert codes.count(code) == MAX_PER_CODE + 1  # the hundred, and the one that counts the rest
    findings = [f for file in report["files"] for r in file["records"] for f in r["findings"]]
    (more,) = [f for f in findings if f["code"] == code and f["message"].startswith("… and ")]
    assert more["message"].endswith(f" more {code} finding(s) in this game")


def test_capped_keeps_the_first_of_each_code_in_order() -> None:
    from kifu.chess.codes import STRAY_BRACE, UNCLOSED_COMMENT

    findings = [STRAY_BRACE(f"{n}") for n in range(MAX_PER_CODE + 5)] + [UNCLOSED_COMMENT("x")]
    kept = capped(findings, {"PGN017": 10})
    assert [f.message for f in kept[:MAX_PER_CODE]] == [str(n) for n in range(MAX_PER_CODE)]
    assert [f.code for f in kept[MAX_PER_CODE:]] == [UNCLOSED_COMMENT.code, "PGN017"]
    assert kept[-1].message == "… and 15 more PGN017 finding(s) in this game"


def test_a_file_lists_its_first_findings_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(delivery, "MAX_FILE_FINDINGS", 25)
    path = tmp_path / "many.pgn"
    path.write_text("1. e4 *\n\n" * 40 + "1. e4 e5 2. Ke3 *\n\n", encoding="utf-8")  # 41 PGN009, 1 error
    code, report = _report(str(path))
    assert code == 1  # the error on the last record, not listed, still fails the run
    assert len(_codes(report)) == 25
    (note,) = report["files"][0]["findings"]
    assert note["code"] == "IO008" and note["severity"] == "error"
    assert note["message"].startswith(
        "17 more finding(s) on the records of this file are not listed (1 error(s)"
    )
    summary = report["summary"]
    assert (summary["errors"], summary["warnings"]) == (2, 41)  # the withheld ones, and the note


def test_a_compressed_file_of_more_records_than_bytes_lists_its_first_records_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decompression bomb of tiny records (712 bytes of `.xz`, two million `*`: a 378 MB
    report before) lists as many records as its compressed bytes, at least LISTED_RECORDS."""
    monkeypatch.setattr(delivery, "LISTED_RECORDS", 30)
    path = tmp_path / "bomb.pgn.gz"
    path.write_bytes(gzip.compress(b"*\n\n" * 5_000 + b"1. e4 e5 2. Ke3 *\n\n"))
    size = path.stat().st_size
    assert size < 1_000
    code, report = _report(str(path))
    assert code == 1  # the error on the last record, not listed, still fails the run
    [listed] = report["files"]
    assert len(listed["records"]) == max(30, size)
    (note,) = listed["findings"]
    assert note["code"] == "IO008" and note["severity"] == "warning"
    assert note["message"] == (
        f"{5_001 - max(30, size):,} more record(s) of this file are not listed: its {size:,} bytes of "
        "compressed data hold more records than bytes (a decompression bomb?), and it lists its first "
        f"{max(30, size):,}; the summary and the exit status count them all"
    )
    assert report["summary"]["records"] == 5_001 and report["summary"]["errors"] == 1


def test_a_compressed_archive_lists_every_record(tmp_path: Path) -> None:
    games = "".join(HEADER.replace('"1"', f'"{n}"') + "1. e4 e5 2. Nf3 *\n\n" for n in range(50))
    path = tmp_path / "games.pgn.gz"
    path.write_bytes(gzip.compress(games.encode()))
    code, report = _report(str(path))
    assert code == 0 and len(report["files"][0]["records"]) == 50 and report["files"][0]["findings"] == []
