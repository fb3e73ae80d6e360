"""TRF-16 read as an event: kifu's own TRF read back, a TRF written by another program, the
round codes (forfeits, each bye kind, absences) and lines that cannot be read."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.standings.compute import compute, infer_system
from kifu.standings.crosstable import Crosstable
from kifu.standings.tiebreaks import PRESETS, Rules, parse_list
from kifu.standings.trf_read import TrfEvent, looks_like_trf, points_warnings, read_trf, read_trf_text
from kifu.standings.writers import Report
from kifu.standings.writers.trf import write_trf

from tests.standings.tec.test_tec import EVENTS as TEC_EVENTS

HERE = Path(__file__).parent / "trf"


def rank(read: TrfEvent, preset: str = "", edition: str = "2023", tiebreak: str | None = None) -> Crosstable:
    """The crosstable of a TRF event as ``kifu standings`` ranks it (system: the preset's, else
    the ``092`` line's, else inferred; the preset: the one given, else the system's FIDE one)."""
    system = "round-robin" if preset.endswith("-rr") else read.system or infer_system(read.event)
    ranking = PRESETS[preset or ("fide-rr" if system == "round-robin" else "fide")]
    criteria = ranking.criteria
    if tiebreak:
        listed = parse_list(tiebreak)
        criteria = (*ranking.criteria[:1], *listed)
    return compute(
        read.event, system, criteria, "chess", None, Rules(ranking.convention, edition, system != "swiss")
    )


def kifu_points(table: Crosstable) -> dict[str, float]:
    return {row.standing.competitor.name: row.standing.competitor.points for row in table.rows}


def kifu_trf(table: Path, *arguments: str) -> str:
    """``kifu standings TABLE --format trf ARGUMENTS`` (kifu's own TRF-16)."""
    outcome = CliRunner().invoke(cli, ["standings", str(table), "--format", "trf", *arguments])
    assert outcome.exit_code == 0, outcome.output
    return outcome.stdout_bytes.decode()


def written(read: TrfEvent, table: Crosstable, system: str, preset: str) -> str:
    """The TRF-16 kifu writes of a TRF event it read."""
    report = Report(table, "chess", system, preset, "", False, read.details.name or "", details=read.details)
    out = io.StringIO(newline="")
    write_trf(report, out)
    return out.getvalue()


# -- the round trip: every Swiss and round robin of the TEC comparison, out and in ----------


@pytest.mark.parametrize("event", TEC_EVENTS, ids=[event["name"] for event in TEC_EVENTS])
def test_kifus_trf_read_back_ranks_as_the_checker(event: dict[str, Any], tmp_path: Path) -> None:
    """kifu's TRF of each event, read back and ranked, gives every place and value the FIDE
    checker gave (stored in events.json); written again, it is the same file."""
    table = tmp_path / f"{event['name']}.csv"
    table.write_text("\n".join(event["table"]) + "\n", encoding="utf-8")
    first = event["comparisons"][0]
    trf = tmp_path / f"{event['name']}.trf"
    text = kifu_trf(table, "--preset", first["preset"], "--fide-edition", first["edition"])
    trf.write_text(text, encoding="utf-8", newline="")
    found = []
    for comparison in event["comparisons"]:
        read = read_trf(str(trf))
        assert read.event.errors == []
        crosstable = rank(read, comparison["preset"], comparison["edition"], comparison["tiebreak"])
        assert points_warnings(read, kifu_points(crosstable)) == []
        theirs = comparison["competitors"]
        assert sorted(row.number for row in crosstable.rows) == sorted(int(n) for n in theirs)
        for row in crosstable.rows:
            assert read.numbers[row.standing.competitor.name] == row.number  # the file's starting rank
            expected = theirs[str(row.number)]
            if row.standing.place != expected["rank"]:
                found.append(f"{comparison['preset']} #{row.number}: place {row.standing.place}")
            for name, tec in zip(crosstable.criteria, expected["values"], strict=True):
                mine = row.standing.values.get(name)
                mine = 0.0 if mine is None and name == "de" else mine
                if (mine is None) != (tec is None) or (mine is not None and abs(mine - tec) > 1e-9):
                    found.append(f"{comparison['preset']} #{row.number} {name}: kifu {mine}, checker {tec}")
    assert found == []
    read = read_trf(str(trf))
    system = "round-robin" if event["system"] == "round-robin" else "swiss"
    assert read.system == system  # from the 092 line
    left = {row.split(",")[2] for row in event["table"] if row.endswith(",withdrew")}
    assert set(read.event.withdrawn) == (left if system == "swiss" else set())
    again = written(read, rank(read, first["preset"], first["edition"]), system, first["preset"])
    assert again == text


# -- TRF files written by another program (bbpPairings' test files, README.md there) --------


@pytest.mark.parametrize("name", ["bbp-issue_7.trf", "bbp-issue_15.trf", "bbp-dutch_2025_C5.trf"])
def test_a_pairing_engines_trf_agrees_with_its_points_column(name: str) -> None:
    path = str(HERE / name)
    assert looks_like_trf(path)
    read = read_trf(path)
    assert read.event.errors == [] and read.event.warnings == []
    crosstable = rank(read)
    assert points_warnings(read, kifu_points(crosstable)) == []
    lines = [line for line in (HERE / name).read_bytes().decode().splitlines() if line.startswith("001")]
    assert len(read.points) == len(lines) == len(crosstable.rows)


def test_issue_7_games_forfeits_and_ranking() -> None:
    """60 players, 14 rounds, lines ended by CR alone: 420 pairings, of them 25 forfeits; the
    file's rank column agrees with kifu's points order (its first: 10½ points)."""
    read = read_trf(str(HERE / "bbp-issue_7.trf"))
    games = read.event.games
    assert len(games) == 60 * 14 // 2 and read.event.rounds() == 14
    assert sum(game.forfeit for game in games) == 25
    assert read.details.name == "AutoTest Tournament 1110065304"
    crosstable = rank(read)
    top = crosstable.rows[0].standing.competitor
    assert (top.name, top.points, top.rating) == ("Test0001 Player0001", 10.5, 2720)


def test_issue_15_double_forfeits_count_nothing() -> None:
    """Both lines give '-' (players 9 and 17, round 9): a double forfeit, 0 for each."""
    read = read_trf(str(HERE / "bbp-issue_15.trf"))
    game = next(g for g in read.event.games if g.round == 9 and "Test0017 Player0017" in (g.first, g.second))
    assert game.result == "--" and game.points() == (0.0, 0.0)


# -- the round codes -----------------------------------------------------------------------


def player(number: int, name: str, points: str, *rounds: str, rating: str = "") -> str:
    """A 001 line by its columns: each round ``'  12 w 1'`` (opponent 92-95, colour 97, result 99)."""
    line = f"001 {number:4d}      {name:<33} {rating:>4}                            {points:>4} {number:4d}  "
    return line + "  ".join(f"{r:>8}" for r in rounds)


CODES = "\r\n".join(
    [
        "012 Codes Open",
        "022 Lyon",
        "032 FRA",
        "042 2025/03/01",
        "052 2025/03/09",
        "062 6",
        "092 Individual: Swiss-System",
        "102 Arbiter, Chief",
        "112 Deputy, One",
        "112 Deputy, Two",
        "122 90'+30\"",
        "132" + " " * 88 + "25/03/01  25/03/02  25/03/03  25/03/04",
        player(1, "Ann", "2.5", "   2 w 1", "   3 b +", "0000 - H", "   4 w 0", rating="2100"),
        player(2, "Ben", "1.0", "   1 b 0", "0000 - U", "   4 b -", "   3 w -", rating="2000"),
        player(3, "Cai", "1.0", "   4 w =", "   1 w -", "   5 w =", "   2 b -"),
        player(4, "Dan", "3.5", "   3 b =", "0000 - F", "   2 w +", "   1 b 1"),
        player(5, "Eve", "1.5", "0000 - Z", "   6 b D", "   3 b =", "0000 - H"),
        player(6, "Fay", "0.5", "0000 -  ", "   5 w D"),
    ]
)


def test_every_round_code_of_trf16() -> None:
    """Games 1 = 0 (and W D L, not rated but played), forfeits + and − (a double forfeit),
    the pairing-allocated bye U and the full-point bye F (a win's points), H ½, Z 0, a blank
    round no game; a player whose last rounds are blank while others play withdrew."""
    read = read_trf_text(CODES, "codes.trf")
    assert read.event.errors == [] and read.event.warnings == []
    by_round = {(g.round, g.first, g.second): g.result for g in read.event.games}
    assert by_round[(1, "Ann", "Ben")] == "1-0"
    assert by_round[(2, "Cai", "Ann")] == "-+"  # Ann won by forfeit, with Black
    assert by_round[(2, "Ben", None)] == "bye" and by_round[(2, "Dan", None)] == "bye"
    assert by_round[(3, "Ann", None)] == "bye-half" and by_round[(1, "Eve", None)] == "bye-zero"
    assert by_round[(3, "Dan", "Ben")] == "+-"
    assert by_round[(4, "Ben", "Cai")] == "--"  # both lines '-': a double forfeit
    assert by_round[(2, "Fay", "Eve")] == "1/2-1/2"  # D: a draw not rated, still a game
    assert not any(g.round == 1 and "Fay" in (g.first, g.second) for g in read.event.games)  # blank
    assert read.event.withdrawn == {"Fay": 3}  # nothing after round 2, others play 3 and 4
    crosstable = rank(read)
    assert points_warnings(read, kifu_points(crosstable)) == []
    assert read.system == "swiss"
    details = read.details
    assert (details.name, details.site, details.event_federation) == ("Codes Open", "Lyon", "FRA")
    assert (details.start, details.end, details.arbiter) == ("2025-03-01", "2025-03-09", "Arbiter, Chief")
    assert details.deputies == ["Deputy, One", "Deputy, Two"] and details.time_control == "90'+30\""
    assert details.dates() == {1: "2025-03-01", 2: "2025-03-02", 3: "2025-03-03", 4: "2025-03-04"}
    assert read.event.players["Ann"].rating == 2100


def test_header_lines_are_written_back() -> None:
    """The TRF kifu writes of a TRF event keeps its header lines (012 … 132, 112 too)."""
    read = read_trf_text(CODES, "codes.trf")
    text = written(read, rank(read), "swiss", "fide")
    head = [line for line in text.split("\r\n") if line[:3] not in ("001", "")]
    assert head == [
        "012 Codes Open",
        "022 Lyon",
        "032 FRA",
        "042 2025/03/01",
        "052 2025/03/09",
        "062 6",
        "072 2",
        "092 Swiss system",
        "102 Arbiter, Chief",
        "112 Deputy, One",
        "112 Deputy, Two",
        "122 90'+30\"",
        "132" + " " * 88 + "25/03/01  25/03/02  25/03/03  25/03/04",
    ]


def test_a_points_column_that_disagrees_is_a_warning_naming_both_values() -> None:
    text = CODES.replace(
        player(4, "Dan", "3.5", "   3 b =", "0000 - F", "   2 w +", "   1 b 1"),
        player(4, "Dan", "2.5", "   3 b =", "0000 - F", "   2 w +", "   1 b 1"),
    )
    read = read_trf_text(text, "codes.trf")
    assert points_warnings(read, kifu_points(rank(read))) == [
        "codes.trf:16: Dan (no. 4): the points column says 2.5, kifu counts 3.5 from the rounds"
    ]


def test_a_round_robins_z_is_the_free_round() -> None:
    """092 says round robin: a Z without opponent is the free player's round, no bye."""
    text = "\n".join(
        [
            "092 Round robin",
            player(1, "Ann", "1.0", "0000 - Z", "   2 w 1", "   3 b 0"),
            player(2, "Ben", "1.0", "   3 w 1", "   1 b 0", "0000 - Z"),
            player(3, "Cai", "1.0", "   2 b 0", "0000 - Z", "   1 w 1"),
        ]
    )
    read = read_trf_text(text, "rr.trf")
    assert read.system == "round-robin" and all(g.second is not None for g in read.event.games)
    assert read.event.withdrawn == {}
    assert points_warnings(read, kifu_points(rank(read))) == []


# -- what cannot be read: a warning (an error for a result) with the line, never a stop -----


def test_malformed_lines_are_findings_with_their_line() -> None:
    text = "\n".join(
        [
            "012 Broken",
            "this is not a TRF line",
            player(1, "Ann", "1.0", "   2 w 1", "   3 w Q"),
            player(2, "Ben", "x", "   1 b 0", "  9x b 1"),
            "001    ?      Nobody",
            player(2, "Ben again", "0.0"),
            player(3, "Cai", "0.0", "   1 w 1", "   7 b 1", rating="12ab"),
            player(4, "Ann", "0.0", "   5 w 0"),
            "062 9",
        ]
    )
    read = read_trf_text(text, "bad.trf")
    assert read.event.errors == [
        "bad.trf:3: round 2: result 'Q' (column 109) cannot be read; the round is not counted"
    ]
    warnings = read.event.warnings
    expected = [
        "bad.trf:2: not a TRF-16 line",
        "bad.trf:4: points 'x' (columns 81-84) are not a number",
        "bad.trf:4: round 2: opponent '9x' (columns 102-105) is not a starting rank",
        "bad.trf:5: a player line without a starting rank (columns 5-8); skipped",
        "bad.trf:6: starting rank 2 is already given to 'Ben' (line 4); line skipped",
        "bad.trf:7: rating '12ab' (columns 49-52) is not a number; left out",
        "bad.trf:8: 'Ann' is also the name of no. 1; no. 4 is called 'Ann (4)'",
        "bad.trf:9: line 062 gives 9 players, the file has 6 player lines",
        "bad.trf:7: round 1: Cai (no. 3) is paired with Ann (no. 1), whose line (bad.trf:3) gives no. 2",
        "bad.trf:7: round 2: opponent 7 is no player of the file; the round is not counted",
        "bad.trf:8: round 1: opponent 5 is no player of the file",
    ]
    for start in expected:
        assert any(warning.startswith(start) for warning in warnings), (start, warnings)
    rank(read)  # and it ranks


def test_lines_that_disagree_are_warned_about_and_the_first_counts() -> None:
    text = "\n".join(
        [
            player(1, "Ann", "1.0", "   2 w 1"),
            player(2, "Ben", "1.0", "   1 w 1"),
        ]
    )
    read = read_trf_text(text, "two.trf")
    assert read.event.warnings == [
        "two.trf:1: round 1: Ann (no. 1) has '1' against Ben (no. 2), whose line (two.trf:2) has '1'; "
        "counted as line 1 says"
    ]
    assert [(g.first, g.second, g.result) for g in read.event.games] == [("Ann", "Ben", "1-0")]
    assert points_warnings(read, kifu_points(rank(read))) == [
        "two.trf:2: Ben (no. 2): the points column says 1, kifu counts 0 from the rounds"
    ]


def test_encodings_and_a_folder_of_trf_files(tmp_path: Path) -> None:
    """Windows-1252 (Swiss-Manager's) is read; a folder's TRF files are one event, a game two
    files give alike counted once (a file per round, each with the rounds before)."""
    one = "\r\n".join([player(1, "Šimek", "1.0", "   2 w 1"), player(2, "Łukasz", "0.0", "   1 b 0")])
    two = "\r\n".join(
        [
            player(1, "Šimek", "1.5", "   2 w 1", "   2 b ="),
            player(2, "Łukasz", "0.5", "   1 b 0", "   1 w ="),
        ]
    )
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "round1.trf").write_bytes(one.encode("utf-8"))
    (folder / "round2.trf").write_bytes(two.replace("Łukasz", "Lukasz").encode("cp1252"))
    (folder / "notes.txt").write_text("not a TRF file\n", encoding="utf-8")
    assert not looks_like_trf(str(folder / "notes.txt")) and not looks_like_trf(str(folder))
    read = read_trf(str(folder / "round2.trf"))
    assert "Šimek" in read.event.players
    (folder / "round2.trf").write_bytes(two.encode("utf-8"))
    read = read_trf(str(folder))
    assert [Path(f).name for f in read.files] == ["round1.trf", "round2.trf"]
    assert len(read.event.games) == 2 and read.event.warnings == []
    assert points_warnings(read, kifu_points(rank(read))) == []  # checked against the last file


