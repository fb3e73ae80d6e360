"""The library API: what the commands do, for a Python program (documented in ``docs/api.md``).

``kifu.check``, ``kifu.convert`` and ``kifu.score`` take a path, a directory, text, bytes or a
file object (:mod:`kifu.inputs` says which is which) and the same options as the commands, and
return typed results. ``check`` runs the command's own batch runner (:func:`kifu.application.batch.run`,
in this process) with a reporter that keeps what it is told, so a program sees exactly what
``kifu check --format json`` reports.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from kifu import detection, games, inputs
from kifu.application.selection import (
    Layer,
    Selection,
    normalise_selectors,
    parse_severity,
)
from kifu.core.converted import Converted, join
from kifu.core.findings import IO_NO_RECORDS, IO_UNKNOWN_GAME, REGISTRY, Finding, Severity
from kifu.core.game import Options
from kifu.core.results import RecordReport, Totals
from kifu.core.sources import Source, SourceError
from kifu.inputs import Input, Kind

__all__ = [
    "Conversion",
    "Finding",
    "Input",
    "Kind",
    "RecordReport",
    "Report",
    "Severity",
    "check",
    "convert",
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
    """What ``kifu.convert`` wrote: the whole document, and each record's part of it."""

    text: str
    records: list[Converted] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: what the call was given: ``file``, ``directory``, ``text``, ``bytes`` or ``stream``
    kind: Kind = "file"

    @property
    def dropped(self) -> list[str]:
        """What the target could not hold, once each (``comments``, ``variations`` …)."""
        return sorted({what for record in self.records for what in record.dropped})


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
    Raises :class:`ValueError` on an unknown game or code or a setting's value its option
    refuses (``komi="x"``), :class:`TypeError` on an unknown option, :class:`FileNotFoundError`
    for a path that does not exist.
    """
    from kifu.application import batch

    options = _options(rules, settings)
    selection = _selection(select, extend_select, ignore, severity)
    given = inputs.read(source, "kifu.check")
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
    source: Input, to: str, game: str | None = None, rules: str | None = None, **settings: Any
) -> Conversion:
    """Convert the records of a file, a directory, text, bytes or a file object to the notation
    or format ``to``, as ``kifu convert`` (a directory's files one after the other, in one text).

    ``settings`` are check's (``lang`` reads the input's piece letters) plus ``write_lang``,
    the piece letters of chess SAN output, and ``every_move`` (``to="diagram"``: a board after
    every move of the main line, not only the final position). Raises :class:`ValueError` when
    the game cannot be told or cannot be written in ``to``, :class:`FileNotFoundError` for a
    path that does not exist.
    """
    extra = {key: settings.pop(key) for key in ("write_lang", "every_move") if settings.get(key) is not None}
    options = _options(rules, settings)
    if extra.get("every_move") and to != "diagram":
        raise ValueError("every_move draws a board after every move: it goes with to='diagram'")
    if extra.get("write_lang") and to != "san":
        raise ValueError(
            "write_lang writes SAN in another language's piece letters: it goes with to='san' "
            "(PGN's export format is English SAN; lang names the input's letters)"
        )
    if extra:
        options = Options(options.rules, {**options.settings, **extra})
    forced = _game(game)
    given = inputs.read(source, "kifu.convert")
    result = Conversion("", kind=given.kind)
    texts: list[str] = []
    separated = True
    for item in given.sources:
        if isinstance(item, tuple):
            result.findings.append(item[1])
            continue
        try:
            name, fmt = games.target(item, forced, to)
        except SourceError as error:
            result.findings.append(error.finding)
            continue
        except games.UnknownGame as error:
            if given.kind != "directory":
                raise
            result.findings.append(IO_UNKNOWN_GAME(str(error)))
            continue
        separated = games.need(name).TARGETS[to].separated
        for converted in games.convert(item, name, to, fmt, options):
            if isinstance(converted, Finding):
                result.findings.append(converted)
                continue
            result.records.append(converted)
            result.findings.extend(converted.findings)
            if converted.text:
                texts.append(converted.text)
    result.text = join(texts, separated)
    return result


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
    :class:`FileNotFoundError` for a path that does not exist.
    """
    given = inputs.read(source, "kifu.score")
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
    if game is not None and game not in games.GAMES:
        raise ValueError(f"unknown game {game!r}: use one of {', '.join(games.GAMES)}")
    return game


def _options(rules: str | None, settings: Mapping[str, Any]) -> Options:
    unknown = sorted(set(settings) - set(_SETTINGS))
    if unknown:
        raise TypeError(f"unknown option {unknown[0]!r}; the options are: {', '.join(_SETTINGS)}")
    checked = {key: _checked(key, value) for key, value in settings.items() if value is not None}
    return Options(rules, {_SETTINGS[key]: value for key, value in checked.items()})


def _checked(name: str, value: Any) -> Any:
    """``value`` of the setting ``name`` as its command-line option takes it (a number, one of
    its choices, a finite komi), or :class:`ValueError` saying why not: a bad value is the
    caller's mistake, not an internal error of the check."""
    import click
    from kifu.commands.check import check as command

    param = next((p for p in command.params if p.name == name), None)
    if param is None:
        return value
    if isinstance(value, bool) and not isinstance(param.type, click.types.BoolParamType):
        raise ValueError(f"{name} cannot be {value!r}")  # (Click would take True for 1)
    try:
        return param.type.convert(value, param, None)
    except click.BadParameter as error:
        raise ValueError(f"{name}: {error.message}") from None


def _selection(
    select: Iterable[str] | None,
    extend_select: Iterable[str],
    ignore: Iterable[str],
    severity: Mapping[str, str] | None,
) -> Selection | None:
    chosen, extended, ignored = _listed(select), _listed(extend_select), _listed(ignore)
    if chosen is None and not extended and not ignored and not severity:
        return None
    games.load_all_codes()
    known = frozenset(REGISTRY)
    layer = Layer(
        None if chosen is None else normalise_selectors(chosen, known, "select"),
        normalise_selectors(extended or (), known, "extend_select"),
        normalise_selectors(ignored or (), known, "ignore"),
    )
    pairs = [f"{code}={level}" for code, level in (severity or {}).items()]
    return Selection([layer], (), parse_severity(pairs, known, "severity"))


def _listed(values: Iterable[str] | None) -> tuple[str, ...] | None:
    """A lone string is one selector, not its letters."""
    if values is None:
        return None
    return (values,) if isinstance(values, str) else tuple(values)
