"""The library is the command's equal (issue 47): every public function refuses a wrong value
with ValueError or TypeError (never KIFU001), ``kifu.convert`` refuses the records
``kifu convert`` refuses, and docs/api.md documents every public name and attribute."""

from __future__ import annotations

import dataclasses
import enum
import inspect
import math
import re
import sys
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import kifu
import pytest
from click.testing import CliRunner
from kifu import games
from kifu.app import cli
from kifu.application import library

ROOT = Path(__file__).resolve().parents[2]
PGN = "1. e4 e5 *\n"
SGF = "(;GM[1]SZ[9];B[ee])"
#: a record kifu cannot replay (2. Ke3), then one it can
BROKEN = "1. e4 e5 2. Ke3 Nc6 *\n\n1. d4 d5 *\n"


class Wrong(NamedTuple):
    """A call of ``function`` with one wrong value for ``parameter``, and what it must raise."""

    function: str
    parameter: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    error: type[Exception]
    #: a pattern the message must hold (by default the parameter's name)
    says: str | None = None

    def __str__(self) -> str:
        given = [repr(arg) for arg in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{self.function}({', '.join(given)})"


#: wrong values of each setting of check and convert (``**options``): wrong types, unknown
#: names, empty strings, numbers out of range
SETTINGS: dict[str, list[tuple[Any, type[Exception]]]] = {
    "komi": [
        ("x", ValueError),
        (math.nan, ValueError),
        (-math.inf, ValueError),
        ([6.5], TypeError),
        (True, TypeError),
    ],
    "ko": [("nope", ValueError), ("", ValueError), (3, TypeError)],
    "lang": [("xx", ValueError), ("", ValueError), (3, TypeError), (["de"], TypeError)],
    "abridged": [("sideways", ValueError), ("", ValueError), (1, TypeError)],
    "repetition": [(-1, ValueError), ("x", ValueError), (2.5, TypeError), (False, TypeError)],
    "natural_limit": [(-1, ValueError), ("", ValueError), (1.5, TypeError)],
    "natural_limit_checks": [(-1, ValueError), ("x", ValueError), ([], TypeError)],
}


class Opaque:
    """A value of no kind kifu takes (its repr stable, for the tests' ids)."""

    def __repr__(self) -> str:
        return "Opaque()"


#: source: a value of no kind the functions take
SOURCES: list[Any] = [3, None, 2.5, ["1. e4 *"], Opaque()]
#: rules: no preset, an empty name, no str
RULES: list[tuple[Any, type[Exception]]] = [
    ("nope", ValueError),
    ("", ValueError),
    ("FIDE ", ValueError),
    (3, TypeError),
]
GAMES: list[tuple[Any, type[Exception]]] = [
    ("shogi", ValueError),
    ("", ValueError),
    (1, TypeError),
    (["go"], TypeError),
]


def _wrong_values() -> Iterator[Wrong]:
    for function, first in (("check", ()), ("convert", ("uci",)), ("fix", ()), ("score", ())):
        text = SGF if function == "score" else PGN
        for source in SOURCES:
            yield Wrong(function, "source", (source, *first), {}, TypeError, f"kifu.{function} takes a path")
        for value, error in RULES:
            yield Wrong(function, "rules", (text, *first), {"rules": value}, error)
    for function, first in (("check", ()), ("convert", ("uci",)), ("fix", ())):
        for value, error in GAMES:
            yield Wrong(function, "game", (PGN, *first), {"game": value}, error)
        for name, values in SETTINGS.items():
            for value, error in values:
                yield Wrong(function, name, (PGN, *first), {name: value}, error)
        yield Wrong(function, "**options", (PGN, *first), {"komy": 6.5}, TypeError, "unknown option 'komy'")
    for function, names in (
        ("check", ("select", "extend_select", "ignore")),
        ("fix", ("select", "extend_select", "ignore", "unfixable", "extend_safe_fixes")),
    ):
        for name in names:
            yield Wrong(function, name, (PGN,), {name: ["NOPE9"]}, ValueError)
            yield Wrong(function, name, (PGN,), {name: 3}, TypeError)
            yield Wrong(function, name, (PGN,), {name: ["PGN009", 3]}, TypeError)
            yield Wrong(function, name, (PGN,), {name: {"PGN009": 1}}, TypeError)
    for value in ("yes", 1, None):
        yield Wrong("fix", "unsafe", (PGN,), {"unsafe": value}, TypeError)
        yield Wrong("fix", "fix_comments", (PGN,), {"fix_comments": value}, TypeError)
    yield Wrong("fix", "source", (Path(__file__).parent,), {}, ValueError, "is a directory")
    yield Wrong("check", "severity", (PGN,), {"severity": {"PGN009": "fatal"}}, ValueError)
    yield Wrong("check", "severity", (PGN,), {"severity": {"NOPE9": "error"}}, ValueError)
    yield Wrong("check", "severity", (PGN,), {"severity": {"PGN009": ""}}, ValueError)
    yield Wrong("check", "severity", (PGN,), {"severity": "PGN009=warning"}, TypeError)
    yield Wrong("check", "severity", (PGN,), {"severity": {"PGN009": 2}}, TypeError)
    for value, error, says in [
        ("svg", ValueError, "cannot be converted to 'svg'"),
        ("", ValueError, "cannot be converted to ''"),
        ("UCI", ValueError, "cannot be converted to 'UCI'"),
        (3, TypeError, None),
        (None, TypeError, None),
    ]:
        yield Wrong("convert", "to", (PGN, value), {}, error, says)
    for value in ("yes", 1, None):
        yield Wrong("convert", "lenient", (PGN, "uci"), {"lenient": value}, TypeError)
        yield Wrong("convert", "every_move", (PGN, "diagram"), {"every_move": value}, TypeError)
    yield Wrong("convert", "every_move", (PGN, "pgn"), {"every_move": True}, ValueError)
    for value, error in [("xx", ValueError), ("", ValueError), (3, TypeError)]:
        yield Wrong("convert", "write_lang", (PGN, "san"), {"write_lang": value}, error)
    yield Wrong("convert", "write_lang", (PGN, "pgn"), {"write_lang": "de"}, ValueError)
    for name, values in (("komi", SETTINGS["komi"]), ("ko", SETTINGS["ko"])):
        for value, error in values:
            yield Wrong("score", name, (SGF,), {name: value}, error)
    for value in (3, ["D4"], b"D4"):
        yield Wrong("score", "dead", (SGF,), {"dead": value}, TypeError)
    for value, error in [(9, ValueError), ("error", ValueError), (None, ValueError)]:
        yield Wrong("Severity", "value", (value,), {}, error, "is not a valid Severity")


WRONG = list(_wrong_values())
#: the public callables that compute something: each is driven above
FUNCTIONS = {"check", "convert", "fix", "score", "Severity"}
#: the public types kifu returns: made by kifu, read by a program (their constructors are not
#: part of the API, docs/api.md says so)
RESULTS = {
    *("Report", "RecordReport", "Conversion", "Converted", "Finding", "Span", "Assumption"),
    *("Position", "Marks", "Fix", "Edit", "Fixed"),
}


def test_every_public_callable_is_driven_with_wrong_values() -> None:
    callables = {name for name in dir(kifu) if callable(getattr(kifu, name))}
    assert callables == FUNCTIONS | RESULTS
    assert {wrong.function for wrong in WRONG} == FUNCTIONS


@pytest.mark.parametrize("function", ["check", "convert", "fix", "score"])
def test_every_parameter_of_every_function_gets_wrong_values(function: str) -> None:
    parameters = set()
    for parameter in inspect.signature(getattr(kifu, function)).parameters.values():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            parameters |= {*games.API_SETTINGS, "**options"}
        else:
            parameters.add(parameter.name)
    assert {wrong.parameter for wrong in WRONG if wrong.function == function} == parameters


@pytest.mark.parametrize("wrong", WRONG, ids=str)
def test_a_wrong_value_is_a_value_or_type_error_naming_it(wrong: Wrong) -> None:
    call: Callable[..., Any] = getattr(kifu, wrong.function)
    with pytest.raises((ValueError, TypeError)) as raised:
        call(*wrong.args, **wrong.kwargs)
    assert type(raised.value) is wrong.error or isinstance(raised.value, wrong.error), raised.value
    message = str(raised.value)
    assert "KIFU001" not in message and "please report" not in message
    assert re.search(re.escape(wrong.says or wrong.parameter), message), message


def test_right_values_of_the_same_kinds_are_taken() -> None:
    """The checks above refuse the wrong values, not every value: their right neighbours pass."""
    report = kifu.check(
        PGN, game="chess", rules="fide", lang="DE", repetition="3", natural_limit=60, select=["PGN", "CHESS"]
    )
    assert report.ok and report.game == "chess"
    assert kifu.check(SGF, komi="6.5", ko="simple", severity={"GO201": "warning"}).ok
    assert kifu.check(SGF, komi=6).game == "go"
    assert kifu.convert(PGN, "san", write_lang="fr", lenient=False).text == "1. e4 e5 *\n"
    assert kifu.score(SGF, rules="japanese", komi=6.5, ko="positional", dead="")[0]["score"]["komi"] == 6.5
    assert kifu.Severity.parse("Warning") is kifu.Severity.WARNING


# --- convert refuses what `kifu convert` refuses -----------------------------------------------


def test_convert_refuses_a_record_it_cannot_replay_and_says_why() -> None:
    conversion = kifu.convert(BROKEN, to="uci")
    assert conversion.text == "d2d4 d7d5\n"
    assert not conversion.ok
    assert [record.index for record in conversion.refused] == [1]
    refused = conversion.records[0]
    assert refused.text == "" and refused.lost and refused.problems
    assert conversion.errors == conversion.findings
    # the findings kifu.check reports on that record, with code, message and line
    checked = [f for f in kifu.check(BROKEN).records[0].findings if f.severity is kifu.Severity.ERROR]
    assert [(f.code, f.message, f.span) for f in conversion.findings] == [
        (f.code, f.message, f.span) for f in checked
    ]
    assert [(f.code, f.span.line if f.span else None) for f in conversion.findings] == [("CHESS101", 1)]


def test_lenient_writes_the_refused_record_as_before() -> None:
    conversion = kifu.convert(BROKEN, to="pgn", lenient=True)
    assert conversion.ok and conversion.findings == [] and conversion.refused == []
    assert "kifu: not replayed from here" in conversion.text and "1. d4 d5" in conversion.text
    assert conversion.records[0].lost  # still says what was not replayed


def test_a_contradicted_result_is_written_with_a_warning() -> None:
    conversion = kifu.convert('[Result "1-0"]\n\n1. e4 e5 0-1\n', to="uci")
    assert conversion.text == "e2e4 e7e5\n" and conversion.ok
    assert [(f.code, f.severity) for f in conversion.findings] == [("PGN007", kifu.Severity.WARNING)]


def test_a_record_check_finds_nothing_wrong_with_and_the_target_cannot_hold_is_a_value_error() -> None:
    rectangle = (ROOT / "fixtures/go/good/rectangle-and-compressed.sgf").read_bytes()
    with pytest.raises(ValueError, match="GTP boards are square"):
        kifu.convert(rectangle, to="gtp")
    assert kifu.convert(rectangle, to="gtp", lenient=True).text == ""


#: files whose conversion the command refuses in part (a record it cannot replay), and one it
#: does not, in each game; with a target of each kind (a record format, a list, JSON)
SAME_AS_THE_COMMAND = [
    ("fixtures/chess/bad/rules.pgn", "pgn"),
    ("fixtures/chess/bad/rules.pgn", "uci"),
    ("fixtures/chess/bad/syntax.pgn", "pgn"),
    ("fixtures/chess/good/opera-game.pgn", "fen"),
    ("fixtures/xiangqi/bad/XQ113-score-sheet-order.pgn", "iccs"),
    ("fixtures/xiangqi/bad/XQ101-rules.pgn", "json"),
    ("fixtures/go/bad/GO101-occupied.sgf", "sgf"),
    ("fixtures/go/bad/SGF004-empty-variation.sgf", "gtp"),
]


@pytest.mark.parametrize(("path", "target"), SAME_AS_THE_COMMAND)
@pytest.mark.parametrize("lenient", [False, True])
def test_convert_writes_what_the_command_writes_and_fails_where_it_fails(
    path: str, target: str, lenient: bool
) -> None:
    source = ROOT / path
    assert source.is_file(), path
    result = CliRunner().invoke(
        cli,
        ["convert", str(source), "--to", target, *(["--lenient"] if lenient else [])],
        catch_exceptions=False,
    )
    conversion = kifu.convert(source, to=target, lenient=lenient)
    assert conversion.text == result.stdout
    assert result.exit_code == (0 if conversion.ok else 1), (result.stderr, conversion.findings)
    refused = [record.index for record in conversion.refused]
    if refused:
        assert re.search(rf"games? {', '.join(map(str, refused))} not written", result.stderr)
    else:
        assert "not written" not in result.stderr


# --- docs/api.md documents every public name and attribute -------------------------------------


def _sections() -> dict[str, set[str]]:
    """docs/api.md's reference: each ``### `kifu.X``` heading's table, the names in its first
    column (``to_dict()`` and ``point(line, …)`` as ``to_dict`` and ``point``)."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    reference = text[text.index("\n## Reference\n") :]
    sections: dict[str, set[str]] = {}
    for heading, body in re.findall(r"^### `([^`]+)`\n(.*?)(?=^#|\Z)", reference, re.M | re.S):
        sections[heading] = {
            re.sub(r"\(.*", "", name) for name in re.findall(r"^\| `([^`]+)` \|", body, re.M)
        }
    return sections


def _attributes(kind: type) -> set[str]:
    """A result type's public attributes: its fields (or an enum's members) and what the class
    itself defines (properties, methods), not what it inherits from ``tuple`` or ``int``."""
    if dataclasses.is_dataclass(kind):
        fields = {field.name for field in dataclasses.fields(kind)}
    elif issubclass(kind, tuple):
        fields = set(getattr(kind, "_fields", ()))  # (a named tuple's)
    else:
        assert issubclass(kind, enum.Enum), kind
        fields = set(kind.__members__)
    own = {
        name
        for name, value in vars(kind).items()
        if not name.startswith("_")
        and (isinstance(value, (property, classmethod, staticmethod)) or callable(value))
    }
    return fields | own


def _returned_types() -> set[type]:
    """The types kifu's functions return, and those their fields hold, to the end."""
    found: set[type] = set()
    # (the return annotations only: the parameters' name types of the standard library)
    todo: list[Any] = [
        eval(getattr(kifu, name).__annotations__["return"], vars(library))
        for name in ("check", "convert", "fix")
    ]
    while todo:
        hint = todo.pop()
        todo.extend(typing.get_args(hint))
        if not isinstance(hint, type) or not hint.__module__.startswith("kifu.") or hint in found:
            continue
        found.add(hint)
        if dataclasses.is_dataclass(hint) or issubclass(hint, tuple):
            todo.extend(_hints(hint).values())
    return found


