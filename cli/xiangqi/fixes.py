"""The fixes of xiangqi findings (``kifu check --fix``): edits on the record's own text.

A move is written back in the record's own notation and style (:class:`Style`): Chinese full or
abridged with its piece characters and digits, WXF with its letters and signs, ICCS or UCCI,
DhtmlXQ's four digits. The checker notes a :class:`Repair` where the look-ahead decided what a
move was (never on a tie), or read a move written in a non-standard way, or found a round number
that does not match; :func:`attach` turns each into its finding's :class:`~kifu.core.findings.Fix`
on the lines of :class:`~kifu.xiangqi.source.RecordText`, with the result and tag fixes. An
unsafe fix that changes a move leaves a comment saying so (``{kifu: …}``; a DhtmlXQ comment
field on the main line) when ``Options.fix_notes``; a plain score sheet has no comments.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from kifu.core.findings import REGISTRY, Code, Edit, Finding, Fix
from kifu.core.game import Options
from kifu.core.lookahead import MISSING, STRUCTURAL_KINDS, SWAPPED, TWICE, correction
from kifu.core.record import MoveNode, Record, Span
from kifu.xiangqi import codes
from kifu.xiangqi.board import FILES, RED, Board, move_name
from kifu.xiangqi.fen import START_FEN
from kifu.xiangqi.formats.movetext import RESULTS, reads_as_written
from kifu.xiangqi.lookahead import side_of
from kifu.xiangqi.notation import NotationError, parse_move, resolve
from kifu.xiangqi.notation.chinese import FULLWIDTH_DIGITS, KIND_OF, NUMERALS
from kifu.xiangqi.notation.spec import to_ascii
from kifu.xiangqi.notation.write import chinese, iccs, wxf
from kifu.xiangqi.source import RecordText

_DIGIT_KINDS = {"numeral": NUMERALS, "fullwidth": FULLWIDTH_DIGITS, "ascii": "123456789"}
_PIECES = frozenset(KIND_OF)
_ORDINALS = frozenset("一二三四五")
#: the directions and markers of the XQBase writer, and their traditional forms
_TRADITIONAL = {"进": "進", "后": "後"}


def _digit_kind(ch: str) -> str | None:
    if ch in NUMERALS:
        return "numeral"
    if ch in FULLWIDTH_DIGITS:
        return "fullwidth"
    if "1" <= ch <= "9":
        return "ascii"
    return None


@dataclass(slots=True)
class Style:
    """How a record writes its moves, as most of its moves show it."""

    notation: str = "chinese"
    #: Chinese: the character of each piece kind, by side (1 Red, -1 Black)
    pieces: dict[tuple[int, int], str] = field(default_factory=dict)
    #: Chinese: the digits of files and ranks, by side
    digits: dict[int, str] = field(default_factory=dict)
    traditional: set[str] = field(default_factory=set)
    #: abridged: what stands between the file and the target (a space, or nothing)
    gap: str = " "
    #: WXF: the letters written for elephant and horse, the traverse sign
    letters: dict[str, str] = field(default_factory=dict)
    traverse: str = "."
    fullwidth: bool = False
    lower: bool = False
    #: ICCS: with a dash (H2-E2) or none (h2e2)
    dash: bool = True

    @classmethod
    def of(cls, record: Record, form: str) -> Style:
        """The style of ``record``'s main line (its first 200 moves)."""
        style = cls()
        if form == "dhtmlxq":
            style.notation = "dhtmlxq"
            return style
        notations: Counter[str] = Counter()
        pieces: Counter[tuple[int, int, str]] = Counter()
        digits: Counter[tuple[int, str]] = Counter()
        marks: Counter[str] = Counter()
        side = -1 if (record.start_position or START_FEN).split()[1:2] == ["b"] else RED
        texts = [node.text.strip() for node in record.moves[:200]]
        written = side_of(texts)
        for at, text in enumerate(texts):
            side = written[at] or side
            try:
                notations[parse_move(text).notation] += 1
            except NotationError:
                side = -side
                continue
            ascii_text = to_ascii(text)
            marks["fullwidth"] += ascii_text != text
            marks["lower"] += text.islower()
            marks["upper"] += text.isupper()
            marks["dash"] += "-" in ascii_text
            for i, ch in enumerate(text):
                if ch in KIND_OF:
                    pieces[(side, KIND_OF[ch], ch)] += 1
                elif ch in "進後":
                    marks[ch] += 1
                elif ch in "进后":
                    marks[ch + "s"] += 1
                elif ch in "BN":
                    marks[ch] += 1
                elif ch in "EH":
                    marks[ch + "s"] += 1
                elif ch in ".=":
                    marks[ch] += 1
                digit = _digit_kind(ch)
                if digit is not None and not (i == 0 and ch in _ORDINALS):
                    digits[(side, digit)] += 1
            if " " in text:
                marks["spaced"] += 1
            side = -side
        if notations:
            style.notation = notations.most_common(1)[0][0]
        for (side, kind, ch), _ in pieces.most_common():
            style.pieces.setdefault((side, kind), ch)
        for (side, digit), _ in digits.most_common():
            style.digits.setdefault(side, digit)
        style.traditional = {ch for ch in "進後" if marks[ch] > marks[_simple(ch) + "s"]}
        style.gap = " " if marks["spaced"] or style.notation != "abridged" else ""
        style.letters = {
            "E": "B" if marks["B"] > marks["Es"] else "E",
            "H": "N" if marks["N"] > marks["Hs"] else "H",
        }
        style.traverse = "=" if marks["="] > marks["."] else "."
        style.fullwidth = marks["fullwidth"] * 2 > sum(notations.values())
        style.lower = marks["lower"] > marks["upper"]
        style.dash = marks["dash"] * 2 >= sum(notations.values())
        return style

    def write(self, board: Board, move: int) -> str | None:
        """The legal ``move`` of ``board`` in this style, when it reads back as that very move
        (as a standard text: no convention needed, no other move), else ``None``."""
        notation = self.notation
        if notation == "dhtmlxq":
            name = move_name(move)
            return f"{FILES.index(name[0])}{9 - int(name[1])}{FILES.index(name[2])}{9 - int(name[3])}"
        if notation in ("chinese", "abridged"):
            full = self._chinese(board, move)
            texts = [full]
            if notation == "abridged":
                texts.insert(0, self._abridged(full))
        elif notation == "wxf":
            texts = [self._wxf(wxf(board, move))]
        else:
            text = iccs(board, move)
            if not self.dash:
                text = text.replace("-", "")
            texts = [text.lower() if self.lower or notation == "ucci" else text]
        for text in texts:
            if _reads_as(board, text, move):
                return text
        return None

    def _chinese(self, board: Board, move: int) -> str:
        text = chinese(board, move)
        side = 1 if board.board[move >> 7] > 0 else -1
        digits = _DIGIT_KINDS[self.digits.get(side, "numeral" if side == RED else "fullwidth")]
        out = []
        last = len(text) - 1
        for i, ch in enumerate(text):
            if ch in KIND_OF:
                ch = self.pieces.get((side, KIND_OF[ch]), ch)
            elif ch in _TRADITIONAL and _TRADITIONAL[ch] in self.traditional:
                ch = _TRADITIONAL[ch]
            elif (i == last or (i == 1 and text[0] in _PIECES)) and _digit_kind(ch) is not None:
                value = NUMERALS.index(ch) if ch in NUMERALS else FULLWIDTH_DIGITS.index(ch)
                ch = digits[value]
            out.append(ch)
        return "".join(out)

    def _abridged(self, full: str) -> str:
        """The abridged form of a full Chinese move: its direction word left out."""
        return full[:2] + self.gap + full[3:] if full[2] in "进進退平" else full

    def _wxf(self, text: str) -> str:
        text = text.replace("E", self.letters.get("E", "E")).replace("H", self.letters.get("H", "H"))
        if self.traverse != ".":
            text = text[:-2] + text[-2:].replace(".", self.traverse)
        if self.lower:
            text = text.lower()
        if self.fullwidth:
            text = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)
        return text


