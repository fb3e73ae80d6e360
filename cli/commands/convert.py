"""``kifu convert``: records from one notation or format to another, without losing what fits."""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from kifu.application.output import OutputError, flush_stdout, is_stdout, write_output, write_stdout
from kifu.commands.completion import complete_targets
from kifu.commands.grouped import CONFIGURATION, GO, LIMITS, XIANGQI, Grouped, Groups
from kifu.commands.options import (
    HELP,
    SETTING_NAMES,
    apply_limits,
    check_language,
    config_options,
    configured,
    limit_options,
    rules_options,
    settings_from,
    sources_of,
)
from kifu.core.converted import fails, join, writes
from kifu.core.escape import terminal
from kifu.core.findings import INTERNAL_ERROR, Finding, Severity
from kifu.core.game import Game, Options
from kifu.core.sources import COMPRESSION_SUFFIXES, Source, SourceError
from kifu.games import GAME_CHOICES

#: ``kifu convert --help``: what is written and where first, then each game's options
CONVERT_GROUPS: Groups = (
    ("Output", ("target", "output", "encoding", "in_place", "every_move", "help")),
    ("Records kifu cannot replay or the target cannot hold", ("strict", "lenient")),
    ("Rules", ("game", "rules")),
    ("Chess", ("lang", "write_lang")),
    XIANGQI,
    GO,
    LIMITS,
    CONFIGURATION,
)


