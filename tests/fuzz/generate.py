"""Grammar-aware generators: random legal chess games (python-chess), random SGF trees, random
xiangqi games (pyffish's xiangqi variant) written as ICCS PGN, DhtmlXQ and CBF.

Each generator takes a ``random.Random`` and gives the bytes of one file; the xiangqi PGN ones
are then rewritten in Chinese, WXF or ICCS by kifu's own writers (:func:`xiangqi_pgn`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import chess.pgn

import chess

COMMENT_WORDS = [
    "good",
    "a b",
    '[Ref "a b"]',
    "[%clk 0:01:00]",
    "!?",
    "(not a variation)",
    "; not a line comment",
    '"quoted"',
    "back\\slash",
    "1. e4 e5",
    "这步棋像象棋的炮二平五",
    "马八进七",
    "h2e2",
    "C2.5",
    "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]",
    '[Game "Chinese Chess"]',
    "ünïcödé",
    "¹²³",
    "１２３",
    "%",
    "",
    " ",
    "x" * 120,
]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 16, 18, 19, 22, 36, 132, 146, 255]


def _comment(rng: random.Random, forbid: str = "") -> str:
    words = [rng.choice(COMMENT_WORDS) for _ in range(rng.choice((1, 1, 2, 4, 12)))]
    text = " ".join(words)
    for ch in forbid:
        text = text.replace(ch, "")
    return text


def chess_game(rng: random.Random) -> bytes:
    """A legal chess game with tags (escaped quotes), comments, NAGs and nested variations."""
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = rng.choice(['fuzz "quoted" event', "back\\slash", "Event", "赛事"])
    game.headers["White"] = rng.choice(["White", "Müller, K.", "王"])
    if rng.random() < 0.2:  # a set-up position reached by a few random moves
        for _ in range(rng.randint(1, 12)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game.setup(board.copy(stack=False))
        board = board.copy(stack=False)
    node: chess.pgn.GameNode = game
    if rng.random() < 0.3:
        game.comment = _comment(rng, "}")
    for _ in range(rng.randint(0, 120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if rng.random() < 0.15 and len(moves) > 1:  # a variation, maybe with its own
            _variation(rng, node, board, [m for m in moves if m != move], 0)
        node = node.add_variation(move)
        board.push(move)
        if rng.random() < 0.12:
            node.comment = _comment(rng, "}")
        if rng.random() < 0.08:
            node.nags.add(rng.choice(NAGS))
    outcome = board.outcome()
    game.headers["Result"] = outcome.result() if outcome else rng.choice(["*", "1-0", "0-1", "1/2-1/2"])
    text = str(game) + "\n"
    if rng.random() < 0.1:
        text = "% escaped line\n" + text
    if rng.random() < 0.1:
        text = text.replace("\n\n", "\n\n; a line comment\n", 1)
    return text.encode()


def _variation(
    rng: random.Random, node: chess.pgn.GameNode, board: chess.Board, moves: list[chess.Move], depth: int
) -> None:
    first = rng.choice(moves)
    child = node.add_variation(first)
    if rng.random() < 0.3:
        child.comment = _comment(rng, "}")
    line = board.copy()
    line.push(first)
    for _ in range(rng.randint(0, 6)):
        legal = list(line.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        if depth < 3 and rng.random() < 0.2 and len(legal) > 1:
            _variation(rng, child, line, [m for m in legal if m != move], depth + 1)
        child = child.add_variation(move)
        line.push(move)
        if rng.random() < 0.1:
            child.nags.add(rng.choice(NAGS))


_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _sgf_text(rng: random.Random) -> str:
    text = _comment(rng)
    extras = ["\\]", "\\\\", "\\\n", "]", ":", "\\:", "\n", "\t"]
    for _ in range(rng.choice((0, 1, 3))):
        text += rng.choice(extras)
    # an unescaped ] ends the value early: escape it unless the generator means a broken file
    return re.sub(r"(?<!\\)\]", r"\\]", text) if rng.random() < 0.9 else text


def sgf_game(rng: random.Random) -> bytes:
    """A random SGF game tree: root properties, setup stones, moves, passes, markup, comments
    with escapes, and variations."""
    size = rng.choice((19, 19, 13, 9, 5, 25, 52))
    rect = rng.random() < 0.05
    width, height = (size, rng.choice((5, 9, 13))) if rect else (size, size)
    props = [
        "GM[1]",
        f"FF[{rng.choice((4, 4, 3, 1))}]",
        "CA[UTF-8]",
        f"SZ[{width}:{height}]" if rect else f"SZ[{size}]",
        f"KM[{rng.choice(('6.5', '7.5', '0', '-3', '375'))}]",
        f"RU[{rng.choice(('Chinese', 'Japanese', 'AGA', 'NZ', 'Tromp-Taylor', 'weird'))}]",
        f"PB[{_sgf_text(rng)}]",
        "PW[W]",
    ]
    if rng.random() < 0.3:
        props.append(f"RE[{rng.choice(('B+R', 'W+2.5', 'Draw', '0', 'B+', 'Void', '?'))}]")
    if rng.random() < 0.3:
        props.append(f"HA[{rng.choice((2, 4, 9))}]")
    free = [(x, y) for x in range(width) for y in range(height)]
    rng.shuffle(free)

    def point(x: int, y: int) -> str:
        return _SGF_LETTERS[x] + _SGF_LETTERS[y]

    if rng.random() < 0.3:
        stones = [free.pop() for _ in range(min(len(free), rng.randint(1, 6)))]
        props.append("AB" + "".join(f"[{point(*p)}]" for p in stones))
        if rng.random() < 0.5:
            props.append(f"PL[{rng.choice('BW')}]")
    if rng.random() < 0.2:
        props.append(f"C[{_sgf_text(rng)}]")

    def sequence(colour: int, plies: int, depth: int) -> str:
        out = []
        for _ in range(plies):
            node = ";" + "BW"[colour]
            if not free or rng.random() < 0.05:
                node += "[]" if rng.random() < 0.7 or size > 19 else "[tt]"
            else:
                node += f"[{point(*free.pop())}]"
            if rng.random() < 0.1:
                node += f"C[{_sgf_text(rng)}]"
            if rng.random() < 0.05 and free:
                node += f"LB[{point(*free[-1])}:{rng.choice('AB1')}]TR[{point(*free[-1])}]"
            if rng.random() < 0.03 and free:
                node += f"AE[{point(*free[0])}]" if rng.random() < 0.5 else f"AW[{point(*free.pop())}]"
            out.append(node)
            colour ^= 1
        text = "".join(out)
        if depth < 4 and rng.random() < 0.25:
            branches = [sequence(colour, rng.randint(1, 8), depth + 1) for _ in range(rng.randint(2, 3))]
            text += "".join(f"({b})" for b in branches)
        return text

    body = sequence(0, rng.randint(0, 60), 0)
    return ("(;" + "".join(props) + body + ")\n").encode()


def xiangqi_moves(rng: random.Random) -> tuple[str, list[str]]:
    """A legal xiangqi game from pyffish: its start FEN and its moves (pyffish's UCI, rank 1-10)."""
    import pyffish

    fen = pyffish.start_fen("xiangqi")
    moves: list[str] = []
    if rng.random() < 0.15:  # a set-up start: a few plies in, as a FEN
        for _ in range(rng.randint(1, 10)):
            legal = pyffish.legal_moves("xiangqi", fen, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        fen = pyffish.get_fen("xiangqi", fen, moves)
        moves = []
    for _ in range(rng.randint(0, 90)):
        legal = pyffish.legal_moves("xiangqi", fen, moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    return fen, moves


_UCI = re.compile(r"([a-i])(\d+)([a-i])(\d+)")


def _split(move: str) -> tuple[int, int, int, int]:
    """Files 0-8 from Red's left and ranks 0-9 from Red's side."""
    m = _UCI.fullmatch(move)
    assert m is not None, move
    return ord(m[1]) - 97, int(m[2]) - 1, ord(m[3]) - 97, int(m[4]) - 1


def iccs(move: str) -> str:
    """``h3e3`` → ``H2-E2``."""
    a, b, c, d = _split(move)
    return f"{'ABCDEFGHI'[a]}{b}-{'ABCDEFGHI'[c]}{d}"


def dhtml(move: str) -> str:
    """``h3e3`` → ``7747`` (DhtmlXQ and CBF points: ``y`` 0-9 from the top)."""
    a, b, c, d = _split(move)
    return f"{a}{9 - b}{c}{9 - d}"


def xiangqi_iccs_pgn(rng: random.Random) -> bytes:
    """A random legal xiangqi game as an XQBase PGN in ICCS, with comments."""
    fen, moves = xiangqi_moves(rng)
    event = rng.choice(["fuzz", "象棋", 'a \\"q\\" b'])
    tags = [
        '[Game "Chinese Chess"]',
        f'[Event "{event}"]',
        '[Red "红方"]',
        '[Black "Black"]',
        '[Format "ICCS"]',
        f'[Result "{rng.choice(["*", "1-0", "0-1", "1/2-1/2"])}"]',
    ]
    if fen != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1":
        tags.append(f'[FEN "{fen}"]')
    black_first = " b " in fen
    parts = []
    for i, move in enumerate(moves):
        ply = i + (1 if black_first else 0)
        if ply % 2 == 0:
            parts.append(f"{ply // 2 + 1}.")
        elif i == 0:
            parts.append(f"{ply // 2 + 1}...")
        parts.append(iccs(move))
        if rng.random() < 0.08:
            parts.append("{" + _comment(rng, "{}") + "}")
    parts.append(tags[5].split('"')[1])
    return ("\n".join(tags) + "\n\n" + " ".join(parts) + "\n").encode()


def dhtmlxq_game(rng: random.Random) -> bytes:
    """A random legal xiangqi game as DhtmlXQ, with comments and a variation."""
    fen, moves = xiangqi_moves(rng)
    fields = [f"[DhtmlXQ_title]{_comment(rng, '[]')}[/DhtmlXQ_title]"]
    if fen.startswith("rnbakabnr/9/1c5c1"):
        fields.append("[DhtmlXQ_movelist]" + "".join(dhtml(m) for m in moves) + "[/DhtmlXQ_movelist]")
        for i in range(1, len(moves) + 1):
            if rng.random() < 0.08:
                fields.append(f"[DhtmlXQ_comment{i}]{_comment(rng, '[]')}[/DhtmlXQ_comment{i}]")
        if len(moves) > 2 and rng.random() < 0.3:
            at = rng.randint(1, len(moves))
            fields.append(f"[DhtmlXQ_move_0_{at}_1]{dhtml(moves[at - 1])}[/DhtmlXQ_move_0_{at}_1]")
    fields.append(f"[DhtmlXQ_result]{rng.choice(['未知', '红胜', '黑胜', '和棋', 'W'])}[/DhtmlXQ_result]")
    return ("[DhtmlXQ]\n" + "\n".join(fields) + "\n[/DhtmlXQ]\n").encode()


def cbf_game(rng: random.Random) -> bytes:
    """A random legal xiangqi game as a CBF (XQBridge XML) document."""
    fen, moves = xiangqi_moves(rng)
    comment = _comment(rng, "]]>")
    items = [f'  <Move value="00-00"><![CDATA[{comment}]]></Move>'] if rng.random() < 0.5 else []
    for m in moves:
        d = dhtml(m)
        note = f"<![CDATA[{_comment(rng, ']]>')}]]>" if rng.random() < 0.08 else ""
        items.append(
            f'  <Move value="{d[:2]}-{d[2:]}">{note}</Move>'
            if note
            else f'  <Move value="{d[:2]}-{d[2:]}" />'
        )
    head = (
        f"<Name>{rng.choice(['fuzz', '象棋 &amp; co'])}</Name><Red>红</Red><Black>黑</Black>"
        f"<RecordResult>{rng.choice('0123')}</RecordResult><FEN>{fen}</FEN>"
    )
    text = (
        '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0">\n'
        f" <Head>{head}</Head>\n <MoveList>\n" + "\n".join(items) + "\n </MoveList>\n</ChineseChessRecord>\n"
    )
    return text.encode()


GENERATORS: dict[str, Callable[[random.Random], bytes]] = {
    "chess": chess_game,
    "sgf": sgf_game,
    "xqpgn": xiangqi_iccs_pgn,
    "dhtmlxq": dhtmlxq_game,
    "cbf": cbf_game,
}
#: the kifu targets a generated ICCS PGN is rewritten in before it is fed (``None``: as it is)
XIANGQI_NOTATIONS = (None, "chinese", "wxf", "iccs", "traditional")
