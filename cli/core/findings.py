"""Findings, their severities and the registry of documented codes.

Every problem kifu reports is a :class:`Finding` made from a registered :class:`Code`.
Codes are stable: a family prefix (``IO``, ``PGN``, ``CHESS``, ``SGF``, ``GO``, ``XQN``,
``XQ``, ``KIFU``) and a number. ``kifu explain CODE`` prints the documentation given here.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from kifu.core.record import Span


class Severity(enum.IntEnum):
    """How bad a finding is; ordered so that ``ERROR > WARNING > INFO``."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        """The lower-case name used in every output format."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        """Read ``error``, ``warning`` or ``info`` (any case)."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r}: use error, warning or info") from None


@dataclass(frozen=True, slots=True)
class Assumption:
    """A move kifu assumed in place of the one written, so that it could go on replaying: a finding
    that rests on it (an outcome, a claim, a result check, a move after the end) is provisional, at
    most a warning whose message says "if the intended move was ..."."""

    #: the ply of the written move that could not be played as written (of the gap, for a move left out)
    ply: int
    #: the move as written in the record ("" for a half-move left out: nothing was written)
    written: str
    #: the move kifu assumed, in the record's notation
    assumed: str
    #: how the intent was established ("4. Ba4 needs a bishop on b5"); "" when only the move was read
    reason: str = ""

    @property
    def source(self) -> str:
        """What the record has in its place, as a message says it: ``written qh4``, ``left out``."""
        return f"written {self.written}" if self.written else "left out"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the output contract."""
        return {"ply": self.ply, "written": self.written, "assumed": self.assumed, "reason": self.reason}


#: whether a code's findings are repaired by ``kifu check --fix`` (:attr:`Code.fix`): ``safe``
#: (notation only: the moves and the result stay), ``unsafe`` (an arbiter must confirm it)
Applicability = Literal["safe", "unsafe"]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text at ``span`` (lines and columns as findings count them) with ``content``;
    an empty span inserts, an empty ``content`` deletes."""

    span: Span
    content: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"start": {"line", "column"}, "end": {…}, "content"}``."""
        line, column, end_line, end_column = self.span
        return {
            "start": {"line": line, "column": column},
            "end": {"line": end_line, "column": end_column},
            "content": self.content,
        }


@dataclass(frozen=True, slots=True)
class Fix:
    """A finding's repair: text edits on the record's own source, applied together or not at all.

    Made by :meth:`Code.fixing`, so that its applicability is its code's, as the registry says.
    """

    applicability: Applicability
    #: what the fix does, in a few words ("write castling with the letter O")
    message: str
    edits: tuple[Edit, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the output contract."""
        return {
            "applicability": self.applicability,
            "message": self.message,
            "edits": [edit.to_dict() for edit in self.edits],
        }


