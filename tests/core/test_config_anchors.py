"""Configuration anchored as ruff anchors it (issue 47): every path pattern of a configuration file
(exclude, extend-exclude, per-file-ignores, per-file-settings) is relative to the folder of the file
that declares it,
the command line's to the working directory; so the findings on a file, and the files checked,
are the same whether kifu is given `.`, a folder above the file or the file itself, from any
working directory, and the settings of the file closest to a record (here severity) apply alike."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

#: two games without tags (PGN009, a warning): an illegal move (CHESS101, an error), then a fivefold
#: repetition before a mate (CHESS201 and CHESS202: warnings by default, since no date says which
#: FIDE Laws apply; errors under fide-2014, none under fide-2009, which has no fivefold rule)
RECORDS = (
    "1. e4 e5 2. Ke3 *\n\n"
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
    "9. f3 e5 10. g4 Qh4# 0-1\n"
)
#: the findings on :data:`RECORDS` with no configuration
DEFAULT = [("CHESS101", "error"), ("CHESS201", "warning"), ("CHESS202", "warning"), ("PGN009", "warning")]
#: ... under rules = "fide-2014"
FIDE_2014 = [("CHESS101", "error"), ("CHESS201", "error"), ("CHESS202", "error"), ("PGN009", "warning")]
#: ... under rules = "fide-2009"
FIDE_2009 = [("CHESS101", "error"), ("PGN009", "warning")]

#: project/kifu.toml and project/arch/sub/kifu.toml (the closest file applies: sub's files take
#: none of the root's keys); the patterns would match other files if anchored anywhere else
ROOT_CONFIG = """\
force-exclude = true
exclude = ["arch/old/"]
extend-exclude = ["/top-draft.pgn"]
per-file-ignores = {"arch/batch2/*" = ["CHESS1"]}
per-file-settings = {"arch/**/*.pgn" = {rules = "fide-2014"}, "arch/batch2/*" = {rules = "fide-2009"}}
"""
SUB_CONFIG = """\
force-exclude = true
exclude = ["/drafts/"]
per-file-ignores = {"/r1.pgn" = ["PGN009"], "batch2/*" = ["PGN"]}
per-file-settings = {"/r1.pgn" = {rules = "fide-2014"}, "batch2/*" = {rules = "fide-2009"}}
severity = {CHESS101 = "warning"}
"""

#: each record file (relative to the project) → its findings as (code, severity); None: excluded
EXPECTED: dict[str, list[tuple[str, str]] | None] = {
    "top.pgn": DEFAULT,
    "top-draft.pgn": None,  # extend-exclude "/top-draft.pgn", anchored at the project
    "arch/top-draft.pgn": FIDE_2014,  # ... not here; per-file-settings arch/**/*.pgn
    # per-file-ignores arch/batch2/* CHESS1; of the two per-file-settings, the later wins
    "arch/batch2/rules.pgn": [("PGN009", "warning")],
    "arch/old/o.pgn": None,  # exclude arch/old/
    "arch/drafts/d.pgn": FIDE_2014,  # sub's /drafts/ is not here
    # sub: /r1.pgn PGN009 and fide-2014, severity
    "arch/sub/r1.pgn": [("CHESS101", "warning"), ("CHESS201", "error"), ("CHESS202", "error")],
    "arch/sub/r2.pgn": [("CHESS101", "warning"), *DEFAULT[1:]],
    "arch/sub/drafts/d.pgn": None,  # sub: /drafts/
    # sub: batch2/* PGN and fide-2009 (root's arch/batch2/* and arch/**/*.pgn not)
    "arch/sub/batch2/b.pgn": [("CHESS101", "warning")],
    "arch/sub/old/o.pgn": [("CHESS101", "warning"), *DEFAULT[1:]],  # root's exclude not here
}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    (tmp_path / ".git").mkdir()
    (tmp_path / "elsewhere").mkdir()
    root = tmp_path / "project"
    for name in EXPECTED:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(RECORDS)
    (root / "kifu.toml").write_text(ROOT_CONFIG)
    (root / "arch" / "sub" / "kifu.toml").write_text(SUB_CONFIG)
    return root


def findings(*args: str) -> dict[str, list[tuple[str, str]]]:
    """Each file `kifu check --format json` reports (its real path) with its findings."""
    result = CliRunner().invoke(cli, ["check", "--format", "json", *args], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    document = json.loads(result.stdout)
    return {
        os.path.realpath(entry["path"]): sorted(
            {(f["code"], f["severity"]) for f in entry["findings"]}
            | {(f["code"], f["severity"]) for record in entry["records"] for f in record["findings"]}
        )
        for entry in document["files"]
    }


def expected_under(project: Path, folder: str) -> dict[str, list[tuple[str, str]]]:
    """:data:`EXPECTED` for the files under ``folder`` (relative to the project), by real path."""
    return {
        os.path.realpath(project / name): found
        for name, found in EXPECTED.items()
        if found is not None and (folder == "" or name.startswith(folder + "/"))
    }


#: the working directories (relative to the project's parent) and, from each, the folder that
#: is `.`, a folder above some files, and where the single files are named from
WORKING_DIRECTORIES = {
    "project": ("", "arch"),
    "project/arch/sub": ("arch/sub", "arch/sub/batch2"),
    "elsewhere": ("", "arch/sub"),  # `.` is empty here: the project is named from outside it
}


@pytest.mark.parametrize("cwd", list(WORKING_DIRECTORIES))
def test_the_findings_on_a_file_do_not_depend_on_how_kifu_is_called(
    project: Path, cwd: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = project.parent / cwd
    monkeypatch.chdir(here)
    whole, folder = WORKING_DIRECTORIES[cwd]

    def given(name: str) -> str:  # a path relative to the working directory, as a user types it
        return os.path.relpath(project / name, here) if name else os.path.relpath(project, here)

    # `.` (or, from outside, the project), a folder, and every record file named one by one
    dot = "." if cwd != "elsewhere" else given("")
    assert findings(dot) == expected_under(project, whole)
    assert findings(given(folder)) == expected_under(project, folder)
    named = [given(name) for name in EXPECTED if whole == "" or name.startswith(whole + "/")]
    assert findings(*named) == expected_under(project, whole)


def test_a_named_file_is_checked_without_force_exclude(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project / "arch")
    excluded = [os.path.join("old", "o.pgn"), os.path.join("sub", "drafts", "d.pgn")]
    assert sorted(findings("--no-force-exclude", *excluded)) == sorted(
        os.path.realpath(name) for name in excluded
    )
    assert findings(*excluded) == {}  # force-exclude = true in the files
    # a folder named as it is, excluded by the configuration above it
    assert findings("old") == {}
    assert list(findings("--no-force-exclude", "old")) == [os.path.realpath("old/o.pgn")]


def test_command_line_patterns_are_anchored_at_the_working_directory(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project / "arch")
    # anchored at arch/: arch/drafts/, not arch/sub/drafts/ (which sub's exclude takes anyway)
    assert os.path.realpath("drafts/d.pgn") not in findings("--extend-exclude", "/drafts/", ".")
    ignored = findings("--per-file-ignores", "sub/r2.pgn:CHESS", project.as_posix())
    assert ignored[os.path.realpath("sub/r2.pgn")] == [("PGN009", "warning")]
    monkeypatch.chdir(project)  # the same pattern, from the project: it names no file
    assert findings("--per-file-ignores", "sub/r2.pgn:CHESS", ".") == expected_under(project, "")


def test_an_extended_file_anchors_its_patterns_at_its_own_folder_and_config_at_the_working_directory(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = project / "shared"
    shared.mkdir()
    (shared / "kifu.toml").write_text(
        'per-file-ignores = {"/r2.pgn" = ["CHESS1"]}\n'
        'per-file-settings = {"/r2.pgn" = {rules = "fide-2009"}}\n'
    )
    (project / "arch" / "sub" / "kifu.toml").write_text('extend = "../../shared/kifu.toml"\n')
    monkeypatch.chdir(project)
    r2 = os.path.realpath("arch/sub/r2.pgn")
    # shared/'s /r2.pgn is shared/r2.pgn: not arch/sub/r2.pgn
    assert findings("arch/sub")[r2] == DEFAULT
    (shared / "kifu.toml").write_text(
        'per-file-ignores = {"r2.pgn" = ["PGN"]}\nper-file-settings = {"r2.pgn" = {rules = "fide-2009"}}\n'
    )
    assert findings("arch/sub")[r2] == [("CHESS101", "error")]  # a name matches outside the anchor
    # --config: the working directory's
    monkeypatch.chdir(project / "arch")
    named = findings(
        "--config", str(shared / "kifu.toml"), "--per-file-ignores", "sub/r1.pgn:CHESS,PGN", "sub"
    )
    assert named[r2] == [("CHESS101", "error")] and named[os.path.realpath("sub/r1.pgn")] == []
    (project / "only.toml").write_text(
        'per-file-ignores = {"sub/r1.pgn" = ["CHESS", "PGN"]}\n'
        'per-file-settings = {"sub/r2.pgn" = {rules = "fide-2014"}}\n'
    )
    only = findings("--config", str(project / "only.toml"), "sub")
    assert only[os.path.realpath("sub/r1.pgn")] == [] and only[r2] == FIDE_2014


@pytest.mark.parametrize("cwd", list(WORKING_DIRECTORIES))
def test_kifu_config_file_says_what_applies_to_it_from_anywhere(
    project: Path, cwd: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project.parent / cwd)

    def about(name: str) -> dict[str, object]:
        path = os.path.relpath(project / name)
        result = CliRunner().invoke(cli, ["config", "--format", "json", path], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        document = json.loads(result.stdout)
        text = CliRunner().invoke(cli, ["config", path], catch_exceptions=False).stdout
        line = next(line for line in text.splitlines() if line.startswith("# this file: "))
        file: dict[str, object] = document["file"]
        assert ("taken by a walk" in line) is file["walked"]
        # the settings say what applies to the file, and which entry of per-file-settings says it
        rules = document["settings"]["rules"]
        given = file["per-file-settings"]
        assert isinstance(given, dict)
        assert rules["value"] == given.get("rules")
        assert ("per-file-settings" in rules["source"]) is bool(given)
        said = ", ".join(f'{key} = "{value}"' for key, value in given.items()) or "no setting"
        assert f"# per-file-settings that apply to this file: {said}" in text.splitlines()
        return file

    assert about("arch/batch2/rules.pgn") == {
        "walked": True,
        "per-file-ignores": ["CHESS1"],
        "per-file-settings": {"rules": "fide-2009"},  # the later entry
    }
    assert about("arch/drafts/d.pgn") == {
        "walked": True,
        "per-file-ignores": [],
        "per-file-settings": {"rules": "fide-2014"},
    }
    assert about("arch/old/o.pgn") == {
        "walked": False,
        "per-file-ignores": [],
        "per-file-settings": {"rules": "fide-2014"},  # (it would apply, were the file checked)
    }
    assert about("arch/sub/r1.pgn") == {
        "walked": True,
        "per-file-ignores": ["PGN009"],
        "per-file-settings": {"rules": "fide-2014"},
    }
    nothing: dict[str, object] = {"per-file-ignores": [], "per-file-settings": {}}
    assert about("arch/sub/r2.pgn") == {"walked": True, **nothing}
    assert about("arch/sub/drafts/d.pgn") == {"walked": False, **nothing}
