"""Finding codes for PGN syntax (``PGN``) and chess rules (``CHESS``)."""

from __future__ import annotations

from kifu.core.findings import Severity, register

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO
STD = "PGN Standard (1994)"

# --- PGN syntax -------------------------------------------------------------------------
UNEXPECTED_TEXT = register(
    "PGN001",
    E,
    "text that is not PGN",
    "The text at this place is not a move, move number, NAG, comment, variation or result. "
    "The rest of the game is still read.",
    f"{STD} 8.2",
)
UNCLOSED_COMMENT = register(
    "PGN002",
    E,
    "comment `{` never closed",
    "A brace comment runs to the end of the game without its closing `}`. kifu stops the "
    "comment at the end of the game (before the next tag section), so the games after it "
    "are not swallowed, as they are by readers that scan to the next `}`.",
    f"{STD} 5",
)
BAD_TAG = register(
    "PGN003",
    W,
    "malformed tag pair",
    'A line starting with `[` is not a tag pair `[Name "value"]`: the string is not '
    'closed on its line (a `\\"` escapes the quote, so `"…\\"]` is unterminated), the '
    "name is missing, or the closing `]` is missing. The tag is ignored: a warning, an error "
    "for the tags that set up the game (FEN, SetUp, Variant).",
    f"{STD} 8.1",
    format=True,
)
UNESCAPED_QUOTE = register(
    "PGN004",
    W,
    "unescaped quote in a tag value",
    'A `"` inside a tag value must be written `\\"`. kifu read the value up to the last '
    "quote before `]`; other readers may cut it at the first inner quote.",
    f"{STD} 7",
    format=True,
)
TAG_AFTER_MOVETEXT = register(
    "PGN005",
    E,
    "tag pair inside the movetext",
    "A tag pair appears after moves on the same game. Tag pairs belong before the movetext; "
    "if a new game starts here, the previous one lacks its termination marker and a blank "
    "line.",
    f"{STD} 8.1",
)
MISSING_TERMINATION = register(
    "PGN006",
    W,
    "missing termination marker",
    "The movetext of every game ends with `1-0`, `0-1`, `1/2-1/2` or `*`. This game has "
    "none: the file may be truncated, or the next game follows without it.",
    f"{STD} 8.2.6",
    format=True,
)
RESULT_MISMATCH = register(
    "PGN007",
    E,
    "Result tag differs from the termination marker",
    "The `Result` tag and the marker at the end of the movetext must be equal.",
    f"{STD} 8.2.6",
)
DUPLICATE_TAG = register(
    "PGN008",
    W,
    "tag given twice",
    "A tag name may appear at most once per game; kifu keeps the first value.",
    f"{STD} 8.1",
    format=True,
)
MISSING_ROSTER = register(
    "PGN009",
    W,
    "Seven Tag Roster incomplete",
    "Archival PGN games carry Event, Site, Date, Round, White, Black and Result.",
    f"{STD} 8.1.1",
    format=True,
)
STRAY_PARENTHESIS = register(
    "PGN010",
    W,
    "`)` without `(`",
    "A variation is closed that was never opened; the parenthesis is ignored.",
    f"{STD} 8.2.5",
    format=True,
)
UNCLOSED_VARIATION = register(
    "PGN011",
    E,
    "variation `(` never closed",
    "A variation runs to the end of the game without `)`. Its moves are checked as a "
    "variation; the main line may be missing its end.",
    f"{STD} 8.2.5",
)
MOVE_NUMBER = register(
    "PGN012",
    W,
    "wrong move number",
    "Move number indications may be left out, but when given they must be right.",
    f"{STD} 8.2.2",
    format=True,
)
BAD_DATE = register(
    "PGN013",
    W,
    "date not in YYYY.MM.DD form",
    "Date tags are `YYYY.MM.DD` with `?` for unknown digits (`1997.??.??`).",
    f"{STD} 8.1.1.3",
    format=True,
)
AFTER_TERMINATION = register(
    "PGN014",
    E,
    "text after the termination marker",
    "The termination marker ends the movetext; moves or a second marker follow it.",
    f"{STD} 8.2.6",
)
BAD_NAG = register(
    "PGN015",
    W,
    "NAG out of range",
    "Numeric annotation glyphs run from $0 to $255.",
    f"{STD} 8.2.4",
    format=True,
)
NESTED_COMMENT = register(
    "PGN016",
    W,
    "`{` inside a comment",
    "Brace comments do not nest: the first `}` closes the comment, and the text after it is "
    "read as movetext.",
    f"{STD} 5",
    format=True,
)
STRAY_BRACE = register(
    "PGN017",
    W,
    "`}` without `{`",
    "A comment is closed that was never opened (often the rest of a nested comment).",
    f"{STD} 5",
    format=True,
)
BAD_RESULT_TAG = register(
    "PGN018",
    W,
    "Result tag value not allowed",
    "The Result tag is `1-0`, `0-1`, `1/2-1/2` or `*`.",
    f"{STD} 8.1.1.7",
    format=True,
)
SETUP_FEN = register(
    "PGN019",
    W,
    "SetUp and FEN tags disagree",
    'A game from a set-up position has `[SetUp "1"]` and a `FEN` tag; one was given without the other.',
    f"{STD} 9.7",
    format=True,
)
BAD_FEN = register(
    "PGN020",
    E,
    "FEN tag is not a legal position",
    "The FEN tag cannot be read, or describes an impossible position (missing king, pawns on "
    "the first rank, the side not to move in check…). The game's moves are not replayed.",
    f"{STD} 16.1",
)
VARIATION_AT_START = register(
    "PGN021",
    W,
    "variation before any move",
    "A variation replaces the move just before it; here there is none.",
    f"{STD} 8.2.5",
    format=True,
)
MISSING_BLANK_LINE = register(
    "PGN022",
    W,
    "no blank line between games",
    "A new tag section starts right after the previous game's movetext. kifu splits the "
    "games there; some readers merge them.",
    f"{STD} 8",
    format=True,
)
UNKNOWN_RESULT_SYNTAX = register(
    "PGN023",
    W,
    "non-standard result marker",
    "The result is written in a non-standard way (e.g. `½-½`, `1/2`); kifu read it, but "
    "other programs may not.",
    f"{STD} 8.2.6",
    format=True,
)

