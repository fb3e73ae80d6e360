"""Finding codes for xiangqi: ``XQN`` for notation and file formats, ``XQ`` for the rules.

Numbers are stable; each text is written for an arbiter reading a report.
"""

from __future__ import annotations

from kifu.core.findings import Severity, register

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO
CXA = "CXA Xiangqi Competition Rules"
NOTATION = "CXA rules, record notation"
#: what becomes of the moves after one that cannot be played (the codes of such moves say it)
LOOKAHEAD = (
    "What was meant is then read from the moves after it, as an arbiter reads a score sheet: the "
    "later moves are replayed under each legal move the text may stand for (an ambiguous or "
    "abridged text's readings; a look-alike character, 乎 for 平, 近 for 进; a 前/后 marker where "
    "the file is written or the reverse; a character wrong, missing or extra: 进 and 退 swapped, a "
    "wrong file number, a WXF letter or sign slip), under a half-move left out before it (XQ113), "
    "the move written twice (XQ114) or two moves of one side swapped (XQ115), and under every "
    "other legal move. How near a reading is to the text is no evidence, except that a text that "
    "is the move but for its writing (a look-alike character, a marker slip, an ambiguous text's "
    "readings) names it before readings a real slip away. A reading is assumed only when the "
    "later moves play further under it than under anything else; the message says why the "
    'others fail ("炮八平五: round 2, Red 炮八进四 cannot be played after it") and the rest of the '
    "line is checked with it, so that every slip of the record is reported in one run. Readings "
    "the later moves do not tell apart are named and none is assumed; the rest is checked under "
    "the first. When some other legal move fits the later moves better than any reading, the "
    "text is no slip: `no reading of it fits the moves after it`, and the line is not checked "
    "further. A verdict reached through an assumed move (the "
    "outcome, a move after the end, a result against a mate or a repetition) is provisional: a "
    'warning that says "if the intended move was …" (XQ201).'
)

#: what the fix of a move that cannot be played does (the codes of such moves say it)
MOVE_FIX = (
    "writes the move the later moves decide (one reading only fits them; never one of several "
    "alike) in the record's own notation and style, and leaves a `{kifu: 8. 炮三平五 corrected "
    "to 炮二平五: …}` comment saying so (a DhtmlXQ comment on the main line; none on a plain score "
    "sheet; none with `--no-fix-comments`)."
)
#: what the fix of a result that contradicts the rules does
RESULT_FIX = (
    "writes the result the rules give in the Result tag and after the moves (a DhtmlXQ record's "
    "result field), when the verdict is proven: not resting on an assumed move, nor on a preset "
    "of rules the record does not state where the presets differ."
)

