"""Issue 48, "Two audiences for the HTML" and "Warnings point at the line": the public page shows
the ranking, the crosstable and how to read them, never the arbiter's notes (contradicted
results, name spellings, missing players, trust, file paths), which go to stderr and to the
page ``--notes FILE``; a warning about a record of a file of several names the line its game
starts at and its index in words (``round1.pgn:9: game 2: …``)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from kifu.app import cli
from kifu.core.markup import html_text

#: a decisive game, a draw, and Black's mate in two (``1-0`` declared over it: a contradiction)
WON, DRAWN, MATED = "1. e4 e5 2. Nf3 Nc6", "1. d4 d5", "1. f3 e5 2. g4 Qh4#"


def _pgn(*games: tuple[str, str, str, str, str], **more: str) -> str:
    """Games of ``(round, white, black, result, moves)``, each with the tags ``more`` too."""
    extra = "".join(f'[{tag} "{value}"]\n' for tag, value in more.items())
    return "".join(
        f'[Event "Open <b>2026</b>"]\n[Round "{round_}"]\n[White "{white}"]\n[Black "{black}"]\n'
        f'[Result "{result}"]\n{extra}\n{moves} {result if result in ("1-0", "0-1", "1/2-1/2") else "*"}\n\n'
        for round_, white, black, result, moves in games
    )


def _hostile_event(folder: Path) -> Path:
    """An event with a note of every kind: a result the rules contradict (trust), a name with a
    near spelling and one in another case, players missing from rounds, a round without games,
    an unreadable result (an error), a record naming one player, a round and a rating that are
    not numbers, a game without a result, a player with two games in a round, a file that holds
    no record; names and an event name with markup in them. Its folder is named like a secret."""
    event = folder / "SECRET-arbiter-folder" / "event"
    event.mkdir(parents=True)
    (event / "round1.pgn").write_text(
        _pgn(
            ("1", "Ann", "Ben", "1-0", WON),
            ("1", "Cai", "Dan <script>x()</script>", "1-0", MATED),
            ("1", "Eve", "Wang Lei", "1/2-1/2", DRAWN),
        ),
        encoding="utf-8",
    )
    (event / "round2.pgn").write_text(
        _pgn(
            ("2", "Ann", "Cai", "1-O", WON),
            ("2", "Ben", "wang lei", "1-0", WON),
            ("2", "Eve", "Dan <script>x()</script>", "*", DRAWN),
            ("¹", "Cai", "Ben", "1-0", WON),
            ("2", "?", "Eve", "1-0", WON),
            ("2", "Ben", "Eve", "0-1", WON),
        ),
        encoding="utf-8",
    )
    (event / "round3.pgn").write_text(_pgn(("3", "Anne", "Cai", "1-0", WON), WhiteElo="¹"), encoding="utf-8")
    (event / "round5.pgn").write_text(_pgn(("5", "Ben", "Cai", "0-1", WON)), encoding="utf-8")
    (event / "empty.pgn").write_text("this is no game record at all\n", encoding="utf-8")
    return event


def _invoke(*arguments: str) -> Result:
    return CliRunner().invoke(cli, ["standings", *arguments])


def _notes(stderr: str) -> list[str]:
    """The warnings and errors of ``stderr``, without their ``kifu: warning:`` start."""
    return [
        line.split(": ", 2)[2]
        for line in stderr.splitlines()
        if line.startswith(("kifu: warning: ", "kifu: error: "))
    ]


@pytest.fixture
def published(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Result, str, str]:
    """The hostile event ranked as an arbiter publishes it: the page beside the records (``-o``),
    the notes apart (``--notes``); its folder, the run, the public page and the notes page."""
    event = _hostile_event(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = _invoke(
        str(event),
        "--format",
        "html",
        "-o",
        str(event / "index.html"),
        "--notes",
        str(tmp_path / "notes.html"),
        "--preset",
        "cxa-individual-swiss",
        "--fide-edition",
        "2026",
    )
    page = (event / "index.html").read_text(encoding="utf-8")
    notes = (tmp_path / "notes.html").read_text(encoding="utf-8")
    return event, result, page, notes


#: a fragment of every kind of note the hostile event makes (stderr must hold each)
KINDS = (
    "declared 1-0, the rules say 0-1 (checkmate); counted 0-1 (--trust verified)",
    "'Ann' (rounds 1, 2) and 'Anne' (round 3) look like one player",
    "differ only in case",
    "has no game, bye or forfeit in",
    "round 4 of 1-5 has no game, bye or forfeit at all",
    "Result '1-O' cannot be read as a result",
    "is not a round number",
    "of Anne is not a rating",
    "the record does not name both players",
    "no result; not counted",
    "has two games in round 2",
    "--fide-edition applies to the fide presets",
    "empty.pgn",
)


def test_the_public_page_holds_none_of_the_notes(published: tuple[Path, Result, str, str]) -> None:
    """Every kind of note reaches stderr; none of their text, nor a folder of the machine, nor a
    word of the arbiter's trade (trust, warning, error) is on the public page."""
    event, result, page, _ = published
    assert result.exit_code == 1, result.output  # (the unreadable result)
    for kind in KINDS:
        assert kind in result.stderr, kind
    notes = _notes(result.stderr)
    assert len(notes) >= len(KINDS)
    shown = html.unescape(page)
    for note in notes:
        assert html_text(note) not in page and note not in shown, note
    for word in ("--trust", "verified", "declared", "look like", "warning", "error", "not counted"):
        assert word not in shown, word
    folder = str(event.parent)
    assert folder not in shown and "SECRET" not in shown and "file:" not in page
    assert str(Path.cwd()) not in shown
    # what it does hold: the ranking, the crosstable and how to read them
    assert (
        "<table>" in page
        and "How to read the table" in page
        and "Ranked by Pts, Buch, W (cxa-individual-swiss" in page
    )
    assert "&lt;script&gt;" in page and "<script>" not in page  # the name, escaped
    assert 'href="round1.pgn"' in page  # the records published beside the page


