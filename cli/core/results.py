"""What checking produces: one report per record, one per file, and run totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kifu.core.findings import INTERNAL_ERROR, Finding, Severity

if TYPE_CHECKING:
    from kifu.core.game import Position


@dataclass(slots=True)
class RecordReport:
    """The verdict on one record, in the shape of the JSON output contract."""

    index: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    plies: int = 0
    #: main-line plies replayed as written, when fewer than ``plies`` (a move that cannot be
    #: played, a start that cannot be set up); ``None`` when every ply was replayed
    replayed: int | None = None
    declared_result: str | None = None
    outcome: dict[str, Any] | None = None
    claims: list[dict[str, Any]] = field(default_factory=list)
    score: dict[str, Any] | None = None
    #: xiangqi: the repetition that decides the game (its cycle, each move classified, the verdict)
    repetition: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    #: the positions of its boards, from the check's own walk when the options ask for them
    #: (:attr:`~kifu.core.game.Options.boards`): by ply, ``None`` for the final one (not in JSON)
    positions: dict[int | None, Position] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the output contract."""
        return {
            "index": self.index,
            "line": self.line,
            "tags": self.tags,
            "plies": self.plies,
            "replayed": self.replayed,
            "declared_result": self.declared_result,
            "outcome": self.outcome,
            "claims": self.claims,
            "score": self.score,
            "repetition": self.repetition,
            "findings": [f.to_dict() for f in self.findings],
        }


@dataclass(slots=True)
class Totals:
    """Counts over a whole run."""

    files: int = 0
    records: int = 0
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    internal_errors: int = 0
    per_code: dict[str, int] = field(default_factory=dict)
    #: findings left out by the rule selection (``--ignore``, ``per-file-ignores`` …)
    ignored: int = 0
    ignored_per_code: dict[str, int] = field(default_factory=dict)

    def add(self, findings: list[Finding]) -> None:
        """Count the severities and codes of ``findings``."""
        for finding in findings:
            self.per_code[finding.code] = self.per_code.get(finding.code, 0) + 1
            if finding.severity is Severity.ERROR:
                self.errors += 1
            elif finding.severity is Severity.WARNING:
                self.warnings += 1
            else:
                self.infos += 1
            if finding.code == INTERNAL_ERROR.code:
                self.internal_errors += 1

    def ignore(self, findings: list[Finding]) -> None:
        """Count ``findings`` as ignored by the selection (never reported, still counted)."""
        for finding in findings:
            self.ignored += 1
            self.ignored_per_code[finding.code] = self.ignored_per_code.get(finding.code, 0) + 1

    def worst(self) -> Severity | None:
        """The highest severity seen, or ``None`` when nothing was found."""
        if self.errors:
            return Severity.ERROR
        if self.warnings:
            return Severity.WARNING
        if self.infos:
            return Severity.INFO
        return None

    def to_dict(self) -> dict[str, Any]:
        """The ``summary`` object of the JSON output (keys are added, never renamed)."""
        return {
            "files": self.files,
            "records": self.records,
            "errors": self.errors,
            "warnings": self.warnings,
            "infos": self.infos,
            "ignored": self.ignored,
            "codes": by_count(self.per_code),
            "ignored_codes": by_count(self.ignored_per_code),
        }


def by_count(counts: dict[str, int]) -> dict[str, int]:
    """``counts`` ordered by count, most frequent first, then by code."""
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
