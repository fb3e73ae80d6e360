"""From the parser's items to a :class:`Record`, with the syntax findings of one game.

The reader walks the items iteratively (variations may nest thousands deep), keeps every
comment, NAG and variation on the record, and reports what the grammar let through: broken
tags, tags inside the movetext, stray braces and parentheses, text after the result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from kifu.chess import codes, fixes
from kifu.chess.grammar import Item, Variation, parse, parser
from kifu.chess.moves import SAN_TO_NAG
from kifu.chess.splitter import GameText

# (re-exported: start_board lives in kifu.chess.start, which imports python-chess only to make a board)
from kifu.chess.start import start_board as start_board
from kifu.core.digits import ascii_number
from kifu.core.excerpt import short
from kifu.core.findings import IO_LIMIT, Code, Edit, Finding, Fix, Severity, Tally
from kifu.core.limits import characters, limits
from kifu.core.record import MoveNode, Record, Span, line_span
from lark import Token

_TAG = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"(.*)"[ \t]*\]', re.S)
#: An item of a MOVE token: a move number indication (``12.``, ``12 ...``, ``12…``) or a move.
#: The token is a run of the grammar's full moves, so its moves are parted by white space and
#: a number indication always belongs to the move after it.
_RUN_ITEM = re.compile(r"([0-9]+)[ \t]*(?:\.+|…)\s*|(\S+)\s*")
_UNESCAPED_QUOTE = re.compile(r'(?<!\\)(?:\\\\)*"')
_RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
_MAX_SHOWN = 60
#: the longest game the Laws allow (FIDE 9.6.2: 75 moves without a capture or pawn move end it)
MAX_PLIES = 17_697
_MAX_DEPTH = 100  # deeper nesting of variations is reported (and still checked)
_MAX_UNREADABLE = 3  # unreadable items reported one by one; the rest are counted


def castling_slip(text: str) -> bool:
    """Castling with its first letter missing (``-O`` for O-O, ``-0-0``, ``-O-O+``): the grammar
    lexes it as garbage (a move begins with a letter), but it is a slip of a move and read as one,
    so that the checker says what was meant instead of dropping it.

    The text is ``-`` then ``-``, ``O`` and ``0`` with at least one ``O`` or ``0``, then ``+`` or
    ``#`` at most once: what ``-[-O0]*[O0][-O0]*[+#]?`` matches whole, told with string methods in
    one pass (that pattern tries each way to share the run between its two stars: a token of
    40,000 ``O`` took 36 s).
    """
    if not text.startswith("-"):
        return False
    body = text[1:-1] if text.endswith(("+", "#")) else text[1:]
    return not body.strip("-O0") and ("O" in body or "0" in body)


@dataclass(slots=True)
class ReadGame:
    """A record and the syntax findings about it."""

    record: Record
    findings: list[Finding] = field(default_factory=list)
    #: the findings of each code past :data:`~kifu.core.findings.MAX_PER_CODE`, counted, not made
    dropped: dict[str, int] = field(default_factory=dict)


def shown(text: str) -> str:
    """Quote source text in a message: on one line, shortened when long."""
    return repr(short(text, _MAX_SHOWN))


class _Reader:
    def __init__(self, game: GameText, index: int, grammar_only: bool = False) -> None:
        self.game = game
        self.grammar_only = grammar_only
        self.offset = game.start_line - 1
        self.record = Record(game="chess", index=index, line=game.start_line)
        self.findings: list[Finding] = []
        self.tally = Tally()  # (a flood of one finding per token builds a hundred of them)
        self.after_result_reported = False
        self.unreadable = 0
        self.deep_reported = False
        self.too_long_reported = False
        self.too_deep_reported = False
        self.last_unreadable: Token | None = None

    # --- spans and findings --------------------------------------------------------------
    def span(self, token: Token | Piece, text: str | None = None) -> Span:
        value = (text if text is not None else token.value).rstrip()
        line = (token.line or 1) + self.offset
        newlines = value.count("\n")
        if newlines:
            return Span(line, token.column or 1, line + newlines, len(value) - value.rfind("\n"))
        return line_span(line, token.column or 1, (token.column or 1) + max(len(value), 1))

    def report(
        self,
        code: Code,
        message: str,
        token: Token | Piece,
        *,
        caret: bool = True,
        severity: Severity | None = None,
    ) -> Finding | None:
        if not self.tally.admit(code.code):
            return None
        span = self.span(token)
        source = self.game.lines[span.line - self.game.start_line] if caret else None
        finding = code(message, span, source_line=source, severity=severity)
        self.findings.append(finding)
        return finding

    # --- the walk -------------------------------------------------------------------------
    def read(self) -> ReadGame:
        text = self.game.text
        # the plain tag pairs of a header, and movetext of moves and a result alone, are read
        # here as the grammar reads them; anything else, from its line on, by the grammar
        header, rest = ([], 0) if self.grammar_only else plain_header(text)
        run = None if self.grammar_only else plain_run(text, rest)
        items: list[Item] = [] if run is not None else _hoist_result(parse(text[rest:] if rest else text))
        if self.game.cut:
            self.findings.append(
                IO_LIMIT(
                    f"this game passes {characters(limits().record)} at line {self.game.cut} "
                    "(--max-record): the rest of it, up to the next game, is not read",
                    Span.point(self.game.cut, 1),
                )
            )
        if self.game.missing_blank_line:
            blank = codes.MISSING_BLANK_LINE(
                "this game's tags follow the previous game's movetext without a blank line",
                Span.point(self.game.start_line, 1),
            )
            start = self.game.start_line
            blank.fix = codes.MISSING_BLANK_LINE.fixing(
                "put a blank line before the tags", Edit(Span(start, 1, start, 1), "\n")
            )
            self.findings.append(blank)
        if header:
            self._header(header)
            self.offset += len(header)
        if run is not None:
            self._move(run[0], self.record.moves, [])
            self._result(run[1], True)
        depth_cap = limits().depth
        # each frame: (items, position in items, the line being built, pending comments)
        stack: list[tuple[list[Item], int, list[MoveNode], list[str]]] = [(items, 0, self.record.moves, [])]
        while stack:
            items, position, line, pending = stack.pop()
            top = len(stack) == 0
            while position < len(items):
                item = items[position]
                position += 1
                if isinstance(item, Variation):
                    if not line:
                        self.report(
                            codes.VARIATION_AT_START,
                            "a variation must follow the move it replaces",
                            item.open,
                        )
                    if not item.closed:
                        self.report(
                            codes.UNCLOSED_VARIATION, "this variation is never closed with ')'", item.open
                        )
                    if self.record.result is not None and top:
                        self._after_result(item.open)
                        continue
                    if depth_cap and len(stack) >= depth_cap:
                        self._too_deep(item, depth_cap)
                        continue
                    alternatives: list[MoveNode] = []
                    if line:
                        line[-1].variations.append(alternatives)
                    stack.append((items, position, line, pending))
                    stack.append((item.items, 0, alternatives, []))
                    if len(stack) > _MAX_DEPTH and not self.deep_reported:
                        self.deep_reported = True
                        self.report(
                            codes.DEEP_VARIATIONS,
                            f"variations nested more than {_MAX_DEPTH} levels deep",
                            item.open,
                            caret=False,
                        )
                    break
                self._token(item, line, pending, top)
            else:
                if pending and line:
                    line[-1].comments_after.extend(pending)
                elif pending and top:
                    self.record.comments.extend(pending)
        if self.last_unreadable is not None:
            more = self.unreadable - _MAX_UNREADABLE
            self.report(
                codes.UNEXPECTED_TEXT,
                f"{more} more unreadable item(s) in this game, the last {shown(self.last_unreadable.value)} "
                "(is this file PGN?)",
                self.last_unreadable,
                caret=False,
            )
        return ReadGame(self.record, self.findings, self.tally.dropped())

    def _token(self, token: Token, line: list[MoveNode], pending: list[str], top: bool) -> None:
        kind = token.type
        if kind == "MOVE" or (kind == "GARBAGE" and castling_slip(token.value.rstrip())):
            if top and self.record.result is not None:
                self._after_result(token)
                return
            self._move(token, line, pending)
        elif kind == "COMMENT":
            text = token.value.rstrip()[1:-1]
            if "{" in text:
                self.report(
                    codes.NESTED_COMMENT,
                    "'{' inside a comment: comments do not nest, the first '}' ends it",
                    token,
                )
            self._comment(text.strip(), line, pending)
        elif kind == "LINE_COMMENT":
            self._comment(token.value.rstrip()[1:].strip(), line, pending)
        elif kind == "UNCLOSED_COMMENT":
            lines = token.value.count("\n")
            opening = self.span(token)
            self.findings.append(
                codes.UNCLOSED_COMMENT(
                    "comment opened here is never closed: the rest of the game "
                    f"({lines + 1} line(s), up to the next game's tags) is read as comment",
                    Span.point(opening.line, opening.column),
                    source_line=self.game.lines[opening.line - self.game.start_line],
                )
            )
            self._comment(token.value[1:].strip(), line, pending)
        elif kind == "NAG":
            # ASCII: the grammar; a NAG of more than 9 digits is out of range, not missing
            self._nag(token, line, ascii_number(token.value.rstrip()[1:], saturate=True) or 0)
        elif kind == "SUFFIX":
            self._nag(token, line, SAN_TO_NAG[token.value.rstrip()])
        elif kind == "RESULT":
            self._result(token, top)
        elif kind == "TAG":
            in_header = top and not self.record.moves and self.record.result is None
            for pair in _items(token, _one_of("TAG")):
                self._tag(pair, in_header)
        elif kind == "BAD_TAG":
            self._bad_tag(token)
        elif kind == "MOVE_NUMBER":
            if top and self.record.result is not None:
                self._after_result(token)
        elif kind == "RPAR":
            self.report(codes.STRAY_PARENTHESIS, "')' closes a variation that was never opened", token)
        elif kind == "STRAY_BRACE":
            self.report(codes.STRAY_BRACE, "'}' closes a comment that was never opened", token)
        elif kind == "GARBAGE":
            self._garbage(token, line, top)
        # ESCAPE lines are ignored by definition

    def _move(self, token: Token | Piece, line: list[MoveNode], pending: list[str]) -> None:
        """A MOVE token: full moves in a row (move numbers, moves, replies)."""
        if len(line) >= MAX_PLIES:
            self._too_long(token)
            return
        value = token.value
        line_number = (token.line or 1) + self.offset
        line_start = 1 - (token.column or 1)  # offset in value where the current line starts
        next_break = value.find("\n")  # the first line break not yet counted in line_number
        for offset, text, number in run_items(value):
            while 0 <= next_break < offset:  # (a search per line, not a count per move)
                line_number += 1
                line_start = next_break + 1
                next_break = value.find("\n", line_start)
            column = offset - line_start + 1
            node = MoveNode(text, line_span(line_number, column, column + len(text)), number)
            if pending:
                node.comments_before.extend(pending)
                pending.clear()
            line.append(node)
            if len(line) >= MAX_PLIES:
                self._too_long(token)
                return

    def _too_deep(self, item: Variation, cap: int) -> None:
        """A variation nested deeper than ``limits().depth``: said once per game, and not read."""
        if not self.too_deep_reported:
            self.too_deep_reported = True
            self.findings.append(
                IO_LIMIT(
                    f"variations nested more than {cap:,} levels deep (--max-depth): the deeper ones "
                    "are not read",
                    self.span(item.open),
                )
            )

    def _too_long(self, token: Token | Piece) -> None:
        """A line reached :data:`MAX_PLIES`: said once per game; its further moves are not read."""
        if not self.too_long_reported:
            self.too_long_reported = True
            self.report(
                codes.LONGER_THAN_ANY_GAME,
                f"a line of more than {MAX_PLIES:,} plies, longer than any game can last "
                "(75 moves without a capture or pawn move end it): the moves after are not read",
                token,
                caret=False,
            )

    def _comment(self, text: str, line: list[MoveNode], pending: list[str]) -> None:
        if line and not pending:
            line[-1].comments_after.append(text)
        else:
            pending.append(text)

    def _nag(self, token: Token, line: list[MoveNode], nag: int) -> None:
        if nag > 255:
            text = token.value.rstrip()
            self.report(
                codes.BAD_NAG,
                f"NAG {text if len(text) < 12 else shown(text)} is out of range ($0 to $255)",
                token,
            )
            return
        if not line:
            self.report(codes.UNEXPECTED_TEXT, f"annotation {shown(token.value)} before any move", token)
            return
        line[-1].nags.append(nag)

    def _result(self, token: Token | Piece, top: bool) -> None:
        value = token.value.rstrip()
        if value == "½-½":
            marker = self.report(
                codes.UNKNOWN_RESULT_SYNTAX, "'½-½' read as the draw marker '1/2-1/2'", token
            )
            if marker is not None and marker.span is not None:
                marker.fix = codes.UNKNOWN_RESULT_SYNTAX.fixing(
                    "write the draw as 1/2-1/2", Edit(marker.span, "1/2-1/2")
                )
            value = "1/2-1/2"
        if not top:
            self.report(codes.AFTER_TERMINATION, f"result {value} inside a variation", token)
            return
        if self.record.result is not None:
            self._after_result(token)
            return
        self.record.result = value
        self.record.result_span = self.span(token)

    def _after_result(self, token: Token | Piece) -> None:
        if not self.after_result_reported:
            self.after_result_reported = True
            self.report(
                codes.AFTER_TERMINATION,
                f"{shown(token.value)} follows the termination marker {self.record.result}; it is ignored",
                token,
            )

    def _header(self, pairs: list[tuple[str, str, int]]) -> None:
        """The tag pairs :func:`plain_header` read, one a line from the game's first: what
        :meth:`_tag` makes of them, without its regular expressions where nothing is to be said."""
        tags, spans = self.record.tags, self.record.tag_spans
        line = self.offset
        for name, value, size in pairs:
            line += 1
            if name in tags:
                self._tag(Piece(self.game.lines[line - self.offset - 1], line - self.offset, 1), True)
            else:
                tags[name] = value
                spans[name] = line_span(line, 1, 1 + size)

    def _tag(self, token: Piece, in_header: bool) -> None:
        match = _TAG.match(token.value.rstrip())
        assert match is not None  # the terminal guarantees the shape
        name, raw = match.group(1), match.group(2)
        if not in_header:
            self.report(codes.TAG_AFTER_MOVETEXT, f"tag [{name}] inside the movetext; it is ignored", token)
            return
        quote = _UNESCAPED_QUOTE.search(raw) if '"' in raw else None  # (most values hold none)
        if quote:
            line = (token.line or 1) + self.offset
            column = (token.column or 1) + match.start(2)
            span = Span.point(line, column + quote.end() - 1)
            finding = codes.UNESCAPED_QUOTE(
                f"unescaped '\"' in the value of [{name}]; write \\\" (read as {shown(raw)})",
                span,
                source_line=self.game.lines[span.line - self.game.start_line],
            )
            if "\n" not in raw:
                edits = [
                    Edit(Span(line, column + at.end() - 1, line, column + at.end() - 1), "\\")
                    for at in _UNESCAPED_QUOTE.finditer(raw)
                ]
                finding.fix = codes.UNESCAPED_QUOTE.fixing("escape the quotes inside the value", *edits)
            self.findings.append(finding)
        value = raw.replace('\\"', '"').replace("\\\\", "\\") if "\\" in raw else raw
        if name in self.record.tags:
            twice = self.report(
                codes.DUPLICATE_TAG,
                f"tag [{name}] given again; the first value {shown(self.record.tags[name])} is kept",
                token,
            )
            line = (token.line or 1) + self.offset
            if (
                twice is not None
                and value == self.record.tags[name]
                and fixes.source_line(self.game, line) is not None
                and fixes.source_line(self.game, line + 1) is not None
                and self.game.lines[line - self.game.start_line].strip() == token.value.strip()
            ):
                twice.fix = codes.DUPLICATE_TAG.fixing(
                    "delete the tag given again with the same value", Edit(Span(line, 1, line + 1, 1), "")
                )
            return
        self.record.tags[name] = value
        self.record.tag_spans[name] = self.span(token)

    def _bad_tag(self, token: Token) -> None:
        text = token.value.rstrip()
        if text.endswith('\\"]'):
            why = "its closing quote is escaped by the backslash before it (write \\\\ for a backslash)"
        elif text.count('"') == 1 or (text.count('"') == 0 and " " in text):
            why = (
                "its string is not closed on this line" if '"' in text else "the value is not a quoted string"
            )
        elif not text.endswith("]"):
            why = "it has no closing ']'"
        else:
            why = 'it is not of the form [Name "value"]'
        # a start position or variant lost changes the game; any other tag is metadata
        setup = text.lstrip("[ ").startswith(("FEN", "SetUp", "Variant"))
        self.report(
            codes.BAD_TAG,
            f"malformed tag pair {shown(text)}: {why}",
            token,
            severity=Severity.ERROR if setup else None,
        )

    def _garbage(self, token: Token, line: list[MoveNode], top: bool) -> None:
        text = token.value.rstrip()
        if text in ("e.p.", "ep", "e.p") and line:
            suffix = self.report(
                codes.EN_PASSANT_SUFFIX, "'e.p.' after a move is not PGN; it is ignored", token
            )
            if suffix is not None and suffix.span is not None:
                suffix.fix = _deleted(self.game.lines[suffix.span.line - self.game.start_line], suffix.span)
            return
        if text.strip(".") == "":
            return  # dots after a move number written apart from it
        if top and self.record.result is not None:
            self._after_result(token)
            return
        self.unreadable += 1
        if self.unreadable <= _MAX_UNREADABLE:
            self.report(
                codes.UNEXPECTED_TEXT,
                f"cannot read {shown(text)}: not a move, move number, NAG, comment or result",
                token,
            )
        else:
            self.last_unreadable = token


def _deleted(text: str, span: Span) -> Fix:
    """The fix of an ``e.p.`` at ``span`` of the line ``text``: it goes with the white space
    before it (after it, at the start of a line)."""
    start, end = span.column - 1, span.end_column - 1
    while start > 0 and text[start - 1] in " \t":
        start -= 1
    if start == 0:
        while end < len(text) and text[end] in " \t":
            end += 1
    return codes.EN_PASSANT_SUFFIX.fixing(
        "delete the e.p.", Edit(Span(span.line, start + 1, span.line, end + 1), "")
    )


def run_items(value: str) -> list[tuple[int, str, int | None]]:
    """The moves of a ``MOVE`` token (a run of full moves) as :data:`_RUN_ITEM` finds them: each
    move's offset in ``value``, its text, and the number indicated before it (``None``: none).

    Read word by word (``str.split`` and ``str.find``, in C) rather than with the regular
    expression, whose match objects cost more than the rest of a move's reading: a number is
    written against its dots, and mostly against its move too (``12.Nf3``, ``12...Nf6``). A word
    that ends in digits (a number written apart from its dots, ``12 ...``, which the expression
    reads across the words) sends the whole token to the expression.
    """
    items: list[tuple[int, str, int | None]] = []
    number: int | None = None
    position = 0
    for word in value.split():
        offset = value.find(word, position)
        size = len(word)
        position = offset + size
        start = 0
        while start < size:
            end = start
            while end < size and "0" <= word[end] <= "9":
                end += 1
            if end > start:
                if end == size:
                    return _run_items_by_expression(value)
                mark = word[end]
                if mark == "." or mark == "…":
                    number = ascii_number(word[start:end], saturate=True)
                    end += 1
                    while mark == "." and end < size and word[end] == ".":
                        end += 1
                    start = end
                    continue
            items.append((offset + start, word[start:], number))
            number = None
            break
    return items


def _run_items_by_expression(value: str) -> list[tuple[int, str, int | None]]:
    """:func:`run_items` with the regular expression (its definition)."""
    items: list[tuple[int, str, int | None]] = []
    number: int | None = None
    for item in _RUN_ITEM.finditer(value):
        text = item[2]
        if text is None:
            number = ascii_number(item[1], saturate=True)
        else:
            items.append((item.start(), text, number))
            number = None
    return items


class Piece:
    """An item of a run token (a tag pair of a ``TAG`` token) with its own line and column; not
    a Lark ``Token``, whose constructor is a function of the interpreter."""

    __slots__ = ("column", "line", "value")

    def __init__(self, value: str, line: int, column: int) -> None:
        self.value = value
        self.line = line
        self.column = column


def _items(token: Token, item: re.Pattern[str]) -> list[Piece]:
    """The items of a run token."""
    value = token.value
    items = []
    line, column = token.line or 1, token.column or 1
    line_start = 1 - column  # offset in value where the current line starts
    scanned = 0
    for match in item.finditer(value):
        start = match.start()
        newlines = value.count("\n", scanned, start)
        if newlines:
            line += newlines
            line_start = value.rfind("\n", scanned, start) + 1
        scanned = start
        items.append(Piece(match.group(), line, start - line_start + 1))
    return items


@lru_cache(maxsize=1)
def _one_of(terminal: str) -> re.Pattern[str]:
    """One item of a run that the grammar lexes as one token, e.g. ``TAG`` (``TAG_PAIR+``)."""
    run = parser().get_terminal(terminal).pattern.value
    assert run.startswith("(?:") and run.endswith(")+"), run
    return re.compile(run[3:-2])


#: a tag pair that :func:`plain_header` reads: alone on its line, `[Name "value"]` with one
#: space, no quote nor backslash in the value; white space may follow it
_PLAIN_TAG = re.compile(r'\[([A-Za-z0-9_]+) "([^"\\\n]*)"\][ \t]*')


def plain_header(text: str) -> tuple[list[tuple[str, str, int]], int]:
    """The plain tag pairs that open ``text``, one a line, and where the rest of it starts.

    Each pair as (name, value, the length of its line up to its ``]``); the rest starts at the
    first line that is not such a pair (0: none is). The grammar lexes these lines as one
    ``TAG`` token, which the reader splits into pairs: the same pairs, at the same places, read
    here without the token's regular expressions (a tenth of reading a game). Anything else (a
    second pair on the line, an escape, a quote in the value, white space before the ``[``) is
    left to the grammar, from that line on; the grammar after a header lexes what follows it as
    it would from the start of the game (``tests/chess/test_reader_fastpath.py``).
    """
    pairs: list[tuple[str, str, int]] = []
    position = 0
    size = len(text)
    while position < size and text[position] == "[":
        end = text.find("\n", position)
        if end < 0:
            end = size
        match = _PLAIN_TAG.fullmatch(text, position, end)
        if match is None:
            break
        pairs.append((match[1], match[2], match.end(2) + 2 - position))
        position = end + 1
    return pairs, min(position, size)


_SPACE = re.compile(r"\s*")
#: movetext of moves alone, then a result that ends the game: words parted by white space,
#: each a move of the grammar's ``FULL_MOVE`` (with the number indication written against its
#: dots, its annotation suffix), the last the ``RESULT``. Each word reads one way only (castling
#: with an ``O`` first is a word of the first kind), so a run that fails fails in linear time.
_PLAIN_RUN = re.compile(
    r"(?:(?:[0-9]+(?:\.+|…)\s*)?(?:[A-Za-z♔-♟][A-Za-z0-9_+#=:/@♔-♟-]*|0-[0O](?:-[0O])?[+#]?|--)"
    r"(?:[!?]{1,2})?\s+)+(?P<result>1-0|0-1|1/2-1/2|½-½|\*)\s*"
)


def plain_run(text: str, start: int) -> tuple[Piece, Piece] | None:
    """The moves and the result of ``text`` from ``start`` (a line's start), when that is all it
    holds: the run of moves as one token and the result (their lines and columns counted from
    ``start``); ``None`` for anything else (a comment, a variation, a NAG, no result, a number
    written apart from its dots), which the grammar reads.

    The grammar lexes such text as ``MOVE`` tokens (runs of up to 128 full moves) and a
    ``RESULT``, which the reader reads as one run when the run is shorter than any line it
    cuts (:data:`MAX_PLIES`): so read, without the lexer's expressions (their look-aheads cost
    about 250 instructions a character) nor the parser's work per token and per game.
    ``tests/chess/test_reader_fastpath.py`` holds it to the grammar's lexing.
    """
    space = _SPACE.match(text, start)  # what the grammar's %ignore skips
    moves = space.end() if space else start
    found = _PLAIN_RUN.fullmatch(text, moves)
    if found is None:
        return None
    result = found.start("result")
    if result - moves >= 2 * MAX_PLIES:  # (a move and its space take two characters at least)
        return None
    line = 1 + text.count("\n", start, moves)
    column = moves - max(text.rfind("\n", start, moves) + 1, start) + 1
    newlines = text.count("\n", moves, result)
    result_column = result - text.rfind("\n", moves, result) if newlines else column + result - moves
    return Piece(text[moves:result], line, column), Piece(text[result:], line + newlines, result_column)


def _hoist_result(items: list[Item]) -> list[Item]:
    """A result at the very end of variations left open is the game's termination marker."""
    innermost = items
    while innermost and isinstance(innermost[-1], Variation) and not innermost[-1].closed:
        innermost = innermost[-1].items
    if (
        innermost is not items
        and innermost
        and isinstance(innermost[-1], Token)
        and innermost[-1].type == "RESULT"
    ):
        items.append(innermost.pop())
    return items


def read_game(game: GameText, index: int, *, grammar_only: bool = False) -> ReadGame:
    """Parse one game's text into a record and its syntax findings (``grammar_only``: all of it
    with the grammar, without the fast paths for plain headers and movetext; the same result)."""
    return _Reader(game, index, grammar_only).read()
