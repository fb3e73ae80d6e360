"""The FIDE Laws by date: a game is judged by the edition in force when it was played (issue 44).

Fivefold repetition and 75 moves end a game only under the Laws of 1 July 2014 and later (9.6),
and until the 2018 text a repetition only "for at least five consecutive alternate moves by
each player". A verdict that rests on an edition the record's dates do not prove is a warning
that names it.
"""

from __future__ import annotations

import random
from datetime import date

import pytest
from kifu.chess import presets
from kifu.chess.checker import check_game
from kifu.chess.rules import (
    CURRENT,
    EDITION,
    EDITIONS,
    Ending,
    Laws,
    date_span,
    in_force,
    laws_for,
)
from kifu.chess.splitter import split_games
from kifu.core.findings import Severity
from kifu.core.results import RecordReport

import chess

FIDE_2009, FIDE_2014, FIDE_2018 = EDITIONS

#: the start position five times (plies 0, 4, 8, 12, 16: five consecutive alternate moves),
#: then the game goes on to a mate: the shape of Levenfish–Botvinnik 1937
FIVEFOLD_THEN_MATE = (
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
    "9. f3 e5 10. g4 Qh4# 0-1"
)
#: both rooks go round a three-square loop: the position recurs every six plies, so its fifth
#: occurrence (ply 24) is not "for five consecutive alternate moves"
ROOK_LOOPS_FEN = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"
ROOK_LOOPS = (
    "1. Rb1 Rb8 2. Rc1 Rc8 3. Ra1 Ra8 4. Rb1 Rb8 5. Rc1 Rc8 6. Ra1 Ra8 7. Rb1 Rb8 8. Rc1 Rc8 "
    "9. Ra1 Ra8 10. Rb1 Rb8 11. Rc1 Rc8 12. Ra1 Ra8 13. Ke2 *"
)
#: the half-move clock at 148: the 75th move of each side without a pawn move or capture is 1... Kd7
SEVENTYFIVE_FEN = "4k3/8/8/8/8/8/8/4K2R w - - 148 80"
SEVENTYFIVE = "80. Rh2 Kd7 81. Rh3 *"


def _check(movetext: str, *, rules: str | None = None, fen: str | None = None, **tags: str) -> RecordReport:
    header = {"Event": "e", "Site": "s", "Round": "1", "White": "w", "Black": "b", "Result": "*", **tags}
    if "Date" not in tags:
        header.pop("Date", None)
    if fen is not None:
        header |= {"SetUp": "1", "FEN": fen}
    text = "".join(f'[{name} "{value}"]\n' for name, value in header.items()) + "\n" + movetext + "\n"
    [game] = split_games(text.split("\n"))
    return check_game(game, 1, rules=rules)


def _verdicts(report: RecordReport) -> list[tuple[str, str]]:
    return [(f.code, f.severity.label) for f in report.findings if f.code.startswith("CHESS2")]


