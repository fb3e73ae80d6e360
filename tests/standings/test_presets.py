"""Golden tests: small hand-made events, their standings worked out by hand from the articles.

Each test names the article it applies. Events: fixtures/standings/.
"""

from __future__ import annotations

from tests.standings.helpers import EVENTS, places, run, tiebreak


def test_cxa_15_1_three_way_tie_decided_by_small_score() -> None:
    """CXA 15.1 (round robin: points, then small score). Ann, Ben, Cai have 3 points each:
    they beat each other in a circle (Ann–Ben, Ben–Cai, Cai–Ann) and take 2 from Dan, Eve, Fay.
    Dan 1½, Eve 2, Fay 2½. Small score = points of the beaten + half those of the drawn:
    Cai: Ann 3 + Eve 2 + ½·Dan 1½ + ½·Fay 2½ = 7; Ben: Cai 3 + Dan 1½ + ½·Eve 2 + ½·Fay 2½ = 6.75;
    Ann: Ben 3 + Dan 1½ + Eve 2 = 6.5. So Cai 1, Ben 2, Ann 3; then Fay, Eve, Dan on points."""
    document, _ = run(str(EVENTS / "rr-small-score.csv"), "--preset", "cxa-individual-rr")
    assert places(document) == [
        ("1", "Cai", 3),
        ("2", "Ben", 3),
        ("3", "Ann", 3),
        ("4", "Fay", 2.5),
        ("5", "Eve", 2),
        ("6", "Dan", 1.5),
    ]
    assert [tiebreak(document, n, "sb") for n in ("Cai", "Ben", "Ann")] == [7, 6.75, 6.5]
    assert document["source"].startswith("CXA 15.1;")
    assert "foul (18.4) not applied" in document["source"]


def test_cxa_15_1_a_tie_that_stays_tied_is_a_shared_place() -> None:
    """CXA 15.1: Ann and Ben drew, both beat Cai and Dan: 2½ each, small score 1 + 0 + ½·2½ = 2.25
    each, 2 wins each, direct encounter ½ each, which separates nobody (its column is blank).
    Nothing separates them (fouls are not in records): they share places 1–2. Cai (beat Dan) 3,
    Dan 4."""
    document, _ = run(str(EVENTS / "rr-shared.csv"), "--preset", "cxa-individual-rr")
    assert places(document) == [("1-2", "Ann", 2.5), ("1-2", "Ben", 2.5), ("3", "Cai", 1), ("4", "Dan", 0)]
    assert tiebreak(document, "Ann", "de") is None and tiebreak(document, "Ben", "de") is None


def test_cxa_21_4_forfeits_count_one_and_zero() -> None:
    """CXA 21.4: "+" wins 1, "−" scores 0. Cai won by forfeit against Dan (round 1), Dan by
    forfeit against Ann (round 3). Points: Cai 1 + ½ + ½ = 2; Ann 1 + ½ + 0 = 1½; Ben 0 + 1 + ½ = 1½;
    Dan 0 + 0 + 1 = 1. 15.1 small score: Ann beat Ben (1½), drew Cai (½·2) = 2.5; Ben beat Dan (1),
    drew Cai (½·2) = 2: Ann before Ben."""
    document, _ = run(str(EVENTS / "rr-forfeit.csv"), "--preset", "cxa-individual-rr")
    assert places(document) == [("1", "Cai", 2), ("2", "Ann", 1.5), ("3", "Ben", 1.5), ("4", "Dan", 1)]
    dan = next(e for e in document["standings"] if e["name"] == "Dan")
    assert [(r["round"], r["forfeit"], r["result"]) for r in dan["rounds"]] == [
        (1, True, "loss"),
        (2, False, "loss"),
        (3, True, "win"),
    ]


def test_cxa_20_3_withdrawal_before_half_cancels_every_result() -> None:
    """CXA 20.3: Eve withdrew before round 2 having met 1 of her 4 opponents, fewer than half:
    all her results are cancelled (her win over Ben disappears). Ann ½ + 1 + 1 = 2½;
    Ben ½ + ½ + ½ = 1½; Cai 1 + 0 + ½ = 1½; Dan 0 + 0 + ½ = ½. Ben's small score ½·2½ + ½·1½ + ½·½
    = 2.25 beats Cai's 1·½ + ½·1½ = 1.25."""
    document, errors = run(str(EVENTS / "rr-withdrawal-early.csv"), "--preset", "cxa-individual-rr")
    assert places(document) == [("1", "Ann", 2.5), ("2", "Ben", 1.5), ("3", "Cai", 1.5), ("4", "Dan", 0.5)]
    assert "fewer than half" in errors and "CXA 20.3" in errors