def _simple(ch: str) -> str:
    return {"進": "进", "後": "后"}[ch]


def _reads_as(board: Board, text: str, move: int) -> bool:
    """Whether ``text`` is read as one move and names ``move`` on ``board``, as a standard text."""
    if not reads_as_written(text):
        return False
    try:
        found = resolve(board, parse_move(text))
    except NotationError:
        return False
    return found.move == move and found.noncanonical is None


# --- what the checker notes -----------------------------------------------------------------

#: a move the look-ahead decided, read in the text's stead
SLIP = "slip"
#: a move written in a non-standard way (XQN008), a round number that does not match (XQN017)
NORMAL = "normal"
NUMBER = "number"


@dataclass(slots=True)
class Repair:
    """What a finding's fix needs from the walk: ``kind`` (:data:`SLIP`, ``MISSING``, ``TWICE``,
    ``SWAPPED``, :data:`NORMAL`, :data:`NUMBER`), the moves to write (in the record's style), the
    node and the round and side of its move (for a left-out move: of the move left out)."""

    finding: Finding
    kind: str
    node: MoveNode
    texts: tuple[str, ...] = ()
    round: int = 1
    red: bool = True
    depth: int = 0
    reason: str = ""


def repair(problem: Any, finding: Finding, style: Style) -> Repair | None:
    """The repair of the finding on a move that cannot be played (a :class:`~kifu.xiangqi.walk.Problem`),
    when the look-ahead decided what was meant (never on a tie), else ``None``."""
    verdict = problem.verdict
    if verdict is None or not verdict.assumed or not verdict.readings:
        return None
    reading = verdict.readings[0]
    board: Board = problem.board
    kind = reading.kind
    texts: list[str | None] = []
    if kind == TWICE:
        if problem.back:
            return None
    elif kind == SWAPPED:
        first, between, second = reading.moves
        after = board.copy()
        texts.append(style.write(after, first))
        after.push(first)
        after.push(between)
        texts.append(style.write(after, second))
    elif reading.moves:
        texts.append(style.write(board, reading.moves[0]))
        kind = MISSING if kind == MISSING else SLIP
    else:
        return None
    if any(text is None for text in texts):
        return None
    return Repair(
        finding,
        kind,
        problem.node,
        tuple(t for t in texts if t is not None),
        problem.round,
        problem.red,
        problem.depth,
        # (a hypothesis that starts moves before the move that could not be played: the reasons
        # name that move's readings, which the comment on another move would leave unexplained)
        "" if problem.back else problem.reason or verdict.reason,
    )


