"""Which findings a run reports: ``select``/``ignore`` by code prefix, per-file ignores, and
severity changes, in ruff's manner; ``--strict`` makes the format warnings errors.

Selections come in layers, lowest precedence first (``pyproject.toml``, ``kifu.toml``, the
command line). A layer with ``select`` starts afresh; ``extend-select`` and ``ignore`` adjust
what the layers below chose. Inside a layer the most specific prefix decides (``--select CHESS
--ignore CHESS1`` drops ``CHESS101``; ``--ignore CHESS --select CHESS101`` keeps it); at equal
length, ignoring wins. ``KIFU001`` (kifu's own failure) is always reported as an error.

The selection is applied where a run's totals are made (:func:`kifu.application.batch.run`), so that
every output format reports the same findings and the summary counts the ignored ones.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from kifu.core.findings import INTERNAL_ERROR, REGISTRY, Finding, Severity
from kifu.core.paths import Anchored, PatternError

#: the codes a selection can never drop or re-grade
ALWAYS_REPORTED = frozenset({INTERNAL_ERROR.code})


class SelectionError(ValueError):
    """A selector or a ``CODE=SEVERITY`` that means nothing; the message says which."""


@dataclass(frozen=True, slots=True)
class Layer:
    """One source's rule selection (``select`` ``None``: keep what the layers below chose)."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FileIgnore:
    """``per-file-ignores``: codes (prefixes) ignored in the files that ``patterns`` match
    (anchored at the folder of the configuration file that gives them: :mod:`kifu.core.paths`)."""

    patterns: Anchored
    codes: tuple[str, ...]


@dataclass(slots=True)
class Selection:
    """The layers, per-file ignores and severity changes of a run."""

    layers: Sequence[Layer] = ()
    per_file: Sequence[FileIgnore] = ()
    #: code prefix → severity; the longest prefix of a code decides
    severity: Mapping[str, Severity] = field(default_factory=dict)
    #: ``--strict``: a format warning (a code registered with ``format``) is reported as an
    #: error, unless ``severity`` grades its code (the registry must hold the games' codes)
    strict: bool = False
    _cache: dict[str, bool] = field(default_factory=dict, repr=False)
    _grades: dict[str, Severity | None] = field(default_factory=dict, repr=False)
    #: the last file's path and the codes per-file ignores drop in it (a file's records come in a row)
    _here: tuple[str, tuple[str, ...]] | None = field(default=None, repr=False)

    @property
    def active(self) -> bool:
        """Whether the selection can change anything."""
        return bool(
            self.strict or self.per_file or self.severity or any(_changes(layer) for layer in self.layers)
        )

    def selected(self, code: str) -> bool:
        """Whether ``code`` is reported (per-file ignores aside)."""
        known = self._cache.get(code)
        if known is None:
            known = self._cache[code] = code in ALWAYS_REPORTED or _selected(code, self.layers)
        return known

    def apply(self, path: str, findings: Iterable[Finding]) -> tuple[list[Finding], list[Finding]]:
        """``(kept, ignored)``: the findings of the file at ``path`` (relative to the working
        directory, or absolute) after the selection, with the severities it changes."""
        if self._here is None or self._here[0] != path:
            rules = self.per_file
            self._here = (
                path,
                tuple(code for rule in rules if rule.patterns.matches(path) for code in rule.codes),
            )
        ignored_here = self._here[1]
        kept: list[Finding] = []
        ignored: list[Finding] = []
        for finding in findings:
            code = finding.code
            if code in ALWAYS_REPORTED:
                kept.append(finding)
            elif not self.selected(code) or any(code.startswith(prefix) for prefix in ignored_here):
                ignored.append(finding)
            else:
                severity = self._grade(code) if self.severity else None
                strict = self.strict and finding.severity is Severity.WARNING
                if severity is None and strict and _format(code):
                    severity = Severity.ERROR
                if severity is not None and severity is not finding.severity:
                    finding = dataclasses.replace(finding, severity=severity)
                kept.append(finding)
        return kept, ignored

    def _grade(self, code: str) -> Severity | None:
        if code not in self._grades:
            prefixes = [prefix for prefix in self.severity if code.startswith(prefix)]
            self._grades[code] = self.severity[max(prefixes, key=len)] if prefixes else None
        return self._grades[code]


def _format(code: str) -> bool:
    """Whether ``code`` is a format slip, which ``--strict`` makes an error."""
    entry = REGISTRY.get(code)
    return entry is not None and entry.format


def _changes(layer: Layer) -> bool:
    return bool(layer.ignore) or (layer.select is not None and layer.select != ("",))


def _longest(code: str, prefixes: Iterable[str]) -> int:
    """The length of the longest prefix of ``code`` among ``prefixes``; -1 when none."""
    return max((len(prefix) for prefix in prefixes if code.startswith(prefix)), default=-1)


