"""Every reader's work grows linearly with its input (a small file must not stall kifu), counted, not
timed.

Each reader (chess PGN, Go SGF, xiangqi XQBase PGN, the Chinese score sheet, DhtmlXQ and CBF, the
text formats of ``kifu check --help``; XQF and CBR are binary, read by offsets) is fed inputs made
of a long run of one thing a lexer tells apart (letters, digits, ``+ # - O 0 x = ( ) ; [ ] { } \\
% $ .``, quotes, white space, line breaks, CJK characters, nesting ``((((…))))``, ``[[[[…]]]]``,
``{{{{…}}}}``, and the units of known attacks: ``(;)``, ``[DhtmlXQ_x]``), placed where it changes
the lexer's state (a :class:`Frame`: raw, in movetext, after a move, in a tag value, a comment,
a game tree, a value…). Each input is checked as ``kifu check`` checks it (the library API, in a
child process where ``KIFU_PURE=1``, so that no compiled module hides its lines), at ``n`` and
at ``4 n`` repetitions, after a check of ``n / 2`` repetitions that loads what is loaded once
(imports, grammars) but caches none of the measured tokens. Four counts of the work:

* **lines**: the Python line events in kifu's own files (``sys.settrace``): a Python loop over
  the rest of the text for each token shows here;
* **allocated**: the bytes allocated during each line beyond what was held when it began (the
  peak of ``tracemalloc``, reset at each line event): work done in C that builds strings, as a
  copy of the move for each ``+`` stripped (case 3: ``split_suffixes`` sliced it again for each
  one);
* **handed**: the size of each record that a reader hands on to be checked, pickled as a batch
  sends it to a worker process (each game module's ``check_record`` is wrapped): case 4, where
  each game tree of a one-line SGF file carried a copy of the whole line (whose line index then
  counted the line breaks of the whole line again for each position: C searches that allocate
  nothing, which no hook sees);
* **regex steps**: every call of a regular expression compiled by kifu's modules or by Lark for
  kifu's grammars (``re._compile`` is wrapped before kifu is imported) is replayed on a
  backtracking model of Python's engine (:class:`Model`: the structure of the pattern from
  ``re._parser``, each test of one character or of a zero-width assertion made by the real
  engine), which counts a step for each character tested, each position a search starts from,
  each alternative and each way of sharing characters between repetitions tried. The engine's
  work is invisible to ``settrace`` and allocates nothing, and it is not the length a call
  scans: case 1's ``-[-O0]*[O0][-O0]*[+#]?`` tried each split of a run of ``O`` between its two
  stars within one ``fullmatch`` of the token, case 2's ``\\[DhtmlXQ_(…)\\](.*?)\\[/DhtmlXQ_\\1\\]``
  searched the rest of the text for a closing tag from each opening within one ``finditer``:
  both are quadratic steps of the model (its results are checked against the engine's).

Each total may grow :data:`RATIO` times from ``n`` to ``4 n`` (linear work grows 4 times at most,
quadratic work 16 times), plus a slack per character for a limit passed only at ``4 n``, which
sends the input down another path of linear work; and each line of kifu (for lines and
allocations) and each pattern (for steps) that ran at ``n`` may grow :data:`SITE_RATIO` times,
so that a quadratic line stands out of the linear work around it. The counts are
deterministic: the same input runs the same lines, allocations and steps on any machine under
any load (the child processes hash with ``PYTHONHASHSEED=0``). A total over its bound stops
being counted (the quadratic cases would take minutes).

Each case of the audit failed here before its fix (the old functions put back in place, in a copy
of the package), at n = 200: 1. ``chess-castling-slip-O`` (steps: 82,484 at n, over 498,412 at
4 n), 2. ``dhtmlxq-block-[DhtmlXQ_x]`` (steps: 729,912, over 4,414,753), 3. ``chess-after-a-move-+``
(allocated in ``split_suffixes``: 100,411, 1,360,955) and
:func:`test_split_suffixes_copies_the_move_once`, 4. ``go-raw-(;)`` (handed: 54,043, 577,233)
and tests/go/test_long_lines.py; and again at the suite's n = 100 (1. steps: 21,384, over
129,937; 2. steps: 195,112, over 1,188,353; 3. allocated in ``split_suffixes``: 60,502, 721,102;
4. handed: 19,650, 169,743, over its bound of 156,300; at n = 50, 4. passes).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.sizes import SLOW, scaled

ROOT = Path(__file__).resolve().parents[1]
#: the most the work may grow from ``n`` to ``4 n`` repetitions (linear: 4 at most, less with the
#: fixed cost of a file; n log n: under 5; quadratic: up to 16)
RATIO = 6.0
#: growth this small, per character of the input at ``4 n``, is not judged: a limit passed only at
#: ``4 n`` (a nesting depth, a token's length) takes another path, whose work is linear but absent
#: at ``n``
SLACK = {"lines": 2, "allocated": 512, "steps": 4, "handed": 64}
#: repetitions of the unit in the suite's scan (the input is then at least 100 characters, and 400):
#: each case of the audit fails at 100 with its old function put back (the figures above are at 200,
#: the size of ``KIFU_SLOW=1``); at 50 the old Go reader's copies of the line pass
N = scaled(100, 200)


# --- the inputs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Where a run goes in a file of one reader: ``prefix + unit * k + suffix``; ``units``: the
    runs tried there in the suite (every unit with ``KIFU_SLOW=1``)."""

    reader: str
    name: str
    prefix: str
    suffix: str
    units: tuple[str, ...] = ()


