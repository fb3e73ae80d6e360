"""A minimal GTP client for GNU Go: dead stones of a position, and move legality.

Optional: used by ``kifu score --dead-from gnugo`` and by the differential tests. The
position is sent stone by stone (``play``), which never captures when the position is a
legal one, so GNU Go sees exactly kifu's board.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from types import TracebackType

from kifu.go.board import BLACK, WHITE, Board
from kifu.go.scoring import GTP_LETTERS, parse_vertex, vertex


class GtpError(Exception):
    """GNU Go is missing, failed, or answered with an error."""


def find_gnugo() -> str | None:
    """The gnugo executable (also in /usr/games, where Debian puts it), or ``None``."""
    return shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games")


class Gtp:
    """A running ``gnugo --mode gtp``; use as a context manager."""

    def __init__(self, program: str | None = None, timeout: float = 30.0) -> None:
        path = program or find_gnugo()
        if path is None:
            raise GtpError("gnugo is not installed")
        self.timeout = timeout
        try:
            self.process = subprocess.Popen(
                [path, "--mode", "gtp", "--chinese-rules"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        except OSError as error:
            raise GtpError(f"cannot run {path}: {error}") from None

    def __enter__(self) -> Gtp:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Quit GNU Go."""
        with contextlib.suppress(GtpError):
            self.command("quit")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def command(self, line: str) -> str:
        """Send one command; return the answer without ``=``; raise on ``?``."""
        stdin, stdout = self.process.stdin, self.process.stdout
        if stdin is None or stdout is None:
            raise GtpError("GTP pipes closed")
        try:
            stdin.write(line + "\n")
            stdin.flush()
            lines: list[str] = []
            while True:
                text = stdout.readline()
                if not text:
                    raise GtpError(f"gnugo ended while answering {line!r}")
                if text.strip() == "" and lines:
                    break
                if text.strip():
                    lines.append(text.rstrip("\n"))
        except (BrokenPipeError, OSError) as error:
            raise GtpError(f"gnugo failed: {error}") from None
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise GtpError(f"gnugo refused {line!r}: {answer[1:].strip()}")
        return answer[1:].strip()

    def setup(self, board: Board, komi: float = 0.0) -> None:
        """Load ``board`` (square boards up to 19 only: GNU Go's limit)."""
        if board.width != board.height or board.width > 19:
            raise GtpError(f"GNU Go cannot read a {board.width}×{board.height} board")
        self.command(f"boardsize {board.width}")
        self.command("clear_board")
        self.command(f"komi {komi}")
        for point in board.on_board():
            content = board.cells[point]
            if content in (BLACK, WHITE):
                self.command(f"play {'black' if content == BLACK else 'white'} {vertex(point, board)}")

    def dead_stones(self, board: Board) -> set[int]:
        """The points of the stones GNU Go's ``final_status_list dead`` names."""
        answer = self.command("final_status_list dead")
        dead: set[int] = set()
        for name in answer.split():
            point = parse_vertex(name, board)
            if point is not None:
                dead.add(point)
        return dead

    def is_legal(self, colour: int, column: int, row: int, height: int) -> bool:
        """GNU Go's ``is_legal`` for a point given 0-based from the top left."""
        name = f"{GTP_LETTERS[column]}{height - row}"
        return self.command(f"is_legal {'black' if colour == BLACK else 'white'} {name}") == "1"


def dead_stones(board: Board, komi: float = 0.0) -> set[int]:
    """Dead stones of ``board`` according to GNU Go; raises :class:`GtpError`."""
    with Gtp() as gtp:
        gtp.setup(board, komi)
        return gtp.dead_stones(board)
