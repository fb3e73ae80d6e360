"""Benchmark: `kifu convert` of a PGN file to each chess target against python-chess and pgn-extract.

In this process, one core, CPU time: python-chess does `read_game` and then its
`StringExporter` (PGN), the FAN (SAN with figurines), LAN or UCI of the main line, a FEN or
EPD per position, or JSON with SAN, UCI and FEN per move; kifu does its whole conversion
(reading with its grammar, replaying every line, writing). As commands, wall time, on the
archive of ten TWIC files: `kifu convert --to uci|epd` against Debian's
`pgn-extract -Wuci|-Wepd` (when installed). Medians of alternating runs.

    python tests/bench/chess_convert.py [FILE.pgn] [--runs N]
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chess_check import alternate, pgn_extract
from kifu.chess.walk import clear_cache
from kifu.core.sources import Source
from kifu.games import convert
from table import row

DEFAULT = Path(__file__).resolve().parents[3] / "shared/corpus/chess/mliebelt-pgn-parser/twic-01-232games.pgn"
TARGETS = ("pgn", "fan", "lan", "uci", "fen", "epd", "json")
_FIGURINES = {
    chess.WHITE: str.maketrans({"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘"}),
    chess.BLACK: str.maketrans({"K": "♚", "Q": "♛", "R": "♜", "B": "♝", "N": "♞"}),
}


def _figurines(san: str, turn: bool) -> str:
    return san.translate(_FIGURINES[turn])


def python_chess(text: str, target: str) -> int:
    """python-chess's reader, then its exporter or the moves of the main line, as ``target`` asks."""
    handle = io.StringIO(text)
    written = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        if target == "pgn":
            out = game.accept(chess.pgn.StringExporter(columns=79))
        elif target in ("lan", "fan"):
            board = game.board()
            parts = []
            for move in game.mainline_moves():
                parts.append(board.lan(move) if target == "lan" else _figurines(board.san(move), board.turn))
                board.push(move)
            out = " ".join(parts)
        elif target == "uci":
            out = " ".join(m.uci() for m in game.mainline_moves())
        elif target == "json":
            board = game.board()
            moves = []
            for move in game.mainline_moves():
                entry = {"san": board.san(move), "uci": move.uci()}
                board.push(move)
                entry["fen"] = board.fen()
                moves.append(entry)
            out = json.dumps({"tags": dict(game.headers), "moves": moves})
        else:
            board = game.board()
            lines = [board.fen() if target == "fen" else board.epd()]
            for move in game.mainline_moves():
                board.push(move)
                lines.append(board.fen() if target == "fen" else board.epd())
            out = "\n".join(lines)
        written += len(out)
    return written


def kifu(path: Path, target: str) -> int:
    clear_cache()
    return sum(len(getattr(item, "text", "")) for item in convert(Source(str(path)), "chess", target))


def commands(archive: Path, runs: int) -> None:
    """``kifu convert`` against ``pgn-extract -W…`` as programs, wall time."""
    extract = pgn_extract()
    for target, option in (("uci", "-Wuci"), ("epd", "-Wepd")):
        programs: dict[str, Callable[[], object]] = {
            "kifu": lambda t=target: subprocess.run(
                [sys.executable, "-m", "kifu", "convert", str(archive), "--to", t],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
        }
        if extract:
            programs["pgn-extract"] = lambda o=option: subprocess.run(
                [extract, o, "-s", str(archive)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
        medians = alternate(programs, runs, clock=time.perf_counter)
        print(
            f"command, TWIC x10, --to {target}: kifu {medians['kifu']:.2f} s, "
            f"pgn-extract {option} {medians.get('pgn-extract', float('nan')):.2f} s"
        )
        row(
            f"chess convert to {target}, command, wall time",
            "TWIC x10",
            medians["kifu"],
            f"pgn-extract {option}" if extract else "pgn-extract (not installed)",
            medians.get("pgn-extract"),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not args.file.exists():
        sys.exit(f"no such file: {args.file}")
    text = args.file.read_text(encoding="utf-8", errors="replace")
    kifu(args.file, "pgn")  # warm the grammar cache
    print(f"file: {args.file.name}; medians of {args.runs} alternating runs, CPU time")
    print(f"{'target':<8} {'kifu s':>8} {'python-chess s':>15} {'python-chess/kifu':>18}")
    for target in TARGETS:
        medians = alternate(
            {
                "kifu": lambda t=target: kifu(args.file, t),
                "python-chess": lambda t=target: python_chess(text, t),
            },
            args.runs,
        )
        k, p = medians["kifu"], medians["python-chess"]
        print(f"{target:<8} {k:>8.3f} {p:>15.3f} {p / k:>17.2f}x")
        row(
            f"chess convert to {target}, one core, CPU time",
            args.file.name,
            k,
            "python-chess read_game+export",
            p,
        )
    with tempfile.TemporaryDirectory() as temporary:
        archive = Path(temporary) / "archive.pgn"
        archive.write_text((text.rstrip() + "\n\n") * 10, encoding="utf-8")
        commands(archive, max(3, args.runs // 2))


if __name__ == "__main__":
    main()
