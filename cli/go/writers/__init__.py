"""``kifu convert`` for Go: SGF to normalised SGF FF[4], GTP move lists, JSON, or text diagrams.

A file is read as ``kifu check`` reads it (charset, syntax recovery, property model) and the moves
are played by the same walk (:func:`kifu.go.walk.walk`) under the same options (``--rules``,
``--komi``, ``--ko``, else the record's ``RU``): one writer module per target, ``gtp``, ``json``
and ``diagram`` writing what the :class:`~kifu.go.writers.common.Recorder` visitor saw.

``sgf`` keeps the whole game tree, every node and property, also the ones kifu does not know
and the ones the checker finds wrong (``kifu check`` of the output reports them again). Its
normalisations, deliberate and idempotent (a second conversion changes no byte):

- The root says ``FF[4]`` and ``CA[UTF-8]`` (the text, decoded from its charset, is written in
  UTF-8), and ``GM[1]`` when it gave no ``GM``.
- Order: in the root, the root properties (``FF CA GM AP ST SZ``), game information (``KM HA
  RU PB BR BT PW WR WT RE DT EV RO PC GN GC ON OT TM SO US AN CP``), setup (``AB AW AE PL``),
  the move; in the other nodes the move (``B W``) first, then root, game-info and setup
  properties in that order; all other properties follow in the order of the file. A property
  given twice in a node is kept twice, the second right after the first.
- Identifiers are upper case: the long names of FF[1]-FF[3] lose their lower-case letters
  (``AddBlack`` → ``AB``, ``GaMe`` → ``GM``); a name without an upper-case letter, which
  the reader ignores, is dropped and named in ``dropped``. FF[3]'s ``KI`` (integer komi in half
  points) becomes ``KM`` when the node has no ``KM``; other FF[1]-FF[3] properties stay as
  written.
- Moves: a pass is ``B[]``/``W[]`` (``B[tt]`` on boards up to 19×19 becomes ``B[]``); white
  space inside a point is removed.
- Point lists keep their compressed rectangles; a 1×1 rectangle becomes its point, and a
  rectangle whose corners are swapped is written from top left to bottom right.
- Text values are decoded (escapes resolved, soft line breaks removed, line breaks as
  ``\\n``, other white space as spaces; SimpleText folds line breaks into spaces, as FF[4]
  says) and written with ``\\`` and ``]`` escaped (``:`` too in the first part of a
  composed value). Numbers lose surrounding white space; ``SZ[19:19]`` becomes ``SZ[19]``.
  Values kifu cannot interpret, and the values of unknown properties, are kept as written.
- Layout: the root node on its first line, then nodes up to 79 characters a line, each
  variation on a new line.

``gtp``, ``json`` and ``diagram`` replay the record: a move the rules forbid (occupied point,
suicide, ko, superko, as ``kifu check`` judges them) or a move off the board
ends its line, and is reported in ``problems`` with what follows it. ``gtp`` writes the main line
for a GTP engine (``boardsize``, ``komi``, ``clear_board``, handicap stones with
``set_free_handicap``, other set-up stones with ``play``, and after a set-up node in the game
``clear_board`` and the whole position again); it names in ``dropped`` what a move list cannot
hold. ``json`` holds everything. ``diagram`` prints the game information and comments with the
diagrams, and drops variations, markup and annotations.

Over the shared corpus, ``kifu check`` of an ``sgf`` conversion reports no error that it did
not report for the input, and the same plies, result and outcome for every game.

What the reader had to skip or guess (SGF001-SGF009: characters that are not SGF, an unclosed
value, a missing parenthesis …) is reported in ``problems``, since no target can carry it.

Every target is checked as ``kifu check`` checks the game: an error that makes the replay
untrustworthy (a move the rules forbid, a board size, komi, handicap, setup or move the reader
could not take as written: :func:`stops`) makes the game ``lost``, so that the command writes
it only under ``--lenient``. ``sgf`` then keeps every node as written (``remainder_kept``);
the other targets end at the last move played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kifu.core.converted import Converted
from kifu.core.findings import Finding, Severity, located
from kifu.core.game import Options, Target
from kifu.core.sources import Source
from kifu.go import codes
from kifu.go.index import TextIndex
from kifu.go.info import GameInfo
from kifu.go.parser import parse_unparsed
from kifu.go.properties import read_info
from kifu.go.reader import records
from kifu.go.rules import resolve
from kifu.go.tree import Game, Node
from kifu.go.walk import WalkOptions, walk

if TYPE_CHECKING:
    from kifu.go.writers.common import Played

# The writer modules are imported where a conversion needs them: a check imports this package
# for its table (TARGETS), and the drawing code behind ``diagram`` is a tenth of
# the start-up of a one-file check.

#: reader findings saying that text was skipped or guessed: no target can carry what they name
LOST_ON_READING = frozenset(f"SGF00{n}" for n in range(1, 10))


def convert(source: Source, target: str, options: Options | None = None) -> Iterator[Converted | Finding]:
    """Every game of ``source`` in ``target``; findings about the file come as Findings.

    The library's entry (no crash guard: ``kifu convert`` goes through :mod:`kifu.core.records`).
    """
    if target not in TARGETS:
        raise ValueError(f"unknown Go target {target!r}")
    for item in records(source):
        if isinstance(item, Finding):
            yield item
        else:
            game, index = parse_unparsed(item.data)
            yield convert_game(game, index, target, options or Options())


#: check errors that stop no conversion: the writers keep what they concern as written (check of
#: the output says it again) and the moves replay as the record states them. A result that the
#: count contradicts (GO2xx), markup and annotations, version quirks.
_KEPT_AS_WRITTEN = frozenset(
    code.code
    for code in (
        codes.LOWERCASE_ID,
        codes.COMPOSE_EXPECTED,
        codes.CONTRADICTING_ANNOTATION,
        codes.ANNOTATION_WITHOUT_MOVE,
        codes.UNKNOWN_FF,
        codes.SQUARE_AS_RECTANGLE,
        codes.NOT_IN_VERSION,
    )
)
#: properties the replay and the count rest on: a value of one of them that cannot be read stops
_PLAYED = frozenset({"B", "W", "AB", "AW", "AE", "PL", "SZ", "KM", "HA", "RU", "GM", "FF"})


def stops(finding: Finding) -> bool:
    """Whether a finding of ``kifu check`` keeps a game from being converted without ``--lenient``:
    an error that leaves its replay (or its count) untrustworthy."""
    code = finding.code
    if finding.severity is not Severity.ERROR or code in _KEPT_AS_WRITTEN or code.startswith("GO2"):
        return False
    if code == codes.BAD_VALUE.code:  # "KM needs a real number, not [abc]": a value of which property
        return _property(finding) in _PLAYED
    return True


def _property(finding: Finding) -> str:
    return finding.message.split(" ", 1)[0]


def _unreadable(findings: list[Finding]) -> list[str]:
    """The properties the game rests on whose value check could not read but let pass (a komi or
    a handicap that is not a number: the count then rests on an assumption, a warning). SGF and
    JSON carry such a value as written; the other targets cannot, and say that they drop it."""
    return [
        f"an unreadable {_property(f)} value"
        for f in findings
        if f.code == codes.BAD_VALUE.code and not stops(f) and _property(f) in _PLAYED
    ]


@dataclass(frozen=True, slots=True)
class Checked:
    """A game tree as ``kifu check`` judged it, what every target is written from: its ``number``,
    its ``checked`` findings and those that ``stopped`` its conversion, the ``problems`` and the
    ``lost`` texts said so far."""

    number: int
    root: Node
    index: TextIndex
    info: GameInfo
    options: Options
    checked: list[Finding]
    stopped: list[Finding]
    problems: list[str]
    lost: list[str]


def convert_game(game: Game, index: TextIndex, target: str, options: Options) -> Converted:
    """One parsed game tree in ``target``, its moves played under ``options``."""
    from kifu.go.checker import check_game

    number = game.index
    problems = [
        located(f)
        for f in game.findings
        if f.code in LOST_ON_READING
        or (f.severity is Severity.ERROR and not f.code.startswith(("SGF", "GO")))
    ]
    root = game.root
    if root is None:
        problems = problems or ["nothing of this game could be read"]
        return Converted(number, "", [], problems, lost=problems)
    checked = check_game(game, index, options).report.findings
    stopped = [f for f in checked if stops(f)]
    lost = [located(f) for f in stopped]
    info = read_info(root, index)
    return TARGETS[target].writer(
        Checked(number, root, index, info, options, checked, stopped, problems, lost)
    )


def _sgf(game: Checked) -> Converted:
    """The whole tree, every node and property, without a replay (kept as written when lost)."""
    from kifu.go.writers import sgf

    written, dropped = sgf.write_sgf(game.root, game.info.width, game.info.height)
    problems = [*game.problems, *(located(f) for f in game.stopped if f.code not in LOST_ON_READING)]
    return Converted(game.number, written, dropped, problems, lost=game.lost, remainder_kept=True)


@dataclass(frozen=True, slots=True)
class _Replayed:
    """What the walk gave a target that replays the game, with the problems and lost texts."""

    played: Played
    problems: list[str]
    lost: list[str]


def _replay(game: Checked, variations: bool = False, snapshots: bool = False) -> _Replayed | Converted:
    """The game walked for a target (:func:`play`), or, when it is not Go, nothing written."""
    # the walk names the moves it could not play; the other errors are said here
    problems = [
        *game.problems,
        *(located(f) for f in game.stopped if not f.code.startswith("GO1") and f.code not in LOST_ON_READING),
    ]
    if game.info.gm != 1:
        problems.append(f"GM[{game.info.gm}] is not Go: its moves cannot be played")
        return Converted(game.number, "", [], problems, lost=problems)
    played = play(game.root, game.index, game.info, game.options, variations, snapshots)
    return _Replayed(played, [*problems, *played.problems], [*game.lost, *played.problems])


def _gtp(game: Checked) -> Converted:
    """The main line as a GTP move list."""
    from kifu.go.writers import gtp

    replayed = _replay(game)
    if isinstance(replayed, Converted):
        return replayed
    written, dropped, trouble = gtp.to_gtp(replayed.played)
    dropped = [*dropped, *_unreadable(game.checked)]
    return Converted(game.number, written, dropped, [*replayed.problems, *trouble], lost=replayed.lost)


def _json(game: Checked) -> Converted:
    """The game and every variation as one JSON object."""
    from kifu.go.writers import json

    replayed = _replay(game, variations=True)
    if isinstance(replayed, Converted):
        return replayed
    text = json.to_json(replayed.played, game.number)
    return Converted(game.number, text, [], replayed.problems, lost=replayed.lost)


def _diagram(game: Checked) -> Converted:
    """The final position (or a board after every move of the main line) as text diagrams."""
    from kifu.go.writers import diagram

    every_move = bool(game.options.settings.get("every_move"))
    replayed = _replay(game, snapshots=every_move)
    if isinstance(replayed, Converted):
        return replayed
    played = replayed.played
    return Converted(
        game.number,
        diagram.to_diagrams(played, game.number, every_move, game.options),
        [*diagram.dropped_by(played, every_move), *_unreadable(game.checked)],
        replayed.problems,
        lost=replayed.lost,
    )


#: target name → what it is (for ``--help`` and the README), its extension, whether the command
#: separates its records with a blank line, and its writer
TARGETS: dict[str, Target[Callable[[Checked], Converted]]] = {
    "sgf": Target(
        "SGF FF[4], normalised: UTF-8, canonical property order, the whole tree and every property kept",
        ".sgf",
        False,
        _sgf,
    ),
    "gtp": Target(
        "one GTP move list per game (boardsize, komi, clear_board, play B Q16 …); the main line only",
        ".gtp",
        False,
        _gtp,
    ),
    "json": Target(
        "one JSON object per game: size, komi, handicap, rules, game information, setup stones, "
        "result, moves (SGF point, GTP vertex, comments, other properties), variations",
        ".jsonl",
        False,
        _json,
    ),
    "diagram": Target(
        "the game information and the final position with its count, as kifu show --territory "
        "draws it (--every-move: a board after each move of the main line, with its comments)",
        ".txt",
        True,
        _diagram,
    ),
}
#: targets whose records the command separates with a blank line, and output file extensions
PGN_TARGETS = frozenset(name for name, target in TARGETS.items() if target.separated)
EXTENSIONS = {name: target.extension for name, target in TARGETS.items()}


def play(
    root: Node,
    index: TextIndex,
    info: GameInfo,
    options: Options,
    variations: bool = False,
    snapshots: bool = False,
) -> Played:
    """The game walked under ``options`` (the record's ``RU`` otherwise), as the writers see it:
    the main line, and every variation when ``variations``; the position after every step when
    ``snapshots``."""
    from kifu.go.writers.common import Recorder

    rules = resolve(options.rules, info.rules, options.settings.get("ko"))
    return walk(root, WalkOptions(info, rules), Recorder(index, info, root, variations, snapshots))


def declare_encoding(document: str, target: str, codec: str) -> str:
    """The document as it must read when written with ``codec`` (``kifu convert --encoding``)."""
    from kifu.go.writers import sgf

    return sgf.declare_encoding(document, target, codec) if target == "sgf" else document
