"""The reader's fast paths give what the grammar gives: a header of plain tag pairs
(:func:`kifu.chess.reader.plain_header`) and movetext of moves and a result alone
(:func:`kifu.chess.reader.plain_run`) are read without Lark, and every game, plain or
damaged, reads to the same record and the same findings as with the grammar alone
(``read_game(..., grammar_only=True)``): over the shared corpus and generated games. The
movetext read so is lexed so by the grammar's own terminals (:func:`lexed`)."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from kifu.chess.grammar import parser
from kifu.chess.reader import MAX_PLIES, Piece, ReadGame, plain_header, plain_run, read_game, run_items
from kifu.chess.splitter import GameText, split_games
from kifu.core.lines import LineDecoder


def lexed(text: str, start: int) -> list[Piece] | None:
    """The tokens the grammar's lexer makes of ``text`` from ``start`` when they are ``MOVE``
    tokens and a ``RESULT`` that ends it: ``MOVE`` has the highest priority, and no terminal of
    a higher priority than ``RESULT`` begins with a result's first character."""
    move, result = (
        re.compile(parser().get_terminal(name).pattern.to_regexp()) for name in ("MOVE", "RESULT")
    )
    size = len(text)
    space = re.compile(r"\s*").match(text, start)
    position = space.end() if space else start
    tokens: list[Piece] = []
    while True:
        found = move.match(text, position)
        last = found is None
        if found is None:
            found = result.match(text, position)
            if found is None or found.end() != size or not tokens:
                return None
        before = text[start:position]
        column = position - (text.rfind("\n", start, position) + 1 if "\n" in before else start) + 1
        tokens.append(Piece(found.group(), 1 + before.count("\n"), column))
        position = found.end()
        if last:
            return tokens


def _moves(tokens: list[Piece]) -> list[tuple[int, int, str, int | None]]:
    """The moves of ``MOVE`` tokens: (line, column, text, number), as the reader places them."""
    moves = []
    for token in tokens:
        for offset, text, number in run_items(token.value):
            before = token.value[:offset]
            line = token.line + before.count("\n")
            column = offset - before.rfind("\n") if "\n" in before else token.column + offset
            moves.append((line, column, text, number))
    return moves


def _same_lexing(text: str, start: int) -> None:
    """What :func:`plain_run` reads, the grammar lexes so: the same moves, at the same places."""
    run = plain_run(text, start)
    if run is None:
        return
    tokens = lexed(text, start)
    assert tokens is not None, text
    assert _moves([run[0]]) == _moves(tokens[:-1])
    assert (run[1].value, run[1].line, run[1].column) == (
        tokens[-1].value,
        tokens[-1].line,
        tokens[-1].column,
    )


def _both(game: GameText) -> tuple[ReadGame, ReadGame]:
    return read_game(game, 1), read_game(
        GameText(game.start_line, game.text, game.missing_blank_line), 1, grammar_only=True
    )


def _same(game: GameText) -> None:
    _same_lexing(game.text, plain_header(game.text)[1])
    fast, grammar = _both(game)
    assert fast.record == grammar.record
    assert [f.to_dict() for f in fast.findings] == [f.to_dict() for f in grammar.findings]
    assert [f.source_line for f in fast.findings] == [f.source_line for f in grammar.findings]


def test_a_plain_game_is_read_without_the_grammar() -> None:
    text = '[Event "x"]\n[White "A, B"]  \n\n1. e4 e5 2. Nf3\n  Nc6 3.Bb5 1-0'
    header, rest = plain_header(text)
    assert header == [("Event", "x", 11), ("White", "A, B", 14)]
    assert text[rest:] == "\n1. e4 e5 2. Nf3\n  Nc6 3.Bb5 1-0"
    run = plain_run(text, rest)
    assert run is not None
    assert [(t.value, t.line, t.column) for t in run] == [
        ("1. e4 e5 2. Nf3\n  Nc6 3.Bb5 ", 2, 1),
        ("1-0", 3, 13),
    ]
    _same_lexing(text, rest)
    read = read_game(GameText(7, text), 1)
    assert read.record.tag_spans == {"Event": (7, 1, 7, 12), "White": (8, 1, 8, 15)}
    assert read.record.result_span == (11, 13, 11, 16)
    _same(GameText(7, text))


