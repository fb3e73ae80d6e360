"""The chess rules presets (``--rules``) and what each means: read by the registry without
loading the game (plain text: nothing to import). The editions are those of
:data:`kifu.chess.rules.EDITIONS`, where kifu's verdicts differ."""

from __future__ import annotations

DESCRIPTIONS: dict[str, str] = {
    "fide": "FIDE Laws of Chess in force when the game's competition started (EventDate, else Date): "
    "claims of 9.2/9.3, dead positions, and from 1 July 2014 the automatic draws of 9.6 (fivefold, "
    "75 moves); with no date, today's Laws, and a verdict that rests on 9.6 is a warning",
    "fide-2009": "FIDE Laws before 1 July 2014: threefold repetition and 50 moves are claims, "
    "no automatic draw",
    "fide-2014": "FIDE Laws of 1 July 2014: 9.6 ends the game after 75 moves and on a position "
    "repeated for five consecutive alternate moves",
    "fide-2018": "FIDE Laws of 1 January 2018 (today's): 9.6 ends the game after 75 moves and on a "
    "position's fifth occurrence",
}
