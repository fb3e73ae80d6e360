"""Golden tests of FIDE's Tie-Break Regulations (C.07, 2023 edition) and the CXA small score,
one per defect of issue 28, worked out by hand from the articles (and checked against FIDE's
checker, see tests/standings/tec/).

fide-unplayed.csv (Swiss, 3 rounds): Ann 2½ (beat Ben, Cai; drew Eve); Eve 1½ (forfeit win over
Fay, double forfeit with Dan, drew Ann); Cai 1½; Dan 1½ (drew Cai, double forfeit, full-point
bye); Ben 1; Fay 0 (forfeit loss, lost to Ben, withdrew before round 3).
"""

from __future__ import annotations

from tests.standings.helpers import EVENTS, places, run, tiebreak

UNPLAYED = str(EVENTS / "fide-unplayed.csv")


def test_c07_article_16_unplayed_rounds_in_buchholz() -> None:
    """C.07 article 16. Own unplayed round = a dummy opponent with one's own final points:
    Dan: Cai 1½ + double forfeit (own 1½) + bye (own 1½) = 4½; Eve: forfeit win (own 1½) + double
    forfeit (own 1½) + Ann 2½ = 5½. A withdrawn opponent's rounds after leaving are draws: Fay's
    0 counts as 0 + 0 + ½ = ½, so Ben's Buchholz is Ann 2½ + Fay ½ + Cai 1½ = 4½. Cut-1 cuts the
    voluntarily unplayed round first (the double forfeit: Dan 4½ − 1½ = 3, Eve 5½ − 1½ = 4), not
    the lowest opponent; Ben has none and loses Fay's ½: 4. So at 1½: Eve and Cai (Cut-1 4)
    before Dan (3); Eve before Cai on Buchholz 5½ against 5."""
    document, _ = run(UNPLAYED, "--preset", "fide")
    assert places(document) == [
        ("1", "Ann", 2.5),
        ("2", "Eve", 1.5),
        ("3", "Cai", 1.5),
        ("4", "Dan", 1.5),
        ("5", "Ben", 1),
        ("6", "Fay", 0),
    ]
    names = ("Ann", "Eve", "Cai", "Dan", "Ben", "Fay")
    assert [tiebreak(document, n, "buchholz") for n in names] == [4, 5.5, 5, 4.5, 4.5, 1]
    assert [tiebreak(document, n, "buchholz-cut1") for n in names] == [3, 4, 4, 3, 4, 1]
    assert document["source"].startswith("FIDE C.07, 2023 edition")


def test_c07_article_16_sonneborn_berger_counts_the_dummy_opponent() -> None:
    """C.07 article 16 in Sonneborn-Berger: the dummy opponent's points times the round's own
    score. Dan: ½·Cai 1½ + 0 (double forfeit) + 1·own 1½ (bye) = 2.25; Eve: 1·own 1½ (forfeit
    win) + 0 + ½·Ann 2½ = 2.75."""
    document, _ = run(UNPLAYED, "--preset", "fide")
    assert tiebreak(document, "Dan", "sb") == 2.25
    assert tiebreak(document, "Eve", "sb") == 2.75


def test_c07_article_16_revision_2026_caps_the_dummy_opponent() -> None:
    """--fide-edition 2026 (16.4.1, 16.4.2): a forfeit's dummy is capped at the real opponent's
    adjusted points, another unplayed round at a draw in every round (1½ in 3 rounds). Eve's
    forfeit win over Fay (adjusted ½) counts ½, not 1½: 4½. The output names the edition."""
    document, _ = run(UNPLAYED, "--preset", "fide", "--fide-edition", "2026")
    assert tiebreak(document, "Eve", "buchholz") == 4.5
    assert document["source"].startswith("FIDE C.07, 2026 revision")


def test_c07_7_1_win_counts_the_full_point_bye_and_forfeit_wins_7_2_won_does_not() -> None:
    """C.07 7.1 WIN: every round scored as a win: Dan's bye and Eve's forfeit win count (1 each).
    7.2 WON: games won over the board: Dan 0, Eve 0, Ann 2."""
    document, _ = run(UNPLAYED, "--preset", "fide", "--tiebreak", "wins,won")
    assert [tiebreak(document, n, "wins") for n in ("Ann", "Dan", "Eve")] == [2, 1, 1]
    assert [tiebreak(document, n, "won") for n in ("Ann", "Dan", "Eve")] == [2, 0, 0]


