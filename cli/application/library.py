"""The library API: what the commands do, for a Python program (documented in ``docs/api.md``).

``kifu.check``, ``kifu.convert`` and ``kifu.score`` take a path, a directory, text, bytes or a
file object (:mod:`kifu.application.library_inputs` says which is which) and the same options as
the commands, and return typed results. ``check`` runs the command's own batch runner
(:func:`kifu.application.batch.run`, in this process) with a reporter that keeps what it is told,
so a program sees exactly what ``kifu check --format json`` reports. ``kifu`` re-exports its
public names; ``kifu.api``, its path up to 0.2, re-exports them too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from kifu import games
from kifu.application import detection, library_inputs
from kifu.application.library_inputs import Input, Kind
from kifu.application.selection import (
    Layer,
    Selection,
    normalise_selectors,
    parse_severity,
)
from kifu.core.converted import Converted, fails, join, writes
from kifu.core.findings import (
    IO_NO_RECORDS,
    IO_UNKNOWN_GAME,
    REGISTRY,
    Assumption,
    Edit,
    Finding,
    Fix,
    Severity,
    located,
)
from kifu.core.game import Game, Marks, Options, Position, RawRecord
from kifu.core.record import Span
from kifu.core.results import RecordReport, Totals
from kifu.core.sources import Source, SourceError

__all__ = [
    "Assumption",
    "Conversion",
    "Converted",
    "Edit",
    "Finding",
    "Fix",
    "Fixed",
    "Input",
    "Kind",
    "Marks",
    "Position",
    "RecordReport",
    "Report",
    "Severity",
    "Span",
    "check",
    "convert",
    "fix",
    "score",
]

#: keyword → the key the games read in :attr:`Options.settings` (the registry's one table)
_SETTINGS = games.API_SETTINGS


@dataclass(slots=True)
class Report:
    """What ``kifu.check`` found in one file, text or directory: the JSON report's ``files``
    entry, typed.

    ``records`` holds one :class:`~kifu.core.results.RecordReport` per record; ``findings``
    are the findings about the file itself; ``ignored`` counts the findings the selection left
    out. For a directory, ``files`` holds a report per file, and ``records``, ``findings`` and
    ``ignored`` are theirs together (``game`` and ``format`` when all its files share them).
    """

    path: str
    game: str | None
    format: str | None
    records: list[RecordReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    ignored: int = 0
    #: what the call was given: ``file``, ``directory``, ``text``, ``bytes`` or ``stream``
    kind: Kind = "file"
    #: a directory's files, each its own report (their records and findings are this one's too)
    files: list[Report] = field(default_factory=list)

    @property
    def all_findings(self) -> list[Finding]:
        """Every finding: the records' in order, then the file's."""
        return [finding for record in self.records for finding in record.findings] + self.findings

    @property
    def errors(self) -> list[Finding]:
        """The findings of severity ``error``."""
        return [finding for finding in self.all_findings if finding.severity is Severity.ERROR]

    @property
    def ok(self) -> bool:
        """Whether nothing of severity ``error`` was found."""
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        """The ``files`` entry of the JSON output contract."""
        return {
            "path": self.path,
            "game": self.game,
            "format": self.format,
            "records": [record.to_dict() for record in self.records],
            "findings": [finding.to_dict() for finding in self.findings],
        }


@dataclass(slots=True)
class Conversion:
    """What ``kifu.convert`` wrote: the whole document, and each record's part of it.

    A record kifu cannot replay in full is refused, as ``kifu convert`` refuses it: it is in
    ``records`` (with its ``problems`` and ``lost``) but its text is empty and not in ``text``,
    and ``findings`` say why, as ``kifu.check`` reports it; ``ok`` is then false.
    """

    text: str
    records: list[Converted] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: what the call was given: ``file``, ``directory``, ``text``, ``bytes`` or ``stream``
    kind: Kind = "file"

    @property
    def dropped(self) -> list[str]:
        """What the target could not hold, once each (``comments``, ``variations`` …)."""
        return sorted({what for record in self.records for what in record.dropped})

    @property
    def refused(self) -> list[Converted]:
        """The records not written, since kifu could not replay all of them."""
        return [record for record in self.records if not writes(record, lenient=True)]

    @property
    def errors(self) -> list[Finding]:
        """The findings of severity ``error``."""
        return [finding for finding in self.findings if finding.severity is Severity.ERROR]

    @property
    def ok(self) -> bool:
        """Whether the conversion is whole: no finding of severity ``error`` (``kifu convert``
        exits 0)."""
        return not self.errors


def check(
    source: Input,
    game: str | None = None,
    rules: str | None = None,
    *,
    select: Iterable[str] | None = None,
    extend_select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    severity: Mapping[str, str] | None = None,
    **settings: Any,
) -> Report:
    """Check the records of a file, a directory, text, bytes or a file object, as ``kifu check``.

    ``game`` is ``chess``, ``xiangqi`` or ``go`` (default: by extension, then by content);
    ``rules`` a preset (``fide``, ``cxa``, ``axf``, ``chinese`` …); ``settings`` the overrides
    of the command line (``komi``, ``ko``, ``lang``, ``abridged``, ``repetition``,
    ``natural_limit``, ``natural_limit_checks``). ``select``, ``extend_select``, ``ignore``
    (codes or prefixes) and ``severity`` (a code to a severity: PGN012 to warning) choose the findings as
    the options of the same names do. ``Report.kind`` says what ``source`` was taken for.
    Raises :class:`ValueError` on an unknown game, preset or code or a setting's value its
    option refuses (``komi="x"``), :class:`TypeError` on an unknown option or a value of the
    wrong type, :class:`FileNotFoundError` for a path that does not exist.
    """
    from kifu.application import batch

    options = _options(rules, settings)
    selection = _selection(select, extend_select, ignore, severity)
    given = library_inputs.read(source, "kifu.check")
    totals = Totals()
    collected = _Collector(totals)
    plan = batch.Batch(detection.detect, games.load, _game(game), jobs=1)
    batch.run(given.sources, plan, options, collected, None, selection, totals=totals)
    if given.kind != "directory":
        (report,) = collected.reports
        report.kind = given.kind
        return report
    report = Report(given.path, None, None, kind="directory", files=collected.reports)
    for each in collected.reports:
        report.records += each.records
        report.findings += each.findings
        report.ignored += each.ignored
    if len({(each.game, each.format) for each in collected.reports}) == 1:
        report.game, report.format = collected.reports[0].game, collected.reports[0].format
    if not collected.reports:
        report.findings.append(IO_NO_RECORDS(f"no record files in {given.path}"))
    return report


@dataclass(slots=True)
class Fixed:
    """What ``kifu.fix`` made of a record file, text or bytes: its content with the fixes applied
    (nothing is written), how many findings they repaired, and the check of the fixed content."""

    #: the fixed content, in the source's own encoding, every byte outside the edits kept
    data: bytes
    #: how many findings the fixes repaired, over the rounds of fix and check
    fixed: int
    #: the check of the fixed content: what is left
    report: Report
    #: the codec the content is read with (``None``: UTF-8, a line that is not as Latin-1)
    codec: str | None = None

    @property
    def text(self) -> str:
        """:attr:`data` decoded as it is read."""
        if self.codec is not None:
            return self.data.decode(self.codec, "replace")
        try:
            return self.data.decode("utf-8")
        except UnicodeDecodeError:
            return self.data.decode("latin-1")


def fix(
    source: Input,
    game: str | None = None,
    rules: str | None = None,
    *,
    unsafe: bool = False,
    fix_comments: bool = True,
    unfixable: Iterable[str] = (),
    extend_safe_fixes: Iterable[str] = (),
    select: Iterable[str] | None = None,
    extend_select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    **settings: Any,
) -> Fixed:
    """The fixes of ``kifu check --fix`` applied to a file, text, bytes or a file object, returned
    (nothing is written): the safe ones, and with ``unsafe`` the unsafe ones too; ``unfixable``
    and ``extend_safe_fixes`` (codes or prefixes), ``fix_comments`` and the other arguments as
    for :func:`check` and the options of the same names. Raises :class:`ValueError` for a
    directory (``kifu check --fix`` fixes a directory's files) and as :func:`check` does.
    """
    from kifu.application import batch
    from kifu.application.fixing import Policy, fix_sources

    _flag("unsafe", unsafe)
    _flag("fix_comments", fix_comments)
    options = replace(_options(rules, settings), fix_notes=fix_comments)
    selection = _selection(select, extend_select, ignore, None)
    games.load_all_codes()
    known = frozenset(REGISTRY)
    policy = Policy(
        unsafe,
        normalise_selectors(_listed(unfixable, "unfixable") or (), known, "unfixable"),
        normalise_selectors(
            _listed(extend_safe_fixes, "extend_safe_fixes") or (), known, "extend_safe_fixes"
        ),
    )
    given = library_inputs.read(source, "kifu.fix")
    if given.kind == "directory":
        raise ValueError(f"kifu.fix: {given.path} is a directory: fix its files, or run kifu check --fix")
    plan = batch.Batch(detection.detect, games.load, _game(game), jobs=1)

    def check_them(items: list[Source], reporter: Any) -> None:
        batch.run(items, plan, options, reporter, None, selection)

    (first,) = given.sources
    if not isinstance(first, Source):  # (cannot be read: its finding is the report)
        return Fixed(
            b"", 0, check(source, game, rules, select=select, extend_select=extend_select, ignore=ignore)
        )
    results = fix_sources([first], check_them, policy, _codec_of)
    entry = results[0] if results else None
    if entry is not None and entry.refused is not None:
        raise ValueError(f"kifu.fix: {entry.refused}")
    data = entry.data if entry is not None else _content(first)
    fixed = sum(entry.applied.values()) if entry is not None else 0
    again = Source(first.path, first.root, data) if first.data is not None or entry is not None else first
    report = _report_of(again, plan, options, selection)
    report.kind = given.kind
    return Fixed(data, fixed, report, entry.codec if entry is not None else None)


def _codec_of(game: str, path: str) -> str | None:
    module = games.load(game) if game in games.GAMES else None
    return None if module is None else module.text_encoding(path)


def _content(source: Source) -> bytes:
    if source.data is not None:
        return source.data
    with open(source.path, "rb") as stream:
        return stream.read()


def _report_of(source: Source, plan: Any, options: Options, selection: Any) -> Report:
    from kifu.application import batch

    totals = Totals()
    collected = _Collector(totals)
    batch.run([source], plan, options, collected, None, selection, totals=totals)
    (report,) = collected.reports
    return report


class _Collector:
    """The reporter of :func:`check`: a :class:`Report` per file, as the runner tells them."""

    uses_tags = True

    def __init__(self, totals: Totals) -> None:
        self.reports: list[Report] = []
        self._totals = totals
        self._ignored = 0

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self.reports.append(Report(path, game, fmt))
        self._ignored = self._totals.ignored

    def record(self, report: RecordReport) -> None:
        self.reports[-1].records.append(report)

    def end_file(self, findings: list[Finding]) -> None:
        self.reports[-1].findings += findings
        self.reports[-1].ignored = self._totals.ignored - self._ignored

    def end(self, totals: Totals) -> None:
        pass


def convert(
    source: Input,
    to: str,
    game: str | None = None,
    rules: str | None = None,
    *,
    lenient: bool = False,
    write_lang: str | None = None,
    every_move: bool = False,
    **settings: Any,
) -> Conversion:
    """Convert the records of a file, a directory, text, bytes or a file object to the notation
    or format ``to``, as ``kifu convert`` (a directory's files one after the other, in one text).

    A record kifu cannot replay in full is refused as the command refuses it (see
    :class:`Conversion`); ``lenient=True`` writes it as ``--lenient`` does, without findings.
    ``settings`` are check's (``lang`` reads the input's piece letters); ``write_lang`` gives the
    piece letters of chess SAN output and ``every_move`` (``to="diagram"``) a board after every
    move of the main line. Raises :class:`ValueError` when the game cannot be told or cannot be
    written in ``to``, or on a value an option refuses, :class:`TypeError` on a value of the
    wrong type or an unknown option, :class:`FileNotFoundError` for a path that does not exist.
    """
    from kifu.core import records

    if not isinstance(to, str):
        raise TypeError(f"to takes the name of a target ('pgn', 'sgf' …), not {type(to).__name__}")
    _flag("lenient", lenient)
    _flag("every_move", every_move)
    options = _options(rules, settings)
    extra: dict[str, Any] = {}
    if every_move:
        if to != "diagram":
            raise ValueError("every_move draws a board after every move: it goes with to='diagram'")
        extra["every_move"] = True
    if write_lang is not None:
        extra["write_lang"] = _checked("lang", write_lang, "write_lang")
        if to != "san":
            raise ValueError(
                "write_lang writes SAN in another language's piece letters: it goes with to='san' "
                "(PGN's export format is English SAN; lang names the input's letters)"
            )
    if extra:
        options = Options(options.rules, {**options.settings, **extra})
    forced = _game(game)
    given = library_inputs.read(source, "kifu.convert")
    result = Conversion("", kind=given.kind)
    texts: list[str] = []
    separated = True
    for item in given.sources:
        if isinstance(item, tuple):
            result.findings.append(item[1])
            continue
        try:
            name, fmt = detection.target(item, forced, to)
        except SourceError as error:
            result.findings.append(error.finding)
            continue
        except detection.UnknownGame as error:
            if given.kind != "directory":
                raise
            result.findings.append(IO_UNKNOWN_GAME(str(error)))
            continue
        module = games.need(name)
        separated = module.TARGETS[to].separated
        for raw in records.guarded_records(module, item, fmt, options):
            if isinstance(raw, Finding):
                result.findings.append(raw)
                continue
            converted = records.convert_record(module, raw, to, options)
            result.records.append(converted)
            result.findings.extend(converted.findings)
            if fails(converted, lenient) or converted.contradicted:
                result.findings.extend(_why(module, raw, options, converted, lenient))
            if not writes(converted, lenient):
                converted.text = ""
            if converted.text:
                texts.append(converted.text)
    result.text = join(texts, separated)
    return result


def _why(
    module: Game[Any], raw: RawRecord[Any], options: Options, converted: Converted, lenient: bool
) -> list[Finding]:
    """The findings ``kifu.check`` reports on a record whose conversion fails (:func:`fails`):
    its errors (CHESS101 …), else its warnings as errors (a variant kifu does not replay); and
    the result it contradicts, as warnings (written as stated). Raises :class:`ValueError` when
    the target cannot hold the record and check finds nothing wrong with it (a GTP board that
    is not square)."""
    from kifu.core import records

    found = records.check_record(module, raw, options).findings
    why: list[Finding] = []
    if fails(converted, lenient):
        for level in (Severity.ERROR, Severity.WARNING):
            why = [
                replace(finding, severity=Severity.ERROR) for finding in found if finding.severity is level
            ]
            if why:
                break
        else:
            raise ValueError(
                f"record {converted.index} cannot be converted to this target: {converted.problems[0]}"
            )
    said = set(converted.contradicted)
    why += [replace(finding, severity=Severity.WARNING) for finding in found if located(finding) in said]
    return why


def score(
    source: Input,
    rules: str | None = None,
    *,
    komi: float | None = None,
    ko: str | None = None,
    dead: str | None = None,
) -> list[dict[str, Any]]:
    """Count the Go games of a file, a directory, text, bytes or a file object by area, as
    ``kifu score --format json`` does.

    One dictionary per game: ``path``, ``index``, ``declared_result``, ``score`` (``black`` and
    ``white`` stones, territory and area, ``komi``, ``margin``, ``result``), ``agrees`` (with
    ``RE``), ``findings``. ``dead`` names dead stones (``"D4,Q16"`` or ``"dd,pp"``). Raises
    :class:`FileNotFoundError` for a path that does not exist, :class:`ValueError` on a value
    an option refuses and :class:`TypeError` on a value of the wrong type.
    """
    rules = _checked("rules", rules)
    komi = _checked("komi", komi)
    ko = _checked("ko", ko)
    dead = _checked("dead", dead)
    given = library_inputs.read(source, "kifu.score")
    sources: list[Source] = []
    for item in given.sources:
        if isinstance(item, tuple):
            raise OSError(f"cannot read {item[0]}: {item[1].message}")
        if given.kind != "directory" or _records_go(item):  # a directory's other files left alone
            sources.append(item)
    return list(score_sources(sources, rules, komi, ko, dead, None))


def score_sources(
    sources: Iterable[Source],
    rules: str | None,
    komi: float | None,
    ko: str | None,
    dead: str | None,
    dead_from: str | None,
    settings: Callable[[Source], tuple[Options, str | None]] | None = None,
) -> Iterator[dict[str, Any]]:
    """The count of every Go game of ``sources``, one entry each, as they come: :func:`score`,
    and ``kifu score``, which may also ask GNU Go for the dead stones (``dead_from``) and gives
    each source the options and dead stones of its own configuration (``settings``, in place of
    ``rules``, ``komi``, ``ko`` and ``dead``). Raises :class:`LookupError` at once when this
    build has no Go package."""
    scorer = games.scorer("go")
    if scorer is None:
        raise LookupError("this build of kifu has no Go package")
    fixed = go_options(rules, komi, ko), dead
    return (
        entry
        for source in sources
        for entry in scorer.score_source(source, *(settings(source) if settings else fixed), dead_from)
    )


def go_options(rules: str | None, komi: float | None, ko: str | None) -> Options:
    """The options of a Go count: a rules preset (``None``: the record's ``RU``), komi and ko
    (``None``: the record's, else the preset's)."""
    chosen: dict[str, Any] = {}
    if komi is not None:
        if not isinstance(komi, (int, float)) or not math.isfinite(komi):
            raise ValueError(f"komi must be a finite number, not {komi!r}")
        chosen["komi"] = komi
    if ko is not None:
        chosen["ko"] = ko
    return Options(rules, chosen)


def _records_go(source: Source) -> bool:
    """Whether ``source`` holds Go records (or cannot be read: the scorer says so)."""
    try:
        detected = detection.detect(source)
    except SourceError:
        return True
    return detected is not None and detected[0] == "go"


def _game(game: str | None) -> str | None:
    if game is None:
        return None
    if not isinstance(game, str):
        raise TypeError(f"game takes the name of a game (chess, xiangqi, go), not {type(game).__name__}")
    if game not in games.GAMES:
        raise ValueError(f"unknown game {game!r}: use one of {', '.join(games.GAMES)}")
    return game


def _flag(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{name} takes True or False, not {type(value).__name__}")


def _options(rules: str | None, settings: Mapping[str, Any]) -> Options:
    unknown = sorted(set(settings) - set(_SETTINGS))
    if unknown:
        raise TypeError(f"unknown option {unknown[0]!r}; the options are: {', '.join(_SETTINGS)}")
    checked = {key: _checked(key, value) for key, value in settings.items() if value is not None}
    return Options(_checked("rules", rules), {_SETTINGS[key]: value for key, value in checked.items()})


def _checked(name: str, value: Any, keyword: str | None = None) -> Any:
    """``value`` of the setting ``name`` (given as ``keyword``, by default ``name``) as its
    command-line option takes it (a number, one of its choices, a finite komi, a known
    language), or :class:`TypeError` or :class:`ValueError` saying why not: a bad value is the
    caller's mistake, not an internal error of the check."""
    import click
    from kifu.application.settings import TYPES, check_language

    keyword = keyword or name
    if value is None:
        return None
    kind = TYPES.get(name)
    if kind is None:
        return value
    expected: tuple[type, ...]
    if isinstance(kind, click.Choice):
        what, expected = "one of " + ", ".join(map(str, kind.choices)), (str,)
    elif isinstance(kind, click.types.IntParamType):
        what, expected = "a whole number", (int, str)
    elif isinstance(kind, click.types.FloatParamType):
        what, expected = "a number", (int, float, str)
    else:
        what, expected = "a str", (str,)
    # (a bool is an int to Python, and True would be taken for 1)
    if isinstance(value, bool) or not isinstance(value, expected):
        raise TypeError(f"{keyword} takes {what}, not {type(value).__name__}")
    try:
        if name == "lang":
            return check_language(str(value), keyword)
        return kind.convert(value, None, None)
    except click.BadParameter as error:
        raise ValueError(f"{keyword}: {error.message}") from None


def _selection(
    select: Iterable[str] | None,
    extend_select: Iterable[str],
    ignore: Iterable[str],
    severity: Mapping[str, str] | None,
) -> Selection | None:
    chosen = _listed(select, "select")
    extended, ignored = _listed(extend_select, "extend_select"), _listed(ignore, "ignore")
    if severity is not None and not isinstance(severity, Mapping):
        raise TypeError(f"severity takes a mapping of codes to severities, not {type(severity).__name__}")
    pairs = [(code, level) for code, level in (severity or {}).items()]
    if not all(isinstance(code, str) and isinstance(level, str) for code, level in pairs):
        raise TypeError("severity maps codes to severities, each a str ('error', 'warning' or 'info')")
    if chosen is None and not extended and not ignored and not severity:
        return None
    games.load_all_codes()
    known = frozenset(REGISTRY)
    layer = Layer(
        None if chosen is None else normalise_selectors(chosen, known, "select"),
        normalise_selectors(extended or (), known, "extend_select"),
        normalise_selectors(ignored or (), known, "ignore"),
    )
    return Selection(
        [layer], (), parse_severity([f"{code}={level}" for code, level in pairs], known, "severity")
    )


def _listed(values: Iterable[str] | None, name: str) -> tuple[str, ...] | None:
    """A lone string is one selector, not its letters."""
    if values is None:
        return None
    if isinstance(values, str):
        return (values,)
    if isinstance(values, (bytes, Mapping)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} takes a code, a prefix or a list of them, not {type(values).__name__}")
    listed = tuple(values)
    wrong = [value for value in listed if not isinstance(value, str)]
    if wrong:
        raise TypeError(f"{name} takes codes or prefixes, each a str, not {type(wrong[0]).__name__}")
    return listed