def test_what_is_not_plain_is_left_to_the_grammar() -> None:
    assert plain_header('  [Event "x"]\n1. e4 *') == ([], 0)
    assert plain_header('[Event "x"] [Site "y"]\n') == ([], 0)
    assert plain_header('[Event "x"]\n[Site "a \\"b\\""]\n1. e4 *')[0] == [("Event", "x", 11)]
    assert plain_run("1. e4 {good} e5 *", 0) is None
    assert plain_run("1. e4 e5", 0) is None  # no result
    assert plain_run("1. e4 e5 1-0 Nf3", 0) is None  # text after the result
    assert plain_run("*", 0) is None  # a result alone
    assert plain_run("1. e4 (1. d4) e5 *", 0) is None
    assert plain_run("1. e4 e5 $1 *", 0) is None
    assert plain_run("12 ... Nf6 *", 0) is None  # a number apart from its dots
    assert plain_run("1. e4 e5 2. *", 0) is None  # a number without its move
    assert plain_run("1. e4 e5!!! *", 0) is None
    # more than 128 full moves: two MOVE tokens for the grammar, one run for the reader
    long = " ".join(f"{n}. Nf3 Nf6 {n}... Ng1 Ng8" for n in range(1, 100)) + " 1/2-1/2"
    tokens = lexed(long, 0)
    assert tokens is not None and len(tokens) == 3
    _same(GameText(1, long))
    # castling forms that two alternatives could read: a failing run would take 2**60 steps
    assert plain_run("O-O-O " * 60 + "0-0-0-0 *", 0) is None
    assert plain_run("1. O-O 0-0-0+ 2. 0-O O-0 *", 0) is not None
    # a run that may be as long as a line the reader cuts is left to the grammar
    assert plain_run("e " * MAX_PLIES + "*", 0) is None
    assert plain_run("e " * (MAX_PLIES - 1) + "*", 0) is not None


def test_every_game_of_the_corpus_reads_as_with_the_grammar(corpus: Path) -> None:
    games = 0
    for path in sorted((corpus / "chess").rglob("*.pgn")):
        decoder = LineDecoder()
        with path.open("rb") as stream:
            for game in split_games(decoder.lines(stream, str(path), blank_runs=True)):
                _same(game)
                games += 1
    assert games > 800


#: lines of a header: plain pairs, and what is not (escapes, quotes, spaces, two on a line,
#: broken pairs, comments, escape lines, blank lines)
HEADER_LINES = [
    '[Event "Open"]',
    '[Site "Here, There"]',
    '[Round "1.1"]',
    '[Event " padded "]',
    '[Result "1-0"]',
    '[White ""]',
    '[Event "again"]',
    '[FEN "8/8/8/8/8/8/8/K1k5 w - - 0 1"]',
    '[SetUp "1"]',
    '[Annotator "Ann"]\t ',
    '[Black "Quote \\"q\\""]',
    '[Black "back\\\\slash"]',
    '[Black "un"escaped"]',
    '[Event  "two spaces"]',
    '[ Event "inside"]',
    ' [Event "before"]',
    '[Event "a"] [Site "b"]',
    '[Event "a"] e4',
    '[Event "no end"',
    "[Event no quotes]",
    '[Ev-ent "x"]',
    '[Event "x\\"]',
    "[",
    "{a comment}",
    "% an escape",
    "; a line comment",
    "",
    "   ",
    '[Ünïcode "é"]',
    '[Event "é ♘"]',
]

