"""The repairs of SGF findings (``kifu check --fix``, issue 46): each fixable code's edits, the
fixed text, and that the fixed text is clean of it; the guesses that get no fix; a property over
random records (bytes outside the edits kept, a fixed point); the corpus fixed and checked again."""

from __future__ import annotations

import collections
from pathlib import Path

import kifu
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kifu.application.fixing import apply, apply_text
from kifu.core.findings import REGISTRY, Finding, Fix
from kifu.go.fixes import escape, sgf_date, sgf_result
from kifu.go.game import text_encoding

Edits = list[tuple[tuple[int, ...], str]]


def findings(source: str | bytes | Path) -> list[Finding]:
    """Every finding of an SGF text (given as its UTF-8 bytes), bytes or file."""
    given = (
        source.encode("utf-8")
        if isinstance(source, str)
        else str(source)
        if isinstance(source, Path)
        else source
    )
    report = kifu.check(given, game="go")
    return [f for record in report.records for f in record.findings] + list(report.findings)


def serious(found: list[Finding]) -> collections.Counter[str]:
    """The codes of the errors and warnings among ``found``, counted."""
    return collections.Counter(f.code for f in found if f.severity.label in ("error", "warning"))


def edits_of(fix: Fix) -> Edits:
    return [(tuple(edit.span), edit.content) for edit in fix.edits]


