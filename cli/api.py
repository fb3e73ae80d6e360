"""The library API: what the commands do, for a Python program (documented in ``docs/api.md``).

``kifu.check``, ``kifu.convert`` and ``kifu.score`` take a path or a record's text and the
same options as the commands, and return typed results; they go through the same registry and
per-record crash guard as the commands, so a program sees exactly what ``kifu check --format
json`` reports.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kifu import detection, games
from kifu.core.converted import Converted
from kifu.core.findings import IO_NO_RECORDS, IO_UNKNOWN_GAME, REGISTRY, Finding, Severity
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.core.selection import (
    Layer,
    Selection,
    normalise_selectors,
    parse_severity,
)
from kifu.core.sources import Source, SourceError

PathOrText = str | os.PathLike[str]

#: keyword → the key the games read in :attr:`Options.settings` (the registry's one table)
_SETTINGS = games.API_SETTINGS


@dataclass(slots=True)
class Report:
    """What ``kifu.check`` found in one file or text: the JSON report's ``files`` entry, typed.

    ``records`` holds one :class:`~kifu.core.results.RecordReport` per record; ``findings``
    are the findings about the file itself; ``ignored`` counts the findings the selection left out.
    """

    path: str
    game: str | None
    format: str | None
    records: list[RecordReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    ignored: int = 0

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

    @property
    def dropped(self) -> list[str]:
        """What the target could not hold, once each (``comments``, ``variations`` …)."""
        return sorted({what for record in self.records for what in record.dropped})


def check(
    path_or_text: PathOrText,
    game: str | None = None,
    rules: str | None = None,
    *,
    select: Iterable[str] | None = None,
    extend_select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    severity: Mapping[str, str] | None = None,
    **settings: Any,
) -> Report:
    """Check the records of a file, or of a record given as text, as ``kifu check`` does.

    ``game`` is ``chess``, ``xiangqi`` or ``go`` (default: by extension, then by content);
    ``rules`` a preset (``fide``, ``cxa``, ``axf``, ``chinese`` …); ``settings`` the overrides
    of the command line (``komi``, ``ko``, ``lang``, ``abridged``, ``repetition``,
    ``natural_limit``, ``natural_limit_checks``). ``select``, ``extend_select``, ``ignore``
    (codes or prefixes) and ``severity`` (``{"PGN012": "warning"}``) choose the findings as
    the options of the same names do. Raises :class:`ValueError` on an unknown game, option or
    code, :class:`FileNotFoundError` for a path that does not exist.
    """
    options = _options(rules, settings)
    selection = _selection(select, extend_select, ignore, severity)
    source = _source(path_or_text)
    forced = _game(game)
    report = Report(source.path, None, None)
    try:
        detected = detection.detect(source, forced)
    except SourceError as error:
        report.findings.append(error.finding)
        return report
    if detected is None:
        report.findings.append(IO_UNKNOWN_GAME(f"cannot tell which game {source.path} records; pass game="))
        return report
    report.game, report.format = detected
    try:
        for item in games.check(source, report.game, report.format, options):
            if isinstance(item, Finding):
                report.findings.append(item)
            else:
                report.records.append(item)
    except SourceError as error:
        report.findings.append(error.finding)
    if not report.records and not any(f.severity >= IO_NO_RECORDS.severity for f in report.findings):
        report.findings.append(IO_NO_RECORDS(f"no {report.game} records found in {source.path}"))
    if selection is not None:
        relative = source.relative
        for record in report.records:
            record.findings, dropped = selection.apply(relative, record.findings)
            report.ignored += len(dropped)
        report.findings, dropped = selection.apply(relative, report.findings)
        report.ignored += len(dropped)
    return report


def convert(
    path_or_text: PathOrText, to: str, game: str | None = None, rules: str | None = None, **settings: Any
) -> Conversion:
    """Convert the records of a file or text to the notation or format ``to``, as ``kifu convert``.

    ``settings`` are check's (``lang`` reads the input's piece letters) plus ``write_lang``,
    the piece letters of chess SAN output, and ``every_move`` (``to="diagram"``: a board after
    every move of the main line, not only the final position). Raises :class:`ValueError` when
    the game cannot be told or cannot be written in ``to``.
    """
    extra = {key: settings.pop(key) for key in ("write_lang", "every_move") if settings.get(key) is not None}
    options = _options(rules, settings)
    if extra.get("every_move") and to != "diagram":
        raise ValueError("every_move draws a board after every move: it goes with to='diagram'")
    if extra:
        options = Options(options.rules, {**options.settings, **extra})
    source = _source(path_or_text)
    detected = detection.detect(source, _game(game))
    if detected is None:
        raise ValueError(f"cannot tell which game {source.path} records; pass game=")
    name, fmt = detected
    module = games.load(name)
    if module is None or to not in module.TARGETS:
        known = ", ".join(module.TARGETS) if module else "none"
        raise ValueError(f"{name} records cannot be converted to {to!r} (targets: {known})")
    result = Conversion("")
    texts: list[str] = []
    for item in games.convert(source, name, to, fmt, options):
        if isinstance(item, Finding):
            result.findings.append(item)
            continue
        result.records.append(item)
        result.findings.extend(item.findings)
        if item.text:
            texts.append(item.text)
    if module.TARGETS[to].separated:
        result.text = "\n\n".join(text.rstrip("\n") for text in texts) + ("\n" if texts else "")
    else:
        result.text = "".join(texts)
    return result


def score(
    path_or_text: PathOrText,
    rules: str | None = None,
    *,
    komi: float | None = None,
    ko: str | None = None,
    dead: str | None = None,
) -> list[dict[str, Any]]:
    """Count the Go games of a file or text by area, as ``kifu score --format json`` does.

    One dictionary per game: ``path``, ``index``, ``declared_result``, ``score`` (``black`` and
    ``white`` stones, territory and area, ``komi``, ``margin``, ``result``), ``agrees`` (with
    ``RE``), ``findings``. ``dead`` names dead stones (``"D4,Q16"`` or ``"dd,pp"``).
    """
    scorer = games.scorer("go")
    if scorer is None:
        raise ValueError("this build of kifu has no Go package")
    settings: dict[str, Any] = {}
    if komi is not None:
        settings["komi"] = komi
    if ko is not None:
        settings["ko"] = ko
    return scorer.score_source(_source(path_or_text), Options(rules, settings), dead, None)


def _source(path_or_text: PathOrText) -> Source:
    """A path (a :class:`os.PathLike`, or a string naming an existing file) or a record's text."""
    if isinstance(path_or_text, os.PathLike):
        path = os.fspath(path_or_text)
        if not os.path.isfile(path):
            raise FileNotFoundError(path)
        return Source(path)
    text = path_or_text
    if "\n" not in text and os.path.isfile(text):
        return Source(text)
    if "\n" not in text and Path(text).suffix.lower() in games.KNOWN_EXTENSIONS | {".gz", ".bz2", ".xz"}:
        raise FileNotFoundError(text)
    return Source("<text>", data=text.encode("utf-8"))


def _game(game: str | None) -> str | None:
    if game is not None and game not in games.GAMES:
        raise ValueError(f"unknown game {game!r}: use one of {', '.join(games.GAMES)}")
    return game


def _options(rules: str | None, settings: Mapping[str, Any]) -> Options:
    unknown = sorted(set(settings) - set(_SETTINGS))
    if unknown:
        raise TypeError(f"unknown option {unknown[0]!r}; the options are: {', '.join(_SETTINGS)}")
    return Options(rules, {_SETTINGS[key]: value for key, value in settings.items() if value is not None})


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