# --- reading a date ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("1886.01.11", date(1886, 1, 11), date(1886, 1, 11)),
        ("1937.??.??", date(1937, 1, 1), date(1937, 12, 31)),
        ("2014.07.??", date(2014, 7, 1), date(2014, 7, 31)),
        ("2014.0?.??", date(2014, 1, 1), date(2014, 9, 30)),
        ("2014.?2.??", date(2014, 2, 1), date(2014, 12, 31)),
        ("2016.02.??", date(2016, 2, 1), date(2016, 2, 29)),  # a leap year
        ("201?.??.??", date(2010, 1, 1), date(2019, 12, 31)),
        ("19??.??.??", date(1900, 1, 1), date(1999, 12, 31)),
        ("????.07.01", None, None),  # no year: nothing to go by
        ("2015.??.31", date(2015, 1, 31), date(2015, 12, 31)),  # only months with a 31st
        ("2015.13.45", date(2015, 1, 1), date(2015, 12, 31)),  # impossible month and day: unknown
        ("2015.02.30", date(2015, 2, 1), date(2015, 2, 28)),  # no such day: the month is known
        ("2015.00.00", date(2015, 1, 1), date(2015, 12, 31)),
        ("2015-07-01", date(2015, 7, 1), date(2015, 7, 1)),  # other separators (PGN009 says so)
        ("2015/7/1", date(2015, 7, 1), date(2015, 7, 1)),
        ("1937", date(1937, 1, 1), date(1937, 12, 31)),
        (" 2015.07.01 ", date(2015, 7, 1), date(2015, 7, 1)),
    ],
)
def test_a_pgn_date_means_the_days_it_can_be(text: str, first: date | None, last: date | None) -> None:
    assert date_span(text) == (None if first is None else (first, last))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "????.??.??",
        "0000.00.00",  # a placeholder, not the year 0
        "0???.??.??",
        "abcd.ef.gh",
        "２０１５.01.01",  # full-width digits are not ASCII digits
        "١٩٣٧.01.01",
        "2015.07.01.12",
        "15.07.01",
        "July 1937",
        "2015.07.01" + " " * 40,  # (long values are not read)
        "1" * 100_000,
        "2015\x00.07.01",
    ],
)
def test_a_value_that_is_no_date_tells_nothing(text: str) -> None:
    assert date_span(text) is None


def test_the_editions_and_the_day_each_came_into_force() -> None:
    assert [laws.name for laws in EDITIONS] == ["fide-2009", "fide-2014", "fide-2018"]
    assert FIDE_2014.since == date(2014, 7, 1) and FIDE_2018.since == date(2018, 1, 1)
    assert CURRENT is FIDE_2018
    assert in_force(date(1886, 1, 11)) is FIDE_2009
    assert in_force(date(2014, 6, 30)) is FIDE_2009
    assert in_force(date(2014, 7, 1)) is FIDE_2014
    assert in_force(date(2017, 12, 31)) is FIDE_2014
    assert in_force(date(2018, 1, 1)) is FIDE_2018
    assert not FIDE_2009.automatic and FIDE_2014.automatic and FIDE_2018.automatic
    assert FIDE_2014.consecutive and not FIDE_2018.consecutive
    assert FIDE_2014.title() == "the FIDE Laws of 1 July 2014 or later"
    assert FIDE_2009.title() == "the FIDE Laws before 1 July 2014"


def test_every_edition_is_a_preset_and_fide_chooses_by_date() -> None:
    assert list(presets.DESCRIPTIONS) == ["fide", *EDITION]


# --- choosing the Laws ------------------------------------------------------------------------


def test_no_date_is_judged_by_today_s_laws_with_the_date_unknown() -> None:
    for tags in ({}, {"Date": "????.??.??"}, {"Date": "0000.00.00", "EventDate": "????.??.??"}):
        applied = laws_for(None, tags)
        assert (applied.laws, applied.first, applied.stated, applied.said) == (
            CURRENT,
            None,
            False,
            "Date unknown",
        )


