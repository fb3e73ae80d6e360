"""The reproducers of issue 16, each run through the command line and measured like a row of the
hostile table (:mod:`tests.fuzz.hostile`): what finding each gets now, its exit status, wall time
and peak RSS. The inputs are written at run time (a few are the triaged files of
``tests/fuzz/cases``); ``tests/fuzz/test_reproducers.py`` holds each to its finding, no KIFU001
and no traceback, and 100 MiB.

``python -m tests.fuzz.tables`` prints the table of docs/reliability.md.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.fuzz.hostile import Outcome, collect, launch

CASES = Path(__file__).with_name("cases")
ROOT = Path(__file__).resolve().parents[2]
SUPERSCRIPT_ONE = "\u00b9"  # "¹": str.isdigit() accepts it, int() refuses it


@dataclass(frozen=True, slots=True)
class Reproducer:
    """``make(dir)`` writes the input and gives the command's arguments; its output must hold
    ``says`` (a finding's code, or the words of ``convert``'s note, which has none); ``status`` is
    its exit status."""

    id: str
    what: str  # the words
    make: Callable[[Path], list[str]]
    says: str
    status: int


def _text(name: str, text: str, *args: str) -> Callable[[Path], list[str]]:
    def make(d: Path) -> list[str]:
        (d / name).write_text(text, encoding="utf-8")
        return [args[0], name, *args[1:]] if args else [name]

    return make


def _bytes(name: str, data: bytes) -> Callable[[Path], list[str]]:
    def make(d: Path) -> list[str]:
        (d / name).write_bytes(data)
        return [name]

    return make


def _case(relative: str, *args: str) -> Callable[[Path], list[str]]:
    def make(d: Path) -> list[str]:
        name = Path(relative).name
        shutil.copy(CASES / relative, d / name)
        return [args[0], name, *args[1:]] if args else [name]

    return make


_CHESS = '[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'
_XQ = '[Game "Chinese Chess"]\n[Event "x"]\n'
_START_CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
_START_XQ = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
#: 20,000 short lines of two findings each (160 KB)
_SGF_SHORT_LINES = "(;FF[4]GM[1]SZ[19]" + "\n".join(";B[aa]x" for _ in range(20_000)) + ")"
_SGF_ONE_LINE = "(;FF[4]GM[1]SZ[19]" + ";B[aa]x" * 10_300 + ")"  # 72 KB on one line
_NESTED_XQ = "(1. 马二进三 " * 1000 + ")" * 1000

REPRODUCERS = (
    Reproducer(
        "chess-promotion-wrong-rank",
        "`1. e4 Nf6 2. d4 g8=Q *`: IndexError in chess notation",
        _text("promotion.pgn", _CHESS + '[Result "*"]\n\n1. e4 Nf6 2. d4 g8=Q *\n'),
        "error CHESS101",
        1,
    ),
    Reproducer(
        "chess-fan-read-back",
        "`1. e4 e5 2. ♘f3 …` (kifu's own fan output) read back as `2. d3`, exit 0",
        _text("fan.pgn", _CHESS + '[Result "*"]\n\n1. e4 e5 2. ♘f3 Nc6 *\n'),
        "warning CHESS112",  # read as Nf3: the same move, never another
        0,
    ),
    Reproducer(
        "chess-fen-superscript-fullmove",
        "a superscript digit in a chess FEN full-move field, under convert",
        _text(
            "fen.pgn",
            _CHESS
            + '[Result "*"]\n[SetUp "1"]\n'
            + f'[FEN "{_START_CHESS} w KQkq - 0 {SUPERSCRIPT_ONE}"]\n\n1. e4 *\n',
            "convert",
            "--to",
            "pgn",
            "-o",
            "out.pgn",
        ),
        "the moves are copied as written",  # PGN020 under check: the FEN cannot be read
        1,
    ),
    Reproducer(
        "chess-comment-quotes-xiangqi",
        "a chess game whose comment quotes a xiangqi move was taken for xiangqi",
        _case("chess/detect-1.pgn", "--extend-select=CHESS205"),  # (an info alone is not listed by default)
        "info CHESS205",  # a chess verdict: read as chess
        0,
    ),
    Reproducer(
        "xiangqi-fen-superscript-board",
        "a superscript digit in a xiangqi FEN board",
        _text(
            "board.pgn",
            _XQ + f'[FEN "{_START_XQ.replace("9", SUPERSCRIPT_ONE, 1)} w - - 0 1"]\n\n1. 炮二平五 *\n',
        ),
        "error XQN010",
        1,
    ),
    Reproducer(
        "xiangqi-fen-superscript-counters",
        "superscript digits in a xiangqi FEN's half-move and full-move fields",
        _text(
            "counters.pgn",
            _XQ + f'[FEN "{_START_XQ} w - - {SUPERSCRIPT_ONE} {SUPERSCRIPT_ONE}"]\n\n1. 炮二平五 *\n',
        ),
        "0 error(s), 0 warning(s)",  # the counters are ignored, as FEN readers do
        0,
    ),
    Reproducer(
        "dhtmlxq-superscript-move",
        "superscript digits in DhtmlXQ coordinates",
        _text("move.dhtml", f"[DhtmlXQ][DhtmlXQ_movelist]77{SUPERSCRIPT_ONE}7[/DhtmlXQ_movelist][/DhtmlXQ]"),
        "error XQN001",
        1,
    ),
    Reproducer(
        "dhtmlxq-superscript-binit",
        "superscript digits in a DhtmlXQ `binit`",
        _text(
            "binit.dhtml",
            f"[DhtmlXQ][DhtmlXQ_binit]{SUPERSCRIPT_ONE * 64}[/DhtmlXQ_binit]"
            "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]\n",
        ),
        "error XQN010",
        1,
    ),
    Reproducer(
        "xiangqi-1000-nested-variations",
        "1,000 nested variations in a xiangqi PGN: RecursionError",
        _text("nested.pgn", _XQ + f"\n1. 炮二平五 马８进７ {_NESTED_XQ} *\n"),
        "",
        0,
    ),
    Reproducer(
        "xqf-control-bytes-in-event",
        "an XQF whose event field holds control characters converts to a PGN that cannot be read back",
        _case("xqf/fixpoint-1.xqf", "convert", "--to", "pgn", "-o", "out.pgn"),
        "holds control bytes",  # XQN011 under check; the PGN written reads back (fixed point)
        1,
    ),
    Reproducer(
        "sgf-nul-charset",
        "`(;CA[\\0])`: embedded null character in Go charset handling",
        _bytes("nul.sgf", b"(;CA[\0]GM[1]SZ[9];B[aa])\n"),
        "warning SGF041",
        0,
    ),
    Reproducer(
        "sgf-20kb-findings-short-lines",
        "an SGF with 20,000 findings on short lines took 11 s (here 40,000 on 20,000 lines)",
        _text("short-lines.sgf", _SGF_SHORT_LINES),
        "more SGF001 finding(s)",
        1,
    ),
    Reproducer(
        "sgf-72kb-one-line",
        "a 72 KB one-line SGF took 1.2 GB",
        _text("one-line.sgf", _SGF_ONE_LINE),
        "more SGF001 finding(s)",
        1,
    ),
    Reproducer(
        "sgf-comment-unescaped-bracket",
        "an SGF comment with an unescaped `]` lost its tail on conversion and then checked clean",
        _text(
            "bracket.sgf",
            "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee]C[look here] at this];W[cc])\n",
            "convert",
            "--to",
            "sgf",
            "-o",
            "out.sgf",
        ),
        "illegal characters (ignored): 'this]'",  # SGF001 under check; convert exits 1
        1,
    ),
)


def measure(reproducer: Reproducer, directory: Path, limit: float = 30) -> Outcome:
    """Write ``reproducer``'s input in ``directory`` and run the command on it."""
    return collect(launch(reproducer.make(directory), directory, limit), limit)


def measure_all(limit: float = 30) -> dict[str, Outcome]:
    """Every reproducer, side by side (each measured by its own helper process)."""
    base = Path(tempfile.mkdtemp(prefix="kifu-reproducers-"))
    running = []
    for reproducer in REPRODUCERS:
        place = base / reproducer.id
        place.mkdir()
        running.append((reproducer, launch(reproducer.make(place), place, limit)))
    outcomes = {reproducer.id: collect(helper, limit) for reproducer, helper in running}
    shutil.rmtree(base, ignore_errors=True)
    return outcomes


def table() -> list[str]:
    """The table of docs/reliability.md, measured one reproducer at a time."""
    lines = ["| reproducer | what it gets now | exit | time | peak RSS |", "|---|---|---:|---:|---:|"]
    for reproducer in REPRODUCERS:
        with tempfile.TemporaryDirectory(prefix="kifu-reproducer-") as place:
            outcome = measure(reproducer, Path(place))
        found = reproducer.says or "none: 1,000 levels is the depth limit, all read"
        lines.append(
            f"| {reproducer.what} | {found} | {outcome.status} | {outcome.seconds:.2f} s "
            f"| {outcome.peak_mib:.0f} MiB |"
        )
    return lines
