"""The checks a tournament director expects before trusting standings (issue 28).

* Near-duplicate names: two spellings that never appear in the same round (so they may be one
  player) and are one or two edits apart, initials of each other (``A. Smith`` / ``Anne Smith``)
  or the same name swapped (``Smith, Anne`` / ``Anne Smith``). A misspelling in one round
  otherwise becomes an extra player and an empty round for the real one.
* Rounds without play: a round number between 1 and the last with no game at all, and a player
  with no game, bye or forfeit in a round (before withdrawing).

Each check gives warnings (plain sentences, the command prints them like its other warnings).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from kifu.standings.event import Event, loose_key, normalise

#: players missing rounds whose names are compared at most: beyond (a file of many events, most
#: players in few rounds of the longest) the names are not compared and a warning says so
MAX_NAMES = 5_000
#: the longest name (its words, in characters) compared letter by letter: a longer one is a
#: stranger's slip or a trap (its forms with two letters left out grow as its length squared)
MAX_COMPARED = 100


def rounds_text(rounds: Iterable[int]) -> str:
    """``round 3``, ``rounds 1, 2, 4-7``; ``no numbered round``."""
    numbers = sorted(set(rounds))
    if not numbers:
        return "no numbered round"
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][-1] + 1:
            spans[-1].append(number)
        else:
            spans.append([number])
    parts = [f"{span[0]}-{span[-1]}" if len(span) > 2 else ", ".join(map(str, span)) for span in spans]
    text = ", ".join(parts)
    return f"{'round' if len(numbers) == 1 else 'rounds'} {text}"


def appearances(event: Event) -> dict[str, set[int]]:
    """The numbered rounds in which each player has a game, bye or forfeit."""
    seen: dict[str, set[int]] = {}
    for game in event.games:
        for name in (game.first, game.second):
            if name is not None:
                rounds = seen.setdefault(name, set())
                if game.round is not None:
                    rounds.add(game.round)
    return seen


def empty_rounds(event: Event) -> list[str]:
    """A warning for each round number, below the last, in which no game was played."""
    last = event.rounds()
    used = {game.round for game in event.games if game.round is not None}
    missing = [number for number in range(1, last + 1) if number not in used]
    if not missing:
        return []
    return [
        f"{rounds_text(missing)} of 1-{last} {'has' if len(missing) == 1 else 'have'} no game, bye "
        "or forfeit at all: a round left out of the input, or the rounds are numbered with a gap"
    ]


def missing_players(event: Event, system: str, team: bool) -> list[str]:
    """A warning per player absent from a round (no game, no bye, no forfeit) before withdrawing.

    Not for knockouts (the losers leave) or team events (a reserve sits out). In a round robin
    with an odd number of players one player a round has no game (the Berger tables' free
    player), and so has each opponent of a player who withdrew: so many absences a round are
    expected and not warned about.
    """
    if system == "knockout" or team:
        return []
    last = event.rounds()
    seen = appearances(event)
    if last == 0 or not seen:
        return []
    until = {name: event.withdrawn.get(name) for name in event.withdrawn}
    absent: dict[int, list[str]] = {}
    for name, rounds in seen.items():
        before = until.get(name) if name in until else last + 1
        stop = before if before is not None else max(rounds, default=0) + 1
        for number in range(1, min(stop, last + 1)):
            if number not in rounds:
                absent.setdefault(number, []).append(name)
    if system == "round-robin":
        odd = len(seen) % 2
        for number in list(absent):
            gone = sum(1 for stop in until.values() if stop is not None and stop <= number)
            if len(absent[number]) <= odd + gone:
                del absent[number]
    per_player: dict[str, list[int]] = {}
    for number, names in absent.items():
        for name in names:
            per_player.setdefault(name, []).append(number)
    return [
        f"{name!r} has no game, bye or forfeit in {rounds_text(rounds)} (the event has "
        f"{last} round{'s' if last != 1 else ''}): a result left out, or a name written another way there"
        for name, rounds in sorted(per_player.items(), key=lambda item: (min(item[1]), item[0]))
    ]


def distance(a: str, b: str, limit: int = 2) -> int:
    """The edit distance of ``a`` and ``b`` (insert, delete, replace, swap two neighbours),
    or ``limit + 1`` as soon as it is known to exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*\.?|\d+", re.UNICODE)


