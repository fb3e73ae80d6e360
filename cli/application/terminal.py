"""The terminal: colour (``--color``, ``NO_COLOR``) and a progress bar that never shares a line
with the findings.

The bar (files done of all, the share of the input's bytes, records per second, the time left)
is drawn on stderr when :func:`progress_wanted`; when stdout is the same terminal, the report is
written through :class:`BarSafeStream`, which clears the bar before each write and draws it
again once the line is complete. The bar is kifu's own (a carriage return and an erase-line):
Click's bar cannot be cleared and redrawn through its public interface, and ``rich`` would
double the start-up time.
"""

from __future__ import annotations

import io
import os
import stat
import time
from collections.abc import Callable, Sequence
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
    """``checking  12/30 files [#####-----]  40%  812 records/s  ETA 0:03`` on one line of ``out``.

    ``sizes``: the size of each file of the run, in input order (0 where it is unknown). The
    share done is the bytes of the files done, plus the bytes read of the file being reported
    (never more than its size: a task's weight may count characters, or a compressed file's
    text); a file done counts whole, whatever its tasks weighed, so the bar reaches 100 % with
    the last file, also when files fail or hold no record. Without sizes, the share is the files'.
    """

    WIDTH = 30

    def __init__(
        self,
        out: TextIO,
        sizes: Sequence[int],
        label: str = "checking",
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.out, self.label, self.interval, self.clock = out, label, interval, clock
        self.sizes = [max(0, size) for size in sizes]
        self.total = sum(self.sizes)
        self.files = 0  # done
        self.records = 0
        self._before = 0  # the bytes of the files done
        self._current = 0  # the bytes read of the file being reported
        self.visible = False
        self.held = False  # a report line is half written: do not draw now
        self.closed = False
        self.finished = False
        self._started = clock()
        self._drawn_at = float("-inf")

    def update(self, amount: int, records: int | None = None) -> None:
        """``amount`` more of the current file read, ``records`` reported so far; redraw at most
        every ``interval``."""
        self._current += max(0, amount)
        if records is not None:
            self.records = records
        self._maybe_draw()

    def file_done(self, records: int | None = None) -> None:
        """One more file done (whole, whatever was read of it); redraw at most every ``interval``."""
        if self.files < len(self.sizes):
            self._before += self.sizes[self.files]
            self.files += 1
        self._current = 0
        if records is not None:
            self.records = records
        self._maybe_draw()

    def _maybe_draw(self) -> None:
        if self.clock() - self._drawn_at >= self.interval:
            self.draw()

    @property
    def fraction(self) -> float:
        """The share of the run done, from 0 to 1."""
        if self.files >= len(self.sizes):
            return 1.0
        if self.total == 0:
            return self.files / len(self.sizes)
        current = min(self._current, self.sizes[self.files])
        return min(1.0, (self._before + current) / self.total)

    def line(self, width: int | None = None) -> str:
        """The bar's text, at most ``width`` characters (default: the terminal's width less one,
        so that it never wraps: a wrapped line cannot be erased)."""
        width = _width(self.out) if width is None else width
        elapsed = self.clock() - self._started
        fraction = self.fraction
        count = f"{self.files:,}/{len(self.sizes):,} files"
        rate = f"{self.records / elapsed:,.0f} records/s" if elapsed > 0 and self.records else ""
        if self.finished:
            when = f"in {_clock(elapsed)}"
        elif fraction > 0 and elapsed >= 1:
            when = f"ETA {_clock(elapsed * (1 - fraction) / fraction)}"
        else:
            when = "ETA --:--"
        # 100 % only once the last file is done (its tasks may all be in before it ends)
        percent = f"{100 if self.files >= len(self.sizes) else min(99, int(100 * fraction)):>3}%"
        tail = "  ".join(part for part in (percent, rate, when) if part)
        # (room for the widest tail, so that the bar keeps its width as the tail changes)
        room = width - len(self.label) - len(count) - max(len(tail), _TAIL) - 6  # spaces, brackets
        bar = ""
        if room >= 10:
            filled = int(min(self.WIDTH, room) * fraction)
            bar = f" [{'#' * filled}{'-' * (min(self.WIDTH, room) - filled)}]"
        return f"{self.label}  {count}{bar} {tail}"[:width]

    def draw(self) -> None:
        """Draw the bar over the current line (unless a report line is half written)."""
        if self.held or self.closed:
            return
        self.out.write(_ERASE + self.line())
        self.out.flush()
        self.visible = True
        self._drawn_at = self.clock()

    def clear(self) -> None:
        """Erase the bar, leaving the cursor at the start of its line."""
        if self.visible:
            self.out.write(_ERASE)
            self.out.flush()
            self.visible = False

    def finish(self) -> None:
        """The run has ended: draw the last state (100 % when every file was reported), with the
        time taken instead of the ETA."""
        self.finished = True
        self.draw()

    def close(self) -> None:
        """Erase the bar for good."""
        self.clear()
        self.closed = True


#: the width of a tail such as ``100%  12,345 records/s  ETA 12:34``
_TAIL = 35


def _clock(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _width(out: TextIO) -> int:
    """The columns of the terminal ``out`` less one (80 when it cannot tell)."""
    try:
        columns = os.get_terminal_size(out.fileno()).columns
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        columns = 0
    return (columns or 80) - 1


def progress_wanted(status: TextIO, report: TextIO) -> bool:
    """Whether to draw a progress bar on ``status`` while the report goes to ``report``: only
    when ``status`` is a terminal that can erase a line (not ``TERM=dumb``), not in CI (``CI``
    set: a CI runner's pseudo-terminal ends in a log), and not when the report goes into a pipe
    (what reads it may write to the same terminal, where the bar would break its lines)."""
    if os.environ.get("TERM") == "dumb" or os.environ.get("CI") or not _isatty(status):
        return False
    try:
        mode = os.fstat(report.fileno()).st_mode
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return True  # not a file (an in-memory stream): nothing reads it meanwhile
    return not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode))


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
