"""Configuration: the closest kifu.toml, .kifu.toml or [tool.kifu] of pyproject.toml, found
upwards from each file; every key; the command line over the file; `extend`; `kifu config`;
unknown keys are errors."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.commands.check import check
from kifu.commands.options import PRIVILEGED, option_key

ILLEGAL = "1. e4 e5 2. Ke3 *\n"  # PGN009 (warning: no tags) and CHESS101 (error)
KEYS = [key for param in check.params if (key := option_key(param)) is not None]

#: key → (pyproject.toml value, kifu.toml value, command line, what `kifu config` shows for each)
SAMPLES: dict[str, tuple[str, str, list[str], tuple[str, str, str]]] = {
    "game": ('"chess"', '"go"', ["--game", "xiangqi"], ('"chess"', '"go"', '"xiangqi"')),
    "rules": ('"fide"', '"cxa"', ["--rules", "chinese"], ('"fide"', '"cxa"', '"chinese"')),
    "repetition": ("3", "4", ["--repetition", "5"], ("3", "4", "5")),
    "natural-limit": ("50", "60", ["--natural-limit", "70"], ("50", "60", "70")),
    "natural-limit-checks": ("8", "9", ["--natural-limit-checks", "10"], ("8", "9", "10")),
    "abridged": (
        '"advance"',
        '"traverse"',
        ["--abridged", "advance"],
        ('"advance"', '"traverse"', '"advance"'),
    ),
    "komi": ("5.5", "6.5", ["--komi", "7.5"], ("5.5", "6.5", "7.5")),
    "dead": ('"D4"', '"E5"', ["--dead", "dd"], ('"D4"', '"E5"', '"dd"')),
    "dead-from": ('"gnugo"', '"gnugo"', ["--dead-from", "gnugo"], ('"gnugo"', '"gnugo"', '"gnugo"')),
    "ko": (
        '"simple"',
        '"positional"',
        ["--ko", "situational"],
        ('"simple"', '"positional"', '"situational"'),
    ),
    "lang": ('"de"', '"fr"', ["--lang", "es"], ('"de"', '"fr"', '"es"')),
    "format": ('"json"', '"sarif"', ["--format", "junit"], ('"json"', '"sarif"', '"junit"')),
    "fail-on": ('"warning"', '"info"', ["--fail-on", "error"], ('"warning"', '"info"', '"error"')),
    "exit-zero": ("true", "false", ["--exit-zero"], ("true", "false", "true")),
    "max-boards": ("5", '"1,2"', ["--max-boards", "0"], ('"5,200"', '"1,2"', '"0,200"')),
    "verbose": ("true", "false", ["-v"], ("true", "false", "true")),
    "quiet": ("true", "false", ["-q"], ("true", "false", "true")),
    "statistics": ("true", "false", ["--statistics"], ("true", "false", "true")),
    "strict": ("true", "false", ["--strict"], ("true", "false", "true")),
    "color": ('"always"', '"never"', ["--color", "auto"], ('"always"', '"never"', '"auto"')),
    "jobs": ("1", "2", ["-j", "3"], ("1", "2", "3")),
    "executor": ('"dask"', '"local"', ["--executor", "dask"], ('"dask"', '"local"', '"dask"')),
    "scheduler": (
        '"tcp://a:1"',
        '"tcp://b:2"',
        ["--scheduler", "tcp://c:3"],
        ('"tcp://a:1"', '"tcp://b:2"', '"tcp://c:3"'),
    ),
    "include": ('["*.pgn"]', '["*.sgf"]', ["--include", "*.xqf"], ('["*.pgn"]', '["*.sgf"]', '["*.xqf"]')),
    "exclude": ('["a/"]', '["b/"]', ["--exclude", "c/"], ('["a/"]', '["b/"]', '["c/"]')),
    "extend-exclude": ('["a/"]', '["b/"]', ["--extend-exclude", "c/"], ('["a/"]', '["b/"]', '["c/"]')),
    "respect-gitignore": ("false", "true", ["--no-respect-gitignore"], ("false", "true", "false")),
    "force-exclude": ("true", "false", ["--force-exclude"], ("true", "false", "true")),
    "insecure-scheduler": ("true", "false", ["--insecure-scheduler"], ("true", "false", "true")),
    "connect-timeout": ("5", "2.5", ["--connect-timeout", "1"], ("5.0", "2.5", "1.0")),
    "dashboard": ("true", "false", ["--dashboard"], ("true", "false", "true")),
    "max-decompressed": ('"1M"', '"2G"', ["--max-decompressed", "0"], ('"1M"', '"2G"', "0")),
    "max-record": ("1000", '"16M"', ["--max-record", "2k"], ("1000", '"16M"', '"2K"')),
    "max-depth": ("10", "20", ["--max-depth", "30"], ("10", "20", "30")),
    "max-nodes": ("10", "20", ["--max-nodes", "30"], ("10", "20", "30")),
    "max-items": ("10", "20", ["--max-items", "30"], ("10", "20", "30")),
    "max-moves": ("10", "20", ["--max-moves", "30"], ("10", "20", "30")),
    "fix": ("true", "false", ["--fix"], ("true", "false", "true")),
    "unsafe-fixes": ("true", "false", ["--unsafe-fixes"], ("true", "false", "true")),
    "fix-comments": ("false", "true", ["--no-fix-comments"], ("false", "true", "false")),
    "unfixable": ('["PGN0"]', '["CHESS1"]', ["--unfixable", "GO2"], ('["PGN0"]', '["CHESS1"]', '["GO2"]')),
    "extend-safe-fixes": (
        '["PGN0"]',
        '["CHESS1"]',
        ["--extend-safe-fixes", "GO2"],
        ('["PGN0"]', '["CHESS1"]', '["GO2"]'),
    ),
}
#: the rule-selection keys combine in layers (a file, the file it extends, the command line):
#: key → (extended file's value, extending file's, command line, what `kifu config` shows of all)
LAYERED_SAMPLES: dict[str, tuple[str, str, list[str], str]] = {
    "select": ('["PGN"]', '["CHESS"]', ["--select", "GO"], '["GO"]'),
    "extend-select": ('["PGN"]', '["CHESS"]', ["--extend-select", "GO"], '["PGN", "CHESS", "GO"]'),
    "ignore": ('["PGN0"]', '["CHESS1"]', ["--ignore", "GO2"], '["PGN0", "CHESS1", "GO2"]'),
    "per-file-ignores": (
        '{"a/*" = ["PGN"]}',
        '{"b/" = "CHESS1", "a/*" = "GO"}',
        ["--per-file-ignores", "c.pgn:GO"],
        '{"a/*" = ["PGN", "GO"], "b/" = ["CHESS1"], "c.pgn" = ["GO"]}',
    ),
    "per-file-settings": (
        '{"a/*" = {komi = 6.5}}',
        '{"b/" = {rules = "japanese"}, "a/*" = {ko = "simple"}}',
        ["--per-file-settings", "c.pgn:komi=5"],
        '{"a/*" = {"komi" = 6.5, "ko" = "simple"}, "b/" = {"rules" = "japanese"}, "c.pgn" = {"komi" = 5.0}}',
    ),
    "severity": (
        '{PGN009 = "info", GO101 = "error"}',
        '{CHESS101 = "warning"}',
        ["--severity", "GO101=info"],
        '{"PGN009" = "info", "GO101" = "info", "CHESS101" = "warning"}',
    ),
}


def invoke(*args: str) -> click.testing.Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def settings(*args: str) -> dict[str, list[tuple[str, str]]]:
    """`kifu config`'s lines as key → [(value, origin)] (value ``""``: a key that is not set)."""
    result = invoke("config", *args)
    assert result.exit_code == 0, result.output
    shown: dict[str, list[tuple[str, str]]] = {}
    for line in result.stdout.splitlines():
        setting, _, origin = line.partition("  # ")
        if setting.startswith("# ") and setting.rstrip().endswith(" is not set"):
            key, value = setting[2:].rstrip().removesuffix(" is not set"), ""
        elif setting.startswith("#"):
            continue
        else:
            key, _, value = setting.partition(" = ")
        assert key not in shown, f"{key} shown twice"
        shown[key] = [(value.strip(), origin.strip())]
    return shown


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with a subdirectory to run from (configuration is found upwards)."""
    (tmp_path / "games").mkdir()
    monkeypatch.chdir(tmp_path / "games")
    return tmp_path


def write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def test_the_samples_cover_every_option_of_check() -> None:
    assert sorted(KEYS) == sorted([*SAMPLES, *LAYERED_SAMPLES, "recursive"])


def test_kifu_config_says_what_applies_not_what_is_written(project: Path) -> None:
    # recursive changes nothing: folders are walked whatever a file or -r says
    write(project / "kifu.toml", "recursive = false\n")
    always = [("true", "always: folders are walked (the key is kept for older files)")]
    assert settings()["recursive"] == always and settings("-r")["recursive"] == always
    shown = settings()
    # a limit not set is the limit that applies; another key not set says what applies instead
    assert shown["max-record"] == [('"16M"', "default")] and shown["max-depth"] == [("1000", "default")]
    assert shown["komi"] == [("", "default: the record's KM")]
    assert shown["select"] == [("", "default: every code")]


def test_without_files_everything_is_a_default(project: Path) -> None:
    shown = settings()
    assert sorted(shown) == sorted(KEYS)
    assert all(origin.startswith(("default", "always")) for rows in shown.values() for _, origin in rows)
    assert shown["fail-on"] == [('"error"', "default")]


@pytest.mark.parametrize("key", sorted(set(SAMPLES) - set(PRIVILEGED)))
def test_every_key_command_line_over_the_closest_file(project: Path, key: str) -> None:
    low, high, command_line, (shown_low, shown_high, shown_cli) = SAMPLES[key]
    pyproject = project / "pyproject.toml"
    write(pyproject, f"[project]\nname = 'x'\n\n[tool.kifu]\n{key} = {low}\n")
    assert settings()[key] == [(shown_low, f"{pyproject} [tool.kifu]")]
    write(project / "games" / "kifu.toml", f"{key} = {high}\n")
    assert settings()[key] == [(shown_high, str(project / "games" / "kifu.toml"))]
    if key != "format":  # `kifu config --format` is how it prints, not check's --format
        assert settings(*command_line)[key] == [(shown_cli, "command line")]


@pytest.mark.parametrize("key", sorted(PRIVILEGED))
def test_privileged_keys_command_line_over_user_config(
    project: Path, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    low, _, command_line, (shown_low, _, shown_cli) = SAMPLES[key]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(project / "home"))
    user = project / "home" / "kifu" / "kifu.toml"
    user.parent.mkdir(parents=True)
    write(user, f"{key} = {low}\n")
    assert settings()[key] == [(shown_low, str(user))]
    assert settings(*command_line)[key] == [(shown_cli, "command line")]


@pytest.mark.parametrize("key", sorted(LAYERED_SAMPLES))
def test_every_selection_key_is_layered_once(project: Path, key: str) -> None:
    low, high, command_line, shown = LAYERED_SAMPLES[key]
    pyproject = project / "pyproject.toml"
    write(pyproject, f"[tool.kifu]\n{key} = {low}\n")
    write(project / "kifu.toml", f'extend = "pyproject.toml"\n{key} = {high}\n')
    origins = f"{pyproject} [tool.kifu] + {project / 'kifu.toml'} + command line"
    if key == "select":  # the last select starts afresh
        origins = "command line"
    assert settings(*command_line)[key] == [(shown, origins)]


def test_configuration_changes_what_check_does(project: Path) -> None:
    write(project / "games" / "round.pgn", ILLEGAL)
    (project / "games" / "drafts").mkdir()
    write(project / "games" / "drafts" / "draft.pgn", ILLEGAL)
    write(
        project / "pyproject.toml",
        '[tool.kifu]\nrecursive = true\nformat = "json"\nquiet = true\nignore = ["PGN0"]\n'
        'per-file-ignores = {"drafts/" = ["CHESS1"]}\n',
    )
    result = invoke("check", ".")
    document = json.loads(result.stdout)
    assert result.exit_code == 1 and result.stderr == ""
    assert document["summary"]["ignored"] == 3 and document["summary"]["codes"] == {"CHESS101": 1}
    extend = 'extend = "pyproject.toml"\n'  # kifu.toml is closer: it wins, and takes pyproject's below it
    write(project / "kifu.toml", extend + 'severity = {CHESS101 = "warning"}\nfail-on = "warning"\n')
    assert invoke("check", ".").exit_code == 1
    assert invoke("check", "--fail-on", "error", ".").exit_code == 0
    write(project / "kifu.toml", extend + "exit-zero = true\nexclude = []\n")
    assert invoke("check", ".").exit_code == 0
    write(project / "kifu.toml", extend + 'exclude = ["drafts/"]\nselect = ["CHESS"]\n')
    document = json.loads(invoke("check", ".").stdout)
    assert [Path(f["path"]).name for f in document["files"]] == ["round.pgn"]
    assert document["summary"]["ignored_codes"] == {"PGN009": 1}
    # the command line's --ignore adds to the files' layers; its --select starts afresh
    assert json.loads(invoke("check", "--select", "PGN", ".").stdout)["summary"]["codes"] == {"PGN009": 1}


def test_the_nearest_files_are_read(project: Path) -> None:
    write(project / "kifu.toml", 'fail-on = "info"\n')
    write(project / "games" / "pyproject.toml", "[project]\nname = 'x'\n")  # no [tool.kifu]: skipped
    assert settings()["fail-on"] == [('"info"', str(project / "kifu.toml"))]
    (project / "games" / "deeper").mkdir()
    write(project / "games" / "deeper" / "kifu.toml", 'fail-on = "warning"\n')
    assert settings()["fail-on"] == [('"info"', str(project / "kifu.toml"))]  # not below the cwd


def test_config_and_isolated_options(project: Path) -> None:
    write(project / "kifu.toml", 'fail-on = "info"\n')
    other = project / "other.toml"
    write(other, 'fail-on = "warning"\n')
    assert settings("--config", str(other))["fail-on"] == [('"warning"', str(other))]
    assert settings("--isolated")["fail-on"] == [('"error"', "default")]
    write(project / "games" / "pyproject.toml", "[project]\nname = 'x'\n")
    result = invoke("config", "--config", str(project / "games" / "pyproject.toml"))
    assert result.exit_code == 2 and "has no [tool.kifu] table" in result.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fail_on = 'info'\n", "unknown key 'fail_on'; did you mean 'fail-on'?"),
        ("colour = 'never'\n", "unknown key 'colour'; did you mean 'color'?"),
        ("zzz = 1\n", "unknown key 'zzz'; the keys are: abridged, color,"),
        ("fail-on = 'fatal'\n", "fail-on: 'fatal' is not one of 'error', 'warning', 'info'"),
        ("jobs = -1\n", "jobs: -1 is not in the range 0<=x<=4096"),
        ("ignore = ['CHES1']\n", "'CHES1' is no finding code nor the prefix of one"),
        ("recursive = 'yes'\n", "recursive must be true or false"),
        ("include = 3\n", "include must be a list of strings"),
        ("per-file-ignores = ['a:B']\n", "per-file-ignores must be a table"),
        ("fail-on = \n", "is not valid TOML"),
        ("max-record = '" + "9" * 5000 + "'\n", "is not a size such as 512M, 2G or 0"),  # (int() refuses)
    ],
)
def test_bad_files_are_usage_errors_naming_the_key(project: Path, text: str, message: str) -> None:
    write(project / "kifu.toml", text)
    for command in (["config"], ["check", "x.pgn"]):
        result = invoke(*command)
        assert result.exit_code == 2, result.output
        assert str(project / "kifu.toml") in result.stderr and message in " ".join(result.stderr.split())


def test_config_in_pyproject_must_be_a_table(project: Path) -> None:
    write(project / "pyproject.toml", "[tool]\nkifu = 3\n")
    result = invoke("config")
    assert result.exit_code == 2 and "[tool.kifu] must be a table" in result.stderr