@pytest.mark.parametrize(
    ("tags", "laws", "first", "said"),
    [
        ({"Date": "1937.??.??"}, "fide-2009", date(1937, 1, 1), "Date 1937.??.??"),
        ({"Date": "2015.03.02"}, "fide-2014", date(2015, 3, 2), "Date 2015.03.02"),
        ({"Date": "2014.??.??"}, "fide-2014", date(2014, 1, 1), "Date 2014.??.??"),
        ({"Date": "2024.06.01"}, "fide-2018", date(2024, 6, 1), "Date 2024.06.01"),
        # the Date tells nothing: EventDate, then UTCDate
        (
            {"Date": "????.??.??", "EventDate": "1886.01.11"},
            "fide-2009",
            date(1886, 1, 11),
            "EventDate 1886.01.11",
        ),
        (
            {"Date": "????.??.??", "UTCDate": "2019.05.01"},
            "fide-2018",
            date(2019, 5, 1),
            "UTCDate 2019.05.01",
        ),
        # the Laws apply to competitions that start on or after their date: a game of 5 July 2014
        # in an event that started on 20 June was played under the earlier Laws
        (
            {"Date": "2014.07.05", "EventDate": "2014.06.20"},
            "fide-2009",
            date(2014, 6, 20),
            "EventDate 2014.06.20",
        ),
        (
            {"Date": "2014.07.05", "EventDate": "2014.??.??"},
            "fide-2014",
            date(2014, 1, 1),
            "EventDate 2014.??.??",
        ),
        (
            {"Date": "2014.03.05", "EventDate": "2014.??.??"},
            "fide-2009",
            date(2014, 1, 1),
            "EventDate 2014.??.??",
        ),
        # an EventDate after the Date: the tags contradict each other, and either may be right
        (
            {"Date": "2013.05.05", "EventDate": "2015.01.01"},
            "fide-2014",
            date(2013, 5, 5),
            "Date 2013.05.05, EventDate 2015.01.01",
        ),
    ],
)
def test_the_dates_choose_the_laws(tags: dict[str, str], laws: str, first: date, said: str) -> None:
    applied = laws_for(None, tags)
    assert (applied.laws.name, applied.first, applied.stated, applied.said) == (laws, first, False, said)
    assert laws_for("fide", tags) == applied  # the default preset chooses by date
    assert laws_for("cxa", tags) == applied  # another game's preset leaves chess to its dates


@pytest.mark.parametrize("name", list(EDITION))
def test_a_named_edition_is_stated_and_overrides_the_dates(name: str) -> None:
    applied = laws_for(name, {"Date": "1937.??.??"})
    assert applied.laws is EDITION[name] and applied.stated


@pytest.mark.parametrize(
    ("tags", "reason", "edition", "assumed"),
    [
        ({}, "fivefold-repetition", FIDE_2014, FIDE_2014),
        ({}, "fivefold-repetition", FIDE_2018, FIDE_2018),
        ({}, "seventyfive-moves", FIDE_2014, FIDE_2014),
        ({}, "checkmate", None, None),  # no edition differs on a mate
        ({"Date": "2014.??.??"}, "seventyfive-moves", FIDE_2014, FIDE_2014),
        ({"Date": "2014.07.01"}, "seventyfive-moves", FIDE_2014, None),
        ({"Date": "2017.??.??"}, "fivefold-repetition", FIDE_2014, None),
        ({"Date": "201?.??.??"}, "fivefold-repetition", FIDE_2018, FIDE_2018),
        ({"Date": "2018.??.??"}, "fivefold-repetition", FIDE_2018, None),
    ],
)
def test_a_verdict_assumes_an_edition_only_when_the_dates_do_not_prove_it(
    tags: dict[str, str], reason: str, edition: Laws | None, assumed: Laws | None
) -> None:
    ending = Ending(reason, "1/2-1/2", 16, edition)
    assert laws_for(None, tags).assumed(ending) is assumed
    assert laws_for("fide-2018", tags).assumed(ending) is None  # stated: nothing is assumed


# --- judging a game ---------------------------------------------------------------------------


def test_a_game_of_1937_goes_on_after_a_fivefold_repetition() -> None:
    report = _check(FIVEFOLD_THEN_MATE, Date="1937.??.??", Result="0-1")
    assert report.findings == []
    assert report.outcome == {"result": "0-1", "reason": "checkmate", "ply": 20}
    # the threefold repetition could have been claimed; nobody did
    assert report.claims == [{"reason": "threefold-repetition", "ply": 7, "reached_ply": 8, "valid": False}]


def test_the_same_game_in_2015_ended_at_the_fivefold_repetition() -> None:
    report = _check(FIVEFOLD_THEN_MATE, Date="2015.03.02", Result="0-1")
    assert _verdicts(report) == [("CHESS201", "error"), ("CHESS202", "error")]
    assert report.outcome == {"result": "1/2-1/2", "reason": "fivefold-repetition", "ply": 16}
    assert all("assuming" not in f.message for f in report.findings)


