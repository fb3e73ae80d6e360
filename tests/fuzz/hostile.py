"""The hostile inputs of issue 16, made at run time, and a runner of ``python -m kifu check``
that measures each: exit status, findings, wall time and peak RSS (``os.wait4``, every process
of the command counted by the largest), under a time limit and an address-space cap.

The command is started and measured by a small helper process (``python -m tests.fuzz.hostile
DIR LIMIT ARGS…``, see :func:`launch`): a child forked from the test process itself would count
that process's memory as its own peak RSS (Linux keeps the high-water mark of the memory a
process had before ``exec``), and pytest has grown to hundreds of MiB by the end of the suite.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

MB = 1 << 20
ROOT = Path(__file__).resolve().parents[2]
#: the child's address space is capped so that a blow-up cannot take the shared machine down
ADDRESS_CAP = 3 << 30
FINDING = re.compile(r"\b(?:IO|PGN|CHESS|SGF|GO|XQN|XQ)\d{3}\b")


@dataclass(frozen=True, slots=True)
class Row:
    """A row of the table: ``make(dir)`` writes the input and gives the arguments of ``kifu check``."""

    id: str
    make: Callable[[Path], list[str]]
    slow: bool
    limit: float  # seconds


@dataclass(slots=True)
class Outcome:
    """What the command did."""

    status: int | None  # None: killed at the time limit
    seconds: float
    peak_mib: float
    stdout: str
    stderr: str

    @property
    def finding(self) -> bool:
        return bool(FINDING.search(self.stdout + self.stderr)) and "KIFU001" not in self.stdout + self.stderr

    def problems(self, limit: float, memory_mib: float = 200) -> list[str]:
        """What the row's expectation (a finding, exit 1, in time, under the memory) misses."""
        out = []
        if self.status is None:
            out.append(f"no answer in {limit:.0f} s")
        elif self.status != 1:
            out.append(f"exit {self.status}")
        if self.status is not None and not self.finding:
            out.append("no finding" if "KIFU001" not in self.stdout + self.stderr else "KIFU001")
        if self.seconds > limit and self.status is not None:
            out.append(f"{self.seconds:.1f} s")
        if self.peak_mib > memory_mib:
            out.append(f"peak RSS {self.peak_mib:.0f} MiB")
        return out

    def measured(self) -> str:
        state = "killed" if self.status is None else f"exit {self.status}"
        return f"{state}, {self.seconds:.1f} s, peak RSS {self.peak_mib:.0f} MiB"


def start(args: list[str], cwd: Path) -> tuple[subprocess.Popen[bytes], float, Path]:
    """``python -m kifu check ARGS`` (or ``convert …``, ``check …`` when ``ARGS`` starts with
    the command) started in its own session, output to files in ``cwd``."""
    out = cwd / f"out-{time.monotonic_ns()}"

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_CAP, ADDRESS_CAP))

    command = args if args[:1] in (["check"], ["convert"]) else ["check", *args]
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu", *command],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=open(str(out) + ".out", "wb"),  # noqa: SIM115
        stderr=open(str(out) + ".err", "wb"),  # noqa: SIM115
        start_new_session=True,
        preexec_fn=cap,
    )
    return process, time.monotonic(), out


def finish(process: subprocess.Popen[bytes], began: float, out: Path, limit: float) -> Outcome:
    """Wait for the command (killing its session at ``limit``) and measure it."""
    status: int | None = None
    while True:
        pid, raw, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(raw)
            break
        if time.monotonic() - began > limit:
            os.killpg(process.pid, signal.SIGKILL)
            pid, raw, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.05)
    process.returncode = -1  # reaped here
    seconds = time.monotonic() - began
    read = lambda suffix: Path(str(out) + suffix).read_text(errors="replace")[-20000:]  # noqa: E731
    return Outcome(status, seconds, usage.ru_maxrss / 1024, read(".out"), read(".err"))


def launch(args: list[str], cwd: Path, limit: float) -> subprocess.Popen[bytes]:
    """Start the helper that runs ``kifu check ARGS`` in ``cwd`` and measures it (see the module)."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.fuzz.hostile", str(cwd), str(limit), *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
    )


def collect(helper: subprocess.Popen[bytes], limit: float) -> Outcome:
    """What the helper measured."""
    out, _ = helper.communicate(timeout=limit + 60)
    return Outcome(**json.loads(out))


def run(args: list[str], cwd: Path, limit: float) -> Outcome:
    """Run ``kifu check ARGS`` in ``cwd`` through the helper and say what it did."""
    return collect(launch(args, cwd, limit), limit)


def measure(row: Row, directory: Path) -> Outcome:
    """Make ``row``'s input in ``directory`` and run it."""
    return run(row.make(directory), directory, row.limit)


