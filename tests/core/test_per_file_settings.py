"""per-file-settings (issue 47), as ruff's per-file-target-version: the rules of the records that a
pattern matches, over the file's own values; a later entry wins; the command line's options win
over a file's entries, and its own entries (--per-file-settings) over its options. A key or value
that means nothing is said as at the top of the file (exit 2). convert and show take them too.
(Anchoring, and the same findings however kifu is called: tests/core/test_config_anchors.py.)"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from kifu.app import cli
from kifu.commands.check import check, expand, file_settings
from kifu.commands.options import Configurations

ROOT = Path(__file__).resolve().parents[2]
#: a fivefold repetition, then a mate; no date: CHESS201 and CHESS202 are warnings by default,
#: errors under fide-2014 and fide-2018, and none under fide-2009 (which has no fivefold rule)
FIVEFOLD = (
    '[Result "0-1"]\n\n'
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
    "9. f3 e5 10. g4 Qh4# 0-1\n"
)
GO = ROOT / "fixtures/go/good/9x9-even-two-passes.sgf"  # KM[7.5], RE[W+16.5]: right by the count


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def verdicts(*args: str) -> dict[str, str]:
    """Each file's CHESS202 (the result against a fivefold repetition) in `kifu check`: its
    severity, or "none", keyed by the path relative to the working directory."""
    result = invoke("check", "--format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    shown = {}
    for entry in json.loads(result.stdout)["files"]:
        found = [f["severity"] for r in entry["records"] for f in r["findings"] if f["code"] == "CHESS202"]
        shown[os.path.relpath(entry["path"])] = found[0] if found else "none"
    return shown


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """old/{a,b,late}.pgn and new/c.pgn, the fivefold game each; the rules fide-2014 at the top,
    fide-2009 for old/ and fide-2018 for old/late.pgn, the later entry."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    (tmp_path / ".git").mkdir()
    for name in ("old/a.pgn", "old/b.pgn", "old/late.pgn", "new/c.pgn"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(FIVEFOLD)
    (tmp_path / "kifu.toml").write_text(
        'rules = "fide-2014"\n'
        'per-file-settings = {"old/" = {rules = "fide-2009"}, "old/late.pgn" = {rules = "fide-2018"}}\n'
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_entries_override_the_file_and_the_later_wins(project: Path) -> None:
    expected = {"new/c.pgn": "error", "old/a.pgn": "none", "old/b.pgn": "none", "old/late.pgn": "error"}
    assert verdicts(".") == expected
    assert verdicts("old/a.pgn", "old/late.pgn") == {"old/a.pgn": "none", "old/late.pgn": "error"}
    (project / "kifu.toml").write_text('per-file-settings = {"old/" = {rules = "fide-2009"}}\n')
    assert verdicts(".")["new/c.pgn"] == "warning"  # (no rules: the assumption is a warning)


def test_the_command_line_wins_over_the_entries_and_its_own_entries_over_its_options(project: Path) -> None:
    # an option of the command line wins over every configuration value, per-file-settings too
    assert set(verdicts("--rules", "fide-2018", ".").values()) == {"error"}
    # --per-file-settings: entries on top of the files' (anchored at the working directory)
    assert verdicts("--per-file-settings", "new/:rules=fide-2009", ".") == {
        "new/c.pgn": "none",
        "old/a.pgn": "none",
        "old/b.pgn": "none",
        "old/late.pgn": "error",
    }
    assert verdicts("--per-file-settings", "*.pgn:rules=fide-2009", ".")["old/late.pgn"] == "none"
    # ... and over the command line's own options, as they are more specific
    both = verdicts("--rules", "fide-2018", "--per-file-settings", "old/a.pgn:rules=fide-2009", ".")
    assert both == {"new/c.pgn": "error", "old/a.pgn": "none", "old/b.pgn": "error", "old/late.pgn": "error"}
    # a later entry of the command line wins over an earlier one
    twice = (
        "--per-file-settings",
        "old/:rules=fide-2018",
        "--per-file-settings",
        "old/b.pgn:rules=fide-2009",
    )
    assert verdicts(*twice, "old")["old/b.pgn"] == "none" and verdicts(*twice, "old")["old/a.pgn"] == "error"


def test_files_under_the_same_entries_share_their_settings(project: Path) -> None:
    with check.make_context("check", ["."]) as ctx:
        configurations = Configurations(ctx)
        settings = file_settings(expand(["."], configurations), configurations)
    by_name = {os.path.normpath(path): own for path, own in settings.items()}
    assert by_name["old/a.pgn"] is by_name["old/b.pgn"]  # (a worker task takes them together)
    assert by_name["old/late.pgn"] is not by_name["old/a.pgn"]
    assert (
        by_name["old/a.pgn"].options.rules == "fide-2009"
        and by_name["old/late.pgn"].options.rules == "fide-2018"
    )
    assert "new/c.pgn" not in by_name and by_name["new"].options.rules == "fide-2014"  # its folder's
    assert by_name["old/a.pgn"].selection is by_name["old"].selection


def test_go_komi_changes_a_result_finding_in_check_show_convert_and_score(project: Path) -> None:
    (project / "go").mkdir()
    (project / "go" / "game.sgf").write_bytes(GO.read_bytes())
    (project / "go" / "other.sgf").write_bytes(GO.read_bytes())
    (project / "kifu.toml").write_text('per-file-settings = {"go/game.sgf" = {komi = 30}}\n')
    result = invoke("check", "go")
    assert result.exit_code == 1 and "go/game.sgf" in result.stdout and "komi 30" in result.stdout
    assert "other.sgf" not in result.stdout
    assert invoke("check", "--komi", "7.5", "go").exit_code == 0  # the command line wins
    assert "komi 30" in invoke("show", "--territory", "go/game.sgf").stdout
    assert "komi 7.5" in invoke("show", "--territory", "go/other.sgf").stdout
    assert "komi 2.5" in invoke("show", "--territory", "--komi", "2.5", "go/game.sgf").stdout
    converted = invoke("convert", "--to", "diagram", "go")
    assert "komi 30" in converted.stdout and "komi 7.5" in converted.stdout
    scored = invoke("score", "go/game.sgf", "go/other.sgf").stdout
    assert "komi 30;" in scored and "komi 7.5;" in scored and "DISAGREES" in scored


#: (top-level key and value, the same in an entry, what the message says after where it is)
BAD = [
    ('komi = "x"', "komi must be a number, not a string"),
    ("komi = inf", "komi: inf is not a finite number"),
    ('rules = "nope"', "rules: 'nope' is not one of 'fide', "),
    ('ko = "superko"', "ko: 'superko' is not one of 'simple', 'positional', 'situational'"),
    ("repetition = -1", "repetition: -1 is not in the range x>=0"),
    ("natural-limit = [1]", "natural-limit must be a single value, not list"),
    ('lang = "zz"', "lang: unknown language 'zz'; use one of "),
    ("kommi = 6.5", "unknown key 'kommi'; did you mean 'komi'?"),
    (
        'dead-from = "gnugo"',
        "dead-from runs a program (GNU Go) and may not be set in a project's configuration",
    ),
]


@pytest.mark.parametrize(("setting", "message"), BAD)
def test_a_bad_entry_is_said_as_the_same_key_at_the_top(project: Path, setting: str, message: str) -> None:
    config = project / "kifu.toml"
    for text, where in (
        (f"{setting}\n", f"{config}: "),
        (f'per-file-settings = {{"old/" = {{{setting}}}}}\n', f"{config}: per-file-settings 'old/': "),
    ):
        config.write_text(text)
        for command in (["check", "old"], ["config", "old/a.pgn"]):
            result = invoke(*command)
            assert result.exit_code == 2, result.output
            assert f"Error: {where}{message}" in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("per-file-settings = 3", 'per-file-settings must be a table: {"old/*.pgn" = {rules = "fide-2009"}}'),
        ('per-file-settings = {"old/" = 3}', "per-file-settings 'old/' must be a table of settings"),
        (
            'per-file-settings = {"[z-a]" = {komi = 1}}',
            "per-file-settings: '[z-a]' is not a gitignore pattern",
        ),
        # a key of the file that is no rule of a record
        (
            'per-file-settings = {"old/" = {fail-on = "info"}}',
            "per-file-settings 'old/': unknown key 'fail-on'; the keys are: abridged,",
        ),
    ],
)
def test_a_table_that_means_nothing_is_an_error(project: Path, text: str, message: str) -> None:
    (project / "kifu.toml").write_text(text + "\n")
    result = invoke("check", ".")
    assert result.exit_code == 2 and f"{project / 'kifu.toml'}: {message}" in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("old/", "'old/' is not PATTERN:KEY=VALUE[,KEY=VALUE…]"),
        ("old/:kommi=6.5", "'old/:kommi=6.5': unknown key 'kommi'; did you mean 'komi'?"),
        ("old/:komi=x", "komi: 'x' is not a valid float."),
        ("old/:rules=nope", "rules: 'nope' is not one of 'fide', "),
        ("old/:lang=zz", "lang: unknown language 'zz'"),
        ("[z-a]:komi=1", "'[z-a]' is not a gitignore pattern"),
    ],
)
def test_a_bad_command_line_entry_is_a_usage_error(project: Path, entry: str, message: str) -> None:
    result = invoke("check", "--per-file-settings", entry, ".")
    assert result.exit_code == 2 and "Invalid value for --per-file-settings: " + message in result.stderr