@pytest.mark.parametrize(
    ("tags", "said"), [({}, "Date unknown"), ({"Date": "2014.??.??"}, "Date 2014.??.??")]
)
def test_without_a_date_that_proves_the_laws_the_verdicts_are_warnings_that_say_so(
    tags: dict[str, str], said: str
) -> None:
    report = _check(FIVEFOLD_THEN_MATE, Result="0-1", **tags)
    assert _verdicts(report) == [("CHESS201", "warning"), ("CHESS202", "warning")]
    after, contradicts = (f for f in report.findings if f.code.startswith("CHESS2"))
    assert after.message == (
        "9. f3 is recorded after the game ended by fivefold repetition at ply 16, assuming the FIDE Laws "
        f"of 1 July 2014 or later apply ({said}; --rules fide-2009 for a game played before 1 July 2014)"
    )
    assert contradicts.message == (
        "result 0-1 contradicts the position: the game ended by fivefold repetition at ply 16, which "
        f"gives 1/2-1/2, assuming the FIDE Laws of 1 July 2014 or later apply ({said}; --rules fide-2009 "
        "for a game played before 1 July 2014)"
    )
    # today's reading is still reported: the outcome is the fivefold repetition
    assert report.outcome == {"result": "1/2-1/2", "reason": "fivefold-repetition", "ply": 16}


def test_rules_name_the_edition_over_the_dates() -> None:
    assert _check(FIVEFOLD_THEN_MATE, rules="fide-2009", Date="2015.03.02", Result="0-1").findings == []
    stated = _check(FIVEFOLD_THEN_MATE, rules="fide-2018", Result="0-1")
    assert _verdicts(stated) == [("CHESS201", "error"), ("CHESS202", "error")]
    assert _verdicts(_check(FIVEFOLD_THEN_MATE, rules="fide-2014", Date="1937.??.??", Result="0-1")) == [
        ("CHESS201", "error"),
        ("CHESS202", "error"),
    ]


def test_the_unfinished_result_of_an_undated_game_names_the_assumption_too() -> None:
    report = _check(FIVEFOLD_THEN_MATE.replace(" 9. f3 e5 10. g4 Qh4# 0-1", " *"))
    [unfinished] = [f for f in report.findings if f.code == "CHESS203"]
    assert (
        unfinished.severity is Severity.WARNING
        and "assuming the FIDE Laws of 1 July 2014" in unfinished.message
    )


@pytest.mark.parametrize(
    ("tags", "rules", "verdict", "ply"),
    [
        ({"Date": "2016.03.02"}, None, [], None),  # the 2014 text: not five consecutive alternate moves
        ({"Date": "2017.??.??"}, None, [], None),
        ({}, "fide-2014", [], None),
        ({"Date": "2019.01.01"}, None, [("CHESS201", "error"), ("CHESS203", "warning")], 24),
        ({}, "fide-2018", [("CHESS201", "error"), ("CHESS203", "warning")], 24),
        ({}, None, [("CHESS201", "warning"), ("CHESS203", "warning")], 24),
        ({"Date": "201?.??.??"}, None, [("CHESS201", "warning"), ("CHESS203", "warning")], 24),
    ],
)
def test_a_fivefold_repetition_that_is_not_of_consecutive_alternate_moves(
    tags: dict[str, str], rules: str | None, verdict: list[tuple[str, str]], ply: int | None
) -> None:
    report = _check(ROOK_LOOPS, rules=rules, fen=ROOK_LOOPS_FEN, **tags)
    assert _verdicts(report) == verdict
    assert (report.outcome or {}).get("ply") == ply
    if verdict and verdict[0][1] == "warning":
        after = report.findings[-2] if report.findings[-1].code == "CHESS203" else report.findings[-1]
        assert "assuming the FIDE Laws of 1 January 2018 or later apply" in after.message
        assert "--rules fide-2014 for a game played before 1 January 2018" in after.message


