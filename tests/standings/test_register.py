"""Issue 48, the player register and aliases: `kifu standings --players FILE`, `--alias`, and
`[tool.kifu.standings] players`.

The issue's "Done when": a register of 40 players with 60 spellings ranks a generated Swiss the
same as the clean names do, and a name in no register entry is warned about with its near
matches. The register is a stranger's file too: a bad row is a warning with its line number.
"""

from __future__ import annotations

import csv
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from kifu.app import cli
from kifu.standings import checks, register
from kifu.standings.event import Event, Game, loose_key

from tests.standings.test_scale import swiss

SURNAMES = [
    "Petrov",
    "Müller",
    "Núñez",
    "Dubois",
    "Rossi",
    "Kowalski",
    "Nakamura",
    "Svensson",
    "Horvath",
    "Novak",
    "O'Brien",
    "Ivanova",
    "Papadopoulos",
    "Jensen",
    "Virtanen",
    "Kaya",
    "Silva",
    "Haddad",
    "Popescu",
    "Fischer",
    "Moreau",
    "Lindqvist",
    "Tanaka",
    "Yilmaz",
    "Costa",
    "Dvořák",
    "Andersen",
    "Kovačević",
    "Weber",
    "Garcia",
    "Nielsen",
    "Bianchi",
    "Smirnov",
    "Lewandowski",
    "Okafor",
    "Mensah",
    "Schmidt",
    "Larsen",
    "Ferreira",
    "Hoang",
]
GIVEN = ["Ivan", "Anna", "José", "Claire", "Marco", "Piotr", "Yuki", "Erik", "Zsofia", "Jana", "Sean", "Olga"]


def invoke(*arguments: str) -> Result:
    """``kifu standings ARGUMENTS``, stdout and stderr apart."""
    return CliRunner().invoke(cli, ["standings", *arguments])


def document(*arguments: str) -> tuple[dict[str, Any], str]:
    """The JSON document of ``kifu standings ARGUMENTS``, and stderr."""
    result = invoke(*arguments, "--format", "json")
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout), result.stderr


