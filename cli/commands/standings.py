"""``kifu standings``: an event's records (or results table) into a crosstable and standings."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click
from kifu.commands.grouped import CONFIGURATION, GO, XIANGQI, Grouped, Groups
from kifu.commands.options import (
    HELP,
    SETTING_NAMES,
    config_options,
    configured,
    rules_options,
    settings_from,
    sources_of,
)
from kifu.commands.output_file import output_file_option, output_to
from kifu.core.digits import ascii_number
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.games import GAME_CHOICES
from kifu.standings.fide import DEFAULT_EDITION, EDITIONS
from kifu.standings.register import Register
from kifu.standings.tiebreaks import PRESETS
from kifu.standings.writers import FORMATS

#: per kind of record, the tag that tells it, the tags naming the players (first mover first),
#: and the round: SGF PB/PW/RO, XQBase PGN Red/Black/Round, PGN White/Black/Round
_PLAYERS = (
    ("PB", "PW", "RO", "go"),
    ("Red", "Black", "Round", "xiangqi"),
    ("White", "Black", "Round", "chess"),
)


#: ``kifu standings --help``: the event's scoring and tie-breaks, the output, each game's options
STANDINGS_GROUPS: Groups = (
    (
        "Event",
        (
            "system",
            "preset",
            "tiebreak",
            "fide_edition",
            "team_file",
            "trust",
            "withdrawn",
            "players",
            "alias",
            "event_name",
            "arbiter",
            "federation",
        ),
    ),
    ("Output", ("output_format", "link_base", "no_links", "notes", "excel", "output_file", "help")),
    ("Rules", ("game", "rules")),
    XIANGQI,
    GO,
    CONFIGURATION,
)


@click.command("standings", cls=Grouped, groups=STANDINGS_GROUPS, context_settings=HELP)
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--system",
    type=click.Choice(["round-robin", "swiss", "knockout"]),
    help="How the event was paired (default: round robin when every two competitors met, else Swiss).",
)
@click.option(
    "--preset",
    type=click.Choice(sorted(PRESETS)),
    help="Ranking order (default: follows the game and system: chess fide/fide-rr, xiangqi "
    "cxa-individual-rr/-swiss, go go; a team event cxa-team-rr/-swiss).",
)
@click.option(
    "--tiebreak",
    metavar="LIST",
    help="Tie-breaks after the points, comma separated, replacing the preset's: "
    "sb, buchholz, buchholz-cut1, buchholz-median, de, wins, won, black, aro, sos, sodos, board-points.",
)
@click.option(
    "--fide-edition",
    type=click.Choice(sorted(EDITIONS)),
    help="Edition of FIDE's Tie-Break Regulations (C.07) the fide presets follow: 2023 (in force "
    "from 1 August 2024) or 2026 (the revision in force from 1 March 2026: unplayed rounds capped). "
    f"Default: {DEFAULT_EDITION}.",
)
@click.option(
    "--team-file",
    type=click.Path(exists=True, dir_okay=False),
    help="CSV of team, board order, player: rank the teams (match points, CXA 14.2).",
)
@click.option(
    "--trust",
    type=click.Choice(["verified", "declared"]),
    default="verified",
    show_default=True,
    help="When the rules contradict a declared result: count what the rules decided "
    "(verified) or what the score sheet says (declared). Either way it is a warning.",
)
@click.option(
    "--withdrawn",
    multiple=True,
    metavar="NAME[@ROUND]",
    help="A player who withdrew (before ROUND); CXA 20.3 applies in a round robin. Repeatable.",
)
@click.option(
    "--players",
    metavar="FILE",
    help="Player register, a CSV with a header: name, fide_id, national_id, federation, title, "
    "rating, spellings (separated by ;). A spelling is read as its player, and the register's "
    "columns replace the records' (default: [tool.kifu.standings] players).",
)
@click.option(
    "--alias",
    multiple=True,
    metavar="SPELLING=NAME",
    help="Read SPELLING as the player NAME (as a register's spelling). Repeatable.",
)
@click.option(
    "--game",
    type=click.Choice(GAME_CHOICES),
    default="auto",
    show_default=True,
    help="Which game the record files hold (auto: by extension, then by content).",
)
@rules_options
@click.option(
    "--event", "event_name", metavar="NAME", help="The event's name (default: the records' Event tag)."
)
@click.option(
    "--arbiter", metavar="NAME", help="The chief arbiter, for the TRF-16 line 102 (records do not say)."
)
@click.option(
    "--federation",
    metavar="CODE",
    help="The federation running the event, TRF-16 line 032 (default: the records' EventCountry).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Output on stdout; trf is FIDE's TRF-16 (chess, individual events).",
)
@click.option(
    "--link-base",
    metavar="URL",
    help="html: link each result to URL/PATH, PATH its record's path from the working folder "
    "(default: relative to the -o file, or file:// addresses on stdout).",
)
@click.option("--no-links", is_flag=True, help="html: no links to the records.")
@click.option(
    "--notes",
    metavar="FILE",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the arbiter's notes (errors and warnings, by kind) to FILE as an HTML page; "
    "they are never on the public page (--format html). They go to stderr too.",
)
@click.option(
    "--excel",
    "--bom",
    "excel",
    is_flag=True,
    help="csv: the form Excel on Windows reads: a UTF-8 byte-order mark and CRLF line ends "
    "(default: plain UTF-8 with LF, for programs).",
)
@output_file_option
@config_options
@click.pass_context
def standings(
    ctx: click.Context,
    /,
    paths: tuple[str, ...],
    system: str | None,
    preset: str | None,
    tiebreak: str | None,
    fide_edition: str | None,
    team_file: str | None,
    trust: str,
    withdrawn: tuple[str, ...],
    players: str | None,
    alias: tuple[str, ...],
    game: str,
    event_name: str | None,
    arbiter: str | None,
    federation: str | None,
    output_format: str,
    link_base: str | None,
    no_links: bool,
    notes: str | None,
    excel: bool,
    output_file: str | None,
    rules: str | None,
    **overrides: Any,
) -> None:
    """Rank the players (or teams) of an event from its records or a results table.

    PATHS are record files or folders of them (read recursively, through kifu's checker, so
    each declared result is compared with what the rules decided), or CSV results tables
    (round, board, player 1, player 2, result; + and - for forfeits). The crosstable lists
    the competitors in ranking order with a column per round (opponent's number, colour,
    result) and every tie-break; ties no criterion separates share a place. Warnings (a
    result the rules contradict, a name spelled two ways, a player missing from a round) go to
    stderr; so do errors (a result that cannot be read: exit status 1). Records are read with
    the configuration of `kifu check` (the rules, their overrides, the game) from the
    configuration file closest to each, under the command line. A path that does not exist is
    a usage error (exit status 2).
    """
    from kifu.core.escape import terminal
    from kifu.standings import checks
    from kifu.standings import compute as computing
    from kifu.standings import register as registers
    from kifu.standings.details import Details
    from kifu.standings.event import Event, parse_round
    from kifu.standings.scoring import Team
    from kifu.standings.table import read_table, read_teams
    from kifu.standings.tiebreaks import Rules, default_preset, parse_list
    from kifu.standings.trf_read import TrfEvent, looks_like_trf, points_warnings, read_trf, trf_files
    from kifu.standings.writers import Report, write
    from kifu.standings.writers.links import Links

    event = Event()
    register = _register(ctx, paths, players, alias)
    if register is not None:
        event.aliases = register.aliases()
        event.warnings += register.warnings
    trfs = [path for path in paths if looks_like_trf(path) or (os.path.isdir(path) and trf_files(path))]
    tables = [path for path in paths if path.lower().endswith(".csv")]
    records = [path for path in paths if not path.lower().endswith(".csv") and path not in trfs]
    for path in tables:
        try:
            with open(path, encoding="utf-8-sig") as handle:
                read_table(handle.read(), path, event)
        except OSError as error:
            raise click.BadParameter(f"cannot read {path}: {error.strerror}", param_hint="PATHS") from error
    games_seen: dict[str, int] = {}
    details = Details(arbiter=arbiter or None, federation=federation or None)
    trf = None
    if trfs:  # (TRF-16: FIDE's report of a chess event, from kifu or a pairing program)
        trf = TrfEvent(event=event)
        for path in trfs:
            try:
                read_trf(path, trf, system or _system_of_preset(preset))
            except OSError as error:
                shown = f"cannot read {terminal(path, one_line=True)}: {error.strerror}"
                raise click.BadParameter(shown, param_hint="PATHS") from error
        details = trf.details
        details.arbiter = arbiter or details.arbiter
        details.federation = federation or details.federation
        games_seen["chess"] = games_seen.get("chess", 0) + len(event.games)
    if records:
        collected = list(_records(ctx, records, event.warnings))
        per_path: dict[str, int] = {}
        for path, _ in collected:
            per_path[path] = per_path.get(path, 0) + 1
        for path, report in collected:
            source = _where(path, report, per_path[path] > 1)
            kind = _add_record(event, source, path, report, trust)
            if kind:
                games_seen[kind] = games_seen.get(kind, 0) + 1
                round_tag = next(entry[2] for entry in _PLAYERS if entry[3] == kind)
                details.add(report.tags, parse_round(report.tags.get(round_tag))[0])
    for entry in withdrawn:
        name, _, before = entry.rpartition("@") if "@" in entry else (entry, "", "")
        round_, _ = parse_round(before)
        key = event.resolve(name)
        if key not in event.players:
            raise click.BadParameter(f"{name!r} played no game in this event", param_hint="--withdrawn")
        event.withdrawn[key] = round_
    event.warnings[:0] = event.name_warnings()
    if not event.games:  # (what was read says why: a TRF's malformed lines, unreadable records)
        _said(event.errors, event.warnings)
        raise click.UsageError(
            "no games found: give record files, folders, a CSV results table or a TRF-16 file"
        )
    forced = None if game == "auto" else game
    game_name = max(games_seen, key=lambda k: games_seen[k]) if games_seen else forced
    roster = None
    if team_file is not None:
        with open(team_file, encoding="utf-8-sig") as handle:
            roster, team_warnings = read_teams(handle.read(), team_file)
        event.warnings += team_warnings
        if event.aliases:  # (a team file's spellings are the register's too)
            roster = [Team(team.name, tuple(map(event.resolve, team.players))) for team in roster]
    system = (
        system
        or _system_of_preset(preset)
        or (trf.system if trf is not None else None)
        or computing.infer_system(event, roster)
    )
    if register is not None and register.label is not None:
        event.warnings += registers.unregistered(event, register)  # (the near names among them)
    else:
        event.warnings += checks.near_duplicates(event)
    provenance = registers.apply(event, register) if register is not None else None
    event.warnings += checks.empty_rounds(event)
    event.warnings += checks.missing_players(event, system, roster is not None)
    chosen = preset or default_preset(game_name, system, roster is not None)
    ranking = PRESETS[chosen]
    if ranking.team and roster is None:
        raise click.UsageError(f"--preset {chosen} ranks teams: give --team-file")
    if roster is not None and not ranking.team:
        raise click.UsageError(f"--preset {chosen} ranks players; a team event needs a cxa-team-* preset")
    if output_format == "trf" and (roster is not None or game_name not in (None, "chess")):
        raise click.UsageError("--format trf is FIDE's report of an individual chess event")
    if fide_edition is not None and ranking.convention != "fide":
        event.warnings.append(f"--fide-edition applies to the fide presets, not {chosen}: ignored")
    fide_edition = fide_edition or DEFAULT_EDITION
    criteria, source = ranking.criteria, ranking.describe(fide_edition)
    if tiebreak is not None:
        try:
            listed = parse_list(tiebreak)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--tiebreak") from error
        primary = () if listed[:1] and listed[0] in ("points", "board-points") else ranking.criteria[:1]
        criteria, source = (*primary, *listed), "--tiebreak"
        if ranking.convention == "fide":
            source += f" (unplayed rounds: {EDITIONS[fide_edition]}, article 16)"
    unplayed = Rules(ranking.convention, fide_edition, system != "swiss")
    table = computing.compute(event, system, criteria, game_name, roster, unplayed)
    if trf is not None:  # (kifu's points against the file's points column)
        counted = {row.standing.competitor.name: row.standing.competitor.points for row in table.rows}
        event.warnings += points_warnings(trf, counted)
    title = event_name or details.name or ""
    output = Report(
        table,
        game_name,
        system,
        chosen,
        source,
        roster is not None,
        title,
        event.warnings,
        event.errors,
        details,
        Links(
            enabled=not no_links,
            base=link_base,
            page=Path(output_file) if output_file not in (None, "-") else None,
        ),
    )
    if provenance is not None and register is not None:
        output.provenance, output.register = provenance, register.label
    output.excel = excel
    if notes is not None:
        _write_notes(output, notes, trust, output_file)
    with output_to(output_file) as target:
        write(output_format, output, target)
    _said(event.errors, event.warnings)
    if event.errors:
        sys.exit(1)


def _said(errors: list[str], warnings: list[str]) -> None:
    """The errors and warnings on stderr, each on one line, safe on a terminal."""
    from kifu.core.escape import terminal

    for problem in errors:
        click.echo(f"kifu: error: {terminal(problem, one_line=True)}", err=True)
    for warning in warnings:
        click.echo(f"kifu: warning: {terminal(warning, one_line=True)}", err=True)


def _write_notes(report: object, notes: str, trust: str, output_file: str | None) -> None:
    """The arbiter's notes page, written to ``notes`` as any output is (whole or not at all)."""
    from kifu.application.output import is_stdout
    from kifu.standings.writers import Report
    from kifu.standings.writers.html import write_notes

    assert isinstance(report, Report)
    same = is_stdout(notes) and is_stdout(output_file)
    if same or (output_file is not None and os.path.abspath(notes) == os.path.abspath(output_file)):
        raise click.BadParameter("the notes need a file of their own, not the output's", param_hint="--notes")
    with output_to(notes) as target:
        write_notes(report, target, trust)


