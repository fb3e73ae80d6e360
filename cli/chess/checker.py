"""Checking chess: read, walk and judge one game; the checker is a visitor of the one walk.

:func:`check_game` reads a game (:mod:`kifu.chess.reader`), checks its tags and its declared
result, and walks it (:func:`kifu.chess.walk.walk`) with a :class:`Checker`: findings about
each move as written (legality, move numbers, check marks, notation), the main line judged by
the FIDE Laws (:class:`kifu.chess.rules.MainLine`: how the game ended, which draws could be
claimed). A record written with localised piece letters is walked again with them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kifu.chess import codes, fixes
from kifu.chess.diagnosis import move_label
from kifu.chess.locales import describe, letter_map, translate
from kifu.chess.moves import FIGURINES, ReadMove, split_suffixes
from kifu.chess.position import Position, Start
from kifu.chess.reader import ReadGame, read_game, shown
from kifu.chess.rules import (
    CURRENT,
    EDITIONS,
    Applied,
    Claim,
    Ending,
    MainLine,
    day,
    describe_ending,
    ending_rule,
    laws_for,
)
from kifu.chess.splitter import GameText
from kifu.chess.start import start_position
from kifu.chess.walk import Step, Unplayable, Visitor, WalkOptions, walk
from kifu.core.assumed import provisional
from kifu.core.digits import TOO_BIG
from kifu.core.findings import MAX_PER_CODE, Assumption, Code, Edit, Finding, Severity, capped
from kifu.core.game import Snapshots, kept_plies
from kifu.core.lookahead import MISSING, OTHER, SLIP, STRUCTURAL_KINDS, SWAPPED, TWICE, correction
from kifu.core.record import MoveNode, Record, Span, line_span
from kifu.core.results import RecordReport
from kifu.core.tagnames import meant
from kifu.core.walk import SKIP, Tee

if TYPE_CHECKING:
    from kifu.chess.diagnosis import MoveProblem
    from kifu.core.lookahead import Verdict

    import chess

#: what a checker holds before its walk begins (never played on: ``begin`` replaces it)
_PLACEHOLDER = Position.standard()

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
#: the tags a slip of the name is reported for (PGN027)
HINTED_TAGS = (*SEVEN_TAG_ROSTER, "FEN", "SetUp")
_DATE = re.compile(r"^(?:[0-9?]{4})\.(?:[0-9?]{2})\.(?:[0-9?]{2})$")
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def check_game(
    game: GameText,
    index: int,
    lang: str | None = None,
    rules: str | None = None,
    boards: int = 0,
    fix_notes: bool = True,
) -> RecordReport:
    """Read, walk and judge one game; ``lang`` names the piece letters (``None``: English,
    detected), ``rules`` the preset (``None``, ``fide``: the Laws in force at the game's dates),
    ``boards`` how many of its boards keep their positions from the walk (:func:`kept_plies`),
    ``fix_notes`` whether an unsafe fix of a move leaves a comment saying so."""
    read = read_game(game, index)
    record = read.record
    findings = read.findings
    _check_tags(read, findings, game)
    declared = declared_result(record, findings, game)
    start = start_position(record, findings)
    outcome = None
    claims: list[dict[str, Any]] = []
    replayed: int | None = 0
    kept: Kept | None = None
    if start is not None:
        applied = laws_for(rules, record.tags)
        if boards:
            kept = Kept()
        checked = _checked(record, start, lang, applied, kept, game, fix_notes)
        findings.extend(checked.findings)
        outcome, claims = judge(record, declared, checked, findings, applied, game)
        replayed = checked.replayed
    findings.sort(key=lambda f: (f.span.line, f.span.column) if f.span else (0, 0))
    if read.dropped or len(findings) > MAX_PER_CODE:
        findings = capped(findings, read.dropped)
    report = RecordReport(
        index=index,
        line=game.start_line,
        tags=record.tags,
        plies=len(record.moves),
        replayed=None if replayed == len(record.moves) else replayed,
        declared_result=declared,
        outcome=outcome,
        claims=claims,
        findings=findings,
    )
    if kept is not None:
        report.positions = kept.snapshots.positions(kept_plies(report, boards))
    return report


def _checked(
    record: Record,
    start: Start,
    lang: str | None,
    applied: Applied | None = None,
    kept: Kept | None = None,
    source: GameText | None = None,
    notes: bool = True,
) -> Checked:
    """What the checker found in its walk under ``applied`` (default: today's Laws); without
    ``lang``, localised piece letters are detected; ``kept``: a visitor that keeps the walk's
    positions beside the checker; ``source``: the game's text, which the fixes edit; ``notes``:
    an unsafe fix of a move leaves a comment."""
    options = WalkOptions(start, lang, mates=True, assume=True)
    checker = Checker(record, applied, source, notes)
    checked = walk(record, options, checker) if kept is None else walk(record, options, Tee(checker, kept))[0]
    assert isinstance(checked, Checked)
    if options.detected is not None and options.lang is not None:
        written = describe(options.detected)
        localised = codes.LOCALISED_LETTERS(
            f"the moves are written with {written}; read them so (give --lang to say it)",
            record.moves[0].span,
        )
        edits = _english(record, letter_map(options.lang), checked.findings)
        if edits:
            localised.fix = codes.LOCALISED_LETTERS.fixing("write the English piece letters", *edits)
        checked.findings.insert(0, localised)
    return checked


def _english(record: Record, letters: dict[str, str], findings: list[Finding]) -> list[Edit]:
    """The edits that write every move of ``record`` read with the localised ``letters`` in
    English letters, but for the moves another fix rewrites (a move that cannot be played)."""
    taken = {edit.span[:2] for f in findings if f.fix is not None for edit in f.fix.edits}
    edits: list[Edit] = []
    lines = [record.moves]
    while lines:
        for node in lines.pop():
            lines.extend(node.variations)
            span = node.span
            core = split_suffixes(node.text)[0]
            if span is None or span[:2] in taken or not core or not core.strip("-O0"):
                continue
            edit = fixes.text_edit(span, core, translate(core, letters))
            if edit is not None:
                edits.append(edit)
    edits.sort(key=lambda edit: edit.span)
    return edits


class Kept(Visitor["Snapshots[Position]"]):
    """Keeps the main line's positions as the walk reaches them, as written: the keeping stops at
    its first move that cannot be played (a check's walk goes on with the move assumed)."""

    variations = False

    def __init__(self) -> None:
        self.snapshots: Snapshots[Position] = Snapshots(Position.fen)

    def begin(self, start: Start) -> None:
        self.snapshots.start(Position.of(start))

    def move(self, step: Step) -> None:
        move = step.move.uci() if step.move else None
        self.snapshots.keep(step.ply, step.position.copy(), move, step.node.text)

    def begin_variation(self, depth: int) -> bool | None:
        return SKIP  # (beside a checker, which walks the variations)

    def unplayable(self, problem: Unplayable) -> None:
        self.snapshots.stop()

    def result(self) -> Snapshots[Position]:
        return self.snapshots


@dataclass(slots=True)
class Checked:
    """What the checker found: the findings about the moves, how far the main line was
    replayed, whether it was played to its end, how the game ended and which draws could be
    claimed at its end (``ending`` and ``claims`` even when they rest on an assumed move)."""

    findings: list[Finding]
    replayed: int
    complete: bool
    ending: Ending | None
    claims: list[Claim]
    #: the moves of the main line assumed in place of those written, in order: the verdicts
    #: after the first rest on them (provisional: at most warnings)
    assumptions: list[Assumption] = field(default_factory=list)
    #: the main line was replayed to its end, as written or with assumed moves
    played_out: bool = False


def _letters(text: str) -> str:
    """``♘f3`` as SAN writes it: ``Nf3``."""
    return "".join(FIGURINES.get(char, char) for char in text).replace("P", "")


def _assumed_name(why: MoveProblem, board: chess.Board) -> str:
    """The move a verdict after ``why`` rests on, as an assumption names it."""
    verdict = why.verdict
    if verdict is not None and verdict.kind == TWICE:
        return "no move (written twice)"
    return why.named(board)


def _structural(verdict: Verdict[chess.Move], problem: Unplayable, rest: str) -> Finding:
    """The finding of a half-move left out, written twice, or two moves swapped."""
    node, board, why = problem.node, problem.board, problem.problem
    going = verdict.first
    white = bool(board.turn)  # (python-chess's WHITE is True)
    number = board.fullmove_number
    unchecked = f"; the rest of the {rest} was not checked ({problem.remaining} move(s))"
    if verdict.kind == MISSING:
        side = "White" if white else "Black"
        after = move_label(number if white else number + 1, not white, node.text)
        message = f"{side}'s {_ordinal(number)} move seems to be missing before {after}{why.hint}"
        gaps = [move_label(number, white, name) for name in verdict.names]
        if verdict.assumed:
            message += (
                f"; the rest of the {rest} plays if it was {gaps[0]} (the only legal move that lets it)"
            )
        elif going is not None:
            listed = gaps[:3] + ([f"{len(gaps) - 3} more"] if len(gaps) > 3 else [])
            shown = f"any of {', '.join(listed[:-1])} or {listed[-1]}" if len(listed) > 1 else listed[0]
            message += f"; the rest of the {rest} plays after {shown}, and was checked assuming the first"
        else:
            message += (f" ({verdict.reason})" if verdict.reason and not verdict.assumed else "") + unchecked
        finding = codes.MISSING_MOVE(message, node.span, ply=problem.ply, move=node.text)
    elif verdict.kind == TWICE:
        label = move_label(number, white, node.text)
        message = f"{label} is the move before it written again{why.hint}"
        if not verdict.assumed and verdict.reason:
            message += f" ({verdict.reason})"
        message += f"; the rest of the {rest} was checked without it" if going is not None else unchecked
        finding = codes.MOVE_TWICE(message, node.span, ply=problem.ply, move=node.text)
    else:
        label = move_label(number, white, node.text)
        rest_nodes = problem.rest or []
        second = rest_nodes[1].text if len(rest_nodes) > 1 else "?"
        other = move_label(number + 1, white, second)
        # (the other hypotheses the rest of the game fits as well: other pairs, other moves)
        message = f"{label} and {other} seem to be written in each other's place{why.hint}"
        if not verdict.assumed and verdict.reason:  # (what else the rest of the game fits)
            message += f" ({verdict.reason})"
        exchanged = f"{label} and {other}" if why.hint else "them"
        message += (
            f"; the rest of the {rest} was checked with {exchanged} exchanged"
            if going is not None
            else unchecked
        )
        finding = codes.MOVES_SWAPPED(message, node.span, ply=problem.ply, move=node.text)
    if verdict.assumed and going is not None and going.moves and verdict.kind != TWICE:
        # (a move written twice is passed over, also when found moves later: none is played instead)
        finding.meant = why.named(board)
    return finding


def _inside(edit: Edit, span: Span | None) -> bool:
    """Whether ``edit`` lies within ``span``."""
    return span is not None and span[:2] <= edit.span[:2] and edit.span[2:] <= span[2:]


def _ordinal(number: int) -> str:
    """``13th``, ``21st``."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


class Checker(Visitor[Checked]):
    """The findings about each move of every line, and the main line judged by the FIDE Laws.

    Variations are checked for legality and notation only. Findings that summarise the record
    (long algebraic moves, unmarked checks) name the first such move of the main line, else of
    the variations in the order of the record.
    """

    hears_before = True  # each finding about a move gives the position before it

    def __init__(
        self,
        record: Record,
        applied: Applied | None = None,
        source: GameText | None = None,
        notes: bool = True,
    ) -> None:
        self.applied = applied or laws_for(CURRENT.name, {})
        self.source = source  # the game's text, where the fixes' edits are measured
        self.notes = notes  # an unsafe fix of a move leaves a comment
        self.findings: list[Finding] = []
        self.step: Step | None = None  # the move at hand (its position before, for its findings)
        self.problem: chess.Board | None = None  # the position before the unplayable move at hand
        self.plies = 0  # the ply of the main line's last move played (not a null move)
        self.replayed = 0  # the same, up to the first move of the main line that cannot be played
        self.assumed: int | None = None  # the ply of the main line's first move played as meant
        self.assumptions: list[Assumption] = []  # the main line's moves played as meant
        self.played_out = True  # the main line was played to its end, as written or as meant
        self.complete = True  # the main line was played to its last move as written
        self.ending: Ending | None = None
        self.claims: list[Claim] = []
        self.main = MainLine(_PLACEHOLDER)  # replaced in begin
        self.start: Start = _PLACEHOLDER  # set in begin
        self.last: Position | None = None  # the main line's position, once a move was played
        self.marks_checks = any("+" in node.text or "#" in node.text for node in record.moves)
        # (main line, variations): (node, label, ply, SAN, position before) of long algebraic
        # moves; unmarked checks; the position only of the first of each (a finding names it)
        self.long_moves: tuple[list[tuple[MoveNode, str, int, str, str]], ...] = ([], [])
        # (main line, variations): (node, ply, position before, the mark due) of unmarked checks
        self.unmarked: tuple[list[tuple[MoveNode, int, str, str]], ...] = ([], [])
        self.depth = 0
        # per line: a move number was reported; a move after the end was reported
        self.numbers_reported = self.ended_reported = False
        # per line: the move number finding whose fix renumbers it, and its edits so far
        self.numbering: Finding | None = None
        self.renumbered: list[Edit] = []
        self.figurines_reported = False  # once a game
        self.figurines: Finding | None = None  # the figurine finding, whose fix takes every figurine
        self.figurine_edits: list[Edit] = []
        self.reread: set[int] = set()  # the nodes played as written, then read otherwise (ids)
        self.outer: list[tuple[bool, bool, Finding | None, list[Edit]]] = []

    def begin(self, start: Start) -> None:
        self.main = MainLine(start, self.applied.laws)
        self.start = start

    def begin_variation(self, depth: int) -> None:
        self.outer.append((self.numbers_reported, self.ended_reported, self.numbering, self.renumbered))
        self.numbers_reported = self.ended_reported = False
        self.numbering, self.renumbered = None, []
        self.depth = depth

    def end_variation(self) -> None:
        self._renumbering()
        self.numbers_reported, self.ended_reported, self.numbering, self.renumbered = self.outer.pop()
        self.depth -= 1

    def _add(self, finding: Finding, before: str | None = None) -> None:
        """Report ``finding`` about the move at hand, with the position before it (``before``:
        that of an earlier move)."""
        self.findings.append(finding)
        if before is not None:
            finding.position = before
        elif self.problem is not None:
            finding.position = self.problem.fen()
        else:
            finding.position = self._before()

    def _before(self) -> str:
        """The position before the move at hand (FEN)."""
        return self.step.before if self.step is not None else ""

    def move(self, step: Step) -> None:
        self.step = step
        if step.assumed:
            if not self.depth:
                self.main.after_move(step.position, step.ply, bool(step.zeroing), step.mate, step.key)
                self.plies = step.ply
                self.last = step.position
            return
        node = step.node
        if node.move_number is not None and node.move_number != step.number:
            self._numbered(node, step.number, step.white, step.ply)
        main = not self.depth
        if main and self.main.ending is not None and not self.ended_reported:
            self._after_end(node, step.number, step.white, step.ply)
        read = step.read
        if read is None:
            self._null_move(node, step, main)
            return
        if read.notes:
            self._notation_findings(
                read, node, move_label(step.number, step.white, node.text), step.ply, main
            )
        mate, check = step.mate, step.check
        if read.suffix != ("#" if mate else "+" if check else ""):
            self._check_suffix(read, node, step, check, mate, main)
        if main:
            self.main.after_move(step.position, step.ply, bool(step.zeroing), mate, step.key)
            self.plies = step.ply
            if self.complete:
                self.replayed = step.ply
            self.last = step.position

    def unplayable(self, problem: Unplayable) -> None:
        self.problem = problem.board
        try:
            self._unplayable(problem)
        finally:
            self.problem = None

    def _unplayable(self, problem: Unplayable) -> None:
        node, ply, number, white = problem.node, problem.ply, problem.number, problem.white
        main = not self.depth
        why = problem.problem
        verdict = why.verdict
        going = verdict.first if verdict is not None else None
        structural = verdict is not None and verdict.fits and verdict.kind in (MISSING, TWICE)
        if structural:
            self.numbers_reported = True  # the sheet's numbering is off by the half-move: understood
            if self.numbering is not None and (self.numbering.ply or 0) >= ply:
                self.numbering = None  # (a number found wrong from the gap on is the slip's)
            self._renumbering()  # (the numbers after it are the slip's: its fix mends them)
        if node.move_number is not None and node.move_number != number:
            self._numbered(node, number, white, ply)
        # (a structural slip that starts moves back is said on its first node, whether or not
        # the line goes on under it: the findings on the moves since are taken back, and an end
        # the sheet's order reached among them, a mate the exchange or the copy made, with them)
        shown = verdict.readings[0] if verdict is not None and verdict.readings else None
        if shown is not None and shown.back and (going is not None or shown.kind in STRUCTURAL_KINDS):
            self._reread(problem, shown.back)
            if main:
                self.main.reopen(ply)
        if main and self.main.ending is not None and not self.ended_reported:
            self._after_end(node, number, white, ply, why.hint if why.ended else "")
        if main:
            self.complete = False
            if problem.assumed is None and going is None:
                self.played_out = False
            elif going is not None:
                if self.assumed is None:
                    self.assumed = ply
                # (a half-move left out was never written: the text after it is its own move)
                written = "" if going.kind == MISSING else node.text
                named = _assumed_name(why, problem.board)
                self.assumptions.append(Assumption(ply, written, named, why.because))
        if why.ended and self.ended_reported:
            return
        label = move_label(number, white, node.text)
        if why.ended and main:
            if self.main.ending is None:
                self.main.end_without_moves(problem.board, ply - 1)
            finding = codes.MOVE_AFTER_END(
                f"{label}: {why.message}", node.span, ply=ply, move=node.text, rule="FIDE Laws of Chess 5"
            )
            self._add(self._provisional(finding, ply - 1))
            return
        rest = "game" if main else "variation"
        if verdict is not None and verdict.fits and verdict.kind != SLIP:
            finding = _structural(verdict, problem, rest)
            self._structural_fix(finding, verdict, problem)
        else:
            code = {"illegal": codes.ILLEGAL_MOVE, "ambiguous": codes.AMBIGUOUS_MOVE}.get(
                why.kind, codes.NOT_A_MOVE
            )
            message = f"{label}: {why.message}"
            if problem.assumed is not None and problem.remaining and why.readings:
                names = why.named(problem.board)
                message += f"; the rest of the {rest} was " + (
                    "checked under each" if " or " in names else f"checked with {names}"
                )
            elif problem.assumed is not None and problem.remaining:
                meant = problem.board.san(problem.assumed).rstrip("+#")
                message += f"; the rest of the {rest} was checked assuming {meant}"
            elif problem.remaining:
                message += f"; the rest of the {rest} was not checked ({problem.remaining} move(s))"
            finding = code(message, node.span, ply=ply, move=node.text)
            if problem.assumed is not None and not why.readings:
                finding.meant = why.named(problem.board)
                self._move_fix(finding, code, problem, label)
        self._add(finding)

    # --- fixes ------------------------------------------------------------------------------

    def _rewrite(self, finding: Finding, code: Code, message: str, node: MoveNode, text: str) -> None:
        """Give ``finding`` the fix that writes ``node`` as ``text`` (a notation fix: the edit
        covers only the characters that change)."""
        span = node.span
        if span is not None and span.line == span.end_line:
            edit = fixes.text_edit(span, node.text, text)
            if edit is not None:
                finding.fix = code.fixing(message, edit)

    def _san(self, board: chess.Board, move: chess.Move) -> str:
        """``move`` in SAN, with its check mark if the record marks checks."""
        san = board.san(move)
        return san if self.marks_checks else san.rstrip("+#")

    def _move_fix(self, finding: Finding, code: Code, problem: Unplayable, label: str) -> None:
        """The fix of a move that cannot be played, when the moves after it decided one reading:
        the move meant written in its place (with a comment saying so, when ``notes``)."""
        why = problem.problem
        verdict = why.verdict
        node, span, meant = problem.node, problem.node.span, problem.assumed
        if verdict is None or not verdict.assumed or not verdict.readings or meant is None or span is None:
            return
        first = verdict.readings[0]
        if (
            first.back
            or first.kind not in (SLIP, OTHER)
            or first.moves != (meant,)
            or span.line != span.end_line
        ):
            return
        san = self._san(problem.board, meant)
        text = san + split_suffixes(node.text)[2]
        if self.notes:
            text += " " + fixes.comment(correction(label, san.rstrip("+#"), why.because))
        finding.fix = code.fixing(f"write {san}", Edit(span, text))

    def _structural_fix(self, finding: Finding, verdict: Verdict[chess.Move], problem: Unplayable) -> None:
        """The fix of a half-move left out, written twice, or two moves swapped, when the moves
        after it decided it (the main line only)."""
        going = verdict.first
        node, span, board = problem.node, problem.node.span, problem.board
        if not verdict.assumed or going is None or self.depth or span is None or span.line != span.end_line:
            return
        white = bool(board.turn)
        number = board.fullmove_number
        label = move_label(number, white, node.text)
        indication = fixes.number_before(self.source, span)
        if verdict.kind == MISSING and going.moves:
            san = self._san(board, going.moves[0])
            gap = move_label(number, white, san.rstrip("+#"))
            text = f"{number}. {san} " if white else f"{san} "
            at = span.column
            if indication is not None:
                digits, written, dots = indication
                if white and dots == "." and written == str(number):
                    text = f"{san} "  # (the number written is the gap's: the move after it is Black's)
                else:
                    at = digits.column
            if self.notes:
                text += fixes.comment(f"{gap} inserted: the record left it out") + " "
            finding.fix = codes.MISSING_MOVE.fixing(f"insert {gap}", Edit(line_span(span.line, at, at), text))
        elif verdict.kind == TWICE and not going.back:
            start = indication[0].column if indication is not None else span.column
            text = self.source.lines[span.line - self.source.start_line] if self.source is not None else ""
            if self.notes:
                what = fixes.comment(f"{label} deleted: the move before it written again")
                finding.fix = codes.MOVE_TWICE.fixing(
                    f"delete {label}", Edit(line_span(span.line, start, span.end_column), what)
                )
                return
            end = span.end_column
            while end <= len(text) and text[end - 1 : end] in (" ", "\t"):
                end += 1
            if end == span.end_column:
                while start > 1 and text[start - 2] in " \t":
                    start -= 1
            finding.fix = codes.MOVE_TWICE.fixing(
                f"delete {label}", Edit(line_span(span.line, start, end), "")
            )
        elif verdict.kind == SWAPPED:
            rest = problem.rest or []
            second = rest[1] if len(rest) > 1 else None
            if second is None or second.span is None or second.span.line != second.span.end_line:
                return
            text = second.text
            if self.notes:
                other = move_label(number + 1, white, second.text)
                text += " " + fixes.comment(
                    f"{label} and {other} exchanged: they were written in each other's place"
                )
            finding.fix = codes.MOVES_SWAPPED.fixing(
                "exchange the two moves", Edit(span, text), Edit(second.span, node.text)
            )

    def _reread(self, problem: Unplayable, back: int) -> None:
        """The moves from ``problem``'s node up to the move that could not be played, which the
        walk played as written and now reads otherwise (a slip found ``back`` moves late): no fix
        rests on how they were read (a check mark judged on the wrong move)."""
        nodes = [problem.node, *(problem.rest or [])[:back]]
        spans = {node.span for node in nodes}
        self.reread.update(id(node) for node in nodes)
        # (a check mark judged in the sheet's position, which the slip says the game never had:
        # the look-ahead weighed the marks under its reading)
        self.findings = [
            f for f in self.findings if not (f.code == codes.CHECK_SUFFIX.code and f.span in spans)
        ]
        for finding in self.findings:
            if finding.fix is not None and finding.span in spans:
                finding.fix = None
        self.figurine_edits = [e for e in self.figurine_edits if not any(_inside(e, span) for span in spans)]

    def _renumbering(self) -> None:
        """Give the line's move number finding its fix, with every number of the line it renumbers."""
        if self.numbering is not None and self.renumbered:
            self.numbering.fix = codes.MOVE_NUMBER.fixing("write the move numbers due", *self.renumbered)
        self.numbering, self.renumbered = None, []

    def end(self, complete: bool) -> None:
        self._renumbering()
        if self.figurines is not None and self.figurine_edits:
            self.figurines.fix = codes.FIGURINES.fixing("write the SAN piece letters", *self.figurine_edits)
        long_moves = [*self.long_moves[0], *self.long_moves[1]]
        if long_moves:
            node, label, ply, san, before = long_moves[0]
            more = len(long_moves) - 1
            tail = f" ({more} more move(s) in this game are written so too)" if more else ""
            finding = codes.LONG_ALGEBRAIC(
                f"{label}: long algebraic/UCI notation; SAN is {san}{tail}",
                node.span,
                ply=ply,
                move=node.text,
            )
            edits = []
            for node, _, _, san, _ in long_moves:
                if id(node) in self.reread:
                    continue
                core = split_suffixes(node.text)[0]
                edit = fixes.text_edit(node.span, core, san) if node.span is not None else None
                if edit is not None:
                    edits.append(edit)
            if edits:
                finding.fix = codes.LONG_ALGEBRAIC.fixing("write the moves in SAN", *edits)
            self._add(finding, before)
        unmarked = [*self.unmarked[0], *self.unmarked[1]]
        if unmarked:
            first, first_ply, before, _ = unmarked[0]
            finding = codes.CHECK_SUFFIX(
                f"the record never marks checks: {len(unmarked)} checking move(s) lack '+' or '#', "
                f"the first {first.text}",
                first.span,
                ply=first_ply,
            )
            marks = []
            for node, _, _, mark in unmarked:
                if node.span is not None and id(node) not in self.reread:
                    at = node.span.column + len(split_suffixes(node.text)[0])
                    marks.append(Edit(line_span(node.span.line, at, at), mark))
            if marks:
                finding.fix = codes.CHECK_SUFFIX.fixing("mark every check", *marks)
            self._add(finding, before)
        last = Position.of(self.start) if self.last is None else self.last
        if self.played_out:
            if self.main.ending is None and not last.has_move():
                self.main.end_without_moves(last.board(), self.plies)
            self.claims = self.main.claims_at_end(last)
        self.ending = self.main.ending

    def result(self) -> Checked:
        return Checked(
            self.findings,
            self.replayed,
            self.complete,
            self.ending,
            self.claims,
            self.assumptions,
            self.played_out,
        )

    def _provisional(self, finding: Finding, ply: int) -> Finding:
        """``finding``, a verdict on the position after ``ply``: as it is when no assumed move
        comes before, else at most a warning that says on which move it rests."""
        return provisional(finding, [a for a in self.assumptions if a.ply <= ply])

    # --- findings ---------------------------------------------------------------------------

    def _numbered(self, node: MoveNode, number: int, white: bool, ply: int) -> None:
        """A move whose number is not the one due: reported once a line, and renumbered by the
        fix of the line's finding."""
        if not self.numbers_reported:
            self._move_number(node, number, white, ply)
        elif self.numbering is not None:
            self._renumber(node, number)

    def _renumber(self, node: MoveNode, number: int) -> None:
        """Add the edit that writes ``number`` for ``node``'s number to the line's renumbering."""
        found = fixes.number_before(self.source, node.span) if node.span is not None else None
        if found is not None:
            self.renumbered.append(Edit(found[0], str(number)))

    def _move_number(self, node: MoveNode, number: int, white: bool, ply: int) -> None:
        self.numbers_reported = True
        side = "" if white else " (Black to move)"
        written = "of more than 9 digits" if (node.move_number or 0) >= TOO_BIG else str(node.move_number)
        finding = codes.MOVE_NUMBER(
            f"move number {written} where {number} was due{side}",
            node.span,
            ply=ply,
            move=node.text,
        )
        self._add(finding)
        self.numbering, self.renumbered = finding, []
        self._renumber(node, number)

    def _after_end(self, node: MoveNode, number: int, white: bool, ply: int, unless: str = "") -> None:
        """``unless``: the slip the moves after the end fit, asked after the finding."""
        self.ended_reported = True
        ending = self.main.ending
        assert ending is not None
        label = move_label(number, white, node.text)
        finding = codes.MOVE_AFTER_END(
            f"{label} is recorded after the game ended by {describe_ending(ending)}{unless}",
            node.span,
            ply=ply,
            move=node.text,
            rule=ending_rule(ending),
        )
        self._add(self._provisional(_dated(finding, ending, self.applied), ending.ply))

    def _null_move(self, node: MoveNode, step: Step, main: bool) -> None:
        label = move_label(step.number, step.white, node.text)
        where = "in the main line: the record is not a legal game" if main else "in a variation (analysis)"
        self._add(
            codes.NULL_MOVE(
                f"null move {label} {where}",
                node.span,
                ply=step.ply,
                move=node.text,
                severity=Severity.ERROR if main else Severity.WARNING,
            ),
        )
        if main:
            self.main.forget()
            self.last = step.position

    def _notation_findings(self, read: ReadMove, node: MoveNode, label: str, ply: int, main: bool) -> None:
        text = node.text
        core = split_suffixes(text)[0]
        for note in read.notes:
            if note == "zero-castling":
                rewritten = text.replace("0", "O", core.count("0"))
                message, fix = "castling is written with the letter O", "write castling with the letter O"
                self._notation(codes.ZERO_CASTLING, f"{label}: {message}", fix, node, ply, rewritten)
            elif note == "promotion-equals":
                rewritten = f"{core[:-1]}={core[-1]}{text[len(core) :]}"
                message, fix = "promotion is written with '=' (e.g. a8=Q)", "write the promotion with '='"
                self._notation(codes.PROMOTION_SYNTAX, f"{label}: {message}", fix, node, ply, rewritten)
            elif note == "capture-x":
                message = f"a pawn's capture is written with 'x' ({core[0]}x{core[1:]})"
                fix = "write the capture mark"
                self._notation(
                    codes.CAPTURE_MARK, f"{label}: {message}", fix, node, ply, f"{core[0]}x{text[1:]}"
                )
            elif note == "figurine":
                if not self.figurines_reported:
                    self.figurines_reported = True
                    self.figurines = codes.FIGURINES(
                        f"{label}: the pieces are figurines; SAN writes letters (read as {_letters(text)})",
                        node.span,
                        ply=ply,
                        move=text,
                    )
                    self._add(self.figurines)
                span = node.span
                if span is not None and span.line == span.end_line:
                    for at, char in enumerate(core):
                        letter = FIGURINES.get(char)
                        if letter is not None:
                            column = span.column + at
                            self.figurine_edits.append(
                                Edit(
                                    line_span(span.line, column, column + 1), "" if letter == "P" else letter
                                )
                            )
            elif note.startswith("long:"):
                moves = self.long_moves[0 if main else 1]
                moves.append((node, label, ply, note[5:], "" if moves else self._before()))
            elif note.startswith("overspecified:"):
                message = f"no other piece of this kind can legally make this move; SAN is {note[14:]}"
                rewritten = core[:1] + note[15:] + text[len(core) :]
                fix = "delete the disambiguator"
                self._notation(codes.OVERSPECIFIED, f"{label}: {message}", fix, node, ply, rewritten)

    def _notation(self, code: Code, message: str, fix: str, node: MoveNode, ply: int, rewritten: str) -> None:
        """A finding of ``code`` on a move read but written against SAN, with the fix that
        writes it as ``rewritten``."""
        finding = code(message, node.span, ply=ply, move=node.text)
        self._rewrite(finding, code, fix, node, rewritten)
        self._add(finding)

    def _check_suffix(
        self, read: ReadMove, node: MoveNode, step: Step, check: bool, mate: bool, main: bool
    ) -> None:
        expected = "#" if mate else "+" if check else ""
        if not read.suffix and not self.marks_checks:
            unmarked = self.unmarked[0 if main else 1]
            unmarked.append((node, step.ply, "" if unmarked else self._before(), expected))
            return
        label = move_label(step.number, step.white, node.text)
        if not read.suffix:
            message = f"{label} gives {'mate' if mate else 'check'}: write {expected}"
        elif not expected:
            message = f"{label} is marked {read.suffix} but gives no check"
        else:
            gives = "mate" if mate else "check only"
            message = f"{label} is marked {read.suffix} but gives {gives}: write {expected}"
        finding = codes.CHECK_SUFFIX(message, node.span, ply=step.ply, move=node.text)
        core, _, annotation = split_suffixes(node.text)
        fixed = f"{core}{expected}{annotation}"
        self._rewrite(
            finding, codes.CHECK_SUFFIX, f"write {expected}" if expected else "delete the mark", node, fixed
        )
        self._add(finding)


def _check_tags(read: ReadGame, findings: list[Finding], source: GameText | None = None) -> None:
    record = read.record
    tags = record.tags
    mixed_up: set[str] = set()
    for name in tags:
        target = meant(name, tags, HINTED_TAGS)
        if target is not None and target not in mixed_up:
            mixed_up.add(target)
            finding = codes.MIXED_UP_TAG(
                f"tag [{name}]: did you mean [{target}]? (counted as {target} for the roster)",
                record.tag_spans.get(name),
            )
            written = fixes.tag_name(source, finding.span)
            if written is not None and written[1] == name:
                finding.fix = codes.MIXED_UP_TAG.fixing(f"rename the tag {target}", Edit(written[0], target))
            findings.append(finding)
    missing = [name for name in SEVEN_TAG_ROSTER if name not in tags and name not in mixed_up]
    if missing:
        findings.append(
            codes.MISSING_ROSTER(
                f"missing tag(s) of the Seven Tag Roster: {', '.join(missing)}", Span.point(record.line, 1)
            )
        )
    date = tags.get("Date")
    if date is not None and not _DATE.match(date):
        finding = codes.BAD_DATE(
            f"Date {shown(date)} is not YYYY.MM.DD (use ? for unknown digits)", record.tag_spans["Date"]
        )
        _set_value(finding, codes.BAD_DATE, source, fixes.standard_date(date), "write the date as")
        findings.append(finding)
    result = tags.get("Result")
    if result is not None and result not in _RESULTS:
        finding = codes.BAD_RESULT_TAG(
            f"Result {shown(result)} is not 1-0, 0-1, 1/2-1/2 or *", record.tag_spans["Result"]
        )
        _set_value(
            finding, codes.BAD_RESULT_TAG, source, fixes.standard_result(result), "write the result as"
        )
        findings.append(finding)


def _set_value(finding: Finding, code: Code, source: GameText | None, value: str | None, saying: str) -> None:
    """Give ``finding``, on a tag pair, the fix that writes ``value`` as its value."""
    place = fixes.tag_value(source, finding.span) if value is not None else None
    if place is not None and value is not None:
        finding.fix = code.fixing(f"{saying} {value}", Edit(place[0], fixes.escaped(value)))


def declared_result(record: Record, findings: list[Finding], source: GameText | None = None) -> str | None:
    """The result the record states (its movetext's, else its tag's); its findings (a tag
    against the movetext: PGN007) are added to ``findings``; ``source``: the game's text, which
    their fixes edit."""
    tag = record.tags.get("Result")
    marker = record.result
    if marker is None and not any(f.code == codes.UNCLOSED_COMMENT.code for f in findings):
        span = record.moves[-1].span if record.moves else Span.point(record.line, 1)
        finding = codes.MISSING_TERMINATION(
            "the movetext does not end with 1-0, 0-1, 1/2-1/2 or *"
            + (" (is the game cut short?)" if record.moves else ""),
            span,
        )
        end = fixes.movetext_end(source) if record.moves and tag in _RESULTS else None
        if end is not None and tag is not None:
            finding.fix = codes.MISSING_TERMINATION.fixing(
                f"end the movetext with {tag}", Edit(end, f" {tag}")
            )
        findings.append(finding)
    elif marker == "*" and tag in _RESULTS and tag != "*":
        findings.append(
            codes.UNKNOWN_MARKER(
                f"Result tag says {tag} but the movetext ends with * (unknown); {tag} is taken",
                record.result_span,
            )
        )
        return tag
    elif marker is not None and tag in _RESULTS and tag != marker:
        findings.append(
            codes.RESULT_MISMATCH(
                f"Result tag says {tag} but the movetext ends with {marker}", record.result_span
            )
        )
    if marker is not None:
        return marker
    return tag if tag in _RESULTS else None


def _set_result(finding: Finding, record: Record, result: str, source: GameText | None) -> None:
    """Give ``finding`` (CHESS202, CHESS203) the fix that writes ``result``, which the final
    position proves, in the Result tag and as the termination marker."""
    code = (
        codes.RESULT_CONTRADICTS
        if finding.code == codes.RESULT_CONTRADICTS.code
        else codes.UNFINISHED_BUT_ENDED
    )
    edits: list[Edit] = []
    if record.result_span is not None:
        edits.append(Edit(record.result_span, result))
    else:
        end = fixes.movetext_end(source)
        if end is None:
            return
        edits.append(Edit(end, f" {result}"))
    tag = fixes.tag_value(source, record.tag_spans.get("Result"))
    if tag is not None:
        if tag[1] != result:
            edits.append(Edit(tag[0], result))
    elif "Result" in record.tags:
        return
    edits.sort(key=lambda edit: edit.span)
    finding.fix = code.fixing(f"write the result {result}", *edits)


def _dated(finding: Finding, ending: Ending, applied: Applied) -> Finding:
    """``finding``, a verdict on ``ending``, as it is when the record's dates prove the Laws
    that end a game so in force; else at most a warning that names the edition assumed."""
    assumed = applied.assumed(ending)
    if assumed is None:
        return finding
    earlier = EDITIONS[EDITIONS.index(assumed) - 1]
    finding.message += (
        f", assuming {assumed.title()} apply "
        f"({applied.said}; --rules {earlier.name} for a game played before {day(assumed.since)})"
    )
    finding.severity = min(finding.severity, Severity.WARNING)
    return finding


def judge(
    record: Record,
    declared: str | None,
    result: Checked,
    findings: list[Finding],
    applied: Applied,
    source: GameText | None = None,
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The outcome and claims of the main line ``result`` walked, and the findings on the
    ``declared`` result it contradicts (CHESS202, CHESS203, CHESS204) added to ``findings``
    (``source``: the game's text, which their fixes edit)."""
    ending = result.ending
    # the verdicts on a position reached through an assumed move are provisional: no outcome
    # nor claim is reported on a guess, and the result check is at most a warning that says so
    resting = [a for a in result.assumptions if ending is None or a.ply <= ending.ply]
    outcome: dict[str, Any] | None = (
        {"result": ending.result, "reason": ending.reason, "ply": ending.ply}
        if ending and not resting
        else None
    )
    claims: list[dict[str, Any]] = [
        {"reason": c.reason, "ply": c.ply, "reached_ply": c.reached_ply, "valid": c.valid}
        for c in result.claims
        if not result.assumptions
    ]
    if not result.played_out or declared is None:
        return outcome, claims
    where = record.result_span or record.tag_spans.get("Result")
    if ending is not None:
        proven = not resting and applied.assumed(ending) is None
        if declared == "*":
            findings.append(
                provisional(
                    _dated(
                        codes.UNFINISHED_BUT_ENDED(
                            f"the record says '*' (unfinished), but the game ended by "
                            f"{describe_ending(ending)}: {ending.result}",
                            where,
                        ),
                        ending,
                        applied,
                    ),
                    resting,
                )
            )
        elif declared != ending.result:
            findings.append(
                provisional(
                    _dated(
                        codes.RESULT_CONTRADICTS(
                            f"result {declared} contradicts the position: "
                            f"the game ended by {describe_ending(ending)}, "
                            f"which gives {ending.result}",
                            where,
                        ),
                        ending,
                        applied,
                    ),
                    resting,
                )
            )
        else:
            return outcome, claims
        if proven:
            _set_result(findings[-1], record, ending.result, source)
        return outcome, claims
    if declared == "1/2-1/2":
        valid = [c for c in result.claims if c.valid]
        if valid:
            what = " and ".join(f"{c.reason.replace('-', ' ')} (available from ply {c.ply})" for c in valid)
            findings.append(
                provisional(
                    codes.DRAW_CLAIMABLE(f"the draw is supported by a valid claim of {what}", where), resting
                )
            )
        else:
            findings.append(
                provisional(
                    codes.DRAW_BY_AGREEMENT(
                        "no rule ends the game in a draw and no claim is valid at the end: "
                        "a draw by agreement",
                        where,
                    ),
                    resting,
                )
            )
    return outcome, claims
