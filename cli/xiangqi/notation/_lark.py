"""Loading the notation grammars once."""

from __future__ import annotations

from kifu.core.grammar import load
from kifu.xiangqi.notation.spec import NotationError
from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedInput


def grammar(name: str) -> Lark:
    """The LALR parser of ``grammars/<name>.lark`` (the project's one cached loader)."""
    return load(name)


def parse_move(name: str, text: str, what: str) -> Tree[Token]:
    """Parse ``text`` with grammar ``name``; a failure is a :class:`NotationError` that names
    ``what`` was expected ("a Chinese move") and the character where reading stopped."""
    try:
        tree: Tree[Token] = grammar(name).parse(text)
    except UnexpectedInput as error:
        column = max(getattr(error, "column", 1) - 1, 0)
        raise NotationError(
            f"not {what}: {text!r} cannot be read at character {column + 1}", column
        ) from None
    except LarkError as error:
        raise NotationError(f"not {what}: {text!r} ({error})") from None
    return tree