def _where(path: str, report: RecordReport, several: bool) -> str:
    """Where a record is, for warnings and links: its file, and when the file holds several
    records the line the record starts at and its index in words (``round5.pgn:23: game 3``)."""
    return f"{path}:{report.line}: game {report.index}" if several else path


def _register(
    ctx: click.Context, paths: Sequence[str], players: str | None, aliases: Sequence[str]
) -> Register | None:
    """The player register of ``--players`` (else of ``[tool.kifu.standings] players`` in the
    configuration that applies to the first path), with the ``--alias`` spellings; ``None``
    when there is neither."""
    from kifu.application.config import ConfigError
    from kifu.commands.options import FatalError
    from kifu.standings import register as registers

    found: Register | None = None
    named: tuple[str, str] | None = None
    if players is not None:
        try:
            found = registers.load(players, terminal_path(players))
        except registers.RegisterError as error:
            raise click.BadParameter(str(error), param_hint="--players") from None
    else:
        first = paths[0] if paths else os.curdir
        start = Path(first if os.path.isdir(first) else os.path.dirname(first) or os.curdir)
        try:
            named = registers.configured(
                start, ctx.params.get("config_file"), bool(ctx.params.get("isolated"))
            )
            if named is not None:
                found = registers.load(named[0], terminal_path(named[0]))
        except ConfigError as error:
            raise FatalError(str(error)) from None
        except registers.RegisterError as error:
            raise FatalError(f"{named[1] if named else ''}: players: {error}") from None
    for text in aliases:
        try:
            spelling, name = registers.parse_alias(text)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--alias") from None
        if found is None:
            found = registers.Register()
        found.alias(spelling, name)
    return found