def test_an_entry_of_the_command_line_sets_several_keys(project: Path) -> None:
    (project / "x.sgf").write_bytes(GO.read_bytes())
    entry = "x.sgf:komi=6.5,dead=D4,Q16,rules=japanese"
    result = invoke("config", "--format", "json", "--per-file-settings", entry, "x.sgf")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["file"]["per-file-settings"] == {"komi": 6.5, "dead": "D4,Q16", "rules": "japanese"}
    assert document["settings"]["komi"] == {"value": 6.5, "source": "command line: per-file-settings 'x.sgf'"}


def test_the_users_own_file_may_set_what_a_projects_may_not(project: Path) -> None:
    (project / "x.sgf").write_bytes(GO.read_bytes())
    (project / "kifu.toml").unlink()
    user = project / "home" / "kifu" / "kifu.toml"
    user.parent.mkdir(parents=True)
    user.write_text('per-file-settings = {"*.sgf" = {dead-from = "gnugo"}}\n')
    result = invoke("config", "--format", "json", "x.sgf")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["file"]["per-file-settings"] == {"dead-from": "gnugo"}
    # the user's file is not quoted: its pattern neither
    user.write_text('per-file-settings = {"secret/*.sgf" = {komi = "x"}}\n')
    result = invoke("config", "x.sgf")
    assert result.exit_code == 2 and "secret" not in result.stderr
    assert f"{user}: per-file-settings: komi must be a number, not a string" in result.stderr


def test_a_file_of_the_users_folder_that_a_project_extends_may_not_run_a_program(project: Path) -> None:
    base = project / "home" / "kifu" / "base.toml"
    base.parent.mkdir(parents=True)
    base.write_text('per-file-settings = {"*.sgf" = {dead-from = "gnugo"}}\n')
    (project / "kifu.toml").write_text(f'extend = "{base}"\n')
    result = invoke("check", ".")
    assert result.exit_code == 2 and "dead-from runs a program (GNU Go) and may not be set" in result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_settings_of_each_file_reach_the_workers(project: Path, jobs: str) -> None:
    (project / "go").mkdir()
    for name in ("a", "b", "c", "d"):
        (project / "go" / f"{name}.sgf").write_bytes(GO.read_bytes())
    (project / "kifu.toml").write_text('per-file-settings = {"go/[ac].sgf" = {komi = 100}}\n')
    # small files go to a worker together: only those under the same settings
    result = invoke("check", "--format", "json", "-j", jobs, "--select", "GO", "go")
    document = json.loads(result.stdout)
    wrong = {Path(e["path"]).name for e in document["files"] if any(r["findings"] for r in e["records"])}
    assert wrong == {"a.sgf", "c.sgf"}