def test_the_notes_page_holds_every_note(published: tuple[Path, Result, str, str]) -> None:
    """The notes page (``--notes``): each error and warning of stderr, escaped, under its kind,
    and how a contradicted result was counted; a page that loads nothing, as the public one."""
    _, result, _, notes_page = published
    for note in _notes(result.stderr):
        assert html_text(note) in notes_page, note
    headings = re.findall(r"<h2>([^<]+)</h2>", notes_page)
    assert headings == [
        "Errors: not counted",
        "Results the rules contradict",
        "Names",
        "Missing players and rounds",
        "Other notes",
    ]
    assert "what the rules decided was counted (--trust verified)" in notes_page
    assert "<script>" not in notes_page and "Content-Security-Policy" in notes_page
    assert "Arbiter&#x27;s notes: Open &lt;b&gt;2026&lt;/b&gt;" in notes_page


def test_a_warning_names_the_line_its_game_starts_at(tmp_path: Path) -> None:
    """Issue 48: ``round1.pgn:9: game 2: …``, the line of the game's first tag in a file of
    several records, not the game's index alone (``round1.pgn:2:``); a file of one record is
    named by its path; the notes page says the same."""
    event = _hostile_event(tmp_path)
    result = _invoke(str(event), "--notes", str(tmp_path / "notes.html"))
    lines = (event / "round1.pgn").read_text(encoding="utf-8").splitlines()
    starts = [number for number, line in enumerate(lines, start=1) if line.startswith("[Event ")]
    assert starts[1] == 9
    where = f"{event / 'round1.pgn'}:{starts[1]}: game 2: Cai – Dan <script>x()</script>: declared 1-0"
    assert f"kifu: warning: {where}" in result.stderr
    assert html_text(where) in (tmp_path / "notes.html").read_text(encoding="utf-8")
    round2 = (event / "round2.pgn").read_text(encoding="utf-8").splitlines()
    third = [n for n, line in enumerate(round2, start=1) if line.startswith("[Event ")][2]
    assert (
        f"{event / 'round2.pgn'}:{third}: game 3: Eve – Dan <script>x()</script>: no result" in result.stderr
    )
    # a game's own line, where the finding gives one: the Result tag of game 1 (line 5)
    assert f"kifu: error: {event / 'round2.pgn'}:5: game 1: Ann – Cai: Result '1-O'" in result.stderr
    assert f"kifu: warning: {event / 'round5.pgn'}: " not in result.stderr  # (no warning about it)
    assert f"{event / 'round3.pgn'}: WhiteElo '¹' of Anne is not a rating" in result.stderr


def test_links_of_a_file_of_several_games(tmp_path: Path) -> None:
    """A result of a file of several records links to the file, its tooltip naming the game
    (``round1.pgn:9: game 2``), relative to the page as the link is."""
    event = _hostile_event(tmp_path)
    assert _invoke(str(event), "--format", "html", "-o", str(event / "index.html")).exit_code == 1
    page = (event / "index.html").read_text(encoding="utf-8")
    assert '<a href="round1.pgn" title="round1.pgn:9: game 2">' in page


def test_no_notes_and_a_notes_file_of_its_own(tmp_path: Path) -> None:
    """A clean event's notes page says there is nothing to note; the notes cannot go where the
    standings go (a usage error, nothing written)."""
    event = tmp_path / "event"
    event.mkdir()
    (event / "r1.pgn").write_text(_pgn(("1", "Ann", "Ben", "1-0", WON)), encoding="utf-8")
    result = _invoke(str(event), "--notes", str(tmp_path / "notes.html"), "--trust", "declared")
    assert result.exit_code == 0, result.output
    notes = (tmp_path / "notes.html").read_text(encoding="utf-8")
    assert "No errors and no warnings." in notes
    assert "what the score sheet says was counted (--trust declared)" in notes
    same = _invoke(
        str(event), "--format", "html", "-o", str(tmp_path / "p.html"), "--notes", str(tmp_path / "p.html")
    )
    assert same.exit_code == 2 and "the notes need a file of their own" in same.stderr
    assert not (tmp_path / "p.html").exists()
    both = _invoke(str(event), "--notes", "-")
    assert both.exit_code == 2
