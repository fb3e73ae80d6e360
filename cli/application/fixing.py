"""Applying findings' fixes to a record file's own text (``kifu check --fix``, ``kifu.fix``).

A :class:`~kifu.core.findings.Fix` is a set of edits in the lines and columns the findings count
(characters of the decoded line, 1-based). They are applied to the file's bytes line by line:
each line an edit touches is decoded as the game's reader decodes it (its codec, or UTF-8 and a
Latin-1 fallback per line for PGN), edited, and encoded again in the same codec; every other
byte is kept as it was. Nothing is re-serialised, so comments, variations, tag order, line
endings and the encoding stay. A line that would not come back byte for byte from its decoded
text, or an edit whose text the codec cannot write, leaves its fix unapplied: a fix is applied
whole or not at all.

Two fixes whose edits overlap (or insert at one point) cannot both be applied: the first in the
file wins and the other waits for the next round, after the file has been checked again
(:func:`choose`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kifu.core.escape import terminal
from kifu.core.findings import Finding, Fix, lookup
from kifu.core.results import RecordReport, Totals
from kifu.core.sources import HEAD, Source, display_path

if TYPE_CHECKING:
    from kifu.application.report import Reporter

BOM = b"\xef\xbb\xbf"
#: formats whose files are not text: no edit can be made on them
BINARY_FORMATS = frozenset({"xqf", "cbr"})
#: how many times a file is fixed and checked again, at most, to reach a fixed point (a fix of
#: one round may make another possible: a move repaired lets the look-ahead read the next slip)
ROUNDS = 8


@dataclass(frozen=True, slots=True)
class Policy:
    """Which fixes apply: the safe ones, the unsafe ones too (``--unsafe-fixes``), and the codes
    made safe (``extend-safe-fixes``) or never fixed (``unfixable``), each a code or prefix."""

    unsafe: bool = False
    unfixable: tuple[str, ...] = ()
    extend_safe: tuple[str, ...] = ()

    def applies(self, finding: Finding) -> bool:
        """Whether ``finding`` has a fix this policy applies."""
        fix = finding.fix
        if fix is None or _matches(finding.code, self.unfixable):
            return False
        return fix.applicability == "safe" or self.unsafe or _matches(finding.code, self.extend_safe)

    def takes(self, code: str) -> bool:
        """Whether this policy applies the fixes of ``code``, as the registry makes them."""
        entry = lookup(code)
        if entry is None or entry.fix is None or _matches(code, self.unfixable):
            return False
        return entry.fix == "safe" or self.unsafe or _matches(code, self.extend_safe)

    def waiting(self, finding: Finding) -> bool:
        """Whether ``finding`` has a fix that only ``--unsafe-fixes`` would apply."""
        return (
            finding.fix is not None
            and not self.applies(finding)
            and not _matches(finding.code, self.unfixable)
        )


def _matches(code: str, selectors: tuple[str, ...]) -> bool:
    return any(code.startswith(selector) for selector in selectors)


class Unfixable(Exception):
    """A fix that cannot be applied to this file's bytes (its line does not round-trip, its text
    is not writable in the file's codec, its place is not in the file)."""


