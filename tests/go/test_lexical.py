"""SGF's lexical pieces (:mod:`kifu.go.lexical`) are the grammar's terminals, as Lark reads them.

The readers' fast paths (:mod:`kifu.go.tree`, :mod:`kifu.go.parser`, :mod:`kifu.go.reader`) build
every pattern from these pieces; a change to a terminal of ``grammars/sgf.lark`` without the
same change here fails this test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kifu.go import lexical
from kifu.go.parser import parser

CLI = Path(__file__).resolve().parents[2] / "cli"


@pytest.mark.parametrize("terminal", ["VALUE", "PROPERTY", "NODES", "UNCLOSED"])
def test_each_piece_is_the_grammars_terminal(terminal: str) -> None:
    pattern = parser().get_terminal(terminal).pattern
    assert pattern.value == getattr(lexical, terminal)
    assert set(pattern.flags) == {"s"}  # (a value's "." takes a line break, as re.S does)


def test_the_pieces_put_together_match_as_the_terminals_do() -> None:
    """A value, a property and a run of nodes with escapes, soft line breaks and white space."""
    text = ";B[pd]\n;W[dp]C[a \\] comment\\\non two lines]AB[aa][bb] ; "
    assert re.fullmatch(lexical.NODES, text, re.S)
    assert re.match(lexical.PROPERTY, "AB[aa] [bb]", re.S).group() == "AB[aa] [bb]"  # type: ignore[union-attr]
    assert re.fullmatch(lexical.UNCLOSED, "[an open comment \\", re.S)
    assert re.fullmatch(lexical.VALUE_PARTS, "[a\\]b]", re.S).group(1) == "a\\]b"  # type: ignore[union-attr]


def test_the_value_pattern_is_written_once_in_the_package() -> None:
    """No module writes the value pattern out again: each builds it from the pieces."""
    written = [
        path.relative_to(CLI).as_posix()
        for path in CLI.rglob("*.py")
        if lexical.VALUE_TEXT in path.read_text(encoding="utf-8")
    ]
    assert written == ["go/lexical.py"]
