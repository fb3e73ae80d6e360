"""The position a chess line is replayed on: kifu's own compiled mailbox, python-chess behind it.

:class:`Position` is what :mod:`kifu.chess.walk` plays each move on. For standard chess it is
a mailbox of kifu's own: a ``list[int]`` of the 64 squares (0 empty, else python-chess's piece
type 1-6, plus 8 for Black), whose every value is a small int, so that under mypyc nothing is a
64-bit bitboard outside the tagged-int range (python-chess's are, and its ``Board`` is an
interpreted object of 25 attributes). It reads plain SAN without a regular expression
(:func:`scan_san`) and resolves it and castling, plays ordinary moves and castling, tells
check and mate, finds the move that would repeat a position (the claim of FIDE 9.2.1.1), and
gives the exact repetition key of FIDE 9.2 as 67 bytes.

Everything else is python-chess's, on a ``chess.Board`` made from the mailbox when asked
(:meth:`Position.board`): the moves the mailbox does not resolve (they go to
:func:`~kifu.chess.notation.read_move`, which also explains a move that cannot be played), en
passant and null moves, the mate test when an en-passant capture might be the way out, dead
positions, SAN writing, FEN. A position the mailbox does not model
(Chess960, a set-up with an en-passant square, not one king a side, pawns on a back rank) is
python-chess's throughout, on the fast paths of :mod:`kifu.chess.fastpath`, as are the lines of
a visitor that wants each move written (a writer needs the board for every move anyway).

``tests/chess/test_position.py`` holds it to python-chess move by move over random games:
every resolution, every position, check, and keys that tell positions apart exactly as
:func:`board_key` does on python-chess's boards.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, Union

from kifu.chess.diagnosis import MoveProblem
from kifu.chess.locales import translate
from kifu.chess.moves import NULL_CODE, ReadMove, move_of
from kifu.chess.moves import code as move_code

if TYPE_CHECKING:
    from kifu.chess.notation import BoardPlay

    import chess

# python-chess is imported only where its board is at hand (it was imported to make it), or
# made (:meth:`Position.board`): a clean record of standard chess is replayed without it. So are
# kifu.chess.fastpath and kifu.chess.notation (their tables and constants are python-chess's),
# reached through one BoardPlay made on first use (_board_play).

#: where a line starts: python-chess's board (a set-up, Chess960), or kifu's position (the
#: standard start, :meth:`Position.standard`, made without python-chess)
Start = Union["chess.Board", "Position"]

#: kifu.chess.fastpath's flags of a push (held equal to them by tests/chess/test_position.py)
ZEROING: Final = 1
SPECIAL: Final = 2

EMPTY: Final = 0
PAWN: Final = 1
KNIGHT: Final = 2
BISHOP: Final = 3
ROOK: Final = 4
QUEEN: Final = 5
KING: Final = 6
#: added to a piece type for a black piece (colour = code >> 3: 0 White, 1 Black)
BLACK: Final = 8

#: the key's cells after the 64 squares
TURN_CELL: Final = 64
CASTLING_CELL: Final = 65
EP_CELL: Final = 66
NO_EP: Final = 255

#: castling rights: White king side (h1), White queen side (a1), Black king side, Black queen side
WK: Final = 1
WQ: Final = 2
BK: Final = 4
BQ: Final = 8

_PIECE_CODE: Final = {"N": KNIGHT, "B": BISHOP, "R": ROOK, "Q": QUEEN, "K": KING}
_CASTLE: Final = re.compile(r"^O-O(-O)?([+#])?([!?]{1,2})?$")

# directions 0-3 along ranks and files, 4-7 along diagonals, as (file step, rank step)
_STEPS: Final = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 0 <= rank < 8


def _ray_table() -> list[list[int]]:
    """For square * 8 + direction, the squares from it outward (nearest first)."""
    rays: list[list[int]] = []
    for square in range(64):
        for df, dr in _STEPS:
            ray: list[int] = []
            file, rank = (square & 7) + df, (square >> 3) + dr
            while _on_board(file, rank):
                ray.append(rank * 8 + file)
                file, rank = file + df, rank + dr
            rays.append(ray)
    return rays


def _jumps(offsets: list[tuple[int, int]]) -> list[list[int]]:
    table: list[list[int]] = []
    for square in range(64):
        targets: list[int] = []
        for df, dr in offsets:
            file, rank = (square & 7) + df, (square >> 3) + dr
            if _on_board(file, rank):
                targets.append(rank * 8 + file)
        table.append(targets)
    return table


_RAY: Final = _ray_table()
_KNIGHT_SQ: Final = _jumps([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
_KING_SQ: Final = _jumps([(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)])
#: for colour * 64 + square, the squares from which a pawn of that colour attacks the square
_PAWN_FROM: Final = _jumps([(-1, -1), (1, -1)]) + _jumps([(-1, 1), (1, 1)])


def _direction_table() -> list[int]:
    """For a * 64 + b, the direction from a to b when on one line, else -1."""
    table = [-1] * 4096
    for square in range(64):
        for direction in range(8):
            for other in _RAY[square * 8 + direction]:
                table[square * 64 + other] = direction
    return table


_DIR: Final = _direction_table()


# python-chess's square numbers and names (a1 = 0 … h8 = 63), held equal to its own by
# tests/chess/test_position.py
A1: Final = 0
E1: Final = 4
H1: Final = 7
A8: Final = 56
E8: Final = 60
H8: Final = 63
SQUARE_NAMES: Final = [f"{file}{rank}" for rank in "12345678" for file in "abcdefgh"]


def _castle_keep() -> list[int]:
    """For each square, the castling rights kept when a move leaves or reaches it."""
    keep = [15] * 64
    keep[E1] = 15 & ~(WK | WQ)
    keep[H1] = 15 & ~WK
    keep[A1] = 15 & ~WQ
    keep[E8] = 15 & ~(BK | BQ)
    keep[H8] = 15 & ~BK
    keep[A8] = 15 & ~BQ
    return keep


_KEEP: Final = _castle_keep()
#: python-chess's rook squares of the castling rights, by bit
_RIGHT_SQUARES: Final = [(WK, H1), (WQ, A1), (BK, H8), (BQ, A8)]
#: python-chess's piece types (they are the mailbox's)
_TYPES: Final = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
#: python-chess's BB_RANK_1 | BB_RANK_8
_BACK_RANKS: Final = 0xFF000000000000FF
_HEAVY: Final = (1 << PAWN) | (1 << ROOK) | (1 << QUEEN)
#: an empty board, copied to make python-chess's boards (``Board.empty()`` runs its constructor),
#: made with the first board
_BLANK: Final[list[chess.Board]] = []


#: the one BoardPlay, once a line needs python-chess's board
_BOARD_PLAY: Final[list[BoardPlay]] = []


def _board_play() -> BoardPlay:
    """kifu.chess.notation's BoardPlay (it imports python-chess: only when a board is at hand)."""
    if not _BOARD_PLAY:
        from kifu.chess.notation import BoardPlay

        _BOARD_PLAY.append(BoardPlay())
    return _BOARD_PLAY[0]