# --- the fixes ------------------------------------------------------------------------------------


def attach(
    report_findings: list[Finding],
    record: Record,
    text: RecordText | None,
    repairs: list[Repair],
    outcome: dict[str, Any] | None,
    options: Options,
) -> None:
    """Set the fix of each finding of ``report_findings`` that kifu can repair on ``text``."""
    if text is None or not report_findings:  # (most records of an archive: nothing to repair)
        return
    present = {id(finding) for finding in report_findings}
    notes = options.fix_notes and text.form != "sheet"
    structural = {id(r.node) for r in repairs if r.kind in STRUCTURAL_KINDS and id(r.finding) in present}
    lines: _Lines | None = None
    for item in repairs:
        if id(item.finding) not in present or item.finding.fix is not None:
            continue
        lines = lines or _Lines(record)  # (a walk over the record's lines: only for a repair)
        try:
            fix = _repaired(item, text, lines, notes, structural)
        except _NoFix:
            fix = None
        item.finding.fix = fix
    renamed = Counter(_renamed(f) for f in report_findings if f.code == codes.MIXED_UP_TAG.code)
    for finding in report_findings:
        if finding.fix is not None or finding.span is None:
            continue
        with suppress(_NoFix):
            finding.fix = _other(finding, record, text, outcome, options, renamed)


class _NoFix(Exception):
    """The finding cannot be repaired on this text."""


class _Lines:
    """Each move node's line (the list it stands in) and place, by ``id``."""

    def __init__(self, record: Record) -> None:
        self.places: dict[int, tuple[list[MoveNode], int]] = {}
        lines = [record.moves]
        while lines:
            line = lines.pop()
            for index, node in enumerate(line):
                self.places[id(node)] = (line, index)
                lines.extend(node.variations)

    def of(self, node: MoveNode) -> tuple[list[MoveNode], int]:
        place = self.places.get(id(node))
        if place is None:
            raise _NoFix
        return place