def terminal_path(path: str) -> str:
    """A path as messages show it: its control characters visible."""
    from kifu.core.escape import terminal

    return terminal(path, one_line=True)


def _system_of_preset(preset: str | None) -> str | None:
    if preset is None:
        return None
    if preset.endswith("-swiss"):
        return "swiss"
    if preset.endswith("-rr"):
        return "round-robin"
    return None


def _records(
    ctx: click.Context, paths: Sequence[str], warnings: list[str]
) -> Iterator[tuple[str, RecordReport]]:
    """Every record of ``paths`` as the checker reports it (tags, declared result, outcome),
    read under the rules options of ``ctx`` (those of ``kifu check``), over the configuration
    of each file.

    The one place that talks to the check pipeline (the registry and the batch runner), so
    that it is re-wired in one place when their API changes. Findings about a file (cannot
    be read, no records) become warnings.
    """
    from kifu import games
    from kifu.application import batch, detection
    from kifu.core.findings import Finding, Severity
    from kifu.core.results import Totals
    from kifu.core.sources import Source

    class Collect:
        """A reporter that keeps every record report with its file's path."""

        def __init__(self) -> None:
            self.path = ""
            self.uses_tags = True
            self.reports: list[tuple[str, RecordReport]] = []

        def begin(self) -> None:
            pass

        def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
            self.path = path

        def record(self, report: RecordReport) -> None:
            self.reports.append((self.path, report))

        def end_file(self, findings: list[Finding]) -> None:
            warnings.extend(
                f"{self.path}: {finding.message}"
                for finding in findings
                if finding.severity >= Severity.WARNING
            )

        def end(self, totals: Totals) -> None:
            pass

    sources = sources_of(paths, empty=None)  # (an event without records says so itself)
    made: dict[str, batch.FileSettings] = {}

    def settings(source: Source) -> batch.FileSettings:
        """The rules options and the game of ``source``: its configuration's, under the command line."""
        directory = os.path.dirname(source.path)
        if directory not in made:
            values = {**ctx.params, **configured(ctx, source.path)}
            options = Options(values["rules"], settings_from({name: values[name] for name in SETTING_NAMES}))
            made[directory] = batch.FileSettings(
                options, None, None if values["game"] == "auto" else values["game"]
            )
        return made[directory]

    for source in sources:  # a bad configuration stops the command before anything is read
        if isinstance(source, Source):
            settings(source)
    collector = Collect()
    plan = batch.Batch(detection.detect, games.load, None, jobs=1)
    batch.run(sources, plan, Options(), collector, settings=settings)
    yield from collector.reports


