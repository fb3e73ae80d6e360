"""Issue 30: the report at 400 px (a phone): the page does not scroll sideways (a wide table
scrolls inside its own box), and no heading breaks inside a word (a long path wraps at its
separators). Measured by Chromium's layout: the page in a 400 px frame of a page with a
measuring script (headless Chromium's window is at least 500 px wide; the report itself runs no
script, and its Content-Security-Policy would block one)."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

ROOT = Path(__file__).resolve().parents[2]

#: what the script finds in the frame, written into the page's DOM for --dump-dom
MEASURE = """<script>
function measure(frame) {
const window = frame.contentWindow, document = frame.contentDocument;
const {innerWidth, getComputedStyle, NodeFilter} = window;
const found = {width: innerWidth, page: document.documentElement.scrollWidth, tables: [], broken: []};
for (const table of document.querySelectorAll("table")) {
  const wide = table.scrollWidth > table.clientWidth, scrolls = getComputedStyle(table).overflowX === "auto";
  if ((wide && !scrolls) || table.getBoundingClientRect().right > innerWidth + 1) {
    found.tables.push(table.textContent.slice(0, 40));
  }
}
for (const heading of document.querySelectorAll("h1, h2, h3")) {
  const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/[^\\s\\/_-]+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
      if (tops.size > 1) found.broken.push(word[0]);
    }
  }
}
const out = frame.ownerDocument.createElement("pre");
out.id = "measured";
out.textContent = JSON.stringify(found);
frame.ownerDocument.body.append(out);
}
</script>"""


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_at_400_px_tables_scroll_in_their_box_and_headings_break_between_words(tmp_path: Path) -> None:
    deep = tmp_path / "a-federation_archive" / "season-2024" / "round-robin"
    deep.mkdir(parents=True)
    record = (ROOT / "fixtures/xiangqi/bad/XQ101-rules.pgn").read_text(encoding="utf-8")
    (deep / "an-unusually-long-record-file-name-of-the-final-round.pgn").write_text(record, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "-r", "-q", "--isolated", "--format", "html", str(tmp_path)])
    assert result.exit_code == 1, result.output
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", result.stdout)
    path = tmp_path / "phone.html"
    path.write_text(
        f"<!DOCTYPE html><html><head>{MEASURE}</head><body>"
        f'<iframe width="400" height="900" onload="measure(this)" srcdoc="{html.escape(page)}"></iframe>'
        "</body></html>",
        encoding="utf-8",
    )
    dom = subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=600,1000",
            "--dump-dom",
            path.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    match = re.search(r'<pre id="measured">(.*?)</pre>', dom.stdout, re.S)
    assert match, dom.stderr[-2000:]
    found = json.loads(match.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert found["width"] == 400
    assert found["page"] <= 400, found  # nothing makes the page scroll sideways
    assert found["tables"] == [] and found["broken"] == []
