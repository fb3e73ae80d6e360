"""The intent of a move that cannot be played, from the rest of its line.

A move text that cannot be played (unreadable, illegal, ambiguous) has candidates: the legal
moves near its text (:func:`~kifu.xiangqi.notation.suggest.nearby`: one-character edits, the
notations' typos, front/rear slips) and, for an ambiguous text, its readings. An arbiter tells
them apart by reading on: the moves after a slip were played on the board the true move left.
:func:`establish` replays the line after each candidate, at first :data:`HORIZON` plies, more
while the best candidates replay equally far, up to the end of the line; a later move that
cannot be played is repaired the same way (at most :data:`REPAIRS` deep), so that the next slip
of the record does not stop the comparison. A candidate's score is where its continuation
stops, then where it stops after each repair: the candidate that replays furthest is the
intent, then the nearest text; when nothing separates the best, there is no intent, and they
are named. The look-ahead runs at a move that cannot be played only: a clean record pays
nothing. It is bounded by :data:`EFFORT` moves read per slip (a later slip's candidates cost
:data:`CANDIDATES_COST`) and per record (:func:`game_effort`): once that is spent, a slip's
nearest readings are named and its line is not checked further.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kifu.core.effort import Effort, record_effort
from kifu.core.record import MoveNode
from kifu.xiangqi.board import Board
from kifu.xiangqi.notation import NotationError, parse_move, resolve, write_move
from kifu.xiangqi.notation.suggest import nearby

#: plies of the line replayed after each candidate at first (doubled while the best tie)
HORIZON = 12
#: the longest continuation replayed (plies)
LONGEST = 400
#: the later slips of a continuation repaired while comparing candidates
REPAIRS = 2
#: moves read for one slip at most, over all its candidates (bounds the time a damaged record costs)
EFFORT = 6000
#: what finding the candidates of a later slip costs, in moves read: every legal move is written
#: out and compared with the text (a line of slips read past is paid for, not only its moves)
CANDIDATES_COST = 40
#: moves read over all the slips of one record: this many, and EFFORT_PER_PLY more a move of it
#: (a score sheet's few slips take a fraction of it; a hostile record of slips, each read past
#: the others, costs at most this, a bounded multiple of its length)
GAME_EFFORT = 8 * EFFORT
EFFORT_PER_PLY = 150
#: why a slip's intent was not sought, or not found, once the record's effort ran low
SPENT = "the look-ahead has read all it may for one record"
#: plies the intent's continuation must replay (fewer when the line ends sooner), unless the
#: text is that move but for slips
CONFIRM = 4

Score = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Intent:
    """What the rest of the line says of a move that cannot be played.

    ``move``: the intended move, when it is established; ``named``: the candidates to name in
    "did you mean" (the intent first; the ones nothing separates when there is none);
    ``reason``: how the intent was established, for the finding and its assumption.
    """

    move: int | None
    named: tuple[int, ...]
    reason: str = ""


def game_effort(plies: int) -> Effort:
    """What the look-ahead may read over all the slips of a record of ``plies`` moves."""
    return record_effort(plies, GAME_EFFORT, EFFORT_PER_PLY)


def candidates(board: Board, text: str, preference: str | None) -> list[tuple[int, int]]:
    """The moves ``text`` may stand for in ``board``, each with its edit distance: the legal
    readings of an ambiguous text (distance 0), then the legal moves near it."""
    found: dict[int, int] = {}
    try:
        resolution = resolve(board, parse_move(text), None, preference)
    except NotationError:
        resolution = None
    if resolution is not None and resolution.problem in ("ambiguous", "abridged"):
        found.update((move, 0) for move in resolution.readings)
    for move, distance in nearby(board, text):
        found.setdefault(move, distance)
    return sorted(found.items(), key=lambda pair: pair[1])


def _read(board: Board, text: str, preference: str | None) -> int:
    """The move ``text`` names in ``board``, or 0."""
    try:
        spec = parse_move(text)
    except NotationError:
        return 0
    return resolve(board, spec, None, preference).move or 0


def _reach(
    board: Board,
    nodes: Sequence[MoveNode],
    index: int,
    limit: int,
    repairs: int,
    effort: Effort,
    preference: str | None,
) -> Score:
    """Where the replay of ``nodes[index:limit]`` from ``board`` stops, then where it stops after
    each repaired slip (the best repair); ``board`` is left as it was."""
    start = index
    while index < limit and effort.left > 0:
        effort.left -= 1
        move = _read(board, nodes[index].text, preference)
        if not move:
            break
        board.push(move)
        index += 1
    best: Score = (index,)
    if index < limit and repairs and effort.left > 0:
        effort.left -= CANDIDATES_COST
        for move, _ in candidates(board, nodes[index].text, preference):
            board.push(move)
            score = (index, *_reach(board, nodes, index + 1, limit, repairs - 1, effort, preference))
            board.pop()
            best = max(best, score)
    for _ in range(index - start):
        board.pop()
    return best


def establish(
    board: Board,
    nodes: Sequence[MoveNode],
    index: int,
    near: list[tuple[int, int]],
    preference: str | None,
    label: Callable[[int], str],
    game: Effort | None = None,
) -> Intent:
    """The intent among the candidates ``near`` (moves of ``board`` with their distances) of the
    move before ``nodes[index]``, from the replay of ``nodes[index:]``; ``label(k)`` names the
    move ``nodes[k]`` for the reason ("round 5, Red 车四进一")."""
    if not near:
        return Intent(None, ())
    end = len(nodes)
    left = EFFORT if game is None else min(EFFORT, game.left)
    short = "" if left == EFFORT else SPENT  # why no intent, should none be found
    if game is not None:
        game.left -= left  # (given back below: what this slip did not read)
    scores: dict[int, Score] = {}
    distance = dict(near)
    contenders = [move for move, _ in near]
    limit = min(end, index + HORIZON)
    while True:
        # each contender gets an equal share; a round that runs out of it is not used (a cut
        # replay would lose against one that stopped early), the last complete round stands
        share = left // len(contenders)
        round_scores: dict[int, Score] = {}
        for move in contenders:
            effort = Effort(share)
            scratch = board.copy()
            scratch.push(move)
            round_scores[move] = _reach(scratch, nodes, index, limit, REPAIRS, effort, preference)
            left -= share - effort.left
            if effort.left <= 0:
                break
        else:
            scores.update(round_scores)
            top = max(scores[move] for move in contenders)
            tied = [move for move in contenders if scores[move] == top]
            if len(tied) > 1 and limit < min(end, index + LONGEST):
                contenders = tied
                limit = min(end, index + LONGEST, index + 2 * (limit - index))
                continue
        break
    if game is not None:
        game.left += max(left, 0)
    if not scores:  # not even the first round could be completed
        return Intent(None, tuple(move for move, _ in near[:3]), short)
    ranked = sorted(scores, key=lambda move: (scores[move], -distance[move]), reverse=True)
    best = ranked[0]
    key = (scores[best], -distance[best])
    equal = [move for move in ranked if (scores[move], -distance[move]) == key]
    if len(equal) > 1:
        return Intent(None, tuple(equal), short or "nothing in the rest of the line tells them apart")
    reach = scores[best][-1] - index
    if distance[best] and (reach < min(CONFIRM, end - index) or index == end):  # nothing confirms a guess
        return Intent(None, tuple(ranked[:3]), short)
    return Intent(best, (best,), _reason(board, index, best, ranked[1:], scores, distance, label))


def _reason(
    board: Board,
    index: int,
    best: int,
    others: list[int],
    scores: dict[int, Score],
    distance: dict[int, int],
    label: Callable[[int], str],
) -> str:
    """How ``best`` was established against the ``others``, in words."""
    plies = scores[best][0] - index
    replayed = f"the next {plies} pl{'y' if plies == 1 else 'ies'} replay after it" if plies else ""
    if not others:
        return "the only legal move near the text" + (f"; {replayed}" if replayed else "")
    runner = others[0]
    named = write_move(board, runner)
    stop = scores[runner][0]
    if scores[runner] == scores[best]:
        if not distance[best]:
            return f"the text is that move but for a slip; {named} is a character away"
        return f"nearer to the text than {named}"
    if stop < scores[best][0]:
        return f"{label(stop)} cannot be played after {named}"
    return f"the rest of the line replays further after it than after {named}"