def _blank() -> chess.Board:
    """python-chess's empty board (python-chess imported on first use)."""
    if not _BLANK:
        import chess

        _BLANK.append(chess.Board.empty())
    return _BLANK[0].copy(stack=False)


def attacked(squares: list[int], square: int, by: int) -> bool:
    """Whether a piece of colour ``by`` (0 White, 1 Black) attacks ``square``."""
    side = by << 3
    knight = KNIGHT | side
    for other in _KNIGHT_SQ[square]:
        if squares[other] == knight:
            return True
    pawn = PAWN | side
    for other in _PAWN_FROM[by * 64 + square]:
        if squares[other] == pawn:
            return True
    queen = QUEEN | side
    base = square * 8
    for direction in range(8):
        slider = (ROOK if direction < 4 else BISHOP) | side
        for other in _RAY[base + direction]:
            piece = squares[other]
            if piece:
                if piece in (slider, queen):
                    return True
                break
    king = KING | side
    for other in _KING_SQ[square]:  # noqa: SIM110 - a loop mypyc compiles to plain C
        if squares[other] == king:
            return True
    return False


def _mailbox(board: chess.Board) -> list[int]:
    """The 64 squares of ``board`` as piece codes."""
    if (
        board.pawns == _START_PAWNS
        and board.occupied_co[True] == _START_WHITE  # (True: python-chess's WHITE)
        and board.occupied == _START_OCCUPIED
        and board.knights == _START_KNIGHTS
        and board.bishops == _START_BISHOPS
        and board.rooks == _START_ROOKS
        and board.queens == _START_QUEENS
        and board.kings == _START_KINGS
    ):
        return _START_SQUARES.copy()  # (most games begin so: twelve masks read, for the price of one)
    return _read_squares(board)


def _read_squares(board: chess.Board) -> list[int]:
    squares = [EMPTY] * 64
    black = board.occupied_co[False]  # (False: python-chess's BLACK)
    for piece in _TYPES:
        mask = board.pieces_mask(piece, True) | board.pieces_mask(piece, False)
        while mask:
            square = mask.bit_length() - 1
            mask ^= 1 << square
            squares[square] = piece | BLACK if black >> square & 1 else piece
    return squares


# the standard start, as python-chess's masks (held equal to chess.Board()'s by a test)
_START_PAWNS: Final = 0x00FF00000000FF00
_START_KNIGHTS: Final = 0x4200000000000042
_START_BISHOPS: Final = 0x2400000000000024
_START_ROOKS: Final = 0x8100000000000081
_START_QUEENS: Final = 0x0800000000000008
_START_KINGS: Final = 0x1000000000000010
_START_WHITE: Final = 0x000000000000FFFF
_START_OCCUPIED: Final = 0xFFFF00000000FFFF
#: the standard start as the mailbox's squares
_START_SQUARES: Final = [
    ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK,
    *[PAWN] * 8,
    *[EMPTY] * 32,
    *[PAWN | BLACK] * 8,
    ROOK | BLACK, KNIGHT | BLACK, BISHOP | BLACK, QUEEN | BLACK,
    KING | BLACK, BISHOP | BLACK, KNIGHT | BLACK, ROOK | BLACK,
]  # fmt: skip


def _castling_bits(board: chess.Board) -> int:
    rights = _board_play().castling_rights(board)
    bits = 0
    for bit, square in _RIGHT_SQUARES:
        if rights >> square & 1:
            bits |= bit
    return bits


def board_key(board: chess.Board) -> bytes:
    """What makes two positions the same for FIDE 9.2 (pieces, side to move, castling rights,
    en passant only when a capture there is legal), as the bytes :meth:`Position.key` gives.

    A Chess960 key is longer (its castling rights are the rooks' squares): it never equals a
    standard one, and keys of the same position are equal.
    """
    play = _board_play()
    cells = bytearray(_mailbox(board))
    cells.append(0 if board.turn else 1)  # (python-chess's WHITE is True)
    cells.append(_castling_bits(board))
    ep = board.ep_square
    cells.append(ep if ep is not None and play.has_legal_en_passant(board) else NO_EP)
    if board.chess960:
        cells += play.castling_rights(board).to_bytes(8, "little")
    return bytes(cells)


