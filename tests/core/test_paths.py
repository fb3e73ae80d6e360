"""--include/--exclude with .gitignore semantics, anchored at the working directory (the command
line's), on globs and walks alike; --respect-gitignore in a git work tree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.paths import GitIgnore, PathPatterns, work_tree
from kifu.core.sources import Source, _glob_root, expand_paths

GAME = "1. e4 e5 *\n"


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """archive/{a.pgn, drafts/illegal.pgn, drafts/sub/b.pgn, old/drafts/c.pgn, old/d.sgf, notes.txt}"""
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "archive"
    for name in ("a.pgn", "drafts/illegal.pgn", "drafts/sub/b.pgn", "old/drafts/c.pgn", "old/d.pgn"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(GAME)
    (root / "old" / "e.sgf").write_text("(;GM[1]SZ[9];B[ee])\n")
    return root


def checked(*args: str) -> list[str]:
    """The paths `kifu check` reads, relative to the archive's parent, sorted."""
    result = CliRunner().invoke(cli, ["check", "--isolated", "-q", "--format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return sorted(file["path"] for file in json.loads(result.stdout)["files"])


ALL = [
    "archive/a.pgn",
    "archive/drafts/illegal.pgn",
    "archive/drafts/sub/b.pgn",
    "archive/old/d.pgn",
    "archive/old/drafts/c.pgn",
    "archive/old/e.sgf",
]


@pytest.mark.parametrize(
    ("patterns", "expected"),
    [
        ([], ALL),
        # anchored at the working directory (the archive's parent), not at the folder walked
        (["--exclude", "archive/drafts/*"], [p for p in ALL if not p.startswith("archive/drafts/")]),
        (["--exclude", "drafts/*"], ALL),
        (["--exclude", "drafts/"], [p for p in ALL if "drafts/" not in p]),  # a directory at any depth
        (["--exclude", "drafts"], [p for p in ALL if "drafts/" not in p]),
        (["--exclude", "**/drafts/*.pgn"], [p for p in ALL if "drafts/" not in p or "/sub/" in p]),
        (["--exclude", "/archive/old"], [p for p in ALL if "/old/" not in p]),
        (["--exclude", "*.pgn", "--exclude", "!a.pgn"], ["archive/a.pgn", "archive/old/e.sgf"]),
        (["--include", "archive/old/**"], [p for p in ALL if "/old/" in p]),
        (["--include", "*.sgf"], ["archive/old/e.sgf"]),
        (
            ["--include", "drafts/", "--exclude", "sub/"],
            ["archive/drafts/illegal.pgn", "archive/old/drafts/c.pgn"],
        ),
    ],
)
def test_patterns_on_recursive_walks_and_globs_alike(
    archive: Path, patterns: list[str], expected: list[str]
) -> None:
    assert checked("-r", *patterns, "archive") == expected
    globbed = [p for p in expected if not p.endswith(".sgf")]
    assert checked(*patterns, "archive/**/*.pgn") == globbed


def test_a_file_named_as_it_is_is_always_checked(archive: Path) -> None:
    assert checked("--exclude", "*.pgn", "archive/a.pgn") == ["archive/a.pgn"]


def test_the_glob_root_is_the_part_before_the_first_wildcard() -> None:
    assert _glob_root("archive/**/*.pgn") == "archive"
    assert _glob_root("a/b/round*/x.pgn") == "a/b"
    assert _glob_root("*.pgn") == "."
    assert _glob_root("/srv/*.pgn") == "/srv"
    assert Source("archive/drafts/x.pgn", "archive").relative == "archive/drafts/x.pgn"
    assert Source("./archive/x.pgn").relative == "archive/x.pgn"


def test_path_patterns() -> None:
    patterns = PathPatterns(("drafts/*", "!drafts/keep.pgn"))
    assert patterns.matches("drafts/x.pgn") and patterns.matches("drafts/sub/x.pgn")
    assert not patterns.matches("drafts/keep.pgn") and not patterns.matches("a/drafts/x.pgn")
    assert PathPatterns(("sub/",)).matches("a/sub", is_dir=True) and not PathPatterns(("sub/",)).matches(
        "a/sub"
    )
    assert not PathPatterns(())


def git_tree(archive: Path) -> Path:
    (archive / ".git").mkdir()
    (archive / ".gitignore").write_text("drafts/\n*.sgf\n")
    (archive / "old" / ".gitignore").write_text("!e.sgf\nd.pgn\n")
    (archive / ".git" / "info").mkdir()
    (archive / ".git" / "info" / "exclude").write_text("a.pgn\n")
    return archive


def test_respect_gitignore_in_a_git_work_tree(archive: Path) -> None:
    git_tree(archive)
    kept = ["archive/old/e.sgf"]  # drafts/ at any depth, a.pgn (info/exclude), old/d.pgn; e.sgf taken back
    assert checked("-r", "archive") == kept
    assert checked("archive/**/*") == kept
    assert checked("-r", "--no-respect-gitignore", "archive") == ALL
    assert checked("archive/drafts/illegal.pgn") == ["archive/drafts/illegal.pgn"]  # named: checked


def test_no_git_work_tree_no_gitignore(archive: Path) -> None:
    (archive / ".gitignore").write_text("*\n")
    assert checked("-r", "archive") == ALL


def test_gitignore_rules(archive: Path) -> None:
    git_tree(archive)
    assert work_tree(archive / "old") == archive.resolve()
    ignore = GitIgnore(archive.resolve())
    assert ignore.ignored(archive / "drafts", is_dir=True)
    assert ignore.ignored(archive / "drafts" / "sub" / "b.pgn")  # inside an ignored directory
    assert ignore.ignored(archive / "x.sgf") and not ignore.ignored(archive / "old" / "e.sgf")
    assert ignore.ignored(archive / "old" / "d.pgn") and not ignore.ignored(archive / "d.pgn")
    assert not ignore.ignored(archive.parent / "elsewhere.pgn")


def test_expand_paths_takes_include_patterns_for_other_extensions(archive: Path) -> None:
    (archive / "notes.txt").write_text("not a record\n")
    found = list(expand_paths(["archive"], recursive=True, extensions=frozenset({".pgn"}), include=["*.txt"]))
    assert [s.path for s in found if isinstance(s, Source)] == ["archive/notes.txt"]
