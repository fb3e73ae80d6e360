"""Movetext of PGN records and score sheets: tokens to a move tree with spans and findings.

The tree is built with an explicit stack; variations nested deeper than ``limits().depth`` are
blanked before the lexer runs, with an IO008 finding (the walk, the writers and the worker
processes' pickling then never meet a tree deeper than the limit)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kifu.core.digits import ascii_number
from kifu.core.excerpt import short
from kifu.core.findings import IO_LIMIT, Finding
from kifu.core.grammar import load
from kifu.core.limits import limits
from kifu.core.record import MoveNode, Span
from kifu.xiangqi import codes
from kifu.xiangqi.formats.budget import MoveBudget
from kifu.xiangqi.notation.spec import to_ascii
from lark import Token

RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*"}
_MOVES = ("CHINESE_MOVE", "WXF_MOVE", "COORD_MOVE", "BAD_MOVE")


def normalise_result(text: str) -> str | None:
    """``1-0``/``0-1``/``1/2-1/2``/``*`` for a result token (红胜 = Red wins)."""
    if text in RESULTS:
        return RESULTS[text]
    if text[0] in "红紅":
        return "1-0"
    if text[0] == "黑":
        return "0-1"
    if text in ("和棋", "和局"):
        return "1/2-1/2"
    return None


def reads_as_written(text: str) -> bool:
    """Whether ``text``, written alone between spaces in movetext, reads back as one move with
    this very text: what a writer may copy as written (a CBF step such as ``12-14`` may not)."""
    ascii_text = to_ascii(text)
    tokens = list(load("xiangqi_movetext").lex(ascii_text))
    return len(tokens) == 1 and tokens[0].type in _MOVES and str(tokens[0]) == ascii_text


def _position(tok: Token) -> tuple[int, int, int, int]:
    """Line, column, end line and end column (exclusive) of a token, all 1-based."""
    line = tok.line or 1
    column = tok.column or 1
    return line, column, tok.end_line or line, tok.end_column or column + len(tok)


@dataclass(slots=True)
class Movetext:
    """The moves of one record, its result marker and what was wrong in the text."""

    moves: list[MoveNode] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    result: str | None = None
    result_span: Span | None = None
    findings: list[Finding] = field(default_factory=list)
    after_result: Span | None = None
    #: the round number written before a move (none but comments between them in its line), by
    #: the start ``(line, column)`` of the move's span: the number's span and text as written
    numbers: dict[tuple[int, int], tuple[Span, str]] = field(default_factory=dict)


_NESTING = re.compile(r"\{[^}]*\}?|;[^\n]*|[()]")


def _too_deep(text: str, limit: int, first_line: int, findings: list[Finding]) -> str:
    """``text`` with each variation nested deeper than ``limit`` blanked (newlines kept, so that
    the rest keeps its lines and columns), and an IO008 finding at each one's ``(``."""
    depth = 0
    start = -1
    cuts: list[tuple[int, int]] = []
    for match in _NESTING.finditer(text):
        token = match.group()
        if token == "(":
            depth += 1
            if depth == limit + 1:
                start = match.start()
        elif token == ")" and depth:
            depth -= 1
            if depth == limit:
                cuts.append((start, match.end()))
    if depth > limit:  # never closed
        cuts.append((start, len(text)))
    for begin, _ in cuts:
        line = text.count("\n", 0, begin)
        column = begin - text.rfind("\n", 0, begin)
        message = (
            f"variations nested deeper than {limit} (the depth limit, --max-depth): this one and "
            "those inside it are not read"
        )
        findings.append(IO_LIMIT(message, Span.point(line + first_line, column), move="("))
    pieces = []
    end = 0
    for begin, stop in cuts:
        pieces.append(text[end:begin])
        pieces.append(re.sub(r"[^\n]", " ", text[begin:stop]))
        end = stop
    pieces.append(text[end:])
    return "".join(pieces)


