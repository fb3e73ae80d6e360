"""SGF's lexical pieces, written once: the patterns of the Go readers are built from them.

The grammar (``grammars/sgf.lark``) is the definition of SGF; its VALUE, PROPERTY, NODES and
UNCLOSED terminals are these pieces put together, and ``tests/go/test_lexical.py`` holds each
equal to the terminal it stands for (as Lark compiles it), so that the fast paths of
:mod:`kifu.go.tree`, :mod:`kifu.go.parser` and :mod:`kifu.go.reader` cannot drift from it.

Every repetition is possessive (``*+``, ``++``): nothing after a complete value could take back a
character of it, and Python's regex engine then keeps no backtracking state per repetition (a
property of a million values, or a comment of a million escapes, costs no more than its text).
"""

from __future__ import annotations

from typing import Final

#: a value's text: any characters, ``\`` escaping the next one (``\]`` and a soft line break
#: stay inside the value)
VALUE_TEXT: Final = r"[^\\\]]*+(?:\\.[^\\\]]*+)*+"
#: a value's text without an escape (a move's, a point's: most of an archive's values)
PLAIN_TEXT: Final = r"[^\\\]]*+"
#: a value: ``[``, its text, ``]`` (the grammar's VALUE)
VALUE: Final = rf"\[{VALUE_TEXT}\]"
#: a property identifier (FF[1]-FF[3] allow lower-case letters in it)
IDENT: Final = r"[A-Za-z]++"
#: a property: its identifier and its values (the grammar's PROPERTY)
PROPERTY: Final = rf"{IDENT}(?:\s*+{VALUE})++"
#: a run of nodes: ``;`` and properties, repeated (the grammar's NODES)
NODES: Final = rf"(?:;(?:\s*+{PROPERTY})*+\s*+)++"
#: a value left open at the end of the text (the grammar's UNCLOSED)
UNCLOSED: Final = rf"\[{VALUE_TEXT}\\?\Z"
#: a property as the readers take it apart: its identifier (group 1) and its values with the
#: white space after each (group 2)
PROPERTY_PARTS: Final = rf"({IDENT})\s*+((?:{VALUE}\s*+)++)"
#: a value as the readers take it apart: its text (group 1)
VALUE_PARTS: Final = rf"\[({VALUE_TEXT})\]"

__all__ = [
    "IDENT",
    "NODES",
    "PLAIN_TEXT",
    "PROPERTY",
    "PROPERTY_PARTS",
    "UNCLOSED",
    "VALUE",
    "VALUE_PARTS",
    "VALUE_TEXT",
]
