"""The fixes of xiangqi findings (issue 46): each fixable code's edits, the fixed text, and a
check of it without the code; the generated slips of :mod:`tests.xiangqi.fix_slips`."""

from __future__ import annotations

import pytest
from kifu.application.fixing import apply_text
from kifu.application.library import check
from kifu.core.findings import REGISTRY, Finding, Severity
from kifu.core.game import Options
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.fen import START_FEN, parse_fen
from kifu.xiangqi.fixes import Style
from kifu.xiangqi.notation import parse_move, resolve
from kifu.xiangqi.reader import _read_records

from tests.xiangqi.fix_slips import measure

TAGS = '[Game "Chinese Chess"]\n[Event "fix"]\n[Result "*"]\n\n'
OPENING = (
    "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ "
    + "4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ "
)
REST = "6. 车二平三 炮９退１ 7. 马八进七 士４进５ 8. 马七进六 *\n"


def findings(text: str, options: Options | None = None) -> list[Finding]:
    """The findings of the first record of ``text`` (XQBase PGN, a score sheet or DhtmlXQ)."""
    items, _ = _read_records(text.encode("utf-8"), "pgn")
    record, read, source = next(iter(items))
    return check_record(record, read, options or Options(), source).findings


def fixed(text: str, code: str, options: Options | None = None) -> tuple[str, Finding]:
    """``text`` with the fix of its finding of ``code`` applied, and that finding."""
    [finding] = [f for f in findings(text, options) if f.code == code]
    assert finding.fix is not None, finding.message
    assert finding.fix.applicability == REGISTRY[code].fix
    new, applied = apply_text(text, [finding.fix])
    assert applied == [finding.fix]
    return new, finding


def clean(before: str, after: str, code: str) -> None:
    """The check of ``after`` reports no ``code`` and no error the check of ``before`` had not."""
    was = {(f.code, f.message) for f in findings(before) if f.severity is Severity.ERROR}
    now = findings(after)
    assert code not in {f.code for f in now}, [f.message for f in now]
    new_errors = [f.message for f in now if f.severity is Severity.ERROR and (f.code, f.message) not in was]
    assert not new_errors


@pytest.mark.parametrize(
    ("code", "written", "meant"),
    [
        ("XQN003", "3. 车三平二", "3. 车一平二"),  # a wrong file
        ("XQ101", "3. 车一进九", "3. 车一平二"),  # through its own soldier
        ("XQN007", "3. 车一退二", "3. 车一平二"),  # off the board
    ],
)
def test_a_decided_move_is_written_back_in_the_record_s_style(code: str, written: str, meant: str) -> None:
    opening = OPENING.replace("3. 车一平二", written)
    text = TAGS + opening + REST
    if code not in {f.code for f in findings(text)}:
        pytest.skip(f"{written} is not {code} here")
    new, finding = fixed(text, code)
    assert meant.split()[1] in new
    assert "{kifu: round 3, Red" not in new and "{kifu: 3. " in new  # the trail names the move
    assert new.replace(finding.fix.edits[0].content, "") == text.replace(finding.move or "", "")
    clean(text, new, code)


def test_the_trail_is_left_out_without_fix_notes_and_on_a_score_sheet() -> None:
    text = TAGS + OPENING.replace("3. 车一平二", "3. 车三平二") + REST
    new, _ = fixed(text, "XQN003", Options(fix_notes=False))
    assert new == text.replace("3. 车三平二", "3. 车一平二")
    sheet = OPENING.replace("3. 车一平二", "3. 车三平二") + REST
    new, _ = fixed(sheet, "XQN003")
    assert new == sheet.replace("3. 车三平二", "3. 车一平二")


def test_wxf_and_full_width_digits_are_kept() -> None:
    text = TAGS + "1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 H2+3 4. P7+1 P7+1 5. R2+6 C8.9 6. R2.3 C9-1 *\n"
    slipped = text.replace("3. R1.2", "3. R3.2")
    new, _ = fixed(slipped, "XQN003")
    assert "3. R1.2 {kifu: 3. R3.2 corrected to R1.2" in new
    clean(slipped, new, "XQN003")


def test_a_tie_is_not_fixed() -> None:
    """车1 2 reads 车一进二 or 车一平二 and nothing after it tells them apart: no fix."""
    [finding] = [
        f for f in findings("1. 炮2 5  马8 7\n2. 马2 3  车9 8\n3. 车1 2  炮8 4\n") if f.code == "XQN006"
    ]
    assert finding.fix is None


def test_a_left_out_move_is_inserted_and_the_rounds_numbered_again() -> None:
    text = TAGS + "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 马２进３ 兵七进一 4. 卒７进１ 车二进六\n"
    text += "5. 炮８平９ 车二平三 6. 炮９退１ 马八进七 7. 士４进５ 马七进六 *\n"
    new, _ = fixed(text, "XQ113", Options(fix_notes=False))
    assert new.endswith(
        "3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六\n"
        "炮８平９ 6. 车二平三 炮９退１ 7. 马八进七 士４进５ 8. 马七进六 *\n"
    )
    clean(text, new, "XQ113")
    assert "XQN017" not in {f.code for f in findings(new)}