def key_occupied(key: bytes) -> int:
    """The squares occupied in the position of ``key``, as a python-chess bitboard."""
    occupied = 0
    for square in range(64):
        if key[square]:
            occupied |= 1 << square
    return occupied


def key_turn(key: bytes) -> bool:
    """The side to move in the position of ``key`` (python-chess's colour)."""
    return key[TURN_CELL] == 0


def _file(char: str) -> int:
    """``a``-``h`` as 0-7, else -1."""
    code = ord(char) - 97
    return code if 0 <= code < 8 else -1


def _rank(char: str) -> int:
    """``1``-``8`` as 0-7, else -1."""
    code = ord(char) - 49
    return code if 0 <= code < 8 else -1


def scan_san(written: str) -> int:
    """The plain SAN that :meth:`Position.read` resolves itself, read without a regular
    expression (the walk reads every move so): a piece's move with at most a file or a rank
    to tell it apart (``Nf3``, ``Nbxd7``), a pawn's (``e4``, ``exd5``, ``e8=Q``), then at most
    a check mark and a move suffix annotation (``!?``).

    Packed as: the length of the move without its marks (bits 0-3), the piece type (4-6, 0 for
    a pawn), the file (7-10) and rank (11-14) written before the target, plus one (0: none;
    a pawn's capture: its file), a capture (15), the target square (16-21), the promotion
    piece type (22-24), a check mark (25). -1 for anything else, which python-chess reads
    (castling, long algebraic, ``a8Q``, figurines, nonsense).
    """
    end = len(written)
    if end < 2:
        return -1
    if written[end - 1] in "!?":
        end -= 1
        if written[end - 1] in "!?":
            end -= 1
    suffix = 0
    if end and written[end - 1] in "+#":
        end -= 1
        suffix = 1
    if end < 2 or end > 6:
        return -1
    first = written[0]
    piece = _PIECE_CODE.get(first, 0)
    if piece:
        to_file, to_rank = _file(written[end - 2]), _rank(written[end - 1])
        if to_file < 0 or to_rank < 0:
            return -1
        middle = written[1 : end - 2]
        from_file = from_rank = takes = 0
        if middle and middle[-1] == "x":
            takes = 1
            middle = middle[:-1]
        if len(middle) > 1:
            return -1  # (a file and a rank: long algebraic, Ng1f3)
        if middle:
            from_file = _file(middle) + 1
            from_rank = _rank(middle) + 1 if not from_file else 0
            if not from_file and not from_rank:
                return -1
        return (
            end
            | piece << 4
            | from_file << 7
            | from_rank << 11
            | takes << 15
            | (to_rank * 8 + to_file) << 16
            | suffix << 25
        )
    pawn_file = _file(first)
    if pawn_file < 0:
        return -1
    promotion = 0
    core = end
    if end >= 4 and written[end - 2] == "=":
        promotion = _PIECE_CODE.get(written[end - 1], 0)
        if not promotion or promotion == KING:
            return -1
        core = end - 2
    takes = 0
    if core == 2:
        to_file, to_rank = pawn_file, _rank(written[1])
    elif core == 4 and written[1] == "x":
        takes = 1
        to_file, to_rank = _file(written[2]), _rank(written[3])
    else:
        return -1
    if to_file < 0 or to_rank < 0:
        return -1
    return (
        end
        | (pawn_file + 1) << 7
        | takes << 15
        | (to_rank * 8 + to_file) << 16
        | promotion << 22
        | suffix << 25
    )


def _repeats_on_board(board: chess.Board, keys: list[bytes]) -> bool:
    """:meth:`Position.repeats_by_move` on python-chess's board (Chess960, unusual set-ups)."""
    import chess

    occupied = board.occupied
    ours = board.occupied_co[board.turn]
    for key in keys:
        if key_turn(key) == board.turn:
            continue
        diff = key_occupied(key) ^ occupied
        origins, targets = diff & ours, diff & ~occupied
        if chess.popcount(origins) == 1 and chess.popcount(targets) == 1:
            candidates = [chess.Move(chess.lsb(origins), chess.lsb(targets))]
        elif chess.popcount(diff) == 4:
            candidates = list(board.generate_castling_moves())
        else:
            continue
        for move in candidates:
            if board.is_zeroing(move) or not board.is_legal(move):
                continue
            board.push(move)
            repeats = board_key(board) == key
            board.pop()
            if repeats:
                return True
    return False


def _native(board: chess.Board) -> bool:
    """Whether the mailbox models ``board`` (else python-chess plays it)."""
    if board.chess960 or board.ep_square is not None or board.promoted or board.pawns & _BACK_RANKS:
        return False
    kings = board.kings
    white, black = kings & board.occupied_co[True], kings & board.occupied_co[False]
    return white.bit_count() == 1 and black.bit_count() == 1