#: the readers: the game and the file's extension that select each
READERS = {
    "chess": ("chess", ".pgn"),
    "go": ("go", ".sgf"),
    "xiangqi-pgn": ("xiangqi", ".pgn"),
    "xiangqi-text": ("xiangqi", ".txt"),
    "dhtmlxq": ("xiangqi", ".dhtml"),
    "cbf": ("xiangqi", ".cbf"),
}

#: one of each character class a lexer of these formats tells apart
CLASSES = (
    "a", "1", "+", "#", "-", "O", "0", "x", "=", "(", ")", ";", "[", "]", "{", "}", "\\", "%", "$", ".",
    '"', " ", "\n", "炮",
)  # fmt: skip
#: more, tried everywhere with ``KIFU_SLOW=1``: other letters and marks, other white space, a full-width
#: digit, and the units of known attacks
MORE = ("N", "!", "*", "/", "<", "\t", "\r\n", "８", "(;)", "[DhtmlXQ_x]", "1. e4 ", "-O")
#: the share of ``n`` that some units are repeated: fewer of the heaviest (each makes a Go game
#: tree or variation, checked in ~800 lines; each ``1. e4`` after the first a slip that the chess
#: look-ahead probes, until the record's effort is spent: ~800,000 lines from 20 of them on), more
#: ``+`` (each a few bytes of a quadratic copy)
SCALE = {
    ("go", "(;)"): 0.5,
    ("go", "(;"): 0.5,
    ("go", "("): 0.5,
    ("chess", "+"): 2.0,
    ("chess", "1. e4 "): 0.25,
}
#: the cases far heavier than the others, and about how many others each weighs (the look-ahead's
#: effort, counted line by line, takes as long as the rest of the scan): the child processes are
#: given equal shares of the work, not of the cases
WEIGHT = {"chess-movetext-1.SPe4SP": 200}
#: nesting: ``opener * k + closer * k``
NESTING = (("(", ")"), ("[", "]"), ("{", "}"), ("(;", ")"))

FRAMES = [
    Frame("chess", "raw", "", "", ("[", "%", ";", "{", "(", '"', "\\", "\n", "1", "a", "炮")),
    # (``1. e4`` again and again: a slip for the look-ahead to probe each time, until the record's
    # effort is spent; half the scan's work, so only with ``KIFU_SLOW=1``: the effort's bound is
    # tests/chess/test_lookahead_budget.py's)
    Frame("chess", "movetext", '[Event "e"]\n\n1. e4 ', " *\n", (*CLASSES, "!")),
    Frame("chess", "after-a-move", '[Event "e"]\n\n1. e4', " *\n", ("+", "#", "!", "=")),
    Frame("chess", "castling-slip", "1. -", "x *\n", ("O", "0", "-", "-O")),
    Frame("chess", "tag-value", '[Event "', '"]\n\n1. e4 *\n', ('"', "\\", "]", "[", " ")),
    Frame("chess", "comment", "1. e4 {", "} *\n", ("{", "\\", "\n", "%")),
    Frame("go", "raw", "", "", ("(;)", "(", ";", "[", "\\", "\n", "a")),
    Frame("go", "game-tree", "(;GM[1]FF[4]SZ[19]", ")\n", (*CLASSES, "(;)")),
    Frame("go", "value", "(;GM[1]C[", "])\n", ("\\", "]", "(", "\n")),
    Frame("xiangqi-pgn", "raw", "", "", ("[", "(", "{", '"', "\n")),
    Frame("xiangqi-pgn", "movetext", '[Game "Chinese Chess"]\n[Format "ICCS"]\n\n1. h2e2 ', " *\n", CLASSES),
    Frame("xiangqi-pgn", "tag-value", '[Event "', '"]\n\n1. h2e2 h9g7 *\n', ('"', "\\", "]")),
    Frame("xiangqi-text", "movetext", "1. 炮二平五 ", "\n", ("炮", "８", "1", "(", "{", ";", "\n", " ", "a")),
    Frame("dhtmlxq", "block", "[DhtmlXQ]", "[/DhtmlXQ]\n", (*CLASSES, "[DhtmlXQ_x]")),
    Frame(
        "dhtmlxq",
        "movelist",
        "[DhtmlXQ][DhtmlXQ_movelist]",
        "[/DhtmlXQ_movelist][/DhtmlXQ]\n",
        ("1", "[", "]"),
    ),
    Frame(
        "cbf",
        "title",
        '<?xml version="1.0"?>\n<ChineseChessRecord><Head><Title>',
        "</Title></Head></ChineseChessRecord>\n",
        ("<", "&", "]", "炮", "\n"),
    ),
]


