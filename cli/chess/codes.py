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
    why="Text a reader cannot place is often a lost move or a broken comment; strict readers stop there and "
    "drop the game.",
    example="1. e4 e5 2. Nf3 @@ Nc6 *",
    fix_hint="Delete the stray text, or put it in a comment `{...}` if it is an annotation.",
)
UNCLOSED_COMMENT = register(
    "PGN002",
    E,
    "comment `{` never closed",
    "A brace comment runs to the end of the game without its closing `}`. kifu stops the "
    "comment at the end of the game (before the next tag section), so the games after it "
    "are not swallowed, as they are by readers that scan to the next `}`.",
    f"{STD} 5",
    why="Readers that scan to the next `}` swallow the rest of the file into the comment: every later game "
    "is lost to them.",
    example="1. e4 {the best by test 1... e5 *",
    fix_hint="Close the comment with `}` where it was meant to end.",
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
    why="The tag's value is lost to every reader; a lost FEN, SetUp or Variant replays the moves from the "
    "wrong position.",
    example='[White "Carlsen, Magnus]\n\n1. e4 *',
    fix_hint='Write the tag on one line as `[Name "value"]`, with the closing quote and `]`.',
)
UNESCAPED_QUOTE = register(
    "PGN004",
    W,
    "unescaped quote in a tag value",
    'A `"` inside a tag value must be written `\\"`. kifu read the value up to the last '
    "quote before `]`; other readers may cut it at the first inner quote.",
    f"{STD} 7",
    format=True,
    why="Readers cut the value at the first inner quote (`Open `), and some drop the tag or the game.",
    example='[Event "Open "A" Group"]\n\n1. e4 *',
    fix_hint='Escape each inner quote with a backslash: `[Event "Open \\"A\\" Group"]`.',
    fix="safe",
    fix_does='writes each inner quote of the value as `\\"`.',
)
TAG_AFTER_MOVETEXT = register(
    "PGN005",
    E,
    "tag pair inside the movetext",
    "A tag pair appears after moves on the same game. Tag pairs belong before the movetext; "
    "if a new game starts here, the previous one lacks its termination marker and a blank "
    "line.",
    f"{STD} 8.1",
    why="Readers drop the tag or split the game at it; two games run together are stored as one in a "
    "database.",
    example='1. e4 e5 2. Nf3\n[White "Kasparov"]\n2... Nc6 *',
    fix_hint="Move the tag above the movetext. If a new game starts there, end the game before it with its "
    "result and a blank line.",
)
MISSING_TERMINATION = register(
    "PGN006",
    W,
    "missing termination marker",
    "The movetext of every game ends with `1-0`, `0-1`, `1/2-1/2` or `*`. This game has "
    "none: the file may be truncated, or the next game follows without it.",
    f"{STD} 8.2.6",
    format=True,
    why="Without it a complete game cannot be told from a truncated one, and some readers merge the next "
    "game into this one.",
    example='[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#',
    fix_hint="End the movetext with the result: `1-0`, `0-1`, `1/2-1/2`, or `*` if unknown.",
    fix="safe",
    fix_does="ends the movetext with the Result tag's value, when the tag gives one.",
)
RESULT_MISMATCH = register(
    "PGN007",
    E,
    "Result tag differs from the termination marker",
    "The `Result` tag and the marker at the end of the movetext must be equal.",
    f"{STD} 8.2.6",
    why="The record states two results: crosstables and ratings read the tag, most viewers show the marker.",
    example='[Result "1-0"]\n\n1. e4 e5 0-1',
    fix_hint="Take the result from the score sheet or the crosstable and write it in both places.",
)
DUPLICATE_TAG = register(
    "PGN008",
    W,
    "tag given twice",
    "A tag name may appear at most once per game; kifu keeps the first value.",
    f"{STD} 8.1",
    format=True,
    why="Readers keep the first value or the last, so the same file says different things in different "
    "programs.",
    example='[White "Anand"]\n[White "Anand, Viswanathan"]\n\n1. e4 *',
    fix_hint="Keep one tag of the name, with the right value.",
    fix="safe",
    fix_does="deletes the second tag when it repeats the first one's value (two values are left to you).",
)
MISSING_ROSTER = register(
    "PGN009",
    W,
    "Seven Tag Roster incomplete",
    "Archival PGN games carry Event, Site, Date, Round, White, Black and Result.",
    f"{STD} 8.1.1",
    format=True,
    why="Databases, rating reports and archives place a game by these seven tags; a game without Date or "
    "Round cannot be placed in its event.",
    example='[Event "Open"]\n[White "Anand"]\n\n1. e4 *',
    fix_hint='Add the missing tags, with `?` where the value is unknown (`[Round "?"]`, `[Date '
    '"1997.??.??"]`).',
)
STRAY_PARENTHESIS = register(
    "PGN010",
    W,
    "`)` without `(`",
    "A variation is closed that was never opened; the parenthesis is ignored.",
    f"{STD} 8.2.5",
    format=True,
    why="Strict readers reject the game. The `(` of a variation is often lost, so its moves stand in the "
    "main line.",
    example="1. e4 e5) 2. Nf3 *",
    fix_hint="Delete the `)`, or add the `(` where the variation starts.",
)
UNCLOSED_VARIATION = register(
    "PGN011",
    E,
    "variation `(` never closed",
    "A variation runs to the end of the game without `)`. Its moves are checked as a "
    "variation; the main line may be missing its end.",
    f"{STD} 8.2.5",
    why="The rest of the main line is read as part of the variation: readers disagree on where the game "
    "ends.",
    example="1. e4 e5 (1... c5 2. Nf3 *",
    fix_hint="Close the variation with `)` where it ends.",
)
MOVE_NUMBER = register(
    "PGN012",
    W,
    "wrong move number",
    "Move number indications may be left out, but when given they must be right.",
    f"{STD} 8.2.2",
    format=True,
    why="A wrong number often hides a lost or doubled move, and readers that trust the numbers attribute "
    "moves to the wrong side.",
    example="1. e4 e5 3. Nf3 Nc6 *",
    fix_hint="Correct the number; if a move is missing, restore it from the score sheet.",
    fix="safe",
    fix_does="writes the number due, at this move and at the later wrong numbers of its line.",
)
BAD_DATE = register(
    "PGN013",
    W,
    "date not in YYYY.MM.DD form",
    "Date tags are `YYYY.MM.DD` with `?` for unknown digits (`1997.??.??`).",
    f"{STD} 8.1.1.3",
    format=True,
    why="Databases sort and search by date, and kifu chooses the FIDE Laws that applied by it (CHESS201).",
    example='[Date "12/03/1997"]\n\n1. e4 *',
    fix_hint='Write `YYYY.MM.DD`, with `?` for unknown digits: `[Date "1997.03.12"]`, `[Date "1997.??.??"]`.',
    fix="safe",
    fix_does="writes the date as `YYYY.MM.DD` when it reads one way only (`1997-03-12`, `1997`, "
    "`25/12/1997`; not `03/04/1997`).",
)
AFTER_TERMINATION = register(
    "PGN014",
    E,
    "text after the termination marker",
    "The termination marker ends the movetext; moves or a second marker follow it.",
    f"{STD} 8.2.6",
    why="Readers stop at the marker: the moves after it are lost, or start a game without tags.",
    example="1. e4 e5 1-0 2. Nf3 Nc6 1-0",
    fix_hint="Keep one marker, after the last move; delete moves that were not played.",
)
BAD_NAG = register(
    "PGN015",
    W,
    "NAG out of range",
    "Numeric annotation glyphs run from $0 to $255.",
    f"{STD} 8.2.4",
    format=True,
    why="Readers reject the glyph or the game.",
    example="1. e4 $300 e5 *",
    fix_hint="Use a glyph from `$0` to `$255` (`$1` for !, `$2` for ?), or write the note in a comment.",
)
NESTED_COMMENT = register(
    "PGN016",
    W,
    "`{` inside a comment",
    "Brace comments do not nest: the first `}` closes the comment, and the text after it is "
    "read as movetext.",
    f"{STD} 5",
    format=True,
    why="The first `}` ends the comment in every reader; the text after it is read as moves.",
    example="1. e4 {a {nested} comment} e5 *",
    fix_hint="Remove the inner braces, or write other brackets inside the comment.",
)
STRAY_BRACE = register(
    "PGN017",
    W,
    "`}` without `{`",
    "A comment is closed that was never opened (often the rest of a nested comment).",
    f"{STD} 5",
    format=True,
    why="Strict readers reject the game; the stray `}` often ends a nested comment whose text was read as "
    "moves.",
    example="1. e4 } e5 *",
    fix_hint="Delete the `}`, or add the `{` where the comment starts.",
)
BAD_RESULT_TAG = register(
    "PGN018",
    W,
    "Result tag value not allowed",
    "The Result tag is `1-0`, `0-1`, `1/2-1/2` or `*`.",
    f"{STD} 8.1.1.7",
    format=True,
    why="Rating and crosstable programs read no result from it.",
    example='[Result "1:0"]\n\n1. e4 e5 1-0',
    fix_hint='Write one of `1-0`, `0-1`, `1/2-1/2` or `*`: `[Result "1-0"]`.',
    fix="safe",
    fix_does="writes the value in the Standard's form when it reads one way only (`1:0` → `1-0`, "
    "`½-½` → `1/2-1/2`).",
)
SETUP_FEN = register(
    "PGN019",
    W,
    "SetUp and FEN tags disagree",
    'A game from a set-up position has `[SetUp "1"]` and a `FEN` tag; one was given without the other.',
    f"{STD} 9.7",
    format=True,
    why='The Standard reads FEN only with `[SetUp "1"]`: a reader that holds to it replays the '
    "moves from the initial position.",
    example='[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *',
    fix_hint='Give both: `[SetUp "1"]` with the `FEN` tag; or neither, if the game starts from the initial '
    "position.",
)
BAD_FEN = register(
    "PGN020",
    E,
    "FEN tag is not a legal position",
    "The FEN tag cannot be read, or describes an impossible position (missing king, pawns on "
    "the first rank, the side not to move in check…). The game's moves are not replayed.",
    f"{STD} 16.1",
    why="The moves cannot be replayed by kifu or any other program: the game is not checked at all.",
    example='[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/K7 w - - 0 1"]\n\n1. Kb2 *',
    fix_hint="Correct the FEN from the source diagram: one king each, no pawn on the first or last rank, "
    "the side not to move not in check.",
)
VARIATION_AT_START = register(
    "PGN021",
    W,
    "variation before any move",
    "A variation replaces the move just before it; here there is none.",
    f"{STD} 8.2.5",
    format=True,
    why="A variation is an alternative to the move before it; with none, readers drop it or reject the game.",
    example="(1. d4) 1. e4 e5 *",
    fix_hint="Put the variation after the move it replaces, or turn it into a comment.",
)
MISSING_BLANK_LINE = register(
    "PGN022",
    W,
    "no blank line between games",
    "A new tag section starts right after the previous game's movetext. kifu splits the "
    "games there; some readers merge them.",
    f"{STD} 8",
    format=True,
    why="Some readers merge the two games into one.",
    example='1. e4 e5 1-0\n[Event "Round 2"]\n\n1. d4 d5 *',
    fix_hint="Put a blank line between a game's movetext and the next game's tags.",
    fix="safe",
    fix_does="puts a blank line before the game's tags.",
)
UNKNOWN_RESULT_SYNTAX = register(
    "PGN023",
    W,
    "non-standard result marker",
    "The result is written in a non-standard way (e.g. `½-½`, `1/2`); kifu read it, but "
    "other programs may not.",
    f"{STD} 8.2.6",
    format=True,
    why="Other programs may read no result, or reject the game.",
    example="1. e4 e5 ½-½",
    fix_hint="Write the result as `1-0`, `0-1`, `1/2-1/2` or `*`.",
    fix="safe",
    fix_does="writes the marker as `1/2-1/2`.",
)