@click.command("convert", cls=Grouped, groups=CONVERT_GROUPS, context_settings=HELP)
@click.argument("inputs", nargs=-1, required=True)
@click.option(
    "--to",
    "target",
    required=True,
    shell_complete=complete_targets,
    metavar="NOTATION",
    help="Chess: pgn, san, fan, lan, uci, fen, epd, json, diagram. Xiangqi: chinese, traditional, wxf, iccs, "
    "pgn, ucci, fen, json, diagram. Go: sgf, gtp, json, diagram.",
)
@click.option(
    "-o",
    "--output",
    "--output-file",
    "output",
    metavar="PATH",
    help="Output file, or a directory (ending in /) for one file per input. Default: stdout.",
)
@rules_options
@limit_options
@click.option(
    "--lang",
    metavar="LANG",
    help="Chess: piece letters of the input, when not English (as in kifu check: de, es, fr, …).",
)
@click.option(
    "--write-lang",
    metavar="LANG",
    help="Chess --to san: piece letters of the output (de, es, fr, …). PGN (--to pgn) is English SAN.",
)
@click.option(
    "--game",
    type=click.Choice(GAME_CHOICES),
    default="auto",
    show_default=True,
    help="Which game the files record (auto: by extension, then by content).",
)
@click.option(
    "--encoding",
    metavar="CODEC",
    help="Write the output in this encoding (latin-1 for old PGN readers, gbk or big5 for old "
    "xiangqi tools, shift_jis …); SGF declares it in CA. Default: UTF-8.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Exit 1 when the target cannot hold something of the input, or a result contradicts the "
    "record (its Result tag against its movetext, or the final position).",
)
@click.option(
    "--lenient",
    is_flag=True,
    help="Write also the records kifu cannot replay to their end (in PGN and SGF the rest kept as "
    "written, after a comment in PGN; in xiangqi JSON the main line's rest under not_replayed; "
    "elsewhere up to the last move played), with a warning, and exit 0.",
)
@click.option("--in-place", is_flag=True, help="Replace each input by its conversion (same format only).")
@click.option(
    "--every-move",
    is_flag=True,
    help="--to diagram: a board after every move of the main line, with its comments (default: the "
    "final position; Go: with its count).",
)
@config_options
@click.pass_context
def convert(
    ctx: click.Context,
    /,
    inputs: tuple[str, ...],
    target: str,
    output: str | None,
    lang: str | None,
    write_lang: str | None,
    game: str,
    encoding: str | None,
    strict: bool,
    lenient: bool,
    in_place: bool,
    every_move: bool,
    rules: str | None,
    **overrides: Any,
) -> None:
    """Convert game records to another notation or format.

    INPUTS are files, directories (walked, as `kifu check` walks them), globs or - for
    standard input; a path that does not exist is a usage error. Records are read under the
    same rules, with the same options, as `kifu check` reads them, and with the same
    configuration: the rules, their overrides, --game, the limits and lang (the input's piece
    letters, as in check) from the configuration file closest to each input (the limits: the
    current directory's), under the command line. A record kifu cannot read or replay to its end is
    not written (unless --lenient); --in-place leaves an input untouched when its conversion
    would lose anything. Writes are atomic (a temporary file renamed over the target, removed
    if kifu is interrupted), never through a symbolic link at a new output, and an input is
    never overwritten unless --in-place is given. What the target cannot hold (comments in
    UCI, variations in FEN lists) is named on stderr. Exit status: 0 converted, 1 a record
    could not be read or played to its end (unless --lenient), 2 usage error, an output that
    cannot be written, or an internal error (KIFU001: the other inputs are still converted).
    """

    apply_limits({**overrides, **configured(ctx, os.path.join(os.curdir, "-"))})
    if every_move and target != "diagram":
        raise click.UsageError("--every-move draws a board after every move: it goes with --to diagram")
    if write_lang is not None and target != "san":
        raise click.UsageError(
            "--write-lang writes SAN in another language's piece letters: it goes with --to san "
            "(PGN's export format is English SAN; --lang names the input's letters)"
        )

    def options_for(path: str) -> tuple[Options, str]:
        """The rules options and the game for the input at ``path``: its configuration's."""
        values = {**ctx.params, **configured(ctx, path)}
        settings = settings_from({name: values[name] for name in SETTING_NAMES})
        if values["lang"] is not None:
            settings["lang"] = check_language(values["lang"], "--lang")
        if write_lang is not None:
            settings["write_lang"] = check_language(write_lang, "--write-lang")
        if every_move:
            settings["every_move"] = True
        return Options(rules=values["rules"], settings=settings), values["game"]

    if in_place and output:
        raise click.UsageError("--in-place and --output exclude each other")
    if encoding is not None:
        try:
            codec = codecs.lookup(encoding)
        except (LookupError, ValueError):  # (ValueError: a NUL in the name)
            raise click.BadParameter(f"unknown encoding {encoding!r}", param_hint="--encoding") from None
        # base64, rot13, zlib …: codecs of bytes to bytes, or of text to text, not charsets; and a
        # charset writes ASCII (`undefined` writes nothing)
        try:
            text = getattr(codec, "_is_text_encoding", True) and isinstance(codec.encode("[Event]")[0], bytes)
        except (UnicodeError, ValueError, TypeError):
            text = False
        if not text:
            raise click.BadParameter(
                f"{encoding!r} is not a text encoding (a charset such as latin-1, gbk or shift_jis)",
                param_hint="--encoding",
            )
    to_directory = output is not None and (output.endswith(os.sep) or os.path.isdir(output))
    sources = sources_of(inputs)
    if output and not to_directory and len(sources) > 1:
        raise click.UsageError("several inputs need -o DIR/ (or stdout)")
    chosen = {item.path: options_for(item.path) for item in sources if isinstance(item, Source)}
    plans = [
        _plan(
            item,
            chosen[item.path][1] if isinstance(item, Source) else game,
            target,
            output,
            to_directory,
            in_place,
        )
        for item in sources
    ]
    _refuse_collisions(plans)
    failed = dropped_any = contradicted_any = crashed = False
    for plan in plans:
        if plan.error is not None:
            _say(plan.path, plan.error)
            failed = True
            continue
        assert plan.source is not None and plan.module is not None
        done = _convert(plan, target, chosen[plan.path][0], encoding, lenient)
        failed = failed or done.failed
        crashed = crashed or done.crashed
        dropped_any = dropped_any or done.dropped
        contradicted_any = contradicted_any or done.contradicted
    _to_stdout(flush_stdout)
    if crashed:
        sys.exit(2)
    if failed or (strict and (dropped_any or contradicted_any)):
        sys.exit(1)


@dataclass(slots=True)
class _Plan:
    """What to do with one input: its game and where its conversion goes (``None``: stdout).

    ``error`` says why it cannot be converted (it is reported in its turn, and the others
    are still converted).
    """

    path: str
    source: Source | None = None
    name: str = ""
    fmt: str = ""
    module: Game[Any] | None = None
    destination: str | None = None
    error: str | None = None
    in_place: bool = False