DEEP_VARIATIONS = register(
    "PGN024",
    E,
    "variations nested absurdly deep",
    "Variations may nest, but no real record nests them more than a few dozen levels. kifu "
    "checks every level anyway; a nesting this deep usually means a generated or broken file.",
    f"{STD} 8.2.5",
)

LONGER_THAN_ANY_GAME = register(
    "PGN026",
    E,
    "a line longer than any game",
    "No game of chess lasts more than 17,697 plies: a game with 75 moves in a row without a capture "
    "or a pawn move is drawn without a claim (FIDE Laws 9.6.2), so each of the 96 pawn moves and "
    "30 captures is at most 150 plies from the next. A line of moves longer than that holds moves "
    "after the end; kifu reads no further (this also bounds the time and memory a damaged or "
    "hostile file can cost).",
    "FIDE Laws of Chess 9.6.2",
)

UNKNOWN_MARKER = register(
    "PGN025",
    W,
    "termination marker `*` under a known result",
    "The Result tag gives a result but the movetext ends with `*` (unknown). The Standard "
    "wants them equal; kifu, like pgn-extract, takes the tag's result and warns.",
    f"{STD} 8.2.6",
    format=True,
)
MIXED_UP_TAG = register(
    "PGN027",
    W,
    "tag name written for another",
    "The tag's name is a slip for a tag of the Seven Tag Roster (or FEN, SetUp) that the game "
    'lacks: a case slip (`DATE`) or a misspelling (`[Data "…"]` for `Date`). kifu names the '
    "tag meant and counts it for the roster (PGN009); the value is kept under the name as written, "
    "and a FEN given so is not used as the start position.",
    f"{STD} 8.1",
    format=True,
)