@dataclass(slots=True)
class Finding:
    """One thing kifu has to say about a record, at a place in its source."""

    code: str
    severity: Severity
    message: str
    span: Span | None = None
    ply: int | None = None
    move: str | None = None
    rule: str | None = None
    source_line: str | None = None
    #: the position before the move (FEN for chess and xiangqi; for Go the board as rows of
    #: ``.XO`` joined by ``/``), set by the game's checker on findings about a move
    position: str | None = None
    #: the assumed move this finding rests on (see :class:`Assumption`), or ``None``
    assumption: Assumption | None = None
    #: on a finding about a move that cannot be played: the move kifu played in its stead, in
    #: the record's notation, when the moves after it decided it (drawn as the dashed arrow)
    meant: str | None = None
    #: the stones its move captured, in the game's coordinates, when the walk played it before
    #: it found it illegal (Go: a ko's stone), for its board's marks (not in the JSON output)
    captures: tuple[str, ...] = ()
    #: its repair, when kifu knows it (:class:`Fix`; ``kifu check --fix``)
    fix: Fix | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the output contract."""
        span = self.span
        data: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity.label,
            "message": self.message,
            "line": span.line if span else None,
            "column": span.column if span else None,
            "end_line": span.end_line if span else None,
            "end_column": span.end_column if span else None,
            "ply": self.ply,
            "move": self.move,
            "rule": self.rule,
        }
        if self.position is not None:
            data["position"] = self.position
        if self.assumption is not None:
            data["assumed"] = True
            data["assumption"] = self.assumption.to_dict()
        if self.meant is not None:
            data["meant"] = self.meant
        if self.fix is not None:
            data["fix"] = self.fix.to_dict()
        return data


#: whether ``kifu check --fix`` repairs a code's findings (:attr:`Code.fix`), ``None``: it does not
Fixable = Applicability | None
FIX_NOTES: dict[Fixable, str] = {
    None: "`kifu check --fix` does not repair this yet: edit the record.",
    "safe": "`kifu check --fix` repairs this: a safe fix, which leaves "
    "the game's moves and result as they are.",
    "unsafe": "`kifu check --fix` can repair this, but the fix is unsafe: it may change what the record "
    "says, so review the result.",
}

#: where a :class:`Code`'s board stands: ``move`` (before the finding's move; no board
#: without one), ``after`` (after its move), ``final`` (the final position, without a move)
Board = Literal["move", "after", "final"]


def located(finding: Finding) -> str:
    """``finding``'s message with its line, as a command's stderr says it (``line 8: …``)."""
    return f"line {finding.span.line}: {finding.message}" if finding.span else finding.message


@dataclass(frozen=True, slots=True)
class Code:
    """A documented finding code; calling it makes a :class:`Finding`."""

    code: str
    severity: Severity
    title: str
    doc: str
    rule: str | None = None
    #: a format slip (a warning: the record breaks its format, the game is unchanged), which
    #: ``--strict`` reports as an error (docs/severity.md, "Impact classes")
    format: bool = False
    #: where a finding's board stands (:func:`kifu.core.game.board_at`): before its move,
    #: after it (a repetition, a move limit: the position the move reached), or, for a
    #: finding without a move, the final position (a result, a count)
    board: Board = "move"
    #: what in the record triggers it, when ``doc`` says more than that (``kifu explain`` then
    #: prints ``doc`` as "How kifu decides")
    means: str = ""
    #: why it matters to an arbiter, a federation converting records, an archive's keeper
    why: str = ""
    #: a short record fragment, in the game's notation, that kifu reports with this code
    example: str = ""
    #: how to repair the record by hand
    fix_hint: str = ""
    #: whether ``kifu check --fix`` repairs it: a safe fix (the game is unchanged), an unsafe one
    #: (it may change what the record says), or not at all
    fix: Fixable = None
    #: what its fix does, for ``kifu explain`` ("writes ``O-O`` for ``0-0``"); given with ``fix``
    fix_does: str = ""

    @property
    def fix_note(self) -> str:
        """The sentences of ``kifu explain`` that say whether and how ``kifu check --fix`` repairs it."""
        note = FIX_NOTES[self.fix]
        return f"{note} The fix {self.fix_does}" if self.fix_does else note

    def fixing(self, message: str, *edits: Edit) -> Fix:
        """The :class:`Fix` of one of its findings: ``edits`` on the source, ``message`` saying what
        they do. Only a code the registry calls fixable makes one, with the registry's
        applicability."""
        if self.fix is None:
            raise ValueError(f"finding code {self.code} is not fixable: register it with fix=")
        if not edits:
            raise ValueError(f"a fix of {self.code} needs at least one edit")
        return Fix(self.fix, message, edits)

    @property
    def impact(self) -> str:
        """The impact class of docs/severity.md: ``error``, ``warning``, ``warning (format)`` or ``info``."""
        return f"{self.severity.label} (format)" if self.format else self.severity.label

    def __call__(
        self,
        message: str,
        span: Span | None = None,
        *,
        ply: int | None = None,
        move: str | None = None,
        severity: Severity | None = None,
        rule: str | None = None,
        source_line: str | None = None,
    ) -> Finding:
        return Finding(
            code=self.code,
            severity=self.severity if severity is None else severity,
            message=message,
            span=span,
            ply=ply,
            move=move,
            rule=self.rule if rule is None else rule,
            source_line=source_line,
        )


REGISTRY: dict[str, Code] = {}


def register(
    code: str,
    severity: Severity,
    title: str,
    doc: str,
    rule: str | None = None,
    *,
    format: bool = False,
    board: Board = "move",
    means: str = "",
    why: str = "",
    example: str = "",
    fix_hint: str = "",
    fix: Fixable = None,
    fix_does: str = "",
) -> Code:
    """Add a code to the registry; a code may be registered once only. ``format``: a format
    warning, which ``--strict`` makes an error; ``board``: where its findings' board stands;
    ``means``, ``why``, ``example``, ``fix_hint``, ``fix``, ``fix_does``: the parts of its
    ``kifu explain`` page (:class:`Code`)."""
    if code in REGISTRY:
        raise ValueError(f"finding code {code} is registered twice")
    if format and severity is not Severity.WARNING:
        raise ValueError(f"finding code {code}: a format slip is a warning")
    if fix not in FIX_NOTES:
        raise ValueError(f"finding code {code}: fix is 'safe', 'unsafe' or None, not {fix!r}")
    if (fix is None) != (not fix_does):
        raise ValueError(f"finding code {code}: a fixable code says what its fix does (fix_does), no other")
    entry = Code(
        code,
        severity,
        title,
        doc.strip(),
        rule,
        format,
        board,
        means=means.strip(),
        why=why.strip(),
        example=example.strip("\n"),
        fix_hint=fix_hint.strip(),
        fix=fix,
        fix_does=fix_does.strip(),
    )
    REGISTRY[code] = entry
    return entry


# Codes every game shares: reading files, and kifu's own failures.
IO_UNREADABLE = register(
    "IO001",
    Severity.ERROR,
    "file cannot be read",
    "The file cannot be opened or listed (permissions, a loop of symbolic links, a file gone "
    "between the walk and its reading), or is not a file of records: a FIFO, socket or device, "
    "which kifu never opens (reading a FIFO waits for a program to write to it: give piped "
    "records on standard input, -). A directory of a walk or a glob that cannot be listed, a "
    "FIFO or broken link met there under a record's name, and a symbolic link that leads out of "
    "the folder walked (kifu reads no file outside the tree it is given, unless it is named on "
    "the command line) are reported the same way; the other "
    "files are still checked. A path named on the command line that does not exist is a usage "
    "error (exit status 2), not this finding.",
    means="kifu could not open or list the path, or the path is a FIFO, socket or device, or a link out of "
    "the folder walked, not a file of records.",
    why="Its games are not checked at all: a clean run over the folder says nothing about them.",
    example="$ chmod 000 round5.pgn; kifu check .",
    fix_hint="Make the file readable, or point a link inside the folder; pipe a FIFO's records on standard "
    "input (`-`), or leave the file out with `exclude`.",
)
IO_DECOMPRESS = register(
    "IO002",
    Severity.ERROR,
    "compressed file is corrupt or truncated",
    "The file has a compression suffix (.gz, .bz2, .xz, .zst) but its data cannot be "
    "decompressed to the end. The records read before the damage are still checked.",
    why="The games after the damage are lost, and an archive copy made from the file is short.",
    example="$ head -c 5000 games.pgn.gz > cut.pgn.gz; kifu check cut.pgn.gz",
    fix_hint="Download or copy the file again and compare its checksum. If no whole copy exists, keep what "
    "decompresses (`zcat cut.pgn.gz > part.pgn`).",
)
IO_LATIN1 = register(
    "IO003",
    Severity.INFO,
    "text is not UTF-8; read as Windows-1252",
    "Some lines are not valid UTF-8. kifu read those lines as Windows-1252: ISO-8859-1 "
    "(Latin-1), the usual encoding of older PGN files, with the punctuation a Windows editor "
    "writes at bytes 0x80-0x9F (’ “ ” – €), which Latin-1 leaves to control characters. Names "
    "with accents may be wrong if the file used another legacy encoding; convert the file to "
    "UTF-8 to be sure.",
    why="A name decoded with the wrong table is stored wrong once converted (`RenÃ©` for `René`), and "
    "rating lists match players by name.",
    example='[White "Ren\\xe9, Jean"]   the byte 0xE9, é in Windows-1252',
    fix_hint="Convert the file to UTF-8 (`iconv -f WINDOWS-1252 -t UTF-8`), after checking that the names "
    "read right; if they do not, convert from the encoding the file was written in.",
)
IO_BINARY = register(
    "IO004",
    Severity.ERROR,
    "binary data in a text file",
    "The file contains NUL bytes or other control characters that never occur in a text "
    "record: it is probably not a game record, or it is damaged at that place. Control bytes "
    "that lie inside a tag value of a record that was read (a damaged character in a name) are "
    "that record's format warning instead (XQN019 in XQBase PGN).",
    why="A record with binary data in it is damaged or no record: what stood there is lost.",
    example='[Event "Open"]<NUL><NUL><NUL>   NUL bytes from a disk error',
    fix_hint="Restore the file from a good copy; if it is no record, remove it or `exclude` it.",
)
IO_NO_RECORDS = register(
    "IO005",
    Severity.ERROR,
    "no game records found",
    "The file is empty or holds nothing that kifu can read as a game of the detected kind.",
    why="An empty export usually means the export failed: a run that passes it hides that.",
    example="$ : > round5.pgn; kifu check round5.pgn",
    fix_hint="Export the games again, or delete the file. If it holds another game's records, give `--game`.",
)
IO_UNKNOWN_GAME = register(
    "IO006",
    Severity.ERROR,
    "cannot tell which game the file records",
    "Neither the file name nor its content says whether it is chess, xiangqi or Go. "
    "Use --game chess|xiangqi|go.",
    why="kifu cannot check a record it cannot read as a game.",
    example="$ kifu check notes.txt   a .txt file with no tags, moves or SGF in it",
    fix_hint="Give the file its game's extension (`.pgn`, `.sgf`, `.xqf`), or pass `--game "
    "chess|xiangqi|go`.",
)
IO_UNSUPPORTED_GAME = register(
    "IO007",
    Severity.ERROR,
    "game not supported yet",
    "The file records a game whose reader is not part of this version of kifu.",
    why="The records are not checked: a clean run says nothing about them.",
    example="$ kifu check game.kif   a shogi record",
    fix_hint="Nothing in the record. Check it with a program for its game, or `exclude` it.",
)
IO_LIMIT = register(
    "IO008",
    Severity.ERROR,
    "input over a size limit",
    "Part of the input is larger than kifu reads, so that a hostile or damaged file cannot "
    "exhaust memory or time: a compressed file that inflates past --max-decompressed (default "
    "512 MiB), a record longer than --max-record characters (default 16 MiB), variations nested "
    "deeper than --max-depth (default 1000), an SGF game tree of more than --max-nodes nodes "
    "(default 100,000) or --max-items values, `(` and words (default 500,000). In compressed "
    "data, the reading of the file stops at a game past --max-record, or SGF text outside game "
    "trees as long (a decompression bomb, most likely). What came before the limit was checked; "
    "raise the limit to read the rest (0: no limit). docs/reliability.md lists the limits. A "
    "file's findings past its first 10,000 (IO008 at the gravest of their severities), and a "
    "compressed file's records past as many as its compressed bytes, at least 10,000 (a warning), "
    "are checked and counted in the summary and the exit status, but not listed.",
    means="Part of the input is larger than a limit kifu sets: decompressed size, record length, variation "
    "depth, SGF nodes or values, or the number of findings listed.",
    why="What lies past the limit is not checked (or not listed): a passing report says nothing about it.",
    example="$ kifu check --max-record 1000 long.pgn   a game of 5,000 characters",
    fix_hint="If the file is genuine, raise the limit the message names (0: no limit). If not, it is "
    "damaged or hostile: replace it.",
)
IO_CHANGED = register(
    "IO009",
    Severity.ERROR,
    "file changed while it was read",
    "The file's size or modification time when kifu finished reading it differ from what they "
    "were when it began: something wrote to the file, truncated or replaced it meanwhile (a "
    "download or a copy still running, an editor saving). The report may miss records, or hold "
    "records of two versions of the file, or (with --jobs) parts of records; check the file again "
    "once it is complete.",
    why="The report may describe neither version of the file: records missed, or taken from two versions.",
    example="$ kifu check live.pgn   while a broadcast still appends games to it",
    fix_hint="Wait until the file is complete (the download or copy has ended), then check it again.",
)
INTERNAL_ERROR = register(
    "KIFU001",
    Severity.ERROR,
    "kifu failed on this record (a bug)",
    "kifu itself failed while checking this record. This is a bug in kifu, not in the "
    "record: please report it with the record. The other records were still checked; the "
    "exit code is 2.",
    why="The record's check is incomplete, and the run exits 2: a CI gate fails on kifu's bug, not on the "
    "record.",
    example="internal error checking game 3: KeyError: 'e9' at san.py:210; please report this bug",
    fix_hint="The record may be fine. Report the bug with the record, the command and `kifu --version`; "
    "ignoring KIFU001 only hides it.",
)


def lookup(code: str) -> Code | None:
    """The registered code, case-insensitively, or ``None``."""
    return REGISTRY.get(code.strip().upper())


def internal_error(error: BaseException, where: str, span: Span | None = None) -> Finding:
    """A KIFU001 finding for an exception that escaped kifu's own code (a bug), at ``span``
    (where the record's text starts) when it struck one record."""
    import traceback  # (only for a crash: it costs every start otherwise)

    frame = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    at = f" at {frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else ""
    return INTERNAL_ERROR(
        f"internal error {where}: {type(error).__name__}: {error}{at}; please report this bug", span
    )


#: findings of one code kept per record, in every game: the rest are counted, and said in one more
#: finding (a flood of one slip, a million `}`, costs a hundred findings, not a million)
MAX_PER_CODE = 100


def capped(
    findings: Iterable[Finding], dropped: Mapping[str, int] | None = None, leading: Iterable[str] = ()
) -> list[Finding]:
    """At most :data:`MAX_PER_CODE` of ``findings`` of one code, then one finding saying how many
    more (``… and 12 more PGN017 finding(s) in this game``), for the codes ``leading`` first, then
    in the order of the findings; ``dropped``: the findings of each code counted and not built."""
    uncounted = dropped or {}
    tally: dict[str, int] = dict.fromkeys(leading, 0)
    kept: list[Finding] = []
    for finding in findings:
        n = tally.get(finding.code, 0) + 1
        tally[finding.code] = n
        if n <= MAX_PER_CODE:
            kept.append(finding)
    for code, n in tally.items():
        n += uncounted.get(code, 0)
        if n > MAX_PER_CODE:
            first = next((f for f in kept if f.code == code), None)
            if first is None:
                continue
            kept.append(
                type(first)(
                    code,
                    first.severity,
                    f"… and {n - MAX_PER_CODE} more {code} finding(s) in this game",
                    None,
                    rule=first.rule,
                )
            )
    return kept


class Tally:
    """Counts a record's findings by code as they are made: past :data:`MAX_PER_CODE` of a code,
    :meth:`admit` says not to build one (it is only counted, and :func:`capped` says how many)."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def admit(self, code: str) -> bool:
        n = self.counts.get(code, 0) + 1
        self.counts[code] = n
        return n <= MAX_PER_CODE

    def dropped(self) -> dict[str, int]:
        """The findings of each code counted and not built."""
        return {code: n - MAX_PER_CODE for code, n in self.counts.items() if n > MAX_PER_CODE}
