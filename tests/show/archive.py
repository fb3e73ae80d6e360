"""A generated archive for the scale of the HTML report (issue 30: 300 files, over 5,000 findings).

Each file holds one game whose piece letters are written in lower case (17 CHESS103 errors:
``nf3`` for ``Nf3``, the rest of the game checked assuming the capital), then ``clean`` games
written correctly; files are named ``b1.pgn`` … ``b300.pgn`` (a natural order to keep).
"""

from __future__ import annotations

from pathlib import Path

#: a Ruy Lopez with its piece letters in lower case: 17 moves kifu cannot read as written
MOVES = (
    "1. e4 e5 2. nf3 nc6 3. bb5 a6 4. ba4 nf6 5. O-O be7 6. re1 b5 7. bb3 d6 8. c3 O-O 9. h3 nb8 "
    "10. d4 nbd7 11. c4 c6 12. nc3 qc7 13. be3 re8 14. qd2 bf8 15. rad1 *"
)
FINDINGS_PER_FILE = 17


def _game(n: int, g: int, moves: str) -> str:
    return (
        f'[Event "Archive {n}"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "{g}"]\n'
        f'[White "Müller, J{n}"]\n[Black "Black {g}"]\n[Result "*"]\n\n{moves}\n\n'
    )


def write_archive(directory: Path, files: int = 300, clean: int = 0) -> int:
    """Write the archive into ``directory``; the number of findings it holds."""
    good = MOVES.replace(" nf3", " Nf3")
    for letter in "nbrq":  # the same game, written correctly
        good = " ".join(
            (w[0].upper() + w[1:]) if w[:1] == letter and len(w) > 2 and not w[1:2].isdigit() else w
            for w in good.split(" ")
        )
    for n in range(1, files + 1):
        games = [_game(n, 1, MOVES), *(_game(n, g, good) for g in range(2, clean + 2))]
        (directory / f"b{n}.pgn").write_text("".join(games), encoding="utf-8")
    return files * FINDINGS_PER_FILE
