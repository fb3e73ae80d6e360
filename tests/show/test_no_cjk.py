"""Issue 30: a xiangqi board reads the same in a Chromium that sees no CJK font: its characters
are outlines (kifu.xiangqi.glyphs), not text. Screenshots are compared byte for byte: a board
that draws no text depends on no font, so both screenshots are the same picture."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from kifu.xiangqi import render
from kifu.xiangqi.fen import start_board

from tests.render.screenshots import chromium_screenshot
from tests.show.screenshots import no_cjk_fonts

pytestmark = pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")


def _cjk_installed() -> bool:
    if shutil.which("fc-list") is None:
        return False
    listed = subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True, check=False)
    return bool(listed.stdout.strip())


def _shot(tmp_path: Path, name: str, svg: str, env: dict[str, str] | None) -> bytes:
    page = tmp_path / f"{name}.html"
    page.write_text(
        f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>{svg}</body></html>', encoding="utf-8"
    )
    png = tmp_path / f"{name}.png"
    chromium_screenshot(page, png, 320, 390, env=env)
    return png.read_bytes()


def test_the_board_reads_the_same_without_cjk_fonts(tmp_path: Path) -> None:
    env = no_cjk_fonts(tmp_path / "fontconfig")
    board = render.svg(start_board(), size=380)
    assert "<text" not in board
    assert _shot(tmp_path, "glyphs-no-cjk", board, env) == _shot(tmp_path, "glyphs", board, None)
    if _cjk_installed():  # the fontconfig does hide the CJK fonts: the text style changes
        text = render.svg(start_board(), size=380, style="text")
        assert _shot(tmp_path, "text-no-cjk", text, env) != _shot(tmp_path, "text", text, None)