def words(name: str) -> list[str]:
    """The words of a name in reading order: ``Smith, Anne`` → ``anne``, ``smith``."""
    last, comma, first = name.partition(",")
    ordered = f"{first} {last}" if comma else name
    return [word.casefold() for word in _WORD.findall(ordered)]


def _initial_of(short: str, full: str) -> bool:
    return len(short.rstrip(".")) == 1 and not full.endswith(".") and full[0] == short[0]


def same_by_initials(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether two names' words agree, each pair equal or an initial of the other, with at
    least one initial and one whole word in common (``A. Smith`` / ``Anne Smith``)."""
    if len(a) != len(b) or len(a) < 2:
        return False
    initials = whole = 0
    for x, y in zip(a, b, strict=True):
        if x.rstrip(".") == y.rstrip("."):
            whole += len(x.rstrip(".")) > 1
        elif _initial_of(x, y) or _initial_of(y, x):
            initials += 1
        else:
            return False
    return initials > 0 and whole > 0


def likeness(a: str, b: str) -> str | None:
    """Why two spellings may be one name (``None`` when they do not look alike)."""
    return _alike(words(a), words(b))


def _alike(wa: list[str], wb: list[str]) -> str | None:
    """:func:`likeness` of two names' :func:`words`."""
    if wa and sorted(wa) == sorted(wb):
        return "the same words in another order"
    if same_by_initials(wa, wb):
        return "initials of the same name"
    x, y = " ".join(wa), " ".join(wb)
    if abs(len(x) - len(y)) > 2 or max(len(x), len(y)) > MAX_COMPARED:
        return None
    shorter = min(len(x), len(y))
    edits = distance(x, y)
    # an edit must leave most of the name: ``Li`` and ``Wu`` are two edits apart, two names
    if 1 <= edits <= 2 and 2 * edits < shorter:
        return f"{edits} letter{'s' if edits > 1 else ''} apart"
    return None


def _deletions(text: str, count: int = 2) -> set[str]:
    """``text`` with up to ``count`` characters left out, every way: two strings at most two
    edits apart share one of these (a replacement is one left out of each)."""
    found = {text}
    layer = {text}
    for _ in range(count):
        layer = {word[:i] + word[i + 1 :] for word in layer for i in range(len(word))}
        found |= layer
    return found


def _word_keys(written: list[str]) -> set[str]:
    """The keys of a name's words: the same words in any order; a whole word, for initials."""
    keys = {"w:" + " ".join(sorted(written))}
    keys |= {"W:" + word for word in written if len(word.rstrip(".")) > 1}
    return keys


def _keys(written: list[str]) -> set[str]:
    """The blocking keys of a name: spellings that may be one share a key (:func:`_word_keys`;
    a common form two letters left out, for a name of at most :data:`MAX_COMPARED` characters)."""
    keys = _word_keys(written)
    joined = " ".join(written)
    if len(joined) <= MAX_COMPARED:
        keys |= {"d:" + variant for variant in _deletions(joined)}
    return keys


def _pairs(text: str) -> Counter[str]:
    """The letter pairs of ``text``, each with how often it comes."""
    return Counter(text[i : i + 2] for i in range(len(text) - 1))


#: two texts at most two edits apart (a swap of neighbours is one, and spoils three letter pairs)
#: share at least this many fewer letter pairs than the longer has characters
_SPOILED = 7


def near_matches(names: Iterable[str], pool: Iterable[str]) -> dict[str, list[tuple[str, str]]]:
    """For each of ``names``, the spellings of ``pool`` that look like it (:func:`likeness`), each
    with why. Only the keys of ``names`` are kept, and ``pool`` (a federation's list of players,
    say) is read once, never stored: a spelling of ``pool`` is compared with the names that
    share a word key with it (:func:`_word_keys`), or enough letter pairs to be two edits from
    it (the q-gram lemma, cheaper than :func:`near_duplicates`'s forms with letters left out for
    a pool far larger than ``names``)."""
    written = {name: words(normalise(name)) for name in names}
    joined = {name: " ".join(its) for name, its in written.items()}
    by_word: dict[str, list[str]] = {}
    by_pair: dict[str, list[tuple[str, int]]] = {}
    short: list[str] = []  # (too short to share a pair and still be two edits apart)
    for name, its in written.items():
        for key in _word_keys(its):
            by_word.setdefault(key, []).append(name)
        if len(joined[name]) <= _SPOILED:
            short.append(name)
        elif len(joined[name]) <= MAX_COMPARED:
            for pair, count in _pairs(joined[name]).items():
                by_pair.setdefault(pair, []).append((name, count))
    found: dict[str, list[tuple[str, str]]] = {name: [] for name in written}
    for other in dict.fromkeys(pool):
        theirs = words(normalise(other))
        text = " ".join(theirs)
        candidates = {name for key in _word_keys(theirs) for name in by_word.get(key, ())}
        if len(text) <= MAX_COMPARED:
            common: dict[str, int] = {}
            for pair, count in _pairs(text).items():
                for name, mine in by_pair.get(pair, ()):
                    common[name] = common.get(name, 0) + min(count, mine)
            candidates.update(
                name
                for name, shared in common.items()
                if shared >= max(len(text), len(joined[name])) - _SPOILED
                and abs(len(text) - len(joined[name])) <= 2
            )
            if len(text) <= _SPOILED + 2:
                candidates.update(name for name in short if abs(len(text) - len(joined[name])) <= 2)
        for name in sorted(candidates):
            if name == other:
                continue
            if loose_key(name) == loose_key(other):
                found[name].append((other, "the same but for case or spacing"))
            elif (why := _alike(written[name], theirs)) is not None:
                found[name].append((other, why))
    return found


def near_duplicates(event: Event) -> list[str]:
    """A warning per two spellings that may be one player (see the module's docstring).

    Only spellings that never share a round are compared, and of those only the ones that share
    a blocking key (:func:`_keys`): a complete event compares nothing, and an event with many
    players missing rounds does not compare every two of them.
    """
    seen = appearances(event)
    last = event.rounds()
    # two spellings of one player never share a round: one of them has at most half of them
    incomplete = sorted(name for name, rounds in seen.items() if len(rounds) < last)
    if len(incomplete) > MAX_NAMES:
        return [
            f"{len(incomplete)} players miss rounds: too many to compare their names for "
            "near-duplicates (not checked)"
        ]
    short = {name for name in incomplete if 2 * len(seen[name]) <= last}
    masks = {name: sum(1 << number for number in seen[name]) for name in incomplete}
    written = {name: words(normalise(name)) for name in incomplete}
    buckets: dict[str, list[str]] = {}
    for name in incomplete:
        for key in _keys(written[name]):
            buckets.setdefault(key, []).append(name)
    pairs: set[tuple[str, str]] = set()
    for names in buckets.values():
        if len(names) < 2:
            continue
        for one in names:
            if one in short:
                pairs.update(
                    (min(one, o), max(one, o)) for o in names if o != one and not masks[one] & masks[o]
                )
    found: list[str] = []
    for one, other in sorted(pairs):
        if loose_key(one) == loose_key(other):
            continue  # the case/spacing warning names them already
        why = _alike(written[one], written[other])
        if why is None:
            continue
        first, second = sorted((one, other), key=lambda n: (min(seen[n], default=0), n))
        found.append(
            f"{first!r} ({rounds_text(seen[first])}) and {second!r} ({rounds_text(seen[second])}) "
            f"look like one player ({why}) and never play in the same round; they are counted "
            "as two players: write one spelling if they are one"
        )
    return found