class Position:
    """A position being replayed (see the module's docstring); :meth:`of` makes one."""

    native: bool  # the mailbox is the position, else ``cached`` is (python-chess's board)
    squares: list[int]  # the 64 squares
    cells: bytearray  # the same squares and the key's other cells (the key is a copy of it)
    cached: chess.Board | None  # python-chess's board of the position, once made
    turn: int  # 0 White, 1 Black
    castling: int
    ep: int  # python-chess's ep_square (after any double step), -1 for none
    halfmove: int
    fullmove: int
    white_king: int
    black_king: int
    heavy: int  # pawns, rooks and queens: with none, a capture may leave a dead position
    check: int  # -1 not known yet, else 0 or 1
    moved_from: int  # the last native push's squares (-1: unknown): the check test looks there
    moved_to: int

    def __init__(self) -> None:
        self.native = True
        self.squares = [EMPTY] * 64
        self.cells = bytearray(67)
        self.cached = None
        self.turn = 0
        self.castling = 0
        self.ep = -1
        self.halfmove = 0
        self.fullmove = 1
        self.white_king = -1
        self.black_king = -1
        self.heavy = 0
        self.check = -1
        self.moved_from = -1
        self.moved_to = -1

    @staticmethod
    def standard() -> Position:
        """The standard start position (python-chess's ``Board()``), made without python-chess."""
        position = Position()
        position.squares = squares = _START_SQUARES.copy()
        cells = position.cells
        for square in range(64):
            cells[square] = squares[square]
        position.white_king = E1
        position.black_king = E8
        position.heavy = 22  # sixteen pawns, four rooks, two queens
        position.castling = cells[CASTLING_CELL] = WK | WQ | BK | BQ
        cells[TURN_CELL] = 0
        cells[EP_CELL] = NO_EP
        return position

    @staticmethod
    def of(start: Start, native: bool = True) -> Position:
        """The position of ``start`` (not changed); ``native=False``: python-chess plays it."""
        if isinstance(start, Position):
            if native or not start.native:
                return start.copy()
            start = start.board()
        board = start
        position = Position()
        if native and _native(board):
            position._load(board)
            position.cached = None  # (the caller's board: a null move or en passant would play on it)
        else:
            position.native = False
            position.cached = board.copy(stack=False)
            position.turn = 0 if board.turn else 1  # (python-chess's WHITE is True)
            position.fullmove = board.fullmove_number
            position.halfmove = board.halfmove_clock
        return position

    def _load(self, board: chess.Board) -> None:
        """Take the position of ``board`` (which the mailbox models), keeping it as the cache."""
        squares = _mailbox(board)
        self.squares = squares
        cells = self.cells
        heavy = 0
        for square in range(64):
            piece = squares[square]
            cells[square] = piece
            if piece:
                if piece == KING:
                    self.white_king = square
                elif piece == KING | BLACK:
                    self.black_king = square
                elif _HEAVY >> (piece & 7) & 1:
                    heavy += 1
        self.heavy = heavy
        self.turn = turn = 0 if board.turn else 1  # (python-chess's WHITE is True)
        self.castling = castling = _castling_bits(board)
        self.ep = -1 if board.ep_square is None else board.ep_square
        self.halfmove = board.halfmove_clock
        self.fullmove = board.fullmove_number
        cells[TURN_CELL] = turn
        cells[CASTLING_CELL] = castling
        cells[EP_CELL] = NO_EP
        self.check = -1
        self.moved_from = -1
        self.moved_to = -1
        self.cached = board

    def copy(self) -> Position:
        """An independent copy."""
        other = Position()
        other.assign(self)
        return other

    def assign(self, other: Position) -> None:
        """Become a copy of ``other`` in place (the walk keeps the position before each move so,
        without an allocation per move)."""
        self.native = other.native
        if other.native:
            self.squares[:] = other.squares
            self.cells[:] = other.cells
            self.cached = None
        else:
            assert other.cached is not None
            self.cached = other.cached.copy(stack=False)
        self.turn = other.turn
        self.castling = other.castling
        self.ep = other.ep
        self.halfmove = other.halfmove
        self.fullmove = other.fullmove
        self.white_king = other.white_king
        self.black_king = other.black_king
        self.heavy = other.heavy
        self.check = other.check
        self.moved_from = other.moved_from
        self.moved_to = other.moved_to

    def board(self) -> chess.Board:
        """The position as python-chess's board. It stays valid until the next move is played
        (python-chess's own position, when not native, is changed in place by the moves)."""
        board = self.cached
        if board is None:
            board = self.cached = self._make_board()
        return board

    def _make_board(self) -> chess.Board:
        board = _blank()
        masks = [0] * 7
        colours = [0, 0]
        squares = self.squares
        for square in range(64):
            piece = squares[square]
            if piece:
                masks[piece & 7] |= 1 << square
                colours[piece >> 3] |= 1 << square
        board.pawns, board.knights, board.bishops = masks[PAWN], masks[KNIGHT], masks[BISHOP]
        board.rooks, board.queens, board.kings = masks[ROOK], masks[QUEEN], masks[KING]
        board.occupied_co[True], board.occupied_co[False] = colours[0], colours[1]
        board.occupied = colours[0] | colours[1]
        board.turn = self.turn == 0
        mask = 0
        for bit, square in _RIGHT_SQUARES:
            if self.castling & bit:
                mask |= 1 << square
        board.castling_rights = mask
        board.ep_square = None if self.ep < 0 else self.ep
        board.halfmove_clock = self.halfmove
        board.fullmove_number = self.fullmove
        return board

    def fen(self) -> str:
        """The position in FEN."""
        return self.board().fen()

    # --- reading and playing ---------------------------------------------------------------

    def read(self, written: str, letters: dict[str, str] | None) -> ReadMove | MoveProblem:
        """``written`` resolved in this position, as :func:`~kifu.chess.notation.read_move` does
        (``letters``: localised piece letters)."""
        if self.native:
            found = -1
            suffix = annotation = ""
            notes: list[str] = []
            # localised letters rewritten as read_move rewrites them (the piece's, a promotion's)
            text = written if letters is None else translate(written, letters)
            scanned = scan_san(text)
            if scanned >= 0:
                core = scanned & 15
                piece = scanned >> 4 & 7
                from_file, from_rank = (scanned >> 7 & 15) - 1, (scanned >> 11 & 15) - 1
                takes, to, promotion = scanned >> 15 & 1, scanned >> 16 & 63, scanned >> 22 & 7
                found = self._resolve(piece, from_file, from_rank, takes, to, promotion)
                has_suffix = scanned >> 25 & 1
                suffix, annotation = text[core : core + has_suffix], text[core + has_suffix :]
                if found >= 0 and piece and (from_file >= 0 or from_rank >= 0):
                    # Nbd7: read_move's note when the file or rank was not needed
                    shortest = self._piece_san(found >> 6 & 63, found & 63)
                    if len(shortest) < core:
                        notes = ["overspecified:" + shortest]
            elif written[0] == "O":
                castle = _CASTLE.match(written)
                if castle is not None:
                    found = self._castle(castle.group(1) is not None)
                    suffix, annotation = castle.group(2) or "", castle.group(3) or ""
            if found >= 0:  # (the move's code: python-chess's move is made only if asked for)
                return ReadMove(None, suffix, annotation, notes, found)
        return _board_play().read(self.board(), written, letters, self.is_check())

    def write(self, move: chess.Move, notation: str) -> str:
        """``move`` (legal, not null) in ``notation`` before it is played, without check mark."""
        return _board_play().write(self.board(), move, notation)

    def push(self, move: chess.Move) -> int:
        """Play the legal ``move`` (or a null move); its :data:`~kifu.chess.fastpath.ZEROING` flag."""
        if self.native:
            return self.push_code(move_code(move))
        return self._push_board(move)

    def play(self, read: ReadMove | None) -> int:
        """Play the legal move ``read`` (``None``: a null move); its ``ZEROING`` flag."""
        if read is None:
            return self.push_code(NULL_CODE)
        given = read.given
        if given is not None and not self.native:
            return self._push_board(given)
        return self.push_code(read.code)

    def _push_board(self, move: chess.Move) -> int:
        """Play ``move`` on python-chess's board (a position the mailbox does not model)."""
        play = _board_play()
        origin, to = move.from_square, move.to_square
        board = self.cached
        assert board is not None
        if origin == to:
            board.push(move)
            flags = 0
            self.check = 1 if play.is_check(board) else 0
        else:
            flags = play.push(board, move)
            check = play.is_check(board) if flags & SPECIAL else play.gives_check(board, move)
            self.check = 1 if check else 0
        self.turn ^= 1
        self.halfmove = board.halfmove_clock
        self.fullmove = board.fullmove_number
        return flags & ZEROING

    def push_code(self, code: int) -> int:
        """Play the legal move of ``code`` (:mod:`kifu.chess.moves`; ``0``: a null move); its
        ``ZEROING`` flag. On the mailbox no python-chess move is made, unless python-chess plays
        it (a null move, en passant)."""
        if not self.native:
            return self._push_board(move_of(code))
        origin, to = code >> 6 & 63, code & 63
        squares = self.squares
        moved = squares[origin]
        if origin == to or (moved & 7 == PAWN and (origin ^ to) & 7 and not squares[to]):
            # a null move or en passant: python-chess plays it
            board = self.board()
            flags = ZEROING if origin != to else 0
            board.push(move_of(code))
            board.clear_stack()
            self._load(board)
            return flags
        cells = self.cells
        turn = self.turn
        captured = squares[to]
        kind = moved & 7
        promotion = code >> 12
        arrived = promotion | turn << 3 if promotion else moved
        squares[to] = arrived
        squares[origin] = EMPTY
        cells[to] = arrived
        cells[origin] = EMPTY
        castles = False
        if kind == KING:
            if turn == 0:
                self.white_king = to
            else:
                self.black_king = to
            if to - origin == 2 or origin - to == 2:  # castling: the rook goes over
                castles = True
                rook_from, rook_to = (origin + 3, origin + 1) if to > origin else (origin - 4, origin - 1)
                rook = squares[rook_from]
                squares[rook_from] = EMPTY
                cells[rook_from] = EMPTY
                squares[rook_to] = rook
                cells[rook_to] = rook
        castling = self.castling
        if castling:
            castling &= _KEEP[origin] & _KEEP[to]
            self.castling = castling
            cells[CASTLING_CELL] = castling
        if captured and _HEAVY >> (captured & 7) & 1:
            self.heavy -= 1
        if promotion and not _HEAVY >> promotion & 1:
            self.heavy -= 1  # a pawn became a knight or a bishop
        flags = 0
        if kind == PAWN:
            self.ep = (origin + to) >> 1 if to - origin == 16 or origin - to == 16 else -1
            self.halfmove = 0
            flags = ZEROING
        else:
            self.ep = -1
            if captured:
                self.halfmove = 0
                flags = ZEROING
            else:
                self.halfmove += 1
        if turn == 1:
            self.fullmove += 1
        turn ^= 1
        self.turn = turn
        cells[TURN_CELL] = turn
        self.check = -1
        self.moved_from = -1 if castles else origin  # (after castling, the check test is a full one)
        self.moved_to = to
        self.cached = None
        return flags

    # --- what the rules ask -----------------------------------------------------------------

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        check = self.check
        if check < 0:
            if not self.native:
                board = self.cached
                assert board is not None
                check = 1 if _board_play().is_check(board) else 0
            elif self.moved_from < 0:
                check = 1 if attacked(self.squares, self._king(), self.turn ^ 1) else 0
            else:
                check = 1 if self._gives_check() else 0
            self.check = check
        return check == 1

    def _king_steps(self) -> bool:
        """Whether the king of the side to move has a square to step to that no enemy piece
        attacks once the king has left its own (castling aside)."""
        squares = self.squares
        turn = self.turn
        enemy = turn ^ 1
        king = self._king()
        squares[king] = EMPTY
        free = False
        for square in _KING_SQ[king]:
            piece = squares[square]
            if (not piece or piece >> 3 == enemy) and not attacked(squares, square, enemy):
                free = True
                break
        squares[king] = KING | turn << 3
        return free

    def can_escape(self) -> bool:
        """Whether the side to move, in check, has a legal move (else it is mated).

        The king steps to a square no enemy piece attacks once it has left its own; else,
        against a single checker, a piece of its side takes the checker or steps between,
        without exposing its king. An en-passant square goes to python-chess (the capture
        may be the one escape).
        """
        if not self.native or self.ep >= 0:
            return _board_play().can_escape(self.board())
        if self._king_steps():
            return True
        squares = self.squares
        turn = self.turn
        enemy = turn ^ 1
        king = self._king()
        checkers = self._checkers(king, enemy)
        if len(checkers) != 1:
            return False  # double check: only the king could move (none was found)
        checker = checkers[0]
        targets = [checker]
        direction = _DIR[king * 64 + checker]
        if direction >= 0 and squares[checker] & 7 not in (KNIGHT, PAWN):
            for square in _RAY[king * 8 + direction]:
                if square == checker:
                    break
                targets.append(square)
        step = 8 if turn == 0 else -8
        pawn = PAWN | turn << 3
        for target in targets:
            movers = self._attackers(target, turn)
            if target == checker:
                for origin in _PAWN_FROM[turn * 64 + target]:
                    if squares[origin] == pawn:
                        movers.append(origin)
            else:  # an empty square between: pawns step there
                origin = target - step
                if 0 <= origin < 64:
                    if squares[origin] == pawn:
                        movers.append(origin)
                    elif (
                        not squares[origin]
                        and target >> 3 == (3 if turn == 0 else 4)
                        and squares[origin - step] == pawn
                    ):
                        movers.append(origin - step)
            for origin in movers:
                if self._safe(origin, target, True):
                    return True
        return False

    def has_move(self) -> bool:
        """Whether the side to move has a legal move (else the game is over: mate or stalemate).

        In check, :meth:`can_escape` answers. Else the king steps to a square no enemy piece
        attacks once it has left its own, or another piece makes the first step of one of its
        moves without exposing its king: a piece pinned against it moves along the pin or not at
        all, so the first square of each of its lines and jumps is enough (a double step is
        possible only when the single one is, and castling only when the king could step to the
        square it passes). A legal en-passant capture is a move.
        """
        if not self.native:
            return any(self.board().generate_legal_moves())
        if self.is_check():
            return self.can_escape()
        if self.ep >= 0 and self._legal_en_passant() != NO_EP:
            return True
        if self._king_steps():
            return True
        squares = self.squares
        turn = self.turn
        enemy = turn ^ 1
        code = KING | turn << 3
        step = 8 if turn == 0 else -8
        for origin in range(64):
            piece = squares[origin]
            if not piece or piece >> 3 != turn or piece == code:
                continue
            kind = piece & 7
            if kind == PAWN:
                if not squares[origin + step] and self._safe(origin, origin + step, False):
                    return True
                for target in _PAWN_FROM[enemy * 64 + origin]:
                    taken = squares[target]
                    if taken and taken >> 3 == enemy and self._safe(origin, target, False):
                        return True
            elif kind == KNIGHT:
                for target in _KNIGHT_SQ[origin]:
                    taken = squares[target]
                    if (not taken or taken >> 3 == enemy) and self._safe(origin, target, False):
                        return True
            else:
                first = 4 if kind == BISHOP else 0
                last = 4 if kind == ROOK else 8
                for direction in range(first, last):
                    ray = _RAY[origin * 8 + direction]
                    if ray:
                        taken = squares[ray[0]]
                        if (not taken or taken >> 3 == enemy) and self._safe(origin, ray[0], False):
                            return True
        return False

    def _checkers(self, king: int, enemy: int) -> list[int]:
        """The squares of the pieces of colour ``enemy`` that attack ``king``'s square."""
        squares = self.squares
        found = self._attackers(king, enemy)
        pawn = PAWN | enemy << 3
        for origin in _PAWN_FROM[enemy * 64 + king]:
            if squares[origin] == pawn:
                found.append(origin)
        return found

    def _attackers(self, square: int, colour: int) -> list[int]:
        """The knights, bishops, rooks and queens of ``colour`` that attack ``square``."""
        squares = self.squares
        side = colour << 3
        found: list[int] = []
        knight = KNIGHT | side
        for other in _KNIGHT_SQ[square]:
            if squares[other] == knight:
                found.append(other)
        queen = QUEEN | side
        for direction in range(8):
            slider = (ROOK if direction < 4 else BISHOP) | side
            for other in _RAY[square * 8 + direction]:
                piece = squares[other]
                if piece:
                    if piece in (slider, queen):
                        found.append(other)
                    break
        return found

    def no_heavy_pieces(self) -> bool:
        """Whether no pawn, rook or queen is left (a dead position is then possible)."""
        if self.native:
            return self.heavy == 0
        board = self.board()
        return not (board.pawns | board.rooks | board.queens)

    def repeats_by_move(self, keys: list[bytes]) -> bool:
        """Whether a legal move of the side to move reaches a position of ``keys`` (FIDE 9.2.1.1:
        the claim made by writing down a move that repeats a position).

        Only a quiet move (no capture, no pawn move) can repeat an earlier position. It empties
        one square of the mover's and fills an empty one (castling: two and two), so each key
        names the one candidate move that could reach it; that move is made on a copy and the
        keys compared.
        """
        if not self.native:
            return _repeats_on_board(self.board(), keys)
        squares = self.squares
        for key in keys:
            if key[TURN_CELL] == self.turn:
                continue
            changed = [square for square in range(64) if key[square] != squares[square]]
            if len(changed) == 2:
                first, second = changed
                origin, target = (first, second) if squares[first] else (second, first)
                piece = squares[origin]
                if not piece or squares[target] or key[target] != piece or piece >> 3 != self.turn:
                    continue
                if not self._quiet_move_is_legal(origin, target):
                    continue
            elif len(changed) == 4:
                found = self._castle(False)
                move_square = found & 63
                if found < 0 or key[move_square] != KING | self.turn << 3:
                    found = self._castle(True)
                if found < 0:
                    continue
                origin, target = found >> 6 & 63, found & 63
            else:
                continue
            after = self.copy()
            after.push_code(origin << 6 | target)
            if after.key() == key:
                return True
        return False

    def _quiet_move_is_legal(self, origin: int, target: int) -> bool:
        """Whether the piece on ``origin`` (not a pawn) may move to the empty ``target``."""
        squares = self.squares
        piece = squares[origin]
        kind = piece & 7
        if kind == KNIGHT:
            if target not in _KNIGHT_SQ[origin]:
                return False
        elif kind == KING:
            if target not in _KING_SQ[origin]:
                return False
            squares[origin] = EMPTY
            safe = not attacked(squares, target, self.turn ^ 1)
            squares[origin] = piece
            return safe
        elif kind == PAWN:
            return False  # (a pawn's move resets the count: it repeats nothing)
        else:
            direction = _DIR[origin * 64 + target]
            if direction < 0 or (kind == ROOK and direction >= 4) or (kind == BISHOP and direction < 4):
                return False
            for square in _RAY[origin * 8 + direction]:
                if square == target:
                    break
                if squares[square]:
                    return False
        return self._safe(origin, target, self.is_check())

    def key(self) -> bytes:
        """The exact repetition key of FIDE 9.2 (:func:`board_key`'s, computed from the mailbox)."""
        if not self.native:
            return board_key(self.board())
        self.cells[EP_CELL] = self._legal_en_passant()
        return bytes(self.cells)

    # --- the mailbox ------------------------------------------------------------------------

    def _king(self) -> int:
        return self.white_king if self.turn == 0 else self.black_king

    def _gives_check(self) -> bool:
        """Whether the last push (an ordinary move) checks: from the moved piece, or uncovered
        on the line from the king through the square it left."""
        squares = self.squares
        king = self._king()
        to = self.moved_to
        piece = squares[to]
        kind = piece & 7
        if kind == KNIGHT:
            if king in _KNIGHT_SQ[to]:
                return True
        elif kind == PAWN:
            if to in _PAWN_FROM[(piece >> 3) * 64 + king]:
                return True
        elif kind != KING:
            direction = _DIR[to * 64 + king]
            if direction >= 0 and (kind == QUEEN or kind == (ROOK if direction < 4 else BISHOP)):
                for other in _RAY[to * 8 + direction]:
                    if other == king:
                        return True
                    if squares[other]:
                        break
        direction = _DIR[king * 64 + self.moved_from]
        if direction < 0:
            return False
        mover = self.turn ^ 1
        for other in _RAY[king * 8 + direction]:
            found = squares[other]
            if found:
                if found >> 3 != mover:
                    return False
                kind = found & 7
                return kind == QUEEN or kind == (ROOK if direction < 4 else BISHOP)
        return False

    def _safe(self, origin: int, to: int, in_check: bool) -> bool:
        """Whether the move of a piece other than the king (not en passant) leaves its king safe."""
        squares = self.squares
        king = self._king()
        if in_check:
            moved, taken = squares[origin], squares[to]
            squares[to] = moved
            squares[origin] = EMPTY
            safe = not attacked(squares, king, self.turn ^ 1)
            squares[origin] = moved
            squares[to] = taken
            return safe
        direction = _DIR[king * 64 + origin]
        if direction < 0:
            return True
        for other in _RAY[king * 8 + direction]:
            if other == origin:
                break
            if squares[other]:
                return True  # another piece shields the king
        for other in _RAY[origin * 8 + direction]:
            piece = squares[other]
            if piece:
                if piece >> 3 == self.turn:
                    return True
                kind = piece & 7
                if kind == QUEEN or kind == (ROOK if direction < 4 else BISHOP):
                    return _DIR[king * 64 + to] == direction  # pinned: only along the pin
                return True
        return True

    def _resolve(
        self, piece: int, from_file: int, from_rank: int, takes: int, to: int, promotion: int
    ) -> int:
        """The legal move of a SAN read by :func:`scan_san` when it is unique, as
        ``promotion << 12 | from << 6 | to``; -1 for anything else (python-chess explains)."""
        squares = self.squares
        turn = self.turn
        if piece:
            target = squares[to]
            if target and target >> 3 == turn:
                return -1
            origins = self._origins(piece, to)
            if not origins:
                return -1
            if piece == KING:
                if from_file >= 0 or from_rank >= 0:
                    return -1  # (python-chess explains what a king's disambiguation means)
                origin = origins[0]
                code = KING | turn << 3
                squares[origin] = EMPTY
                squares[to] = code
                safe = not attacked(squares, to, turn ^ 1)
                squares[to] = target
                squares[origin] = code
                return origin << 6 | to if safe else -1
            in_check = self.is_check()
            chosen = -1
            for origin in origins:
                if (
                    (from_file < 0 or origin & 7 == from_file)
                    and (from_rank < 0 or origin >> 3 == from_rank)
                    and self._safe(origin, to, in_check)
                ):
                    if chosen >= 0:
                        return -1  # ambiguous
                    chosen = origin
            return chosen << 6 | to if chosen >= 0 else -1
        rank = to >> 3
        if (rank == 0 or rank == 7) != (promotion != 0) or rank == (0 if turn == 0 else 7):
            return -1
        step = -8 if turn == 0 else 8
        pawn = PAWN | turn << 3
        if takes:
            origin = ((to + step) >> 3 << 3) + from_file
            target = squares[to]
            if abs(from_file - (to & 7)) != 1 or not target or target >> 3 == turn:
                return -1  # (en passant: python-chess's)
        else:
            origin = to + step
            if squares[to]:
                return -1
            if not squares[origin]:
                origin += step
                if rank != (3 if turn == 0 else 4):
                    return -1
        if not 0 <= origin < 64 or squares[origin] != pawn:
            return -1
        if not self._safe(origin, to, self.is_check()):
            return -1
        return promotion << 12 | origin << 6 | to

    def _origins(self, piece: int, to: int) -> list[int]:
        """The squares of the mover's pieces of type ``piece`` (not a pawn) that reach ``to``."""
        squares = self.squares
        code = piece | self.turn << 3
        origins: list[int] = []
        if piece == KNIGHT:
            for other in _KNIGHT_SQ[to]:
                if squares[other] == code:
                    origins.append(other)
        elif piece == KING:
            for other in _KING_SQ[to]:
                if squares[other] == code:
                    origins.append(other)
        else:
            first = 4 if piece == BISHOP else 0
            last = 4 if piece == ROOK else 8
            base = to * 8
            for direction in range(first, last):
                for other in _RAY[base + direction]:
                    found = squares[other]
                    if found:
                        if found == code:
                            origins.append(other)
                        break
        return origins

    def _piece_san(self, origin: int, to: int) -> str:
        """The SAN of a legal move of a piece other than the king, without check mark, with only
        the disambiguation it needs (``fastpath.piece_san``'s)."""
        squares = self.squares
        piece = squares[origin] & 7
        in_check = self.is_check()
        rivals = [
            other for other in self._origins(piece, to) if other != origin and self._safe(other, to, in_check)
        ]
        names = SQUARE_NAMES
        if not rivals:
            tells = ""
        elif all(other & 7 != origin & 7 for other in rivals):
            tells = names[origin][0]
        elif all(other >> 3 != origin >> 3 for other in rivals):
            tells = names[origin][1]
        else:
            tells = names[origin]
        return "NBRQK"[piece - 2] + tells + ("x" if squares[to] else "") + names[to]

    def _castle(self, long: bool) -> int:
        """The king's move of O-O (O-O-O when ``long``) when legal, as :meth:`_resolve` gives it."""
        turn = self.turn
        if not self.castling & ((WQ if long else WK) << 2 * turn):
            return -1
        squares = self.squares
        king = self._king()
        base = 56 if turn else 0
        rook = ROOK | turn << 3
        if king != base + 4:
            return -1
        if long:
            if squares[base] != rook or squares[base + 1] or squares[base + 2] or squares[base + 3]:
                return -1
            through, to = base + 3, base + 2
        else:
            if squares[base + 7] != rook or squares[base + 5] or squares[base + 6]:
                return -1
            through, to = base + 5, base + 6
        if self.is_check():
            return -1
        enemy = turn ^ 1
        squares[king] = EMPTY
        safe = not attacked(squares, through, enemy) and not attacked(squares, to, enemy)
        squares[king] = KING | turn << 3
        return king << 6 | to if safe else -1

    def _legal_en_passant(self) -> int:
        """The en-passant square when a capture there is legal, else ``NO_EP``."""
        ep = self.ep
        if ep < 0:
            return NO_EP
        squares = self.squares
        turn = self.turn
        pawn = PAWN | turn << 3
        taken_square = ep - 8 if turn == 0 else ep + 8
        taken = squares[taken_square]
        king = self._king()
        for origin in _PAWN_FROM[turn * 64 + ep]:
            if squares[origin] == pawn:
                squares[origin] = EMPTY
                squares[taken_square] = EMPTY
                squares[ep] = pawn
                safe = not attacked(squares, king, turn ^ 1)
                squares[ep] = EMPTY
                squares[taken_square] = taken
                squares[origin] = pawn
                if safe:
                    return ep
        return NO_EP


def as_board(start: Start) -> chess.Board:
    """``start`` as python-chess's board (made from kifu's position when it is one)."""
    return start.board() if isinstance(start, Position) else start
