"""``kifu check --fix`` and ``--diff`` as a user runs them (issue 46): the file is written whole and
in place, keeps its mode, is never written through a symbolic link, and survives SIGTERM; a
second ``--fix`` changes nothing; the summary counts what was fixed and what waits for
``--unsafe-fixes``; what kifu cannot edit is said in one line."""

from __future__ import annotations

import gzip
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

#: a safe fix (SGF013: FF[3]-style identifier) and an unsafe one (SGF048: KO written for KM)
RECORD = "(;FF[4]GM[1]SZ[9]PB[Ann]KO[7.5];AddBlack[cc];B[ee])\n"
SAFE_FIXED = "(;FF[4]GM[1]SZ[9]PB[Ann]KO[7.5];AB[cc];B[ee])\n"
ALL_FIXED = "(;FF[4]GM[1]SZ[9]PB[Ann]KM[7.5];AB[cc];B[ee])\n"


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", "--isolated", *args], input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.sgf"
    path.write_text(RECORD, encoding="utf-8")
    return path


def test_fix_applies_the_safe_fixes_in_place_and_reports_what_is_left(record: Path) -> None:
    code, out, err = run("--fix", str(record))
    assert record.read_text(encoding="utf-8") == SAFE_FIXED
    assert "SGF013" not in out and "SGF048" in out and "[unsafe fix]" in out
    assert "kifu: found 2 finding(s) (1 fixed, 1 fixable with --unsafe-fixes, 0 left)" in err
    assert code == 0  # (the SGF048 left is a warning)


def test_unsafe_fixes_apply_the_rest_and_a_second_fix_changes_nothing(record: Path) -> None:
    run("--fix", "--unsafe-fixes", str(record))
    assert record.read_text(encoding="utf-8") == ALL_FIXED
    stamp = record.stat().st_mtime_ns
    code, out, err = run("--fix", "--unsafe-fixes", str(record))
    assert record.read_text(encoding="utf-8") == ALL_FIXED and record.stat().st_mtime_ns == stamp
    assert (code, out) == (0, "") and "(0 fixed, 0 left)" in err


def test_diff_writes_nothing_and_exits_1_when_there_is_something_to_fix(record: Path) -> None:
    code, out, err = run("--diff", str(record))
    assert code == 1 and record.read_text(encoding="utf-8") == RECORD
    assert out.splitlines() == [
        f"--- a/{record}",
        f"+++ b/{record}",
        "@@ -1 +1 @@",
        "-" + RECORD.rstrip("\n"),
        "+" + SAFE_FIXED.rstrip("\n"),
    ]
    assert "would fix 1 finding(s) in 1 file(s)" in err
    code, out, _ = run("--diff", "--unfixable", "SGF013", str(record))
    assert (code, out) == (0, "")
    code, out, _ = run("--diff", "--extend-safe-fixes", "SGF048", str(record))
    assert code == 1 and "KM[7.5]" in out and "AB[cc]" in out


def test_the_check_says_how_many_findings_fix_would_repair(record: Path) -> None:
    code, out, err = run(str(record))
    assert code == 0 and "SGF013 [*]" in out and "SGF048 [unsafe fix]" in out
    assert "kifu: 1 fixable with --fix (1 more with --unsafe-fixes)" in err


def test_the_fix_keeps_the_files_mode(record: Path) -> None:
    record.chmod(0o640)
    run("--fix", str(record))
    assert stat.S_IMODE(record.stat().st_mode) == 0o640 and record.read_text(encoding="utf-8") == SAFE_FIXED


def test_a_symbolic_link_is_not_written_through(tmp_path: Path, record: Path) -> None:
    link = tmp_path / "link.sgf"
    link.symlink_to(record)
    code, _, err = run("--fix", str(link))
    assert code == 0 and record.read_text(encoding="utf-8") == RECORD and link.is_symlink()
    assert "not fixed" in err and "symbolic link" in err


def test_what_cannot_be_edited_is_said_in_one_line(tmp_path: Path) -> None:
    packed = tmp_path / "game.sgf.gz"
    packed.write_bytes(gzip.compress(RECORD.encode()))
    _, _, err = run("--fix", str(packed))
    assert "not fixed: a compressed file is not edited" in err
    assert gzip.decompress(packed.read_bytes()).decode() == RECORD
    _, _, err = run("--fix", "--game", "go", "-", input=RECORD)
    assert "not fixed: standard input is not edited" in err


def test_a_fix_survives_sigterm_with_the_original_intact(tmp_path: Path) -> None:
    """SIGTERM while ``--fix`` runs: the file is its original or its whole fixed text, never a
    part, and no temporary file is left beside it."""
    path = tmp_path / "many.sgf"
    original = RECORD * 20_000
    path.write_text(original, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu", "check", "--isolated", "--quiet", "--jobs", "1", "--fix", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.5)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)
    assert path.read_text(encoding="utf-8") in (original, SAFE_FIXED * 20_000)
    assert os.listdir(tmp_path) == ["many.sgf"]


def test_the_library_fixes_text_and_writes_nothing(record: Path) -> None:
    import kifu

    fixed = kifu.fix(RECORD)
    assert (fixed.text, fixed.fixed) == (SAFE_FIXED, 1)
    assert [finding.code for finding in fixed.report.all_findings] == ["SGF048"]
    assert kifu.fix(record, unsafe=True).text == ALL_FIXED and record.read_text(encoding="utf-8") == RECORD
    with pytest.raises(ValueError, match="directory"):
        kifu.fix(record.parent)


def test_a_projects_configuration_may_not_turn_fixing_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Records come with the configuration of whoever sent them: a project's ``fix = true`` (or
    unsafe fixes made safe) would rewrite them on a plain ``kifu check``. The user's own may."""
    project = tmp_path / "archive"
    project.mkdir()
    path = project / "game.sgf"
    path.write_text(RECORD, encoding="utf-8")
    monkeypatch.chdir(project)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    for key in ("fix = true", "unsafe-fixes = true", 'extend-safe-fixes = ["SGF"]'):
        (project / "kifu.toml").write_text(key + "\n", encoding="utf-8")
        result = CliRunner().invoke(cli, ["check", "--fix", "game.sgf"], catch_exceptions=False)
        assert result.exit_code == 2 and "may not be set in a project's configuration" in result.stderr
        assert path.read_text(encoding="utf-8") == RECORD
    (project / "kifu.toml").write_text('unfixable = ["SGF013"]\nfix-comments = false\n', encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", "--fix", "game.sgf"]).exit_code == 0
    assert path.read_text(encoding="utf-8") == RECORD  # (SGF013 unfixable; SGF048 unsafe)
    (project / "kifu.toml").unlink()
    own = tmp_path / "home" / "kifu" / "kifu.toml"
    own.parent.mkdir(parents=True)
    own.write_text("fix = true\nunsafe-fixes = true\n", encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", "game.sgf"]).exit_code == 0
    assert path.read_text(encoding="utf-8") == ALL_FIXED
