"""The SGF grammar's side of :mod:`kifu.go.parser`: a game tree that the scanner
(:func:`kifu.go.parser.scan`) declines is parsed here by the Lark grammar, which finds what is
wrong with it. Imported only then, so that checking a clean record does not import Lark.
"""

from __future__ import annotations

from typing import Any

from kifu.core.excerpt import short
from kifu.core.grammar import load
from kifu.go import codes
from kifu.go.nodes import ParseContext, split_nodes, split_property, unclosed_value
from kifu.go.tree import Node, Prop, RawTree
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken


class _Builder(Transformer[Token, Any]):
    """Inline transformer: builds :class:`Node` and :class:`RawTree` while parsing."""

    ctx: ParseContext

    def property(self, children: list[Token]) -> Prop:
        token = children[0]
        base = self.ctx.base + token.start_pos  # type: ignore[operator]
        if token.type == "BAREID":
            self.ctx.add(
                codes.PROPERTY_WITHOUT_VALUE,
                f"property {token} has no value (ignored)",
                token.start_pos or 0,
                len(token),
            )
            return Prop(str(token), [], base)
        return split_property(str(token), base)

    def stray(self, children: list[Token]) -> list[Token]:
        first = children[0]
        self.ctx.add(
            codes.VALUES_WITHOUT_ID,
            f"{len(children)} value(s) without a property identifier (ignored): {short(''.join(children))}",
            first.start_pos or 0,
            len(first),
        )
        return children

    def sequence(self, children: list[Any]) -> list[Node]:
        head: Token = children[0]
        nodes = split_nodes(str(head), self.ctx.base + (head.start_pos or 0))
        last = nodes[-1]
        for child in children[1:]:
            if isinstance(child, Prop) and child.values:
                last.add(child)
        return nodes

    def headless(self, children: list[Prop]) -> Node:
        node = Node(children[0].offset)
        for prop in children:
            if prop.values:
                node.add(prop)
        self.ctx.headless.add(id(node))
        return node

    def gametree(self, children: list[Any]) -> RawTree:
        lpar: Token = children[0]
        tree = RawTree(self.ctx.base + (lpar.start_pos or 0), [])
        if len(children) > 1 and id(children[1]) in self.ctx.headless:
            self.ctx.add(
                codes.MISSING_SEMICOLON,
                "game tree starts without `;`: a node is assumed",
                lpar.start_pos or 0,
            )
        items = tree.items
        for child in children[1:]:
            if isinstance(child, list):
                if child and isinstance(child[0], Node):
                    items.extend(child)
            elif isinstance(child, (Node, RawTree)):
                items.append(child)
        return tree

    def start(self, children: list[RawTree]) -> list[RawTree]:
        return children


_BUILDER = _Builder()


def _junk(token: Token) -> Token:
    """An ignored JUNK or UNCLOSED token: its finding at once (a flood of them keeps no token)."""
    ctx = _BUILDER.ctx
    where = token.start_pos or 0
    if token.type == "UNCLOSED":  # (the scan cut the text before such a value: not met)
        unclosed_value(ctx, where, str(token))
    else:
        ctx.add(
            codes.ILLEGAL_CHARS, f"illegal characters (ignored): {short(str(token))!r}", where, len(token)
        )
    return token


def parser() -> Lark:
    """The SGF parser, built once per process from ``kifu.grammars/sgf.lark``."""
    return load("sgf", transformer=_BUILDER, lexer_callbacks={"JUNK": _junk, "UNCLOSED": _junk})


def _on_error(ctx: ParseContext) -> Any:
    def handle(error: UnexpectedInput) -> bool:
        if isinstance(error, UnexpectedToken):
            token = error.token
            if token.type == "$END":
                ctx.add(codes.MISSING_PAREN, "the game tree is not closed: `)` missing at the end", ctx.end)
                interactive = error.interactive_parser
                for _ in range(1_000_000):
                    if "$END" in interactive.accepts():  # type: ignore[no-untyped-call]
                        break
                    interactive.feed_token(Token("RPAR", ")"))
                return True
            where = token.start_pos or 0
            if token.type == "VALUE":
                ctx.add(
                    codes.VALUES_WITHOUT_ID,
                    f"value without a property identifier (ignored): {short(str(token))}",
                    where,
                    len(token),
                )
            elif token.type in ("PROPERTY", "BAREID"):
                ctx.add(
                    codes.NODE_OUTSIDE_VARIATION,
                    f"property {short(str(token))} after a variation, outside any node (ignored)",
                    where,
                    len(token),
                )
            else:
                ctx.add(codes.ILLEGAL_CHARS, f"unexpected {short(str(token))!r} (ignored)", where, len(token))
            return True
        if isinstance(error, UnexpectedCharacters):
            ctx.add(
                codes.ILLEGAL_CHARS, f"illegal character {error.char!r} (ignored)", error.pos_in_stream or 0
            )
            return True
        return False

    return handle


def lark_parse(chunk: str, ctx: ParseContext) -> list[RawTree]:
    """The raw trees of a prepared game tree's text parsed by the grammar, the syntax problems
    added to ``ctx``."""
    _BUILDER.ctx = ctx
    try:
        trees: list[RawTree] = parser().parse(chunk, on_error=_on_error(ctx))  # type: ignore[assignment]
    except UnexpectedInput as error:  # recovery gave up: report it, keep nothing of this game
        ctx.add(
            codes.ILLEGAL_CHARS,
            f"cannot parse this game tree: {str(error).splitlines()[0]}",
            getattr(error, "pos_in_stream", 0) or 0,
        )
        trees = []
    return trees
