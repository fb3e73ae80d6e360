"""A Dask task's result as plain data: the JSON text a worker sends (:func:`plain_task`) and
its reading here (:func:`read_result`), every field's type checked and the answer held to the
task asked. Nothing a worker sends becomes an object of kifu's, or any library's, but through
these readers (:mod:`kifu.application.batch.executors` runs a remote cluster's tasks so).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar, cast

from kifu.application.batch.jobs import (
    Item,
    _Task,
    check_chunk_task,
    check_files_task,
    check_part_task,
    collector_tuned,
)
from kifu.core.findings import IO_UNREADABLE, Assumption, Edit, Finding, Fix, Severity
from kifu.core.game import Position
from kifu.core.parts import Part, PartRead
from kifu.core.record import Span
from kifu.core.results import RecordReport

T = TypeVar("T")

#: what a task gives: its items; a group's, one list of items per file; a part's, a PartRead
Result = list[Item] | list[list[Item]] | PartRead[RecordReport]


#: the characters of a worker's error that are reported (on each record of its task)
_LONGEST_ERROR = 1000


class WorkerError(Exception):
    """The task raised an exception on the worker (its type, message and place, as text)."""


class ResultError(Exception):
    """A worker's answer that is not the plain data of the result of the task asked."""


def plain_task(function: Callable[..., Any], *arguments: Any) -> str:
    """``function(*arguments)`` (a task of :mod:`~kifu.application.batch.jobs`) as JSON text:
    ``{"result": …}``, or ``{"error": "ValueError: … at file.py:12"}`` (runs on a worker).
    The collector is tuned for checking while it runs (a worker's default thresholds, over the
    large heap of Dask's modules, cost a remote check 12-15 % of its time)."""
    try:
        try:
            with collector_tuned():
                result = function(*arguments)
        except OSError as error:
            if function is not check_part_task:
                raise
            result = _unread_part(arguments[1], error)
        return json.dumps({"result": _data(result)}, separators=(",", ":"))
    except Exception as error:  # read here as WorkerError: reported on the task's records
        return json.dumps({"error": _error_text(error)})


def _unread_part(part: Part, error: OSError) -> PartRead[RecordReport]:
    """A part of a file that the worker cannot read (the file is not where kifu sees it): one
    IO001 on the file, and no part after it (as a small file the worker cannot open)."""
    reason = error.strerror or str(error)
    finding = IO_UNREADABLE(f"cannot read {part.path} on the Dask worker: {reason}")
    return PartRead([], None, (0, 0, 0, 0, 0), [finding])


def read_result(answer: object, task: _Task) -> Result:
    """The result of ``task`` from a worker's ``answer`` (:func:`plain_task`'s text), checked.

    Raises :class:`WorkerError` for a task that failed on the worker, :class:`ResultError` for
    an answer that is not the plain data of a result of ``task``."""
    if not isinstance(answer, str):
        raise ResultError(f"the worker sent {_kind(answer)}, not the JSON text of a result")
    try:
        document = json.loads(answer)
    except (ValueError, RecursionError) as error:  # (RecursionError: nested too deep to read)
        raise ResultError(f"the worker sent text that is not JSON ({type(error).__name__})") from None
    fields = _object(document, "the answer", required=(), allowed=("result", "error"))
    if len(fields) != 1:
        raise ResultError("the worker's answer holds neither a result nor an error")
    if "error" in fields:
        text = _str(fields["error"], "the error")
        raise WorkerError(text if len(text) <= _LONGEST_ERROR else f"{text[:_LONGEST_ERROR]}…")
    result = fields["result"]
    if task.function is check_part_task:
        return _part(result)
    if task.function is check_files_task:
        files = _list(result, "the result")
        if len(files) != len(task.parts):
            raise ResultError(f"the result holds {len(files)} file(s), not the {len(task.parts)} asked")
        return [_items(file, "a file's result") for file in files]
    items = _items(result, "the result")
    if task.function is check_chunk_task:
        indexes = [item.index if isinstance(item, RecordReport) else None for item in items]
        if indexes != [index for index, _ in task.covers]:
            raise ResultError("the result's records are not the records of the chunk asked")
    return items


# --- writing (on the worker) ----------------------------------------------------------------


def _data(result: object) -> object:
    """``result`` as JSON values: a list of them, or a tagged object for each of kifu's types."""
    if isinstance(result, list):
        return [_data(item) for item in result]
    if isinstance(result, RecordReport):
        return {"report": _report_data(result)}
    if isinstance(result, Finding):
        return {"finding": _finding_data(result)}
    if isinstance(result, PartRead):
        return {
            "part": {
                "records": [_report_data(report) for report in result.records],
                "resume": result.resume,
                "counts": list(result.counts),
                "findings": [_finding_data(finding) for finding in result.findings],
            }
        }
    raise TypeError(f"{type(result).__name__} is not a result of a task")