@dataclass(slots=True)
class Lines:
    """A file's bytes cut into lines at ``\\n``, each decoded as the game's reader decodes it."""

    data: bytes
    codec: str | None
    starts: list[int]

    @classmethod
    def of(cls, data: bytes, codec: str | None) -> Lines:
        starts = [len(BOM) if data.startswith(BOM) else 0]
        if codec == "utf-8-sig":  # (the mark is before the first line, not in it: each line is UTF-8)
            codec = "utf-8"
        at = data.find(b"\n")
        while at >= 0:
            starts.append(at + 1)
            at = data.find(b"\n", at + 1)
        return cls(data, codec, starts)

    def raw(self, line: int) -> bytes:
        """Line ``line`` (1-based) without its ``\\n``."""
        if not 1 <= line <= len(self.starts):
            raise Unfixable(f"line {line} is not in the file")
        start = self.starts[line - 1]
        end = self.starts[line] - 1 if line < len(self.starts) else len(self.data)
        return self.data[start:end]

    def codec_of(self, line: int) -> str:
        """The codec line ``line`` is read with: the file's, else UTF-8 or Latin-1 as it decodes."""
        if self.codec is not None:
            return self.codec
        try:
            self.raw(line).decode("utf-8")
        except UnicodeDecodeError:
            return "latin-1"
        return "utf-8"

    def offset(self, line: int, column: int) -> int:
        """The byte offset of ``column`` (1-based, in characters) of ``line``; the column after the
        last character is the line's end; line count + 1, column 1 is the end of the file."""
        if line == len(self.starts) + 1 and column == 1:
            return len(self.data)
        raw = self.raw(line)
        codec = self.codec_of(line)
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            raise Unfixable(f"line {line} is not {codec}") from None
        if text.encode(codec) != raw:
            raise Unfixable(f"line {line} would not be written back byte for byte in {codec}")
        if not 1 <= column <= len(text) + 1:
            raise Unfixable(f"column {column} is not on line {line}")
        return self.starts[line - 1] + len(text[: column - 1].encode(codec))


def _byte_edits(lines: Lines, fix: Fix) -> list[tuple[int, int, bytes]]:
    edits = []
    for edit in fix.edits:
        line, column, end_line, end_column = edit.span
        start, end = lines.offset(line, column), lines.offset(end_line, end_column)
        if end < start:
            raise Unfixable("an edit ends before it starts")
        codec = lines.codec_of(line) if line <= len(lines.starts) else lines.codec or "utf-8"
        text = edit.content
        if "\n" in text and line <= len(lines.starts) and lines.raw(line).endswith(b"\r"):
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")  # (a line break as the file writes it)
        try:
            content = text.encode(codec)
        except UnicodeEncodeError:
            raise Unfixable(f"its text cannot be written in {codec}") from None
        edits.append((start, end, content))
    return edits


def _overlaps(edit: tuple[int, int, bytes], taken: list[tuple[int, int, bytes]]) -> bool:
    start, end, _ = edit
    for other_start, other_end, _ in taken:
        if start < other_end and other_start < end:
            return True
        if start == other_start and (start == end or other_start == other_end):
            return True  # (two insertions at one point, or an insertion where a change starts)
    return False


@dataclass(slots=True)
class Applied:
    """What :func:`apply` made: the new bytes, the fixes applied, and those it could not apply
    with the reason (those left for a later round are in neither)."""

    data: bytes
    applied: list[Fix]
    failed: list[tuple[Fix, str]]


def apply(data: bytes, fixes: Iterable[Fix], codec: str | None) -> Applied:
    """Apply ``fixes`` to a file's ``data`` (read with ``codec``; ``None``: UTF-8, a line that is
    not as Latin-1). A fix that overlaps one before it in the file is left for the next round."""
    lines = Lines.of(data, codec)
    if codec is not None and codec.replace("-", "").replace("_", "").lower().startswith(("utf16", "utf32")):
        return Applied(data, [], [(fix, f"a file in {codec} is not edited") for fix in fixes])
    ordered: list[tuple[list[tuple[int, int, bytes]], Fix]] = []
    failed: list[tuple[Fix, str]] = []
    for fix in fixes:
        try:
            ordered.append((_byte_edits(lines, fix), fix))
        except Unfixable as error:
            failed.append((fix, str(error)))
    ordered.sort(key=lambda item: min(start for start, _, _ in item[0]))
    taken: list[tuple[int, int, bytes]] = []
    applied: list[Fix] = []
    for edits, fix in ordered:
        if any(_overlaps(edit, taken) for edit in edits) or any(
            _overlaps(edit, [other for other in edits if other is not edit]) for edit in edits
        ):
            continue
        taken.extend(edits)
        applied.append(fix)
    pieces: list[bytes] = []
    at = 0
    for start, end, content in sorted(taken, key=lambda edit: (edit[0], edit[1])):
        pieces += (data[at:start], content)
        at = end
    pieces.append(data[at:])
    return Applied(b"".join(pieces), applied, failed)