def test_cxa_20_3_withdrawal_after_half_turns_the_rest_into_forfeits() -> None:
    """CXA 20.3: Eve withdrew before round 3 having met 2 of 4 opponents (half): her results
    stand (beat Ben, lost to Cai) and her games with Dan and Ann are forfeits they win.
    Ann ½ + 1 + 1 + 1 = 3½; Cai 1 + 1 + 0 + ½ = 2½; Ben 0 + ½ + ½ + ½ = 1½; Dan 0 + 1 + 0 + ½ = 1½;
    Eve 1. Small score (21.4: a forfeit is a result): Ben ½·3½ + ½·2½ + ½·1½ = 3.75,
    Dan 1·1 (Eve) + ½·1½ = 1.75: Ben third."""
    document, errors = run(str(EVENTS / "rr-withdrawal-late.csv"), "--preset", "cxa-individual-rr")
    assert places(document) == [
        ("1", "Ann", 3.5),
        ("2", "Cai", 2.5),
        ("3", "Ben", 1.5),
        ("4", "Dan", 1.5),
        ("5", "Eve", 1),
    ]
    eve = next(e for e in document["standings"] if e["name"] == "Eve")
    assert eve["withdrawn"]
    assert [(r["round"], r["opponent_name"], r["forfeit"]) for r in eve["rounds"] if r["forfeit"]] == [
        (3, "Dan", True),
        (5, "Ann", True),
    ]
    assert "half or more" in errors


def test_cxa_15_2_swiss_buchholz() -> None:
    """CXA 15.2 (Swiss: points, then opponents' points). Ben and Cai 2½: Ben met Eve 1½, Ann 1½,
    Fay ½ = 3½; Cai met Fay ½, Dan ½, Ann 1½ = 2½. Ann and Eve 1½: Ann 5½ (Dan, Ben, Cai),
    Eve 3½ (Ben, Fay, Dan). Fay and Dan ½: Fay 6½ (Cai, Eve, Ben), Dan 5½ (Ann, Cai, Eve)."""
    document, _ = run(str(EVENTS / "swiss.csv"), "--preset", "cxa-individual-swiss")
    assert [name for _, name, _ in places(document)] == ["Ben", "Cai", "Ann", "Eve", "Fay", "Dan"]
    assert [tiebreak(document, n, "buchholz") for n in ("Ben", "Cai", "Ann", "Eve", "Fay", "Dan")] == [
        3.5,
        2.5,
        5.5,
        3.5,
        6.5,
        5.5,
    ]
    assert document["system"] == "swiss"


def test_fide_common_set_on_the_swiss_event() -> None:
    """FIDE tie-breaks (Swiss order: Buchholz cut-1 first). Cut-1 drops the weakest opponent:
    Ben 3½ − ½ = 3, Cai 2½ − ½ = 2; Ann 5½ − ½ = 5, Eve 3½ − ½ = 3; Fay 6½ − 1½ = 5, Dan 5½ − 1½ = 4."""
    document, _ = run(str(EVENTS / "swiss.csv"), "--preset", "fide")
    assert [name for _, name, _ in places(document)] == ["Ben", "Cai", "Ann", "Eve", "Fay", "Dan"]
    assert [tiebreak(document, n, "buchholz-cut1") for n in ("Ben", "Cai", "Ann", "Eve", "Fay", "Dan")] == [
        3,
        2,
        5,
        3,
        5,
        4,
    ]


def test_cxa_14_2_team_match_points_and_15_3_board_points() -> None:
    """CXA 14.2: the team with more board points takes 2 match points, equal 1 each.
    Round 1 Tigers 1½–½ Bears (2–0), Cranes 1–1 Dragons (1–1); round 2 Tigers 1–1 Cranes,
    Bears 2–0 Dragons; round 3 Tigers ½–1½ Dragons, Bears ½–1½ Cranes.
    Match points: Cranes 1+1+2 = 4, Tigers 2+1+0 = 3, Dragons 1+0+2 = 3, Bears 0+2+0 = 2.
    15.3: Tigers and Dragons tie on match points; board points 3 against 2½: Tigers second."""
    document, _ = run(str(EVENTS / "team-rr.csv"), "--team-file", str(EVENTS / "teams.csv"))
    assert document["preset"] == "cxa-team-rr"
    assert places(document) == [
        ("1", "Cranes", 4),
        ("2", "Tigers", 3),
        ("3", "Dragons", 3),
        ("4", "Bears", 2),
    ]
    assert [tiebreak(document, n, "board-points") for n in ("Cranes", "Tigers", "Dragons", "Bears")] == [
        3.5,
        3,
        2.5,
        3,
    ]
    tigers = next(e for e in document["standings"] if e["name"] == "Tigers")
    assert tigers["members"] == ["Amy", "Bea"]