@dataclass(frozen=True)
class Case:
    """One input of the scan: a frame, and the run in it."""

    frame: Frame
    unit: str
    closer: str = ""

    @property
    def id(self) -> str:
        shown = self.unit.replace("\n", "LF").replace("\r", "CR").replace("\t", "TAB").replace(" ", "SP")
        nested = "nested-" if self.closer else ""
        return f"{self.frame.reader}-{self.frame.name}-{nested}{shown}"

    def text(self, n: int) -> str:
        """The input at ``n`` (fewer for the heavy units: a Go game tree is checked in ~800 lines)."""
        k = max(1, round(n * SCALE.get((self.frame.reader, self.unit), 1.0)))
        return self.frame.prefix + self.unit * k + self.closer * k + self.frame.suffix


def cases(everything: bool = False) -> list[Case]:
    """The units of each frame (``everything``: every unit in every frame), and the nestings in
    the frames that nest."""
    found = [
        Case(frame, unit) for frame in FRAMES for unit in (CLASSES + MORE if everything else frame.units)
    ]
    found += [
        Case(frame, opener, closer)
        for frame in FRAMES
        if frame.name in ("movetext", "game-tree", "block")
        for opener, closer in NESTING
    ]
    return found


# --- the model of the regular expression engine ----------------------------------------------------


class OverBudget(Exception):
    """The steps passed the bound: the run is over, its count is reported as over."""


K = Callable[[int], int]
M = Callable[[int, K], int]
_SINGLE = ("LITERAL", "NOT_LITERAL", "ANY", "IN")


def _done(i: int) -> int:
    return i


