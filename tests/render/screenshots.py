"""Regenerate ``docs/images/render-*.png``: headless-Chromium screenshots of golden SVG boards.

Run ``python -m tests.render.screenshots`` from the repository root after the goldens changed
(Debian's ``chromium``; CJK fonts such as ``fonts-noto-cjk`` for the xiangqi characters), then
look at each picture before committing it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden")
#: one picture per game: the golden board it shows and the zoom of the screenshot
PICTURES = {
    "render-chess.png": ("chess/mate.svg", 1.4),
    "render-xiangqi.png": ("xiangqi/cannon-check.svg", 1.6),
    "render-go.png": ("go/count-9.svg", 1.4),
}
PAGE = (
    '<!DOCTYPE html><html><head><meta charset="utf-8"><style>html,body{{margin:0;padding:0;background:#fff}}'
    "svg{{display:block}}</style></head><body>{svg}</body></html>"
)

#: headless Chromium that fetches nothing of its own (no updates, sync or background requests)
HEADLESS = [
    "chromium",
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_screenshot(
    page: Path, png: Path, width: int, height: int, scale: float = 1.0, env: dict[str, str] | None = None
) -> None:
    """Headless Chromium's screenshot of the HTML file ``page``, ``width`` × ``height`` CSS pixels
    times ``scale``, written to ``png`` (a throwaway profile beside ``page``); ``env``: its
    environment (default: this process's)."""
    subprocess.run(
        [
            *HEADLESS,
            "--hide-scrollbars",
            f"--user-data-dir={page.parent}/profile",
            f"--force-device-scale-factor={scale}",
            f"--window-size={width},{height}",
            f"--screenshot={png}",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
        env=env,
    )


def screenshot(svg: Path, png: Path, scale: float) -> None:
    """A screenshot of the SVG file ``svg``, exactly its size times ``scale``, written to ``png``."""
    document = svg.read_text(encoding="utf-8")
    match = re.search(r'<svg[^>]*\bwidth="(\d+)" height="(\d+)"', document)
    assert match, f"{svg} has no width and height"
    with tempfile.TemporaryDirectory() as temporary:
        page = Path(temporary) / "board.html"
        page.write_text(PAGE.format(svg=document), encoding="utf-8")
        chromium_screenshot(page, png, int(match.group(1)), int(match.group(2)), scale)


def main() -> int:
    if shutil.which("chromium") is None:
        print("chromium is not installed", file=sys.stderr)
        return 1
    out = ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    for name, (golden, scale) in PICTURES.items():
        screenshot(GOLDEN / golden, out / name, scale)
        print(f"{out / name}: {(out / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