def read_movetext(text: str, first_line: int, original_lines: list[str] | None = None) -> Movetext:
    """Tokenise ``text`` (which starts on line ``first_line`` of the file) into a move tree."""
    out = Movetext()
    lines = original_lines if original_lines is not None else text.split("\n")
    ascii_text = to_ascii(text)
    depth_limit = limits().depth
    if depth_limit and ascii_text.count("(") > depth_limit:
        ascii_text = _too_deep(ascii_text, depth_limit, first_line, out.findings)
    # the grammar is a flat stream of tokens: its lexer alone reads it (a parse would only
    # build the same list, at twice the cost)
    tokens = load("xiangqi_movetext").lex(ascii_text)
    stack: list[list[MoveNode]] = [out.moves]
    pending: list[str] = []
    junk: list[Token] = []
    number: int | None = None
    numbers: list[int | None] = []  # the number of each enclosing line, again after its variation
    number_token: tuple[Span, str] | None = None  # the number token before the next move of the line

    def span(tok: Token) -> Span:
        line, column, end_line, end_column = _position(tok)
        return Span(line + first_line - 1, column, end_line + first_line - 1, end_column)

    def original(tok: Token) -> str:
        """The token as written (the lexer saw full-width forms mapped to ASCII)."""
        line, column, end_line, end_column = _position(tok)
        if end_line > len(lines):
            return str(tok)
        if line == end_line:
            return lines[line - 1][column - 1 : end_column - 1]
        inner = lines[line : end_line - 1]
        return "\n".join([lines[line - 1][column - 1 :], *inner, lines[end_line - 1][: end_column - 1]])

    def flush_junk() -> None:
        if not junk:
            return
        first, last = _position(junk[0]), _position(junk[-1])
        where = Span(first[0] + first_line - 1, first[1], last[2] + first_line - 1, last[3])
        shown = short("".join(original(t) for t in junk))
        message = f"{shown!r} is not a move, move number, comment or result"
        out.findings.append(codes.UNREADABLE_TEXT(message, where, move=shown))
        junk.clear()

    budget = MoveBudget()
    for tok in tokens:
        kind = tok.type
        if kind == "JUNK":
            if junk and (junk[-1].line != tok.line or junk[-1].end_column != tok.column):
                flush_junk()
            junk.append(tok)
            continue
        flush_junk()
        if out.result is not None and kind not in ("COMMENT", "LINE_COMMENT", "TRAILER"):
            out.after_result = out.after_result or span(tok)
        if kind in _MOVES:
            if not budget.take():
                out.findings.append(budget.finding(span(tok), move=original(tok)))
                break
            where = span(tok)
            node = MoveNode(text=original(tok), span=where, move_number=number, comments_before=pending)
            pending = []
            if number_token is not None:
                out.numbers[(where.line, where.column)] = number_token
                number_token = None
            stack[-1].append(node)
        elif kind == "MOVENUM":
            number = int("".join(ch for ch in str(tok) if "0" <= ch <= "9"))
            number_token = (span(tok), original(tok))
        elif kind in ("COMMENT", "LINE_COMMENT", "UNCLOSED_COMMENT"):
            written = original(tok)  # only the delimiters go: a comment may begin with ';' or end with '{'
            body = (written[1:-1] if kind == "COMMENT" else written[1:]).strip()
            if kind == "UNCLOSED_COMMENT":
                out.findings.append(codes.UNCLOSED("comment `{` is never closed", span(tok)))
            if stack[-1]:
                stack[-1][-1].comments_after.append(body)
            elif len(stack) == 1:
                out.comments.append(body)
            else:
                pending.append(body)
        elif kind == "LPAR":
            numbers.append(number)
            number_token = None
            if stack[-1]:
                variation: list[MoveNode] = []
                stack[-1][-1].variations.append(variation)
                stack.append(variation)
            else:
                message = "variation `(` before any move"
                out.findings.append(codes.UNREADABLE_TEXT(message, span(tok), move="("))
                stack.append([])
        elif kind == "RPAR":
            if len(stack) > 1:
                stack.pop()
                number = numbers.pop()
                number_token = None
            else:
                out.findings.append(codes.UNREADABLE_TEXT("`)` without `(`", span(tok), move=")"))
        elif kind == "NAG":
            nag = ascii_number(str(tok)[1:])
            if nag is None:
                shown = str(tok) if len(str(tok)) < 12 else str(tok)[:10] + "…"
                message = f"NAG {shown} is out of range"
                out.findings.append(codes.UNREADABLE_TEXT(message, span(tok), move=shown))
            elif stack[-1]:
                stack[-1][-1].nags.append(nag)
        elif kind == "RESULT" and len(stack) == 1 and out.result is None:
            out.result = normalise_result(str(tok))
            out.result_span = span(tok)
        elif kind == "TRAILER":
            break
    flush_junk()
    if len(stack) > 1:
        out.findings.append(codes.UNCLOSED("variation `(` is never closed", None))
    return out
