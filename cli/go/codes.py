"""Finding codes for SGF syntax and properties (``SGF``) and Go rules and scoring (``GO``).

Numbers are stable. Where SGFC (Arno Hollosi's SGF syntax checker) reports the same
problem, the documentation names its message number, so that an arbiter who knows SGFC's
report can match the two.
"""

from __future__ import annotations

from kifu.core.findings import Severity, register

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
FF4 = "SGF FF[4]"
GO = "SGF FF[4] Go (GM[1])"

# --- SGF syntax ---------------------------------------------------------------------------
ILLEGAL_CHARS = register(
    "SGF001",
    E,
    "characters that are not SGF",
    "Outside property values SGF allows only `(`, `)`, `;`, property identifiers (upper-case "
    "letters), values in `[...]` and white space. The characters here are none of these; they "
    "are skipped and the rest of the game is read. (SGFC error 8.)",
    f"{FF4} EBNF",
    why="Stray characters are often the remains of a damaged value or node; strict readers reject the file.",
    example="(;GM[1]FF[4]SZ[9];B[cc] ## ;W[gg])",
    fix_hint="Delete the stray characters, or restore what they replaced (often a `;` or a value's `[`).",
)
MISSING_PAREN = register(
    "SGF002",
    E,
    "game tree not closed",
    "The text ends (or the next game starts) before every `(` has its `)`: the file is probably "
    "truncated. The moves read so far are checked. (SGFC errors 9 and 10.)",
    f"{FF4} EBNF",
    why="The file is probably cut short: the moves after the cut are lost, and strict readers reject the "
    "whole game.",
    example="(;GM[1]FF[4]SZ[9];B[cc];W[gg]",
    fix_hint="Get the whole file again. If it is complete, add the missing `)`.",
)
UNCLOSED_VALUE = register(
    "SGF003",
    E,
    "value not closed",
    "A property value opened with `[` runs to the end of the file without its `]`. A `]` inside "
    "a value must be written `\\]`. (SGFC error 10.)",
    f"{FF4} EBNF",
    why="Everything after the `[` is read as one value: the moves and games after it are lost.",
    example="(;GM[1]FF[4]SZ[9];B[cc];W[gg]C[a good move",
    fix_hint="Close the value with `]` where it ends; write a `]` inside a value as `\\]`.",
)
EMPTY_VARIATION = register(
    "SGF004",
    W,
    "empty variation",
    "`()` holds no node. It is ignored. (SGFC error 12.)",
    f"{FF4} EBNF",
    format=True,
    why="Some readers reject the file; the variation meant here may have been lost.",
    example="(;GM[1]FF[4]SZ[9];B[cc]()(;W[gg]))",
    fix_hint="Delete the `()`, or restore the variation it held.",
    fix="safe",
    fix_does="deletes the empty `()`.",
)
VALUES_WITHOUT_ID = register(
    "SGF005",
    E,
    "values without a property identifier",
    "Values in `[...]` follow a `;` directly, with no property identifier before them. They are "
    "ignored. (SGFC error 54.)",
    f"{FF4} EBNF",
    why="Values without a name mean nothing: a move or a setup stone whose `B` or `AB` was lost.",
    example="(;GM[1]FF[4]SZ[9];[cc];W[gg])",
    fix_hint="Write the property the values belong to (`;B[cc]`), or delete them.",
)
PROPERTY_WITHOUT_VALUE = register(
    "SGF006",
    E,
    "property without a value",
    "A property identifier is not followed by any `[value]`. It is ignored; a pass is written "
    "`B[]`, with an empty value. (SGFC error 20.)",
    f"{FF4} EBNF",
    why="A property without a value is lost; a move written `B` without `[]` is not even a pass.",
    example="(;GM[1]FF[4]SZ[9];B;W[gg])",
    fix_hint="Give the value: `B[cc]` for a move, `B[]` for a pass; or delete the property.",
)
MISSING_SEMICOLON = register(
    "SGF007",
    W,
    "`;` missing at the start of a node",
    "A game tree `(` must be followed by a node `;`. kifu read the properties as a node. "
    "(SGFC errors 36 and 67.)",
    f"{FF4} EBNF",
    format=True,
    why="Strict readers reject the file.",
    example="(GM[1]FF[4]SZ[9];B[cc])",
    fix_hint="Write `;` after the `(`: `(;GM[1]…`.",
    fix="safe",
    fix_does="writes the `;` after the `(`.",
)
NODE_OUTSIDE_VARIATION = register(
    "SGF008",
    E,
    "node after a variation",
    "After the variations of a game tree `(...)(...)` only `)` may follow; here a node follows. "
    "kifu read it as the start of a new variation (a `(` is missing). (SGFC error 66.)",
    f"{FF4} EBNF",
    why="A `(` is missing: other readers drop the node or reject the file, and the moves from it on are in "
    "no variation.",
    example="(;GM[1]FF[4]SZ[9](;B[cc])(;B[gg]);W[ee])",
    fix_hint="Add the missing `(` before the node, or move the node into the variation it belongs to.",
)
BAD_VARIATION_START = register(
    "SGF009",
    W,
    "variation starts with a variation",
    "A game tree must start with a node: `((;...` opens a variation with no node before it. (SGFC error 21.)",
    f"{FF4} EBNF",
    format=True,
    why="Strict readers reject the file; some find no game in it.",
    example="(;GM[1]FF[4]SZ[9];B[cc]((;W[gg])))",
    fix_hint="Delete the extra `(` and its `)`: a variation starts `(;`.",
)
DATA_BEFORE_GAME = register(
    "SGF010",
    W,
    "SGF data before the first game tree",
    "The text before the first `(;` looks like SGF (property values), so a `(` may be missing. "
    "It is ignored: a warning; an error when it holds moves (B, W, AB, AW) or game information "
    "(PB, PW, RE, KM …), which the record as read has lost (a file that lacks its opening `(` "
    "loses its root node and its first moves so). Other text before the first game (mail "
    "headers, notes) is allowed. (SGFC warning 6.)",
    f"{FF4} EBNF",
    format=True,
    why="A missing `(` loses the root node: the players, result, komi and first moves are not part of the "
    "game.",
    example="PB[Cho Chikun]PW[Kobayashi Koichi]\n(;GM[1]FF[4]SZ[9];B[cc])",
    fix_hint="Move the properties into the game's root node, or restore the `(;` they lost.",
)
ID_TOO_LONG = register(
    "SGF011",
    E,
    "property identifier too long",
    "The identifier has more than 100 letters: it is damaged data, and the property is ignored. "
    "(SGFC error 11.)",
    f"{FF4} EBNF",
    why="No property has such a name: the data is damaged at that place.",
    example="(;GM[1]FF[4]SZ[9];BBBBBBBB…(101 letters)[cc])",
    fix_hint="Restore the property from a good copy, or delete it.",
)
LONG_ID = register(
    "SGF012",
    W,
    "property identifier longer than two letters",
    "FF[4] identifiers have one or two upper-case letters; longer ones are private extensions "
    "that other programs will not understand. (SGFC warning 31.)",
    f"{FF4} 2.2",
    format=True,
    why="Other programs ignore a private property, or reject the file.",
    example="(;GM[1]FF[4]SZ[9]MYNOTE[x];B[cc])",
    fix_hint="Use the FF[4] property meant (`C[...]` for a comment), or remove private data before you "
    "publish the file.",
)
LOWERCASE_ID = register(
    "SGF013",
    W,
    "lower-case letters in a property identifier",
    "FF[4] identifiers are upper-case only; FF[1]-FF[3] allowed lower-case letters, which were "
    "ignored (`AddBlack` meant `AB`). kifu drops them the same way. (SGFC error 16.)",
    f"{FF4} 2.2",
    format=True,
    why="FF[4] readers do not drop the lower-case letters: `AddBlack` is unknown to them and its stones are "
    "lost.",
    example="(;GM[1]FF[4]SZ[9]AddBlack[cc];W[gg])",
    fix_hint="Write the upper-case identifier: `AB[cc]`.",
    fix="safe",
    fix_does="drops the lower-case letters when what is left is an FF[4] property (`AddBlack` → `AB`).",
)
UNKNOWN_PROPERTY = register(
    "SGF014",
    W,
    "unknown property",
    "The property is not defined by FF[4] (nor by an older version for Go). It is kept, but no "
    "other program will understand it. (SGFC warning 35.)",
    f"{FF4} 2.2",
    format=True,
    why="No other program understands it: what it carries is lost to them.",
    example="(;GM[1]FF[4]SZ[9]XX[1];B[cc])",
    fix_hint="Use the FF[4] property meant, or delete it.",
)
TOO_MANY_VALUES = register(
    "SGF015",
    W,
    "property may have only one value",
    "The property takes a single value, not a list; the values after the first are ignored. A "
    "warning (CA, GN, …), an error for a move B/W: a move is lost. (SGFC error 13.)",
    f"{FF4} 3",
    format=True,
    why="The values after the first are lost; for a move B/W a move is lost.",
    example="(;GM[1]FF[4]SZ[9]GN[Round 1][Round 2];B[cc])",
    fix_hint="Keep one value; put a second move in a node of its own.",
)
BAD_VALUE = register(
    "SGF016",
    W,
    "value does not fit the property's type",
    "The value is not of the type the property needs (Number, Real, Double, Color, Point, "
    "Move …) and kifu cannot read it. The value is ignored, or read as the message says. "
    "(SGFC errors 14, 15 and 25.)",
    f"{FF4} 3",
    format=True,
    why="The value is lost, or read differently by each program.",
    example="(;GM[1]FF[4]SZ[9]HA[two];B[cc])",
    fix_hint="Write the value in the property's type: `HA[2]`, `KM[6.5]`, `B[cc]`.",
)
COMPOSE_EXPECTED = register(
    "SGF017",
    W,
    "compose value expected",
    "The property takes a composed value `a:b` (LB, AR, LN, AP, SZ for rectangles); the value "
    "has no `:`. (SGFC error 23.)",
    f"{FF4} 3",
    format=True,
    why="The markup is lost: a label without its text, an arrow without its end.",
    example="(;GM[1]FF[4]SZ[9];B[cc]LB[cc];W[gg])",
    fix_hint="Write both parts: `LB[cc:A]`, `AR[cc:gg]`.",
    fix="safe",
    fix_does="writes `AP[name]` in the compose form `AP[name:]` (the version left empty); the markup of a "
    "label or arrow without its second part is not guessed.",
)
EMPTY_VALUE = register(
    "SGF018",
    W,
    "empty value not allowed",
    "`[]` is not a value of this property (it is allowed only for B/W passes, some lists and "
    "texts). The value is ignored. (SGFC error 17.)",
    f"{FF4} 3",
    format=True,
    why="The property says nothing: its value was probably lost.",
    example="(;GM[1]FF[4]SZ[9]HA[];B[cc])",
    fix_hint="Write the value, or delete the property.",
)
EMPTY_TEXT = register(
    "SGF019",
    I,
    "empty text",
    "A text property (comment, name) is empty; it carries nothing. (SGFC warning 17.)",
    f"{FF4} 3",
    why="Nothing is wrong; the property only costs space.",
    example="(;GM[1]FF[4]SZ[9];B[cc]C[];W[gg])",
    fix_hint="Delete the empty property, or hide the finding with `--ignore SGF019`.",
)
DUPLICATE_PROPERTY = register(
    "SGF020",
    W,
    "property given twice in a node",
    "A property may appear once per node. A list given twice (AB, AW, AE, TB, TW, markup such as "
    "CR, SQ, TR, MA, SL, LB, AR, LN, DD, VW) is read as one list, its values merged in order "
    "(`AB[dd]AB[pp]` is `AB[dd][pp]`: the handicap stones are all placed); for another property "
    "the first value is kept: a warning, an error for a second move B/W in the node (a move is "
    "lost). (SGFC error 28.)",
    f"{FF4} 2.2",
    format=True,
    why="Readers keep the first value, the last, or reject the node; a second move B/W is lost.",
    example="(;GM[1]FF[4]SZ[9];B[cc]C[Nice.]C[Too slow.];W[gg])",
    fix_hint="Merge the values into one property (`C[Nice. Too slow.]`); put a second move in a node of its "
    "own.",
    fix="safe",
    fix_does="deletes the second property when it repeats the first one's value, and merges a repeated list "
    "into the first (`AB[dd]AB[pp]` → `AB[dd][pp]`); two different values are left for you.",
)
SETUP_AND_MOVE = register(
    "SGF021",
    W,
    "setup and move properties in one node",
    "A node holds either a move (B, W, KO, MN) or setup (AB, AW, AE, PL), never both. kifu "
    "applies the setup, then the move. (SGFC error 30.)",
    f"{FF4} 2.2.1",
    format=True,
    why="Readers disagree on the order: is the stone placed before or after the move?",
    example="(;GM[1]FF[4]SZ[9];B[cc];AW[ee]W[gg])",
    fix_hint="Put the setup in a node of its own before the move.",
)
ROOT_OUTSIDE_ROOT = register(
    "SGF022",
    W,
    "root property outside the root node",
    "FF, GM, SZ, CA, AP and ST belong to the first node of a game tree only; here it is ignored: "
    "a warning, an error for SZ (the board is not the one recorded). (SGFC error 32.)",
    f"{FF4} 2.2.1",
    format=True,
    why="The property is ignored where it is; a size given there is not the board the game was recorded on.",
    example="(;GM[1]FF[4]SZ[9];B[cc]CA[UTF-8];W[gg])",
    fix_hint="Move the property to the root node (the first node of the game tree).",
)
BAD_RESULT = register(
    "SGF023",
    W,
    "result not in SGF form",
    "RE is `B+n`, `W+n` (n a number), `B+R`/`B+Resign`, `B+T`/`B+Time`, `B+F`/`B+Forfeit`, "
    "`B+` (winner only), `0`/`Draw`, `Void` or `?`. Anything else (free text such as `White "
    "resigns. B 47 W 34`, `B+Illegal`) is kept as text and no result is read from it: the "
    "declared result is unknown and the count is not compared with it. (SGFC errors 15 and 33.)",
    f"{FF4} RE",
    format=True,
    why="Rating and archive software reads no result from free text.",
    example="(;GM[1]FF[4]SZ[9]RE[White resigns];B[cc])",
    fix_hint="Write RE in SGF form: `W+R`, `B+3.5`, `B+T`, `0` (a draw) or `?` (unknown); put the rest in a "
    "comment.",
    fix="unsafe",
    fix_does="writes RE in SGF form when the text reads one way only (`b+resign` → `B+R`, `Black wins by 12 "
    "points` → `B+12`, `draw` → `0`, `黒中押し勝ち` → `B+R`); `B+Illegal` and other free text are left.",
)
BAD_DATE = register(
    "SGF024",
    W,
    "date not in SGF form",
    "DT is ISO `YYYY-MM-DD` with the shortened forms of FF[4] (`YYYY-MM`, `YYYY`, "
    "`YYYY-MM-DD,DD`). (SGFC errors 15 and 33.)",
    f"{FF4} DT",
    format=True,
    why="Databases sort and search by date; other programs read no date from it.",
    example="(;GM[1]FF[4]SZ[9]DT[12/03/2009];B[cc])",
    fix_hint="Write ISO dates: `DT[2009-03-12]` (`YYYY-MM`, `YYYY`, `2009-03-12,13` for more days).",
    fix="safe",
    fix_does="writes DT as `YYYY-MM-DD` when the date reads one way only (`2023/05/17`, `17.05.2023`); a day "
    "and month that could be swapped, a time or words are left.",
)
BLACK_AND_WHITE_MOVE = register(
    "SGF025",
    W,
    "black and white move in one node",
    "A node holds at most one move. kifu plays B, then W. An error when a stone is played: the "
    "order of the two moves is not recorded; a warning when both are passes (`;B[tt]W[tt]`, "
    "`;B[]W[]`), whose order changes nothing. (SGFC error 37.)",
    f"{FF4} 2.2.1",
    format=True,
    why="The order of the two moves is not recorded: readers disagree on the game.",
    example="(;GM[1]FF[4]SZ[9];B[cc]W[gg])",
    fix_hint="Give each move a node of its own, in the order played: `;B[cc];W[gg]`.",
)
POSITION_NOT_UNIQUE = register(
    "SGF026",
    W,
    "point given twice",
    "Setup properties (AB, AW, AE) and markup (MA, TR, CR, SQ, SL, TB, TW…) must not name the same "
    "point twice in one node: an error when setup gives a point two contents (`AB[cc]AW[cc]`: which "
    "stone stands there?), a warning for markup and for a setup point given twice alike. (SGFC "
    "error 38.)",
    f"{FF4} 2.2",
    format=True,
    why="Two contents for one point: readers place different stones there.",
    example="(;GM[1]FF[4]SZ[9]AB[cc]AW[cc];W[gg])",
    fix_hint="Name each point once per node, with the stone that stands there.",
    fix="safe",
    fix_does="deletes a value whose points the same property (or list) already gives; a point given by two "
    "properties (AB and AW, TB and TW) is left: which one is meant is not known.",
)
SETUP_NO_EFFECT = register(
    "SGF027",
    W,
    "setup without effect",
    "The setup puts a stone where the same stone already is, or clears an empty point. (SGFC warning 39.)",
    f"{FF4} AB/AW/AE",
    format=True,
    why="Nothing changes on the board; the setup is often a leftover of an edit, or the record misses a "
    "capture.",
    example="(;GM[1]FF[4]SZ[9];B[cc];AB[cc];W[gg])",
    fix_hint="Delete the setup that changes nothing.",
)
OLD_PROPERTY = register(
    "SGF028",
    W,
    "property from an older SGF version",
    "The property was defined by FF[1]-FF[3] and dropped in FF[4] (L, M, SC, KI, BS, WS, ID, "
    "…). kifu reads it with its old meaning where it matters (KI = komi). (SGFC warnings 40, "
    "59.)",
    f"{FF4} appendix",
    format=True,
    why="FF[4] programs ignore it: a komi given as KI is lost to them.",
    example="(;GM[1]FF[4]SZ[9]KI[11];B[cc])",
    fix_hint="Write the FF[4] property (KM for komi: `KM[5.5]`), or delete the old one.",
    fix="safe",
    fix_does="writes the FF[4] property where there is one alone: `KI[11]` (half points) → `KM[5.5]` in the "
    "root node, when it has no KM.",
)
CONTRADICTING_ANNOTATION = register(
    "SGF029",
    W,
    "contradicting annotations",
    "A node says both GB and GW (good for Black and for White), or two move annotations "
    "(BM, TE, DO, IT) at once. (SGFC errors 41 and 42.)",
    f"{FF4} 2.2",
    format=True,
    why="The annotation contradicts itself: readers show one or the other.",
    example="(;GM[1]FF[4]SZ[9];B[cc]GB[1]GW[1];W[gg])",
    fix_hint="Keep the annotation meant, delete the other.",
)
ANNOTATION_WITHOUT_MOVE = register(
    "SGF031",
    W,
    "move annotation without a move",
    "BM, TE, DO, IT and KO annotate the move of their node; this node has no move. (SGFC error 43.)",
    f"{FF4} 2.2",
    format=True,
    why="The annotation has nothing to annotate: readers drop it.",
    example="(;GM[1]FF[4]SZ[9];C[Here]BM[1];B[cc])",
    fix_hint="Move the annotation to the node of the move it judges.",
)
GAMEINFO_TWICE = register(
    "SGF032",
    W,
    "game-info property outside the game-info node",
    "Game information (PB, PW, RE, KM, HA, RU, DT …) belongs to one node per path, the first "
    "to carry any of it. Here it appears in a later node. (SGFC error 44.)",
    f"{FF4} 2.2.1",
    format=True,
    why="Readers look for game information in one node: the value is lost to them.",
    example="(;GM[1]FF[4]SZ[9]PB[Cho Chikun];B[cc]PW[Kobayashi Koichi];W[gg])",
    fix_hint="Move the property into the node that holds the rest of the game information (usually the "
    "root).",
    fix="safe",
    fix_does="moves a descriptive property (PW, GN, DT, GC …) of the main line into the root node, when the "
    "root is the game-info node and does not have it; KM, HA, RE and RU, which change the count, are "
    "left.",
)
MIXED_FILE = register(
    "SGF033",
    W,
    "different formats or games in one file",
    "The games of this collection declare different FF versions or games (GM). Some "
    "programs read only the first kind. (SGFC warnings 45 and 53.)",
    f"{FF4} 2.1",
    format=True,
    why="Programs that read only the first kind drop or misread the other games.",
    example="(;GM[1]FF[4]SZ[9];B[cc])\n(;GM[1]FF[3]SZ[9];B[cc])",
    fix_hint="Give every game the same FF (and GM), or split the collection into files.",
)
UNKNOWN_FF = register(
    "SGF034",
    W,
    "unknown file format version",
    "FF is 1, 2, 3 or 4. kifu reads the file as FF[4]. (SGFC error 46.)",
    f"{FF4} FF",
    format=True,
    why="Readers cannot know which conventions the file follows.",
    example="(;GM[1]FF[5]SZ[9];B[cc])",
    fix_hint="Write the version the file follows: `FF[4]` for current files.",
)
SQUARE_AS_RECTANGLE = register(
    "SGF035",
    W,
    "square board written as a rectangle",
    "A square board is `SZ[19]`; `SZ[19:19]` is reserved for rectangles. (SGFC error 47.)",
    f"{FF4} SZ",
    format=True,
    why="Some readers take it for a rectangular board, or reject the file.",
    example="(;GM[1]FF[4]SZ[9:9];B[cc])",
    fix_hint="Write `SZ[9]`.",
    fix="safe",
    fix_does="writes `SZ[19]` for `SZ[19:19]`.",
)
BAD_SIZE = register(
    "SGF036",
    E,
    "board size out of range",
    "SZ is 1 to 52 on each side (coordinates a-z, A-Z). kifu uses the nearest valid size, or "
    "19 when the value cannot be read. (SGFC errors 18 and 50.)",
    f"{FF4} SZ",
    why="The board is not the one recorded: points and captures may be wrong from the first move.",
    example="(;GM[1]FF[4]SZ[60];B[cc])",
    fix_hint="Write the real board size, 1 to 52 (`SZ[19]`).",
)
OLD_FORMAT = register(
    "SGF037",
    I,
    "older SGF version",
    "The game is FF[1], FF[2] or FF[3]. kifu reads it with the older conventions: `B[tt]` is a "
    "pass, lower-case letters in identifiers are ignored, Latin-1 is the default charset, and "
    "some properties had other names (KI for komi, L for letters).",
    f"{FF4} appendix",
    why="Nothing is wrong; older conventions (`B[tt]` for a pass) may be misread by FF[4]-only programs.",
    example="(;GM[1]FF[3]SZ[9];B[cc];W[gg])",
    fix_hint="Nothing is required. To modernise the file, convert it to FF[4].",
)
NOT_IN_VERSION = register(
    "SGF038",
    W,
    "feature not defined in this SGF version",
    "The record uses something its FF version does not have: a rectangular board or an empty "
    "`[]` pass before FF[4], a `VW[]` reset before FF[4]. (SGFC errors 51, 52 and 65.)",
    f"{FF4} appendix",
    format=True,
    why="Programs that follow the declared version misread it: an empty pass `[]` is no pass before FF[4].",
    example="(;GM[1]FF[3]SZ[9];B[cc];W[])",
    fix_hint="Declare `FF[4]`, or write it the old way (`W[tt]` for a pass on boards up to 19x19).",
)
NOT_GO = register(
    "SGF039",
    E,
    "not a Go record",
    "GM is not 1 (Go), or cannot be read: moves are not replayed. (SGFC error 18, warning 19.)",
    f"{FF4} GM",
    why="The moves are not checked: a clean report says nothing about them.",
    example="(;GM[3]FF[4];B[cc])",
    fix_hint="If the record is Go, write `GM[1]`. Otherwise check it with a program for its game.",
)
OFF_BOARD = register(
    "SGF040",
    E,
    "point off the board",
    "The point is outside the board of size SZ (or is not two letters). The move or stone is "
    "ignored. `B[tt]` is a pass only on boards up to 19x19. An error for a move or setup, a "
    "warning for markup (the game is unchanged). (SGFC error 14.)",
    f"{GO} Point",
    why="The move or stone is lost: the game replayed differs from the one played.",
    example="(;GM[1]FF[4]SZ[9];B[cc];W[jj])",
    fix_hint="Correct the point from the source (coordinates are letters a-s on 19x19); write a pass as "
    "`W[]`.",
)
UNKNOWN_CHARSET = register(
    "SGF041",
    W,
    "unknown character set",
    "CA names a charset kifu does not know; the text was decoded as UTF-8 when possible, else "
    "by detection. (SGFC warning 72.)",
    f"{FF4} CA",
    format=True,
    why="Other programs may decode names and comments with the wrong table.",
    example="(;GM[1]FF[4]CA[Klingon]SZ[9];B[cc])",
    fix_hint="Write the charset the file uses (`CA[UTF-8]`, `CA[GB2312]`), or convert the file to UTF-8.",
)
CHARSET_DETECTED = register(
    "SGF042",
    I,
    "character set detected",
    "The file is not valid in its declared (or default) charset; kifu recognised the encoding "
    "the message names and decoded the text with it. Declare it with CA, or convert the file "
    "to UTF-8.",
    f"{FF4} CA",
    why="Programs that trust the declared charset show the names and comments garbled.",
    example="(;GM[1]FF[4]SZ[19]PB[張栩];B[pd])   saved as Big5, without CA",
    fix_hint="Declare the charset the message names (`CA[Big5]`), or convert the file to UTF-8 and write "
    "`CA[UTF-8]`.",
)
CHARSET_MISMATCH = register(
    "SGF043",
    W,
    "text not valid in the declared character set",
    "Some bytes are not valid in the charset CA declares; they were replaced. The file was "
    "probably re-encoded without updating CA. A file that is UTF-8 but for a few damaged bytes "
    "(declared `CA[UTF-8]` or not; Fox writes a `?` for a byte of some characters) is read as "
    "UTF-8, the damaged bytes replaced by U+FFFD and named by line and byte offset, not as another "
    "charset, which would garble every other character. (SGFC error 71.)",
    f"{FF4} CA",
    format=True,
    why="The replaced characters are lost, usually letters of player names.",
    example="(;GM[1]FF[4]CA[GB2312]SZ[19]PB[李昌镐];B[pd])   the file saved as UTF-8",
    fix_hint="Write the right CA for the file's bytes, or convert the file to the declared charset; restore "
    "damaged names from the source.",
)
BINARY_BYTES = register(
    "SGF044",
    W,
    "NUL or control bytes",
    "The text contains NUL or other control characters that never occur in SGF; they were "
    "read as spaces. The file may be damaged or binary. (SGFC warning 22.)",
    f"{FF4} EBNF",
    format=True,
    why="The file may be damaged; other readers stop at a NUL.",
    example="(;GM[1]FF[4]SZ[9];B[cc]<NUL><NUL>;W[gg])",
    fix_hint="Delete the control bytes, or restore the file from a good copy.",
)
KOMI_QUIRK = register(
    "SGF045",
    W,
    "komi stored in a non-standard scale",
    "Some servers write komi in their own units: Fox (AP[foxwq]) ×50 or ×100 (`KM[325]` = 6.5, "
    "`KM[375]` = 7.5), GoGoD Chinese files a quarter (`KM[3.75]` = 7.5). kifu used the "
    "normalised komi the message names.",
    f"{FF4} KM",
    format=True,
    why="Other programs read `KM[375]` as a komi of 375 points: every count is wrong.",
    example="(;GM[1]FF[4]AP[foxwq]SZ[19]KM[375];B[pd])",
    fix_hint="Write the komi in points: `KM[7.5]`.",
    fix="unsafe",
    fix_does="writes the komi in points, as kifu read it (`KM[375]` with `AP[foxwq]` → `KM[7.5]`).",
)
BAD_HANDICAP = register(
    "SGF046",
    W,
    "handicap inconsistent",
    "HA is the number of handicap stones, 2 or more (0 = none). The record says HA but places a "
    "different number of black stones (AB in the root, or black moves before White's first).",
    f"{GO} HA",
    format=True,
    why="Handicap and stones disagree: counts with handicap compensation come out wrong.",
    example="(;GM[1]FF[4]SZ[19]HA[2]AB[dd];W[pp])",
    fix_hint="Make HA the number of handicap stones placed, and place them all (`AB[dd][pp]`).",
)
NO_GAMES = register(
    "SGF047",
    E,
    "no SGF game tree",
    "No `(;` starts a game tree in the file: it is not SGF, or it is damaged (binary data, wrong encoding).",
    f"{FF4} EBNF",
    why="No game is read from the file.",
    example="GM[1]FF[4]SZ[9];B[cc];W[gg]",
    fix_hint="Restore the file; if only the opening `(` is missing, add `(` before the first `;`.",
)
MIXED_UP_PROPERTY = register(
    "SGF048",
    W,
    "property written for another",
    "The property holds a value that belongs to another one whose intent is clear: `KO[7.5]` "
    "(KO, the ko annotation of a move, takes no value) is the komi `KM[7.5]`. kifu reads it as "
    "that property when the record gives no other value for it (KO as KM when there is no KM), "
    "and says so: write the property meant.",
    f"{FF4} 2.2",
    format=True,
    why="Other programs read `KO` as the ko annotation: the komi is lost to them.",
    example="(;GM[1]FF[4]SZ[9]KO[7.5];B[cc])",
    fix_hint="Write the property meant: `KM[7.5]`.",
    fix="unsafe",
    fix_does="writes `KM` for `KO` (`KO[7.5]` → `KM[7.5]`) in the game-info node, when it has no KM.",
)
TEXT_OUTSIDE_TREES = register(
    "SGF049",
    W,
    "text outside the game trees",
    "Between the game trees of a file, and after the last, only white space belongs; this text "
    "(a note, a signature, a stray `)`) is not read. A warning when it holds no moves and no game "
    "information; an error when it holds moves (B, W, AB, AW) or game information (PB, PW, RE, KM "
    "…): the record as read has lost them, and a `(` is probably missing. SGF data before the "
    "first game tree is SGF010. (SGFC error 8.)",
    f"{FF4} EBNF",
    format=True,
    why="Other readers drop the text; moves or game information in it are lost to them.",
    example="(;GM[1]FF[4]SZ[9];B[cc])\nRecorded by the club secretary",
    fix_hint="Delete the text, or move it into a comment `C[...]` of the game.",
)

