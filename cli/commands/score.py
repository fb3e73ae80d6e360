"""``kifu score``: the area count of Go games, compared with their ``RE``."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

RULES = ("chinese", "tromp-taylor", "wmsg2008", "aga", "nz", "ing", "japanese", "korean")


@click.command("score")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--rules", type=click.Choice(RULES), help="Rules preset (default: the record's RU, else chinese)."
)
@click.option("--komi", type=float, help="Komi (default: the record's KM, else the preset's).")
@click.option(
    "--ko", type=click.Choice(["simple", "positional", "situational"]), help="Ko rule for the replay."
)
@click.option(
    "--dead", metavar="POINTS", help="Dead stones, e.g. D4,Q16 (GTP) or dd,pp (SGF): their whole groups."
)
@click.option("--dead-from", type=click.Choice(["gnugo"]), help="Ask GNU Go (final_status_list dead).")
@click.option(
    "--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True
)
def score(
    files: tuple[str, ...],
    rules: str | None,
    komi: float | None,
    ko: str | None,
    dead: str | None,
    dead_from: str | None,
    output_format: str,
) -> None:
    """Count Go games by area: stones, territory, shared points, komi, handicap, margin.

    The count uses the final position of each game's main line, with the dead stones
    taken from TB/TW markup, --dead or --dead-from gnugo. It says whether RE agrees. Exit
    status: 0 every RE agrees (or states no score), 1 a disagreement or an error finding.
    """
    from kifu import __version__
    from kifu.core.findings import Severity
    from kifu.core.game import CheckOptions
    from kifu.core.sources import Source

    settings: dict[str, object] = {}
    if komi is not None:
        settings["komi"] = komi
    if ko is not None:
        settings["ko"] = ko
    options = CheckOptions(rules=rules, settings=settings)
    games: list[dict[str, Any]] = []
    failed = False
    for path in files:
        for entry in _score_file(Source(path), options, dead, dead_from):
            games.append(entry)
            if entry.get("agrees") is False or any(
                f["severity"] == Severity.ERROR.label for f in entry["findings"]
            ):
                failed = True
    if output_format == "json":
        click.echo(json.dumps({"kifu": __version__, "games": games}, ensure_ascii=False, indent=2))
    else:
        for entry in games:
            click.echo(_text(entry), nl=False)
    sys.stdout.flush()
    if failed:
        sys.exit(1)


def _score_file(source: Any, options: Any, dead: str | None, dead_from: str | None) -> list[dict[str, Any]]:
    from kifu.go import codes
    from kifu.go.checker import GameResult, check_games, dead_points, score_game
    from kifu.go.scoring import agrees, vertex

    entries: list[dict[str, Any]] = []
    file_findings: list[dict[str, Any]] = []
    for item in check_games(source, options):
        if not isinstance(item, GameResult):
            file_findings.append(item.to_dict())
            continue
        report = item.report
        findings = [f for f in report.findings if f.severity.label == "error" and _relevant(f.code)]
        notes = []
        entry: dict[str, Any] = {
            "path": source.path,
            "index": report.index,
            "line": report.line,
            "tags": report.tags,
            "plies": report.plies,
            "declared_result": report.declared_result,
            "ended_by_passes": item.main.trailing_passes >= 2,
            "dead": [],
            "score": None,
            "agrees": None,
        }
        board = item.main.board
        if board is not None:
            given: set[int] = set()
            if dead:
                given, bad = dead_points(item, dead)
                for name in bad:
                    notes.append(codes.DEAD_STONES(f"--dead {name}: no stone there (ignored)"))
            if dead_from == "gnugo":
                from kifu.go.gnugo import GtpError, dead_stones

                try:
                    given |= dead_stones(board, item.info.komi or 0.0)
                except GtpError as error:
                    notes.append(codes.ENGINE_FAILED(f"--dead-from gnugo: {error}"))
            exact = entry["ended_by_passes"] or bool(given) or _has_markup(item)
            if not exact:
                notes.append(
                    codes.NOT_COUNTABLE(
                        "the game did not end with two passes and no dead stones are "
                        "known: every stone counts as alive"
                    )
                )
            extra: list[Any] = []
            counted = score_game(item, options.settings, extra, given, from_markup=True)
            notes.extend(extra)
            if counted is not None:
                entry["score"] = counted.to_dict()
                entry["dead"] = sorted(vertex(p, board) for p in given)
                entry["exact"] = exact
                entry["agrees"] = agrees(report.declared_result, counted.result) if item.rules.area else None
        entry["findings"] = [f.to_dict() for f in [*findings, *notes]]
        entries.append(entry)
    if file_findings and entries:
        entries[0]["findings"][:0] = file_findings
    elif file_findings:
        entries.append(
            {
                "path": source.path,
                "index": 0,
                "line": 1,
                "tags": {},
                "plies": 0,
                "declared_result": None,
                "ended_by_passes": False,
                "dead": [],
                "score": None,
                "agrees": None,
                "findings": file_findings,
            }
        )
    return entries


def _relevant(code: str) -> bool:
    """Errors that bear on the count: syntax, board, moves, and kifu's own failures."""
    if code.startswith("GO2"):
        return False  # the count's own verdict is made again here, with --dead
    return code.startswith(("GO", "IO", "KIFU")) or code in _COUNTED_SGF


_COUNTED_SGF = frozenset({f"SGF00{n}" for n in range(1, 10)} | {"SGF036", "SGF039", "SGF040", "SGF047"})


def _has_markup(item: Any) -> bool:
    last = item.main.last
    return last is not None and ("TB" in last.props or "TW" in last.props)


def _text(entry: dict[str, Any]) -> str:
    lines = []
    tags = entry["tags"]
    players = " - ".join(x for x in (tags.get("PB"), tags.get("PW")) if x)
    head = f"{entry['path']} game {entry['index']}"
    if players:
        head += f": {players} (Black - White)"
    lines.append(head)
    for finding in entry["findings"]:
        where = f"{finding['line']}:{finding['column']}: " if finding.get("line") else ""
        lines.append(f"  {where}{finding['severity']} {finding['code']} {finding['message']}")
    score = entry["score"]
    if score is not None:
        ended = "ended with two passes" if entry["ended_by_passes"] else "did not end with two passes"
        lines.append(f"  {entry['plies']} plies, {ended}; rules {score['rules']}")
        for colour in ("black", "white"):
            side = score[colour]
            dead = f", {side['dead']} dead removed" if side["dead"] else ""
            lines.append(
                f"  {colour.capitalize():<6} {side['stones']:>4} stones + {side['territory']:>4} territory = "
                f"{side['area']:>4} area; count {side['count']:g}{dead}"
            )
        lines.append(
            f"  shared {score['shared']} (half each in the count); komi {score['komi']:g}; "
            f"handicap {score['handicap']} (compensation {score['compensation']:g})"
        )
        verdict = {True: "agrees", False: "DISAGREES", None: "states no score"}[entry["agrees"]]
        declared = entry["declared_result"] or "none"
        lines.append(f"  margin {score['margin']:+g} → {score['result']}; RE {declared}: {verdict}")
    return "\n".join(lines) + "\n"
