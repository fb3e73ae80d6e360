"""``kifu score``: the area count of Go games, compared with their ``RE``."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from kifu.commands.options import FINITE, HELP, config_options, configured, sources_of
from kifu.commands.output_file import output_file_option, output_to
from kifu.games import presets

RULES = tuple(presets("go"))


@click.command("score", context_settings=HELP)
@click.argument("files", nargs=-1, required=True, metavar="PATHS...")
@click.option(
    "--rules", type=click.Choice(RULES), help="Rules preset (default: the record's RU, else chinese)."
)
@click.option("--komi", type=FINITE, help="Komi (default: the record's KM, else the preset's).")
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
@output_file_option
@config_options
@click.pass_context
def score(
    ctx: click.Context,
    /,
    files: tuple[str, ...],
    rules: str | None,
    komi: float | None,
    ko: str | None,
    dead: str | None,
    dead_from: str | None,
    output_format: str,
    output_file: str | None,
    **_: Any,
) -> None:
    """Count Go games by area: stones, territory, shared points, komi, handicap, margin.

    The count uses the final position of each game's main line, with the dead stones
    taken from TB/TW markup, --dead or --dead-from gnugo. It says whether RE agrees. PATHS are
    SGF files, folders (their .sgf files, walked) or globs; a path that does not exist is a
    usage error. rules, komi, ko and dead come from the configuration file closest to each
    file, as in `kifu check`, under the command line. Exit status: 0 every RE agrees (or states
    no score), 1 a disagreement or an error finding, 2 a usage or configuration error.
    """
    from kifu import __version__
    from kifu.application.library import go_options, score_sources
    from kifu.core.escape import json_text
    from kifu.core.findings import INTERNAL_ERROR, Severity
    from kifu.core.game import Options
    from kifu.core.sources import COMPRESSION_SUFFIXES, Source

    sgf = frozenset({".sgf", *(".sgf" + suffix for suffix in COMPRESSION_SUFFIXES)})
    sources = sources_of(files, sgf, empty="SGF files")

    def settings(source: Source) -> tuple[Options, str | None]:
        """The options and dead stones of ``source``: its configuration's, under the command line."""
        values = {**ctx.params, **configured(ctx, source.path)}
        chosen = values["rules"] if values["rules"] in (None, *RULES) else None  # another game's: RU
        return go_options(chosen, values["komi"], values["ko"]), values["dead"]

    readable = [Source(item.path if isinstance(item, Source) else item[0]) for item in sources]
    entries: list[dict[str, Any]] = []
    failed = False
    try:
        scored = score_sources(readable, rules, komi, ko, dead, dead_from, settings)
    except LookupError as error:  # (no Go package in this build)
        raise click.UsageError(str(error)) from None
    for entry in scored:
        entries.append(entry)
        erred = any(f["severity"] == Severity.ERROR.label for f in entry["findings"])
        failed = failed or entry.get("agrees") is False or erred
    with output_to(output_file) as target:
        if output_format == "json":
            document = json.dumps({"kifu": __version__, "games": entries}, ensure_ascii=False, indent=2)
            click.echo(json_text(document), file=target)
        else:
            for entry in entries:
                click.echo(_text(entry), nl=False, file=target)
        target.flush()
    if any(f["code"] == INTERNAL_ERROR.code for entry in entries for f in entry["findings"]):
        sys.exit(2)  # kifu itself failed on a game (the others were counted)
    if failed:
        sys.exit(1)


def _text(entry: dict[str, Any]) -> str:
    """One game's count; the path, the players and the messages shown terminal-safe."""
    from kifu.core.escape import terminal

    lines = []
    tags = entry["tags"]
    players = terminal(" - ".join(x for x in (tags.get("PB"), tags.get("PW")) if x), one_line=True)
    head = f"{terminal(entry['path'], one_line=True)} game {entry['index']}"
    if players:
        head += f": {players} (Black - White)"
    lines.append(head)
    for finding in entry["findings"]:
        where = f"{finding['line']}:{finding['column']}: " if finding.get("line") else ""
        message = terminal(finding["message"], one_line=True)
        lines.append(f"  {where}{finding['severity']} {finding['code']} {message}")
    score = entry["score"]
    if score is not None:
        ended = "ended with two passes" if entry["ended_by_passes"] else "did not end with two passes"
        rules = terminal(str(score["rules"]), one_line=True)
        lines.append(f"  {entry['plies']} plies, {ended}; rules {rules}")
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
        declared = terminal(entry["declared_result"] or "none", one_line=True)
        result = terminal(str(score["result"]), one_line=True)
        lines.append(f"  margin {score['margin']:+g} → {result}; RE {declared}: {verdict}")
    return "\n".join(lines) + "\n"