@pytest.mark.parametrize(
    ("tags", "verdict"),
    [
        ({"Date": "2010.05.05"}, []),
        ({"Date": "2014.07.01"}, [("CHESS201", "error"), ("CHESS203", "warning")]),
        ({}, [("CHESS201", "warning"), ("CHESS203", "warning")]),
    ],
)
def test_the_75_move_rule_by_date(tags: dict[str, str], verdict: list[tuple[str, str]]) -> None:
    report = _check(SEVENTYFIVE, fen=SEVENTYFIVE_FEN, **tags)
    assert _verdicts(report) == verdict
    if verdict:
        assert report.outcome == {"result": "1/2-1/2", "reason": "seventyfive-moves", "ply": 2}
    else:  # before 2014 fifty moves were a claim, and the game went on
        assert report.outcome is None
        assert [c["reason"] for c in report.claims] == ["fifty-moves"]


# --- the counting, against python-chess -------------------------------------------------------


def _shuffle(seed: int) -> tuple[str, list[str]]:
    """A game of quiet moves that often takes back its side's last move (many repetitions, some
    of them in loops longer than four plies): its start FEN and its moves in SAN."""
    rng = random.Random(seed)
    fen = rng.choice(
        [
            "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1",
            "2b1k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1",
        ]
    )
    board = chess.Board(fen)
    moves: list[str] = []
    last: dict[bool, chess.Move] = {}
    for _ in range(rng.randrange(20, 140)):
        quiet = [m for m in board.legal_moves if not board.is_zeroing(m)]
        if not quiet:
            break
        back = last.get(board.turn)
        undo = chess.Move(back.to_square, back.from_square) if back else None
        move = undo if undo in quiet and rng.random() < 0.7 else rng.choice(quiet)
        last[board.turn] = move
        moves.append(board.san(move))
        board.push(move)
    return fen, moves


def _python_chess_end(fen: str, moves: list[str], edition: str) -> tuple[str, int] | None:
    """Where python-chess's rules end the game under ``edition``: ``outcome()`` (its fivefold is
    ``is_repetition(5)``) for today's Laws; the 2014 text asks the position of each of the last
    four cycles of four plies (``epd()``: FIDE 9.2's position); fide-2009 has neither."""
    board = chess.Board(fen)
    keys = [board.epd()]
    for ply, san in enumerate(moves, 1):
        board.push_san(san)
        keys.append(board.epd())
        outcome = board.outcome(claim_draw=False)
        if outcome is None:
            continue
        reason = outcome.termination
        if reason in (chess.Termination.SEVENTYFIVE_MOVES, chess.Termination.FIVEFOLD_REPETITION):
            if edition == "fide-2009":
                continue
            consecutive = ply >= 16 and len({keys[-1 - 4 * back] for back in range(5)}) == 1
            if edition == "fide-2014" and reason == chess.Termination.FIVEFOLD_REPETITION and not consecutive:
                continue
        return reason.name.lower(), ply
    return None


@pytest.mark.parametrize("edition", list(EDITION))
def test_the_endings_agree_with_python_chess_under_each_edition(edition: str) -> None:
    names = {"fivefold_repetition": "fivefold-repetition", "seventyfive_moves": "seventyfive-moves"}
    seen = set()
    for seed in range(150):
        fen, moves = _shuffle(seed)
        expected = _python_chess_end(fen, moves, edition)
        text = " ".join(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san for i, san in enumerate(moves)) + " *"
        report = _check(text, rules=edition, fen=fen)
        got = (report.outcome["reason"], report.outcome["ply"]) if report.outcome else None
        want = (names.get(expected[0], expected[0]), expected[1]) if expected else None
        assert got == want, (seed, edition, text)
        seen.add(got[0] if got else None)
    # the shuffles reach each kind of ending the edition has
    assert seen >= ({None} if edition == "fide-2009" else {None, "fivefold-repetition"})


def test_the_shuffles_tell_the_2014_text_from_the_2018_one() -> None:
    # (else the comparison above could not see a fivefold counted without its cycles)
    differ = [
        seed
        for seed in range(150)
        if _python_chess_end(*_shuffle(seed), "fide-2014") != _python_chess_end(*_shuffle(seed), "fide-2018")
    ]
    assert len(differ) >= 3