DEEP_VARIATIONS = register(
    "PGN024",
    E,
    "variations nested absurdly deep",
    "Variations may nest, but no real record nests them more than a few dozen levels. kifu "
    "checks every level anyway; a nesting this deep usually means a generated or broken file.",
    f"{STD} 8.2.5",
    why="No annotator nests that deep: the file is generated or damaged, and other readers may overflow "
    "their stack on it.",
    example="1. e4 (1. d4 (1. c4 (1. Nf3 (1. g3 … and so on, 101 levels deep",
    fix_hint="Regenerate the file, or flatten the variations into sibling variations.",
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
    why="The line holds moves after the game had to end: the file is damaged or generated.",
    example="1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 … on past move 8,849",
    fix_hint="Cut the line where the game ended, or restore the file from its source.",
)

UNKNOWN_MARKER = register(
    "PGN025",
    W,
    "termination marker `*` under a known result",
    "The Result tag gives a result but the movetext ends with `*` (unknown). The Standard "
    "wants them equal; kifu, like pgn-extract, takes the tag's result and warns.",
    f"{STD} 8.2.6",
    format=True,
    why="Readers that take the marker see an unfinished game; the two places disagree.",
    example='[Result "1-0"]\n\n1. e4 e5 *',
    fix_hint='Write the result as the marker too (`1-0`), or set the tag to `"*"` if the game is unfinished.',
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
    why="No other program finds the value under that name: the game lacks its date (or FEN) for them.",
    example='[Data "1997.03.12"]\n\n1. e4 *',
    fix_hint='Rename the tag to the name meant: `[Date "1997.03.12"]`.',
    fix="unsafe",
    fix_does="renames the tag to the name meant (`[Data …]` → `[Date …]`).",
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
#: what the fix of CHESS101-103 does
MOVE_FIX = (
    "writes the move the later moves decided, in SAN (only when they decide one: never a tie), with a "
    "comment `{kifu: 8. Nd3 corrected to Bd3: …}` after it unless `--no-fix-comments`."
)
ILLEGAL_MOVE = register(
    "CHESS101",
    E,
    "illegal move",
    "The move cannot be played in the position reached: no such piece can go there, the "
    "move leaves the king in check, or castling is not allowed. " + LOOKAHEAD,
    f"{FIDE} 3",
    means="The move cannot be played in the position reached: no piece of that kind can go there, the move "
    "leaves its own king in check, or castling is not allowed.",
    why="From this move on the game cannot be replayed by any program. To an arbiter it is a slip of the "
    "pen or an illegal move that had to be corrected (FIDE 7.5).",
    example="1. e4 e5 2. Nf3 Nc6 3. Nb5 a6 4. Ba4 *",
    fix_hint="Write the move that was played, from the score sheet; the message names the reading the later "
    "moves confirm (`did you mean Bb5?`).",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
AMBIGUOUS_MOVE = register(
    "CHESS102",
    E,
    "ambiguous move",
    "Two or more pieces of the kind written can make the move; SAN must name the file or "
    "rank of the one that moves (`Nbd7`). " + LOOKAHEAD,
    f"{STD} 8.2.3.4",
    means="Two or more pieces of the kind written can make the move, and the move does not say which one "
    "moves.",
    why="The record no longer says which piece moved: two different games fit it.",
    example="1. Nf3 Nf6 2. d3 d6 3. Nd2 *",
    fix_hint="Add the origin file or rank of the piece that moved (`Nbd2` or `Nfd2`), as the score sheet or "
    "the later moves show.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
NOT_A_MOVE = register(
    "CHESS103",
    E,
    "unreadable move",
    "The text is not Standard Algebraic Notation (nor long algebraic, nor UCI). Common causes: "
    "a lower-case piece letter (`nf3`), a truncated move (`Kx`). " + LOOKAHEAD,
    f"{STD} 8.2.3",
    means="The move text is not algebraic notation kifu can read (SAN, long algebraic or UCI).",
    why="Other programs reject the game at this move, and every move after it is lost to them.",
    example="1. e4 e5 2. Nf3 Nc6 3. Bx *",
    fix_hint="Write the move in SAN: an upper-case piece letter (K, Q, R, B, N; none for a pawn), `x` for a "
    "capture, the target square (`Bxc6`).",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
CHECK_SUFFIX = register(
    "CHESS104",
    W,
    "wrong or missing `+`/`#`",
    "A move that checks is written with `+`, a move that mates with `#`, and other moves without either.",
    f"{STD} 8.2.3.8",
    format=True,
    why="A missing `#` hides a mate; a wrong `+` misleads the reader, and the marks are evidence kifu and "
    "arbiters use to resolve slips.",
    example="1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0",
    fix_hint="Write `+` after a check, `#` after mate, and neither otherwise: `4. Qxf7#`.",
    fix="safe",
    fix_does="writes `+` after a check, `#` after mate, and removes a mark the move does not earn.",
)
ZERO_CASTLING = register(
    "CHESS105",
    W,
    "castling written with zeros",
    "PGN writes castling with the letter O (`O-O`, `O-O-O`); `0-0` is read but is not standard.",
    f"{STD} 8.2.3.3",
    format=True,
    why="`0-0` is read by most programs, but not by all, and looks like a result.",
    example="1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *",
    fix_hint="Write castling with the capital letter O: `O-O`, `O-O-O`.",
    fix="safe",
    fix_does="writes `O-O` for `0-0` (`O-O-O` for `0-0-0`).",
)
LONG_ALGEBRAIC = register(
    "CHESS106",
    W,
    "long algebraic or UCI move",
    "PGN movetext uses SAN (`Nf3`); long algebraic (`Ng1-f3`) and UCI (`g1f3`) are read "
    "and the SAN is suggested.",
    f"{STD} 8.2.3",
    format=True,
    why="PGN readers expect SAN; many reject long algebraic or UCI moves in movetext.",
    example="1. e2-e4 e7-e5 2. g1f3 *",
    fix_hint="Write each move in SAN: `1. e4 e5 2. Nf3` (the message suggests it).",
    fix="safe",
    fix_does="writes every such move of the game in SAN (`Ng1-f3` → `Nf3`).",
)
NULL_MOVE = register(
    "CHESS107",
    E,
    "null move",
    "`--` or `Z0` passes the turn, which is not a legal chess move. In a variation it is an "
    "analysis device (warning); in the main line the record is not a game (error). Replay "
    "goes on after it.",
    f"{FIDE} 1.2",
    why="A pass is not a chess move: a main line with one is analysis, not a game, and must not feed "
    "ratings or opening statistics.",
    example="1. e4 -- 2. d4 *",
    fix_hint="In analysis, move the null move into a variation. In a game, write the move that was played, "
    "from the score sheet.",
)
LOCALISED_LETTERS = register(
    "CHESS108",
    INFO,
    "moves written with non-English piece letters",
    "The moves only make sense with the piece letters of one language (e.g. German S for "
    "knight, L for bishop). kifu read them so; PGN for interchange uses English letters. "
    "Give --lang to say the language explicitly.",
    f"{STD} 8.2.3.2",
    why="Other programs read `S` or `L` as no piece at all, or as another one, and reject the game.",
    example="1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *",
    fix_hint="Write the English piece letters K, Q, R, B, N (`Nf3`, `Bb5`). To read such files without the "
    "finding, give `--lang`.",
    fix="safe",
    fix_does="writes the English piece letters (`Sf3` → `Nf3`) in every move read with the others.",
)
EN_PASSANT_SUFFIX = register(
    "CHESS109",
    W,
    "`e.p.` after an en-passant capture",
    "SAN writes an en-passant capture like any pawn capture (`exd6`); the `e.p.` suffix is ignored.",
    f"{STD} 8.2.3.5",
    format=True,
    why="`e.p.` is no SAN: strict readers reject the move.",
    example="1. e4 d5 2. e5 f5 3. exf6 e.p. *",
    fix_hint="Delete the suffix: `3. exf6`.",
    fix="safe",
    fix_does="deletes the ` e.p.`.",
)
PROMOTION_SYNTAX = register(
    "CHESS110",
    W,
    "promotion without `=`",
    "SAN writes promotion with an equals sign (`a8=Q`); `a8Q` is read.",
    f"{STD} 8.2.3.6",
    format=True,
    why="Strict readers reject the move or misread the promoted piece.",
    example='[SetUp "1"]\n[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]\n\n1. a8Q *',
    fix_hint="Write the promotion with `=`: `a8=Q`.",
    fix="safe",
    fix_does="writes `a8=Q` for `a8Q`.",
)
CAPTURE_MARK = register(
    "CHESS116",
    W,
    "pawn capture without `x`",
    "SAN writes a pawn's capture with the pawn's file and `x` (`exd5`); `ed5`, which can name no "
    "other move, is read as it.",
    f"{STD} 8.2.3.3",
    format=True,
    why="Strict SAN readers reject the move; python-chess and kifu read it.",
    example="1. e4 d5 2. ed5 Qxd5 *",
    fix_hint="Write the capture mark: `2. exd5`.",
    fix="safe",
    fix_does="writes `exd5` for `ed5`.",
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
    why="PGN for interchange uses letters; most readers reject figurines.",
    example="1. e4 e5 2. ♘f3 ♘c6 *",
    fix_hint="Write the SAN piece letters: `2. Nf3 Nc6` (convert to FAN only for display).",
    fix="safe",
    fix_does="writes the SAN letters for the figurines of every move of the game (`♘f3` → `Nf3`).",
)
OVERSPECIFIED = register(
    "CHESS111",
    INFO,
    "unneeded disambiguation",
    "SAN names the origin file or rank only when two pieces could make the move.",
    f"{STD} 8.2.3.4",
    why="SAN is canonical: two records of one game then differ, and a search by move text misses one.",
    example="1. e4 e5 2. Ngf3 *",
    fix_hint="Drop the origin: `2. Nf3`.",
    fix="safe",
    fix_does="deletes the disambiguator (`Ngf3` → `Nf3`).",
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
    means="A move is written for the wrong side: the other side's move before it is missing from the record.",
    why="Every later move is attributed to the wrong side; the game cannot be replayed past the gap.",
    example="1. e4 e5 2. Nf3 3. Bb5 a6 4. Ba4 Nf6 *",
    fix_hint="Insert the missing move from the score sheet (the message names it when only one move fits), "
    "and renumber the moves after it.",
    fix="unsafe",
    fix_does="inserts the missing move, when only one lets the rest of the game be played, with a "
    "comment `{kifu: … inserted}` unless `--no-fix-comments`.",
)
MOVE_TWICE = register(
    "CHESS114",
    E,
    "a half-move written twice",
    "The move is the one before it written again (`13. Nf3 Nf3 Nc6`): the rest of the game is "
    "checked without it. " + LOOKAHEAD,
    f"{FIDE} 8.1",
    means="A move is the move before it written again.",
    why="The doubled move shifts every later move to the other side: the game cannot be replayed past it. "
    "Where the other side could play the doubled move, and each side the other's moves for a while, "
    "the finding is on the doubled move, found up to ten half-moves before the move that cannot be played.",
    example="1. e4 e5 2. Nf3 Nf3 Nc6 3. Bb5 a6 *",
    fix_hint="Delete the repeated move and renumber the moves after it.",
    fix="unsafe",
    fix_does="deletes the second copy, leaving a comment `{kifu: … written twice}` unless "
    "`--no-fix-comments` (found at the move that cannot be played: one found moves before it is said, "
    "not fixed).",
)
MOVES_SWAPPED = register(
    "CHESS115",
    E,
    "two moves of one side swapped",
    "The move and the same side's next move are written in each other's place (`13. Ng3 Bd7 "
    "14. Nf3` for `13. Nf3 Bd7 14. Ng3`): the rest of the game is checked with them exchanged. " + LOOKAHEAD,
    f"{FIDE} 8.1",
    means="A move and the same side's next move are written in each other's place.",
    why="The first of the two, or the reply between them, cannot be played where it stands: the game cannot "
    "be replayed past it, though no move is missing. Where both orders play for a while, a later move "
    "cannot: the two are looked for up to ten half-moves before it. Where another pair exchanged (often "
    "the other side's two moves around it), or another reading, fits the later moves as well, the finding "
    "names each and assumes none.",
    example="1. e4 e5 2. Ng5 Nc6 3. Nf3 Nf6 *",
    fix_hint="Exchange the two moves: `2. Nf3 Nc6 3. Ng5`.",
    fix="unsafe",
    fix_does="exchanges the two moves back, when the later moves decide it, with a comment "
    "`{kifu: … exchanged}` unless `--no-fix-comments`.",
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
    "and carries the assumption (JSON: `assumed`, `assumption`)."
    " When a move written twice, two moves exchanged or a move left out made the mate or "
    "stalemate on the sheet, and every move after it plays once the order is mended: with two to "
    "four moves after it, CHESS201 asks that slip beside the end (players miss a mate and play on); "
    "with more, the slip is reported instead (CHESS113-115) and the game checked on under it. One "
    "reply after a mate, written out of habit, says nothing.",
    f"{FIDE} 5, 9.6",
    means="Moves follow a position that had already ended the game: checkmate, stalemate, a dead position, "
    "or (FIDE Laws of 2014 and later) fivefold repetition or the 75-move rule.",
    why="Those moves were never part of the game, or the ending move is a slip: either way the record is "
    "not what was played.",
    example="1. f3 e5 2. g4 Qh4# 3. a3 0-1",
    fix_hint="Delete the moves after the end. If the game went on, the move that ended it is a slip: "
    "correct it from the score sheet.",
)
#: what the fix of CHESS202-203 does
RESULT_FIX = (
    "writes the result the final position proves in the Result tag and as the marker (not when the "
    "verdict rests on an assumed move, or on Laws the game's dates do not prove in force)."
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
    why="Crosstables and ratings take the declared result; the board proves it wrong.",
    example='[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0',
    fix_hint="Write the result the final position decides (`0-1` here) in the Result tag and as the marker; "
    "if the moves are wrong instead, correct them.",
    fix="unsafe",
    fix_does=RESULT_FIX,
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
    why="A finished game recorded as unfinished is left out of crosstables and ratings.",
    example="1. f3 e5 2. g4 Qh4# *",
    fix_hint="Write the result the rules give (`0-1` here) in the Result tag and as the marker.",
    fix="unsafe",
    fix_does=RESULT_FIX,
)
DRAW_CLAIMABLE = register(
    "CHESS204",
    INFO,
    "draw supported by a claim",
    "The drawn result is supported by a valid claim at the end of the record: threefold "
    "repetition (9.2) or the fifty-move rule (9.3), possibly by writing the intended move.",
    f"{FIDE} 9.2, 9.3",
    board="final",
    why="Nothing is wrong: the record shows the grounds of the draw, which an arbiter can confirm from it.",
    example="1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2",
    fix_hint="Nothing to fix. Hide it with `--ignore CHESS204`.",
)
DRAW_BY_AGREEMENT = register(
    "CHESS205",
    INFO,
    "draw not supported by a rule",
    "No rule ends the game in a draw at the end of the record and no claim is valid there: "
    "the draw was agreed (or claimed on grounds the record does not show). Not an error.",
    f"{FIDE} 9.1",
    why="An agreed draw is lawful (FIDE 9.1), but an event may forbid draw offers before a move count; an "
    "arbiter may want to see which draws were agreed.",
    example="1. e4 e5 2. Nf3 Nc6 1/2-1/2",
    fix_hint="Nothing, if the draw was agreed. If the result is wrong, correct it from the score sheet; "
    "hide the finding with `--ignore CHESS205`.",
)
UNSUPPORTED_VARIANT = register(
    "CHESS301",
    E,
    "unsupported chess variant",
    "The Variant tag names a variant kifu does not check (only standard chess and Chess960 "
    "are supported); the moves are not replayed, so no verdict is given.",
    f"{STD} 9.8",
    why="The game is not checked: a clean report says nothing about its moves.",
    example='[Variant "Crazyhouse"]\n\n1. e4 e5 *',
    fix_hint="If the game is standard chess, delete the Variant tag. Otherwise check it with a program that "
    "knows the variant.",
)
