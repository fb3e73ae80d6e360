"""``kifu check --fix --unsafe-fixes`` on a copy of every bad fixture and of the corpus (issue 46).

For each file: ``--fix`` writes what ``--diff`` shows; a second ``--fix`` changes nothing (a
fixed point); the check of the fixed file reports no finding with a fix left to apply; and the
lines that changed are only those the fixes' edits touch (every other byte is kept). The golden
diffs themselves are the ``fix/`` cases of ``tests/cases/<game>/cases.toml``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.application.fixing import apply, unified_diff
from kifu.core.findings import Edit, Fix
from kifu.core.record import Span
from kifu.games import load

from tests.conftest import CORPUS, FIXTURES

BAD = sorted(path for path in FIXTURES.glob("*/bad/*") if path.is_file())


def kifu(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def fixes_left(path: Path) -> list[str]:
    """The findings of ``path`` that still carry a fix (``code line:column``)."""
    _, out, _ = kifu("check", "--isolated", "--format", "json", str(path))
    document = json.loads(out)
    return [
        f"{finding['code']} {finding['line']}:{finding['column']}"
        for file in document["files"]
        for finding in [*file["findings"], *(f for record in file["records"] for f in record["findings"])]
        if "fix" in finding
    ]


def fix_in_place(path: Path) -> tuple[str, str]:
    """``--diff`` then ``--fix`` of ``path`` (unsafe fixes too): the diff and the summary."""
    _, diff, _ = kifu("check", "--isolated", "--quiet", "--diff", "--unsafe-fixes", str(path))
    _, _, summary = kifu("check", "--isolated", "--fix", "--unsafe-fixes", str(path))
    return diff, summary


@pytest.mark.parametrize("fixture", BAD, ids=lambda path: f"{path.parent.parent.name}/{path.name}")
def test_fix_writes_what_diff_shows_and_reaches_a_fixed_point(fixture: Path, tmp_path: Path) -> None:
    """``--fix`` writes what ``--diff`` showed, and the fixed file has no fix left: a second
    ``--fix`` would change nothing."""
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    diff, summary = fix_in_place(copy)
    fixed = copy.read_bytes()
    assert (fixed != fixture.read_bytes()) == bool(diff), summary
    if diff:
        _, out, _ = kifu("check", "--isolated", "--format", "json", str(fixture))
        game = load(json.loads(out)["files"][0]["game"])
        codec = game.text_encoding(str(fixture)) if game else None
        assert unified_diff(str(copy), fixture.read_bytes(), fixed, codec) == diff
    assert fixes_left(copy) == [], f"a second --fix would change {fixture.name}"


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not beside the repository")
def test_the_corpus_fixed_changes_only_what_its_fixes_edit(tmp_path: Path) -> None:
    """``--fix`` makes exactly the edits of the corpus's fixable findings and nothing else: the
    findings' own edits, read from the JSON report and applied here round by round (a repair can
    open another: a Result set lets the missing termination marker be written), give each file
    ``--fix`` wrote, byte for byte; every file without a fix is untouched."""
    copy = tmp_path / "corpus"
    shutil.copytree(CORPUS, copy)
    originals = {str(path): path.read_bytes() for path in copy.rglob("*") if path.is_file()}
    by_hand = {path: _fixed_by_hand(Path(path), tmp_path / "rounds") for path in originals}
    _, _, summary = kifu("check", "--isolated", "--fix", "--unsafe-fixes", str(copy))
    assert "a fix not applied" not in summary and "not fixed" not in summary, summary
    for path, (data, _) in by_hand.items():
        assert Path(path).read_bytes() == data, path
    edits = sum(count for _, count in by_hand.values())
    assert re.search(rf"\({edits} fixed", summary), summary
    assert sum(data != originals[path] for path, (data, _) in by_hand.items()) > 0


def _fixed_by_hand(path: Path, scratch: Path) -> tuple[bytes, int]:
    """``path``'s bytes with its findings' fixes applied, round after round, and how many."""
    data, count = path.read_bytes(), 0
    for round in range(8):
        work = scratch / str(round) / path.name
        work.parent.mkdir(parents=True, exist_ok=True)
        work.write_bytes(data)
        _, out, _ = kifu("check", "--isolated", "--format", "json", str(work))
        files = json.loads(out)["files"]
        fixes = [
            _fix(finding["fix"])
            for file in files
            for finding in [*file["findings"], *(f for record in file["records"] for f in record["findings"])]
            if "fix" in finding
        ]
        if not fixes:
            break
        game = load(files[0]["game"]) if files[0]["game"] else None
        done = apply(data, fixes, game.text_encoding(str(work)) if game else None)
        assert done.failed == [], path
        data, count = done.data, count + len(done.applied)
    return data, count


def _fix(data: dict[str, Any]) -> Fix:
    edits = tuple(
        Edit(
            Span(e["start"]["line"], e["start"]["column"], e["end"]["line"], e["end"]["column"]), e["content"]
        )
        for e in data["edits"]
    )
    return Fix(data["applicability"], data["message"], edits)
