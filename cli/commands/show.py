"""``kifu show``: draw a position of a record, in the terminal or as SVG."""

from __future__ import annotations

from typing import Any

import click
from kifu.commands.choices import game_options, resolve_game
from kifu.commands.completion import complete_codes
from kifu.commands.grouped import CONFIGURATION, GO, XIANGQI, Grouped, Groups
from kifu.commands.options import HELP, config_options, configured, rules_options, settings_from

#: ``kifu show --help``: which position, then how it is drawn, then each game's options
SHOW_GROUPS: Groups = (
    ("Position", ("game", "record", "ply", "finding")),
    ("Output", ("output_format", "size", "output", "help")),
    ("Rules", ("rules",)),
    XIANGQI,
    ("Go", ("territory", *GO[1])),
    CONFIGURATION,
)


@click.command("show", cls=Grouped, groups=SHOW_GROUPS, context_settings=HELP)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=False))
@game_options
@click.option(
    "--ply",
    type=click.IntRange(0),
    metavar="N",
    help="The position after ply N of the main line (0: the start; default: the final position).",
)
@click.option(
    "--finding",
    metavar="CODE[:N]",
    shell_complete=complete_codes,
    help="The board of the record's first finding with this code (CODE:N: its N-th), its marks "
    "and a caption: the position before its move, or the final one for a finding about the result.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "svg"]),
    default="text",
    show_default=True,
    help="A terminal board, or an SVG 1.1 document.",
)
@click.option(
    "--size",
    type=click.IntRange(16, 4096),
    default=360,
    show_default=True,
    metavar="PX",
    help="SVG: the board's height in pixels.",
)
@click.option(
    "--territory",
    is_flag=True,
    help="Go: the final count: territory, dead stones (the record's TB/TW), the score.",
)
@click.option(
    "-o",
    "--output",
    "--output-file",
    "output",
    metavar="OUT",
    help="Write to OUT (atomically) instead of stdout.",
)
@rules_options
@config_options
@click.pass_context
def show(
    ctx: click.Context,
    /,
    file: str,
    ply: int | None,
    finding: str | None,
    output_format: str,
    size: int,
    territory: bool,
    output: str | None,
    **values: Any,
) -> None:
    """Draw a position of a record: the board in the terminal, or as SVG.

    The final position of the main line unless --ply or --finding says which; the last move
    is marked, and a king in check; --finding marks what the finding is about (the move as
    written, the move assumed, an ambiguous move's pieces, Go's illegal point). Go: --territory
    draws the final count. Takes the rules options of `kifu check`, and its configuration: the
    rules, their overrides and the game from the configuration file closest to FILE, under the
    command line. Exit status: 0 drawn, 2 usage error (no such file, record, ply, or finding
    with a position).
    """
    from kifu.application import show_position
    from kifu.commands.output_file import output_to
    from kifu.core.escape import terminal
    from kifu.core.game import Options

    values.update(configured(ctx, file))  # (before the spellings of --game are reconciled)
    game, number = resolve_game(values)
    if ply is not None and finding is not None:
        raise click.UsageError("--ply and --finding exclude each other")
    if territory and (ply is not None or finding is not None):
        raise click.UsageError("--territory draws the final position: it takes no --ply or --finding")
    options = Options(rules=values.pop("rules"), settings=settings_from(values))
    try:
        drawn = show_position.show(
            file,
            game,
            number,
            ply,
            finding,
            options,
            svg=output_format == "svg",
            size=size,
            territory=territory,
        )
    except show_position.ShowError as error:
        raise click.UsageError(str(error)) from None
    if output_format == "text":
        drawn = terminal(drawn)  # the board is kifu's; a caption may quote the record
    with output_to(output) as target:
        target.write(drawn)
    if output not in (None, "-"):
        click.echo(f"kifu: wrote {terminal(output, one_line=True)}", err=True)
