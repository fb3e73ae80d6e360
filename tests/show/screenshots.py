"""Regenerate ``docs/images/report-*.png`` and ``docs/images/standings-*.png``: headless-Chromium
screenshots of ``kifu check --format html`` and ``kifu standings --format html`` on fixtures (the
top of the page, as a reader first sees it; the standings at 1280 px and on a 400 px phone).

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
#: the standings page: the event, and each picture's window (width, height)
STANDINGS = ["fixtures/standings/profile-event"]
STANDINGS_PICTURES = {"standings-1280.png": (1280, 500), "standings-400.png": (400, 700)}


def report(inputs: list[str]) -> str:
    """The HTML report on ``inputs`` (paths relative to the repository, as a user types them)."""
    result = CliRunner().invoke(cli, ["check", "-q", "--isolated", "--format", "html", *inputs])
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def standings(inputs: list[str]) -> str:
    """The standings page of the event ``inputs``."""
    result = CliRunner().invoke(cli, ["standings", "--format", "html", *inputs])
    assert result.exit_code == 0, result.output
    return result.stdout


def screenshot(page: str, png: Path, width: int = WIDTH, height: int = HEIGHT) -> None:
    """A screenshot of the HTML ``page``, ``width`` × ``height`` pixels, written to ``png``."""
    with tempfile.TemporaryDirectory() as temporary:
        path = Path(temporary) / "report.html"
        path.write_text(page, encoding="utf-8")
        chromium_screenshot(path, png, width, height)


def main() -> int:
    if shutil.which("chromium") is None:
        print("chromium is not installed", file=sys.stderr)
        return 1
    os.chdir(ROOT)
    out = ROOT / "docs" / "images"
    for name, inputs in PICTURES.items():
        screenshot(report(inputs), out / name)
        print(f"{out / name}: {(out / name).stat().st_size} bytes")
    page = standings(STANDINGS)
    for name, (width, height) in STANDINGS_PICTURES.items():
        screenshot(page, out / name, width, height)
        print(f"{out / name}: {(out / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
