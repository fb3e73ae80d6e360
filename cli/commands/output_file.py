"""``-o/--output-file FILE``: a command's report or payload written to a file instead of stdout,
atomically (:func:`kifu.core.output.atomic_text`, the writer of ``convert -o``): the file is
whole or untouched, never half-written, and a failed run leaves no temporary file behind."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO, TypeVar

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
    """Standard output (``path`` ``None`` or ``-``), or a stream that replaces the file ``path``
    when the block ends normally; a file that cannot be made or renamed into place is a
    :class:`~kifu.commands.options.FatalError` (exit 2). An exception inside the block (a
    usage error, Ctrl-C) leaves ``path`` as it was."""
    if path is None or path == "-":
        yield sys.stdout
        return
    from kifu.core.output import atomic_text

    stack = contextlib.ExitStack()
    try:
        out = stack.enter_context(atomic_text(path))
    except OSError as error:
        raise FatalError(_cannot(path, error)) from None
    with stack:
        yield out
        try:
            stack.close()  # the rename into place
        except OSError as error:
            raise FatalError(_cannot(path, error)) from None


def _cannot(path: str, error: OSError) -> str:
    from kifu.core.escape import terminal

    return f"cannot write {terminal(path, one_line=True)}: {error.strerror or error}"
