"""Click's error messages, terminal-safe: a usage error may quote a path or a value given to it.

Click quotes a file name or a value in its messages (``Invalid value for 'FILE': …``,
``Got unexpected extra arguments (…)``), and so do kifu's own usage errors (``show``: ``no ply
12 in PATH``); a name holding ESC or a C1 control would drive the terminal that shows the
message. The group passes every error through :func:`terminal_safe_errors` on its way out.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import click
from kifu.core.escape import terminal


@contextlib.contextmanager
def terminal_safe_errors() -> Iterator[None]:
    """Re-raise a :class:`click.ClickException` with its message (and file name) terminal-safe."""
    try:
        yield
    except click.ClickException as error:
        make_safe(error)
        raise


def make_safe(error: click.ClickException) -> None:
    """Show the control characters of ``error``'s message as visible escapes (in place)."""
    # click declares these attributes Final (set once by the constructor): the instance's own
    # dictionary is where they live
    if error.message:
        vars(error)["message"] = terminal(error.message)
    if isinstance(error, click.FileError):
        vars(error)["ui_filename"] = terminal(error.ui_filename, one_line=True)