@dataclass(slots=True)
class _Done:
    failed: bool = False
    crashed: bool = False
    dropped: bool = False
    contradicted: bool = False  # a record's result contradicts it (--strict exits 1)


def _plan(
    item: Source | tuple[str, Finding],
    game: str,
    target: str,
    output: str | None,
    to_directory: bool,
    in_place: bool,
) -> _Plan:
    """Recognise an input and decide where its conversion goes; usage errors stop the command."""
    from kifu import games
    from kifu.application import detection

    if isinstance(item, tuple):
        return _Plan(item[0], error=item[1].message)
    source = item
    try:
        name, fmt = detection.target(source, None if game == "auto" else game, target)
    except SourceError as error:
        return _Plan(source.path, error=error.finding.message)
    except detection.UnknownGame:
        return _Plan(source.path, error="cannot tell which game it records; use --game")
    except detection.NoSuchTarget as error:
        raise click.UsageError(str(error)) from None
    module = games.need(name)
    extension = module.TARGETS[target].extension
    destination = _destination(source, extension, output, to_directory, in_place)
    if in_place and (source.extension != extension or source.compressed):
        raise click.UsageError(
            f"--in-place would write {target} ({extension}) into {source.path}: it replaces a file by the "
            "same format only; use -o"
        )
    if (
        destination is not None
        and not in_place
        and source.path != "-"
        and os.path.exists(destination)
        and os.path.samefile(destination, source.path)
    ):
        raise click.UsageError(f"{_shown(destination)} is the input; use --in-place to replace it")
    return _Plan(source.path, source, name, fmt, module, destination, in_place=in_place)


def _refuse_collisions(plans: list[_Plan]) -> None:
    """Two inputs whose conversions would go to one file: refused before anything is written."""
    seen: dict[str, str] = {}
    for plan in plans:
        if plan.destination is None or plan.error is not None:
            continue
        # (case folded: on a case-insensitive file system A.pgn and a.pgn are one file)
        key = os.path.realpath(plan.destination).casefold()
        if key in seen:
            raise click.UsageError(
                f"{seen[key]} and {plan.path} would both be converted to {plan.destination}; "
                "convert them into different directories"
            )
        seen[key] = plan.path