def write_rows(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def comparable(entry: dict[str, Any]) -> dict[str, Any]:
    """A standing without what names the input (the record rows, the spellings read)."""
    kept = {key: value for key, value in entry.items() if key != "spellings"}
    kept["rounds"] = [{k: v for k, v in r.items() if k != "sources"} for r in entry["rounds"]]
    return kept


# -- the "Done when" --------------------------------------------------------------------


def test_a_register_of_40_players_with_60_spellings_ranks_a_swiss_as_the_clean_names(tmp_path: Path) -> None:
    """A generated Swiss (40 players, 7 rounds) whose names are written at random in one of 60
    spellings (the words swapped, an initial, plus case and spacing) ranks, with the register,
    exactly as the clean names do: every value of every standing. Without the register the
    same records make one player of each spelling."""
    rng = random.Random(48)
    names = [f"{surname}, {GIVEN[i % len(GIVEN)]}" for i, surname in enumerate(SURNAMES)]
    spellings: dict[str, list[str]] = {}
    for i, name in enumerate(names):
        surname, given = name.split(", ")
        forms = [f"{given} {surname}", f"{surname}, {given[0]}.", f"{given[0]}. {surname}"]
        spellings[name] = forms[:2] if i < 20 else forms[i % 3 : i % 3 + 1]
    assert sum(map(len, spellings.values())) == 60
    players = write_rows(
        tmp_path / "players.csv",
        [["name", "fide_id", "federation", "rating", "spellings"]]
        + [
            [name, str(4_100_000 + i), "FRA", str(2000 + 17 * i % 400), ";".join(spellings[name])]
            for i, name in enumerate(names)
        ],
    )
    generated = swiss(tmp_path / "generated.csv", 40, 7)
    rows = list(csv.reader(generated.open(encoding="utf-8")))
    clean = [rows[0]] + [[*row[:2], *(names[int(n[1:])] for n in row[2:4]), row[4]] for row in rows[1:]]

    def spelt(name: str) -> str:
        written = rng.choice([name, *spellings[name]])
        return rng.choice([written, written.upper(), written.lower(), written.replace(" ", "  ")])

    respelt = [rows[0]] + [[*row[:2], spelt(row[2]), spelt(row[3]), row[4]] for row in clean[1:]]
    (tmp_path / "clean").mkdir()
    (tmp_path / "spelt").mkdir()
    clean_csv = write_rows(tmp_path / "clean" / "event.csv", clean)
    spelt_csv = write_rows(tmp_path / "spelt" / "event.csv", respelt)
    assert len({n for row in respelt[1:] for n in row[2:4]}) > 100  # (spellings really used)

    started = time.perf_counter()
    registered, warned = document(str(spelt_csv), "--players", str(players))
    elapsed = time.perf_counter() - started
    expected, expected_warnings = document(str(clean_csv), "--players", str(players))
    assert len(registered["standings"]) == 40
    assert [comparable(e) for e in registered["standings"]] == [comparable(e) for e in expected["standings"]]
    assert warned == expected_warnings == ""
    assert elapsed < 30
    # the ranking is the clean names' without a register too: places, points, every tie-break
    bare, _ = document(str(clean_csv))
    assert [(e["place"], e["name"], e["points"], e["tiebreaks"]) for e in bare["standings"]] == [
        (e["place"], e["name"], e["points"], e["tiebreaks"]) for e in registered["standings"]
    ]
    # every player's spellings are listed, and their columns come from the register
    assert sum(len(e["spellings"]) for e in registered["standings"]) > 60
    assert all(e["sources"]["rating"] == "register" and e["register"] for e in registered["standings"])
    # without the register, the spellings are players of their own
    unregistered, _ = document(str(spelt_csv))
    assert len(unregistered["standings"]) > 100


def test_a_name_not_in_the_register_is_warned_about_with_its_near_matches(tmp_path: Path) -> None:
    """'Petrov, Iwan' is in no entry: it is still a player of its own, and the warning names the
    register's entry it is one letter from ('Petrov, Ivan', with its line), the event's other
    unregistered spelling near it ('Petrow, Iwan', another round), not a registered player who
    plays in the same round ('Petrov, Iva' of round 2); a name with nothing near says so."""
    players = tmp_path / "players.csv"
    players.write_text(
        'name,rating,spellings\nAnn Lee,2100,\n"Petrov, Ivan",2400,"Petrov, I."\n'
        '"Petrov, Iva",1800,\nBo Wu,,\nCai Xu,,\n',
        encoding="utf-8",
    )
    event = tmp_path / "event.csv"
    event.write_text(
        "round,board,player 1,player 2,result\n"
        '1,1,"Petrov, I.",Ann Lee,1-0\n1,2,Bo Wu,Cai Xu,0-1\n'
        '2,1,"Petrov, Iwan","Petrov, Iva",1-0\n2,2,Zoltan Quist,Bo Wu,0-1\n'
        '3,1,"Petrow, Iwan",Cai Xu,1/2-1/2\n',
        encoding="utf-8",
    )
    doc, stderr = document(str(event), "--players", str(players))
    names = [entry["name"] for entry in doc["standings"]]
    assert "Petrov, Iwan" in names and "Petrov, Ivan" in names  # (counted as written)
    warnings = [w for w in doc["warnings"] if "is not in the player register" in w]
    assert len(warnings) == 3
    iwan = next(w for w in warnings if w.startswith("'Petrov, Iwan'"))
    assert "'Petrov, Ivan' (" in iwan and "players.csv:3, 1 letter apart" in iwan
    assert "'Petrow, Iwan' (round 3 of the event, 1 letter apart)" in iwan
    assert "'Petrov, Iva'" not in iwan  # (plays in round 2 against it: another player)
    assert "add the spelling to the register" in iwan
    zoltan = next(w for w in warnings if w.startswith("'Zoltan Quist'"))
    assert "no name in it or in the event is near" in zoltan
    assert all(w in stderr for w in warnings)
    # with a register, the near-duplicate check is the register's: no second warning of the pair
    assert not [w for w in doc["warnings"] if "look like one player" in w]


# -- the columns and their sources --------------------------------------------------------------

PGN = """[Event "Open"]
[Round "{round}"]
[White "{white}"]
[Black "{black}"]
[WhiteElo "{elo}"]
[BlackElo "1500"]
[WhiteFed "GER"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
"""


def test_the_register_replaces_the_tags_and_says_where_each_column_comes_from(tmp_path: Path) -> None:
    """The register's rating and federation replace the tags' (a spelling of the records becomes
    the registered name); a column it leaves empty keeps the tags' value; the JSON says the
    source of each column per player, the text a note under the table."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "r1.pgn").write_text(
        PGN.format(round=1, white="Petrov, I.", black="Lee, Ann", elo=2200), "utf-8"
    )
    (folder / "r2.pgn").write_text(
        PGN.format(round=2, white="Lee, Ann", black="Petrov, Ivan", elo=1900), "utf-8"
    )
    players = tmp_path / "players.csv"
    players.write_text(
        'Name,FIDE ID,Federation,Title,Rating,Spellings\n"Petrov, Ivan",4100018,rus,GM,2610,"Petrov, I."\n',
        encoding="utf-8",
    )
    doc, _ = document(str(folder), "--players", str(players))
    petrov = next(e for e in doc["standings"] if e["name"] == "Petrov, Ivan")
    assert (petrov["rating"], petrov["federation"], petrov["title"], petrov["fide_id"]) == (
        2610,
        "RUS",
        "GM",
        "4100018",
    )
    assert petrov["sources"] == {
        "name": "register",
        "fide_id": "register",
        "title": "register",
        "rating": "register",
        "federation": "register",
    }
    assert petrov["register"].endswith("players.csv:2") and petrov["spellings"] == ["Petrov, I."]
    lee = next(e for e in doc["standings"] if e["name"] == "Lee, Ann")
    assert lee["sources"] == {"name": "records", "rating": "records", "federation": "records"}
    assert lee["register"] is None and (lee["rating"], lee["federation"]) == (1500, "GER")
    text = invoke(str(folder), "--players", str(players))
    assert text.exit_code == 0, text.output
    assert "Players: 1 of 2 from the player register" in text.stdout
    assert "Sources: name: register 1, records 1 ('Lee, Ann');" in text.stdout
    assert "'Petrov, I.' as 'Petrov, Ivan' (" in text.stdout
    # a withdrawal may be given in any spelling of the register
    withdrew, _ = document(str(folder), "--players", str(players), "--withdrawn", "petrov, i.")
    assert next(e for e in withdrew["standings"] if e["name"] == "Petrov, Ivan")["withdrawn"]


def test_an_alias_reads_one_spelling_as_a_name(tmp_path: Path) -> None:
    """`--alias "Petrov, I.=Petrov, Ivan"` makes one player of two spellings, repeatable, with
    or without a register; a malformed one is a usage error naming it."""
    event = tmp_path / "event.csv"
    event.write_text(
        "round,board,player 1,player 2,result\n"
        '1,1,"Petrov, I.",Ann Lee,1-0\n2,1,Ann Lea,"Petrov, Ivan",0-1\n',
        encoding="utf-8",
    )
    before, _ = document(str(event))
    assert len(before["standings"]) == 4
    after, stderr = document(str(event), "--alias", "Petrov, I.=Petrov, Ivan", "--alias", "ann lea=Ann Lee")
    assert [(e["name"], e["points"]) for e in after["standings"]] == [("Petrov, Ivan", 2), ("Ann Lee", 0)]
    assert next(e for e in after["standings"] if e["name"] == "Ann Lee")["spellings"] == ["Ann Lea"]
    assert stderr == ""
    for bad in ("Petrov, I.", "=Petrov, Ivan", "Petrov, I.= "):
        result = invoke(str(event), "--alias", bad)
        assert result.exit_code == 2
        assert f"Invalid value for --alias: {bad!r} is not SPELLING=NAME" in result.stderr


# -- a stranger's file --------------------------------------------------------------------------


def test_a_bad_row_is_a_warning_with_its_line_never_a_traceback(tmp_path: Path) -> None:
    """Each thing wrong in a row is said with the row's line; the rest of the register is read.
    A name with control characters reaches the terminal escaped."""
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating,federation,fide_id,spellings,club\n"
        "Ann Lee,twenty,USA,12,\n"  # 2: rating
        "Bo Wu,1900,CHINA,x1,\n"  # 3: federation, FIDE ID
        ",2000,,,\n"  # 4: no name
        "ann  lee,1800,,,\n"  # 5: Ann Lee again
        "Cai Xu,,,,Ann Lee;C. Xu\n"  # 6: a spelling that is Ann Lee's name
        '"Dan\x1b]52;c;bad\x07 Ode",,,,\n'  # 7: control characters
        f"{'x' * 200},,,,\n",  # 8: too long
        encoding="utf-8",
    )
    event = tmp_path / "event.csv"
    event.write_text(
        "round,board,player 1,player 2,result\n1,1,Ann Lee,Bo Wu,1-0\n"
        '1,2,C. Xu,"Dan\x1b]52;c;bad\x07 Ode",0-1\n',
        encoding="utf-8",
    )
    result = invoke(str(event), "--players", str(players))
    assert result.exit_code == 0, result.output
    said = result.stderr
    for expected in (
        "players.csv:1: column 'club' is not one kifu reads; ignored",
        "players.csv:2: rating 'twenty' is not a rating; ignored",
        "players.csv:3: federation 'CHINA' is not a federation (three letters); ignored",
        "players.csv:3: fide_id 'x1' is not a FIDE ID (up to 11 digits); ignored",
        "players.csv:4: no name; row skipped",
        "players.csv:5: 'ann lee' is already 'Ann Lee' (",
        "players.csv:6: the spelling 'Ann Lee' is already 'Ann Lee' (",
        "players.csv:8: a name of more than 100 characters; row skipped",
    ):
        assert expected in said
    assert "\x1b" not in result.stdout + said and "\x07" not in result.stdout + said
    assert "Dan\\x1b]52;c;bad\\x07 Ode" in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("content", "said"),
    [
        pytest.param(b"rating,fide_id\n2000,1\n", "the header names no 'name' column", id="no-name-column"),
        pytest.param(b"name\n\xff\xfe\n", "is not UTF-8 text", id="not-utf-8"),
        pytest.param(b"", "no header", id="empty"),
    ],
)
def test_a_register_that_cannot_be_read_is_a_usage_error(tmp_path: Path, content: bytes, said: str) -> None:
    players = tmp_path / "players.csv"
    players.write_bytes(content)
    event = write_rows(tmp_path / "event.csv", [["1", "1", "A", "B", "1-0"]])
    result = invoke(str(event), "--players", str(players))
    assert result.exit_code == 2 and said in result.stderr, result.output
    missing = invoke(str(event), "--players", str(tmp_path / "none.csv"))
    assert missing.exit_code == 2 and "no such file" in missing.stderr


def test_a_register_larger_than_a_record_may_be_is_not_read(tmp_path: Path) -> None:
    """Its size is bounded as a record's is (``--max-record``, 16M characters by default)."""
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "Ann Lee\n" * 20, encoding="utf-8")
    with pytest.raises(register.RegisterError, match="longer than 100 characters"):
        register.load(str(players), "players.csv", limit=100)
    assert register.load(str(players), "players.csv", limit=1000).entries[0].name == "Ann Lee"