# --- notation and record formats ----------------------------------------------------------
UNREADABLE_TEXT = register(
    "XQN001",
    E,
    "text that is not part of a record",
    "The text at this place is neither a move, a move number, a comment, a variation, a result "
    "nor a header tag. It is skipped; the moves around it are still read.",
    why="Stray text is often a damaged move or comment; other readers stop at it or drop the record.",
    example="1. 炮二平五 马８进７ @@ 2. 马二进三 车９平８ *",
    fix_hint="Delete the stray text, or put it in a comment `{...}` if it is an annotation.",
)
UNREADABLE_MOVE = register(
    "XQN002",
    E,
    "move text cannot be read",
    "The move is not written in any notation kifu reads: Chinese (炮二平五, 马８进７), the "
    "abridged score-sheet form (炮2 5), WXF (C2.5, H8+7) or coordinates (H2-E2, h2e2). Often a "
    "character is missing or mistyped. " + LOOKAHEAD,
    NOTATION,
    means="The move text is in no notation kifu reads: Chinese, the abridged form, WXF or coordinates.",
    why="No program can replay the game past this move.",
    example="1. 炮二平五 马８进 2. 马二进三 车９平８ *",
    fix_hint="Write the move in full from the score sheet: piece, file, direction and file or distance "
    "(`马８进７`); the message names the reading the later moves confirm.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
NO_SUCH_PIECE = register(
    "XQN003",
    E,
    "no such piece on that file",
    "The move names a piece on a file (炮八…, C8…) but no piece of that type of the side to move "
    "stands on that file. The message lists the files where such pieces stand. " + LOOKAHEAD,
    NOTATION,
    means="The move names a piece on a file where the side to move has no piece of that type.",
    why="The record is not the game played: no program can replay it past this move.",
    example="1. 炮二平五 马８进７ 2. 炮三平五 *",
    fix_hint="Write the file the piece stands on (the message lists them), from the score sheet.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
BAD_MARKER = register(
    "XQN004",
    E,
    "front/rear marker does not fit",
    "前/中/后 (front/middle/rear), the ordinals 一…五 and the WXF signs + and - tell apart pieces of "
    "one type on one file. Here the marker does not fit the position: only one such piece stands "
    "on the file (write the file number instead), or 中 is used with two pieces. " + LOOKAHEAD,
    NOTATION,
    means="A 前/中/后 marker (or a WXF + or -) names a piece where none "
    "or only one of its type stands on the "
    "file.",
    why="Readers that require the marker to fit reject the move, and the game with it.",
    example="1. 前炮平五 *",
    fix_hint="Write the file number when one such piece stands on the file (`炮二平五`); use "
    "前/中/后 only where pieces of the type share a file.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
AMBIGUOUS_MOVE = register(
    "XQN005",
    E,
    "ambiguous move",
    "Two or more legal moves fit the text, e.g. 车二进一 when two chariots stand on file 二 (write "
    "前车进一 or 后车进一). The message names the candidates. " + LOOKAHEAD,
    NOTATION,
    means="Two or more legal moves fit the text: two pieces of the type stand on the file and the move does "
    "not say which.",
    why="The record no longer says which piece moved: two different games fit it.",
    example='[FEN "3k5/9/9/9/9/9/7R1/9/7R1/4K4 w - - 0 1"]\n\n1. 车二进一 *',
    fix_hint="Name the piece with 前 or 后 (`前车进一`, `后车进一`), as the "
    "score sheet or the later moves show.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
ABRIDGED_TWO_READINGS = register(
    "XQN006",
    E,
    "abridged move with two readings",
    "The abridged score-sheet form drops the direction word (进/退/平), so 车2 4 may mean 车二进四 "
    "or 车二平四. Here more than one reading is a legal move. The message names the readings; a "
    "convention may be chosen in the check options (xiangqi_abridged = advance or traverse). " + LOOKAHEAD,
    NOTATION,
    means="An abridged move without its direction word (车2 4) reads as more than one legal move.",
    why="The record no longer says which move was played: the readings are different games.",
    example="1. 炮2 5 马8 7 2. 马2 3 车9 8 3. 车1 2 炮8 4",
    fix_hint="Write the move in full with its direction word (`车一进二` "
    "or `车一平二`), or choose a convention "
    "with `xiangqi_abridged`.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
IMPOSSIBLE_DIRECTION = register(
    "XQN007",
    E,
    "the notation describes no move of that piece",
    "The direction and target cannot be a move of the piece: a horse, advisor or elephant never "
    "moves 平 (traverse), its target file must be one or two files away, a straight move must end "
    "on the board. " + LOOKAHEAD,
    NOTATION,
    means="The direction and target cannot be a move of that piece: a horse, advisor or elephant moving 平, "
    "a target file too far, a straight move off the board.",
    why="No program can replay the game past this move.",
    example="1. 马二平三 *",
    fix_hint="Write the move played, from the score sheet: a horse, advisor or elephant moves 进 "
    "or 退, to a file one (horse, advisor) or two (horse, elephant) away: `马二进三`.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
NONCANONICAL = register(
    "XQN008",
    INFO,
    "move written in a non-standard way",
    "The move was read, but not in its standard form: e.g. a plain file where 前/后 is required, "
    "an abridged move read by a chosen convention. The message gives the standard XQBase text.",
    NOTATION,
    why="Other readers may reject the non-standard form, or read it differently.",
    example='[FEN "3k5/9/9/9/9/9/7R1/9/7R1/4K4 w - - 0 1"]\n\n1. 车二进二 *',
    fix_hint="Write the standard text the message gives (`前车进二`).",
    fix="safe",
    fix_does="writes the standard text of the same move in the record's notation (`前车进二` for "
    "`车二进二`); a move read by a chosen convention for abridged moves is left as it is.",
)
ENCODING = register(
    "XQN009",
    INFO,
    "text encoding detected",
    "The file is not UTF-8; kifu detected its encoding (GBK/GB18030, Big5, UTF-16) and read it "
    "so. The name is reported so that a wrong guess can be spotted.",
    why="Nothing is wrong if the guess is right; a wrong guess garbles every name and comment.",
    example="a GBK file: 炮二平五 stored as the bytes C5DA B6FE C6BD CEE5",
    fix_hint="If the names read right, nothing. To be sure, convert the file to UTF-8 (`iconv -f GB18030 -t "
    "UTF-8`).",
)
BAD_FEN = register(
    "XQN010",
    E,
    "start position cannot be used",
    "The FEN (or the XQF/DhtmlXQ piece list) cannot be read, or describes an impossible position: "
    "a missing king, a piece on a point it can never reach, too many pieces of a kind, the side "
    "not to move in check. The moves are not replayed.",
    why="The moves are not replayed: the record is not checked at all.",
    example='[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1"]\n\n1. 炮二平五 *',
    fix_hint="Correct the position from the source diagram: one king each in its palace, each piece on a "
    "point it can reach, the side not to move not in check.",
)
BAD_BINARY = register(
    "XQN011",
    E,
    "binary record damaged or truncated",
    "The XQF (or other binary) record ends early or holds values outside their range, such as "
    "a NUL inside a name or a comment with text after it (the text is read up to the NUL; what "
    "follows is lost). The message names the field and gives its byte offsets in the file. The "
    "moves read before the damage are checked.",
    why="What follows the damage is lost: moves, names or comments.",
    example="game.xqf, cut short at byte 1,024 by an interrupted copy",
    fix_hint="Restore the file from a good copy; failing that, export the record again from the program "
    "that wrote it.",
)
UNCLOSED = register(
    "XQN012",
    E,
    "comment or variation never closed",
    "A `{` comment or a `(` variation runs to the end of the game without being closed.",
    why="The rest of the game is read as the comment or variation: its moves are lost.",
    example="1. 炮二平五 { this comment never ends\n2. 马二进三 *",
    fix_hint="Close the comment with `}` (the variation with `)`) where it ends.",
)
UNSUPPORTED_FORMAT = register(
    "XQN013",
    W,
    "record format not supported",
    "kifu recognises the file (e.g. an XQBridge CBL library) but cannot read its games yet.",
    why="The games are not checked: a clean report says nothing about them.",
    example="library.cbl, an XQBridge CBL library",
    fix_hint="Export the games to XQBase PGN or XQF in the program that made the library, and check those.",
)
RESULT_MARKERS_DIFFER = register(
    "XQN014",
    E,
    "Result tag differs from the result written after the moves",
    "The `Result` tag and the result at the end of the moves (1-0, 红胜 …) must be equal.",
    why="The record states two results: crosstables read one, viewers show the other.",
    example='[Result "1-0"]\n\n1. 炮二平五 马８进７ 0-1',
    fix_hint="Take the result from the score sheet and write it in both places.",
)
BAD_RESULT = register(
    "XQN015",
    W,
    "result not understood",
    "The Result tag is `1-0` (Red wins), `0-1` (Black wins), `1/2-1/2` or `*`.",
    format=True,
    why="Crosstable and rating programs read no result from it.",
    example='[Result "red wins"]\n\n1. 炮二平五 马８进７',
    fix_hint='Write `1-0` (Red wins), `0-1` (Black wins), `1/2-1/2` or `*`: `[Result "1-0"]`.',
    fix="safe",
    fix_does="writes the result in its standard spelling when another spelling says it plainly "
    "(`1:0`, `1–0`, `red wins` to `1-0`; `½-½` to `1/2-1/2`).",
)
MOVE_NUMBER = register(
    "XQN017",
    W,
    "round number does not match the moves",
    "The round numbers written before the moves must follow the moves: each round holds a Red "
    "and a Black move. A wrong number often means a move was left out or written twice; kifu "
    "reports the first mismatch of each line only, and none after a move it found left out "
    "(XQ113) or written twice (XQ114): the numbering is then understood.",
    NOTATION,
    format=True,
    why="A wrong round number usually means a move left out or written twice; readers that trust the "
    "numbers give moves to the wrong side.",
    example="1. 炮二平五 马８进７ 马二进三 2. 车９平８ *",
    fix_hint="Number each round once, before Red's move (`2. 马二进三 "
    "车９平８`); restore a missing move from the "
    "score sheet.",
    fix="safe",
    fix_does="numbers the rounds as the moves are played, from the first wrong number to the end "
    "of the line (or to a move left out, written twice or swapped).",
)
NO_MOVES = register(
    "XQN016",
    W,
    "record without moves",
    "The record has a header or a position but no move.",
    why="A record without moves is usually a failed export, or a game whose moves were lost.",
    example='[Event "Final"]\n[Result "*"]\n\n*',
    fix_hint="Add the moves from the score sheet, or remove the record.",
)
MIXED_UP_TAG = register(
    "XQN018",
    W,
    "tag name written for another",
    "The tag's name is a slip for a tag of XQBase PGN that the record lacks: a chess tag (`White` "
    "for `Red`), a case slip (`DATE`) or a misspelling (`Data` for `Date`). kifu names the tag "
    "meant; the value is kept under the name as written.",
    NOTATION,
    format=True,
    why="No other program finds the value under that name: the record lacks it for them.",
    example='[White "Hu Ronghua"]\n\n1. 炮二平五 马８进７ *',
    fix_hint='Rename the tag to the name meant: `[Red "Hu Ronghua"]`.',
    fix="unsafe",
    fix_does="renames the tag to the tag meant (`[Data]` to `[Date]`), when no other tag is "
    "taken for the same one.",
)
CONTROL_IN_TAG = register(
    "XQN019",
    W,
    "control character in a tag value or a text field",
    "A tag value holds a NUL or another control byte (often a damaged character of a player's "
    "name in a GBK or Big5 file), or a text field of a binary record (an XQF or CBR name, a "
    "comment) holds a control byte other than a NUL that ends it (DEL in an XQF comment). It is "
    "read as U+FFFD; the moves are read and checked. A control byte anywhere else in a text file "
    "is binary data (IO004).",
    format=True,
    why="A player's name is damaged: searches and rating lists miss the player.",
    example='[Red "Hu Rong<NUL>hua"]   a damaged byte in a GBK name',
    fix_hint="Restore the name from the source, and save the file as UTF-8.",
    fix="safe",
    fix_does="removes the control characters from the tag value of a text record (binary records "
    "are not edited).",
)

# --- rules --------------------------------------------------------------------------------
ILLEGAL_MOVE = register(
    "XQ101",
    E,
    "illegal move: the piece cannot move so",
    "The move breaks the movement rules of the piece: a horse whose leg is blocked, an elephant "
    "whose eye is blocked or that would cross the river, a cannon capturing without exactly one "
    "screen or jumping without capturing, a king or advisor leaving the palace, a soldier moving "
    "backward or sideways before crossing the river, a chariot passing a piece, a capture of an "
    "own piece. " + LOOKAHEAD,
    f"{CXA}, moves of the pieces",
    means="The move breaks the piece's movement rules: a blocked horse leg or elephant eye, a cannon "
    "capture without exactly one screen, a piece leaving its palace or crossing the river where it may not.",
    why="The record is not the game played: no program can replay it past this move. To an arbiter it is a "
    "recording slip or an illegal move that had to be corrected.",
    example="1. 马八进六 *",
    fix_hint="Write the move played, from the score sheet; the message names the reading the later moves "
    "confirm.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
INTO_CHECK = register(
    "XQ102",
    E,
    "illegal move: own king left in check",
    "The move leaves the own king attacked, moves it onto an attacked point, or exposes it. " + LOOKAHEAD,
    f"{CXA}, check",
    means="The move leaves its own king attacked, moves it onto an attacked point, or exposes it.",
    why="An illegal move: the record is not the game played, or the game had to be corrected at that move.",
    example='[FEN "4k4/9/9/9/9/9/P8/9/4r4/3K5 w - - 0 1"]\n\n1. 帅六平五 *',
    fix_hint="Write the move played, from the score sheet; the message names the reading the later moves "
    "confirm.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
FLYING_GENERAL = register(
    "XQ103",
    E,
    "illegal move: kings facing each other",
    "After the move the two kings would stand on one file with no piece between them (flying "
    "general, 对面笑); such a move is illegal. " + LOOKAHEAD,
    f"{CXA}, kings facing",
    means="After the move the two kings face each other on one file with no piece between them.",
    why="An illegal move: the record is not the game played, or the game had to be corrected at that move.",
    example='[FEN "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]\n\n1. 帅五平六 *',
    fix_hint="Write the move played, from the score sheet; the message names the reading the later moves "
    "confirm.",
    fix="unsafe",
    fix_does=MOVE_FIX,
)
MISSING_MOVE = register(
    "XQ113",
    E,
    "a half-move left out",
    "The move is written for the wrong side: the other side's move before it is missing from the "
    "score sheet (`1. 炮二平五 2. 马二进三 马８进７`, Black's first move left out). Where the other "
    "side could play the moves after the gap as written (WXF, ICCS and UCCI name a move of either "
    "side), the gap shows a few moves later: the finding is on the first written move after it, "
    "found by the moves after it, by the Chinese texts written for the other side, or by a round "
    "number. The moves after it are replayed with each legal move put in the gap; when exactly "
    "one lets them be played, it is named and the rest of the game is checked with it (its "
    "numbering understood: no "
    "XQN017 follows); when several do, the rest is checked under the first and a verdict that "
    "rests on it is at most a warning. " + LOOKAHEAD,
    NOTATION,
    means="A move is written for the wrong side: the other side's move before it is missing from the record.",
    why="Every later move is given to the wrong side: the game cannot be replayed past the gap.",
    example="1. 炮二平五 马８进７ 2. 马二进三 3. 车一平二 马２进３\n4. 兵七进一 卒７进１ *",
    fix_hint="Insert the missing move from the score sheet (the message names it when only one move fits), "
    "and renumber the rounds after it.",
    fix="unsafe",
    fix_does="inserts the missing move where the later moves decide it (one move only fits), "
    "numbers the rounds after it again, and leaves a `{kifu: …}` comment saying so.",
)
MOVE_TWICE = register(
    "XQ114",
    E,
    "a half-move written twice",
    "The move is the one before it written again (`炮二平五 炮二平五 马８进７`): the rest of the game "
    "is checked without it. " + LOOKAHEAD,
    NOTATION,
    means="A move is the move before it written again.",
    why="The doubled move shifts every later move to the other side: the game cannot be replayed past it. "
    "Where the other side could play the doubled move, and each side the other's moves for a while, "
    "the finding is on the doubled move, found up to ten half-moves before the move that cannot be played.",
    example="1. 炮二平五 炮二平五 马８进７ 2. 马二进三 车９平８ *",
    fix_hint="Delete the repeated move and renumber the rounds after it.",
    fix="unsafe",
    fix_does="removes the repeated move where the later moves decide it, numbers the rounds after "
    "it again, and leaves a `{kifu: …}` comment saying so.",
)
MOVES_SWAPPED = register(
    "XQ115",
    E,
    "two moves of one side swapped",
    "The move and the same side's next move are written in each other's place (`1. 炮五进四 马８进７ "
    "2. 炮二平五` for `1. 炮二平五 马８进７ 2. 炮五进四`): the rest of the game is checked with them "
    "exchanged. " + LOOKAHEAD,
    NOTATION,
    means="A move and the same side's next move are written in each other's place.",
    why="The first of the two, or the reply between them, cannot be played where it stands: the game cannot "
    "be replayed past it, though no move is missing. Where both orders play for a while, a later move "
    "cannot: the two are looked for up to ten half-moves before it. Where another pair exchanged (often "
    "the other side's two moves around it), or another reading, fits the later moves as well, the finding "
    "names each and assumes none.",
    example="1. 炮二平五 马８进７ 2. 车一平二 车９平８ 3. 马二进三 马２进３\n4. 车二进六 *",
    fix_hint="Exchange the two moves: `2. 马二进三 车９平８ 3. 车一平二`.",
    fix="unsafe",
    fix_does="exchanges the two moves where the later moves decide it, and leaves a `{kifu: …}` "
    "comment saying so.",
)
MOVE_AFTER_END = register(
    "XQ201",
    E,
    "moves after the game had ended",
    "The side to move had no legal move (checkmate, or stalemate, which also loses in xiangqi), so "
    "the game was over; the moves recorded after that cannot count. When the end was reached "
    "through a move kifu assumed in place of one it could not play (see XQN002), the verdict "
    'is provisional: a warning saying "if the intended move was …", which names the assumed '
    "move (JSON: `assumed`, `assumption`); the same holds for XQ202, XQ203, XQ301–XQ304, and "
    "the record's outcome is marked `assumed` too."
    " When a move written twice, two moves exchanged or a move left out made the mate or "
    "stalemate on the sheet, and every move after it plays once the order is mended: with two to "
    "four moves after it, XQ201 asks that slip beside the end (players miss a mate and play on); "
    "with more, the slip is reported instead (XQ113–XQ115) and the game checked on under it. One "
    "reply after a mate, written out of habit, says nothing.",
    f"{CXA}, win and loss",
    means="Moves follow a position in which the side to move had no legal move: checkmate, or stalemate, "
    "which also loses in xiangqi.",
    why="Those moves were never part of the game, or the ending move is a slip: either way the record is "
    "not what was played.",
    example='[FEN "9/2N2k3/b8/9/9/9/9/3AK4/7R1/9 w - - 0 1"]\n\n1. 车二平四 将４进１ 1-0',
    fix_hint="Delete the moves after the end. If the game went on, the move that ended it is a slip: "
    "correct it from the score sheet.",
)
RESULT_CONTRADICTS = register(
    "XQ202",
    E,
    "result contradicts the final position",
    "The final position is checkmate or stalemate, which the side to move loses; the declared "
    "result says otherwise. A warning when the final position was reached through an assumed "
    'move ("if the intended move was …", see XQ201).',
    f"{CXA}, win and loss",
    board="final",
    why="Crosstables and ratings take the declared result; the board proves it wrong.",
    example='[Result "0-1"]\n[FEN "9/2N2k3/b8/9/9/9/9/3AK4/7R1/9 w - - 0 1"]\n\n1. 车二平四 0-1',
    fix_hint="Write the result the final position decides (`1-0` here) in the Result tag and after the "
    "moves; if the moves are wrong instead, correct them.",
    fix="unsafe",
    fix_does=RESULT_FIX,
)
UNFINISHED_BUT_ENDED = register(
    "XQ203",
    W,
    "result `*` or missing but the game is over",
    "The record does not state a result, yet the side to move has no legal move: the game ended "
    "by checkmate or stalemate and the result should be recorded.",
    f"{CXA}, win and loss",
    board="final",
    why="A finished game recorded as unfinished is left out of crosstables and ratings.",
    example='[FEN "6R2/9/3k5/9/9/3N5/9/5A3/9/4KA3 w - - 0 1"]\n\n1. 马六进七 *',
    fix_hint="Write the result the rules give (`1-0` here) in the Result tag and after the moves.",
    fix="unsafe",
    fix_does=RESULT_FIX,
)

# --- repetition and the natural limit -----------------------------------------------------------
REPETITION_VERDICT = register(
    "XQ301",
    INFO,
    "repetition verdict",
    "The same position (same side to move) came round the third time (the threshold is a check "
    "option) and the game stayed in the repetition to the end of the record. Every move of the "
    "cycle is classified: check (将), mate threat (杀: mate by one or two checks if the mover "
    "could move again; judged under CXA only), chase (捉: a new attack by a "
    "chariot, horse, cannon, advisor or elephant on an enemy piece other than the king or an "
    "uncrossed soldier that can legally be taken and is not truly protected — a pinned protector "
    "or a recapture into check does not protect; a horse or cannon attacking a chariot chases it "
    "even when it is protected; under CXA fewer protectors than attackers do not protect; an "
    "exchange offer, or a capture that would be answered by mate, is no chase) or idle "
    "(闲). A side whose every move checks plays perpetual check; a side whose every move chases "
    "one piece or more (not necessarily the same) plays perpetual chase; both are forbidden under "
    "CXA and AXF. Perpetual mate threats and mixtures (one check one chase…) are forbidden under "
    "CXA and allowed under AXF. A check, mate threat or chase counts only when the move creates "
    "it. The side with the only forbidden pattern must vary or loses; a one-sided perpetual check "
    "loses even against another forbidden pattern; otherwise the game is drawn. "
    "The message lists the cycle's plies, each move's class and targets, the rule and the verdict.",
    "CXA rules, repetition (perpetual check, chase)",
    board="after",
    means="A position came round for the third time and the game stayed in the repetition to the end of the "
    "record; kifu classifies each move of the cycle and gives the rules' verdict.",
    why="Repetition rulings are the hardest part of arbitrating xiangqi: the message shows which side must "
    "vary, move by move.",
    example='[Result "0-1"]\n'
    '[FEN "3k5/R8/9/9/9/8r/9/9/9/4K4 w - - 0 1"]\n'
    "\n"
    "1. 车九进一 将４进１ 2. 车九退一 将４退１ 3. 车九进一 将４进１ 4. 车九退一 将４退１ 0-1",
    fix_hint="Nothing, if the result follows the verdict (XQ302 says when it does not). Hide it with "
    "`--ignore XQ301`.",
)
RESULT_CONTRADICTS_VERDICT = register(
    "XQ302",
    E,
    "result contradicts the repetition or natural-limit verdict",
    "The game ended in a repetition or by the natural limit, and the rules decide a result "
    "(see the XQ301 or XQ303 finding for the reasoning); the declared result says otherwise. "
    "When no rules are stated (no --rules, no rules in the configuration; XQBase PGN has no tag "
    "for them) and the other preset decides the declared result (one check one chase, a "
    "perpetual mate threat: forbidden under CXA, allowed under AXF), the verdict rests on the "
    "assumed CXA preset: a warning that names it and how to state the rules (--rules cxa). "
    'A warning too when the game was replayed through an assumed move ("if the intended move '
    'was …", see XQ201).',
    "CXA rules, repetition and natural limit",
    board="final",
    means="The game ended in a judged repetition or by the natural limit, and the declared result differs "
    "from the one the rules give.",
    why="A perpetual check or chase scored as a draw, or the other way round, changes the crosstable; an "
    "arbiter's ruling may also be missing from the record.",
    example='[Result "1/2-1/2"]\n'
    '[FEN "3k5/R8/9/9/9/8r/9/9/9/4K4 w - - 0 1"]\n'
    "\n"
    "1. 车九进一 将４进１ 2. 车九退一 将４退１ 3. 车九进一 将４进１ 4. 车九退一 将４退１ 1/2-1/2",
    fix_hint="Write the result the rules give (see XQ301/XQ303), or state the rules played (`--rules axf`) "
    "if the verdict rests on the wrong preset.",
    fix="unsafe",
    fix_does=RESULT_FIX,
)
NATURAL_LIMIT = register(
    "XQ303",
    INFO,
    "natural limit reached",
    "60 rounds (120 plies; the number is a check option) passed without a capture by either side, "
    "counting the moves before the record from the FEN's half-move clock, and no capture followed "
    "to the end of the record. It is a draw on a player's claim (like chess's fifty moves), "
    "reported in `claims`: it ends the game only when the record ends with the draw; a record "
    "that plays on to another result was not claimed, and its result stands. The claimant may "
    "have given at most 10 checks in those rounds: a side's checks beyond its 10th, and the "
    "replies to them, do not count towards its claim. The message names the side whose checks were counted.",
    "CXA rules, natural limit",
    board="after",
    means="60 rounds (120 plies) passed without a capture, and none followed to the end of the record: a "
    "draw a player could claim.",
    why="The game was drawable: whether it ended there depends on a claim the record may not show.",
    example='[Result "1-0"]\n'
    '[FEN "3ak4/9/9/9/9/9/9/9/9/3K1A3 w - - 116 80"]\n'
    "\n"
    "80. 仕四进五 士４进５ 81. 仕五进六 士５进６ 1-0",
    fix_hint="Nothing, if play went on. If the draw was claimed, end the record there with `1/2-1/2`.",
)
UNFINISHED_BY_RULE = register(
    "XQ304",
    W,
    "result `*` or missing but a repetition or the natural limit decided the game",
    "The record does not state a result, yet the game ended in a judged repetition or by the "
    "natural limit (see the XQ301 or XQ303 finding); the result should be recorded.",
    "CXA rules, repetition and natural limit",
    board="final",
    why="A decided game recorded as unfinished is left out of crosstables and ratings.",
    example='[Result "*"]\n'
    '[FEN "3k5/R8/9/9/9/8r/9/9/9/4K4 w - - 0 1"]\n'
    "\n"
    "1. 车九进一 将４进１ 2. 车九退一 将４退１ 3. 车九进一 将４进１ 4. 车九退一 将４退１ *",
    fix_hint="Write the result the rules give (the XQ301 or XQ303 finding names it) in the Result tag and "
    "after the moves.",
    fix="unsafe",
    fix_does=RESULT_FIX,
)
