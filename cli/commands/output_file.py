"""``-o/--output-file FILE``: a command's report or payload written to a file instead of stdout,
by kifu's one writer (:func:`kifu.application.output.output_stream`, also that of ``convert``): the file
is whole or untouched, never half-written, never written through a symbolic link, and a failed
run leaves no temporary file behind."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO, TypeVar, cast

import click
from kifu.commands.options import FatalError

F = TypeVar("F", bound=Callable[..., Any])


def output_file_option(command: F) -> F:
    """Add ``-o/--output-file FILE`` (parameter ``output_file``) to a command."""
    return click.option(
        "-o",
        "--output-file",
        metavar="FILE",
        type=click.Path(dir_okay=False, allow_dash=True),
        help="Write the output to FILE (atomically: whole or not at all) instead of stdout.",
    )(command)


@contextlib.contextmanager
def output_to(path: str | None) -> Iterator[TextIO]:
    """A text stream on standard output (``path`` ``None``, ``-`` or ``/dev/stdout``), or one that
    replaces the file ``path`` when the block ends normally (an exception inside, a usage error
    or Ctrl-C, leaves ``path`` as it was). An output that cannot be written ends the command with
    status 2 and one line: a refused or failed file a :class:`~kifu.commands.options.FatalError`,
    standard output the words of the guard of :mod:`kifu.app` (``kifu: cannot write the
    output: …``)."""
    from kifu.application.output import OutputError, is_stdout, output_stream

    try:
        with output_stream(path) as stream:
            yield cast(TextIO, stream)
    except OutputError as error:
        if not is_stdout(path):
            raise FatalError(str(error)) from None
        click.echo(f"kifu: {error}", err=True)
        sys.exit(2)
