"""Xiangqi move notations: Chinese (full and abridged), WXF, ICCS and UCCI.

Reading gives a :class:`~kifu.xiangqi.notation.spec.MoveSpec`; :func:`resolve` finds the move it
means in a position, or explains why there is none. Writers turn a legal move into text.
"""

from __future__ import annotations

from kifu.xiangqi.notation.resolve import Resolution, resolve
from kifu.xiangqi.notation.spec import MoveSpec, NotationError, parse_move
from kifu.xiangqi.notation.write import NOTATIONS, write_move

__all__ = ["NOTATIONS", "MoveSpec", "NotationError", "Resolution", "parse_move", "resolve", "write_move"]
