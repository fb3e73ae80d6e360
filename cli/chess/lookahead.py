"""Chess's side of the look-ahead (:mod:`kifu.core.lookahead`): the readings of a move text one
slip away, and the replay of a line's moves on python-chess's boards.

:func:`candidates` gathers the legal moves one slip away from what was written: a one-character
edit (a wrong, missing, extra or swapped character, a lower-case piece letter), another
language's piece letter, a missing or extra disambiguator, a wrong capture mark.
:class:`ChessGame` replays the moves after a slip for the engine, counting the check, mate and
capture marks and the needless disambiguators that disagree with the moves (SAN writes each
exactly where it belongs: ``Nbd2`` only when the other knight could go to d2), the evidence the
engine weighs after how far the moves play. :func:`settle` is what the walk calls.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from kifu.chess.diagnosis import MoveProblem, legal_sans, move_label, san_core
from kifu.chess.locales import candidate_tables, letter_map, translate
from kifu.chess.notation import FIGURINES, ReadMove, is_null, read_move, split_suffixes
from kifu.core import lookahead as engine
from kifu.core.effort import Effort
from kifu.core.record import MoveNode

import chess

#: one slip, in the half edits of :func:`_distance`: the candidates are at most this far
EDIT = 2


_TABLES: tuple[dict[str, str], ...] = tuple(letter_map(langs[0]) for langs in candidate_tables().values())


@dataclass(frozen=True, slots=True)
class Candidate:
    """A legal move one slip away from the written one: its SAN (without check mark) and how far
    (in half edits: a lower-case piece letter or another language's is half an edit)."""

    move: chess.Move
    san: str
    distance: int


def candidates(board: chess.Board, written: str, letters: Mapping[str, str] | None = None) -> list[Candidate]:
    """The legal moves of ``board`` at most one slip from ``written``, nearest first."""
    core = split_suffixes(written)[0]
    if not core.isascii():
        core = translate(core, FIGURINES)
    readings = {core: 0}
    if "0" in core and not core.strip("-0O"):  # castling with zeros (0-0), read as with letters
        readings[core.replace("0", "O")] = 0
    if letters is not None:
        readings.setdefault(translate(core, dict(letters)), 0)
    # another language's piece letter is half an edit; an English letter read in another
    # language (N as a Romanian bishop), or a letter read as a pawn's (S as the Finnish pawn,
    # which SAN never writes) is more likely a wrong letter: a whole edit
    english = core[:1] in "NBRQK"
    for table in _TABLES:
        reading = translate(core, table)
        readings.setdefault(reading, EDIT if english or reading[:1] not in "NBRQK" else 1)
    found: list[Candidate] = []
    for move, san in legal_sans(board):
        best = min(
            cost + extra + _distance(reading, form)
            for form, extra in _forms(board, move, san).items()
            for reading, cost in readings.items()
        )
        if best <= EDIT:
            found.append(Candidate(move, san, best))
    found.sort(key=lambda c: (c.distance, c.san))
    return found


def _forms(board: chess.Board, move: chess.Move, san: str) -> dict[str, int]:
    """The ways a score sheet may write ``move`` near enough, each with its cost in half edits:
    SAN (nothing), with another or no disambiguator, without the capture mark, a promotion
    without ``=`` (half an edit each)."""
    forms = {san: 0}
    if san[0] in "NBRQK" and not san.startswith("O"):
        letter = san[0]
        to = chess.square_name(move.to_square)
        origin = chess.square_name(move.from_square)
        takes = "x" if board.is_capture(move) else ""
        for prefix in ("", origin[0], origin[1], origin):
            forms.setdefault(f"{letter}{prefix}{takes}{to}", 1)
            if takes:
                forms.setdefault(f"{letter}{prefix}{to}", 1)
    elif "x" in san:
        forms.setdefault(san.replace("x", ""), 1)
    if "=" in san:
        for form, cost in list(forms.items()):
            forms.setdefault(form.replace("=", ""), cost + 1)
            # (no piece at all: b8 for b8=Q, as old sheets write a queening; the four tie)
            forms.setdefault(form[: form.index("=")], cost + 1)
    return forms


def _distance(a: str, b: str) -> int:
    """How far ``a`` is from ``b``, in half edits: a letter in the wrong case is half an edit,
    a character wrong, missing, extra or swapped with its neighbour a whole one (only up to
    one edit matters; more is ``4``)."""
    if a == b:
        return 0
    if abs(len(a) - len(b)) > 1:
        return 4
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diff) == 1:
            return 1 if a[diff[0]].lower() == b[diff[0]].lower() else EDIT
        if (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        ):
            return EDIT
        return 4
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return EDIT if short[i:] == long[i + 1 :] else 4


@dataclass(frozen=True, slots=True)
class _Marks:
    """Which marks the record writes, so that their absence says something: check marks
    (``+`` or ``#`` somewhere in the rest of the line), capture marks (``x`` somewhere)."""

    checks: bool
    captures: bool

    @classmethod
    def of(cls, written: str, rest: Sequence[MoveNode]) -> _Marks:
        texts = [node.text for node in rest]
        checks = bool(split_suffixes(written)[1]) or any("+" in t or "#" in t for t in texts)
        return cls(checks, any("x" in t for t in texts))