def apply_text(text: str, fixes: Iterable[Fix]) -> tuple[str, list[Fix]]:
    """Apply ``fixes`` to a record's ``text`` (as :func:`apply` does to a file's bytes): the new
    text and the fixes applied; one that overlaps a fix before it is left out."""
    done = apply(text.encode("utf-8"), fixes, "utf-8")
    return done.data.decode("utf-8"), done.applied


def unified_diff(path: str, before: bytes, after: bytes, codec: str | None) -> str:
    """The unified diff of a file fixed, as ``--diff`` prints it (``--- a/path``, ``+++ b/path``),
    its lines decoded as the file is read and made safe for a terminal (a control character
    shown as its escape; a CRLF line shown ending in ``\n``)."""

    def lines(data: bytes) -> list[str]:
        pieces = data.split(b"\n")
        if pieces[-1] == b"":
            pieces.pop()
        return [terminal(_decoded(line, codec).rstrip("\r")) + "\n" for line in pieces]

    import difflib  # (only for --diff: a check imports this module for its counts)

    shown = terminal(path, one_line=True)
    return "".join(difflib.unified_diff(lines(before), lines(after), f"a/{shown}", f"b/{shown}"))


def _decoded(line: bytes, codec: str | None) -> str:
    if codec is not None:
        return line.decode(codec, "replace")
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")


def fixes_of(findings: Sequence[Finding], policy: Policy) -> list[Fix]:
    """The fixes ``policy`` applies among ``findings``, each once."""
    found: dict[int, Fix] = {}
    for finding in findings:
        if finding.fix is not None and policy.applies(finding):
            found.setdefault(id(finding.fix), finding.fix)
    return list(found.values())


# --- fixing files: rounds of check and apply ----------------------------------------------------


@dataclass(slots=True)
class FileFix:
    """A file's fixes over the rounds: its bytes as read and as fixed, the fixes applied (by code),
    and why some could not be (or why the file is not edited at all: ``refused``)."""

    source: Source
    codec: str | None
    original: bytes
    data: bytes
    applied: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    refused: str | None = None

    @property
    def shown(self) -> str:
        return display_path(self.source.path)

    @property
    def changed(self) -> bool:
        return self.data != self.original


class _Collector:
    """A reporter that hands each file's findings to ``done`` when the file ends (none are kept:
    an archive's findings are never all in memory)."""

    uses_tags = False

    def __init__(self, done: Callable[[str, str | None, str | None, list[Finding]], None]) -> None:
        self.done = done
        self.file: tuple[str, str | None, str | None] = ("", None, None)
        self.findings: list[Finding] = []

    def begin(self) -> None:
        pass

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self.file, self.findings = (path, game, fmt), []

    def record(self, report: RecordReport) -> None:
        self.findings += self._kept(report.findings)

    def end_file(self, findings: list[Finding]) -> None:
        self.done(*self.file, [*self.findings, *self._kept(findings)])
        self.findings = []

    def _kept(self, findings: list[Finding]) -> list[Finding]:
        """Those with a fix (a binary record's all: which codes a text record would have fixed)."""
        if self.file[2] in BINARY_FORMATS:
            return findings
        return [finding for finding in findings if finding.fix is not None]

    def end(self, totals: Totals) -> None:
        pass


#: checks ``sources`` and feeds the reporter (the command's batch run, with each file's settings)
Checker = Callable[[list[Source], "Reporter"], None]