class Model:
    """A backtracking matcher with the structure of one compiled pattern that counts its steps.

    It explores what Python's engine explores, in the same order (greedy, lazy and possessive
    repetitions, alternatives, groups, back references, look-arounds); each one-character test
    and each zero-width assertion is made by the real engine on a pattern of that one item, so
    that character classes, flags and case folding are the engine's own. Results are compared
    with the real engine's by :func:`Recorder.replay`.
    """

    def __init__(self, pattern: Any) -> None:
        from re import _compiler, _constants, _parser  # type: ignore[attr-defined]

        self._compiler, self._c, self._parser = _compiler, _constants, _parser
        parsed = _parser.parse(pattern.pattern, pattern.flags)
        self.state = parsed.state
        self.flags = parsed.state.flags
        self.text: Any = ""
        self.end = 0
        self.marks: list[tuple[int, int] | None] = []
        self.steps = 0
        self.limit = 0
        self.body = self._sequence(list(parsed), self.flags)

    # building
    def _one(self, items: list[Any], flags: int) -> Any:
        sub = self._parser.SubPattern(self.state, items)
        return self._compiler.compile(sub, flags)

    def _tick(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > self.limit:
            raise OverBudget

    def _sequence(self, items: list[Any], flags: int) -> M:
        nodes = [self._node(op, av, flags) for op, av in items]
        if not nodes:
            return lambda i, k: k(i)
        if len(nodes) == 1:
            return nodes[0]

        def run(index: int, i: int, k: K) -> int:
            if index == len(nodes) - 1:
                return nodes[index](i, k)
            return nodes[index](i, lambda j: run(index + 1, j, k))

        return lambda i, k: run(0, i, k)

    def _node(self, op: Any, av: Any, flags: int) -> M:
        name = str(op)
        c = self._c
        if name in _SINGLE:
            test = self._one([(op, av)], flags)

            def single(i: int, k: K) -> int:
                self._tick()
                if i < self.end and test.match(self.text, i, self.end):
                    return k(i + 1)
                return -1

            return single
        if name == "AT":
            at = self._one([(op, av)], flags)

            def zero(i: int, k: K) -> int:
                self._tick()
                return k(i) if at.match(self.text, i, self.end) else -1

            return zero
        if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            return self._repeat(name, av, flags)
        if name == "SUBPATTERN":
            group, add, remove, sub = av
            inner = self._sequence(list(sub), (flags | add) & ~remove)
            if group is None:
                return inner
            return self._group(group, inner)
        if name == "ATOMIC_GROUP":
            inner = self._sequence(list(av), flags)

            def atomic(i: int, k: K) -> int:
                j = inner(i, _done)
                return k(j) if j >= 0 else -1

            return atomic
        if name == "BRANCH":
            alternatives = [self._sequence(list(a), flags) for a in av[1]]

            def branch(i: int, k: K) -> int:
                for alternative in alternatives:
                    self._tick()
                    r = alternative(i, k)
                    if r >= 0:
                        return r
                return -1

            return branch
        if name in ("ASSERT", "ASSERT_NOT"):
            direction, sub = av
            inner = self._sequence(list(sub), flags)
            width = sub.getwidth()[0]
            negated = name == "ASSERT_NOT"

            def look(i: int, k: K) -> int:
                self._tick()
                if direction == 1:
                    ok = inner(i, _done) >= 0
                else:
                    start = i - width
                    ok = start >= 0 and inner(start, lambda j: j if j == i else -1) >= 0
                return k(i) if ok != negated else -1

            return look
        if name == "GROUPREF":
            folded = bool(flags & c.SRE_FLAG_IGNORECASE)

            def reference(i: int, k: K) -> int:
                span = self.marks[av]
                if span is None:
                    return -1
                a, b = span
                self._tick(b - a + 1)
                if i + b - a > self.end:
                    return -1
                given, wanted = self.text[i : i + b - a], self.text[a:b]
                if folded and isinstance(given, str):
                    given = "".join(ch.lower()[:1] for ch in given)
                    wanted = "".join(ch.lower()[:1] for ch in wanted)
                return k(i + b - a) if given == wanted else -1

            return reference
        raise NotImplementedError(f"regular expression item {name} in the model")

    def _group(self, group: int, inner: M) -> M:
        def captured(i: int, k: K) -> int:
            def close(j: int) -> int:
                old = self.marks[group]
                self.marks[group] = (i, j)
                r = k(j)
                if r < 0:
                    self.marks[group] = old
                return r

            return inner(i, close)

        return captured

    def _repeat(self, name: str, av: Any, flags: int) -> M:
        low, high, sub = av
        items = list(sub)
        if len(items) == 1 and str(items[0][0]) in _SINGLE:
            return self._repeat_one(name, low, high, items, flags)
        body = self._sequence(items, flags)
        if name == "POSSESSIVE_REPEAT":

            def possessive(i: int, k: K) -> int:
                count = 0
                while count < high:
                    self._tick()
                    j = body(i, _done)
                    if j < 0 or (j == i and count >= low):
                        break
                    i, count = j, count + 1
                return k(i) if count >= low else -1

            return possessive
        if name == "MAX_REPEAT":

            def greedy(i: int, k: K, count: int = 0) -> int:
                if count < high:
                    self._tick()
                    r = body(i, lambda j: greedy(j, k, count + 1) if j != i or count < low else -1)
                    if r >= 0:
                        return r
                return k(i) if count >= low else -1

            return greedy

        def lazy(i: int, k: K, count: int = 0) -> int:
            if count >= low:
                self._tick()
                r = k(i)
                if r >= 0:
                    return r
            if count < high:
                return body(i, lambda j: lazy(j, k, count + 1) if j != i or count < low else -1)
            return -1

        return lazy

    def _repeat_one(self, name: str, low: int, high: int, items: list[Any], flags: int) -> M:
        c = self._c
        test = self._one(items, flags)
        inner = self._parser.SubPattern(self.state, items)
        run = self._one([(c.POSSESSIVE_REPEAT, (0, c.MAXREPEAT, inner))], flags)

        def longest(i: int) -> int:
            stop = self.end if high == c.MAXREPEAT else min(self.end, i + high)
            found = run.match(self.text, i, stop)
            count = found.end() - i if found else 0
            self._tick(count + 1)
            return count

        if name == "POSSESSIVE_REPEAT":

            def possessive(i: int, k: K) -> int:
                count = longest(i)
                return k(i + count) if count >= low else -1

            return possessive
        if name == "MAX_REPEAT":

            def greedy(i: int, k: K) -> int:
                count = longest(i)
                while count >= low:
                    self._tick()
                    r = k(i + count)
                    if r >= 0:
                        return r
                    count -= 1
                return -1

            return greedy

        def lazy(i: int, k: K) -> int:
            count = 0
            while True:
                if count >= low:
                    self._tick()
                    r = k(i + count)
                    if r >= 0:
                        return r
                if count >= high or not (i + count < self.end and test.match(self.text, i + count, self.end)):
                    return -1
                self._tick()
                count += 1

        return lazy

    # running
    def _start(self, text: Any, end: int) -> None:
        self.text, self.end = text, end
        self.marks = [None] * (self.state.groups + 1)

    def match(self, text: Any, pos: int, end: int, full: bool = False) -> int:
        """Where a match at ``pos`` ends, or -1 (``full``: it must end at ``end``)."""
        with _deep():
            self._start(text, end)
            return self.body(pos, (lambda j: j if j == end else -1) if full else _done)

    def search(self, text: Any, pos: int, end: int) -> tuple[int, int] | None:
        """The first match from ``pos`` on, as the engine's search finds it."""
        with _deep():
            for start in range(pos, end + 1):
                self._tick()
                self._start(text, end)
                stop = self.body(start, _done)
                if stop >= 0:
                    return start, stop
        return None


@contextlib.contextmanager
def _deep() -> Iterator[None]:
    """Deep recursion allowed: a repetition of a group nests a call of the model for each time
    round (in Python's frames, which take no C stack since 3.11)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, 1_000_000))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


# --- the calls of the regular expressions, recorded as they run, replayed on the model after ---------


#: the models of the patterns, by pattern and flags
_MODELS: dict[tuple[Any, int], Model] = {}


class Recorder:
    """Wraps the patterns that kifu's and Lark's modules compile, and keeps their calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, str, Any, int, int, tuple[int, int] | None]] = []
        self.on = False

    def install(self) -> None:
        """Wrap ``re._compile``: a pattern compiled by a ``kifu`` or ``lark`` module is counted."""
        import re

        original = re._compile  # type: ignore[attr-defined]
        recorder = self

        def compile_counted(pattern: Any, flags: Any) -> Any:
            real = original(pattern, flags)
            frame = sys._getframe(1)
            while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] in (
                "re",
                "sre_compile",
            ):
                frame = frame.f_back  # type: ignore[assignment]
            caller = frame.f_globals.get("__name__", "") if frame is not None else ""
            if caller.split(".")[0] in ("kifu", "lark") and not isinstance(real, Counted):
                return Counted(real, recorder)
            return real

        re._compile = compile_counted  # type: ignore[attr-defined]

    def log(
        self, pattern: Any, kind: str, text: Any, pos: int, end: int, found: tuple[int, int] | None
    ) -> None:
        if self.on:
            self.calls.append((pattern, kind, text, pos, end, found))

    def replay(self, limit: float) -> tuple[dict[str, int], int, bool]:
        """The model's steps for the calls kept, by pattern (and how many of its results differ
        from the engine's), stopping past ``limit`` steps in all; the calls are dropped."""
        calls, self.calls = self.calls, []
        by_pattern: dict[str, int] = {}
        steps = differ = 0
        for pattern, kind, text, pos, end, found in calls:
            real = pattern.real
            key = (real.pattern, real.flags)
            model = _MODELS.get(key)
            if model is None:
                model = _MODELS[key] = Model(real)
            model.steps, model.limit = steps, int(min(limit, 1 << 62))
            site = f"/{str(real.pattern)[:60]}/"
            try:
                if kind == "search":
                    got = model.search(text, pos, end)
                else:
                    stop = model.match(text, pos, end, full=kind == "fullmatch")
                    got = (pos, stop) if stop >= 0 else None
            except OverBudget:
                by_pattern[site] = by_pattern.get(site, 0) + model.steps - steps
                return by_pattern, differ, True
            by_pattern[site] = by_pattern.get(site, 0) + model.steps - steps
            steps = model.steps
            differ += got != found
        return by_pattern, differ, False