def _disagreements(board: chess.Board, text: str, read: ReadMove, marks: _Marks) -> list[str]:
    """Play ``read`` (of ``text``) on ``board``; its marks that disagree with the move there: a
    capture mark on a move that takes nothing or a capture unmarked (when the record marks
    captures), a check mark on a move that gives no check, a check unmarked, a mate mark on a
    check that is not mate (when it marks checks), a disambiguator where no other piece could
    go (SAN writes one exactly when it is needed: a careful scorer too)."""
    found: list[str] = []
    if marks.captures and ("x" in text) != board.is_capture(read.move):
        found.append("takes nothing" if "x" in text else "takes a piece unmarked")
    if any(note.startswith("overspecified") for note in read.notes):
        found.append("needs no disambiguator")
    board.push(read.move)
    if marks.checks:
        check = board.is_check()
        if bool(read.suffix) != check:
            found.append("gives check unmarked" if check else "gives no check")
        elif read.suffix == "#" and not board.is_checkmate():
            found.append("is no mate")
    return found


#: the candidates of a later slip, by position, text and letters: reading past the slips after one
#: asks them again for each reading of it, and again at the next slip's own settling
_KNOWN: dict[tuple[Hashable, bool, str, tuple[tuple[str, str], ...]], list[Candidate]] = {}
_KNOWN_LIMIT = 4096


def _position_key(board: chess.Board) -> Hashable:
    """What the legal moves of ``board`` depend on: the pieces, the side to move, the castling
    rights and an en-passant square that can be taken (the EPD's fields). python-chess's own
    transposition key (a private method since 1.0: its bitboards, no string made) where it has
    one, else the EPD."""
    key = getattr(board, "_transposition_key", None)
    return key() if key is not None else board.epd()


def _candidates_at(board: chess.Board, written: str, letters: Mapping[str, str] | None) -> list[Candidate]:
    """:func:`candidates`, remembered (they depend on the legal moves only: the EPD's fields)."""
    key = (_position_key(board), board.chess960, written, tuple(sorted(letters.items())) if letters else ())
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= _KNOWN_LIMIT:
            _KNOWN.clear()
        known = _KNOWN[key] = candidates(board, written, letters)
    return known


class ChessGame(engine.Game[chess.Board, chess.Move]):
    """A line of a chess record (``nodes``, read with ``letters``) for the look-ahead."""

    def __init__(self, nodes: Sequence[MoveNode], letters: Mapping[str, str] | None, written: str) -> None:
        self.nodes = nodes
        self.count = len(nodes)
        self.letters = dict(letters) if letters is not None else None
        self.marks_kept = _Marks.of(written, nodes)

    def copy(self, board: chess.Board) -> chess.Board:
        return board.copy(stack=False)

    def push(self, board: chess.Board, move: chess.Move) -> None:
        board.push(move)

    def read(self, board: chess.Board, index: int) -> chess.Move | None:
        text = self.nodes[index].text
        if is_null(text):
            return chess.Move.null()
        read = read_move(board, text, self.letters, explain=False)
        return read.move if isinstance(read, ReadMove) else None

    def play(self, board: chess.Board, index: int) -> int:
        text = self.nodes[index].text
        if is_null(text):
            board.push(chess.Move.null())
            return 0
        read = read_move(board, text, self.letters, explain=False)
        if not isinstance(read, ReadMove):
            return -1
        return len(_disagreements(board, text, read, self.marks_kept))

    def readings(self, board: chess.Board, index: int) -> Sequence[tuple[chess.Move, int]]:
        return [(c.move, c.distance) for c in _candidates_at(board, self.nodes[index].text, self.letters)]

    def legal(self, board: chess.Board) -> Sequence[chess.Move]:
        return list(board.legal_moves)

    def marks(self, board: chess.Board, index: int, move: chess.Move) -> int:
        text = self.nodes[index].text
        read = read_move(board, text, self.letters, explain=False)
        if not isinstance(read, ReadMove):
            return 0
        return len(_disagreements(board.copy(stack=False), text, read, self.marks_kept))

    def own_marks(self, board: chess.Board, index: int, move: chess.Move) -> int:
        if not self.marks_kept.checks:
            return 0
        suffix = split_suffixes(self.nodes[index].text)[1]
        return int(bool(suffix) != board.gives_check(move))

    def same(self, index: int, other: int) -> bool:
        return self.nodes[index].text == self.nodes[other].text

    def name(self, board: chess.Board, move: chess.Move) -> str:
        return san_core(board, move)

    def label(self, board: chess.Board, index: int) -> str:
        return _numbered(board, self.nodes, index, index)

    def numbered(self, board: chess.Board, index: int, at: int) -> str:
        return _numbered(board, self.nodes, index, at)

    def disagrees(self, board: chess.Board, index: int, after: str) -> str:
        text = self.nodes[index].text
        label = self.label(board, index)
        read = read_move(board, text, self.letters, explain=False)
        if not isinstance(read, ReadMove):
            return f"the marks of {label} disagree with the moves after {after}"
        found = _disagreements(board, text, read, self.marks_kept)
        return f"{label} {found[0]} after {after}" if found else f"the marks disagree after {after}"

    def over(self, board: chess.Board) -> bool:
        return not any(board.generate_legal_moves())