def test_looks_like_trf() -> None:
    assert looks_like_trf(str(HERE / "bbp-issue_7.trf"))
    assert not looks_like_trf(str(HERE / "README.md"))


def test_forfeits_without_colour_and_a_withdrawal_written_0000_dash() -> None:
    """As FIDE's example file writes them: ``  2 - -`` a forfeit with no colour (the lower
    starting rank first), ``0000 - -`` no game; nothing after round 1 while others play: withdrew."""
    text = "\n".join(
        [
            player(1, "Ann", "2.0", "   2 - +", "   3 w 1"),
            player(2, "Ben", "0.0", "   1 - -", "0000 - -"),
            player(3, "Cai", "1.0", "0000 - U", "   1 b 0"),
        ]
    )
    read = read_trf_text(text, "fide.trf")
    assert read.event.warnings == [] and read.event.withdrawn == {"Ben": 2}
    assert [(g.round, g.first, g.second, g.result) for g in read.event.games] == [
        (1, "Ann", "Ben", "+-"),
        (2, "Ann", "Cai", "1-0"),
        (1, "Cai", None, "bye"),
    ]
    assert points_warnings(read, kifu_points(rank(read))) == []


def test_the_command_lines_system_decides_what_z_means() -> None:
    """A round robin by --system: Z is the free round, even when 092 says Swiss; a knockout's
    losers, with nothing after their last round, did not withdraw."""
    text = "\n".join(
        [
            "092 Swiss system",
            player(1, "Ann", "1.0", "0000 - Z", "   2 w 1", "   3 b 0"),
            player(2, "Ben", "1.0", "   3 w 1", "   1 b 0", "0000 - Z"),
            player(3, "Cai", "1.0", "   2 b 0", "0000 - Z", "   1 w 1"),
        ]
    )
    read = read_trf_text(text, "rr.trf", TrfEvent(forced="round-robin"))
    assert all(g.second is not None for g in read.event.games)
    assert len(read_trf_text(text, "swiss.trf").event.games) == 6  # Swiss: three zero-point byes
    knockout = "\n".join(
        [
            "092 Knockout",
            player(1, "Ann", "2.0", "   4 w 1", "   2 w 1"),
            player(2, "Ben", "1.0", "   3 b 1", "   1 b 0"),
            player(3, "Cai", "0.0", "   2 w 0"),
            player(4, "Dan", "0.0", "   1 b 0"),
        ]
    )
    assert read_trf_text(knockout, "ko.trf").event.withdrawn == {}