def _selected(code: str, layers: Iterable[Layer]) -> bool:
    chosen = True  # without any select, every code is reported
    for layer in layers:
        if layer.select is not None:
            chosen = False
            on = _longest(code, (*layer.select, *layer.extend_select))
        else:
            on = _longest(code, layer.extend_select)
        off = _longest(code, layer.ignore)
        if off >= 0 and off >= on:
            chosen = False
        elif on >= 0:
            chosen = True
    return chosen


def normalise_selectors(values: Iterable[str], known: Collection[str], where: str) -> tuple[str, ...]:
    """Selectors in upper case, split on commas; ``ALL`` is every code. Raises
    :class:`SelectionError` naming a selector that is a prefix of no code in ``known``."""
    selectors: list[str] = []
    for value in values:
        for part in value.split(","):
            selector = part.strip().upper()
            if not selector:
                continue
            if selector == "ALL":
                selector = ""
            elif known and not any(code.startswith(selector) for code in known):
                hint = suggest(selector, known)
                what = "is no finding code nor the prefix of one"
                raise SelectionError(f"{where}: {part.strip()!r} {what}{hint}")
            selectors.append(selector)
    return tuple(selectors)


def suggest(selector: str, known: Collection[str]) -> str:
    """``; did you mean CHESS101?`` for the codes or prefixes closest to ``selector``
    (:func:`close_codes`), or nothing when none is close."""
    close = close_codes(selector, known, prefixes=True)
    return f"; did you mean {' or '.join(close)}?" if close else ""


def close_codes(selector: str, known: Collection[str], *, prefixes: bool = False) -> list[str]:
    """At most two codes closest to a misspelt ``selector`` (with ``prefixes``, a prefix of a
    code too, as ``--select`` takes one): a letter read as the digit it looks like (``XQ1O3`` →
    ``XQ103``), its family letters corrected (``CHES101`` → ``CHESS101``), a digit too many
    (``CHESS1011`` → ``CHESS101``), else the whole code."""
    import difflib  # (only for a mistake: it costs every start otherwise)

    def fits(candidate: str) -> bool:
        return any(code.startswith(candidate) for code in known) if prefixes else candidate in known

    first = next((i for i, char in enumerate(selector) if char.isdigit()), len(selector))
    read = selector[:first] + selector[first:].translate(str.maketrans("OIL", "011"))
    if read != selector and fits(read):
        return [read]
    letters = selector.rstrip("0123456789")
    digits = selector[len(letters) :]
    families = sorted({code.rstrip("0123456789") for code in known})
    close = [
        family + digits
        for family in difflib.get_close_matches(letters, families, n=3, cutoff=0.6)
        if fits(family + digits)
    ]
    if not close:  # a code with a digit too many (CHESS1011) first, then any close one
        longer = [code for code in known if digits and selector.startswith(code)]
        near = difflib.get_close_matches(selector, sorted(known), n=2, cutoff=0.75)
        close = list(dict.fromkeys([*longer, *near]))
    return close[:2]


def parse_severity(values: Iterable[str], known: Collection[str], where: str) -> dict[str, Severity]:
    """``CODE=SEVERITY`` pairs (``PGN012=warning``) as a mapping; a prefix applies to every code
    it starts. Raises :class:`SelectionError` on a pair that means nothing."""
    changes: dict[str, Severity] = {}
    for value in values:
        code, equals, level = value.partition("=")
        if not equals:
            raise SelectionError(f"{where}: {value!r} is not CODE=SEVERITY (e.g. PGN012=warning)")
        try:
            severity = Severity.parse(level)
        except ValueError as error:
            raise SelectionError(f"{where}: {error}") from None
        selectors = normalise_selectors([code], known, where)
        if len(selectors) != 1:
            raise SelectionError(f"{where}: {value!r} names no code (e.g. PGN012=warning)")
        if selectors[0] in ALWAYS_REPORTED:
            raise SelectionError(f"{where}: {selectors[0]} (kifu's own failure) is always an error")
        changes[selectors[0]] = severity
    return changes


def parse_file_ignore(value: str, known: Collection[str], where: str, anchor: str = "") -> FileIgnore:
    """``PATTERN:CODE[,CODE…]`` (``drafts/*:CHESS1``) as a :class:`FileIgnore`, its pattern
    anchored at the folder ``anchor`` (``""``: the working directory)."""
    pattern, colon, codes = value.rpartition(":")
    if not colon or not pattern:
        raise SelectionError(f"{where}: {value!r} is not PATTERN:CODES (e.g. 'drafts/*:CHESS1,PGN0')")
    try:
        patterns = Anchored(((anchor, (pattern,)),))
    except PatternError as error:
        raise SelectionError(f"{where}: {error}") from None
    return FileIgnore(patterns, normalise_selectors([codes], known, where))
