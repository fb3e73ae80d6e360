"""kifu.core.markup writes what xml.sax.saxutils writes (it replaces it to spare its imports)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from hypothesis import given
from hypothesis import strategies as st
from kifu.core import markup

TEXT = st.text(alphabet=st.sampled_from("ab&<>\"'\n\r\t é;#"), max_size=20)


@given(TEXT)
def test_escape_and_quoteattr_are_saxutils(text: str) -> None:
    assert markup.escape(text) == escape(text)
    assert markup.quoteattr(text) == quoteattr(text)


def test_a_check_does_not_import_the_saxutils_chain() -> None:
    """xml.sax.saxutils imports urllib.request, http.client and email: 40 ms at every start."""
    code = (
        "import sys; from kifu.app import cli; from click.testing import CliRunner; "
        "CliRunner().invoke(cli, ['check', '-q', 'fixtures/go/good/9x9-even-two-passes.sgf']); "
        "print(sorted(m for m in ('xml.sax.saxutils', 'urllib.request', 'http.client') if m in sys.modules))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True)
    assert out.stdout.strip() == "[]"