def _add_record(event: object, source: str, path: str, report: RecordReport, trust: str) -> str | None:
    """Add the game a record reports to ``event`` (``source`` names the record, ``path`` its
    file); the kind of record (chess, xiangqi, go)."""
    from kifu.core.findings import Severity
    from kifu.standings.event import MAX_ROUND, UNKNOWN, Event, Game, Player, parse_round

    assert isinstance(event, Event)
    tags = report.tags
    first_tag, second_tag, round_tag, kind = next(
        (entry for entry in _PLAYERS if entry[0] in tags), _PLAYERS[-1]
    )
    first, second = tags.get(first_tag, "").strip(), tags.get(second_tag, "").strip()
    if first in ("", "?") or second in ("", "?"):
        event.warnings.append(f"{source}: the record does not name both players; not counted")
        return None
    round_, board = parse_round(tags.get(round_tag))
    written_round = tags.get(round_tag, "").strip()
    if round_ is None and written_round not in ("", "?", "-"):
        event.warnings.append(
            f"{source}: {round_tag} {written_round!r} is not a round number (1 to {MAX_ROUND})"
        )
    if tags.get("Board"):
        board = parse_round(tags["Board"])[0]
    declared = _result(report.declared_result)
    verdict = _result(str(report.outcome.get("result"))) if report.outcome else None
    about_result = [
        f for f in report.findings if f.severity is Severity.ERROR and _about_result(f.code, f.message)
    ]
    counted = declared
    if (verdict is not None and verdict != declared) or about_result:
        said = report.outcome.get("reason") if report.outcome else None
        rules = f"the rules say {verdict} ({said})" if verdict else about_result[0].message
        counted = verdict if trust == "verified" and verdict is not None else declared
        event.warnings.append(
            f"{source}: {first} – {second}: declared {declared}, {rules}; counted {counted} (--trust {trust})"
        )
    result_tag = "RE" if kind == "go" else "Result"
    written = tags.get(result_tag, "").strip()
    if written and _result(written) == UNKNOWN and written.lower() not in _NO_RESULT:
        line = next(
            (f.span.line for f in report.findings if f.span is not None and repr(written) in f.message),
            report.line,
        )
        game_words = f"game {report.index}: " if source != path else ""  # the file holds several
        event.errors.append(
            f"{path}:{line}: {game_words}{first} – {second}: "
            f"{result_tag} {written!r} cannot be read as a result; "
            "the game is not counted"
        )
    elif counted == UNKNOWN:
        event.warnings.append(f"{source}: {first} – {second}: no result; not counted")
    a, b = event.name(first, round_), event.name(second, round_)
    for name, side in ((a, "White"), (b, "Black")):
        if kind == "chess":
            elo = tags.get(f"{side}Elo", "")
            rating = ascii_number(elo)
            if rating is None and elo.strip() not in ("", "-", "?"):  # (PGN's "unknown" forms)
                event.warnings.append(f"{source}: {side}Elo {elo!r} of {name} is not a rating: ignored")
            event.add_player_info(
                Player(
                    name,
                    rating or None,
                    tags.get(f"{side}FideId") or None,
                    tags.get(f"{side}Title") or None,
                    _federation(tags, side),
                )
            )
    event.games.append(Game(round_, a, b, counted, board, source))
    return kind


