"""``kifu.go.checker``: SGF files to one :class:`RecordReport` per game tree.

Pipeline: bytes → :mod:`~kifu.go.encoding` → text → :mod:`~kifu.go.parser` (one game tree
at a time) → :mod:`~kifu.go.properties` and :mod:`~kifu.go.replay` → :mod:`~kifu.go.scoring`
for games that ended with two passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from kifu.core.findings import Finding, Severity
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.core.sources import Source
from kifu.go import codes
from kifu.go.encoding import texts
from kifu.go.parser import CollectionReader, Game, Node, TextIndex
from kifu.go.properties import GameInfo, PropertyChecker, read_game_info, read_root
from kifu.go.replay import MAX_PER_CODE, IllegalMove, MainLine, Replay
from kifu.go.rules import PRESETS, Rules, from_ru, resolve
from kifu.go.scoring import Count, agrees, count, dead_from_markup, parse_vertex, whole_groups


@dataclass(slots=True)
class GameResult:
    """Everything checking one game produced (the score command uses more than the report)."""

    report: RecordReport
    info: GameInfo
    rules: Rules
    main: MainLine
    count: Count | None = None
    rules_stated: bool = False
    #: the game tree as read (``None`` when nothing could be parsed), for writers
    root: Node | None = None
    #: ``id()`` of each move property the rules forbid → why (see ``Replay.illegal``)
    illegal: dict[int, IllegalMove] = field(default_factory=dict)


def check_games(source: Source, options: Options) -> Iterator[GameResult | Finding]:
    """Like :func:`check`, with the full result of each game."""
    from kifu.core.findings import internal_error

    reader = CollectionReader()
    games = 0
    characters = 0
    kinds: dict[tuple[str, str], int] = {}
    for piece in texts(source):
        if not isinstance(piece, tuple):
            yield piece
            continue
        text, final = piece
        characters += len(text)
        for game, index in reader.feed(text, final):
            if game.index == 0:
                yield from game.findings
                continue
            games += 1
            mixed(index.text, game, kinds, index)
            try:
                result = check_game(game, index, options)
            except Exception as error:  # a bug in kifu: this game only
                line = index.position(game.offset)[0]
                report = RecordReport(
                    game.index,
                    line,
                    findings=[
                        *game.findings,
                        internal_error(error, f"while checking game {game.index} of {source.path}"),
                    ],
                )
                yield GameResult(report, GameInfo(), resolve(options.rules, None, None), MainLine())
                continue
            yield result
    if games == 0:
        yield codes.NO_GAMES(
            f"no SGF game tree `(;` in {source.path}" + ("" if characters else " (the file is empty)")
        )


_ROOT = re.compile(r"\(\s*;?((?:[^;()\[]+|\[[^\\\]]*(?:\\.[^\\\]]*)*\]?)*)")
_KIND = {name: re.compile(rf"(?<![A-Za-z]){name}\s*\[\s*(\d+)") for name in ("FF", "GM")}


def mixed(
    text: str, game: Game, kinds: dict[tuple[str, str], int], index: TextIndex, start: int | None = None
) -> None:
    """SGF033 on the first game of another FF or GM than the games before it.

    FF and GM are read from the root node's text, so that a file split across workers gives
    the same notes as a file checked whole.
    """
    offset = game.offset if start is None else start
    root = _ROOT.match(text, offset)
    head = root.group(1) if root else ""
    for name, pattern in _KIND.items():
        found = pattern.search(head)
        kind = (name, found.group(1) if found else "1")
        others = [k for k in kinds if k[0] == name and k != kind]
        if others and kind not in kinds:
            game.findings.append(
                codes.MIXED_FILE(
                    f"game {game.index} is {name}[{kind[1]}], an earlier game {name}[{others[0][1]}]",
                    index.span(offset),
                )
            )
        kinds.setdefault(kind, game.index)


def check_game(game: Game, index: TextIndex, options: Options) -> GameResult:
    """Check one game tree: properties, replay, and the count if it ended with two passes."""
    settings = options.settings
    findings: list[Finding] = list(game.findings)
    info = GameInfo()
    line = index.position(game.offset)[0]
    report = RecordReport(game.index, line)
    rules = resolve(options.rules, None, settings.get("ko"))
    root = game.root
    if root is None:
        report.findings = findings
        return GameResult(report, info, rules, MainLine())
    checker = PropertyChecker(index, findings, info)
    read_root(root, checker)
    tags: dict[str, str] = {}
    read_game_info(root, checker, tags)
    rules = resolve(options.rules, info.rules, settings.get("ko"))
    main = MainLine()
    dropped: dict[str, int] = {}
    illegal: dict[int, IllegalMove] = {}
    if info.gm == 1:
        replay = Replay(rules, checker, findings, tags)
        main = replay.run(root)
        illegal = replay.illegal
        dropped = {code: seen - MAX_PER_CODE for code, seen in replay.overflow.items() if seen > MAX_PER_CODE}
        _handicap(root, info, main, checker)
    else:
        _properties_only(root, checker)
    report.tags = tags
    report.plies = main.plies
    report.declared_result = info.result
    result = GameResult(report, info, rules, main, root=root, illegal=illegal)
    result.rules_stated = options.rules in PRESETS or from_ru(info.rules) is not None
    if main.board is not None and main.trailing_passes >= 2:
        result.count = score_game(result, settings, findings, set(), from_markup=True)
        if result.count is not None:
            report.score = result.count.to_dict()
            report.outcome = {"result": result.count.result, "reason": "score", "ply": main.plies}
            _compare(result, findings, index, root)
    report.findings = _capped(sorted(findings, key=_position), dropped)
    return result


def score_game(
    result: GameResult,
    settings: Mapping[str, Any],
    findings: list[Finding],
    dead: set[int],
    from_markup: bool,
) -> Count | None:
    """Count the main line's final position with the given and marked dead stones."""
    board = result.main.board
    if board is None:
        return None
    if from_markup:
        marked, notes = dead_from_markup(board, result.main.last)
        dead = dead | marked
        for note in notes:
            findings.append(codes.DEAD_STONES(note))
    komi = settings.get("komi")
    if komi is None:
        komi = result.info.komi
    if komi is None:
        komi = result.rules.komi
        findings.append(codes.DEFAULT_KOMI(f"no KM: komi {komi} of the {result.rules.name} rules used"))
    from kifu.go.board import WHITE

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