#: (code, record, its fix's edits, the record fixed)
FIXED: list[tuple[str, str, Edits, str]] = [
    (
        "SGF004",
        "(;FF[4]GM[1]SZ[9];B[cc]( )(;W[dd]))",
        [((1, 24, 1, 27), "")],
        "(;FF[4]GM[1]SZ[9];B[cc](;W[dd]))",
    ),
    ("SGF007", "(FF[4]GM[1]SZ[9];B[cc])", [((1, 2, 1, 2), ";")], "(;FF[4]GM[1]SZ[9];B[cc])"),
    (
        "SGF013",
        "(;FF[4]GM[1]SZ[9]AddBlack[cc];W[gg])",
        [((1, 18, 1, 26), "AB")],
        "(;FF[4]GM[1]SZ[9]AB[cc];W[gg])",
    ),
    (
        "SGF017",
        "(;FF[4]GM[1]SZ[9]AP[foxwq];B[cc])",
        [((1, 26, 1, 26), ":")],
        "(;FF[4]GM[1]SZ[9]AP[foxwq:];B[cc])",
    ),
    (
        "SGF020",
        "(;FF[4]GM[1]SZ[9]GN[R1]CA[UTF-8]GN[R1];B[cc])",
        [((1, 33, 1, 39), "")],
        "(;FF[4]GM[1]SZ[9]GN[R1]CA[UTF-8];B[cc])",
    ),
    (
        "SGF020",
        "(;FF[4]GM[1]SZ[9];B[cc]B[cc];W[dd])",
        [((1, 24, 1, 29), "")],
        "(;FF[4]GM[1]SZ[9];B[cc];W[dd])",
    ),
    (
        "SGF020",
        "(;FF[4]GM[1]SZ[9]HA[2]AB[cc]\r\nAB[gg];W[ee])",
        [((2, 1, 2, 3), "")],
        "(;FF[4]GM[1]SZ[9]HA[2]AB[cc]\r\n[gg];W[ee])",
    ),
    (
        "SGF020",
        "(;FF[4]GM[1]SZ[9]HA[2]AB[cc]\nAB[gg][cc];W[ee])",
        [((1, 29, 2, 11), "[gg]")],
        "(;FF[4]GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])",
    ),
    (
        "SGF020",
        "(;FF[4]GM[1]SZ[9]HA[2]AB[cc]C[x]AB[gg][cc];W[ee])",
        [((1, 29, 1, 29), "[gg]"), ((1, 33, 1, 43), "")],
        "(;FF[4]GM[1]SZ[9]HA[2]AB[cc][gg]C[x];W[ee])",
    ),
    (
        "SGF023",
        "(;FF[4]GM[1]SZ[9]RE[b+resign];B[cc])",
        [((1, 21, 1, 29), "B+R")],
        "(;FF[4]GM[1]SZ[9]RE[B+R];B[cc])",
    ),
    (
        "SGF023",
        "(;FF[4]GM[1]SZ[9]RE[White wins by 3.5 points];B[cc])",
        [((1, 21, 1, 45), "W+3.5")],
        "(;FF[4]GM[1]SZ[9]RE[W+3.5];B[cc])",
    ),
    (
        "SGF023",
        "(;FF[4]GM[1]SZ[9]RE[黒中押し勝ち];B[cc])",
        [((1, 21, 1, 27), "B+R")],
        "(;FF[4]GM[1]SZ[9]RE[B+R];B[cc])",
    ),
    ("SGF023", "(;FF[4]GM[1]SZ[9]RE[draw];B[cc])", [((1, 21, 1, 25), "0")], "(;FF[4]GM[1]SZ[9]RE[0];B[cc])"),
    (
        "SGF024",
        "(;FF[4]GM[1]SZ[9]DT[2023/5/7];B[cc])",
        [((1, 21, 1, 29), "2023-05-07")],
        "(;FF[4]GM[1]SZ[9]DT[2023-05-07];B[cc])",
    ),
    (
        "SGF024",
        "(;FF[4]GM[1]SZ[9]DT[17.05.2023];B[cc])",
        [((1, 21, 1, 31), "2023-05-17")],
        "(;FF[4]GM[1]SZ[9]DT[2023-05-17];B[cc])",
    ),
    (
        "SGF026",
        "(;FF[4]GM[1]SZ[9]AB[cc][dd][cc];W[ee])",
        [((1, 28, 1, 32), "")],
        "(;FF[4]GM[1]SZ[9]AB[cc][dd];W[ee])",
    ),
    (
        "SGF026",
        "(;FF[4]GM[1]SZ[9]AB[aa:bb][ab];W[ee])",
        [((1, 27, 1, 31), "")],
        "(;FF[4]GM[1]SZ[9]AB[aa:bb];W[ee])",
    ),
    (
        "SGF028",
        "(;FF[3]GM[1]SZ[9]KI[13];B[cc])",
        [((1, 18, 1, 24), "KM[6.5]")],
        "(;FF[3]GM[1]SZ[9]KM[6.5];B[cc])",
    ),
    (
        "SGF032",
        "(;FF[4]GM[1]SZ[9]PB[Cho]\n;B[cc]PW[Ko \\] Koichi];W[gg])",
        [((1, 25, 1, 25), "PW[Ko \\] Koichi]"), ((2, 7, 2, 23), "")],
        "(;FF[4]GM[1]SZ[9]PB[Cho]PW[Ko \\] Koichi]\n;B[cc];W[gg])",
    ),
    ("SGF035", "(;FF[4]GM[1]SZ[9:9];B[cc])", [((1, 16, 1, 19), "9")], "(;FF[4]GM[1]SZ[9];B[cc])"),
    (
        "SGF045",
        "(;FF[4]GM[1]SZ[19]AP[foxwq:1]KM[375];B[pd])",
        [((1, 33, 1, 36), "7.5")],
        "(;FF[4]GM[1]SZ[19]AP[foxwq:1]KM[7.5];B[pd])",
    ),
    (
        "SGF045",
        "(;FF[4]GM[1]SZ[19]KM[3.75];B[pd])",
        [((1, 22, 1, 26), "7.5")],
        "(;FF[4]GM[1]SZ[19]KM[7.5];B[pd])",
    ),
    (
        "SGF048",
        "(;FF[4]GM[1]SZ[9]KO[7.5]PB[B];B[cc])",
        [((1, 18, 1, 20), "KM")],
        "(;FF[4]GM[1]SZ[9]KM[7.5]PB[B];B[cc])",
    ),
]

