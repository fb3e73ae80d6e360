"""The move meant at a slip, chosen by the rest of the game, as an arbiter reads a score sheet.

Called by the walk only at a move that cannot be played (the probe costs a clean record
nothing). :func:`candidates` gathers the legal moves one slip away from what was written: a
one-character edit (a wrong, missing, extra or swapped character, a lower-case piece letter),
another language's piece letter, a missing or extra disambiguator, a wrong capture mark.
:func:`settle` replays the moves after the slip under each candidate, on python-chess boards of
its own (a probe: the walk still replays the record once), and takes the candidate under which
the continuation goes furthest; a tie goes to the candidate the later moves' marks agree with
(SAN writes a check, a mate, a capture and a disambiguator exactly where they are: ``Nbd2`` only
when the other knight could go to d2), then to the nearer reading of what was written, and only
where nothing separates the candidates are they named and no move assumed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from kifu.chess.diagnosis import MoveProblem
from kifu.chess.locales import candidate_tables, letter_map, translate
from kifu.chess.notation import FIGURINES, ReadMove, is_null, read_move, split_suffixes
from kifu.core.effort import Effort, record_effort
from kifu.core.record import MoveNode

import chess

#: the probe replays this many moves first, and twice as many each time that does not separate
#: the candidates, up to the end of the line
FIRST_HORIZON = 4
#: a candidate this many plies ahead of every other is taken without replaying further
LEAD = 4
#: a line's probe stops after this many plies (the end of any real game comes first)
MAX_PLIES = 600
#: past a later slip where a candidate's line stops, the probe reads on past this many of them
#: (each read as its reading that goes furthest): the reading that needs the fewest slips to
#: explain the rest of the game is the likelier
REPAIRS = 4
#: a game's walk probes at most this many slips (a record of thousands of them is hostile, not
#: a score sheet: past them the move alone is looked at, as its "did you mean" always did)
MAX_PROBES = 50

#: moves a game's look-ahead replays over all its slips: this many, and EFFORT_PER_PLY more for
#: each move of the game (a score sheet's slips take a fraction; past it, a slip is looked at alone)
GAME_EFFORT = 50_000
EFFORT_PER_PLY = 100
#: what finding a later slip's candidates costs, in moves replayed (every legal move written out)
CANDIDATES_COST = 30

#: one slip, in the half edits of :func:`_distance`: the candidates are at most this far
EDIT = 2


def game_effort(plies: int) -> Effort:
    """What the look-ahead may replay over all the slips of a game of ``plies`` moves."""
    return record_effort(plies, GAME_EFFORT, EFFORT_PER_PLY)


_TABLES: tuple[dict[str, str], ...] = tuple(letter_map(langs[0]) for langs in candidate_tables().values())


@dataclass(frozen=True, slots=True)
class Candidate:
    """A legal move one slip away from the written one: its SAN (without check mark) and how far
    (in half edits: a lower-case piece letter or another language's is half an edit)."""

    move: chess.Move
    san: str
    distance: int
    #: only its piece letter is not as written (Rb5 for Bb5: the square as written, the piece
    #: named wrong), nearer than another square or a pawn's file at the same distance
    letter: bool = False


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
    for move in board.legal_moves:
        san = board.san(move).rstrip("+#")
        best = min(
            cost + extra + _distance(reading, form)
            for form, extra in _forms(board, move, san).items()
            for reading, cost in readings.items()
        )
        if best <= EDIT:
            letter = core[:1].isupper() and san[0] in "NBRQK" and san[0] != core[0] and san[1:] == core[1:]
            found.append(Candidate(move, san, best, letter))
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


def _reach(
    board: chess.Board,
    rest: Sequence[MoveNode],
    start: int,
    horizon: int,
    letters: dict[str, str] | None,
    marks: _Marks | None = None,
    effort: Effort | None = None,
) -> tuple[int, int]:
    """How many moves of ``rest`` from ``start`` (up to ``horizon`` of them) play on ``board``
    (which they change), and, given the ``marks`` the record writes, how many of the moves are
    written otherwise than SAN writes them there (see :func:`_disagrees`); each move replayed is
    taken from ``effort``, and the replay stops when it is spent."""
    end = min(len(rest), start + horizon)
    if effort is not None:
        end = min(end, start + max(effort.left, 0))
        effort.left -= end - start  # (given back below: the moves not replayed)
    index = start
    wrong = 0
    while index < end:
        text = rest[index].text
        if is_null(text):
            board.push(chess.Move.null())
        else:
            read = read_move(board, text, letters, explain=False)
            if not isinstance(read, ReadMove):
                break
            if marks is None:
                board.push(read.move)
            else:
                wrong += _disagrees(board, text, read, marks)
        index += 1
    if effort is not None:
        effort.left += end - index
    return index, wrong


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


def _disagrees(board: chess.Board, text: str, read: ReadMove, marks: _Marks) -> int:
    """Play ``read`` (of ``text``) on ``board``; how many of its marks disagree with the move
    there (:func:`_disagreements`)."""
    return len(_disagreements(board, text, read, marks))


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


@dataclass(slots=True)
class _Probe:
    """A candidate and how far the rest of the line goes under it."""

    candidate: Candidate
    reached: int = 0  # moves of the rest replayed
    further: int = 0  # past a later slip there, and the slips after it, each read as it goes furthest
    repairs: int = 0  # the later slips read so
    past: chess.Move | None = None  # the first one's reading
    wrong: int = 0  # later marks that disagree with the moves (its own check mark too)
    board: chess.Board | None = None  # where the rest stopped
    stuck: bool = False  # it stopped at a move that cannot be played

    @property
    def total(self) -> int:
        """How far the rest goes, past the later slips where it stops."""
        return self.reached + self.further

    @property
    def score(self) -> tuple[int, int, int, int, int, bool]:
        return (
            self.total,
            -self.repairs,
            self.reached,
            -self.wrong,
            -self.candidate.distance,
            self.candidate.letter,
        )


def settle(
    board: chess.Board,
    written: str,
    rest: Sequence[MoveNode],
    letters: Mapping[str, str] | None,
    problem: MoveProblem,
    effort: Effort | None = None,
) -> MoveProblem:
    """``problem`` (of ``written`` on ``board``) with the move meant chosen by the moves after
    it (``rest``, the rest of the line): its guess, its assumed move and how it was established.

    Returns ``problem`` itself when no legal move is one slip away, or when the position had no
    legal move at all. The moves replayed are taken from ``effort`` (the game's): when it is
    spent, no move is assumed (the evidence would be cut short), and the hint says why.
    """
    if problem.ended:
        return problem
    if effort is not None and effort.spent():
        return _unsettled(problem)
    found = list(_candidates_at(board, written, letters))  # (a copy: it may gain the move meant)
    if problem.meant is not None and all(c.move != problem.meant for c in found):
        found.append(Candidate(problem.meant, board.san(problem.meant).rstrip("+#"), 2 * EDIT))
    if not found:
        return problem
    if len(found) == 1:
        only = found[0]
        return replace(problem, meant=only.move, hint=f"; did you mean {only.san}?", because="")
    local = dict(letters) if letters is not None else None
    limit = min(len(rest), MAX_PLIES)
    suffix = split_suffixes(written)[1]
    marks = _Marks.of(written, rest)
    probes = [_Probe(candidate) for candidate in found]
    for probe in probes:
        probe.board = board.copy(stack=False)
        probe.board.push(probe.candidate.move)
        probe.wrong = int(marks.checks and bool(suffix) != probe.board.is_check())
    horizon = FIRST_HORIZON
    while True:
        for probe in probes:  # each goes on from where the last horizon stopped it
            if not probe.stuck and probe.board is not None:
                reached, wrong = _reach(
                    probe.board, rest, probe.reached, horizon - probe.reached, local, marks, effort
                )
                probe.stuck = reached < min(horizon, len(rest))
                probe.reached = reached
                probe.wrong += wrong
        ranked = sorted((p.reached for p in probes), reverse=True)
        if ranked[0] - ranked[1] >= LEAD or ranked[0] < horizon or horizon >= limit:
            break
        horizon *= 2
    if max(p.reached for p in probes) < limit:
        for probe in probes:  # a candidate taken early goes on, to see where it stops
            if not probe.stuck and probe.board is not None:
                left = limit - probe.reached
                reached, wrong = _reach(probe.board, rest, probe.reached, left, local, marks, effort)
                probe.stuck = reached < limit
                probe.reached = reached
                probe.wrong += wrong
    top = max(p.reached for p in probes)
    if top < limit:
        # none goes to the end: each stops at a later slip; read past it (a wrong reading may
        # read a later slip, 20... Kdd6 with the king on d7, and stop further on: the reading
        # under which the game goes further, with fewer slips, is the likelier)
        for probe in probes:
            if probe.stuck:
                probe.further, probe.repairs, wrong, probe.past = _past_slips(
                    probe, rest, local, marks, effort
                )
                probe.wrong += wrong
    if effort is not None and effort.spent():
        return _unsettled(problem)
    best = max(p.score for p in probes)
    chosen = [p for p in probes if p.score == best]
    if len(chosen) > 1:
        names = " or ".join(p.candidate.san for p in chosen)
        if not rest:
            why = "no later move tells them apart"
        elif top >= len(rest):
            why = "the rest of the game fits each"
        else:
            why = "the rest of the game does not tell them apart"
        hint = f"; {why}" if problem.kind == "ambiguous" else f"; did you mean {names}? ({why})"
        if not rest:
            return replace(problem, meant=None, hint=hint, because="")
        # the rest plays alike under each (to its end, or to the same later slip and as far past
        # it): the walk goes on under the first, so that the later slips are still found, and
        # what rests on the position names them all (provisional)
        readings = tuple(p.candidate.move for p in chosen)
        return replace(problem, meant=readings[0], readings=readings, hint=hint, because=why)
    winner = chosen[0]
    because = _because(board, winner, probes, rest, local, marks)
    hint = f"; did you mean {winner.candidate.san}?" + (f" ({because})" if because else "")
    return replace(problem, meant=winner.candidate.move, hint=hint, because=because)


#: why a slip's move was not sought in the moves after it
SPENT = "the look-ahead has read all it may for one game"


def _unsettled(problem: MoveProblem) -> MoveProblem:
    """``problem`` without a move assumed: the game's effort is spent (its line ends here)."""
    return replace(problem, meant=None, readings=(), hint=f"{problem.hint} ({SPENT})", because="")


#: the candidates of a later slip, by position, text and letters: reading past the slips after one
#: asks them again for each reading of it, and again at the next slip's own settling
_KNOWN: dict[tuple[str, bool, str, tuple[tuple[str, str], ...]], list[Candidate]] = {}
_KNOWN_LIMIT = 4096


def _candidates_at(board: chess.Board, written: str, letters: Mapping[str, str] | None) -> list[Candidate]:
    """:func:`candidates`, remembered (they depend on the legal moves only: the EPD's fields)."""
    key = (board.epd(), board.chess960, written, tuple(sorted(letters.items())) if letters else ())
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= _KNOWN_LIMIT:
            _KNOWN.clear()
        known = _KNOWN[key] = candidates(board, written, letters)
    return known


def _past_slips(
    probe: _Probe,
    rest: Sequence[MoveNode],
    letters: dict[str, str] | None,
    marks: _Marks,
    effort: Effort | None = None,
) -> tuple[int, int, int, chess.Move | None]:
    """How far the rest goes past the slip where ``probe`` stopped, each later slip (up to
    :data:`REPAIRS` of them) read as its reading under which the rest goes furthest (of these,
    the one whose marks disagree least): how many moves past the first slip, how many slips were
    read so, how many marks disagree on the way, and the first slip's reading."""
    board = probe.board
    index = probe.reached
    limit = min(len(rest), MAX_PLIES)
    used = wrong = 0
    first: chess.Move | None = None
    while board is not None and index < limit and used < REPAIRS:
        best: tuple[int, int, chess.Move, chess.Board] | None = None
        if effort is not None:
            effort.left -= CANDIDATES_COST
        for candidate in _candidates_at(board, rest[index].text, letters):
            after = board.copy(stack=False)
            after.push(candidate.move)
            reached, disagree = _reach(after, rest, index + 1, limit - index - 1, letters, marks, effort)
            if best is None or (reached, -disagree) > (best[0], -best[1]):
                best = (reached, disagree, candidate.move, after)
        if best is None:
            break
        index, wrong, board = best[0], wrong + best[1], best[3]
        used += 1
        if first is None:
            first = best[2]
    return index - probe.reached, used, wrong, first


def _because(
    board: chess.Board,
    winner: _Probe,
    probes: list[_Probe],
    rest: Sequence[MoveNode],
    letters: dict[str, str] | None,
    marks: _Marks,
) -> str:
    """How the rest of the game established ``winner``: the later move the last other candidate
    fails on, and what it needs ("4. Ba4 needs a bishop on b5"), or that the move is nearer."""
    others = [p for p in probes if p is not winner]
    last = max(others, key=lambda p: p.reached)
    if last.reached >= winner.reached:  # another goes as far before a later slip
        rivals = [p for p in others if p.score[:3] == winner.score[:3]]
        if not rivals and all(p.total < winner.total for p in others if p.reached >= winner.reached):
            return f"the game goes on further after {winner.candidate.san}"
        if not rivals:
            return f"the rest of the game needs fewer slips after {winner.candidate.san}"
        if min(p.wrong for p in rivals) > winner.wrong:
            return _marks_tell(board, winner, rivals, rest, letters, marks)
        if winner.candidate.letter and min(p.candidate.distance for p in rivals) == winner.candidate.distance:
            return f"only the piece letter of {winner.candidate.san} is not as written"
        return f"{winner.candidate.san} is nearer to what was written"
    index = last.reached
    mine = board.copy(stack=False)
    mine.push(winner.candidate.move)
    _reach(mine, rest, 0, index, letters)
    theirs = board.copy(stack=False)
    theirs.push(last.candidate.move)
    _reach(theirs, rest, 0, index, letters)
    text = rest[index].text
    label = f"{mine.fullmove_number}{'.' if mine.turn == chess.WHITE else '...'} {text}"
    read = read_move(mine, text, letters)
    if isinstance(read, ReadMove) and read.move != chess.Move.null():
        origin = read.move.from_square
        piece = mine.piece_at(origin)
        if piece is not None and theirs.piece_at(origin) != piece:
            return f"{label} needs a {chess.piece_name(piece.piece_type)} on {chess.square_name(origin)}"
    return f"{label} cannot be played after {last.candidate.san}"


def _marks_tell(
    board: chess.Board,
    winner: _Probe,
    others: list[_Probe],
    rest: Sequence[MoveNode],
    letters: dict[str, str] | None,
    marks: _Marks,
) -> str:
    """The first later move whose marks disagree with it after another candidate only ("3. Bxd5
    takes nothing after d6"; past a second slip, read as :func:`_past_slips` read it), or that
    the marks agree with ``winner``."""
    probes = [winner, *others]
    boards = [board.copy(stack=False) for _ in probes]
    for one, probe in zip(boards, probes, strict=True):
        one.push(probe.candidate.move)
    for index in range(min(winner.reached + winner.further, len(rest))):
        text = rest[index].text
        label = f"{boards[0].fullmove_number}{'.' if boards[0].turn == chess.WHITE else '...'} {text}"
        notes: list[list[str]] = []
        for one, probe in zip(boards, probes, strict=True):
            if index == probe.reached and probe.past is not None:
                one.push(probe.past)  # the second slip, as its best reading
                notes.append([])
                continue
            if is_null(text):
                one.push(chess.Move.null())
                notes.append([])
                continue
            read = read_move(one, text, letters, explain=False)
            if not isinstance(read, ReadMove):
                return f"the marks agree with {winner.candidate.san}"
            notes.append(_disagreements(one, text, read, marks))
        if not notes[0]:
            for probe, disagree in zip(others, notes[1:], strict=True):
                if disagree:
                    return f"{label} {disagree[0]} after {probe.candidate.san}"
    return f"the marks agree with {winner.candidate.san}"