def _numbered(round_: int, red: bool, text: str) -> str:
    return f"{round_}{'.' if red else '...'} {text}"


def _note(text: str, form: str) -> str:
    """``text`` as a comment of the record's format (nothing in it can close it early)."""
    text = re.sub(r"\s+", " ", text).strip()
    if form == "dhtmlxq":
        return text.replace("[", "(").replace("]", ")")
    return " {" + text.replace("{", "(").replace("}", ")") + "}"


def _span_of(node: MoveNode) -> Span:
    if node.span is None or node.span.line != node.span.end_line:
        raise _NoFix
    return node.span


def _point(line: int, column: int) -> Span:
    return Span(line, column, line, column)


def _repaired(item: Repair, text: RecordText, lines: _Lines, notes: bool, structural: set[int]) -> Fix | None:
    code = codes_by(item.finding.code)
    node = item.node
    span = _span_of(node)
    dhtml = text.form == "dhtmlxq"
    label = _numbered(item.round, item.red, node.text)
    why = f": {item.reason}" if item.reason else ""
    if item.kind == NORMAL:
        return code.fixing(f"write {item.texts[0]}", Edit(span, item.texts[0]))
    if item.kind == NUMBER:
        line, index = lines.of(node)
        end = next((i for i in range(index + 1, len(line)) if id(line[i]) in structural), len(line))
        numbered = [(n, *_round_of(item.round, item.red, k)) for k, n in enumerate(line[index:end])]
        prefixes, edits = _numbering(text, numbered, _carried(line, index, text))
        edits += [
            Edit(_point(_span_of(n).line, _span_of(n).column), p)
            for (n, _, _), p in zip(numbered, prefixes, strict=True)
            if p
        ]
        if not edits:
            return None
        return code.fixing("number the rounds as the moves are played", *_merged(edits))
    if item.kind == SLIP:
        meant = item.texts[0]
        edits = [
            Edit(
                span,
                meant
                + (
                    _note("kifu: " + correction(label, meant, item.reason), "pgn")
                    if notes and not dhtml
                    else ""
                ),
            )
        ]
        if notes and dhtml:
            named = item.finding.meant or meant  # (the move as the record's moves are named, not digits)
            edits += _dhtml_note(
                text, lines, node, item.depth, "kifu: " + correction(label, named, item.reason)
            )
        return code.fixing(f"write {meant} for {node.text}", *edits)
    line, index = lines.of(node)
    if (
        dhtml
        and (item.depth or any(n.comments_after or n.variations for n in line[index:]))
        and item.kind != SWAPPED
    ):
        raise _NoFix  # (the plies of later comments and variations would shift)
    if item.kind == SWAPPED:
        if index + 2 >= len(line):
            raise _NoFix
        other = line[index + 2]
        first, second = item.texts
        later = _numbered(item.round + 1, item.red, other.text)
        note = _note(f"kifu: {label} and {later} exchanged{why}", "pgn") if notes and not dhtml else ""
        return code.fixing(
            f"exchange {node.text} and {other.text}", Edit(span, first + note), Edit(_span_of(other), second)
        )
    if item.kind == TWICE:
        token = text.numbers.get((span.line, span.column)) if not dhtml else None
        start = token[0] if token is not None else span
        if start.line != span.line:
            raise _NoFix
        note = _note(f"kifu: {label} written twice: removed", "pgn").strip() if notes and not dhtml else ""
        cut = _deletion(text, Span(span.line, start.column, span.line, span.end_column), bool(note))
        rest = [(n, *_round_of(item.round, item.red, k)) for k, n in enumerate(line[index + 1 :])]
        prefixes, edits = ([], []) if dhtml else _numbering(text, rest, _carried(line, index, text))
        edits += [
            Edit(_point(_span_of(n).line, _span_of(n).column), p)
            for (n, _, _), p in zip(rest, prefixes, strict=True)
            if p
        ]
        return code.fixing(
            f"remove {node.text}, written twice", *_merged([Edit(cut, note + (" " if note else "")), *edits])
        )
    # a half-move left out before the node: inserted, and the rounds after it numbered again
    gap = item.texts[0]
    side = "Red" if item.red else "Black"
    token = text.numbers.get((span.line, span.column)) if not dhtml else None
    before = _numbered(*_round_of(item.round, item.red, 1), node.text)
    what = f"kifu: {side}'s move {gap} inserted before {before}"
    note = _note(what + (why or ": the record left it out"), "pgn") if notes and not dhtml else ""
    if dhtml:
        after = text.line(span.line)[span.end_column - 1 : span.end_column]
        return code.fixing(
            f"insert {gap}", Edit(_point(span.line, span.column), gap + (" " if after == " " else ""))
        )
    carried = _carried(line, index, text)
    items: list[tuple[MoveNode | None, int, bool]]
    if item.red:  # the node's number, if any, now numbers the move put before it
        items = [
            (None, item.round, True),
            *[(n, *_round_of(item.round, True, k + 1)) for k, n in enumerate(line[index:])],
        ]
        at = _point(span.line, span.column)
        tokens = {0: token, 1: None}
    else:
        items = [
            (None, item.round, False),
            *[(n, *_round_of(item.round, False, k + 1)) for k, n in enumerate(line[index:])],
        ]
        at = _point(token[0].line, token[0].column) if token is not None else _point(span.line, span.column)
        tokens = {0: None, 1: token}
    prefixes, edits = _numbering(text, items, carried, tokens)
    content = prefixes[0] + gap + note + " "
    if item.red:
        content += prefixes[1]
        prefixes[1] = ""
    edits.append(Edit(at, content))
    edits += [
        Edit(_point(_span_of(n).line, _span_of(n).column), p)
        for (n, _, _), p in zip(items, prefixes, strict=True)
        if p and n is not None
    ]
    return code.fixing(f"insert {gap} before {node.text}", *_merged(edits))