#: a 5×5 game played out: Black's column b, White's column d, a black stone dead at e1 inside
#: White's marked territory; the count is W+0.5 (komi 0.5), every premise stated
COUNTED = (
    "(;FF[4]GM[1]SZ[5]KM[0.5]RU[Chinese]RE[{}]AB[ba][bb][bc][bd][be][ea]AW[da][db][dc][dd][de]"
    ";B[];W[]TB[aa][ab][ac][ad][ae]TW[ea][eb][ec][ed][ee])"
)
FIXED += [
    ("GO201", COUNTED.format("B+3.5"), [((1, 39, 1, 44), "W+0.5")], COUNTED.format("W+0.5")),
    ("GO202", COUNTED.format("B+R"), [((1, 39, 1, 42), "W+0.5")], COUNTED.format("W+0.5")),
]


@pytest.mark.parametrize(
    ("code", "record", "edits", "fixed"), FIXED, ids=[f"{c}-{i}" for i, (c, *_) in enumerate(FIXED)]
)
def test_fix(code: str, record: str, edits: Edits, fixed: str) -> None:
    """The finding carries its code's fix with these edits; applied, the record reads as ``fixed``,
    and its check no longer reports the code, nor any error or warning it did not report."""
    before = findings(record)
    (finding,) = [f for f in before if f.code == code]
    assert finding.fix is not None, finding.message
    assert finding.fix.applicability == REGISTRY[code].fix
    assert edits_of(finding.fix) == edits
    text, applied = apply_text(record, [finding.fix])
    assert applied == [finding.fix]
    assert text == fixed
    after = findings(text)
    assert code not in [f.code for f in after]
    assert not serious(after) - serious(before)


#: the findings that get no fix: a repair would be a guess (or would change what the count rests on)
UNFIXED: list[tuple[str, str]] = [
    ("SGF004", "(;FF[4]GM[1]SZ[9];B[cc](()))"),  # the `(` before it would be left without a node
    ("SGF013", "(;FF[4]GM[1]SZ[9]Foo[x];B[cc])"),  # F is no FF[4] property
    ("SGF017", "(;FF[4]GM[1]SZ[9];B[cc]LB[cc];W[gg])"),  # the label's text is not known
    ("SGF020", "(;FF[4]GM[1]SZ[9];B[cc]B[dd])"),  # which move?
    ("SGF020", "(;FF[4]GM[1]SZ[9]GN[R1]GN[R2];B[cc])"),
    ("SGF023", "(;FF[4]GM[1]SZ[9]RE[B+Illegal];B[cc])"),
    ("SGF023", "(;FF[4]GM[1]SZ[9]RE[Black resigns. W 133.5 B 81.0];B[cc])"),
    ("SGF024", "(;FF[4]GM[1]SZ[9]DT[05/06/2023];B[cc])"),  # 5 June or 6 May
    ("SGF024", "(;FF[4]GM[1]SZ[9]DT[2001/10/01 22:03:45 UT];B[cc])"),  # the time would be lost
    ("SGF026", "(;FF[4]GM[1]SZ[9]AB[cc]AW[cc])"),  # which stone stands there?
    ("SGF026", "(;FF[4]GM[1]SZ[9];B[cc]CR[aa]TR[aa])"),
    ("SGF028", "(;FF[4]GM[1]SZ[9]KI[11]KM[6.5];B[cc])"),  # the record's KM is the komi
    ("SGF028", "(;FF[3]GM[1]SZ[9]L[aa];B[cc])"),
    ("SGF032", "(;FF[4]GM[1]SZ[9]PB[x];B[cc]HA[2])"),  # HA, KM, RE, RU change the count
    ("SGF032", "(;FF[4]GM[1]SZ[9]PB[x]PW[y];B[cc]PW[z])"),  # the root has it
    ("SGF032", "(;FF[4]GM[1]SZ[9]PB[x];B[cc]DT[someday])"),  # moved, its value would be a new warning
    ("SGF035", "(;FF[4]GM[1]SZ[60:60];B[cc])"),  # read as 52: no repair
    ("SGF048", "(;FF[4]GM[1]SZ[9]KO[7.5]KM[6.5]PB[B];B[cc])"),  # the record's KM is the komi
    ("GO201", COUNTED.format("B+3.5").replace("RU[Chinese]", "")),  # the rules are assumed
    ("GO201", COUNTED.format("B+3.5").replace("KM[0.5]", "")),  # the komi is assumed
    ("GO201", COUNTED.format("B+3.5").replace(";B[];W[]", ";B[];W[];B[cc]")),  # a move after the passes
    ("GO201", COUNTED.format("B+3.5").replace(";B[];W[]", ";W[bb];B[];W[]")),  # a move left out
    (
        "GO201",
        "(;FF[4]GM[1]SZ[5]KM[0.5]RU[Chinese]RE[B+0.5]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])",
    ),
    (
        "GO202",
        "(;FF[4]GM[1]SZ[5]KM[0.5]RU[Chinese]RE[B+R]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])",
    ),
]