def _convert(plan: _Plan, target: str, options: Options, encoding: str | None, lenient: bool) -> _Done:
    """Convert one input and write it (or print it); what went wrong is said on stderr.

    A record that was not wholly replayed (``Converted.lost``) is left out unless ``lenient``;
    ``--in-place`` replaces the input only when nothing at all was left out or dropped.
    """
    from kifu.core import records as per_record

    assert plan.source is not None and plan.module is not None
    source, module = plan.source, plan.module
    path = _shown(source.path)
    kind = module.TARGETS[target]
    done = _Done()
    texts: list[str] = []
    lost: dict[str, int] = {}
    problems = records = errors = 0
    failing = False  # a record whose conversion fails (exit 1), as kifu.convert reports it
    withheld: list[int] = []  # records not written
    partial: list[int] = []  # records written without their unreplayed rest
    try:
        for converted in per_record.convert_source(module, source, plan.fmt, target, options):
            if isinstance(converted, Finding):
                if converted.severity is Severity.ERROR:
                    _say(source.path, converted.message)
                    errors += 1
                    done.crashed = done.crashed or converted.code == INTERNAL_ERROR.code
                continue
            for finding in converted.findings:
                click.echo(f"kifu: {path}: game {converted.index}: {_shown(finding.message)}", err=True)
                errors += 1
                done.crashed = done.crashed or finding.code == INTERNAL_ERROR.code
            records += 1
            failing = failing or fails(converted, lenient)
            for contradiction in converted.contradicted:
                done.contradicted = True
                click.echo(
                    f"kifu: {path}: warning: game {converted.index}: {_shown(contradiction)}; "
                    "written as stated (kifu check says which rule)",
                    err=True,
                )
            for problem in converted.problems:
                problems += 1
                if problems <= 20:
                    click.echo(f"kifu: {path}: game {converted.index}: {_shown(problem)}", err=True)
            if converted.lost:
                if not writes(converted, lenient):
                    withheld.append(converted.index)
                    continue
                if not converted.remainder_kept:
                    partial.append(converted.index)
                how = (
                    "the rest kept as written"
                    if converted.remainder_kept
                    else "it ends at the last move played"
                )
                click.echo(
                    f"kifu: {path}: warning: game {converted.index} written although kifu could not "
                    f"replay all of it (--lenient): {how}",
                    err=True,
                )
            if converted.text:
                texts.append(converted.text)
            for what in converted.dropped:
                lost[what] = lost.get(what, 0) + 1
    except SourceError as error:
        _say(source.path, error.finding.message)
        done.failed = True
        return done
    if not records and not errors:
        click.echo(f"kifu: {path}: no {plan.name} record found (is the file empty?)", err=True)
        errors += 1
    done.failed = bool(errors) or failing
    if problems > 20:
        click.echo(f"kifu: {path}: … and {problems - 20} more problem(s)", err=True)
    if withheld:
        click.echo(
            f"kifu: {path}: {_games(withheld)} not written, since kifu could not read or replay all of it"
            + ("" if lenient else " (--lenient writes it, the rest kept as written where the target can)"),
            err=True,
        )
    done.dropped = bool(lost or problems)
    if lost:
        what = ", ".join(f"{kind} ({count} game{'s' if count > 1 else ''})" for kind, count in lost.items())
        click.echo(f"kifu: {path}: {target} cannot hold, so dropped: {what}", err=True)
    if plan.in_place and (errors or withheld or partial or lost):
        click.echo(f"kifu: {path}: not replaced: its conversion would lose what is said above", err=True)
        done.failed = True
        return done
    if not texts:
        return done  # nothing to write
    document = join(texts, kind.separated)
    if encoding is not None:
        document = module.declare_encoding(document, target, encoding)
    try:
        data = document.encode(encoding or "utf-8")
    except UnicodeEncodeError as error:
        line = document.count("\n", 0, error.start) + 1
        click.echo(
            f"kifu: {path}: the {target} output cannot be written in {encoding}: "
            f"{_shown(repr(document[error.start]))} (output line {line}); nothing written",
            err=True,
        )
        done.failed = True
        return done
    if is_stdout(plan.destination) and not plan.in_place:
        _to_stdout(lambda: write_stdout(data))
        return done
    try:
        write_output(plan.destination, data, in_place=plan.in_place)
    except OutputError as error:  # (refused, or failed: the message names the output)
        click.echo(f"kifu: {path}: {error}; nothing written", err=True)
        done.crashed = True
    return done


def _to_stdout(write: Callable[[], None]) -> None:
    """``write()`` to standard output; if it fails (a full disk, `ulimit -f`), say so and exit 2:
    what was printed is not the whole conversion."""
    try:
        write()
    except OutputError as error:
        click.echo(f"kifu: {error}", err=True)  # the words of the guard in kifu.app, for every command
        sys.exit(2)


def _games(indexes: list[int]) -> str:
    """``game 3``, ``games 1, 4, 7``."""
    return ("game " if len(indexes) == 1 else "games ") + ", ".join(map(str, indexes))


def _shown(text: str) -> str:
    """Text from the input (a file name, a move, a tag), safe to show on one line of a terminal."""
    return terminal(text, one_line=True)


def _say(path: str, message: str) -> None:
    """A file's finding on stderr, after its path (once: some messages begin with it)."""
    shown = _shown(message) if message.startswith(path) else f"{_shown(path)}: {_shown(message)}"
    click.echo(f"kifu: {shown}", err=True)


def _stem(path: str) -> str:
    """The input's file name without its compression suffix and extension, its case kept
    (``MyGame.PGN.gz`` → ``MyGame``)."""
    name = os.path.basename(path)
    for suffix in COMPRESSION_SUFFIXES:
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    return Path(name).stem


def _destination(
    source: Any, extension: str, output: str | None, to_directory: bool, in_place: bool
) -> str | None:
    if in_place:
        if source.path == "-":
            raise click.UsageError("--in-place needs files, not standard input")
        return str(source.path)
    if output is None or output == "-":
        return None
    if to_directory:
        stem = _stem(source.path) if source.path != "-" else "stdin"
        os.makedirs(output, exist_ok=True)
        return os.path.join(output, stem + extension)
    return output
