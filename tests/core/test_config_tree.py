"""Configuration as ruff finds it: the file closest to each record applies to it (not the working
directory's), one file wins, `extend` inherits, `--config` and `--isolated` override; `kifu
config` prints valid TOML or JSON, for a FILE too; convert, show and standings take the same
settings."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from kifu.app import cli
from kifu.commands.options import PRIVILEGED

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
ILLEGAL = "1. e4 e5 2. Ke3 *\n"  # PGN009 (warning: no tags) and CHESS101 (error)
SPANISH = '[Result "*"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *\n'  # Spanish piece letters
GO = ROOT / "fixtures/go/good/9x9-even-two-passes.sgf"  # KM[7.5], W+16.5 by the count


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def codes(result: Result) -> dict[str, list[str]]:
    """The codes of `kifu check --format json`'s output, by file name."""
    document = json.loads(result.stdout)
    return {
        Path(entry["path"]).name: sorted(
            {f["code"] for f in entry["findings"]}
            | {f["code"] for record in entry["records"] for f in record["findings"]}
        )
        for entry in document["files"]
    }


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """archive/{kifu.toml, a/{kifu.toml, x.pgn}, b/{.kifu.toml, y.pgn}, c/z.pgn} under a git root,
    the user's configuration out of the way, run from outside the archive."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    (tmp_path / ".git").mkdir()
    archive = tmp_path / "archive"
    for folder in ("a", "b", "c"):
        (archive / folder).mkdir(parents=True)
    (archive / "a" / "x.pgn").write_text(ILLEGAL)
    (archive / "b" / "y.pgn").write_text(ILLEGAL)
    (archive / "c" / "z.pgn").write_text(ILLEGAL)
    (archive / "kifu.toml").write_text('format = "json"\nignore = ["PGN009"]\n')
    (archive / "a" / "kifu.toml").write_text('ignore = ["CHESS"]\n')
    (archive / "b" / ".kifu.toml").write_text('select = ["PGN"]\n')
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    return archive


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_file_takes_its_closest_configuration(tree: Path, jobs: str) -> None:
    result = invoke("check", "--format", "json", "-j", jobs, str(tree))
    # a: its own file (ignore CHESS), not merged with archive's (which ignores PGN009);
    # b: .kifu.toml (select PGN); c: archive/kifu.toml
    assert codes(result) == {"x.pgn": ["PGN009"], "y.pgn": ["PGN009"], "z.pgn": ["CHESS101"]}
    assert result.exit_code == 1  # z.pgn's CHESS101


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_rules_options_of_each_file_reach_the_workers(tree: Path, jobs: str) -> None:
    for folder, komi in (("a", "100"), ("c", "7.5")):
        (tree / folder / "kifu.toml").write_text(f"komi = {komi}\n")
    (tree / "b" / ".kifu.toml").write_text("komi = 100\n")
    for folder in ("a", "b", "c"):
        (tree / folder / "game.sgf").write_bytes(GO.read_bytes())
    # small files go to a worker together: only those under one configuration
    document = json.loads(invoke("check", "--format", "json", "-j", jobs, "--select", "GO", str(tree)).stdout)
    wrong = {
        Path(e["path"]).parent.name for e in document["files"] if any(r["findings"] for r in e["records"])
    }
    assert wrong == {"a", "b"}


def test_a_folder_applies_its_configuration_from_anywhere(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outside = invoke("check", "--format", "json", str(tree / "c"))
    monkeypatch.chdir(tree / "c")
    inside = invoke("check", "--format", "json", ".")
    assert codes(outside) == codes(inside) == {"z.pgn": ["CHESS101"]}


def test_the_run_settings_are_the_current_directorys(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # format is the run's (the working directory's configuration), not a file's
    assert invoke("check", str(tree)).stdout.startswith(str(tree))  # text
    monkeypatch.chdir(tree)
    assert json.loads(invoke("check", ".").stdout)["files"]


def test_kifu_toml_wins_over_pyproject_in_one_folder_and_they_are_not_merged(tree: Path) -> None:
    (tree / "c" / "pyproject.toml").write_text('[tool.kifu]\nignore = ["CHESS"]\n')
    (tree / "c" / "kifu.toml").write_text('severity = {CHESS101 = "info"}\n')
    result = invoke("check", "--format", "json", str(tree / "c"))
    # neither pyproject's ignore nor archive's ignore of PGN009: kifu.toml alone
    assert codes(result) == {"z.pgn": ["CHESS101", "PGN009"]} and result.exit_code == 0


def test_isolated_reads_no_configuration(tree: Path) -> None:
    result = invoke("check", "--format", "json", "--isolated", str(tree))
    assert all(value == ["CHESS101", "PGN009"] for value in codes(result).values())
    shown = json.loads(invoke("config", "--isolated", "--format", "json", str(tree / "a" / "x.pgn")).stdout)
    assert shown["configuration"] == [] and shown["settings"]["ignore"] == {"value": [], "source": "default"}


def test_config_applies_one_file_to_every_record(tree: Path) -> None:
    chosen = tree.parent / "chosen.toml"
    chosen.write_text('ignore = ["PGN"]\n')
    result = invoke("check", "--format", "json", "--config", str(chosen), str(tree))
    assert codes(result) == {"x.pgn": ["CHESS101"], "y.pgn": ["CHESS101"], "z.pgn": ["CHESS101"]}


def test_extend_inherits_below_the_files_own_keys(tree: Path) -> None:
    (tree / "a" / "kifu.toml").write_text('extend = "../kifu.toml"\nignore = ["CHESS"]\n')
    result = invoke("check", "--format", "json", str(tree / "a"))  # ../kifu.toml ignores PGN009
    assert codes(result) == {"x.pgn": []} and result.exit_code == 0
    shown = tomllib.loads(invoke("config", str(tree / "a" / "x.pgn")).stdout)
    assert shown["ignore"] == ["PGN009", "CHESS"] and shown["format"] == "json"


def test_an_extend_cycle_is_a_configuration_error(tree: Path) -> None:
    (tree / "a" / "kifu.toml").write_text('extend = "../b/.kifu.toml"\n')
    (tree / "b" / ".kifu.toml").write_text('extend = "../a/kifu.toml"\n')
    for command in (["check", str(tree)], ["config", str(tree / "a")]):
        result = invoke(*command)
        assert (result.exit_code, result.stdout) == (2, "")
        assert "extend makes a cycle" in result.stderr and str(tree / "a" / "kifu.toml") in result.stderr
    (tree / "b" / ".kifu.toml").write_text('extend = "missing.toml"\n')
    result = invoke("check", str(tree / "b"))
    assert (
        result.exit_code == 2
        and f"no such configuration file: {tree / 'b' / 'missing.toml'}" in result.stderr
    )
    os.mkfifo(tree / "b" / "fifo.toml")  # refused, never opened (opening it would wait for a writer)
    (tree / "b" / ".kifu.toml").write_text('extend = "fifo.toml"\n')
    result = invoke("check", str(tree / "b"))
    assert result.exit_code == 2 and f"not a regular file: {tree / 'b' / 'fifo.toml'}" in result.stderr


def test_kifu_config_is_valid_toml_that_reads_back(tree: Path) -> None:
    (tree / "c" / "kifu.toml").write_text(
        'komi = 6.5\nignore = "PGN0"\nper-file-ignores = {"drafts/*" = ["CHESS1"]}\n'
        'severity = {PGN009 = "info"}\n'
    )
    result = invoke("config", "--ignore", "CHESS", str(tree / "c" / "z.pgn"))
    assert result.exit_code == 0 and "none" not in result.stdout
    shown = tomllib.loads(result.stdout)
    assert shown["ignore"] == ["PGN0", "CHESS"]  # once, as the layers make it
    assert shown["komi"] == 6.5 and "rules" not in shown and "select" not in shown  # unset: comments
    assert shown["per-file-ignores"] == {"drafts/*": ["CHESS1"]} and shown["severity"] == {"PGN009": "info"}
    assert f"# configuration files: {tree / 'c' / 'kifu.toml'}" in result.stdout
    assert "# rules is not set" in result.stdout
    # what it prints is a kifu.toml that gives the same settings (but the keys a project's file
    # may not set: executor, dashboard, fix …)
    privileged = tuple(f"{key} =" for key in PRIVILEGED)
    text = "".join(line for line in result.stdout.splitlines(True) if not line.startswith(privileged))
    (tree / "c" / "kifu.toml").write_text(text)
    again = invoke("config", str(tree / "c" / "z.pgn"))
    assert again.exit_code == 0, again.stderr

    def unprivileged(settings: dict[str, object]) -> dict[str, object]:
        return {key: value for key, value in settings.items() if key not in PRIVILEGED}

    assert unprivileged(tomllib.loads(again.stdout)) == unprivileged(shown)


def test_kifu_config_file_says_which_file_applies(tree: Path) -> None:
    for name, origin in (("a/x.pgn", "a/kifu.toml"), ("b/y.pgn", "b/.kifu.toml"), ("c/z.pgn", "kifu.toml")):
        text = invoke("config", str(tree / name)).stdout
        assert f"# configuration files: {tree / origin}\n" in text
        document = json.loads(invoke("config", "--format", "json", str(tree / name)).stdout)
        assert document["configuration"] == [str(tree / origin)]
        assert document["path"] == str(tree / name)
    document = json.loads(invoke("config", "--format", "json", str(tree / "a" / "x.pgn")).stdout)
    assert document["settings"]["ignore"] == {"value": ["CHESS"], "source": str(tree / "a" / "kifu.toml")}
    assert document["settings"]["komi"] == {"value": None, "source": "default: the record's KM"}
    assert document["settings"]["format"] == {"value": "text", "source": "default"}  # not archive's
    missing = invoke("config", str(tree / "nope.pgn"))
    assert missing.exit_code == 2 and "no such file or directory" in missing.stderr


def test_convert_takes_the_configuration_of_each_input(tree: Path) -> None:
    (tree / "es").mkdir()
    (tree / "es" / "game.pgn").write_text(SPANISH)
    (tree / "go").mkdir()
    (tree / "go" / "game.sgf").write_bytes(GO.read_bytes())
    assert invoke("convert", "--to", "uci", str(tree / "es")).exit_code == 0  # Spanish, detected
    # lang is how the input is read, in convert as in check (the output's letters: --write-lang)
    (tree / "es" / "kifu.toml").write_text('lang = "de"\n')
    assert invoke("convert", "--to", "uci", str(tree / "es")).exit_code == 1
    assert invoke("convert", "--isolated", "--to", "uci", str(tree / "es")).exit_code == 0
    assert invoke("convert", "--lang", "es", "--to", "uci", str(tree / "es")).exit_code == 0
    (tree / "go" / "kifu.toml").write_text("komi = 0.5\n")
    both = invoke("convert", "--to", "diagram", str(tree / "go"), str(GO))
    assert both.exit_code == 0 and "komi 0.5" in both.stdout and "komi 7.5" in both.stdout


def test_show_takes_the_configuration_of_its_file(tree: Path) -> None:
    (tree / "go").mkdir()
    (tree / "go" / "game.sgf").write_bytes(GO.read_bytes())
    assert "komi 7.5" in invoke("show", "--territory", str(tree / "go" / "game.sgf")).stdout
    (tree / "go" / "kifu.toml").write_text("komi = 0.5\n")
    assert "komi 0.5" in invoke("show", "--territory", str(tree / "go" / "game.sgf")).stdout
    assert "komi 2.5" in invoke("show", "--territory", "--komi", "2.5", str(tree / "go" / "game.sgf")).stdout
    assert "komi 7.5" in invoke("show", "--territory", "--isolated", str(tree / "go" / "game.sgf")).stdout


def test_standings_take_the_configuration_of_each_record(tree: Path) -> None:
    (tree / "go").mkdir()
    (tree / "go" / "game.sgf").write_bytes(GO.read_bytes())
    said = "declared 0-1, the rules say"
    assert said not in invoke("standings", str(tree / "go")).stderr
    (tree / "go" / "kifu.toml").write_text("komi = 100\n")
    assert said in invoke("standings", str(tree / "go")).stderr
    assert said not in invoke("standings", "--isolated", str(tree / "go")).stderr
    (tree / "go" / "kifu.toml").write_text("komi = 'x'\n")
    result = invoke("standings", str(tree / "go"))
    assert result.exit_code == 2 and "komi must be a number" in result.stderr


def test_score_walks_folders_with_the_configuration_of_each_file(tree: Path) -> None:
    (tree / "go").mkdir()
    (tree / "go" / "game.sgf").write_bytes(GO.read_bytes())
    (tree / "go" / "notes.txt").write_text("not a game\n")
    result = invoke("score", str(tree / "go"))
    assert result.exit_code == 0 and "komi 7.5" in result.stdout and "notes" not in result.stdout
    (tree / "go" / "kifu.toml").write_text('komi = 0.5\nrules = "cxa"\n')  # cxa: not Go's, not taken
    result = invoke("score", str(tree / "go"))
    assert result.exit_code == 1 and "komi 0.5" in result.stdout and "DISAGREES" in result.stdout
    assert "komi 7.5" in invoke("score", "--isolated", str(tree / "go")).stdout
    empty = invoke("score", str(tree / "c"))
    assert empty.exit_code == 0 and "kifu: warning: no SGF files found under" in empty.stderr


def test_a_folder_reached_through_a_link_takes_the_configuration_of_its_real_place(tree: Path) -> None:
    link = tree.parent / "elsewhere" / "link"
    link.symlink_to(tree / "a", target_is_directory=True)
    assert codes(invoke("check", "--format", "json", str(link))) == {"x.pgn": ["PGN009"]}  # a's file


def test_a_sub_folders_configuration_chooses_the_files_under_it_in_a_walk(tree: Path) -> None:
    for folder in ("a/drafts", "b/drafts"):
        (tree / folder).mkdir()
        (tree / folder / "d.pgn").write_text(ILLEGAL)
    (tree / "a" / "old.pgn").write_text(ILLEGAL)
    # a's patterns are relative to a/, as ruff matches a configuration's: /x.pgn is a/x.pgn
    (tree / "a" / "kifu.toml").write_text('exclude = ["drafts/", "/x.pgn"]\nextend-exclude = ["old.pgn"]\n')
    document = json.loads(invoke("check", "--format", "json", str(tree)).stdout)
    walked = sorted(str(Path(entry["path"]).relative_to(tree)) for entry in document["files"])
    assert walked == ["b/drafts/d.pgn", "b/y.pgn", "c/z.pgn"]
    # the command line's --exclude replaces every file's exclude (anchored at the working
    # directory); a's extend-exclude still applies, anchored at a/
    document = json.loads(invoke("check", "--format", "json", "--exclude", "c/", str(tree)).stdout)
    walked = sorted(str(Path(entry["path"]).relative_to(tree)) for entry in document["files"])
    assert walked == ["a/drafts/d.pgn", "a/x.pgn", "b/drafts/d.pgn", "b/y.pgn"]


def test_a_sub_folders_file_may_not_set_a_privileged_key(tree: Path) -> None:
    (tree / "c" / "kifu.toml").write_text('executor = "dask"\n')
    for command in (["check", str(tree)], ["convert", "--to", "uci", str(tree / "c")]):
        result = invoke(*command)
        assert (result.exit_code, result.stdout) == (2, "")
        assert f"{tree / 'c' / 'kifu.toml'}: executor sends records to a Dask cluster" in result.stderr
