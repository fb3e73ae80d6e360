"""kifu.core.markup writes what xml.sax.saxutils writes (it replaces it to spare its imports), once
a stranger's controls are shown as escapes, as on a terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from hypothesis import given
from hypothesis import strategies as st
from kifu.core import markup
from kifu.core.escape import terminal

TEXT = st.text(alphabet=st.sampled_from("ab&<>\"'\n\r\t é;#\x1b\x07\x9b\u202e"), max_size=20)


@given(TEXT)
def test_escape_and_quoteattr_are_saxutils_of_the_text_the_terminal_shows(text: str) -> None:
    assert markup.escape(text) == escape(terminal(text))
    assert markup.quoteattr(text) == quoteattr(terminal(text))
    if terminal(text) == text:  # nothing to show: exactly saxutils
        assert markup.escape(text) == escape(text) and markup.quoteattr(text) == quoteattr(text)


def test_a_control_or_a_bidirectional_override_is_shown_not_obeyed() -> None:
    assert markup.escape("A\u202eB<\x1b>") == "A\\u202eB&lt;\\x1b&gt;"
    assert markup.html_text('O\'Neil "x"') == "O&#x27;Neil &quot;x&quot;"


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