#: pieces of movetext: moves, numbers, results, comments, variations, NAGs and garbage
MOVETEXT = [
    "1.",
    "1...",
    "12.",
    "e4",
    "e5",
    "Nf3",
    "O-O",
    "0-0",
    "e8=Q+",
    "Qxf7#",
    "!?",
    "--",
    "♘f3",
    "1-0",
    "0-1",
    "1/2-1/2",
    "½-½",
    "*",
    "{good}",
    "{open",
    "}",
    "(",
    ")",
    "$1",
    "$999",
    ";line",
    "e.p.",
    "@@",
    '[Event "late"]',
    "%esc",
    " ",
    "  ",
    "\n",
    "\n\n",
    "\t",
    "\xa0",
]


#: movetext of moves and a result alone, mostly (what the fast path reads), with a slip at times
PLAIN_MOVETEXT = st.builds(
    lambda moves, result: [*moves, " ", *result],
    st.lists(
        st.sampled_from(
            # (mostly words of moves; the rest are what a word-by-word reading could take for them)
            ["1.", "2...", "3…", "e4", "Nf3", "O-O", "e8=Q+", "!?", "!", "♘f3", " ", "\n", "\t", " ", "\n"]
        ),
        max_size=40,
    ),
    st.lists(st.sampled_from(["1-0", "*", "1/2-1/2", " ", "\n", "e4", "}", "$1"]), min_size=1, max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(HEADER_LINES), max_size=8),
    st.lists(st.sampled_from(MOVETEXT), max_size=24) | PLAIN_MOVETEXT,
    st.sampled_from(["", "\n", "\n\n", " "]),
    st.integers(1, 5),
    st.booleans(),
)
@example(['[Event "a"]', '[Event "b"]'], ["1.", " ", "e4", " ", "*"], "\n", 3, False)
@example(['[Event "a"]', '[Black "un"escaped"]'], ["e4", " ", "1-0"], "\n", 1, True)
@example([], ["1.", "e4", " ", "1-0"], "", 1, False)
def test_any_game_reads_as_with_the_grammar(
    header: list[str], movetext: list[str], between: str, start: int, missing_blank_line: bool
) -> None:
    pieces = [*header, between + "".join(movetext)] if movetext else header
    text = "\n".join(pieces).strip("\n ")
    # a game's text as the splitter gives it: no blank lines at its end
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    _same(GameText(start, "\n".join(lines), missing_blank_line))


#: words a word-by-word reading of movetext could take for moves, and moves it could miss
WORDS = [
    *("e4", "Nf3", "O-O", "O-O-O+", "e8=Q+", "♘f3", "--", "e4-e5", "Qh4xe1#", "b8=N!?", "Ke2!!"),
    *("0-0", "0-O", "0-0-0#", "0-O-0+", "O-0", "0-0!", "1.0-0", "0-0-0-0", "0-", "0-1-0", "00"),
    *("1.", "12...", "3…", "4.…", "1.e4", "12...Nf6", "3…Nf6", "5..e5", "6.!", "7.--", "8.0-0"),
    *("12", "٣.", "٣.e4", "0", "0.e4", "-", ".", "…", "!?", "e4!!!", "e4?!?", "ä4", "é", "_a", "a_"),
    *("1-0", "0-1", "1/2-1/2", "½-½", "*", "$1", "{c}", "(", ")", "[x]", "e.p.", "e4;", "e4$"),
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6), st.sampled_from(["1-0", "*", "½-½", "e4"]))
@example(["٣.", "e4"], "*")
@example(["1.", "2.", "e4"], "*")
@example(["e4", "1."], "*")
def test_what_plain_run_reads_the_grammar_lexes_so(words: list[str], last: str) -> None:
    for separator in (" ", "\n", " \t"):
        text = separator.join([*words, last])
        _same_lexing(text, 0)
        _same_lexing("\n" + text, 1)


def test_the_twic_file_is_read_on_the_fast_paths(corpus: Path) -> None:
    path = corpus / "chess/mliebelt-pgn-parser/twic-01-232games.pgn"
    games = list(split_games(path.read_text(encoding="utf-8").splitlines()))
    fast = [game for game in games if plain_run(game.text, plain_header(game.text)[1]) is not None]
    assert len(games) == len(fast) == 232
