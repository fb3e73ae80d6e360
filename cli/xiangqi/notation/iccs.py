"""Coordinate notations: ICCS (``H2-E2``) and UCCI (``h2e2``)."""

from __future__ import annotations

import re

from kifu.xiangqi.board import FILES, square
from kifu.xiangqi.notation._lark import grammar
from kifu.xiangqi.notation.spec import MoveSpec, NotationError

_SHAPE = re.compile(r"[a-iA-I][0-9]-?[a-iA-I][0-9]")


def looks_like(text: str) -> bool:
    return _SHAPE.fullmatch(text) is not None


def parse(text: str) -> MoveSpec:
    """Read ``H2-E2`` or ``h2e2``."""
    from lark.exceptions import LarkError

    try:
        tree = grammar("xiangqi_iccs").parse(text)
    except LarkError:
        raise NotationError(f"not a coordinate move: {text!r}") from None
    a, b = (str(t).lower() for t in tree.children)
    frm = square(FILES.index(a[0]), int(a[1]))
    to = square(FILES.index(b[0]), int(b[1]))
    return MoveSpec("iccs" if "-" in text else "ucci", squares=(frm, to))