def _compare(result: GameResult, findings: list[Finding], index: TextIndex, root: Node) -> None:
    counted = result.count
    declared = result.info.result
    if counted is None or declared is None:
        return
    prop = root.props.get("RE")
    span = index.span(prop.offset, len(prop.name)) if prop is not None else None
    if not result.rules.area:
        findings.append(
            codes.TERRITORY_RULES(
                f"{result.rules.name} rules count territory; the area count is {counted.result}, "
                f"RE is {declared}",
                span,
            )
        )
        return
    verdict = agrees(declared, counted.result)
    if verdict is False:
        assumed = (
            ""
            if result.rules_stated
            else (
                f"; the record states no rules ({result.rules.name} assumed), and dead stones left on the "
                "board count as alive"
            )
        )
        findings.append(
            codes.RESULT_DISAGREES(
                f"RE[{declared}] but the area count under {result.rules.name} rules gives {counted.result} "
                f"({_summary(counted)}){assumed}",
                span,
                severity=None if result.rules_stated else Severity.WARNING,
            )
        )
    elif verdict is None and declared not in ("Void", "?"):
        findings.append(
            codes.RESULT_NOT_A_SCORE(
                f"the game ended with two passes and counts {counted.result}, but RE is {declared}", span
            )
        )


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


def _capped(findings: list[Finding], dropped: dict[str, int]) -> list[Finding]:
    """At most MAX_PER_CODE findings of one code, then one finding saying how many more."""
    tally: dict[str, int] = dict.fromkeys(dropped, 0)
    kept: list[Finding] = []
    for finding in findings:
        n = tally.get(finding.code, 0) + 1
        tally[finding.code] = n
        if n <= MAX_PER_CODE:
            kept.append(finding)
    for code, n in tally.items():
        n += dropped.get(code, 0)
        if n > MAX_PER_CODE:
            first = next(f for f in kept if f.code == code)
            kept.append(
                type(first)(
                    code,
                    first.severity,
                    f"… and {n - MAX_PER_CODE} more {code} finding(s) in this game",
                    None,
                    rule=first.rule,
                )
            )
    return kept