def _bounds(text: Any, pos: int, endpos: int) -> tuple[int, int]:
    size = len(text)
    end = min(max(endpos, 0), size)
    return min(max(pos, 0), end), end


class Counted:
    """A compiled pattern whose calls are recorded (the results are the real pattern's)."""

    def __init__(self, real: Any, recorder: Recorder) -> None:
        self.real = real
        self.recorder = recorder

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __repr__(self) -> str:
        return f"Counted({self.real!r})"

    def _one(self, kind: str, text: Any, pos: int, endpos: int) -> Any:
        pos, end = _bounds(text, pos, endpos)
        found = getattr(self.real, kind)(text, pos, end)
        self.recorder.log(self, kind, text, pos, end, found.span() if found else None)
        return found

    def match(self, string: Any, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        return self._one("match", string, pos, endpos)

    def fullmatch(self, string: Any, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        return self._one("fullmatch", string, pos, endpos)

    def search(self, string: Any, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        return self._one("search", string, pos, endpos)

    def _searches(self, text: Any, pos: int, end: int, found: Iterator[Any]) -> Iterator[Any]:
        """The searches of finditer and its kind: from the end of each match (after it when it
        is empty), the last one finding nothing."""
        for match in found:
            self.recorder.log(self, "search", text, pos, end, match.span())
            pos = match.end() + (match.end() == match.start())
            yield match
        if pos <= end:
            self.recorder.log(self, "search", text, pos, end, None)

    def finditer(self, string: Any, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[Any]:
        pos, end = _bounds(string, pos, endpos)
        return self._searches(string, pos, end, self.real.finditer(string, pos, end))

    def _all(self, string: Any) -> None:
        for _ in self._searches(string, 0, len(string), self.real.finditer(string)):
            pass

    def findall(self, string: Any, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        pos, end = _bounds(string, pos, endpos)
        for _ in self._searches(string, pos, end, self.real.finditer(string, pos, end)):
            pass
        return self.real.findall(string, pos, end)

    def sub(self, repl: Any, string: Any, count: int = 0) -> Any:
        self._all(string)
        return self.real.sub(repl, string, count)

    def subn(self, repl: Any, string: Any, count: int = 0) -> Any:
        self._all(string)
        return self.real.subn(repl, string, count)

    def split(self, string: Any, maxsplit: int = 0) -> Any:
        self._all(string)
        return self.real.split(string, maxsplit)


# --- the child process: each input checked, its work counted ---------------------------------------


#: whether a code object's file is kifu's (an editable install links the sources: their real path)
_KIFU_FILES: dict[str, bool] = {}


def _measure(path: Path, game: str, recorder: Recorder, bounds: dict[str, float] | None) -> dict[str, Any]:
    """Lines and allocations of ``kifu check`` on ``path`` by line of kifu and the records handed
    on by game, counted as it runs, then the regex steps by pattern, replayed; counting stops past
    a bound on a total (``bounds``), and the count is reported as over."""
    import tracemalloc

    import kifu.application.library

    package = str(Path(kifu.__file__).resolve().parent) + os.sep
    limit = bounds or {name: float("inf") for name in SLACK}
    most_lines, most_allocated = limit["lines"], limit["allocated"]
    lines: dict[tuple[Any, int], int] = {}
    allocated: dict[tuple[Any, int] | None, int] = {}
    handed_on: dict[str, int] = {}
    totals = [0, 0]  # lines, bytes allocated
    last: list[Any] = [0, None]  # memory held when the last line began, its code and line
    traced = tracemalloc.get_traced_memory
    reset = tracemalloc.reset_peak

    def local(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            current, peak = traced()
            grown = peak - last[0]
            if grown > 0:
                allocated[last[1]] = allocated.get(last[1], 0) + grown
                totals[1] += grown
            site = (frame.f_code, frame.f_lineno)
            lines[site] = lines.get(site, 0) + 1
            totals[0] += 1
            reset()
            last[0], last[1] = current, site
            if totals[0] > most_lines or totals[1] > most_allocated:
                return None
        return local

    def calls(frame: Any, event: str, arg: Any) -> Any:
        if totals[0] > most_lines or totals[1] > most_allocated:
            return None
        name = frame.f_code.co_filename
        mine = _KIFU_FILES.get(name)
        if mine is None:
            mine = _KIFU_FILES[name] = os.path.realpath(name).startswith(package)
        return local if mine else None

    def handed(game: str, size: int) -> None:
        handed_on[game] = handed_on.get(game, 0) + size
        tracemalloc.reset_peak()  # (the pickle is not kifu's: the line's peak starts again)
        last[0] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    last[0] = tracemalloc.get_traced_memory()[0]
    _HANDED[0] = handed
    recorder.on = True
    sys.settrace(calls)
    try:
        kifu.application.library.check(str(path), game=game)
    finally:
        sys.settrace(None)
        recorder.on = False
        _HANDED[0] = None
        tracemalloc.stop()
    steps, differ, replay_over = recorder.replay(limit["steps"])
    allocated.pop(None, None)
    sites = {
        "lines": {_site(site, package): count for site, count in lines.items()},
        "allocated": {_site(site, package): count for site, count in allocated.items() if site},
        "steps": steps,
        "handed": handed_on,
    }
    result: dict[str, Any] = {name: sum(counts.values()) for name, counts in sites.items()}
    result["sites"], result["differ"] = sites, differ
    result["over"] = [
        name for name, total in zip(("lines", "allocated"), totals, strict=True) if total > limit[name]
    ]
    result["over"] += ["steps"] if replay_over else []
    return result


#: where the size of a record handed on is told, while a check is measured
_HANDED: list[Callable[[str, int], None] | None] = [None]


def _hand_on_counted() -> None:
    """Each game's ``check_record`` tells the size of the record it is given, pickled as a batch
    sends it to a worker process: what the reader handed on for it."""
    import pickle

    import kifu.games

    for name in kifu.games.GAMES:
        module: Any = kifu.games.load(name)
        if module is None:
            continue
        original = module.check_record

        def counted(record: Any, options: Any, original: Any = original, name: str = name) -> Any:
            tell = _HANDED[0]
            if tell is not None:
                tell(name, len(pickle.dumps(record)))
            return original(record, options)

        module.check_record = counted


def _site(site: tuple[Any, int], package: str) -> str:
    """``file:function:line`` of a line of kifu (the file under the package)."""
    code, line = site
    name = _REAL.get(code.co_filename)
    if name is None:
        name = _REAL[code.co_filename] = os.path.realpath(code.co_filename)[len(package) :]
    return f"{name}:{code.co_name}:{line}"


_REAL: dict[str, str] = {}


def worker() -> None:
    """Reads ``[[id, reader, warm-up text, small text, large text], …]`` from the file named on the
    command line, writes the counts as JSON."""
    import tempfile

    recorder = Recorder()
    recorder.install()
    import kifu.application.library

    _hand_on_counted()

    request = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    answer: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for case_id, reader, warm, small, large in request:
            game, extension = READERS[reader]
            path = Path(folder) / f"input{extension}"
            # imports, grammars, tables: loaded before the counts, on an input of the same kind
            # but other tokens (a cache of the tokens met would spare the first count their work)
            path.write_text(warm, encoding="utf-8")
            kifu.application.library.check(str(path), game=game)
            path.write_text(small, encoding="utf-8")
            first = _measure(path, game, recorder, None)
            bounds = {name: RATIO * first[name] + SLACK[name] * len(large) for name in SLACK}
            path.write_text(large, encoding="utf-8")
            answer[case_id] = {"small": first, "large": _measure(path, game, recorder, bounds)}
    json.dump(answer, sys.stdout)


def shares(chosen: Sequence[Case], processes: int) -> list[list[Case]]:
    """``chosen`` in ``processes`` shares of about equal work (by :data:`WEIGHT`), heaviest first."""
    found: list[list[Case]] = [[] for _ in range(processes)]
    loads = [0] * processes
    for case in sorted(chosen, key=lambda c: -WEIGHT.get(c.id, 1)):
        lightest = loads.index(min(loads))
        found[lightest].append(case)
        loads[lightest] += WEIGHT.get(case.id, 1)
    return [share for share in found if share]


def run_workers(chosen: Sequence[Case], n: int, processes: int = 2) -> dict[str, Any]:
    """The counts of ``chosen`` at ``n`` and ``4 n``, from ``processes`` child processes."""
    import tempfile

    # (pure, and the same hashes: the same sets in the same order, so the same counts every run)
    environment = {**os.environ, "KIFU_PURE": "1", "PYTHONHASHSEED": "0"}
    answer: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        children = []
        for i, share in enumerate(shares(chosen, processes)):
            request = [
                [case.id, case.frame.reader, case.text(n // 2), case.text(n), case.text(4 * n)]
                for case in share
            ]
            path = Path(folder) / f"request{i}.json"
            path.write_text(json.dumps(request), encoding="utf-8")
            child = subprocess.Popen(
                # (run as a module: tests/ is not on sys.path, where its chess/ would hide python-chess)
                [sys.executable, "-m", "tests.test_linear_readers", str(path)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=environment,
                text=True,
                encoding="utf-8",
                cwd=ROOT,
            )
            children.append(child)
        for child in children:
            out, err = child.communicate()
            assert child.returncode == 0, err[-3000:]
            answer.update(json.loads(out))
    return answer


# --- the tests ---------------------------------------------------------------------------------------


def scan(chosen: Sequence[Case], n: int) -> list[str]:
    """Each case of ``chosen`` that grew faster than linearly, and how; the model's disagreements
    with the engine."""
    counts = run_workers(chosen, n)
    found = []
    for case in chosen:
        small, large = counts[case.id]["small"], counts[case.id]["large"]
        found += [f"{case.id}: {problem}" for problem in growth(small, large, len(case.text(4 * n)))]
        differ = small["differ"] + large["differ"]
        found += [f"{case.id}: the model of the engine differs on {differ} call(s)"] if differ else []
    return found


def test_every_reader_is_linear_on_runs_of_each_character_class() -> None:
    """The suite's share of the scan: each frame with its units (183 inputs, at 100 and 400
    repetitions, in two processes; at 200 and 800 with ``KIFU_SLOW=1``)."""
    found = scan(cases(), N)
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="every unit in every frame takes minutes: KIFU_SLOW=1 make test runs it")
def test_every_reader_is_linear_on_runs_of_every_unit_everywhere() -> None:
    """Every unit in every frame, at 400 and 1,600 repetitions."""
    found = scan(cases(everything=True), 400)
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="the audit's inputs at scale: KIFU_SLOW=1 make test runs it")
def test_the_reproducers_of_the_audit_are_linear_at_scale() -> None:
    """The four inputs of the audit at 4,000 and 16,000 repetitions: the castling slip of 16,000
    ``O``, ``e4`` and 32,000 ``+``, 16,000 DhtmlXQ fields never closed, 8,000 game trees on one
    line."""
    chosen = [c for c in cases(everything=True) if c.id in AUDIT]
    assert len(chosen) == len(AUDIT)
    found = scan(chosen, 4_000)
    assert not found, "\n".join(found)


#: the inputs of the audit's four cases in the scan
AUDIT = ("chess-castling-slip-O", "chess-after-a-move-+", "dhtmlxq-block-[DhtmlXQ_x]", "go-raw-(;)")


def test_the_cases_of_the_audit_are_in_the_suites_scan() -> None:
    assert set(AUDIT) <= {case.id for case in cases()}


class Copies(str):
    """A string that counts the characters of the strings cut or stripped from it (they are
    copies), and whose pieces count too."""

    copied = 0

    def __getitem__(self, key: Any) -> Copies:
        piece = Copies(str.__getitem__(self, key))
        Copies.copied += len(piece)
        return piece

    def rstrip(self, chars: str | None = None) -> Copies:
        piece = Copies(str.rstrip(self, chars))
        Copies.copied += len(piece)
        return piece


def test_split_suffixes_copies_the_move_once() -> None:
    """Case 3 alone: ``e4`` and 1,000 then 4,000 ``+``; the characters copied grow 4 times (they
    grew 16 times: the move was sliced again for each ``+`` stripped)."""
    from kifu.chess.moves import split_suffixes

    copied = []
    for n in (1_000, 4_000):
        Copies.copied = 0
        assert split_suffixes(Copies("e4" + "+" * n)) == ("e4", "+", "")
        copied.append(Copies.copied)
    assert copied[1] < RATIO * copied[0], copied


def test_the_model_counts_what_the_engine_backtracks() -> None:
    """The model against the engine, on patterns whose cost is known: a search for what is not
    there is one step a position; the old castling slip is quadratic on ``-OOO…Ox``; a lazy
    field never closed costs the rest of the text."""
    import re

    def steps(pattern: str, text: str, kind: str = "search", flags: int = 0) -> int:
        model = Model(re.compile(pattern, flags))
        model.steps, model.limit = 0, 1 << 62
        if kind == "search":
            assert model.search(text, 0, len(text)) == (
                (lambda m: m.span() if m else None)(re.search(pattern, text, flags))
            )
        else:
            stop = model.match(text, 0, len(text), full=True)
            assert (stop >= 0) == bool(re.fullmatch(pattern, text, flags))
        return model.steps

    assert steps("x", "a" * 4_000) < 5 * steps("x", "a" * 1_000)
    castling = r"-[-O0]*[O0][-O0]*[+#]?"
    slip = [steps(castling, "-" + "O" * n + "x", "fullmatch") for n in (100, 400)]
    assert slip[1] > 12 * slip[0], slip
    field = r"\[DhtmlXQ_([A-Za-z0-9_]+)\](.*?)\[/DhtmlXQ_\1\]"
    fields = [steps(field, "[DhtmlXQ_x]" * n, flags=re.S | re.I) for n in (50, 200)]
    assert fields[1] > 12 * fields[0], fields
    possessive = [steps(r"[^()\[]*+(?:\[[^\]]*\][^()\[]*+)*+\)", "[a]" * n) for n in (100, 400)]
    assert possessive[1] > 12 * possessive[0], possessive  # (a search from each position)
    assert steps(r"(?<!\\)(?:\\\\)*\"", "\\" * 301 + '"') < 10_000


if __name__ == "__main__":
    worker()


#: the most the count of one function or pattern may grow (more than the total: a function may be
#: called once more on the longer input, when a token passes a length that changes its message)
SITE_RATIO = 8.0
#: a function or pattern whose count stays under this at ``4 n`` is not judged (a few calls more)
SITE_SLACK = {"lines": 400, "allocated": 32_768, "steps": 1_000, "handed": 32_768}
#: a function or pattern whose count at ``n`` is under this is not judged alone (it barely ran: it
#: may run many times more past a limit at ``4 n``, on another path of linear work)
SITE_FLOOR = {name: count // 8 for name, count in SITE_SLACK.items()}


def growth(small: dict[str, Any], large: dict[str, Any], length: int) -> list[str]:
    """What grew faster than linearly from ``small`` to ``large`` (an input of ``length``
    characters): a count over its bound, a total, or the count of one line or pattern (that ran
    at ``n`` too: one that runs only at ``4 n`` is judged in the total)."""
    found = [f"{name}: over {RATIO:g} times the count at n, counting stopped" for name in large["over"]]
    for name in SLACK:
        if large[name] > RATIO * small[name] + SLACK[name] * length:
            found.append(f"{name}: {small[name]:,} at n, {large[name]:,} at 4 n")
        before = small["sites"][name]
        for site, count in large["sites"][name].items():
            judged = before.get(site, 0) >= SITE_FLOOR[name]
            if judged and count > SITE_RATIO * before[site] + SITE_SLACK[name]:
                found.append(f"{name} in {site}: {before[site]:,} at n, {count:,} at 4 n")
    return found