def _round_of(round_: int, red: bool, later: int) -> tuple[int, bool]:
    """The round and side of the move ``later`` half-moves after one of ``round_`` (``red``)."""
    for _ in range(later):
        if not red:
            round_ += 1
        red = not red
    return round_, red


def _carried(line: list[MoveNode], index: int, text: RecordText) -> int | None:
    """The round number in force before ``line[index]`` (its own, if it has one, aside)."""
    node = line[index]
    span = node.span
    if span is not None and (span.line, span.column) not in text.numbers:
        return node.move_number
    return line[index - 1].move_number if index else None


_NUMBER = re.compile(r"([0-9０-９]+)(.*)", re.S)


def _numbering(
    text: RecordText,
    items: Sequence[tuple[MoveNode | None, int, bool]],
    carried: int | None,
    tokens: dict[int, tuple[Span, str] | None] | None = None,
) -> tuple[list[str], list[Edit]]:
    """The round numbers of ``items`` (a node, or ``None`` for a move to insert; its round and
    side) made to match their rounds: for each, the number to write before it, and the edits of
    the numbers written. ``carried``: the number in force before the first; ``tokens``: the
    number written before some items, by place (else each node's own)."""
    prefixes: list[str] = []
    edits: list[Edit] = []
    for at, (node, round_, red) in enumerate(items):
        if tokens is not None and at in tokens:
            token = tokens[at]
        elif node is not None and node.span is not None:
            token = text.numbers.get((node.span.line, node.span.column))
        else:
            token = None
        prefix = ""
        if token is not None:
            span, written = token
            match = _NUMBER.match(to_ascii(written))
            value = int(match.group(1)) if match else None
            dots = match is not None and ("..." in match.group(2) or "…" in match.group(2))
            if value != round_ or (not red and not dots and carried == round_):
                if not red and carried == round_:  # (a Red number before a Black move: not needed)
                    edits.append(Edit(_deletion(text, span, False), ""))
                else:
                    suffix = match.group(2) if match else "."
                    suffix = ("." if dots else suffix) if red else (suffix if dots else "...")
                    edits.append(Edit(span, f"{round_}{suffix}"))
            carried = round_
        elif carried is not None and carried != round_:
            prefix = f"{round_}. " if red else f"{round_}... "
            carried = round_
        prefixes.append(prefix)
    return prefixes, edits