# --- Go rules -------------------------------------------------------------------------------
#: what GO101-103 share: how the point meant is found (docs/severity.md, "The move meant")
LOOKAHEAD = (
    "In the main line, kifu then reads on, as an arbiter reads a slip on a score sheet: each "
    "coordinate one slip away (the two letters swapped, `B[dc]` for `B[cd]`, or one letter wrong) "
    "that is legal here, and a few other legal points (a coordinate garbled beyond a slip: those "
    "the later moves leave free longest), is played in its stead and the later moves replayed "
    "after it. Only their evidence decides: a point is played in its stead only when the later "
    "moves play strictly further after it than after every other (`did you mean B[cd]? (move 18 "
    "W[di] cannot be played after B[di]); the rest of the game was checked assuming B[cd]`). "
    "Where several fit as well (in Go the later moves seldom fill every other point), they are "
    "named and none is assumed; where another point fits better than every reading, no reading "
    "of it fits the moves after it. The record is then played as it is (an occupied point's "
    "move left out). The count and its verdicts (GO2xx) after such a move rest on it: at most "
    "warnings that name it (`if the intended move was B[cd] (written B[dc])`, `if the move at "
    "3 (B[dc], on an occupied point) is left out`). A legal typo cannot be seen."
)
OCCUPIED = register(
    "GO101",
    E,
    "move on an occupied point",
    "The point already holds a stone. The move is illegal under every rule set; kifu skips it "
    "and goes on with the position unchanged. (SGFC warning 58.) " + LOOKAHEAD,
    "Rules of Go: placing a stone",
    means="A move is played on a point that already holds a stone.",
    why="The record is not the game played: the move is lost, and every count after it rests on a guess.",
    example="(;GM[1]FF[4]SZ[9];B[cc];W[gg];B[ee];W[cc])",
    fix_hint="Write the point played, from the source; the message names the point the later moves confirm "
    "(`did you mean W[cd]?`).",
)
SUICIDE = register(
    "GO102",
    E,
    "suicide",
    "The move leaves its own group without a liberty while capturing nothing. Illegal under "
    "Chinese, Japanese, AGA and WMSG rules; multi-stone suicide is legal under Tromp-Taylor and "
    "New Zealand rules (the group is removed). " + LOOKAHEAD,
    "Rules of Go: suicide",
    means="A move leaves its own group without a liberty and captures nothing.",
    why="Illegal under most rules: the record is not what was played, or the game was played under rules "
    "that allow suicide.",
    example="(;GM[1]FF[4]SZ[9];B[ba];W[gg];B[ab];W[aa])",
    fix_hint="Write the point played, from the source. If the move removes several stones and the "
    "rules allow that (New Zealand, Tromp-Taylor), state them: `RU[NZ]`.",
)
KO = register(
    "GO103",
    E,
    "ko: immediate recapture",
    "The move retakes a ko at once, restoring the position before the opponent's last move. "
    "Illegal under every rule set. " + LOOKAHEAD,
    "Rules of Go: ko",
    means="A move retakes a ko at once, restoring the position before the opponent's last move.",
    why="Illegal under every rule set: the record is not the game played.",
    example="(;GM[1]FF[4]SZ[9]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb])",
    fix_hint="Write the move played, from the source (usually a ko threat elsewhere before the retake).",
)
POSITIONAL_SUPERKO = register(
    "GO104",
    E,
    "positional superko",
    "The move recreates an earlier whole-board position. Forbidden by positional superko "
    "(Chinese written rule, Tromp-Taylor). `--ko simple` applies simple ko only, as most "
    "Chinese tournaments do; Japanese rules allow the repetition (the game may be void). An error "
    "when the record's RU (or --rules, --ko) names the rules; in a record that names none, the "
    "verdict rests on the default preset: a warning naming the rule assumed, and the move is played "
    "(it is legal under simple ko).",
    "Rules of Go: superko",
    means="A move recreates an earlier whole-board position, which positional superko forbids.",
    why="Under positional superko (the Chinese written rules, Tromp-Taylor) the move is illegal: the "
    "record is wrong, or the game was played under other rules.",
    example="(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]AB[ba][ab][bc]AW[ca][db][cc][bb]\n;B[cb];W[];B[];W[bb])",
    fix_hint="Correct the move from the source. If the rules were not Chinese, state them in RU (or "
    "give `--rules` or `--ko`).",
)
SITUATIONAL_SUPERKO = register(
    "GO105",
    E,
    "situational superko",
    "The move recreates an earlier whole-board position with the same player to move. "
    "Forbidden by situational superko (AGA, New Zealand). A warning, and the move is played, "
    "when neither the record nor the command line names the rules (see GO104).",
    "Rules of Go: superko",
    means="A move recreates an earlier whole-board position with the same player to move, which situational "
    "superko forbids.",
    why="Under AGA and New Zealand rules the move is illegal: the record is wrong, or the rules are.",
    example="(;GM[1]FF[4]SZ[9]KM[7.5]RU[AGA]AB[ba][ab][bc]AW[ca][db][cc][bb]\n;B[cb];W[];B[];W[bb])",
    fix_hint="Correct the move from the source. If the rules were not AGA or New Zealand, state them in RU "
    "(or give `--rules` or `--ko`).",
)
SAME_COLOUR_TWICE = register(
    "GO106",
    I,
    "same colour moves twice",
    "Two moves of the same colour follow each other with no pass between: the other colour's "
    "move (or a pass) seems to be missing before the second (`White's move (or a pass) seems to "
    "be missing before move 57 B[qd]: Black moves twice in a row`). SGF allows it (e.g. handicap "
    "stones played as moves, which a handicap game's first moves are not reported for), so it "
    "is an info; in a game record it usually means a lost move. The moves after it are replayed "
    "with a pass, and each point of the other colour, in the gap: when the record as written "
    "cannot be played to its end and only a point in the gap lets it, the finding is an error "
    "that names it (`...; the rest of the game plays if it was W[pc] (the only point that lets "
    "it; as written, move 80 W[pb] cannot be played), and was checked assuming it`; several "
    "points: they are named and the first is assumed), and the rest of the game is checked with "
    "it played in the gap: a verdict that rests on it is at most a warning (docs/severity.md).",
    f"{GO} B/W",
    means="Two moves of one colour follow each other with no move or pass of the other between.",
    why="SGF allows it, but in a game record it usually means a lost move: every count after it may be "
    "wrong.",
    example="(;GM[1]FF[4]SZ[9];B[cc];W[gg];W[gc])",
    fix_hint="Insert the missing move from the source (the message names it when only one point fits), or a "
    "pass `B[]` if one was played.",
)
MOVES_AFTER_END = register(
    "GO107",
    W,
    "moves after two passes",
    "Both players passed, which ends the game, and the record goes on. The count uses the final position.",
    "Rules of Go: end of the game",
    why="Two passes end the game: the moves after them did not happen, or the passes are recorded wrongly.",
    example="(;GM[1]FF[4]SZ[9]KM[7.5];B[cc];W[];B[];W[gg])",
    fix_hint="Delete the moves after the two passes. If play resumed after the passes (a "
    "dispute over dead stones), keep them and say so in a comment `C[...]`.",
)
REPETITION_ALLOWED = register(
    "GO108",
    I,
    "whole-board repetition (allowed by the rules)",
    "The move recreates an earlier whole-board position. The record's rules (Japanese) allow "
    "it; the game may end without result (`RE[Void]`) if the players choose.",
    "Japanese Rules of Go art. 12",
    why="Nothing is wrong under the record's rules; under Japanese rules the players may agree to void the "
    "game.",
    example="(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]AB[ba][ab][bc]AW[ca][db][cc][bb]\n;B[cb];W[];B[];W[bb])",
    fix_hint="Nothing, if the game went on. If it was voided, write `RE[Void]`.",
)

