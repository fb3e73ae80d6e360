"""What a game package provides to the commands: one interface, declared here, checked by mypy.

Each game (``kifu.chess``, ``kifu.go``, ``kifu.xiangqi``) has a module ``game`` that satisfies
:class:`Game`; ``kifu.games`` is the one registry that names them, imports them lazily, and
holds the static assignment that makes mypy check each module against this Protocol.

A game splits a file into records cheaply (:meth:`Game.records`: no parsing, so that a file
can be spread over workers and one broken record never hides the others); everything else
happens per record, behind the crash guard of :mod:`kifu.core.records`: the check, each
conversion and the count are visitors of the game's one walk over the record's moves.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from kifu.core.converted import Converted
from kifu.core.findings import REGISTRY, Finding
from kifu.core.parts import Part, PartRead
from kifu.core.results import RecordReport
from kifu.core.sources import Source

T = TypeVar("T")
W = TypeVar("W")


@dataclass(frozen=True, slots=True)
class Options:
    """What the command line says about the rules, for every command alike.

    ``rules`` is a preset name, or ``None`` for the record's own rules and then the game's
    default; ``settings`` holds the game-specific overrides (``komi``, ``ko``,
    ``natural_limit``, ``xiangqi_abridged``, ``lang`` …), each game reading those it knows.
    check, convert and score take the same options because they are one walk.
    """

    rules: str | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: how many boards of each record's findings (and its count, its repetition) the check keeps
    #: the positions of, from its own walk (:attr:`RecordReport.positions`): the HTML report's
    #: cap per file, every finding for ``kifu show --finding``; 0: none
    boards: int = 0
    #: whether an unsafe fix that changes a move also leaves a comment in the record saying what it
    #: changed and why (``{kifu: 8. Nd3 corrected to Bd3: …}``); ``--no-fix-comments`` clears it
    fix_notes: bool = True


@dataclass(frozen=True, slots=True)
class RawRecord(Generic[T]):
    """One record cut from its file, not yet parsed: cheap to make and to send to a worker.

    ``index`` is 1-based in the file, ``line`` where the record starts, ``weight`` about how
    many characters it holds (for progress displays and for balancing workers); ``data`` is
    the game's own (the record's lines, its text, or an already decoded record).
    """

    index: int
    line: int
    weight: int
    data: T


@dataclass(frozen=True, slots=True)
class Target(Generic[W]):
    """A ``convert --to`` target: what it is, its file extension, how records are joined, and
    the game's writer of it.

    ``separated``: records are joined by a blank line (PGN, position lists); otherwise each
    record's text is written as it is (it ends with its own newline). ``writer`` is the game's
    own (its type ``W`` differs from game to game): what writes a record in this target from
    what the game's one walk gives, so that a conversion looks its target up instead of
    testing target names.
    """

    description: str
    extension: str
    separated: bool
    writer: W


@dataclass(frozen=True, slots=True)
class Marks:
    """What a board drawn for a finding shows of it, in the game's own coordinates (chess squares
    ``d1``, xiangqi ICCS points ``b0``, Go SGF points ``dd``); every renderer draws them alike,
    as SVG and as text.

    ``caption`` goes under the board (the move, the ply, the code); ``attempted`` is the move as
    written, ``(origin, target)``, with no origin when none can be told (a cross on the target);
    ``assumed`` the move kifu assumed in its stead; ``candidates`` the moves an ambiguous text
    fits (each piece ringed, each target marked); ``reason`` says in a word why the move is
    illegal (Go: occupied, suicide, ko, superko); ``captures`` the stones the move would take (Go:
    the ko stone); ``notes`` more lines for the legend (a repetition's cycle, a count).
    """

    caption: str
    attempted: tuple[str | None, str] | None = None
    assumed: tuple[str, str] | None = None
    candidates: tuple[tuple[str, str], ...] = ()
    reason: str = ""
    captures: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


#: where the board of a finding stands: the position after that ply, the record's final position,
#: or ``None`` when the finding is about no position (a tag, the syntax)
Where = int | Literal["final"] | None
FINAL: Literal["final"] = "final"


def board_at(finding: Finding) -> Where:
    """Where the board of ``finding`` stands, as its code is registered
    (:attr:`~kifu.core.findings.Code.board`): before its move (the position after the ply
    before it), after it, or the final position for a finding without a move; ``None``: no
    position (a tag, the syntax)."""
    code = REGISTRY.get(finding.code)
    board = code.board if code is not None else "move"
    if finding.ply is not None:
        return finding.ply if board == "after" else finding.ply - 1
    return FINAL if board == "final" else None


@dataclass(frozen=True, slots=True)
class Position:
    """A position of a record, for ``kifu show`` and the HTML report.

    ``position`` is FEN (chess), xiangqi FEN, or Go rows of ``.XO`` joined by ``/``; ``ply`` the
    plies played to reach it (0: the start); ``move`` the move that led to it in the game's
    coordinates (UCI, ICCS, the SGF point; ``None`` at the start or for a pass) and ``written``
    as the record wrote it; ``before`` the position before that move, when known. ``extra``
    holds what a game adds (Go: ``dead`` stones as SGF points, the ``score`` line of its count);
    ``marks`` what a finding's board shows of the finding (:class:`Marks`).
    """

    position: str
    ply: int = 0
    move: str | None = None
    written: str | None = None
    before: str | None = None
    extra: Mapping[str, str] = field(default_factory=dict)
    marks: Marks | None = None


class Snapshots(Generic[T]):
    """The main line's positions, kept as a game's walk reaches them: a cheap snapshot of each
    (a board's copy), the move that led to it and its text, made into :class:`Position` only
    for the plies asked (:meth:`positions`). ``text`` writes a snapshot in the form of
    :attr:`Position.position`. :meth:`stop` ends the keeping (the first move of the main line
    that cannot be played: a board shows the record as written)."""

    def __init__(self, text: Callable[[T], str]) -> None:
        self.text = text
        #: in the order of the line (the start first): ply, snapshot, the move in the game's
        #: coordinates, its text
        self.kept: list[tuple[int, T, str | None, str | None]] = []
        self.stopped = False

    def start(self, snapshot: T) -> None:
        """The record's start position (ply 0)."""
        self.kept = [(0, snapshot, None, None)]

    def keep(self, ply: int, snapshot: T, move: str | None, written: str | None) -> None:
        """The position after ``ply``, reached by ``move`` (written as ``written``)."""
        if self.stopped:
            return
        kept = self.kept
        while kept and kept[-1][0] >= ply:  # (a ply told again replaces the one kept)
            kept.pop()
        kept.append((ply, snapshot, move, written))

    def stop(self) -> None:
        """Keep no more positions."""
        self.stopped = True

    def positions(self, plies: Collection[int | None]) -> dict[int | None, Position]:
        """The positions after ``plies`` that were reached (``None``: the last one), each with
        the position before it."""
        kept = self.kept
        at = {ply: number for number, (ply, _, _, _) in enumerate(kept)}
        texts: dict[int, str] = {}

        def text(number: int) -> str:
            if number not in texts:
                texts[number] = self.text(kept[number][1])
            return texts[number]

        found: dict[int | None, Position] = {}
        for wanted in plies:
            number = len(kept) - 1 if wanted is None else at.get(wanted, -1)
            if number < 0:
                continue
            ply, _, move, written = kept[number]
            if number == 0:
                found[wanted] = Position(text(0))
            else:
                found[wanted] = Position(text(number), ply, move, written, text(number - 1))
        return found

    def last(self) -> tuple[int, str | None, str | None, str | None]:
        """The last position kept: its ply, move, text and the position before it (``None`` at
        the start)."""
        number = len(self.kept) - 1
        if number <= 0:
            return 0, None, None, None
        ply, _, move, written = self.kept[number]
        return ply, move, written, self.text(self.kept[number - 1][1])


def kept_plies(report: RecordReport, boards: int) -> list[int | None]:
    """The plies whose positions the boards of ``report`` need, within ``boards`` of them: the
    final position for a count, the repetition's first, then each finding's board, in the
    order the HTML report draws them (``kifu show --finding``: all of them)."""
    plies: list[int | None] = []
    if boards <= 0:
        return plies
    if report.score is not None:
        plies.append(None)
    first = report.repetition.get("first") if report.repetition is not None else None
    if isinstance(first, int):
        plies.append(first)
    for finding in report.findings:
        if len(plies) >= boards:
            break
        at = board_at(finding)
        if at is None or (isinstance(at, int) and at < 0):
            continue
        plies.append(None if at == FINAL else at)
    return plies


@dataclass(frozen=True, slots=True)
class Preset:
    """A rules preset (``--rules NAME``) and what it means, for the help and the docs."""

    description: str


@dataclass(frozen=True, slots=True)
class Setting:
    """A game-specific option: the key in :attr:`Options.settings`, what it does, its values."""

    key: str
    help: str
    choices: tuple[str, ...] = ()


#: the setting of ``convert --to diagram --every-move``, the same for every game
EVERY_MOVE = Setting(
    "every_move",
    "convert --to diagram: a diagram after every move of the main line (default: the final position)",
)


class Game(Protocol[T]):
    """A game package's side of kifu: the module ``kifu.<game>.game``.

    ``T`` is the type of the game's :attr:`RawRecord.data`.
    """

    @property
    def __name__(self) -> str:
        """The module's import name (a worker imports the game by it)."""

    @property
    def NAME(self) -> str:
        """``chess``, ``xiangqi`` or ``go``."""

    @property
    def TARGETS(self) -> Mapping[str, Target[Any]]:
        """``convert --to`` targets by name."""

    @property
    def PRESETS(self) -> Mapping[str, Preset]:
        """Rules presets by name; the first is the default."""

    @property
    def SETTINGS(self) -> tuple[Setting, ...]:
        """The game-specific options it honours (for every command alike)."""

    def load_codes(self) -> None:
        """Register the game's finding codes (``kifu explain``, SARIF rules)."""

    def records(self, source: Source, fmt: str, options: Options) -> Iterator[RawRecord[T] | Finding]:
        """Cut ``source`` into records, streaming; a Finding concerns the file itself.

        Raises :class:`~kifu.core.sources.SourceError` when the file cannot be read at all.
        """

    def check_record(self, record: RawRecord[T], options: Options) -> RecordReport:
        """Read, walk and judge one record: the checker visitor of the walk."""

    def convert_record(self, record: RawRecord[T], target: str, options: Options) -> Converted:
        """Read and walk one record, writing it in ``target`` (a writer visitor of the walk)."""

    def declare_encoding(self, document: str, target: str, codec: str) -> str:
        """``document`` as written in ``codec``, declaring it where the format can (SGF ``CA``)."""

    def text_encoding(self, path: str) -> str | None:
        """The codec the game's reader reads the file at ``path`` with; ``None``: UTF-8, a line
        that is not as Latin-1 (also when the file cannot be read)."""


class Drawing(Protocol):
    """A game's drawing of its positions, for ``kifu show`` and the HTML report: its ``show``
    module (named by the registry, imported only to draw: a check never loads it)."""

    def positions(
        self, record: RawRecord[Any], options: Options, plies: Collection[int | None]
    ) -> dict[int | None, Position]:
        """The main line's positions after each of ``plies`` (``None``: the final one), by a
        visitor of the walk; a ply the line does not reach is left out."""

    def draw(self, position: Position, *, svg: bool, size: int, territory: bool) -> str:
        """``position`` as terminal text or an SVG document ``size`` pixels high; ``territory``
        (Go): the final count (territory, dead stones, the score)."""

    def mark(self, position: Position, finding: Finding, options: Options) -> Position:
        """``position`` (the one :func:`board_at` names) with the :class:`Marks` of ``finding``
        (the game's ``marks`` module)."""


class PartReader(Protocol[T]):
    """A game whose large files the workers of a batch read a part each (:mod:`kifu.core.parts`):
    its records are cut at lines, and one starts with a line that opens with ``[``."""

    def cut_parts(self, path: str, size: int) -> Iterator[Part]:
        """The file at ``path`` cut into parts of about ``size`` bytes (the parent's side)."""

    def part_records(self, part: Part) -> PartRead[RawRecord[T]]:
        """The records of ``part`` (and of the parts read on through), numbered from 1 in it."""


class Scorer(Protocol):
    """A game that counts its finished games (Go): ``kifu score``."""

    def score_source(
        self, source: Source, options: Options, dead: str | None, dead_from: str | None
    ) -> list[dict[str, Any]]:
        """One JSON-ready count per game of ``source``; ``dead`` and ``dead_from`` name dead stones."""