#: the tags that give a player's federation, in the order tried: none is in the PGN standard
#: (``WhiteTeamCountry``, ChessBase's, is the team's country, not the player's federation)
_FEDERATION_TAGS = ("Fed", "Federation", "Country")


def _federation(tags: dict[str, str], side: str) -> str | None:
    """A player's FIDE federation, three capital letters, from the first tag that gives one."""
    for suffix in _FEDERATION_TAGS:
        value = tags.get(f"{side}{suffix}", "").strip()
        if len(value) == 3 and value.isascii() and value.isalpha():
            return value.upper()
    return None


#: written results that say "no result" (PGN ``*``, SGF ``?``/``Void``, an unknown ``?``)
_NO_RESULT = ("*", "?", "void", "unknown", "-")


def _about_result(code: str, message: str) -> bool:
    """Whether a finding is about the record's result (its code's title, or its message, says so)."""
    from kifu.core.findings import lookup

    known = lookup(code)
    return "result" in (known.title if known is not None else message).lower()


def _result(written: str | None) -> str:
    """A declared or decided result as ``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` (SGF forms too)."""
    from kifu.standings.event import PLAYED, UNKNOWN

    if written is None:
        return UNKNOWN
    text = written.strip()
    if text in PLAYED:
        return text
    upper = text.upper()
    if upper.startswith("B+"):
        return "1-0"
    if upper.startswith("W+"):
        return "0-1"
    if upper in ("0", "DRAW", "JIGO"):
        return "1/2-1/2"
    return UNKNOWN