# --- Go scoring -----------------------------------------------------------------------------
RESULT_DISAGREES = register(
    "GO201",
    E,
    "result disagrees with the count",
    "The game ended with two passes (or dead stones were given) and the area count, with komi "
    "and handicap compensation, gives another result than RE. The count is in the message and "
    "in `kifu score`. It is an error only when the record states what the count needs (komi, "
    "rules for a handicap game, dead stones marked with TB/TW or given with --dead/--dead-from) "
    "and RE still disagrees; a record that marks no dead stones gets an error only when no "
    "reasonable marking makes it agree: with every chain that is not surely alive (unconditionally "
    "alive, or alone around an empty area of 7 points or more) dead, the count still falls short. "
    "When the record names no rules (RU), RE is also compared with a territory count (Japanese, "
    "Korean: the area margin plus the handicap compensation, less the stones Black placed beyond "
    "White; the record's TB/TW marks as the territory). When the verdict rests on an assumption "
    "(komi not stated, dead stones not marked, territory counting) it is a warning that names the "
    "assumption and what would make RE agree: `agrees if the white stones at B5, C5 are dead`, "
    "`agrees only if … are dead, which kifu's estimate thinks alive` (kifu's estimate misreads "
    "some false eyes and sekis), `agrees under territory counting` (docs/severity.md).",
    "Area counting",
    board="final",
    means="The game ended with two passes (or its dead stones are known), and the area count with komi "
    "gives another result than RE.",
    why="Crosstables and ratings take RE; the board says otherwise. Often komi, the rules or the dead "
    "stones are recorded wrongly.",
    example="(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[B+0.5]\n"
    "AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])",
    fix_hint="Correct RE, or KM, RU or HA if they are wrong; mark the dead stones with TB/TW, or give them "
    "with --dead, when the count assumes the wrong ones.",
    fix="unsafe",
    fix_does="writes the count's result in RE, only when the count rests on nothing assumed: KM and "
    "area-counting rules (RU) stated in the record, the dead stones marked with TB/TW (or none, "
    "under Tromp-Taylor), no move replaced or left out.",
)
RESULT_NOT_A_SCORE = register(
    "GO202",
    W,
    "game counted but RE is not a score",
    "The game ended with two passes, yet RE gives a resignation, time or forfeit win, or no "
    "winner. kifu shows the count; the result may be right if something happened off the "
    "board.",
    "Area counting",
    board="final",
    why="A resignation after two passes is unusual: the result or the passes may be wrong.",
    example="(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[B+R]\n"
    "AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])",
    fix_hint="If the game was counted, write the score (`RE[W+0.5]`); if a player resigned or lost on time, "
    "keep RE and add a comment saying so.",
    fix="unsafe",
    fix_does="writes the count's result in RE, only when the count rests on nothing assumed (as for GO201); "
    "the resignation or time win it replaces may have happened off the board: confirm it.",
)
DEAD_STONES = register(
    "GO203",
    W,
    "dead-stone markup ambiguous",
    "TB/TW territory marks cover stones of the marking colour, or a point is marked for both "
    "colours. kifu took as dead only the stones inside the other colour's marks.",
    "Area counting",
    board="final",
    why="The dead stones are uncertain, and so is the count.",
    example="(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[W+0.5]\n"
    "AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[]TB[aa][ba])",
    fix_hint="Mark each colour's territory with TB or TW, including the dead stones of the other colour "
    "inside it, and no stone of the marking colour.",
)
NOT_COUNTABLE = register(
    "GO204",
    I,
    "game not counted exactly",
    "The record does not end with two passes and no dead stones are known (TB/TW markup, "
    "--dead or --dead-from gnugo): the count treats every stone as alive and may be far from "
    "the real result.",
    "Area counting",
    why="The count kifu shows is an estimate: RE is compared with it loosely, if at all.",
    example="(;GM[1]FF[4]SZ[9]KM[7.5]RE[B+R];B[cc];W[gg])",
    fix_hint="Nothing, if the game ended by resignation. To count a finished game exactly, record the two "
    "passes and mark the dead stones with TB/TW.",
)
TERRITORY_RULES = register(
    "GO205",
    I,
    "territory rules counted by area",
    "The record's rules (Japanese, Korean) count territory and prisoners; kifu counts area. "
    "The two agree in most finished games but can differ by a point or two (seki, dame, "
    "passes); RE is not compared.",
    "Area counting",
    why="Territory and area counts can differ by a point or two: RE is not checked against the count.",
    example="(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]RE[W+0.5]\n"
    "AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])",
    fix_hint="Nothing, if the rules are right. Otherwise correct RU.",
)
DEFAULT_KOMI = register(
    "GO206",
    I,
    "komi not given",
    "The record has no KM; the komi of the rules preset is used.",
    f"{GO} KM",
    why="Without KM a count rests on the preset's komi, which may not be the one played.",
    example="(;GM[1]FF[4]SZ[5]RU[Chinese]\nAB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])",
    fix_hint="Write the komi played: `KM[7.5]` (`KM[0]` for none).",
)
ENGINE_FAILED = register(
    "GO207",
    W,
    "GNU Go not available",
    "--dead-from gnugo needs GNU Go (`gnugo --mode gtp`); it is not installed or failed. The "
    "count treats every stone as alive.",
    "Area counting",
    why="The count treats every stone as alive: its verdict on RE is rough.",
    example="$ kifu check --dead-from gnugo game.sgf   (no gnugo on PATH)",
    fix_hint="Install GNU Go (`gnugo` on PATH), or mark the dead stones in the record with TB/TW.",
)