def _report_data(report: RecordReport) -> dict[str, object]:
    """The fields of ``report``; those with their default value left out."""
    data: dict[str, object] = {"index": report.index, "line": report.line, "plies": report.plies}
    if report.tags:
        data["tags"] = report.tags
    optional: dict[str, object] = {
        "replayed": report.replayed,
        "declared_result": report.declared_result,
        "outcome": report.outcome,
        "claims": report.claims,
        "score": report.score,
        "repetition": report.repetition,
        "findings": [_finding_data(finding) for finding in report.findings],
        "positions": [_position_data(at, position) for at, position in report.positions.items()],
    }
    data.update((name, value) for name, value in optional.items() if value is not None and value != [])
    return data


def _position_data(at: int | None, position: Position) -> dict[str, object]:
    """A kept position (the walk's: no marks yet) and the ply it is kept for (``None``: final)."""
    data: dict[str, object] = {"at": at, "position": position.position, "ply": position.ply}
    for name in ("move", "written", "before"):
        value = getattr(position, name)
        if value is not None:
            data[name] = value
    if position.extra:
        data["extra"] = dict(position.extra)
    return data


def _finding_data(finding: Finding) -> dict[str, object]:
    data: dict[str, object] = {
        "code": finding.code,
        "severity": int(finding.severity),
        "message": finding.message,
    }
    if finding.span is not None:
        data["span"] = list(finding.span)
    for name in _FINDING_TEXTS:
        value = getattr(finding, name)
        if value is not None:
            data[name] = value
    if finding.ply is not None:
        data["ply"] = finding.ply
    if finding.assumption is not None:
        a = finding.assumption
        data["assumption"] = {"ply": a.ply, "written": a.written, "assumed": a.assumed, "reason": a.reason}
    if finding.captures:
        data["captures"] = list(finding.captures)
    if finding.fix is not None:
        fix = finding.fix
        edits = [[*edit.span, edit.content] for edit in fix.edits]
        data["fix"] = {"applicability": fix.applicability, "message": fix.message, "edits": edits}
    return data


def _error_text(error: BaseException) -> str:
    """``ValueError: message at checker.py:12`` (where it was raised), as KIFU001 says it."""
    import traceback

    frame = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    at = f" at {frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else ""
    return f"{type(error).__name__}: {error}{at}"


# --- reading (here), every value checked ------------------------------------------------------

#: the optional text fields of a finding
_FINDING_TEXTS = ("move", "rule", "source_line", "position", "meant")
_FINDING_KEYS = (
    "code",
    "severity",
    "message",
    "span",
    "ply",
    "assumption",
    "captures",
    "fix",
    *_FINDING_TEXTS,
)
_REPORT_KEYS = (
    "index",
    "line",
    "plies",
    "tags",
    "replayed",
    "declared_result",
    "outcome",
    "claims",
    "score",
    "repetition",
    "findings",
    "positions",
)
_POSITION_KEYS = ("at", "position", "ply", "move", "written", "before", "extra")


def _items(data: object, what: str) -> list[Item]:
    items: list[Item] = []
    for value in _list(data, what):
        fields = _object(value, "an item", required=(), allowed=("report", "finding"))
        if len(fields) != 1:
            raise ResultError("an item of the result is neither a record's report nor a finding")
        items.append(_report(fields["report"]) if "report" in fields else _finding(fields["finding"]))
    return items


def _part(data: object) -> PartRead[RecordReport]:
    keys = ("records", "resume", "counts", "findings")
    fields = _object(_object(data, "the result", ("part",), ("part",))["part"], "a part", keys, keys)
    counts = [_int(count, "a decoder's count") for count in _list(fields["counts"], "the decoder's counts")]
    if len(counts) != 5 or min(counts) < 0:
        raise ResultError("the decoder's counts are not five counts")
    return PartRead(
        [_report(report) for report in _list(fields["records"], "the part's records")],
        _optional(fields, "resume", _int),
        (counts[0], counts[1], counts[2], counts[3], counts[4]),
        [_finding(finding) for finding in _list(fields["findings"], "the part's findings")],
    )


def _report(data: object) -> RecordReport:
    fields = _object(data, "a record's report", ("index", "line", "plies"), _REPORT_KEYS)
    return RecordReport(
        index=_int(fields["index"], "a record's index"),
        line=_int(fields["line"], "a record's line"),
        tags=_texts(fields.get("tags", {}), "the tags"),
        plies=_int(fields["plies"], "a record's plies"),
        replayed=_optional(fields, "replayed", _int),
        declared_result=_optional(fields, "declared_result", _str),
        outcome=_optional(fields, "outcome", _json_object),
        claims=[_json_object(claim, "a claim") for claim in _list(fields.get("claims", []), "the claims")],
        score=_optional(fields, "score", _json_object),
        repetition=_optional(fields, "repetition", _json_object),
        findings=[_finding(finding) for finding in _list(fields.get("findings", []), "the findings")],
        positions=dict(
            _position(position) for position in _list(fields.get("positions", []), "the positions")
        ),
    )


def _position(data: object) -> tuple[int | None, Position]:
    fields = _object(data, "a kept position", ("at", "position", "ply"), _POSITION_KEYS)
    extra = _object(fields.get("extra", {}), "a position's extra", (), None)
    position = Position(
        _str(fields["position"], "a position"),
        _int(fields["ply"], "a position's ply"),
        _optional(fields, "move", _str),
        _optional(fields, "written", _str),
        _optional(fields, "before", _str),
        {name: _str(value, "a position's extra") for name, value in extra.items()},
    )
    return _optional(fields, "at", _int), position