def test_a_doubled_move_is_removed_and_a_swap_undone() -> None:
    twice = TAGS + OPENING.replace("3. 车一平二", "3. 车一平二 车一平二") + REST
    new, _ = fixed(twice, "XQ114", Options(fix_notes=False))
    assert new == TAGS + OPENING + REST
    swapped = (
        TAGS + OPENING.replace("2. 马二进三", "2. 车一平二").replace("3. 车一平二", "3. 马二进三") + REST
    )
    new, _ = fixed(swapped, "XQ115", Options(fix_notes=False))
    assert new == TAGS + OPENING + REST


def test_results_the_rules_prove() -> None:
    mate = (
        '[Game "Chinese Chess"]\n[Result "0-1"]\n[FEN "9/2N2k3/b8/9/9/9/9/3AK4/7R1/9 w - - 0 1"]\n\n'
        "1. 车二平四 0-1\n"
    )
    new, _ = fixed(mate, "XQ202")
    assert new == mate.replace("0-1", "1-0")
    clean(mate, new, "XQ202")
    unfinished = mate.replace("0-1", "*")
    new, _ = fixed(unfinished, "XQ203")
    assert new == mate.replace("0-1", "1-0")
    perpetual = (
        '[Game "Chinese Chess"]\n[Result "1/2-1/2"]\n[FEN "3k5/R8/9/9/9/8r/9/9/9/4K4 w - - 0 1"]\n\n'
        "1. 车九进一 将４进１ 2. 车九退一 将４退１ 3. 车九进一 将４进１ 4. 车九退一 将４退１ 1/2-1/2\n"
    )
    new, _ = fixed(perpetual, "XQ302")
    assert new == perpetual.replace("1/2-1/2", "0-1")
    new, _ = fixed(perpetual.replace("1/2-1/2", "*"), "XQ304")
    assert new == perpetual.replace("1/2-1/2", "0-1")


def test_tags_and_notation() -> None:
    bad = TAGS.replace('"*"', '"red wins"') + "1. 炮二平五 马８进７ 1-0\n"
    new, _ = fixed(bad, "XQN015")
    assert '[Result "1-0"]' in new
    clean(bad, new, "XQN015")
    renamed = TAGS + '[Data "2024.05.01"]\n\n1. 炮二平五 *\n'
    renamed = renamed.replace('"*"]\n\n[Data', '"*"]\n[Data')
    new, _ = fixed(renamed, "XQN018")
    assert '[Date "2024.05.01"]' in new
    numbered = TAGS + "1. 炮二平五 马８进７ 马二进三\n2. 车９平８ *\n"
    new, _ = fixed(numbered, "XQN017")
    assert new.endswith("1. 炮二平五 马８进７ 2. 马二进三\n车９平８ *\n")
    clean(numbered, new, "XQN017")
    noncanonical = '[Game "Chinese Chess"]\n[FEN "3k5/9/9/9/9/9/7R1/9/7R1/4K4 w - - 0 1"]\n\n1. 车二进二 *\n'
    new, finding = fixed(noncanonical, "XQN008")
    assert finding.fix is not None and finding.fix.applicability == "safe"
    assert "1. 前车进二 *" in new


def test_control_characters_in_a_tag_are_removed() -> None:
    text = '[Game "Chinese Chess"]\n[Red "Hu Rong\x00hua"]\n\n1. 炮二平五 *\n'
    report = check(text, game="xiangqi")
    [finding] = [f for f in report.all_findings if f.code == "XQN019"]
    assert finding.fix is not None and finding.fix.applicability == "safe"
    new, _ = apply_text(text, [finding.fix])
    assert '[Red "Hu Ronghua"]' in new


def test_dhtmlxq_moves_and_results() -> None:
    """A DhtmlXQ move list: the move written back as four digits, with a comment field."""
    board = parse_fen(START_FEN)
    digits = []
    for text in (OPENING + REST).split():
        if text[0].isdigit() or text == "*":
            continue
        move = resolve(board, parse_move(text)).move
        assert move is not None
        digits.append(Style(notation="dhtmlxq").write(board, move))
        board.push(move)
    page = "[DhtmlXQ]\n[DhtmlXQ_movelist]{}[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
    slipped = digits[:]
    slipped[4] = "8978"  # 车一平二 (8979, i0h0) written i0h1: no such move
    text = page.format("".join(slipped))
    [finding] = [f for f in findings(text) if f.fix is not None]
    new, _ = apply_text(text, [finding.fix])
    assert new.startswith(page.format("".join(digits)).split("[/DhtmlXQ]")[0])
    assert "[DhtmlXQ_comment5]kifu: 3. i0h1 corrected to i0h0" in new
    clean(text, new, finding.code)


def test_generated_slips_come_back() -> None:
    """A small sample of :mod:`tests.xiangqi.fix_slips` (the full run: ``--games 300``)."""
    figures = measure(25, seed=1)
    assert figures.decided >= 15
    assert figures.back >= 0.98 * figures.decided
    assert figures.legal_changed == 0
    assert figures.ties_fixed == 0