# --- the inputs -------------------------------------------------------------------------------


def _gzip_members(path: Path, head: bytes, unit: bytes, total: int, tail: bytes = b"") -> None:
    """A gzip file of ``head``, ``unit`` repeated up to ``total`` bytes, ``tail``: one compressed
    member of 1 MiB is written again and again (a gzip file may hold many members)."""
    block = (unit * (MB // len(unit) + 1))[:MB]
    member = gzip.compress(block, 9)
    with path.open("wb") as f:
        f.write(gzip.compress(head))
        for _ in range(total // MB):
            f.write(member)
        f.write(gzip.compress(tail))


def gz_comment(d: Path) -> list[str]:
    _gzip_members(d / "bomb-comment.pgn.gz", b'[Event "bomb"]\n\n1. e4 {', b"a", 2048 * MB, b"} e5 *\n")
    return ["bomb-comment.pgn.gz"]


def gz_newlines(d: Path) -> list[str]:
    _gzip_members(d / "bomb-newlines.pgn.gz", b'[Event "bomb"]\n\n1. e4 e5\n', b"\n", 2048 * MB, b"*\n")
    return ["bomb-newlines.pgn.gz"]


def gz_line(d: Path) -> list[str]:
    _gzip_members(d / "bomb-line.pgn.gz", b'[Event "bomb"]\n\n', b"Nf3 Nf6 Ng1 Ng8 ", 2048 * MB, b"*\n")
    return ["bomb-line.pgn.gz"]


_XQ_HEAD = b'[Game "Chinese Chess"]\n[Event "bomb"]\n\n'


def xq_gz_comment(d: Path) -> list[str]:
    head = _XQ_HEAD + "1. 炮二平五 {".encode()
    _gzip_members(d / "bomb-comment.pgn.gz", head, b"a", 2048 * MB, "} 马８进７ *\n".encode())
    return ["bomb-comment.pgn.gz"]


def xq_gz_newlines(d: Path) -> list[str]:
    head = _XQ_HEAD + "1. 炮二平五 马８进７\n".encode()
    _gzip_members(d / "bomb-newlines.pgn.gz", head, b"\n", 2048 * MB, b"*\n")
    return ["bomb-newlines.pgn.gz"]


def xq_gz_line(d: Path) -> list[str]:
    unit = "马二进三 马８进７ 马三退二 马７退８ ".encode()
    _gzip_members(d / "bomb-line.pgn.gz", _XQ_HEAD + b"1. ", unit, 2048 * MB, b"*\n")
    return ["bomb-line.pgn.gz"]


def dhtmlxq_gz_line(d: Path) -> list[str]:
    head = b"[DhtmlXQ]\n[DhtmlXQ_movelist]"
    tail = b"[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
    _gzip_members(d / "bomb-line.dhtml.gz", head, b"7967706267796270", 2048 * MB, tail)
    return ["bomb-line.dhtml.gz"]


def _members(path: Path, compress: Callable[[bytes], bytes], head: bytes, unit: bytes, total: int) -> None:
    """``head``, then ``unit`` repeated up to ``total`` bytes, as streams of one compressor
    (bzip2 and xz files may hold many streams, as gzip files hold members)."""
    block = (unit * (MB // len(unit) + 1))[:MB]
    stream = compress(block)
    with path.open("wb") as f:
        f.write(compress(head))
        for _ in range(total // MB):
            f.write(stream)


_SGF_GAME = b"(;GM[1]FF[4]SZ[19];B[pd];W[dp])\n"


def sgf_gz_newlines(d: Path) -> list[str]:
    _gzip_members(d / "bomb-newlines.sgf.gz", b"", b"\n", 2048 * MB, _SGF_GAME)
    return ["bomb-newlines.sgf.gz"]


def sgf_gz_newlines_after_a_game(d: Path) -> list[str]:
    _gzip_members(d / "bomb-newlines.sgf.gz", _SGF_GAME, b"\n", 2048 * MB, _SGF_GAME)
    return ["bomb-newlines.sgf.gz"]


def sgf_bz2_as_pgn_newlines(d: Path) -> list[str]:
    import bz2

    _members(d / "bomb-newlines.pgn.bz2", bz2.compress, b"", b"\n", 2048 * MB)
    return ["--game", "go", "bomb-newlines.pgn.bz2"]


def sgf_gz_comment(d: Path) -> list[str]:
    _gzip_members(d / "bomb-comment.sgf.gz", b"(;GM[1]FF[4]SZ[19];B[pd]C[", b"x", 2048 * MB)
    return ["bomb-comment.sgf.gz"]


def sgf_gz_open_trees(d: Path) -> list[str]:
    _gzip_members(d / "bomb-open-trees.sgf.gz", b"", b"(;", 2048 * MB)
    return ["bomb-open-trees.sgf.gz"]


def sgf_xz_newlines(d: Path) -> list[str]:
    import lzma

    _members(d / "bomb-newlines.sgf.xz", lzma.compress, b"", b"\n", 2048 * MB)
    return ["bomb-newlines.sgf.xz"]


def sgf_zst_newlines(d: Path) -> list[str]:
    """One zstd frame (kifu reads the first frame of a file only, as ``zstd -d`` would not)."""
    try:
        import zstandard
    except ImportError:  # the zstd extra: without it the file is IO004, still a finding
        (d / "bomb-newlines.sgf.zst").write_bytes(b"\x28\xb5\x2f\xfd" + b"\0" * 16)
        return ["bomb-newlines.sgf.zst"]
    block = b"\n" * MB
    with (d / "bomb-newlines.sgf.zst").open("wb") as f, zstandard.ZstdCompressor(19).stream_writer(f) as out:
        for _ in range(2048):
            out.write(block)
    return ["bomb-newlines.sgf.zst"]


def _sgf_comment(size: int) -> Callable[[Path], list[str]]:
    def make(d: Path) -> list[str]:
        with (d / "comment.sgf").open("wb") as f:
            f.write(b"(;GM[1]FF[4]SZ[19];B[pd]C[")
            for _ in range(size // MB):
                f.write(b"a" * MB)
        return ["comment.sgf"]

    make.__name__ = f"sgf_comment_{size // MB}mb"
    return make


def sgf_nested(d: Path) -> list[str]:
    (d / "nested.sgf").write_bytes(b"(;GM[1]FF[4]SZ[19]" + b"(;B[aa]" * 100_000)
    return ["nested.sgf"]


def xiangqi_nested(d: Path) -> list[str]:
    head = '[Game "Chinese Chess"]\n[Event "nested"]\n\n1. 炮二平五 马８进７ '
    body = "(1. 马二进三 " * 100_000 + ")" * 100_000
    (d / "nested.pgn").write_text(head + body + " *\n", encoding="utf-8")
    return ["nested.pgn"]


def chess_line(d: Path) -> list[str]:
    unit = b"Nf3 Nf6 Ng1 Ng8 "
    (d / "line.pgn").write_bytes(b'[Event "line"]\n\n1. ' + unit * (10 * MB // len(unit)) + b"*\n")
    return ["line.pgn"]


def go_passes(d: Path) -> list[str]:
    unit = b";B[];W[]"
    (d / "passes.sgf").write_bytes(b"(;GM[1]FF[4]SZ[19]" + unit * (10 * MB // len(unit)) + b")\n")
    return ["passes.sgf"]


def _sgf_flood(name: str, head: bytes, unit: bytes, count: int) -> Callable[[Path], list[str]]:
    """A game tree of ``count`` items that each make a finding (issue 16, "still over the memory
    bound"): over ``--max-items`` it is not read, under it 100 findings of a code are built."""

    def make(d: Path) -> list[str]:
        (d / f"{name}.sgf").write_bytes(b"(;GM[1]FF[4]SZ[19]" + head + unit * count + b")\n")
        return [f"{name}.sgf"]

    make.__name__ = f"sgf_{name}"
    return make


def dhtmlxq_line(d: Path) -> list[str]:
    unit = b"7967706267796270"  # both horses out and back
    moves = unit * (10 * MB // len(unit))
    (d / "line.dhtml").write_bytes(
        b"[DhtmlXQ]\n[DhtmlXQ_movelist]" + moves + b"[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
    )
    return ["line.dhtml"]


def sparse(d: Path) -> list[str]:
    path = d / "sparse.pgn"
    with path.open("wb") as f:
        f.truncate(1 << 30)
        f.seek(1 << 30)
        f.write(b'\n[Event "after the zeros"]\n\n1. e4 e5 *\n')
    return ["sparse.pgn"]


def fifo(d: Path) -> list[str]:
    os.mkfifo(d / "fifo.pgn")
    return ["fifo.pgn"]


def fifo_walk(d: Path) -> list[str]:
    (d / "walk").mkdir()
    os.mkfifo(d / "walk" / "a-fifo.pgn")
    (d / "walk" / "b-bad.pgn").write_text('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
    return ["-r", "walk"]


def symlink_loop(d: Path) -> list[str]:
    (d / "loop").mkdir()
    (d / "loop" / "bad.pgn").write_text('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
    os.symlink(".", d / "loop" / "a")
    os.symlink(".", d / "loop" / "b")
    return ["loop/**/*.pgn"]


ROWS = (
    Row("gz-bomb-one-comment", gz_comment, True, 60),
    Row("gz-bomb-newlines", gz_newlines, True, 60),
    Row("gz-bomb-one-line", gz_line, True, 60),
    Row("xqpgn-gz-bomb-one-comment", xq_gz_comment, True, 60),
    Row("xqpgn-gz-bomb-newlines", xq_gz_newlines, True, 60),
    Row("xqpgn-gz-bomb-one-line", xq_gz_line, True, 60),
    Row("dhtmlxq-gz-bomb-one-line", dhtmlxq_gz_line, True, 60),
    Row("sgf-gz-bomb-newlines", sgf_gz_newlines, True, 60),
    Row("sgf-gz-bomb-newlines-after-a-game", sgf_gz_newlines_after_a_game, True, 60),
    Row("sgf-pgn-bz2-bomb-newlines-as-go", sgf_bz2_as_pgn_newlines, True, 60),
    Row("sgf-gz-bomb-one-comment", sgf_gz_comment, True, 60),
    Row("sgf-gz-bomb-open-trees", sgf_gz_open_trees, True, 60),
    Row("sgf-xz-bomb-newlines", sgf_xz_newlines, True, 60),
    Row("sgf-zst-bomb-newlines", sgf_zst_newlines, True, 60),
    Row("sgf-comment-10mb-unclosed", _sgf_comment(10 * MB), True, 30),
    Row("sgf-comment-50mb-unclosed", _sgf_comment(50 * MB), True, 60),
    Row("sgf-100000-nested-unclosed", sgf_nested, False, 5),
    Row("xiangqi-pgn-100000-nested", xiangqi_nested, False, 5),
    Row("chess-10mb-line", chess_line, True, 30),
    Row("go-10mb-line-of-passes", go_passes, True, 30),
    Row("sgf-2.5m-comments-in-a-node", _sgf_flood("comments", b";B[pd]", b"C[x]", 2_500_000), True, 10),
    Row("sgf-2.5m-values-of-one-property", _sgf_flood("values", b"AB", b"[aa]", 2_500_000), True, 10),
    Row("sgf-2.5m-empty-variations", _sgf_flood("empty", b";B[pd]", b"()", 2_500_000), True, 10),
    Row("sgf-2.5m-junk-words", _sgf_flood("junk", b";B[pd]", b" zz", 2_500_000), True, 10),
    Row("sgf-249k-comments-under-the-limit", _sgf_flood("comments", b";B[pd]", b"C[x]", 249_000), True, 10),
    Row("sgf-499k-junk-words-under-the-limit", _sgf_flood("junk", b";B[pd]", b" zz", 499_000), True, 10),
    Row("dhtmlxq-10mb-line", dhtmlxq_line, True, 30),
    Row("sparse-1gb-zeros-then-a-game", sparse, True, 60),
    Row("fifo-named", fifo, False, 5),
    Row("fifo-in-walk", fifo_walk, False, 5),
    Row("symlink-loop-through-glob", symlink_loop, False, 5),
)

_ = zlib  # gzip members are zlib streams


if __name__ == "__main__":  # the helper: DIR LIMIT ARGS…, the outcome as JSON on stdout
    where, seconds, *arguments = sys.argv[1:]
    outcome = finish(*start(arguments, Path(where)), float(seconds))
    print(json.dumps(asdict(outcome)))