def _finding(data: object) -> Finding:
    fields = _object(data, "a finding", ("code", "severity", "message"), _FINDING_KEYS)
    try:
        severity = Severity(_int(fields["severity"], "a finding's severity"))
    except ValueError:
        raise ResultError(f"a finding's severity is {fields['severity']}, not 1, 2 or 3") from None
    span = None if "span" not in fields else _span(fields["span"], "a finding's place")
    texts = {name: _optional(fields, name, _str) for name in _FINDING_TEXTS}
    return Finding(
        code=_str(fields["code"], "a finding's code"),
        severity=severity,
        message=_str(fields["message"], "a finding's message"),
        span=span,
        ply=_optional(fields, "ply", _int),
        move=texts["move"],
        rule=texts["rule"],
        source_line=texts["source_line"],
        position=texts["position"],
        meant=texts["meant"],
        assumption=None if "assumption" not in fields else _assumption(fields["assumption"]),
        captures=tuple(
            _str(stone, "a captured stone") for stone in _list(fields.get("captures", []), "captures")
        ),
        fix=None if "fix" not in fields else _fix(fields["fix"]),
    )


def _span(data: object, what: str) -> Span:
    numbers = [_int(number, what) for number in _list(data, what)]
    if len(numbers) != 4:
        raise ResultError(f"{what} is not four numbers")
    return Span(numbers[0], numbers[1], numbers[2], numbers[3])


def _fix(data: object) -> Fix:
    keys = ("applicability", "message", "edits")
    fields = _object(data, "a fix", keys, keys)
    applicability = fields["applicability"]
    if applicability not in ("safe", "unsafe"):
        raise ResultError(f"a fix's applicability is {applicability!r}, not 'safe' or 'unsafe'")
    edits = []
    for edit in _list(fields["edits"], "a fix's edits"):
        parts = _list(edit, "an edit")
        if len(parts) != 5:
            raise ResultError("an edit is not a place and a text")
        edits.append(Edit(_span(parts[:4], "an edit's place"), _str(parts[4], "an edit's text")))
    message = _str(fields["message"], "a fix's message")
    return Fix("safe" if applicability == "safe" else "unsafe", message, tuple(edits))


def _assumption(data: object) -> Assumption:
    keys = ("ply", "written", "assumed", "reason")
    fields = _object(data, "an assumption", keys, keys)
    return Assumption(
        _int(fields["ply"], "an assumption's ply"),
        _str(fields["written"], "an assumed move"),
        _str(fields["assumed"], "an assumed move"),
        _str(fields["reason"], "an assumption's reason"),
    )


def _object(
    data: object, what: str, required: tuple[str, ...], allowed: tuple[str, ...] | None
) -> dict[str, object]:
    """``data``, a JSON object with the keys ``required``, and no key outside ``allowed``
    (``None``: any)."""
    if not isinstance(data, dict):
        raise ResultError(f"{what} is {_kind(data)}, not an object")
    missing = [key for key in required if key not in data]
    unknown = [] if allowed is None else [key for key in data if key not in allowed]
    if missing or unknown:
        raise ResultError(f"{what} lacks {missing} or has unknown fields {unknown[:3]}")
    return data


def _texts(data: object, what: str) -> dict[str, str]:
    """A JSON object of text values (a record's tags: 18 a game in TWIC, 46,400 games in 40 MB; its
    values' types are taken in one pass in C, not a call a value). Its keys are text: JSON's are."""
    fields = _object(data, what, (), None)
    if not set(map(type, fields.values())) <= {str}:
        wrong = next(value for value in fields.values() if not isinstance(value, str))
        raise ResultError(f"a value of {what} is {_kind(wrong)}, not text")
    return cast("dict[str, str]", fields)


def _json_object(data: object, what: str) -> dict[str, Any]:
    """A JSON object of the output contract (an outcome, a claim, a score): its values are JSON's
    own (``json.loads`` makes no other), shown by the reporters as they are."""
    return _object(data, what, (), None)


def _list(data: object, what: str) -> list[object]:
    if not isinstance(data, list):
        raise ResultError(f"{what} is {_kind(data)}, not a list")
    return data


def _int(data: object, what: str) -> int:
    if type(data) is not int:  # (not a bool: JSON's true is no number)
        raise ResultError(f"{what} is {_kind(data)}, not an integer")
    return data


def _str(data: object, what: str) -> str:
    if not isinstance(data, str):
        raise ResultError(f"{what} is {_kind(data)}, not text")
    return data


def _optional(fields: dict[str, object], name: str, read: Callable[[object, str], T]) -> T | None:
    """The value of the optional field ``name`` read by ``read``; ``None`` when absent or null."""
    value = fields.get(name)
    return None if value is None else read(value, name.replace("_", " "))


def _kind(data: object) -> str:
    return "nothing" if data is None else f"a {type(data).__name__}"