def test_cxa_21_4_a_double_forfeit_adds_nothing_to_the_small_score() -> None:
    """CXA 21.4 and the reference's reading note: a double forfeit (``--``) is 0 for both and no
    game, so it adds nothing to anyone's small score (it used to add ½ of the opponent's points).
    Dan: ½·Cai 1½ = 0.75 (the double forfeit with Eve adds nothing); Eve: 1·Fay 0 (forfeit won)
    + ½·Ann 2½ = 1.25."""
    document, _ = run(UNPLAYED, "--preset", "cxa-individual-swiss", "--tiebreak", "sb")
    assert tiebreak(document, "Dan", "sb") == 0.75
    assert tiebreak(document, "Eve", "sb") == 1.25


def test_c07_article_6_direct_encounter_when_not_all_tied_players_met() -> None:
    """C.07 article 6. Xia, Yan and Zoe have 2 points. Xia beat both (mutual 2); Yan and Zoe
    each lost to Xia and never met (mutual 0, at most 0 + 1 = 1). Not all met, but Xia's 2
    exceeds every other's maximum: Xia is separated (DE 1). Yan and Zoe stay tied (2, 2:
    applied again to the two of them, who never met, it separates nobody). Players alone on
    their points have a blank DE."""
    document, _ = run(str(EVENTS / "fide-de.csv"), "--preset", "fide", "--tiebreak", "de")
    assert places(document)[:3] == [("1", "Xia", 2), ("2-3", "Yan", 2), ("2-3", "Zoe", 2)]
    assert [tiebreak(document, n, "de") for n in ("Xia", "Yan", "Zoe", "Ray")] == [1, 2, 2, None]


def test_c07_article_16_half_and_zero_point_byes_are_voluntarily_unplayed() -> None:
    """C.07 article 16 with byes asked for (fide-byes.csv): Cai took a half-point bye in round 3,
    Ben a zero-point bye. Cai's Buchholz: Dan 0 + Ann 2½ + the bye's dummy (own 2) = 4½; Cut-1
    cuts the voluntarily unplayed round first (the bye, 2), not Dan's 0: 2½. Ben's zero-point bye
    came after his last round played, so as an opponent he counts 0 + 1 + ½ (a draw) = 1½:
    Ann's Buchholz is Ben 1½ + Cai 2 + Dan 0 = 3½. A half-point bye is no win (7.1): Cai 1."""
    document, _ = run(str(EVENTS / "fide-byes.csv"), "--preset", "fide")
    cai = [tiebreak(document, "Cai", name) for name in ("buchholz", "buchholz-cut1", "wins")]
    assert cai == [4.5, 2.5, 1]
    assert tiebreak(document, "Ann", "buchholz") == 3.5
    byes = {e["name"]: e["rounds"][2] for e in document["standings"] if e["name"] in ("Cai", "Ben")}
    assert [(byes[n]["result"], byes[n]["score"]) for n in ("Cai", "Ben")] == [("bye", 0.5), ("bye", 0)]


def test_c07_10_1_aro_averages_the_rated_opponents_of_games_played() -> None:
    """C.07 10.1 ARO: the average rating of the opponents of the games played, rounded to a whole
    number. chess-event: Dan is unrated and left out (FIDE's checker needs a rating for him to
    give any ARO). Anna: Cai 2200, Ben 2300 = 2250; Cai: Ben 2300, Anna 2400 = 2350; Dan: Anna
    2400, Ben 2300, Cai 2200 = 2300."""
    document, _ = run(str(EVENTS / "chess-event"), "--preset", "fide", "--tiebreak", "aro")
    names = ("Alpha, Anna", "Charlie, Cai", "Delta, Dan")
    assert [tiebreak(document, n, "aro") for n in names] == [2250, 2350, 2300]


def test_the_fide_edition_of_a_cxa_preset_is_said_to_be_ignored() -> None:
    """--fide-edition chooses the edition of FIDE's presets; with a CXA preset it changes nothing,
    and a warning says so."""
    document, errors = run(UNPLAYED, "--preset", "cxa-individual-swiss", "--fide-edition", "2026")
    assert "--fide-edition applies to the fide presets, not cxa-individual-swiss: ignored" in errors
    assert document["source"].startswith("CXA 15.2")