# --- chess rules ------------------------------------------------------------------------
FIDE = "FIDE Laws of Chess"
#: what CHESS101-103 share: how the move meant is found (docs/severity.md, "The move meant")
LOOKAHEAD = (
    "What was meant is then read from the moves after it, as an arbiter reads a score sheet: "
    "the later moves are replayed under each legal move one slip away from what is written (a "
    "lower-case or wrong piece letter, another language's letter, a missing or extra "
    "disambiguator or capture mark, one character wrong, missing, extra or swapped), under a "
    "half-move left out before it (CHESS113), the move written twice (CHESS114) or two moves "
    "swapped (CHESS115), and under every other legal move. A reading is assumed only when the "
    "later moves play further under it than under anything else, or as far with their marks "
    "(+, #, x, Nbd2) agreeing; the message says why the others fail (`did you mean Bb5? (Nb5: "
    "4. Ba4 cannot be played after it)`) and the rest of the line is checked with it, so its "
    "later errors are reported in the same run. Readings the later moves do not tell apart are "
    "named, and none is assumed. When some other legal move fits the later moves better than "
    "any reading, the text is no slip: `no reading of it fits the moves after it`, and the line "
    "is not checked further. A verdict reached through an assumed move (CHESS201, CHESS202, "
    "CHESS203) is at most a warning that names it (docs/severity.md)."
)
ILLEGAL_MOVE = register(
    "CHESS101",
    E,
    "illegal move",
    "The move cannot be played in the position reached: no such piece can go there, the "
    "move leaves the king in check, or castling is not allowed. " + LOOKAHEAD,
    f"{FIDE} 3",
)
AMBIGUOUS_MOVE = register(
    "CHESS102",
    E,
    "ambiguous move",
    "Two or more pieces of the kind written can make the move; SAN must name the file or "
    "rank of the one that moves (`Nbd7`). " + LOOKAHEAD,
    f"{STD} 8.2.3.4",
)
NOT_A_MOVE = register(
    "CHESS103",
    E,
    "unreadable move",
    "The text is not Standard Algebraic Notation (nor long algebraic, nor UCI). Common causes: "
    "a lower-case piece letter (`nf3`), a truncated move (`Kx`). " + LOOKAHEAD,
    f"{STD} 8.2.3",
)
CHECK_SUFFIX = register(
    "CHESS104",
    W,
    "wrong or missing `+`/`#`",
    "A move that checks is written with `+`, a move that mates with `#`, and other moves without either.",
    f"{STD} 8.2.3.8",
    format=True,
)
ZERO_CASTLING = register(
    "CHESS105",
    W,
    "castling written with zeros",
    "PGN writes castling with the letter O (`O-O`, `O-O-O`); `0-0` is read but is not standard.",
    f"{STD} 8.2.3.3",
    format=True,
)
LONG_ALGEBRAIC = register(
    "CHESS106",
    W,
    "long algebraic or UCI move",
    "PGN movetext uses SAN (`Nf3`); long algebraic (`Ng1-f3`) and UCI (`g1f3`) are read "
    "and the SAN is suggested.",
    f"{STD} 8.2.3",
    format=True,
)
NULL_MOVE = register(
    "CHESS107",
    E,
    "null move",
    "`--` or `Z0` passes the turn, which is not a legal chess move. In a variation it is an "
    "analysis device (warning); in the main line the record is not a game (error). Replay "
    "goes on after it.",
    f"{FIDE} 1.2",
)
LOCALISED_LETTERS = register(
    "CHESS108",
    INFO,
    "moves written with non-English piece letters",
    "The moves only make sense with the piece letters of one language (e.g. German S for "
    "knight, L for bishop). kifu read them so; PGN for interchange uses English letters. "
    "Give --lang to say the language explicitly.",
    f"{STD} 8.2.3.2",
)
EN_PASSANT_SUFFIX = register(
    "CHESS109",
    W,
    "`e.p.` after an en-passant capture",
    "SAN writes an en-passant capture like any pawn capture (`exd6`); the `e.p.` suffix is ignored.",
    f"{STD} 8.2.3.5",
    format=True,
)
PROMOTION_SYNTAX = register(
    "CHESS110",
    W,
    "promotion without `=`",
    "SAN writes promotion with an equals sign (`a8=Q`); `a8Q` is read.",
    f"{STD} 8.2.3.6",
    format=True,
)
FIGURINES = register(
    "CHESS112",
    W,
    "figurine notation",
    "The moves name their pieces by figurines (`♘f3`, figurine algebraic notation, as `kifu convert "
    "--to fan` writes); they are read as the piece letters of SAN (`Nf3`), which the PGN import "
    "format requires.",
    f"{STD} 8.2.3",
    format=True,
)
OVERSPECIFIED = register(
    "CHESS111",
    INFO,
    "unneeded disambiguation",
    "SAN names the origin file or rank only when two pieces could make the move.",
    f"{STD} 8.2.3.4",
)
MISSING_MOVE = register(
    "CHESS113",
    E,
    "a half-move left out",
    "The move is written for the wrong side: the other side's move before it is missing from "
    "the score sheet (`13. Nf3 14. Ng3`, or `13. Nf3 Ng3 14. Nc6` with the later moves shifted "
    "into the other column). The moves after it are replayed with each legal move put in the "
    "gap; when exactly one lets them be played, it is named and the rest of the game is checked "
    "with it (its numbering understood: no move-number finding follows); when several do, the "
    "rest is checked under the first and a verdict that rests on it is at most a warning. " + LOOKAHEAD,
    f"{FIDE} 8.1",
)
MOVE_TWICE = register(
    "CHESS114",
    E,
    "a half-move written twice",
    "The move is the one before it written again (`13. Nf3 Nf3 Nc6`): the rest of the game is "
    "checked without it. " + LOOKAHEAD,
    f"{FIDE} 8.1",
)
MOVES_SWAPPED = register(
    "CHESS115",
    E,
    "two moves of one side swapped",
    "The move and the same side's next move are written in each other's place (`13. Ng3 Bd7 "
    "14. Nf3` for `13. Nf3 Bd7 14. Ng3`): the rest of the game is checked with them exchanged. " + LOOKAHEAD,
    f"{FIDE} 8.1",
)
#: how the date of a game decides the automatic draws (CHESS201-203)
BY_DATE = (
    "Fivefold repetition and 75 moves end the game only under the FIDE Laws of 1 July 2014 and "
    "later (9.6; until the 2018 text, only a position repeated for five consecutive alternate "
    "moves by each player): before, a draw had to be claimed and the game could go on. kifu "
    "judges a game by the Laws in force when its competition started (`EventDate`, else `Date`, "
    "`1937.??.??` read as the whole year); when the dates do not prove that those Laws applied "
    "(no date, `2014.??.??`), the finding is a warning that says which Laws it assumes. "
    "`--rules fide-2009`, `fide-2014` or `fide-2018` states the edition. "
)
MOVE_AFTER_END = register(
    "CHESS201",
    E,
    "moves after the game had ended",
    "Checkmate, stalemate, a dead position, fivefold repetition and the 75-move rule end the "
    "game at once; the moves recorded after that cannot count. "
    + BY_DATE
    + "When the end is reached only through a move kifu assumed in place of one it could not "
    'play (CHESS101-103), the finding is a warning that ends "if the intended move was ..." '
    "and carries the assumption (JSON: `assumed`, `assumption`).",
    f"{FIDE} 5, 9.6",
)
RESULT_CONTRADICTS = register(
    "CHESS202",
    E,
    "result contradicts the final position",
    "The declared result is impossible: the other side was mated, or the game ended in a "
    "draw by rule (stalemate, dead position, fivefold repetition, 75 moves). The automatic "
    "draws count by the Laws in force at the game's dates: see CHESS201. "
    "When the end is reached only through a move kifu assumed in place of one it could not "
    'play (CHESS101-103), the finding is a warning that ends "if the intended move was ..." '
    "and carries the assumption (JSON: `assumed`, `assumption`).",
    f"{FIDE} 5, 9.6",
    board="final",
)
UNFINISHED_BUT_ENDED = register(
    "CHESS203",
    W,
    "result `*` but the game is over",
    "The record says the game is unfinished, yet the rules ended it (mate, stalemate, "
    "dead position, automatic draw). The result should be recorded. An automatic draw the "
    "game's dates do not prove in force names the Laws it assumes (see CHESS201). Through an assumed move, "
    'the finding names it ("if the intended move was ...").',
    f"{FIDE} 5, 9.6",
    board="final",
)
DRAW_CLAIMABLE = register(
    "CHESS204",
    INFO,
    "draw supported by a claim",
    "The drawn result is supported by a valid claim at the end of the record: threefold "
    "repetition (9.2) or the fifty-move rule (9.3), possibly by writing the intended move.",
    f"{FIDE} 9.2, 9.3",
    board="final",
)
DRAW_BY_AGREEMENT = register(
    "CHESS205",
    INFO,
    "draw not supported by a rule",
    "No rule ends the game in a draw at the end of the record and no claim is valid there: "
    "the draw was agreed (or claimed on grounds the record does not show). Not an error.",
    f"{FIDE} 9.1",
)
UNSUPPORTED_VARIANT = register(
    "CHESS301",
    E,
    "unsupported chess variant",
    "The Variant tag names a variant kifu does not check (only standard chess and Chess960 "
    "are supported); the moves are not replayed, so no verdict is given.",
    f"{STD} 9.8",
)
