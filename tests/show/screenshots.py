"""Regenerate ``docs/images/report-*.png``: headless-Chromium screenshots of ``kifu check --format
html`` on fixtures (the top of the page, as a reader first sees it).

Run ``python -m tests.show.screenshots`` from the repository root after the report changed
(Debian's ``chromium``; CJK fonts such as ``fonts-noto-cjk`` for the xiangqi characters), then
look at each picture before committing it.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner
from kifu.app import cli

from tests.render.screenshots import chromium_screenshot

ROOT = Path(__file__).resolve().parents[2]
#: one picture per game: the fixtures the report checks
PICTURES = {
    "report-chess.png": ["fixtures/chess/bad/rules.pgn"],
    "report-xiangqi.png": [
        "fixtures/xiangqi/good/one-check-one-chase.pgn",
        "fixtures/xiangqi/bad/XQ101-rules.pgn",
    ],
    "report-go.png": ["fixtures/go/good/9x9-even-two-passes.sgf", "fixtures/go/bad/GO103-ko.sgf"],
}
WIDTH, HEIGHT = 900, 1100


def report(inputs: list[str]) -> str:
    """The HTML report on ``inputs`` (paths relative to the repository, as a user types them)."""
    result = CliRunner().invoke(cli, ["check", "-q", "--isolated", "--format", "html", *inputs])
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def screenshot(page: str, png: Path) -> None:
    """A screenshot of the HTML ``page``, ``WIDTH`` × ``HEIGHT`` pixels, written to ``png``."""
    with tempfile.TemporaryDirectory() as temporary:
        path = Path(temporary) / "report.html"
        path.write_text(page, encoding="utf-8")
        chromium_screenshot(path, png, WIDTH, HEIGHT)


def main() -> int:
    if shutil.which("chromium") is None:
        print("chromium is not installed", file=sys.stderr)
        return 1
    os.chdir(ROOT)
    out = ROOT / "docs" / "images"
    for name, inputs in PICTURES.items():
        screenshot(report(inputs), out / name)
        print(f"{out / name}: {(out / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
