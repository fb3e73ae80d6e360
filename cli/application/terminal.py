"""The terminal: colour (``--color``, ``NO_COLOR``) and a progress bar that never shares a line
with the findings.

The bar is drawn on stderr; when stdout is the same terminal, the report is written through
:class:`BarSafeStream`, which clears the bar before each write and draws it again once the line
is complete. The bar is kifu's own (a carriage return and an erase-line): Click's bar cannot be
cleared and redrawn through its public interface, and ``rich`` would double the start-up time.
"""

from __future__ import annotations

import io
import os
import time
from typing import TextIO

COLORS = ("auto", "always", "never")
_ERASE = "\r\x1b[K"


def use_color(choice: str, stream: TextIO) -> bool:
    """Whether to colour what goes to ``stream``: ``always``, ``never``, or ``auto`` (a terminal,
    no ``NO_COLOR`` in the environment, and not a dumb terminal)."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return _isatty(stream)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


_STYLES = {"red": "31", "yellow": "33", "blue": "34", "cyan": "36", "bold": "1", "dim": "2"}


def style(text: str, *names: str, enabled: bool = True) -> str:
    """``text`` in the ANSI styles ``names`` (``red``, ``bold`` …) when ``enabled``."""
    if not enabled or not names:
        return text
    codes = ";".join(_STYLES[name] for name in names)
    return f"\x1b[{codes}m{text}\x1b[0m"


class ProgressBar:
    """``label [#####-----]  42%`` on one line of ``out``, over ``total`` units."""

    WIDTH = 30

    def __init__(self, out: TextIO, total: int, label: str = "checking", interval: float = 0.1) -> None:
        self.out, self.total, self.label, self.interval = out, max(total, 1), label, interval
        self.done = 0
        self.visible = False
        self.held = False  # a report line is half written: do not draw now
        self.closed = False
        self._drawn_at = 0.0

    def update(self, amount: int) -> None:
        """Advance by ``amount`` (never past the end) and redraw, at most every ``interval``."""
        self.done = min(self.total, self.done + amount)
        if time.monotonic() - self._drawn_at >= self.interval:
            self.draw()

    def line(self) -> str:
        """The bar's text."""
        filled = self.WIDTH * self.done // self.total
        percent = 100 * self.done // self.total
        return f"{self.label} [{'#' * filled}{'-' * (self.WIDTH - filled)}] {percent:>3}%"

    def draw(self) -> None:
        """Draw the bar over the current line (unless a report line is half written)."""
        if self.held or self.closed:
            return
        self.out.write(_ERASE + self.line())
        self.out.flush()
        self.visible = True
        self._drawn_at = time.monotonic()

    def clear(self) -> None:
        """Erase the bar, leaving the cursor at the start of its line."""
        if self.visible:
            self.out.write(_ERASE)
            self.out.flush()
            self.visible = False

    def close(self) -> None:
        """Erase the bar for good."""
        self.clear()
        self.closed = True


class BarSafeStream(io.TextIOBase):
    """Writes to ``out`` with ``bar`` cleared first; the bar comes back after a complete line."""

    def __init__(self, out: TextIO, bar: ProgressBar) -> None:
        super().__init__()
        self.out, self.bar = out, bar

    def write(self, text: str) -> int:
        if not text:
            return 0
        self.bar.clear()
        written = self.out.write(text)
        if text.endswith("\n"):
            self.out.flush()
            self.bar.held = False
            self.bar.draw()
        else:
            self.bar.held = True
        return written

    def flush(self) -> None:
        self.out.flush()

    def isatty(self) -> bool:
        return _isatty(self.out)

    def writable(self) -> bool:
        return True