def test_cxa_15_4_team_swiss() -> None:
    """15.4 as kifu reads it: match points, opponents' match points, board points. Tigers and
    Dragons (3): opponents Bears 2 + Cranes 4 + Dragons 3 = 9 and Cranes 4 + Bears 2 + Tigers 3 = 9,
    equal; board points 3 against 2½."""
    document, _ = run(
        str(EVENTS / "team-rr.csv"), "--team-file", str(EVENTS / "teams.csv"), "--preset", "cxa-team-swiss"
    )
    assert [name for _, name, _ in places(document)] == ["Cranes", "Tigers", "Dragons", "Bears"]
    assert tiebreak(document, "Tigers", "buchholz") == tiebreak(document, "Dragons", "buchholz") == 9


def test_cxa_15_5_team_total_score() -> None:
    """15.5 (total score system): "the players of each team are ranked according to the sum of
    their personal rankings, with the least ranked first", then the highest individual ranking,
    then the second. Individual standings (15.1): Cal 1, Amos 2, Dov 3, Bea 4, Amy 5, Dee 6,
    Cora 7, Bob 8. Cranes 1 + 7 = 8; Dragons 3 + 6 = 9 and Tigers 4 + 5 = 9, Dragons first by
    the best place (3 against 4); Bears 2 + 8 = 10."""
    document, _ = run(
        str(EVENTS / "team-rr.csv"), "--team-file", str(EVENTS / "teams.csv"), "--preset", "cxa-team-total"
    )
    assert [name for _, name, _ in places(document)] == ["Cranes", "Dragons", "Tigers", "Bears"]
    names = ("Cranes", "Dragons", "Tigers", "Bears")
    assert [tiebreak(document, n, "place-sum") for n in names] == [8, 9, 9, 10]
    assert [tiebreak(document, n, "best-place") for n in ("Dragons", "Tigers")] == [3, 4]
    assert "foul (18.4) not applied" in document["source"]


def test_go_wins_sos_sodos_from_sgf_records() -> None:
    """Go: wins, SOS, SODOS. Ko and Lee 2 wins, SOS 2+1+1 = 4 each; SODOS Ko beat Lee (2) and
    Sato (1) = 3, Lee beat Mei and Sato = 2. Mei and Sato 1 win, SOS 5 each; SODOS Mei beat
    Ko = 2, Sato beat Mei = 1. The preset follows the game (SGF records)."""
    document, _ = run(str(EVENTS / "go-event"))
    assert document["preset"] == "go"
    assert [name for _, name, _ in places(document)] == ["Ko", "Lee", "Mei", "Sato"]
    assert [tiebreak(document, n, "sodos") for n in ("Ko", "Lee", "Mei", "Sato")] == [3, 2, 2, 1]
    ko = next(e for e in document["standings"] if e["name"] == "Ko")
    assert [r["colour"] for r in ko["rounds"]] == ["b", "w", "b"]


def test_xiangqi_records_default_to_cxa_15_1() -> None:
    """XQBase PGN (Red/Black): the preset follows the game, 15.1 for a round robin. 王一 and
    张三 2 points, small score 2.5 each (王一: 李二 1 + ½·赵四 1 + ½·张三 2; 张三 likewise),
    1 win each, drew each other: shared 1–2. 赵四 and 李二 1 point: small score 2 against 1."""
    document, _ = run(str(EVENTS / "xiangqi-event"))
    assert document["preset"] == "cxa-individual-rr"
    assert places(document) == [("1-2", "张三", 2), ("1-2", "王一", 2), ("3", "赵四", 1), ("4", "李二", 1)]
    assert next(e for e in document["standings"] if e["name"] == "王一")["rounds"][0]["colour"] == "r"
