"""The positions the renderer tests draw, built through each game's own board API."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifu.go.board import BLACK, EMPTY, OK, WHITE
from kifu.go.board import Board as GoBoard
from kifu.xiangqi.board import FILES, make_move, square
from kifu.xiangqi.board import Board as XiangqiBoard
from kifu.xiangqi.fen import start_board

import chess

# --- chess ------------------------------------------------------------------------------------------------


def chess_game(san: str) -> chess.Board:
    """The board after the SAN moves ``san`` from the start."""
    board = chess.Board()
    for move in san.split():
        board.push_san(move)
    return board


#: A Ruy Lopez after 5... Be7: a quiet mid-game position, last move by Black.
RUY_LOPEZ = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7"
#: The four-move mate: the last move captures on f7 and gives mate.
SCHOLARS_MATE = "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#"


# --- xiangqi ----------------------------------------------------------------------------------------------


def ucci(name: str) -> int:
    """The board's int move of a UCCI move (``h2e2``)."""
    frm = square(FILES.index(name[0]), int(name[1]))
    to = square(FILES.index(name[2]), int(name[3]))
    return make_move(frm, to)


def xiangqi_game(moves: str) -> tuple[XiangqiBoard, int | None]:
    """The board after the UCCI ``moves`` (each checked legal) and the last move."""
    board = start_board()
    last = None
    for name in moves.split():
        last = ucci(name)
        assert board.is_legal(last), name
        board.push(last)
    return board, last


#: 炮二平五 炮8平5 炮五进四: the same-direction cannons, Red's cannon takes the centre soldier
#: and checks through Black's cannon on e7.
CANNON_CHECK = "h2e2 h7e7 e2e6"
#: 炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3: a quiet opening, Black moved last.
CENTRAL_CANNON = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"


# --- Go ---------------------------------------------------------------------------------------------------

#: The first 39 moves of ExBot–GNU Go, Tenth KGS Computer Go Tournament (2006-01-08), 9×9, Chinese
#: rules, komi 7.5, RE[B+9.50]: White passed after move 39; Black then captured the four white
#: stones left in its area, which are the dead stones of the count at move 39.
KGS_GAME = (
    "gc dg ce cc ee gg ec db bd bf bc ae he bb cd ca dc ff ef eg cf cg be bh gf hg fe fg hf df ig ih if "
    "hi de ad ac af eb"
)
KGS_DEAD = ("cc", "bb", "db", "ca")


def sgf_point(board: GoBoard, text: str) -> int:
    """The board index of an SGF point (``dd``; columns then rows, from the top left)."""
    return board.point(ord(text[0]) - ord("a"), ord(text[1]) - ord("a"))


@dataclass
class GoPosition:
    """A Go board with what the renderer may show on it."""

    board: GoBoard
    last_move: int | None = None
    numbers: dict[int, int] = field(default_factory=dict)
    dead: set[int] = field(default_factory=set)
    black_territory: set[int] = field(default_factory=set)
    white_territory: set[int] = field(default_factory=set)


def go_game(width: int, moves: str, height: int | None = None) -> GoPosition:
    """The board after the SGF ``moves`` (alternately Black and White), numbered from 1."""
    board = GoBoard(width, height)
    position = GoPosition(board)
    colour = BLACK
    for number, text in enumerate(moves.split(), 1):
        point = sgf_point(board, text)
        outcome, _ = board.play(point, colour)
        assert outcome == OK, text
        position.last_move = point
        position.numbers[point] = number
        colour = WHITE if colour == BLACK else BLACK
    return position


def counted(position: GoPosition, dead: set[int]) -> GoPosition:
    """``position`` with the dead stones and each colour's territory (regions bordering it only)."""
    work = position.board.copy()
    for point in dead:
        work.cells[point] = EMPTY
    for region, border in work.regions():
        if border == {BLACK}:
            position.black_territory.update(region)
        elif border == {WHITE}:
            position.white_territory.update(region)
    position.dead = set(dead)
    return position


def kgs_count() -> GoPosition:
    """The KGS game at move 39 with its four dead white stones and the territories."""
    position = go_game(9, KGS_GAME)
    return counted(position, {sgf_point(position.board, point) for point in KGS_DEAD})