@pytest.mark.parametrize(("code", "record"), UNFIXED, ids=[f"{c}-{i}" for i, (c, _) in enumerate(UNFIXED)])
def test_no_fix_for_a_guess(code: str, record: str) -> None:
    found = [f for f in findings(record) if f.code == code]
    assert found
    assert all(f.fix is None for f in found), [f.fix for f in found]


def test_fix_in_a_legacy_codec(tmp_path: Path) -> None:
    """A GB2312 file (CA says so): the edits count characters of the decoded text, and the file
    is written back in its codec, every other byte kept."""
    record = "(;FF[4]CA[GB2312]GM[1]SZ[19:19]PB[李昌镐]DT[2003年5月17日]\n;B[pd])\n"
    data = record.encode("gb2312")
    found = findings(data)
    fixes = [f.fix for f in found if f.fix is not None]
    assert sorted(f.code for f in found if f.fix) == ["SGF024", "SGF035"]
    done = apply(data, fixes, "gb2312")
    assert done.data == record.replace("19:19", "19").replace("2003年5月17日", "2003-05-17").encode("gb2312")
    assert not [f for f in findings(done.data) if f.fix is not None]


def test_results_and_dates() -> None:
    assert sgf_result("W + resign") == "W+R"
    assert sgf_result("black+t") == "B+T"
    assert sgf_result("White won on time") == "W+T"
    assert sgf_result("Black resigned") == "W+R"
    assert sgf_result("257手完, 黒中押し勝ち") == "B+R"
    assert sgf_result("白3目半勝ち") == "W+3.5"
    assert sgf_result("黑中盘胜") == "B+R"
    assert sgf_result("john wins") is None
    assert sgf_result("W+Repetition") is None
    assert sgf_date("20230517") == "2023-05-17"
    assert sgf_date("5/17/2023") == "2023-05-17"
    assert sgf_date("05/05/2023") == "2023-05-05"
    assert sgf_date("2023/05") == "2023-05"
    assert sgf_date("2023/02/30") is None
    assert escape("a]b\\c") == "a\\]b\\\\c"


# --- a property over random records -----------------------------------------------------------

#: pieces of a root node: sound ones and slips, each fixable or not
ROOT_PIECES = [
    "PB[Black]",
    "SZ[9:9]",
    "AP[foxwq]",
    "KI[11]",
    "DT[2023/5/7]",
    "DT[05/06/2023]",
    "RE[b+resign]",
    "RE[B+Illegal]",
    "AB[cc]AB[dd]",
    "AB[ee][ee]",
    "GN[a]GN[a]",
    "GN[a]GN[b]",
    "AddWhite[gg]",
    "KO[6.5]",
    "C[a \\] comment]",
    "LB[aa]",
    "XX[private]",
]
#: pieces of a move node (after its move)
NODE_PIECES = ["", "GC[note]", "EV[Open]", "HA[2]", "C[ok]", "CR[aa]CR[aa]", "N[x]N[x]"]


