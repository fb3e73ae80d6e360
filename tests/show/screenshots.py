"""Regenerate the README's pictures of ``kifu show``, the report and the standings:
``docs/images/show-*.svg`` (``kifu show`` on fixtures), ``docs/images/report-*.png`` and
``docs/images/standings-*.png`` (headless-Chromium screenshots of ``kifu check --format html``
and ``kifu standings --format html`` on fixtures: the top of the page, as a reader first sees
it; the standings at 1280 px and on a 400 px phone) and ``docs/images/xiangqi-no-cjk.png`` (a
xiangqi report in a Chromium that sees no CJK font: the pieces, numerals and river must still
read, :func:`no_cjk_fonts`).

Run ``make pictures`` (this module, then ``tests.render.screenshots``) from the repository
root after the boards or the report changed (Debian's ``chromium``), then look at each picture
before committing it.
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
STANDINGS_PICTURES = {"standings-1280.png": (1280, 640), "standings-400.png": (400, 700)}
#: the ``kifu show`` boards of the README's table
SHOWN = {
    "show-chess.svg": ["fixtures/chess/good/opera-game.pgn", "--ply", "11"],
    "show-xiangqi.svg": ["fixtures/xiangqi/good/mate.pgn"],
    "show-go.svg": ["fixtures/go/good/9x9-even-two-passes.sgf", "--territory"],
}
#: the report drawn where no CJK font is installed
NO_CJK = ("xiangqi-no-cjk.png", ["fixtures/xiangqi/bad/XQ101-rules.pgn"], 700, 900)
#: a Latin font for the fontconfig of :func:`no_cjk_fonts` (none is fine too: no text then)
LATIN_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def no_cjk_fonts(directory: Path) -> dict[str, str]:
    """An environment for Chromium whose fontconfig sees one Latin font (DejaVu Sans, when
    installed) and no CJK font, made in ``directory``: what a viewer without CJK fonts sees."""
    fonts = directory / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    if LATIN_FONT.exists() and not (fonts / LATIN_FONT.name).exists():
        shutil.copy(LATIN_FONT, fonts / LATIN_FONT.name)
    config = directory / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{fonts}</dir>\n  <cachedir>{directory / 'cache'}</cachedir>\n</fontconfig>\n",
        encoding="utf-8",
    )
    return {**os.environ, "FONTCONFIG_FILE": str(config)}


def report(inputs: list[str]) -> str:
    """The HTML report on ``inputs`` (paths relative to the repository, as a user types them)."""
    result = CliRunner().invoke(cli, ["check", "-q", "--isolated", "--format", "html", *inputs])
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def show(arguments: list[str]) -> str:
    """``kifu show ARGUMENTS --format svg --size 320``'s SVG."""
    result = CliRunner().invoke(cli, ["show", *arguments, "--format", "svg", "--size", "320"])
    assert result.exit_code == 0, result.output
    return result.stdout


def standings(inputs: list[str]) -> str:
    """The standings page of the event ``inputs``."""
    result = CliRunner().invoke(cli, ["standings", "--format", "html", *inputs])
    assert result.exit_code == 0, result.output
    return result.stdout


def screenshot(
    page: str, png: Path, width: int = WIDTH, height: int = HEIGHT, *, without_cjk: bool = False
) -> None:
    """A screenshot of the HTML ``page``, ``width`` × ``height`` pixels, written to ``png``
    (``without_cjk``: in a Chromium that sees no CJK font)."""
    with tempfile.TemporaryDirectory() as temporary:
        path = Path(temporary) / "report.html"
        path.write_text(page, encoding="utf-8")
        env = no_cjk_fonts(Path(temporary)) if without_cjk else None
        chromium_screenshot(path, png, width, height, env=env)


def main() -> int:
    if shutil.which("chromium") is None:
        print("chromium is not installed", file=sys.stderr)
        return 1
    os.chdir(ROOT)
    out = ROOT / "docs" / "images"
    for name, arguments in SHOWN.items():
        (out / name).write_text(show(arguments), encoding="utf-8")
        print(f"{out / name}: {(out / name).stat().st_size} bytes")
    for name, inputs in PICTURES.items():
        screenshot(report(inputs), out / name)
        print(f"{out / name}: {(out / name).stat().st_size} bytes")
    page = standings(STANDINGS)
    for name, (width, height) in STANDINGS_PICTURES.items():
        screenshot(page, out / name, width, height)
        print(f"{out / name}: {(out / name).stat().st_size} bytes")
    name, inputs, width, height = NO_CJK
    screenshot(report(inputs), out / name, width, height, without_cjk=True)
    print(f"{out / name}: {(out / name).stat().st_size} bytes (no CJK font)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