def _hints(kind: type) -> dict[str, Any]:
    """The fields' types of ``kind``; a name its module imports for type checking only is
    looked up in kifu's loaded modules."""
    names: dict[str, Any] = {}
    while True:
        try:
            return typing.get_type_hints(kind, localns=names)
        except NameError as error:
            if error.name is None or error.name in names:
                raise
            modules = [module for name, module in sorted(sys.modules.items()) if name.startswith("kifu.")]
            found = [getattr(module, error.name) for module in modules if hasattr(module, error.name)]
            if not found:
                raise
            names[error.name] = found[0]


def test_docs_api_md_lists_every_public_name_of_kifu() -> None:
    assert _sections()["kifu"] == {f"kifu.{name}" for name in dir(kifu)}


def test_every_type_a_function_returns_is_public_and_documented() -> None:
    returned = {kind.__name__ for kind in _returned_types()}
    # a new type in a result: export it from kifu (cli/__init__.py, cli/application/library.py), add it to
    # RESULTS and document it in docs/api.md's reference
    assert returned == RESULTS | {"Severity"}
    assert all(getattr(kifu, name) is getattr(library, name) for name in returned)


@pytest.mark.parametrize("name", sorted(RESULTS | {"Severity"}))
def test_docs_api_md_documents_every_attribute_of_a_result_type(name: str) -> None:
    documented = _sections()[f"kifu.{name}"]
    # a new field, property or method of a result type: document it in docs/api.md's reference
    assert documented == _attributes(getattr(kifu, name)), "docs/api.md, ### `kifu." + name + "`"