@st.composite
def records(draw: st.DrawFn) -> str:
    root = draw(st.lists(st.sampled_from(ROOT_PIECES), max_size=6, unique=True))
    space = draw(st.sampled_from(["", " ", "\n", "\r\n"]))
    moves = []
    for i, point in enumerate(["ef", "ge", "df", "fe"][: draw(st.integers(1, 4))]):
        extra = draw(st.sampled_from(NODE_PIECES))
        moves.append(f";{'BW'[i % 2]}[{point}]{extra}")
    variation = draw(st.sampled_from(["", "()", "(;W[hh])", "(;W[hh]())"]))
    head = draw(st.sampled_from(["(;", "("]))
    return f"{head}FF[4]GM[1]{space.join(['SZ[9]', *root])}{space}{space.join(moves)}{variation})\n"


def _offsets(text: str) -> list[int]:
    starts = [0]
    starts += [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    return starts


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_fixes_keep_the_rest_and_reach_a_fixed_point(record: str) -> None:
    """Every byte outside the edits applied is kept; the fixes of the record, applied round after
    round, end in a text whose check offers no fix (at most three rounds), which a further pass
    leaves unchanged; no error or warning appears that the record did not have."""
    before = findings(record)
    text, applied = apply_text(record, [f.fix for f in before if f.fix is not None])
    # the text rebuilt from the spans of the edits applied, counted here: only they changed
    starts = _offsets(record)
    spans = sorted(
        (
            starts[e.span.line - 1] + e.span.column - 1,
            starts[e.span.end_line - 1] + e.span.end_column - 1,
            e.content,
        )
        for fix in applied
        for e in fix.edits
    )
    rebuilt, at = [], 0
    for start, end, content in spans:
        assert start >= at
        rebuilt += [record[at:start], content]
        at = end
    assert "".join([*rebuilt, record[at:]]) == text
    for _ in range(2):
        fixes = [f.fix for f in findings(text) if f.fix is not None]
        if not fixes:
            break
        text, _ = apply_text(text, fixes)
    after = findings(text)
    assert [f for f in after if f.fix is not None] == []
    assert apply_text(text, [])[0] == text
    assert not serious(after) - serious(before), (record, text)


# --- the corpus ---------------------------------------------------------------------------------


@pytest.mark.corpus
def test_corpus_fixed(corpus: Path) -> None:
    """Every Go record of the corpus with a fixable finding: its fixes applied in one round to its
    bytes (in its codec), none refused; checked again, each fixed finding is gone (its code counts
    that many fewer), no error or warning is new, and no fix is left (one round is enough)."""
    fixable: collections.Counter[str] = collections.Counter()
    files = 0
    for path in sorted((corpus / "go").rglob("*.sgf")):
        before = findings(path)
        chosen = [f for f in before if f.fix is not None]
        if not chosen:
            continue
        files += 1
        fixable.update(f.code for f in chosen)
        done = apply(path.read_bytes(), [f.fix for f in chosen if f.fix], text_encoding(str(path)))
        assert done.failed == [], path
        assert len(done.applied) == len(chosen), path
        after = findings(done.data)
        assert [f for f in after if f.fix is not None] == [], path
        gone = collections.Counter(f.code for f in before) - collections.Counter(f.code for f in after)
        assert gone >= collections.Counter(f.code for f in chosen), path
        assert not serious(after) - serious(before), path
    assert files >= 10
    assert sum(fixable.values()) >= 19


FIXABLE = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "go" / "fixable").glob("*.sgf"))


@pytest.mark.parametrize("fixture", FIXABLE, ids=lambda p: p.name)
def test_fixable_fixture(fixture: Path) -> None:
    """Each fixture of fixtures/go/fixable has a fix for the code it is named after; ``kifu.fix``
    with the unsafe fixes leaves no finding of that code, and no error or warning it did not have."""
    code = fixture.name.split("-")[0]
    before = findings(fixture)
    assert [f for f in before if f.code == code and f.fix is not None]
    fixed = kifu.fix(str(fixture), game="go", unsafe=True)
    after = [f for record in fixed.report.records for f in record.findings]
    assert code not in [f.code for f in after]
    assert not serious(after) - serious(before)
    assert fixed.fixed >= 1