def _deletion(text: RecordText, span: Span, keep: bool) -> Span:
    """``span`` with the white space after it on its line (or, at the end of the line, before
    it), so that deleting it leaves one space between its neighbours; ``keep``: something is
    written in its place (the white space before it stays)."""
    line = text.line(span.line)
    end = span.end_column
    while end - 1 < len(line) and line[end - 1] in " \t\u3000":
        end += 1
    start = span.column
    if end - 1 >= len(line) and not keep:  # (at the end of the line: the space before it goes)
        while start > 1 and line[start - 2] in " \t\u3000":
            start -= 1
    return Span(span.line, start, span.line, end)


def _dhtml_note(text: RecordText, lines: _Lines, node: MoveNode, depth: int, note: str) -> list[Edit]:
    """A DhtmlXQ comment field on a main-line move that has none, before the closing tag."""
    end = text.fields.get("end")
    if depth or end is None or node.comments_after:
        return []
    _, index = lines.of(node)
    name = f"DhtmlXQ_comment{index + 1}"
    return [Edit(end, f"[{name}]{_note(note, 'dhtmlxq')}[/{name}]")]


def _merged(edits: list[Edit]) -> list[Edit]:
    """``edits`` with each insertion joined to the edit that starts where it stands (a fix's
    edits may neither overlap nor insert at one point twice), in their order."""
    ordered = sorted(edits, key=lambda edit: (edit.span.line, edit.span.column))
    out: list[Edit] = []
    for edit in ordered:
        last = out[-1] if out else None
        if last is not None and last.span[2:] == last.span[:2] and last.span[:2] == edit.span[:2]:
            out[-1] = Edit(edit.span, last.content + edit.content)
        else:
            out.append(edit)
    return out


def codes_by(code: str) -> Code:
    """The registered code of a finding (its ``fixing``)."""
    return REGISTRY[code]


# --- results and tags -------------------------------------------------------------------------

_RESULT_CODES = {
    codes.RESULT_CONTRADICTS.code,
    codes.UNFINISHED_BUT_ENDED.code,
    codes.RESULT_CONTRADICTS_VERDICT.code,
    codes.UNFINISHED_BY_RULE.code,
}
#: verdicts that are the same under every preset of rules
_EVERY_PRESET = ("checkmate", "stalemate", "perpetual-check", "natural-limit")
_DHTML_RESULTS = {
    "chinese": {"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋", "*": "未知"},
    "traditional": {"1-0": "紅勝", "0-1": "黑勝", "1/2-1/2": "和棋", "*": "未知"},
    "letters": {"1-0": "W", "0-1": "B", "1/2-1/2": "D", "*": "未知"},
}
_WORDS = {
    "redwins": "1-0",
    "redwon": "1-0",
    "redwin": "1-0",
    "blackwins": "0-1",
    "blackwon": "0-1",
    "blackwin": "0-1",
    "draw": "1/2-1/2",
    "drawn": "1/2-1/2",
    "drawngame": "1/2-1/2",
}


def understood(value: str) -> str | None:
    """The result a Result tag's value means in another spelling (``1:0``, ``1–0``, ``½-½``,
    ``red wins``), or ``None``."""
    text = re.sub("[\u2010-\u2015\u2212]", "-", to_ascii(value).strip().lower())
    text = text.replace("½", "1/2").replace("0.5", "1/2").replace(":", "-")
    text = re.sub(r"\s+", "", text)
    if text in RESULTS:
        return text
    return _WORDS.get(text)


_TAG_LINE = re.compile(r'^(\s*\[\s*)([A-Za-z_][\w.-]*)(\s+")(.*)("\s*\]\s*)$')


def _tag(text: RecordText, span: Span | None) -> re.Match[str]:
    if span is None:
        raise _NoFix
    match = _TAG_LINE.match(text.line(span.line))
    if match is None:
        raise _NoFix
    return match


