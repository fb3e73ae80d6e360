"""The ``kifu`` command: a Click group whose subcommands are imported only when used."""

from __future__ import annotations

import errno
import gc
import importlib
import io
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

import click
from kifu import __version__

#: command name → (module, attribute, one-line help); the module is imported on use only.
#: The help is the command's own first line (tests/test_docs.py holds them equal).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "check": (
        "kifu.commands.check",
        "check",
        "Check game records: syntax, legality of every move, results, draws.",
    ),
    "config": (
        "kifu.commands.config",
        "config",
        "Print the settings `kifu check` applies to FILE, and where each comes from.",
    ),
    "convert": ("kifu.commands.convert", "convert", "Convert game records to another notation or format."),
    "explain": (
        "kifu.commands.explain",
        "explain",
        "Explain finding CODE such as CHESS101; without CODE, list every code.",
    ),
    "score": (
        "kifu.commands.score",
        "score",
        "Count Go games by area: stones, territory, shared points, komi, handicap, margin.",
    ),
    "show": (
        "kifu.commands.show",
        "show",
        "Draw a position of a record: the board in the terminal, or as SVG.",
    ),
    "standings": (
        "kifu.commands.standings",
        "standings",
        "Rank the players (or teams) of an event from its records or a results table.",
    ),
}


#: the exit status of a run stopped by Ctrl-C (128 + SIGINT, as a shell reports it)
INTERRUPTED = 130


class LazyGroup(click.Group):
    """A group that lists its commands without importing them."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        from kifu.commands.errors import terminal_safe_errors

        with terminal_safe_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        from kifu.commands.errors import terminal_safe_errors

        try:
            with terminal_safe_errors():  # a usage error of any command may quote a path
                return super().invoke(ctx)
        except KeyboardInterrupt:
            # Ctrl-C: one line and the shell's status for SIGINT (Click said "Aborted!" with 1,
            # the status of findings, which --exit-zero and a CI gate would misread)
            click.echo("\nkifu: interrupted", err=True)
            sys.exit(INTERRUPTED)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _say_version(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    """``kifu --version``: the release, and which build runs (compiled, or pure Python and why)."""
    if not value or ctx.resilient_parsing:
        return
    import platform

    from kifu import _COMPILED
    from kifu._native import build

    click.echo(f"kifu {__version__} (Python {platform.python_version()}), {build(_COMPILED)}")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_say_version,
    help="Show the version, and whether the compiled build runs, and exit.",
)
def cli() -> None:
    """kifu (棋譜): read, validate and convert chess, xiangqi and Go game records.

    \b
    Examples:
      kifu check round5/*.pgn           findings for every game of a round
      kifu check archive/ -r --format json
      kifu standings event/             crosstable and standings of an event
      kifu explain CHESS101             what a finding code means
      kifu config                       the settings check uses here, and where they come from

    \b
    Shell completion (bash; zsh_source and fish_source for the others), in ~/.bashrc:
      eval "$(_KIFU_COMPLETE=bash_source kifu)"
    """


def main(**kwargs: Any) -> None:
    """Console-script entry point: runs the command, then flushes its output inside the guard
    (:func:`_guarded`), so that a write error at exit is a message too, not Python's."""
    # The youngest generation is collected after 20,000 new objects rather than 700: a checked
    # record's nodes and moves are freed by their reference counts, and fewer collections pass
    # over the ones still alive (1.4 % of checking the Go corpus ten times, median of 12 pairs)
    gc.set_threshold(20_000)
    status = _guarded(lambda: cli.main(**kwargs))
    # The process ends here and the system takes back its memory: frozen, what is left (click's
    # and kifu's modules, their classes and tables) is passed over by the collection Python runs
    # at exit (a quarter of the collector's work in checking the Go corpus, counted with callgrind)
    gc.freeze()
    sys.exit(status)


#: what a failed write of the output says: a full disk, a file over its size limit, a device error
OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT})


def _guarded(run: Callable[[], Any]) -> int | str | None:
    """``run`` (a Click command in standalone mode, which ends with :exc:`SystemExit`), and the
    flush of stdout and stderr after it; the exit status.

    An output that cannot be written (stdout or stderr on a full disk, ``/dev/full``, a device
    error) is one line, ``kifu: cannot write the output: No space left on device``, on stderr if
    stderr still works, and exit status 2. A closed pipe (``kifu check … | head``) stays quiet
    with status 1, as Click makes it. Any other escaping exception is a bug: one line, status 2.
    """
    status: int | str | None = 0
    try:
        try:
            run()
        except SystemExit as done:
            status = done.code
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        _silence(sys.stdout)
        return 1
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS or error.filename is not None:
            return _bug(error)
        _silence(sys.stdout)  # what it still holds cannot be written; nor can the exit flush it
        _say(f"kifu: cannot write the output: {error.strerror}")
        return 2
    except Exception as error:
        return _bug(error)
    return status


def _bug(error: BaseException) -> int:
    """An exception no command handled: a bug of kifu, said in one line; status 2."""
    _say(f"kifu: internal error (a bug in kifu; please report it): {type(error).__name__}: {error}")
    return 2


def _say(line: str) -> None:
    """Write ``line`` on stderr; when stderr cannot be written either, say nothing."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        _silence(sys.stderr)


def _silence(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at /dev/null: what its buffer still holds is dropped
    there, and the interpreter's flush at exit succeeds (instead of printing "Exception
    ignored" and exiting 120)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass
