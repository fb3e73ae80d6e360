"""What a project's files can make kifu read, when a stranger's repository is checked (in CI, say):
a project's file may raise the limits against hostile input but not lift them; a walk or a glob
does not follow a symbolic link out of its folder; ``extend`` (and a configuration file that is a
link) reaches only the project and the user's configuration folder, and a message about a file
of the user's never quotes it; a bad pattern, ``--encoding`` or a loop of links is a usage error,
never an internal error."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.limits import MIB, Limits, limits

ROOT = Path(__file__).resolve().parents[2]
OPERA = (ROOT / "fixtures" / "chess" / "good" / "opera-game.pgn").read_text()
#: a password in a file outside the project: no output may ever hold it
SECRET = "hunter2"
NETRC = f"machine example.org login me password {SECRET}\n"
#: a record whose conversion changes it (the spacing of its moves)
LOOSE = (
    '[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n'
    "1.e4    e5 *\n"
)

#: the configuration key of every limit of kifu.core.limits
LIMIT_KEYS = [f"max-{field.name}" for field in dataclasses.fields(Limits)]
SIZES = ("max-decompressed", "max-record")

needs_links = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="no symbolic links")


def invoke(*args: str) -> click.testing.Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def one_line(result: click.testing.Result, *names: str) -> str:
    """The error of a configuration: status 2, no report, one line naming each of ``names``."""
    assert result.exit_code == 2 and result.stdout == "", (result.exit_code, result.output)
    [line] = result.stderr.splitlines()
    assert line.startswith("Error: ") and "internal error" not in line, line
    assert all(name in line for name in names), (names, line)
    return line


def usage_error(result: click.testing.Result, option: str) -> str:
    """The error of a command line: status 2, no report, one ``Error:`` line naming ``option``."""
    assert result.exit_code == 2 and result.stdout == "", (result.exit_code, result.output)
    [line] = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert option in line and "internal error" not in result.stderr, result.stderr
    return line


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``tmp_path/repo``, a repository (``.git``) with ``games/opera.pgn``, run from ``games``; the
    user's configuration folder is ``tmp_path/home/kifu``; ``tmp_path/outside`` holds a netrc."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    write(tmp_path / "repo" / "games" / "opera.pgn", OPERA)
    write(tmp_path / "outside" / "netrc", NETRC)
    (tmp_path / "home" / "kifu").mkdir(parents=True)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path / "repo" / "games")
    return tmp_path / "repo"


# --- 1. the limits against hostile input ------------------------------------------------------


@pytest.mark.parametrize("key", LIMIT_KEYS)
@pytest.mark.parametrize("where", ["kifu.toml", "pyproject.toml", "--config"])
def test_a_project_file_may_not_lift_a_limit(project: Path, key: str, where: str) -> None:
    if where == "pyproject.toml":
        path = write(project / "pyproject.toml", f"[tool.kifu]\n{key} = 0\n")
    else:
        path = write(project / "games" / "kifu.toml", f"{key} = 0\n")
    options = ["--config", str(path)] if where == "--config" else []
    for command in (
        ["check", *options, "opera.pgn"],
        ["config", *options],
        ["convert", "--to", "pgn", *options, "opera.pgn"],
    ):
        line = one_line(invoke(*command), str(path), f"{key} = 0")
        assert f"--{key} 0 on the command line" in line
        assert str(project.parent / "home" / "kifu" / "kifu.toml") in line
    # raising it is the project's business
    path.write_text(path.read_text().replace(f"{key} = 0", f"{key} = 2000000"))
    assert invoke("check", *options, "opera.pgn").exit_code == 0
    assert getattr(limits(), key.removeprefix("max-")) == 2_000_000


@pytest.mark.parametrize("key", SIZES)
@pytest.mark.parametrize("value", ['"0"', '"0M"', '"0k"', '"0GiB"'])
def test_a_size_limit_lifted_in_any_spelling_is_refused(project: Path, key: str, value: str) -> None:
    path = write(project / "games" / "kifu.toml", f"{key} = {value}\n")
    for command in (["check", "opera.pgn"], ["convert", "--to", "san", "opera.pgn"]):
        one_line(invoke(*command), str(path), f"{key} = 0")


def test_the_user_configuration_and_the_command_line_may_lift_a_limit(project: Path) -> None:
    user = write(project.parent / "home" / "kifu" / "kifu.toml", "max-record = 0\nmax-decompressed = 0\n")
    assert invoke("check", "opera.pgn").exit_code == 0
    assert (limits().record, limits().decompressed) == (0, 0)
    shown = invoke("config").stdout
    assert "max-record = 0" in shown and str(user) in shown.split("max-record = 0")[1].splitlines()[0]
    # a project that raises a limit comes over the user's file; the command line over both
    write(project / "games" / "kifu.toml", 'max-record = "64M"\n')
    assert invoke("check", "opera.pgn").exit_code == 0 and limits().record == 64 * MIB
    assert invoke("check", "--max-record", "0", "opera.pgn").exit_code == 0 and limits().record == 0
    assert invoke("convert", "--to", "pgn", "--max-record", "0", "opera.pgn").exit_code == 0
    # a project's 0 is refused even when the user's file or the command line says 0 too
    path = write(project / "games" / "kifu.toml", "max-record = 0\n")
    one_line(invoke("check", "opera.pgn"), str(path), "max-record = 0")
    one_line(invoke("check", "--max-record", "0", "opera.pgn"), str(path), "max-record = 0")


def test_a_file_a_project_extends_may_not_lift_a_limit_either(project: Path) -> None:
    write(project / "base.toml", "max-nodes = 0\n")
    write(project / "games" / "kifu.toml", 'extend = "../base.toml"\n')
    base = project / "games" / ".." / "base.toml"  # (as extend names it)
    one_line(invoke("check", "opera.pgn"), str(base), "max-nodes = 0")


# --- 2. a walk does not follow a link out of its folder -----------------------------------------


@pytest.fixture
def linked(project: Path) -> Path:
    """``games`` with links: ``n.pgn`` to the netrc outside, ``o.pgn`` to a record outside,
    ``gone.pgn`` to a missing file outside, ``in.pgn`` and ``sub/deep.pgn`` to ``opera.pgn``
    (inside), ``away`` to the folder outside (which holds ``x.pgn``)."""
    games, outside = project / "games", project.parent / "outside"
    write(outside / "o.pgn", LOOSE)
    write(outside / "x.pgn", NETRC)
    (games / "n.pgn").symlink_to(outside / "netrc")
    (games / "o.pgn").symlink_to(outside / "o.pgn")
    (games / "gone.pgn").symlink_to(outside / "missing.pgn")
    (games / "in.pgn").symlink_to("opera.pgn")
    (games / "sub").mkdir()
    (games / "sub" / "deep.pgn").symlink_to(Path("..") / "opera.pgn")
    (games / "away").symlink_to(outside, target_is_directory=True)
    return games


def _report(result: click.testing.Result) -> dict[str, list[str]]:
    import json

    document = json.loads(result.stdout)
    return {
        entry["path"]: [f["message"] for f in entry["findings"]] or [str(len(entry["records"]))]
        for entry in document["files"]
    }


@needs_links
@pytest.mark.parametrize("walked", [".", "../games"])
def test_a_walk_does_not_read_a_link_out_of_its_folder(
    linked: Path, monkeypatch: pytest.MonkeyPatch, walked: str
) -> None:
    result = invoke("check", "--format", "json", walked)
    assert SECRET not in result.output
    report = _report(result)
    prefix = f"{walked}/"
    for name in ("n.pgn", "o.pgn", "gone.pgn"):
        [message] = report[prefix + name]
        assert message == (
            f"{prefix}{name} is a symbolic link that leads out of {walked} (the folder walked): it is "
            "not read (name it on the command line to check the file it leads to)"
        )
    # links inside the folder are read, as git and ruff read them
    assert (
        report[prefix + "in.pgn"] == report[prefix + "opera.pgn"] == report[prefix + "sub/deep.pgn"] == ["1"]
    )
    assert not any("x.pgn" in path for path in report)  # (a link to a folder is not entered)
    assert result.exit_code == 1
    # a path named as it is, a link out or a folder that is one, is the user's choice: it is read
    result = invoke("check", "--format", "json", "n.pgn")
    assert result.exit_code == 1 and "leads out" not in result.stdout and "'machine'" in result.stdout
    walked = _report(invoke("check", "--format", "json", "away"))  # inside it, nothing leads out
    assert sorted(walked) == ["away/o.pgn", "away/x.pgn"] and walked["away/o.pgn"] == ["1"]


@needs_links
@pytest.mark.parametrize("pattern", ["*.pgn", "**/*.pgn", "./*.pgn", "*/x.pgn"])
def test_a_glob_does_not_read_a_link_out_of_its_folder(linked: Path, pattern: str) -> None:
    """A glob kifu expands (quoted, or from a script) is a walk of its folder, the part before
    its first wildcard: ``*/x.pgn`` goes through ``away``, a link out of ``.``."""
    result = invoke("check", "--format", "json", pattern)
    report = _report(result)
    assert SECRET not in result.output and result.exit_code == 1
    leading = [path for path, messages in report.items() if "leads out of" in messages[0]]
    expected = {"*/x.pgn": ["away/x.pgn"]}.get(pattern, ["gone.pgn", "n.pgn", "o.pgn"])
    assert sorted(path.removeprefix("./") for path in leading) == expected
    assert all("(the folder of the glob)" in report[path][0] for path in leading)
    # the folder of a glob may be a link itself: inside it, nothing leads out
    assert _report(invoke("check", "--format", "json", "away/*.pgn"))["away/o.pgn"] == ["1"]


@needs_links
def test_convert_in_place_does_not_rewrite_a_file_outside_through_a_link(project: Path) -> None:
    outside = write(project.parent / "outside" / "o.pgn", LOOSE)
    folder = project / "games" / "round"
    write(folder / "loose.pgn", LOOSE)
    (folder / "o.pgn").symlink_to(outside)
    (folder / "n.pgn").symlink_to(project.parent / "outside" / "netrc")
    result = invoke("convert", "--to", "pgn", "--in-place", "round")
    assert outside.read_text() == LOOSE  # untouched
    assert (folder / "loose.pgn").read_text() != LOOSE  # the folder's own file is converted
    assert "round/o.pgn is a symbolic link that leads out of round" in result.stderr
    assert SECRET not in result.output and (folder / "o.pgn").is_symlink() and result.exit_code == 1


# --- 3. extend reaches the project and the user's folder only; no value of the user's is quoted --


#: files outside the project, named by ``extend`` relative to ``repo/games/kifu.toml``
OUTSIDE = {
    "unknown key": ("../../outside/secret.toml", f'{SECRET} = "{SECRET}"\n'),
    "bad value": ("../../outside/value.toml", f'fail-on = "{SECRET}"\n'),
    "not TOML": ("../../outside/netrc", None),
    "missing": ("../../outside/missing.toml", None),
    "a folder": ("../../outside", None),
    "a FIFO": ("../../outside/fifo.toml", None),
}


@pytest.mark.parametrize("case", sorted(OUTSIDE))
def test_extend_may_not_name_a_file_outside_the_project(project: Path, case: str) -> None:
    target, text = OUTSIDE[case]
    if text is not None:
        write(project / "games" / target, text)
    if case == "a FIFO":
        os.mkfifo(project / "games" / target)
    kifu_toml = write(project / "games" / "kifu.toml", f'extend = "{target}"\n')
    lines = set()
    for command in (["check", "opera.pgn"], ["config"], ["convert", "--to", "pgn", "opera.pgn"]):
        result = invoke(*command)
        lines.add(one_line(result, f"{kifu_toml}: extend", str(project)))
        assert SECRET not in result.stderr
    # one message whatever is there: it does not say whether the file exists, nor what it is
    assert lines == {
        f"Error: {kifu_toml}: extend names a file outside the project ({project}) and the user's "
        f"configuration folder ({project.parent / 'home' / 'kifu'}): it is not read"
    }


@needs_links
@pytest.mark.parametrize(
    "how", ["absolute", "home", "link", "second step", "discovered link", "pyproject link"]
)
def test_every_way_out_of_the_project_is_refused(
    project: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    secret = write(project.parent / "outside" / "secret.toml", f'fail-on = "{SECRET}"\n')
    games = project / "games"
    refused = games / "kifu.toml"
    if how == "absolute":
        write(games / "kifu.toml", f'extend = "{secret}"\n')
    elif how == "home":
        monkeypatch.setenv("HOME", str(secret.parent))
        write(games / "kifu.toml", 'extend = "~/secret.toml"\n')
    elif how == "link":  # a file of the project that is a link out of it
        (games / "inner.toml").symlink_to(secret)
        write(games / "kifu.toml", 'extend = "inner.toml"\n')
    elif how == "second step":  # a file of the project that extends one outside
        write(project / "base.toml", 'extend = "../outside/secret.toml"\n')
        refused = write(games / "kifu.toml", 'extend = "../base.toml"\n').parent / ".." / "base.toml"
    elif how == "discovered link":  # the closest configuration file is a link out
        (games / "kifu.toml").symlink_to(secret)
    else:
        (project / "pyproject.toml").symlink_to(secret)
        refused = project / "pyproject.toml"
    for command in (["check", "opera.pgn"], ["config"]):
        result = invoke(*command)
        line = one_line(result, str(refused), "outside the project")
        assert SECRET not in result.stderr and str(secret) not in line


def test_extend_reaches_up_to_the_repository_root_and_no_further(project: Path) -> None:
    write(project / "kifu.toml", 'fail-on = "info"\n')
    write(project / "games" / "kifu.toml", 'extend = "../kifu.toml"\n')
    assert 'fail-on = "info"' in invoke("config").stdout
    write(project.parent / "kifu.toml", 'fail-on = "warning"\n')  # above the root: not the project's
    write(project / "games" / "kifu.toml", 'extend = "../../kifu.toml"\n')
    one_line(invoke("config"), "extend names a file outside the project")


def test_without_a_repository_the_project_is_the_highest_folder_with_a_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    top = tmp_path / "archive"
    write(top / "kifu.toml", 'fail-on = "info"\n')
    write(top / "club" / "round" / "kifu.toml", 'extend = "../../kifu.toml"\n')
    write(tmp_path / "other.toml", 'fail-on = "warning"\n')
    monkeypatch.chdir(top / "club" / "round")
    assert 'fail-on = "info"' in invoke("config").stdout
    write(top / "club" / "round" / "kifu.toml", 'extend = "../../../other.toml"\n')
    one_line(invoke("config"), f"outside the project ({top})")


def test_extend_may_name_a_file_of_the_users_folder_whose_values_are_not_quoted(project: Path) -> None:
    base = write(project.parent / "home" / "kifu" / "base.toml", 'fail-on = "info"\n')
    write(project / "games" / "kifu.toml", f'extend = "{base}"\n')
    assert 'fail-on = "info"' in invoke("config").stdout
    base.write_text(f'fail-on = "{SECRET}"\n')
    result = invoke("check", "opera.pgn")
    assert SECRET not in one_line(result, str(base), "fail-on", "not shown")


#: a user's file with a mistake whose message would quote it
USER_MISTAKES = {
    "value": f'fail-on = "{SECRET}"\n',
    "code": f'ignore = ["{SECRET.upper()}"]\n',
    "severity": f'severity = {{ {SECRET.upper()} = "info" }}\n',
    "pattern": f'exclude = ["[z-a]{SECRET}"]\n',
    "per-file-ignores": f'per-file-ignores = {{ "{SECRET}/" = 3 }}\n',
    "lang": f'lang = "{SECRET}"\n',
    "per-file-settings": f'per-file-settings = {{ "{SECRET}/" = 3 }}\n',
    "per-file-settings value": f'per-file-settings = {{ "{SECRET}/" = {{ rules = "{SECRET}" }} }}\n',
    "per-file-settings lang": f'per-file-settings = {{ "{SECRET}/" = {{ lang = "{SECRET}" }} }}\n',
    "per-file-settings type": f'per-file-settings = {{ "{SECRET}/" = {{ komi = "{SECRET}" }} }}\n',
    "per-file-settings pattern": f'per-file-settings = {{ "[z-a]{SECRET}" = {{ komi = 1 }} }}\n',
    "TOML": f"[{SECRET}]\n[{SECRET}]\n",
    "TOML inline table": f"a = {{ {SECRET} = 1, {SECRET} = 2 }}\n",
    "not UTF-8": "",
}


@pytest.mark.parametrize("mistake", sorted(USER_MISTAKES))
def test_a_message_about_the_users_file_never_quotes_it(project: Path, mistake: str) -> None:
    user = write(project.parent / "home" / "kifu" / "kifu.toml", USER_MISTAKES[mistake])
    if mistake == "not UTF-8":  # (Python's message quotes the byte)
        user.write_bytes(b"fail-on = 'info\xfe'\n")
    for command in (["check", "opera.pgn"], ["config"]):
        result = invoke(*command)
        assert SECRET not in result.output.lower() and SECRET.upper() not in result.output
        assert "0xfe" not in result.output
        one_line(result, str(user))


def test_config_names_any_file_but_its_extend_stays_in_its_folder(project: Path) -> None:
    elsewhere = project.parent / "elsewhere"
    chosen = write(elsewhere / "ci.toml", 'extend = "base.toml"\n')
    write(elsewhere / "base.toml", 'fail-on = "info"\n')
    assert 'fail-on = "info"' in invoke("config", "--config", str(chosen)).stdout
    write(project.parent / "outside" / "secret.toml", f'fail-on = "{SECRET}"\n')
    chosen.write_text('extend = "../outside/secret.toml"\n')
    result = invoke("check", "--config", str(chosen), "opera.pgn")
    assert SECRET not in one_line(result, f"{chosen}: extend", f"outside the project ({elsewhere})")


# --- 4. usage errors, not internal errors -------------------------------------------------------

#: patterns pathspec refuses, and odd ones it takes
BAD_PATTERNS = ["[z-a]", "!", "a\\\\", "x/[b-a]"]
ODD_PATTERNS = ["[", "**[", "a[b"]


@pytest.mark.parametrize("bad", BAD_PATTERNS)
@pytest.mark.parametrize("key", ["exclude", "include", "extend-exclude", "per-file-ignores"])
def test_a_bad_pattern_in_a_configuration_file_is_a_configuration_error(
    project: Path, key: str, bad: str
) -> None:
    def line(pattern: str) -> str:
        return (
            f'{key} = {{ "{pattern}" = ["PGN"] }}\n'
            if key == "per-file-ignores"
            else f'{key} = ["{pattern}"]\n'
        )

    for odd in ODD_PATTERNS:  # taken: they are patterns (that match little)
        write(project / "games" / "kifu.toml", line(odd))
        result = invoke("check", "opera.pgn")
        assert result.exit_code == 0 and "internal error" not in result.stderr, result.output
    path = write(project / "games" / "kifu.toml", line(bad))
    for command in (["check", "opera.pgn"], ["check", "."], ["config"]):
        message = one_line(invoke(*command), str(path), key)
        assert "is not a gitignore pattern" in message


@pytest.mark.parametrize("bad", BAD_PATTERNS)
def test_a_bad_pattern_in_a_sub_folders_configuration_is_a_configuration_error(
    project: Path, bad: str
) -> None:
    write(project / "games" / "drafts" / "d.pgn", OPERA)
    path = write(project / "games" / "drafts" / "kifu.toml", f'exclude = ["{bad}"]\n')
    one_line(invoke("check", "."), str(path), "exclude", "is not a gitignore pattern")


@pytest.mark.parametrize("bad", [pattern.replace("\\\\", "\\") for pattern in BAD_PATTERNS])
@pytest.mark.parametrize("option", ["--exclude", "--include", "--extend-exclude", "--per-file-ignores"])
def test_a_bad_pattern_on_the_command_line_is_a_usage_error(project: Path, option: str, bad: str) -> None:
    value = f"{bad}:PGN" if option == "--per-file-ignores" else bad
    for odd in ODD_PATTERNS:
        odd_value = f"{odd}:PGN" if option == "--per-file-ignores" else odd
        assert invoke("check", option, odd_value, ".").exit_code in (0, 1)
    for command in (["check", option, value, "."], ["config", option, value]):
        line = usage_error(invoke(*command), option.removeprefix("--"))
        assert "is not a gitignore pattern" in line


def test_a_repositorys_gitignore_with_lines_that_are_no_pattern_is_read_as_git_reads_it(
    project: Path,
) -> None:
    """git lets a line that is no pattern match nothing; a stranger's .gitignore is no usage error."""
    write(project / "games" / "ignored.pgn", "not a record\n")
    write(project / ".gitignore", "[z-a]\n!\nx\\\nignored.pgn\n")
    result = invoke("check", "--format", "json", ".")
    assert result.exit_code == 0, result.output
    assert list(_report(result)) == ["./opera.pgn"]