def settle(
    board: chess.Board,
    nodes: Sequence[MoveNode],
    index: int,
    letters: Mapping[str, str] | None,
    problem: MoveProblem,
    effort: Effort | None = None,
    behind: Sequence[chess.Board] = (),
) -> MoveProblem:
    """``problem`` (of ``nodes[index]``, which cannot be played on ``board``) with what the moves
    after it say was meant (:func:`kifu.core.lookahead.settle`; ``behind``: the positions one
    and two moves back, for a slip that shows late): its verdict, the hint that names it, the
    move the walk goes on under (``meant``; ``readings`` when that move is not proven: a tie, or
    a move the rest fits without proving it), and the position it starts from (``origin``,
    when that is not ``board``)."""
    game = ChessGame(nodes, letters, nodes[index].text)
    verdict = engine.settle(game, board, index, effort, behind)
    if verdict is None:
        return problem
    if problem.ended:  # (the moves after a mate on the sheet play once its order is mended)
        if verdict.first is None:  # (a few of them: the end stands, the slip asked beside it)
            return replace(problem, hint=f"; {verdict.reason}")
        problem = replace(problem, ended=False)
    first = verdict.first
    back = verdict.readings[0].back if verdict.readings else 0
    origin = behind[back - 1] if back else None
    # the readings named together start from one position (a tie of a reading at the slip and
    # one a move back is named by the first's kind only)
    alike = tuple(r for r in verdict.readings if r.back == back and r.moves)
    if not verdict.fits:
        hint = "; no reading of it fits the moves after it"
        if verdict.reason:
            hint += f" ({verdict.reason})"
        if verdict.assumed and verdict.other:
            hint += f"; they play only after {verdict.other}"
        elif verdict.other:
            hint += f"; they play after {verdict.other}"
        meant = first.moves[0] if verdict.assumed and first is not None else None
        return replace(problem, meant=meant, readings=(), hint=hint, because=verdict.reason, verdict=verdict)
    if verdict.kind != engine.SLIP:
        meant = first.moves[0] if first is not None and first.moves else None
        readings = () if verdict.assumed or first is None else tuple(r.moves[0] for r in alike)
        # (a structural slip tied with other hypotheses: the finding names each of them)
        others = engine.alternatives(verdict, engine.mover(game, board, index))
        return replace(
            problem,
            meant=meant,
            readings=readings,
            hint=others,
            because=verdict.reason,
            verdict=verdict,
            origin=origin,
        )
    pairs = zip(verdict.readings, verdict.names, strict=True)
    names = " or ".join(name for reading, name in pairs if reading.kind == engine.SLIP)
    names += _structural(verdict.readings, engine.mover(game, board, index), bool(names))
    why = f" ({verdict.reason})" if verdict.reason else ""
    if problem.kind == "ambiguous" and not verdict.assumed:
        hint = f"; {verdict.reason}" if verdict.reason else ""
    else:
        hint = f"; did you mean {names}?{why}" if names else ""
    if verdict.assumed:
        return replace(
            problem,
            meant=first.moves[0] if first else None,
            readings=(),
            hint=hint,
            because=verdict.reason,
            verdict=verdict,
        )
    readings = tuple(r.moves[0] for r in alike)
    meant = readings[0] if first is not None and readings else None
    return replace(
        problem,
        meant=meant,
        readings=readings if meant is not None else (),
        hint=hint,
        because=verdict.reason,
        verdict=verdict,
    )


def _numbered(board: chess.Board, nodes: Sequence[MoveNode], index: int, at: int) -> str:
    """``13... Qxb2``: the move ``nodes[at]`` as a message names it (``board``: the position
    before ``nodes[index]``)."""
    ply = 2 * board.fullmove_number + (board.turn == chess.BLACK) + at - index
    return move_label(ply // 2, ply % 2 == 0, nodes[at].text)


def _structural(
    readings: Sequence[engine.Reading[chess.Move]], move_at: Callable[[int], str], more: bool
) -> str:
    """The structural hypotheses among tied ``readings``, as a "did you mean" question ends
    (``, or were 1... h5 and 2... h6 written in each other's place``)."""
    parts: list[str] = []
    swapped = engine.exchanged(readings, move_at)
    if swapped:
        parts.append(swapped)
    for reading in readings:
        # (a gap or a copy a few moves back is named by the move of the sheet it stands before)
        at = move_at(reading.back) if reading.back else "it"
        if reading.kind == engine.MISSING:
            parts.append(f"is a move missing before {at}")
        elif reading.kind == engine.TWICE:
            parts.append(f"is {at} the move before it written again")
    if not parts:
        return ""
    return (", or " if more else "") + " or ".join(dict.fromkeys(parts))
