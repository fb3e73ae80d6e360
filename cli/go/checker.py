"""``kifu.go.checker``: one :class:`RecordReport` per game tree, the checker visitor of the walk.

Pipeline: a record of :mod:`~kifu.go.reader` → parsed (:mod:`~kifu.go.parser`) → its root read
(:mod:`~kifu.go.info`) → :func:`kifu.go.walk.walk` with the :class:`Checker` visitor (property
findings node by node by :mod:`~kifu.go.properties`, the rules' verdicts as findings, the main
line's end) → :mod:`~kifu.go.scoring` for games where both players passed (counted on the
final position, also when moves follow the passes) → :mod:`~kifu.go.verdict` when the count
disagrees with ``RE``. Every finding on a move carries the position before it.

Settings read: ``komi``, ``ko``, ``dead`` (points whose groups are dead, GTP ``D4`` or SGF
``dd``), ``dead_from`` (``gnugo``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from kifu.core.assumed import provisional
from kifu.core.findings import Assumption, Code, Finding, Severity, capped
from kifu.core.game import Options, RawRecord, kept_plies
from kifu.core.record import Span
from kifu.core.results import RecordReport
from kifu.core.sources import Source
from kifu.go import codes
from kifu.go.board import BLACK, EDGE, EMPTY, WHITE, Board, Undo, sgf_name
from kifu.go.capped import MAX_PER_CODE, Capped, merged
from kifu.go.fixes import replace_value
from kifu.go.index import TextIndex
from kifu.go.info import GameInfo, read_game_info, read_root
from kifu.go.kept import Kept, kept_positions
from kifu.go.parser import parse_unparsed
from kifu.go.properties import PropertyChecker
from kifu.go.reader import records
from kifu.go.rules import PRESETS, Rules, from_ru, resolve
from kifu.go.scoring import (
    Count,
    agrees,
    count,
    dead_from_markup,
    parse_vertex,
    territory_points,
    whole_groups,
)
from kifu.go.tree import Game, Node, Prop
from kifu.go.verdict import Premises, judge
from kifu.go.walk import GoVisitor, Problem, Step, WalkOptions, walk


class MainLine:
    """What the main line ends with: what scoring and the report need (a plain class: a
    compiled dataclass's ``__init__`` is interpreted, and this one is made twice a game)."""

    __slots__ = (
        "board",
        "first_passer",
        "last",
        "leading_black",
        "passed_out",
        "placed",
        "plies",
        "setup_black",
        "trailing_passes",
    )

    def __init__(
        self,
        plies: int = 0,
        board: Board | None = None,
        last: Node | None = None,
        trailing_passes: int = 0,
        first_passer: int | None = None,  # who passed first in the final run of passes
        leading_black: int = 0,
        setup_black: int = 0,
        passed_out: bool = False,  # both players passed in a row (perhaps with moves after)
        placed: int = 0,  # the stones the record puts on the board, Black's less White's
    ) -> None:
        self.plies = plies
        self.board = board
        self.last = last
        self.trailing_passes = trailing_passes
        self.first_passer = first_passer
        self.leading_black = leading_black
        self.setup_black = setup_black
        self.passed_out = passed_out
        self.placed = placed


@dataclass(slots=True)
class GameResult:
    """Everything checking one game produced (the score command uses more than the report)."""

    report: RecordReport
    info: GameInfo
    rules: Rules
    main: MainLine
    count: Count | None = None
    rules_stated: bool = False
    #: the dead stones the count removed and whether any source gave them (marks, settings)
    dead: set[int] | None = None
    dead_given: bool = False
    komi_stated: bool = False
    #: the game tree as read (``None`` when nothing could be parsed)
    root: Node | None = None
    #: the main line's moves played in place of those written (:mod:`kifu.go.lookahead`): the
    #: count and its verdicts rest on them (provisional: at most warnings)
    assumptions: list[Assumption] = field(default_factory=list)
    #: the main line's moves that could not be played and were left out or played as written
    #: ("the move at 57 (W[qd], on an occupied point) is left out"): the count rests on them too
    aside: list[str] = field(default_factory=list)


class Checker(GoVisitor["tuple[MainLine, dict[str, int]]"]):
    """The checker visitor: property findings at each node, the walk's problems as findings
    (at most :data:`MAX_PER_CODE` of a code are built), the main line's end."""

    def __init__(self, properties: PropertyChecker, tags: dict[str, str], kept: Kept | None = None) -> None:
        self.properties = properties
        self.kept = kept  # keeps the main line's positions (kifu.go.show), when they are asked for
        self.hears_moves = kept is not None  # (the checker itself hears nodes)
        self.findings = properties.findings
        self.tags = tags
        self.main = MainLine()
        self.overflow: dict[str, int] = {}
        self.board: Board | None = None
        self.assumptions: list[Assumption] = []  # the main line's moves played as meant
        self.aside: list[str] = []  # the main line's moves left out or played as written

    def begin(self, board: Board) -> None:
        """Keep the walk's board: a finding on a move shows the position before it."""
        self.board = board
        if self.kept is not None:
            self.kept.begin(board)

    def move(self, step: Step) -> None:
        """Heard only when the positions are kept."""
        if self.kept is not None:
            self.kept.move(step)

    def node(self, step: Step) -> None:
        """Check the node's properties; read the first game-info node of the main line."""
        node = step.node
        checker = self.properties
        has_info = checker.check_node(node, step.is_root, step.info_seen, step.main)
        if has_info and not step.is_root and not step.info_seen and step.main:
            read_game_info(node, checker, self.tags)

    def remark(self, problem: Problem) -> None:
        """A finding on a move (or a set-up value) that was played anyway."""
        self._add(problem)

    def capped(self, code: Code) -> bool:
        """Past :data:`MAX_PER_CODE` of ``code``, a remark is counted here and not built."""
        seen = self.overflow.get(code.code, 0)
        if seen < MAX_PER_CODE:
            return False
        self.overflow[code.code] = seen + 1
        return True

    def unplayable(self, problem: Problem) -> None:
        """A move the rules forbid (or off the board): a finding; the walk plays on (with the
        move meant in its stead, when the rest of the game told it)."""
        if problem.assumption is not None:
            self.assumptions.append(problem.assumption)
        elif problem.depth == 0:
            aside = _ASIDE.get(problem.code.code)
            if aside is not None:
                prop = problem.prop
                what, done = aside
                raw = prop.values[0] if prop.values else ""
                self.aside.append(f"the move at {problem.ply} ({prop.ident}[{raw}], {what}) {done}")
        self._add(problem)

    def main_end(self, step: Step) -> None:
        """Keep the main line's final position and what the count needs."""
        if self.kept is not None:
            self.kept.main_end(step)
        self.main = MainLine(
            step.ply,
            step.board.copy(),
            step.node,
            step.passes,
            step.first_passer,
            step.leading_black,
            step.setup_black,
            step.passed_out,
            step.placed,
        )

    def result(self) -> tuple[MainLine, dict[str, int]]:
        return self.main, self.overflow

    def _add(self, problem: Problem) -> None:
        code, message, prop, ply, value = problem[:5]
        if value is not None:
            self.properties.report(code, message, prop, value, problem.severity)
            return
        meant = None if problem.assumption is None else problem.assumption.assumed
        self._report(code, message, prop, ply, problem.played, problem.severity, meant)

    def _report(
        self,
        code: Code,
        message: str,
        prop: Prop,
        ply: int,
        played: Undo | None,
        severity: Severity | None = None,
        meant: str | None = None,
    ) -> None:
        seen = self.overflow.get(code.code, 0) + 1
        self.overflow[code.code] = seen
        if seen > MAX_PER_CODE:
            return  # past the cap no finding is built (archives of broken games stay fast)
        raw = prop.values[0] if prop.values else ""
        index = self.properties.index
        offset = prop.value_offsets[0] if prop.value_offsets else prop.offset
        finding = code(
            message,
            index.span(prop.offset, offset - prop.offset + len(raw) + 2),
            ply=ply,
            move=f"{prop.ident}[{raw}]",
            severity=severity,
        )
        finding.meant = meant
        board = self.board
        if board is not None:
            finding.position = position(board, played)
            if played is not None:  # the stones of the other colour it took off the board
                taken = WHITE if prop.ident == "B" else BLACK
                stones = sorted(point for point, before in played.changes if before == taken)
                finding.captures = tuple(name for name in (sgf_name(board, p) for p in stones) if name)
        self.findings.append(finding)


def position(board: Board, played: Undo | None = None) -> str:
    """The board's rows from the top as ``.``/``X``/``O`` joined by ``/``, as it was before the
    changes of ``played`` (the move the finding concerns, when it is already on the board)."""
    cells = board.cells
    if played is not None:
        cells = cells.copy()
        for point, content in reversed(played.changes):
            cells[point] = content
    # every finding on a move carries one: the border cells become the row separators
    return bytes(cells).translate(_MARKS).decode("ascii").strip("/").replace("//", "/")


#: the moves the walk cannot play as written and does not replace (by code): what they are,
#: and what the count after them rests on (a superko's move is played: the rules judge it, it
#: is no slip)
_ASIDE: Final = {
    codes.OCCUPIED.code: ("on an occupied point", "is left out"),
    codes.OFF_BOARD.code: ("not a point of the board", "is left out"),
    codes.SUICIDE.code: ("a suicide", "stands as written"),
    codes.KO.code: ("an immediate ko retake", "stands as written"),
}

#: EMPTY, BLACK, WHITE, EDGE → the characters of :func:`position`
_MARKS: Final = bytes.maketrans(bytes((EMPTY, BLACK, WHITE, EDGE)), b".XO/")


def check_record(record: RawRecord[Game], options: Options) -> GameResult:
    """Parse and check one record (core's crash guard is around the caller)."""
    game, index = parse_unparsed(record.data)
    return check_game(game, index, options)


def check_games(source: Source, options: Options) -> Iterator[GameResult | Finding]:
    """Every game of ``source`` checked, with its full result (a bare Finding concerns the file).

    No crash guard here: ``kifu check`` goes through :mod:`kifu.core.records`, which guards each
    record; this is the library entry for tests and tools that want the whole result.
    """
    for item in records(source):
        yield item if isinstance(item, Finding) else check_record(item, options)


def check_game(game: Game, index: TextIndex, options: Options) -> GameResult:
    """Check one game tree: properties, the walk, and the count if it ended with two passes."""
    settings = options.settings
    info = GameInfo()
    line = index.position(game.offset)[0]
    report = RecordReport(game.index, line)
    root = game.root
    if root is None:
        findings = list(game.findings)
        report.findings = capped(sorted(findings, key=_position), game.dropped) if game.dropped else findings
        return GameResult(report, info, resolve(options.rules, None, settings.get("ko")), MainLine())
    properties = PropertyChecker(index, Capped(game.findings), info)
    properties.root = root
    read_root(root, properties)
    tags: dict[str, str] = {}
    read_game_info(root, properties, tags)
    rules = resolve(options.rules, info.rules, settings.get("ko"))
    main = MainLine()
    dropped: dict[str, int] = {}
    kept: Kept | None = None
    if info.gm == 1:
        # the checker plays through a forbidden move (every problem is found); it hears nodes, not moves
        if options.boards:
            kept = Kept()
        through = WalkOptions(info, rules, assume=True)
        checker = Checker(properties, tags, kept)
        main, overflow = walk(root, through, checker)
        assumptions = checker.assumptions
        aside = checker.aside
        dropped = {code: seen - MAX_PER_CODE for code, seen in overflow.items() if seen > MAX_PER_CODE}
        _handicap(root, info, main, properties)
    else:
        _properties_only(root, properties)
    findings = properties.findings.items()
    walked = dropped
    dropped = merged(game.dropped, properties.findings.dropped(), walked)
    report.tags = tags
    report.plies = main.plies
    report.declared_result = info.result
    result = GameResult(report, info, rules, main, root=root)
    if info.gm == 1:
        result.assumptions = assumptions
        result.aside = aside
    result.rules_stated = options.rules in PRESETS or from_ru(info.rules) is not None
    if main.board is not None and main.passed_out:
        given, notes = _given_dead(result, settings)
        findings.extend(notes)
        result.count = score_game(result, settings, findings, given, from_markup=True)
        if result.count is not None:
            report.score = result.count.to_dict()
            if not result.assumptions and not result.aside:  # no outcome on a guess of a move
                report.outcome = {"result": result.count.result, "reason": "score", "ply": main.plies}
            prop = root.props.get("RE")
            span = index.span(prop.offset, len(prop.name)) if prop is not None else None
            exact = prop is not None and _exact(result, options, findings)
            compare(result, findings, span, (index, prop) if exact and prop is not None else None)
    report.findings = capped(sorted(findings, key=_position), dropped, walked)
    if kept is not None:
        report.positions = kept_positions(kept, kept_plies(report, options.boards), info, options)
    return result


def _given_dead(result: GameResult, settings: Mapping[str, Any]) -> tuple[set[int], list[Finding]]:
    """The dead stones the settings give (``dead``, ``dead_from``) and notes on them."""
    board = result.main.board
    given: set[int] = set()
    notes: list[Finding] = []
    if board is None:
        return given, notes
    spec = settings.get("dead")
    if spec:
        given, bad = dead_points(result, str(spec))
        notes += [codes.DEAD_STONES(f"--dead {name}: no stone there (ignored)") for name in bad]
    if settings.get("dead_from") == "gnugo":
        from kifu.go.gnugo import GtpError, dead_stones, main_line_sgf  # (only when asked for)

        try:
            komi, root = result.info.komi or 0.0, result.root
            record = None if root is None else main_line_sgf(root, board, komi, result.main.last)
            given |= dead_stones(board, komi, record)
        except GtpError as error:
            notes.append(codes.ENGINE_FAILED(f"--dead-from gnugo: {error}"))
    if spec or settings.get("dead_from"):
        result.dead_given = True
    return given, notes


def score_game(
    result: GameResult,
    settings: Mapping[str, Any],
    findings: list[Finding],
    dead: set[int],
    from_markup: bool,
) -> Count | None:
    """Count the main line's final position with the given and marked dead stones.

    Tromp-Taylor counts every stone on the board: TB/TW marks are not read under it. Without
    KM (or ``komi``) the preset's komi is used, and no komi in a handicap game (GO206).
    """
    board = result.main.board
    if board is None:
        return None
    if from_markup and result.rules.name != "tromp-taylor":
        marked, notes = dead_from_markup(board, result.main.last)
        if marked:
            result.dead_given = True
        dead = dead | marked
        for note in notes:
            findings.append(codes.DEAD_STONES(note))
    result.dead = dead
    komi = settings.get("komi")
    if komi is None:
        komi = result.info.komi
    result.komi_stated = komi is not None
    if komi is None and result.info.handicap >= 2:
        komi = 0.0
        findings.append(
            codes.DEFAULT_KOMI(
                f"no KM in a handicap game: no komi assumed (the handicap compensation of the "
                f"{result.rules.name} rules stands in for it)"
            )
        )
    elif komi is None:
        komi = result.rules.komi
        older = " (the 1988 Chinese text says 5.5)" if result.rules.name == "chinese" else ""
        findings.append(
            codes.DEFAULT_KOMI(f"no KM: komi {komi:g} of the {result.rules.name} rules used{older}")
        )
    return count(
        board,
        dead,
        result.rules,
        float(komi),
        result.info.handicap,
        white_passed_first=result.main.first_passer == WHITE,
    )


def dead_points(result: GameResult, spec: str) -> tuple[set[int], list[str]]:
    """The stones named by ``--dead`` (GTP ``D4`` or SGF ``dd``), whole groups; and bad names."""
    board = result.main.board
    if board is None:
        return set(), []
    named: set[int] = set()
    bad: list[str] = []
    for part in spec.replace(" ", ",").split(","):
        if not part:
            continue
        point = parse_vertex(part, board)
        if point is None or board.cells[point] not in (1, 2):
            bad.append(part)
        else:
            named.add(point)
    return whole_groups(board, named), bad


def compare(
    result: GameResult,
    findings: list[Finding],
    span: Span | None,
    fixing: tuple[TextIndex, Prop] | None = None,
) -> None:
    """GO201/GO202/GO205 on ``result.count`` against RE, with :mod:`~kifu.go.verdict`'s severity;
    provisional (at most warnings, naming them) when the count rests on assumed moves, or on
    moves that could not be played and were left out or played as written. ``fixing``: the
    text and the root's RE, when the count is exact (:func:`_exact`): GO201 and GO202 then write
    the count's result in RE."""
    start = len(findings)
    _compare(result, findings, span)
    for finding in findings[start:]:
        provisional(finding, result.assumptions, result.aside)
        counted = result.count
        certain = finding.code != codes.RESULT_DISAGREES.code or finding.severity is Severity.ERROR
        if fixing is not None and counted is not None and certain and finding.code in _WRITES_RESULT:
            index, prop = fixing
            finding.fix = _WRITES_RESULT[finding.code].fixing(
                f"write RE[{counted.result}], the count's result",
                replace_value(index, prop, 0, counted.result),
            )


#: the codes whose fix writes the count's result in RE
_WRITES_RESULT: Final = {
    codes.RESULT_DISAGREES.code: codes.RESULT_DISAGREES,
    codes.RESULT_NOT_A_SCORE.code: codes.RESULT_NOT_A_SCORE,
}
#: the findings that say the count rests on a reading of the record (the komi in another scale or
#: another property, dead-stone marks that contradict themselves)
_READ_INTO: Final = frozenset({codes.KOMI_QUIRK.code, codes.MIXED_UP_PROPERTY.code, codes.DEAD_STONES.code})


def _exact(result: GameResult, options: Options, findings: list[Finding]) -> bool:
    """Whether the count rests on nothing assumed, so that its result may be written in RE: the
    record's own KM (or FF[3]'s KI) in the root and its RU naming area-counting rules, none of
    them overridden by the settings; its dead stones marked in the last node with TB/TW (or
    Tromp-Taylor rules, where every stone is alive); every move of the main line played as
    written, and the last two passes; the root's RE one value. (GO201 must be an error too: the
    verdict is certain.)"""
    settings = options.settings
    root = result.root
    last = result.main.last
    if root is None or last is None or result.assumptions or result.aside or result.main.trailing_passes < 2:
        return False  # (moves after the passes: were they played?)
    if options.rules is not None or any(
        settings.get(key) is not None for key in ("komi", "dead", "dead_from")
    ):
        return False
    if from_ru(result.info.rules) is None or not result.rules.area:
        return False
    if ("KM" not in root.props and "KI" not in root.props) or result.info.komi is None:
        return False
    if not result.dead_given and result.rules.name != "tromp-taylor":
        return False  # (marks that cover no stone leave the count to kifu's estimate)
    prop = root.props.get("RE")
    return (
        prop is not None
        and len(prop.values) == 1
        and not any(finding.code in _READ_INTO for finding in findings)
    )


def _compare(result: GameResult, findings: list[Finding], span: Span | None) -> None:
    counted = result.count
    declared = result.info.result
    board = result.main.board
    if counted is None or declared is None or board is None:
        return
    verdict = agrees(declared, counted.result)
    if verdict is None:
        if declared not in ("Void", "?"):
            findings.append(
                codes.RESULT_NOT_A_SCORE(
                    f"the game ended with two passes and counts {counted.result}, but RE is {declared}", span
                )
            )
        return
    territory = not result.rules.area
    if verdict and territory:
        findings.append(
            codes.TERRITORY_RULES(
                f"{result.rules.name} rules count territory; the area count {counted.result} agrees with RE",
                span,
            )
        )
    if verdict:
        return
    premises = Premises(
        board,
        result.rules,
        counted.komi,
        result.komi_stated,
        result.info.handicap,
        result.rules_stated,
        result.dead or set(),
        result.dead_given,
        result.main.first_passer == WHITE,
        None if result.rules_stated or result.root is None else result.main.placed,
        None if result.rules_stated else marked_territory(board, result.main.last),
    )
    judged = judge(premises, declared, counted)
    severity = judged.severity
    note = judged.note
    if territory:
        severity = Severity.WARNING
        note += "; the record's rules count territory, which can differ from area by a point or two"
    findings.append(
        codes.RESULT_DISAGREES(
            f"RE[{declared}] but the area count under {result.rules.name} rules gives {counted.result} "
            f"({_summary(counted)}){note}",
            span,
            severity=severity,
        )
    )


def marked_territory(board: Board, node: Node | None) -> int | None:
    """The points the last node marks as Black's territory (TB) less those it marks as White's
    (TW), or ``None`` when it marks none: what a territory count adds up."""
    if node is None or ("TB" not in node.props and "TW" not in node.props):
        return None
    points = {ident: set(territory_points(board, node, ident)) for ident in ("TB", "TW")}
    return len(points["TB"]) - len(points["TW"])


def _summary(counted: Count) -> str:
    black = counted.black_stones + counted.black_territory
    white = counted.white_stones + counted.white_territory
    parts = [f"Black {black}, White {white}"]
    if counted.shared:
        parts.append(f"{counted.shared} shared")
    parts.append(f"komi {counted.komi:g}")
    if counted.compensation:
        parts.append(f"handicap compensation {counted.compensation:g}")
    return ", ".join(parts)


def _handicap(root: Node, info: GameInfo, main: MainLine, checker: PropertyChecker) -> None:
    if info.handicap < 2:
        return
    placed = main.setup_black
    if placed == info.handicap or (placed == 0 and main.leading_black >= info.handicap):
        return
    prop = root.props.get("HA")
    if prop is None:
        return
    how = (
        f"{placed} black stone(s) set up before the first move"
        if placed
        else f"{main.leading_black} black move(s) before White's first"
    )
    checker.report(codes.BAD_HANDICAP, f"HA[{info.handicap}] but {how}", prop, 0)


def _properties_only(root: Node, checker: PropertyChecker) -> None:
    stack: list[tuple[Node, bool]] = [(root, False)]
    first = True
    while stack:
        node, seen = stack.pop()
        has_info = checker.check_node(node, first, seen)
        first = False
        for child in reversed(node.children):
            stack.append((child, seen or has_info))


def _position(finding: Finding) -> tuple[int, int]:
    span = finding.span
    return (span.line, span.column) if span else (1 << 30, 0)
