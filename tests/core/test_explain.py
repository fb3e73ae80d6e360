"""``kifu explain CODE``: a page in the shape of ruff's rule pages for every code (issue 47), whose
example kifu reports with that code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu import games
from kifu.app import cli
from kifu.commands.explain import WIDTH, page
from kifu.core.findings import FIX_NOTES, REGISTRY, Code, Fixable, Severity, register

games.load_all_codes()
CODES = sorted(REGISTRY)
HEADINGS = ["What it means", "Why it matters", "Example", "How to fix it"]

#: the game whose notation a code's example is written in
GAME = {"PGN": "chess", "CHESS": "chess", "SGF": "go", "GO": "go", "XQN": "xiangqi", "XQ": "xiangqi"}
#: codes whose example is no record text kifu can be given: a file's condition, bytes a page cannot
#: print, or a record too long for a page
NOT_RUN = {
    "PGN024": "variations 101 levels deep",
    "PGN026": "a line of 17,698 plies",
    "SGF011": "an identifier of 101 letters",
    "SGF042": "a record's bytes in Big5",
    "SGF043": "bytes not valid in the declared charset",
    "SGF044": "NUL bytes",
    "GO207": "GNU Go missing from the machine",
    "XQN009": "a record's bytes in GBK",
    "XQN011": "a damaged binary XQF file",
    "XQN013": "an XQBridge CBL library",
    "XQN019": "a control byte in a tag value",
}
#: codes that ``kifu score`` reports, not ``kifu check``
SCORED = {"GO204"}
RUN = [code for code in CODES if code.rstrip("0123456789") in GAME and code not in NOT_RUN]


def _explain(*args: str) -> str:
    result = CliRunner().invoke(cli, ["explain", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("code", CODES)
def test_every_code_has_the_four_parts_in_lines_of_at_most_100_characters(code: str) -> None:
    lines = _explain(code).splitlines()
    entry = REGISTRY[code]
    assert lines[0] == f"{code} ({entry.severity.label}): {entry.title}"
    assert [line for line in lines if len(line) > WIDTH] == []
    headed = [i for i, line in enumerate(lines) if line in HEADINGS]
    assert [lines[i] for i in headed] == HEADINGS
    for i in headed:
        assert lines[i - 1] == "" and lines[i + 1].strip(), (code, lines[i])  # a heading, then text
    example = lines[headed[2] + 1 : headed[3] - 1]
    assert example == ["    " + line if line else "" for line in entry.example.splitlines()]
    section = lines[headed[3] + 1 :]
    fixing = " ".join(line.strip() for line in section[: [*section, ""].index("")])
    assert fixing.endswith(" ".join(entry.fix_note.split())), (code, fixing)
    assert (f"Rule: {entry.rule}" in lines) == bool(entry.rule)
    if entry.means:  # the meaning said apart, kifu's own reasoning follows in a part of its own
        assert "How kifu decides" in lines
    words = " ".join(line.strip() for line in lines).split()
    assert " ".join(entry.doc.split()) in " ".join(words)  # the doc is printed whole, only rewrapped


def test_explain_wraps_text_and_keeps_the_example_s_lines_as_written() -> None:
    lines = _explain("CHESS101").splitlines()
    assert lines[lines.index("Example") + 1] == "    1. e4 e5 2. Nf3 Nc6 3. Nb5 a6 4. Ba4 *"
    decides = lines[lines.index("How kifu decides") + 1 :]
    assert len(decides) > 5 and all(line.startswith("  ") for line in decides[: decides.index("")])
    assert lines[-1] == "Rule: FIDE Laws of Chess 3"


def test_the_fix_line_follows_the_registry() -> None:
    def said(fix: Fixable) -> str:
        entry = Code(
            "TEST001", Severity.WARNING, "t", "d", means="m", why="w", example="e", fix_hint="h", fix=fix
        )
        lines = page(entry)
        fixing = lines[lines.index("How to fix it") + 1 : lines.index("How kifu decides") - 1]
        return " ".join(line.strip() for line in fixing)

    assert said(None) == "h `kifu check --fix` does not repair this yet: edit the record."
    assert said("safe") == "h " + FIX_NOTES["safe"]
    assert said("unsafe") == "h " + FIX_NOTES["unsafe"] and "the fix is unsafe" in FIX_NOTES["unsafe"]
    assert set(FIX_NOTES) == {None, "safe", "unsafe"}
    with pytest.raises(ValueError, match="fix is 'safe', 'unsafe' or None"):
        register("TEST002", Severity.WARNING, "t", "d", fix="always")  # type: ignore[arg-type]
    assert "TEST002" not in REGISTRY


def test_the_list_is_one_line_per_code_within_100_characters() -> None:
    lines = _explain().splitlines()
    assert [line.split()[0] for line in lines if not line.startswith(" ")] == CODES
    assert all(len(line) <= WIDTH for line in lines)
    assert "PGN004    warning (format) unescaped quote in a tag value" in lines


def test_a_misspelt_code_gets_did_you_mean() -> None:
    result = CliRunner().invoke(cli, ["explain", "XQ1O3"])  # (a letter O for a zero)
    assert result.exit_code == 2 and "no finding code 'XQ1O3'; did you mean XQ103" in result.stderr
    result = CliRunner().invoke(cli, ["explain", "ches101"])
    assert result.exit_code == 2 and "no finding code 'ches101'; did you mean CHESS101?" in result.stderr


def test_most_examples_are_run() -> None:
    assert len(RUN) >= 130, len(RUN)  # (the others: NOT_RUN, and the IO and KIFU codes)


@pytest.mark.parametrize("code", RUN)
def test_kifu_reports_each_example_with_its_code(code: str, tmp_path: Path) -> None:
    game = GAME[code.rstrip("0123456789")]
    record = tmp_path / ("example.sgf" if game == "go" else "example.pgn")
    record.write_text(REGISTRY[code].example + "\n", encoding="utf-8")
    runner = CliRunner()
    if code in SCORED:
        result = runner.invoke(cli, ["score", "--isolated", str(record)])
        assert f" {code} " in result.stdout, result.output
        return
    result = runner.invoke(
        cli, ["check", "--isolated", "--game", game, "--select", code, "--format", "json", str(record)]
    )
    assert code in json.loads(result.stdout)["summary"]["codes"], result.output