@pytest.mark.parametrize(
    "encoding", ["rot13", "base64", "hex", "zlib", "bz2", "uu", "quopri", "undefined", "utf-8\x00"]
)
def test_convert_refuses_an_encoding_that_is_no_charset(project: Path, encoding: str) -> None:
    result = invoke("convert", "--to", "pgn", "--encoding", encoding, "opera.pgn")
    usage_error(result, "--encoding")
    assert invoke("convert", "--to", "pgn", "--encoding", "latin-1", "opera.pgn").exit_code == 0


@needs_links
@pytest.mark.parametrize("how", ["extend", "extend of extend", "config", "self"])
def test_a_loop_of_links_is_a_configuration_error(project: Path, how: str) -> None:
    games = project / "games"
    (games / "a.toml").symlink_to("b.toml")
    (games / "b.toml").symlink_to("a.toml")
    (games / "self.toml").symlink_to("self.toml")
    options: list[str] = []
    if how == "extend":
        declaring = write(games / "kifu.toml", 'extend = "a.toml"\n')
    elif how == "extend of extend":
        write(games / "kifu.toml", 'extend = "../base.toml"\n')
        write(project / "base.toml", 'extend = "games/b.toml"\n')
        declaring = games / ".." / "base.toml"
    elif how == "self":
        declaring = write(games / "kifu.toml", 'extend = "self.toml"\n')
    else:
        options, declaring = ["--config", "a.toml"], games / "a.toml"
    for command in (["check", *options, "opera.pgn"], ["config", *options]):
        line = one_line(invoke(*command), "a loop of symbolic links")
        assert (f"{declaring}: extend: " in line) if how != "config" else line.endswith(": a.toml")


def test_an_extend_that_no_path_can_be_is_a_configuration_error(project: Path) -> None:
    path = write(project / "games" / "kifu.toml", 'extend = "a\\u0000b.toml"\n')  # (TOML's escape of NUL)
    for command in (["check", "opera.pgn"], ["config"]):
        one_line(invoke(*command), f"{path}: extend must be the path of a configuration file")