def test_a_name_too_long_to_compare_is_not_compared_letter_by_letter() -> None:
    """Two names of 50,000 letters that never share a round: compared by their words only (their
    forms with two letters left out would be 1.25 billion strings)."""
    event = Event()
    long_one, long_two = "A" * 50_000 + " Lee", "A" * 49_999 + "B Lee"
    event.games += [
        Game(1, event.name(long_one, 1), event.name("Bo", 1), "1-0"),
        Game(2, event.name(long_two, 2), event.name("Bo", 2), "1-0"),
        Game(3, event.name("Cai", 3), event.name("Bo", 3), "1-0"),
    ]
    started = time.perf_counter()
    checks.near_duplicates(event)
    checks.near_matches([long_one], [long_two, "Ann Lee"])
    assert time.perf_counter() - started < 5


# -- the configuration --------------------------------------------------------------------------


def test_the_configuration_names_the_register(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`[standings] players` in a kifu.toml (`[tool.kifu.standings]` in a pyproject.toml), a
    path relative to that file; `kifu check` reads the same file; `--players` wins over it,
    `--isolated` reads none; a project's file may name no file outside its project."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "event").mkdir()
    (project / "lists").mkdir()
    (project / "lists" / "players.csv").write_text('name,spellings\n"Petrov, Ivan","Petrov, I."\n', "utf-8")
    (project / "kifu.toml").write_text('[standings]\nplayers = "lists/players.csv"\n', "utf-8")
    event = project / "event" / "event.csv"
    event.write_text('1,1,"Petrov, I.",Ann,1-0\n2,1,Ann,"Petrov, Ivan",0-1\n', "utf-8")
    doc, _ = document(str(event))
    assert [e["name"] for e in doc["standings"]] == ["Petrov, Ivan", "Ann"]
    assert doc["standings"][0]["register"].endswith("players.csv:2")
    isolated, _ = document(str(event), "--isolated")
    assert len(isolated["standings"]) == 3
    other = tmp_path / "other.csv"
    other.write_text("name\nAnn\n", "utf-8")
    chosen, _ = document(str(event), "--players", str(other))
    assert len(chosen["standings"]) == 3
    assert CliRunner().invoke(cli, ["check", str(project / "event")]).exit_code == 0
    (project / "kifu.toml").write_text('[standings]\nplayers = "../other.csv"\n', "utf-8")
    refused = invoke(str(event))
    assert refused.exit_code == 2 and "players names a file outside the project" in refused.stderr
    (project / "kifu.toml").write_text('[standings]\nplayer = "lists/players.csv"\n', "utf-8")
    unknown = invoke(str(event))
    assert unknown.exit_code == 2 and "unknown key 'player'; the keys are: players" in unknown.stderr
    (project / "kifu.toml").unlink()
    (project / "pyproject.toml").write_text('[tool.kifu.standings]\nplayers = "lists/players.csv"\n', "utf-8")
    from_pyproject, _ = document(str(event))
    assert len(from_pyproject["standings"]) == 2


def test_the_sources_are_the_arbiters_notes_not_the_public_page(tmp_path: Path) -> None:
    """HTML: the register's lines are in the notes page (`--notes`), never on the public page."""
    event = tmp_path / "event.csv"
    event.write_text('1,1,"Petrov, I.",Ann,1-0\n2,1,Ann,"Petrov, Ivan",0-1\n', "utf-8")
    players = tmp_path / "players.csv"
    players.write_text('name,spellings\n"Petrov, Ivan","Petrov, I."\n', "utf-8")
    page, notes = tmp_path / "page.html", tmp_path / "notes.html"
    result = invoke(
        str(event), "--players", str(players), "--format", "html", "-o", str(page), "--notes", str(notes)
    )
    assert result.exit_code == 0, result.output
    public = page.read_text("utf-8")
    assert "Petrov, Ivan" in public and "Petrov, I." not in public and "register" not in public
    assert "<h2>Player register</h2>" in notes.read_text("utf-8")
    assert "&#x27;Petrov, I.&#x27; as &#x27;Petrov, Ivan&#x27;" in notes.read_text("utf-8")


def test_near_matches_finds_what_comparing_every_two_names_finds() -> None:
    """The letter-pair filter of :func:`checks.near_matches` (a register as large as a
    federation's list is not compared name by name) leaves out no spelling that
    :func:`checks.likeness` (or the case/spacing match) finds: random names of a small alphabet,
    with one or two edits (a letter changed, added, left out, two neighbours swapped)."""
    rng = random.Random(48)
    alphabet = "abcde "

    def name() -> str:
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 14))).strip() or "a"

    def edited(text: str) -> str:
        letters = list(text)
        for _ in range(rng.randint(1, 2)):
            i = rng.randrange(len(letters))
            edit = rng.randrange(4)
            if edit == 0:
                letters[i] = rng.choice(alphabet)
            elif edit == 1:
                letters.insert(i, rng.choice(alphabet))
            elif len(letters) > 1 and edit == 2:
                del letters[i]
            elif len(letters) > 1 and i < len(letters) - 1:
                letters[i], letters[i + 1] = letters[i + 1], letters[i]
        return "".join(letters).strip() or "b"

    for _ in range(200):
        names = list(dict.fromkeys(name() for _ in range(5)))
        pool = [edited(rng.choice(names)) for _ in range(20)] + [name() for _ in range(20)]
        found = checks.near_matches(names, pool)
        for one in names:
            expected = {
                other
                for other in pool
                if other != one and (loose_key(one) == loose_key(other) or checks.likeness(one, other))
            }
            assert {other for other, _ in found[one]} == expected, (one, pool)
