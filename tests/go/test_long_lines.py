"""Game trees on one long line: each unparsed game carries its own text, not the line.

A file of 1 MiB of ``(;)`` on one line took 199 s to check: each of its 349,525 game trees was
handed on with a copy of the whole line (its findings show their source line), whose line index
then counted the line breaks of the whole line again for each position. Now a game's text holds
at most ``_CONTEXT`` characters of its first and last lines around it (its findings on a longer
line show no source line, as for a window of a big file), and the reader, fed in pieces, keeps
no more of a long line than that before the text it still needs.
"""

from __future__ import annotations

from kifu.core.findings import Finding
from kifu.go import reader as go_reader
from kifu.go.parser import parse_unparsed
from kifu.go.reader import CollectionReader, parse_collection
from kifu.go.tree import Game


def raw_games(text: str, piece: int = 0) -> list[Game]:
    """The unparsed game trees of ``text`` (fed in pieces of ``piece`` characters when given)."""
    reader = CollectionReader(raw=True)
    if not piece:
        return [game for game, _ in reader.feed(text, True)]
    games = []
    for start in range(0, len(text), piece):
        games += [game for game, _ in reader.feed(text[start : start + piece], start + piece >= len(text))]
    return games


def findings(games: list[Game]) -> list[Finding]:
    found: list[Finding] = []
    for game in games:
        if game.index:
            found += parse_unparsed(game)[0].findings
    return found


def test_the_texts_of_the_games_of_a_line_grow_with_the_line() -> None:
    """1,000 then 4,000 game trees on one line: the texts handed on grow 4 times, not 16 (each
    was the whole line)."""
    sizes = [sum(len(game.text or "") for game in raw_games("(;)" * n)) for n in (1_000, 4_000)]
    assert sizes[1] < 6 * sizes[0], sizes


def test_a_game_keeps_its_lines_when_they_are_short() -> None:
    text = "junk (;GM[1]C[a]\nB[aa]XX[ZZ]) (;GM[1]\n;W[bb])  \n"
    first, second = [g for g in raw_games(text) if g.index]
    assert first.text == "junk (;GM[1]C[a]\nB[aa]XX[ZZ]) (;GM[1]" and not first.cut
    assert second.text == "B[aa]XX[ZZ]) (;GM[1]\n;W[bb])  " and not second.cut
    assert (first.column_base, second.column_base) == (0, 0)


def test_findings_on_a_long_line_are_where_they_were_without_their_line() -> None:
    """The same spans as a parse of the whole text; the long line is not shown, short ones are."""
    game = "(;GM[1]FF[4]SZ[9]junk;B[aa];W)"
    text = game * 100 + "\n" + game + "\n" + "(;B[aa]5)" * 40
    raw = findings(raw_games(text))
    whole = [f for g in parse_collection(text) for f in g.findings]
    assert [(f.code, f.span) for f in raw] == [(f.code, f.span) for f in whole]
    assert len(raw) > 200
    lines = text.split("\n")
    for finding in raw:  # never a part of a line
        assert finding.span is not None
        assert finding.source_line in (None, lines[finding.span.line - 1])
    shown = {f.span.line for f in raw if f.span is not None and f.source_line is not None}
    hidden = {f.span.line for f in raw if f.span is not None and f.source_line is None}
    # (line 3 is shown with the games that start and end within _CONTEXT of its ends)
    assert (shown, hidden) == ({2, 3}, {1, 3})


def test_a_long_line_fed_in_pieces_is_not_kept_whole() -> None:
    """Fed 300 characters at a time, the reader holds a few kilobytes of a line of 300 KB, and
    the positions it gives are right."""
    reader = CollectionReader(raw=True)
    text = "(;)" * 100
    games: list[Game] = []
    for _ in range(1_000):
        games += [game for game, _ in reader.feed(text, False)]
        assert len(reader.buffer) <= len(text) + 2 * go_reader._CONTEXT
    games += [game for game, _ in reader.feed("", True)]
    assert len(games) == 100_000
    for number in (1, 2, 500, 99_999, 100_000):
        game, index = parse_unparsed(games[number - 1])
        assert index.position(game.offset) == (1, 3 * number - 2)
