"""``kifu standings FILE.trf`` (issue 48): a TRF-16 file, or a folder of them, is an event the
command ranks, its points column checked against kifu's count."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli

TRF = Path(__file__).parent / "trf"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["standings", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_a_pairing_programs_trf_is_ranked_and_its_points_agree() -> None:
    code, out, err = run("--format", "json", str(TRF / "bbp-issue_15.trf"))
    document = json.loads(out)
    assert code == 0 and "the points column says" not in err and document["warnings"] == []
    assert (len(document["standings"]), document["rounds"], document["system"]) == (180, 11, "swiss")


def test_a_folder_of_trf_files_is_read_and_kifus_own_trf_reads_back(tmp_path: Path) -> None:
    code, first, _ = run("--format", "trf", str(TRF / "bbp-dutch_2025_C5.trf"))
    assert code == 0 and first.startswith("012 ")
    (tmp_path / "again.trf").write_text(first, encoding="utf-8")
    code, again, _ = run("--format", "trf", str(tmp_path))
    assert code == 0 and again == first


def test_a_points_column_that_disagrees_is_said(tmp_path: Path) -> None:
    text = (TRF / "bbp-dutch_2025_C5.trf").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    line = lines[index]
    points = line[80:84]  # the points column of a player line (TRF-16: columns 81-84)
    lines[index] = line[:80] + f"{float(points) + 1:4.1f}" + line[84:]
    (tmp_path / "edited.trf").write_text("".join(lines), encoding="utf-8")
    code, _, err = run(str(tmp_path / "edited.trf"))
    assert code == 0 and "the points column says" in err and "kifu counts" in err


def test_a_trf_with_no_readable_game_says_why_before_the_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.trf"
    path.write_text("012 Broken\n001 garbage\x1b[2J\n", encoding="utf-8")
    code, out, err = run(str(path))
    assert code == 2 and out == "" and "no games found" in err
    assert "broken.trf:2: a player line without a starting rank" in err and "\x1b" not in err