def fix_sources(
    sources: Sequence[Source], check: Checker, policy: Policy, codec_of: Callable[[str, str], str | None]
) -> list[FileFix]:
    """Check ``sources``, apply the fixes ``policy`` chooses, check the fixed text again, and so on
    until nothing more applies (at most :data:`ROUNDS` rounds): each file's :class:`FileFix`,
    in input order, for the files that had a fix to apply. Nothing is written: the fixed text is
    checked as the content of its file (same path, same settings). ``codec_of(game, path)``: the
    codec the game's reader reads that file with."""
    by_shown = {display_path(source.path): source for source in sources}
    fixed: dict[str, FileFix] = {}
    current: list[Source] = list(sources)
    again: list[Source] = []

    def fix_file(shown: str, game: str | None, fmt: str | None, findings: list[Finding]) -> None:
        source = by_shown.get(shown)
        if source is None:
            return
        if fmt in BINARY_FORMATS and shown not in fixed and any(policy.takes(f.code) for f in findings):
            # (its findings carry no fix: their places are bytes of a binary record)
            fixed[shown] = FileFix(
                source, None, b"", b"", refused=f"a binary {fmt.upper()} file is not edited"
            )
        chosen = fixes_of(findings, policy)
        if not chosen:
            return
        entry = fixed.get(shown)
        if entry is None:
            entry = fixed[shown] = _entry(source, game, fmt, codec_of)
        if entry.refused is not None:
            return
        codes = {id(finding.fix): finding.code for finding in findings if finding.fix is not None}
        done = apply(entry.data, chosen, entry.codec)
        entry.failures += [f"{codes[id(fix)]}: {why}" for fix, why in done.failed]
        if done.applied:
            entry.data = done.data
            entry.applied.update(codes[id(fix)] for fix in done.applied)
            again.append(Source(source.path, source.root, entry.data))

    for _ in range(ROUNDS):
        check(current, _Collector(fix_file))
        current, again = again, []
        if not current:
            break
    return [fixed[shown] for shown in by_shown if shown in fixed]


def _entry(
    source: Source, game: str | None, fmt: str | None, codec_of: Callable[[str, str], str | None]
) -> FileFix:
    """A new :class:`FileFix` for ``source``, read whole, or refused with the reason."""
    if source.data is not None:  # (the library's text or bytes: fixed and returned, not written)
        return FileFix(source, _codec_of_data(game, source.data, codec_of), source.data, source.data)
    if source.is_stdin:
        return FileFix(source, None, b"", b"", refused="standard input is not edited: give a file")
    if source.compressed:
        return FileFix(source, None, b"", b"", refused="a compressed file is not edited: decompress it first")
    if fmt in BINARY_FORMATS:
        return FileFix(source, None, b"", b"", refused=f"a binary {fmt.upper()} file is not edited")
    try:
        with open(source.path, "rb") as stream:
            data = stream.read()
    except OSError as error:
        return FileFix(source, None, b"", b"", refused=f"cannot be read again: {error.strerror}")
    return FileFix(source, codec_of(game or "", source.path), data, data)


def _codec_of_data(game: str | None, data: bytes, codec_of: Callable[[str, str], str | None]) -> str | None:
    """The codec the game's reader reads ``data`` with: the games tell it of a file, so its head is
    written to a temporary one."""
    import tempfile

    with tempfile.NamedTemporaryFile(prefix="kifu-head-") as head:
        head.write(data[:HEAD])
        head.flush()
        return codec_of(game or "", head.name)


class Counted:
    """A reporter passing every event to ``inner``, counting the findings with a fix that the
    run's ``policy`` applies (``fixable``) and those only ``--unsafe-fixes`` would (``unsafe``)."""

    def __init__(self, inner: Reporter, policy: Policy) -> None:
        self.inner = inner
        self.policy = policy
        self.uses_tags = inner.uses_tags
        self.fixable = 0
        self.unsafe = 0

    def _count(self, findings: Iterable[Finding]) -> None:
        for finding in findings:
            if finding.fix is not None:
                self.fixable += self.policy.applies(finding)
                self.unsafe += self.policy.waiting(finding)

    def begin(self) -> None:
        self.inner.begin()

    def begin_file(self, path: str, game: str | None, fmt: str | None) -> None:
        self.inner.begin_file(path, game, fmt)

    def record(self, report: RecordReport) -> None:
        self._count(report.findings)
        self.inner.record(report)

    def end_file(self, findings: list[Finding]) -> None:
        self._count(findings)
        self.inner.end_file(findings)

    def end(self, totals: Totals) -> None:
        self.inner.end(totals)