def _renamed(finding: Finding) -> str:
    match = re.search(r"did you mean \[([^\]]+)\]", finding.message)
    return match.group(1) if match else ""


def _other(
    finding: Finding,
    record: Record,
    text: RecordText,
    outcome: dict[str, Any] | None,
    options: Options,
    renamed: Counter[str],
) -> Fix | None:
    """The fix of a finding about the record's tags or result, if kifu can make it."""
    code = finding.code
    span = finding.span
    assert span is not None
    if code == codes.CONTROL_IN_TAG.code and text.form != "dhtmlxq":
        places = [(int(a), int(b)) for a, b in re.findall(r"line (\d+), column (\d+)", finding.message)]
        if not places:
            return None
        edits = [Edit(Span(line, column, line, column + 1), "") for line, column in places]
        return codes.CONTROL_IN_TAG.fixing("remove the control characters", *edits)
    if code == codes.BAD_RESULT.code and text.form == "pgn":
        match = _tag(text, span)
        result = understood(match.group(4))
        if result is None:
            return None
        start = len(match.group(1)) + len(match.group(2)) + len(match.group(3)) + 1
        value = Span(span.line, start, span.line, start + len(match.group(4)))
        return codes.BAD_RESULT.fixing(f"write the result {result}", Edit(value, result))
    if code == codes.MIXED_UP_TAG.code and text.form == "pgn":
        target = _renamed(finding)
        if not target or renamed[target] > 1:
            return None
        match = _tag(text, span)
        start = len(match.group(1)) + 1
        name = Span(span.line, start, span.line, start + len(match.group(2)))
        return codes.MIXED_UP_TAG.fixing(f"rename the tag to {target}", Edit(name, target))
    if code in _RESULT_CODES:
        if finding.assumption is not None or outcome is None or outcome.get("assumed"):
            return None
        if (
            code == codes.RESULT_CONTRADICTS_VERDICT.code
            and finding.severity < codes.RESULT_CONTRADICTS_VERDICT.severity
        ):
            return None  # (the verdict rests on a preset the record does not state)
        if options.rules is None and outcome.get("reason") not in _EVERY_PRESET:
            return None
        result = outcome.get("result")
        if result not in RESULTS:
            return None
        edits = list(_result_edits(record, text, str(result)))
        if not edits:
            return None
        return codes_by(code).fixing(f"set the result to {result}", *edits)
    return None


def _result_edits(record: Record, text: RecordText, result: str) -> Iterator[Edit]:
    """The edits that make the record's result ``result``: its Result tag (written if a PGN
    record lacks it) and its result marker (written after the moves if missing)."""
    if text.form == "dhtmlxq":
        value = text.fields.get("result")
        if value is None:
            end = text.fields.get("end")
            if end is not None:
                yield Edit(end, f"[DhtmlXQ_result]{_DHTML_RESULTS['chinese'][result]}[/DhtmlXQ_result]")
            return
        written = text.line(value.line)[value.column - 1 : value.end_column - 1].strip()
        table = (
            "letters"
            if written in ("W", "B", "D")
            else "traditional"
            if any(c in written for c in "紅勝")
            else "chinese"
        )
        yield Edit(value, _DHTML_RESULTS[table][result])
        return
    if text.form == "pgn":
        span = record.tag_spans.get("Result")
        if span is not None:
            match = _tag(text, span)
            start = len(match.group(1)) + len(match.group(2)) + len(match.group(3)) + 1
            if match.group(4) != result:
                yield Edit(Span(span.line, start, span.line, start + len(match.group(4))), result)
        elif record.tag_spans:
            last = max(s.line for s in record.tag_spans.values())
            yield Edit(_point(last + 1, 1), f'[Result "{result}"]\n')
    marker = record.result_span
    if marker is not None:
        if marker.line != marker.end_line:
            raise _NoFix
        written = text.line(marker.line)[marker.column - 1 : marker.end_column - 1]
        if written != result:
            yield Edit(marker, result)
    elif record.moves:
        last = text.last()
        line = text.line(last)
        yield Edit(_point(last, len(line.rstrip()) + 1), ("\n" if ";" in line else " ") + result)
