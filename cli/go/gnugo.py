"""A minimal GTP client for GNU Go: dead stones of a game, and move legality.

Optional: used by ``kifu score --dead-from gnugo`` and by the differential tests. GNU Go is
given the game (:func:`main_line_sgf`, loaded with ``loadsgf``): its judgement of dead stones
depends on how the position came about (the final position placed stone by stone made it score
one random 19×19 game W+88.5, the same game loaded whole W+44.5). The position is placed stone
by stone (``play``, which never captures when the position is a legal one) only where the
record cannot be given whole: no game tree, or GNU Go refuses the record or replays it to
another position than kifu's (a move kifu does not play, a line that ended at a move that cannot
be played, a setup GNU Go reads otherwise).
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

from kifu.go.board import BLACK, WHITE, Board
from kifu.go.scoring import GTP_LETTERS, parse_vertex, vertex
from kifu.go.tree import Node
from kifu.go.values import format_number
from kifu.go.writers.common import all_props, points_of, sgf_point
from kifu.go.writers.common import point as sgf_move

#: the properties of the main line GNU Go needs to replay it (setup, moves, who plays)
_GAME = ("AB", "AW", "AE", "B", "W", "PL")


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

    def load(self, record: str, board: Board, komi: float = 0.0) -> bool:
        """Load the game ``record`` (SGF) with ``loadsgf``; whether GNU Go then holds ``board``
        (kifu's final position). GNU Go reads a file: the record goes through a temporary one."""
        if board.width != board.height or board.width > 19:
            return False
        with tempfile.TemporaryDirectory(prefix="kifu-gnugo-") as directory:
            path = Path(directory) / "game.sgf"
            path.write_text(record, encoding="ascii")
            if any(ch.isspace() for ch in str(path)):
                return False  # (a GTP argument cannot hold a space)
            try:
                self.command(f"loadsgf {path}")
            except GtpError:
                return False
        self.command(f"komi {komi}")
        return self.stones(board) == {
            point: content for point in board.on_board() if (content := board.cells[point]) in (BLACK, WHITE)
        }

    def stones(self, board: Board) -> dict[int, int]:
        """The stones on GNU Go's board, as points of ``board``'s geometry."""
        found: dict[int, int] = {}
        for colour, name in ((BLACK, "black"), (WHITE, "white")):
            for text in self.command(f"list_stones {name}").split():
                where = parse_vertex(text, board)
                if where is not None:
                    found[where] = colour
        return found

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


def dead_stones(board: Board, komi: float = 0.0, record: str | None = None) -> set[int]:
    """Dead stones of ``board`` (the final position) according to GNU Go, which is given the
    game ``record`` (:func:`main_line_sgf`) when it replays to ``board``, else the position
    stone by stone; raises :class:`GtpError`."""
    with Gtp() as gtp:
        if record is None or not gtp.load(record, board, komi):
            gtp.setup(board, komi)
        return gtp.dead_stones(board)


def main_line_sgf(root: Node, board: Board, komi: float, last: Node | None = None) -> str:
    """The main line from ``root`` to ``last`` (to its end when ``None``) as an SGF game GNU Go
    loads: the board size, komi and handicap, and each node's setup, move and player to move
    (point lists expanded, a pass as ``[]``); nothing else of the record (names, comments and
    their charsets stay out)."""
    width, height = board.width, board.height
    size = f"{width}" if width == height else f"{width}:{height}"
    nodes: list[str] = []
    node: Node | None = root
    while node is not None:
        text = f"SZ[{size}]KM[{format_number(komi)}]" if node is root else ""
        if node is root and "HA" in node.props:
            text += f"HA[{node.props['HA'].values[0].strip()}]"
        for ident in _GAME:
            values: list[str] = []
            for prop in all_props(node, ident):
                for raw in prop.values:
                    if ident in ("B", "W"):
                        where = sgf_move(raw.strip(), width, height)
                        values.append(sgf_point(*where) if where else "")
                    elif ident == "PL":
                        values.append(raw.strip()[:1].upper())
                    else:
                        values.extend(sgf_point(x, y) for x, y in points_of(raw, width, height))
            if values:
                text += ident + "".join(f"[{value}]" for value in values)
        nodes.append(";" + text)
        if node is last:
            break
        node = node.children[0] if node.children else None
    return "(" + "\n".join(nodes) + ")\n"
