"""The formats the fuzzers feed, the game and reader each one is checked as, and their seeds."""

from __future__ import annotations

import glob
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
CORPUS = ROOT.parent / "shared" / "corpus"
#: seeds longer than this are cut (text, at a line end) or left out (binary)
SEED_LIMIT = 8 * 1024


@dataclass(frozen=True, slots=True)
class Format:
    """A fuzzed format: ``game`` and ``fmt`` as :func:`kifu.games.check` takes them, the file
    extension an input is written under, and the ``convert`` target whose output must be a
    fixed point (``None``: no such target)."""

    name: str
    game: str
    fmt: str
    extension: str
    binary: bool
    seeds: tuple[str, ...]
    roundtrip: str | None

    def seed_files(self) -> list[Path]:
        """The seed files that exist here (fixtures always; the shared corpus when present)."""
        found: set[Path] = set()
        for pattern in self.seeds:
            found.update(Path(p) for p in glob.glob(str(ROOT / pattern), recursive=True))
        return sorted(p for p in found if p.is_file())


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "chess",
            "chess",
            "pgn",
            ".pgn",
            False,
            ("fixtures/chess/**/*.pgn", "../shared/corpus/chess/**/*.pgn"),
            "pgn",
        ),
        Format(
            "sgf",
            "go",
            "sgf",
            ".sgf",
            False,
            ("fixtures/go/**/*.sgf", "../shared/corpus/go/**/*.sgf"),
            "sgf",
        ),
        Format(
            "xqpgn",
            "xiangqi",
            "pgn",
            ".pgn",
            False,
            ("fixtures/xiangqi/**/*.pgn", "../shared/corpus/xiangqi/pgn/*"),
            "pgn",
        ),
        Format(
            "dhtmlxq",
            "xiangqi",
            "dhtmlxq",
            ".dhtml",
            False,
            (
                "fixtures/xiangqi/**/*.dhtml",
                "fixtures/xiangqi/**/*.ubb",
                "../shared/corpus/xiangqi/dhtmlxq/*",
            ),
            "pgn",
        ),
        Format(
            "cbf",
            "xiangqi",
            "cbf",
            ".cbf",
            False,
            ("fixtures/xiangqi/**/*.cbf", "../shared/corpus/xiangqi/cbr_cbf/*.cbf"),
            "pgn",
        ),
        Format(
            "xqf",
            "xiangqi",
            "xqf",
            ".xqf",
            True,
            ("fixtures/xiangqi/**/*.xqf", "../shared/corpus/xiangqi/xqf/*"),
            "pgn",
        ),
        Format(
            "cbr",
            "xiangqi",
            "cbr",
            ".cbr",
            True,
            ("fixtures/xiangqi/**/*.cbr", "../shared/corpus/xiangqi/cbr_cbf/*.cbr"),
            "pgn",
        ),
    )
}

TEXT_FORMATS = tuple(name for name, f in FORMATS.items() if not f.binary)
BINARY_FORMATS = tuple(name for name, f in FORMATS.items() if f.binary)


@cache
def seeds(name: str) -> tuple[bytes, ...]:
    """The seed contents of format ``name``, in a stable order."""
    spec = FORMATS[name]
    out: list[bytes] = []
    for path in spec.seed_files():
        data = path.read_bytes()
        if len(data) > SEED_LIMIT:
            if spec.binary:
                continue
            cut = data.rfind(b"\n", 0, SEED_LIMIT)
            data = data[: cut + 1 if cut > 0 else SEED_LIMIT]
        out.append(data)
    return tuple(out)
