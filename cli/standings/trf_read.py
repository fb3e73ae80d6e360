"""Reading FIDE's Tournament Report File, TRF-16 (FIDE Handbook C.04 Annex 2), as an event.

What is read, by the columns TRF-16 gives (1-based, both ends included; see
:mod:`kifu.standings.writers.trf`, which writes the same columns):

* the tournament lines, the code in columns 1-3 and the value from column 5: ``012`` name,
  ``022`` city, ``032`` federation, ``042``/``052`` first and last day, ``092`` type (Swiss,
  round robin, knockout), ``102`` chief arbiter, ``112`` deputy arbiters, ``122`` time control,
  ``132`` each round's date (``YY/MM/DD`` in columns 92-99, 102-109 …); ``062`` (the number of
  players) is compared with the player lines;
* a ``001`` line per player: starting rank 5-8, title 11-13, name 15-47, rating 49-52, federation
  54-56, FIDE number 58-68, points 81-84, rank 86-89 (sex, column 10, and birth date, 70-79, are
  not kept: the event model has no place for them); then per round opponent 92-95, colour 97 and
  result 99, each further round ten columns to the right.

A round's result: ``1`` ``=`` ``0`` a game, ``W`` ``D`` ``L`` a game not rated (counted as
played), ``+`` ``-`` a forfeit won or lost against the scheduled opponent (both ``-``: a double
forfeit), ``U`` the pairing-allocated bye and ``F`` a full-point bye (both a win's points, no
opponent), ``H`` a half-point bye, ``Z`` a zero-point bye ("known absence"), blank no game.
Letters may be lower case. In a round robin a ``Z`` is the free round of an odd number of
players (no game); in a Swiss event, a player whose last rounds are blank while others play
them withdrew before the first of them (as FIDE's own example file marks a player who left).

A game is on both players' lines; the two are compared, and where they disagree a warning names
both lines and the first one (the lower starting rank) is counted. Anything that cannot be read
is a warning naming the file and line (a result code that is no result: an error, as in a results
table), never a stop. Files are UTF-8, else Windows-1252 (Swiss-Manager's), else Latin-1.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field

from kifu.core.digits import ascii_number
from kifu.standings.details import Details, parse_date
from kifu.standings.event import BYE, Event, Game, Player

#: the suffixes of a TRF file in a folder (and of a path :func:`looks_like_trf` accepts)
SUFFIXES = (".trf", ".txt", ".trfx")
_CODE = re.compile(r"[0-9A-Z]{3}(?: |$)")
#: TRF-16's short titles (older files) and the title each stands for
_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}
#: a round's result letter: a game's points for the player (``None``: no game), whether it is a
#: forfeit; the byes give their kind
_GAME = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}
_FORFEIT = {"+": 1.0, "-": 0.0}
_BYES = {"U": BYE, "F": BYE, "H": "bye-half", "Z": "bye-zero"}
_SYSTEMS = (("swiss", "swiss"), ("robin", "round-robin"), ("berger", "round-robin"), ("knock", "knockout"))


@dataclass(slots=True)
class TrfDetails(Details):
    """The header of a TRF file: :class:`Details` with its last day (``052``) and deputy arbiters
    (``112``), which records do not give."""

    end_date: str | None = None
    deputies: list[str] = field(default_factory=list)

    @property
    def end(self) -> str | None:
        """The last day: ``052``, else the latest round date."""
        return self.end_date or max(self.dates().values(), default=None)


@dataclass(slots=True)
class Entry:
    """One round of a player line, as written."""

    round: int
    opponent: int | None  # a starting rank; None: no opponent (0000 or blank)
    colour: str  # "w", "b" or "" (``-`` or blank)
    code: str  # the result letter, upper case; "" blank
    line: int


@dataclass(slots=True)
class Line:
    """A ``001`` line: the player it names and its rounds."""

    number: int
    name: str
    line: int
    points: float | None
    rank: int | None
    profile: Player
    rounds: dict[int, Entry] = field(default_factory=dict)


@dataclass(slots=True)
class TrfEvent:
    """What TRF files give: the event (games, players, warnings), its header, the system the
    ``092`` line names, and per player the points column, to check kifu's own points against
    (:func:`points_warnings`)."""

    event: Event = field(default_factory=Event)
    details: TrfDetails = field(default_factory=TrfDetails)
    system: str | None = None  # "swiss", "round-robin", "knockout"; None when 092 does not say
    #: the system the command line gives (``--system``, a ``*-rr``/``*-swiss`` preset): wins over 092
    forced: str | None = None
    #: player → (the points column, where it is written), from the line with the most rounds
    points: dict[str, tuple[float, str]] = field(default_factory=dict)
    #: player → the starting rank the (last) file gives
    numbers: dict[str, int] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    _rounds_of: dict[str, int] = field(default_factory=dict)  # rounds of the line the points come from
    _games: dict[tuple[int, frozenset[str]], Game] = field(default_factory=dict)


def looks_like_trf(path: str) -> bool:
    """Whether ``path`` is a TRF-16 file: a ``.trf``/``.txt`` file whose lines start with TRF
    codes (``012``, ``001`` …), one of them a player line ``001`` or a name line ``012``."""
    if not path.lower().endswith(SUFFIXES) or not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as handle:
            head = handle.read(65536)
    except OSError:
        return False
    lines = [line for line in _decode(head).splitlines() if line.strip()]
    if not lines or not all(_CODE.match(line) for line in lines[:20]):
        return False
    return any(line.startswith(("001 ", "012 ")) for line in lines)


def trf_files(path: str) -> list[str]:
    """``path`` if it is a file, else the TRF files of the folder ``path`` (recursively, sorted)."""
    if not os.path.isdir(path):
        return [path]
    found = []
    for folder, names, files in os.walk(path):
        names.sort()
        found += [
            os.path.join(folder, name) for name in sorted(files) if looks_like_trf(os.path.join(folder, name))
        ]
    return found


def read_trf(path: str, into: TrfEvent | None = None, system: str | None = None) -> TrfEvent:
    """The event of the TRF file ``path`` (or of every TRF file of the folder ``path``), added to
    ``into`` when given (several files: players are matched by name, a game two files give
    alike is counted once). ``system``, when the command line gives one, decides what a ``Z``
    and blank last rounds mean instead of the ``092`` line (else: the games say).

    Raises :class:`OSError` when a file cannot be read.
    """
    read = into if into is not None else TrfEvent()
    read.forced = system or read.forced
    for file in trf_files(path):
        with open(file, "rb") as handle:
            text = _decode(handle.read())
        _read_text(text, file, read)
        read.files.append(file)
    return read


def read_trf_text(text: str, path: str, into: TrfEvent | None = None) -> TrfEvent:
    """The event of a TRF file's text (``path`` names it in warnings)."""
    read = into if into is not None else TrfEvent()
    _read_text(text, path, read)
    read.files.append(path)
    return read


def points_warnings(read: TrfEvent, points: dict[str, float]) -> list[str]:
    """A warning per player whose points (``points``: kifu's, by name) differ from the file's
    points column, naming the player and both values."""
    found = []
    for name, (written, where) in read.points.items():
        mine = points.get(name)
        if mine is not None and abs(mine - written) > 1e-9:
            found.append(
                f"{where}: {name} (no. {read.numbers.get(name, '?')}): the points column says "
                f"{_num(written)}, kifu counts {_num(mine)} from the rounds"
            )
    return found


def _num(value: float) -> str:
    return f"{value:g}"


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for codec in ("utf-8", "cp1252"):
        try:
            return data.decode(codec)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _field(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based) of ``line``, stripped."""
    return line[first - 1 : last].strip()


def _read_text(text: str, path: str, read: TrfEvent) -> None:
    event, details = read.event, read.details
    lines: list[Line] = []
    dates: str | None = None
    declared_players: tuple[int, int] | None = None
    teams = player_lines = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n\x1a")  # (a DOS end-of-file mark on the last line)
        if not line.strip():
            continue
        where = f"{path}:{number}"
        code, value = line[:3], line[4:].strip()
        if not _CODE.match(line):
            event.warnings.append(
                f"{where}: not a TRF-16 line (a three-character code, then a space); skipped"
            )
        elif code == "001":
            player_lines += 1
            player = _player_line(line, where, number, event)
            if player is not None:
                lines.append(player)
        elif code == "012" and value:
            details.names[value] += 1
        elif code == "022" and value:
            details.sites[value] += 1
        elif code == "032" and value:
            details.federations[value.upper()] += 1
        elif code in ("042", "052") and value:
            day = _date(value)
            if day is None:
                event.warnings.append(f"{where}: the date {value!r} cannot be read (YYYY/MM/DD); left out")
            elif code == "042":
                details.event_dates[day] += 1
            else:
                details.end_date = day
        elif code == "062" and value:
            count = ascii_number(value)
            if count is not None:
                declared_players = (count, number)
        elif code == "092" and value:
            lowered = value.lower()
            read.system = next((system for word, system in _SYSTEMS if word in lowered), read.system)
        elif code == "102" and value:
            details.arbiter = value
        elif code == "112" and value:
            details.deputies.append(value)
        elif code == "122" and value:
            details.time_controls[value] += 1
        elif code == "132":
            dates = line
        elif code == "013":
            teams += 1
    if teams:
        event.warnings.append(
            f"{path}: its {teams} team line(s) (013) are not read: the players are ranked one by one"
        )
    if declared_players is not None and declared_players[0] != player_lines:
        count, number = declared_players
        event.warnings.append(
            f"{path}:{number}: line 062 gives {count} players, the file has {player_lines} player lines"
        )
    by_number = _numbered(lines, path, event)
    if dates is not None:
        _round_dates(dates, details)
    _games(by_number, path, read)


def _date(text: str) -> str | None:
    """``2024-05-01`` of ``2024/05/01`` (also ``2024.05.01``, ``2024-05-01``, ``01.05.2024``)."""
    found = parse_date(text.replace(" ", ""))
    if found is not None:
        return found
    match = re.fullmatch(r"([0-9]{1,2})[./-]([0-9]{1,2})[./-]([0-9]{4})", text.replace(" ", ""))
    if match:
        day, month, year = match.groups()
        return f"{year}-{int(month):02d}-{int(day):02d}"
    return None


def _round_dates(line: str, details: TrfDetails) -> None:
    """Each round's date of the ``132`` line (``YY/MM/DD``, the century the start date's)."""
    start = details.start
    century = int(start[:2]) if start else None
    for index in range(0, max(0, len(line) - 91 + 9) // 10 + 1):
        text = line[91 + 10 * index : 99 + 10 * index].strip()
        match = re.fullmatch(r"([0-9]{2})[./-]([0-9]{2})[./-]([0-9]{2})", text)
        if not match:
            continue
        short, month, day = match.groups()
        year = (century if century is not None else 19 if int(short) >= 70 else 20) * 100 + int(short)
        details.round_dates.setdefault(index + 1, Counter())[f"{year:04d}-{month}-{day}"] += 1


def _player_line(line: str, where: str, number: int, event: Event) -> Line | None:
    """The player and rounds of a ``001`` line (``None`` when it names no starting rank)."""
    start = ascii_number(_field(line, 5, 8))
    if start is None or start == 0:
        event.warnings.append(f"{where}: a player line without a starting rank (columns 5-8); skipped")
        return None
    name = _field(line, 15, 47)
    if not name:
        name = f"Player {start}"
        event.warnings.append(f"{where}: player {start} has no name (columns 15-47); called {name!r}")
    points_text = _field(line, 81, 84).replace(",", ".")
    points = None
    if points_text:
        try:
            points = float(points_text)
        except ValueError:
            event.warnings.append(f"{where}: points {points_text!r} (columns 81-84) are not a number")
    title = _field(line, 11, 13)
    rating_text = _field(line, 49, 52)
    rating = ascii_number(rating_text) if rating_text else None
    if rating_text and rating is None:
        event.warnings.append(f"{where}: rating {rating_text!r} (columns 49-52) is not a number; left out")
    federation = _field(line, 54, 56)
    fide_id = _field(line, 58, 68)
    profile = Player(
        name,
        rating or None,
        fide_id if fide_id.isascii() and fide_id.isdigit() and int(fide_id) else None,
        _TITLES.get(title.lower(), title.upper()) or None,
        federation.upper()
        if len(federation) == 3 and federation.isascii() and federation.isalpha()
        else None,
    )
    rank = ascii_number(_field(line, 86, 89))
    return Line(start, name, number, points, rank, profile, _rounds(line, where, number, event))


def _rounds(line: str, where: str, number: int, event: Event) -> dict[int, Entry]:
    rounds: dict[int, Entry] = {}
    index = 0
    while 91 + 10 * index < len(line):
        start = 92 + 10 * index
        round_ = index + 1
        index += 1
        chunk = line[start - 1 : start + 8]
        if not chunk.strip():
            continue
        opponent_text = _field(line, start, start + 3)
        colour = _field(line, start + 5, start + 5).lower()
        code = _field(line, start + 7, start + 7).upper()
        opponent = ascii_number(opponent_text) if opponent_text else 0
        if opponent is None:
            event.warnings.append(
                f"{where}: round {round_}: opponent {opponent_text!r} (columns {start}-{start + 3}) is not "
                "a starting rank; the round is not counted"
            )
            continue
        if colour not in ("w", "b", "-", ""):
            event.warnings.append(
                f"{where}: round {round_}: colour {colour!r} (column {start + 5}) is not w, b or -; "
                "read as none"
            )
        if code and code not in _GAME and code not in _FORFEIT and code not in _BYES:
            event.errors.append(
                f"{where}: round {round_}: result {code!r} (column {start + 7}) cannot be read; "
                "the round is not counted"
            )
            continue
        rounds[round_] = Entry(round_, opponent or None, colour if colour in ("w", "b") else "", code, number)
    return rounds


def _numbered(lines: list[Line], path: str, event: Event) -> dict[int, Line]:
    """The player lines by starting rank, each named as the event knows the player (a second
    line of a starting rank is left out; a second player of one name is told apart by number)."""
    by_number: dict[int, Line] = {}
    named: dict[str, int] = {}
    for line in lines:
        if line.number in by_number:
            event.warnings.append(
                f"{path}:{line.line}: starting rank {line.number} is already given to "
                f"{by_number[line.number].name!r} (line {by_number[line.number].line}); line skipped"
            )
            continue
        name = event.name(line.name)
        if name in named:
            other, name = name, event.name(f"{line.name} ({line.number})")
            event.warnings.append(
                f"{path}:{line.line}: {other!r} is also the name of no. {named[other]}; "
                f"no. {line.number} is called {name!r}"
            )
        line.name = name
        named[line.name] = line.number
        event.add_player_info(
            Player(
                line.name,
                line.profile.rating,
                line.profile.fide_id,
                line.profile.title,
                line.profile.federation,
            )
        )
        by_number[line.number] = line
    return by_number


def _describe(entry: Entry | None) -> str:
    if entry is None:
        return "gives no game in that round"
    if entry.opponent is None:
        return f"gives no opponent ({entry.code or 'blank'})"
    return f"gives no. {entry.opponent}"


def _result(mine: str, first: bool) -> str:
    """The game's result from the first mover's side, of the player's own result letter."""
    from kifu.standings.event import UNKNOWN

    if mine in _FORFEIT:
        won = mine == "+"
        return ("+-" if won else "-+") if first else ("-+" if won else "+-")
    points = _GAME.get(mine)
    if points is None:
        return UNKNOWN
    if points == 0.5:
        return "1/2-1/2"
    return "1-0" if (points == 1.0) == first else "0-1"


def _agree(mine: str, theirs: str) -> bool:
    """Whether two result letters of one game agree (a win and a loss, two draws, a forfeit won
    and lost, two forfeits lost)."""
    if mine in _FORFEIT or theirs in _FORFEIT:
        return mine in _FORFEIT and theirs in _FORFEIT and (mine, theirs) != ("+", "+")
    if mine in _GAME and theirs in _GAME:
        return _GAME[mine] + _GAME[theirs] == 1.0
    return mine == theirs == ""


def _games(by_number: dict[int, Line], path: str, read: TrfEvent) -> None:
    """The games, forfeits and byes of the player lines; withdrawals; the points column."""
    from kifu.standings.compute import infer_system

    counted: set[tuple[int, int]] = set()  # (round, starting rank) already in a game
    paired: set[int] = set()  # the rounds with a pairing
    for number in sorted(by_number):
        for entry in sorted(by_number[number].rounds.values(), key=lambda entry: entry.round):
            if entry.opponent is not None and (entry.round, number) not in counted:
                _pair(by_number[number], entry, by_number, path, read, counted, paired)
    system = read.forced or read.system or infer_system(read.event)
    for number in sorted(by_number):
        line = by_number[number]
        for _, entry in sorted(line.rounds.items()):
            if entry.opponent is None:
                _unpaired(line, entry, f"{path}:{entry.line}", system, read)
    if system == "swiss":  # (a knockout's losers leave too, without withdrawing)
        _withdrawals(by_number, paired, read.event)
    for line in by_number.values():
        if line.points is not None:
            rounds = max(line.rounds, default=0)
            if rounds >= read._rounds_of.get(line.name, -1):
                read.points[line.name] = (line.points, f"{path}:{line.line}")
                read._rounds_of[line.name] = rounds
        read.numbers[line.name] = line.number


def _pair(
    line: Line,
    entry: Entry,
    by_number: dict[int, Line],
    path: str,
    read: TrfEvent,
    counted: set[tuple[int, int]],
    paired: set[int],
) -> None:
    """The game (or forfeit) of a round with an opponent, compared with the opponent's line."""
    event, round_, number, where = read.event, entry.round, line.number, f"{path}:{entry.line}"
    if entry.code in _BYES:
        event.warnings.append(
            f"{where}: round {round_}: a bye ({entry.code}) with an opponent (no. {entry.opponent}); "
            "read as a bye"
        )
        entry.opponent = None
        return
    other = by_number.get(entry.opponent or 0)
    if other is None or other is line:
        what = "the player" if other is line else "no player of the file"
        event.warnings.append(
            f"{where}: round {round_}: opponent {entry.opponent} is {what}; the round is not counted"
        )
        return
    theirs = other.rounds.get(round_)
    counted.add((round_, number))
    paired.add(round_)
    me, them = f"{line.name} (no. {number})", f"{other.name} (no. {other.number})"
    if theirs is None or theirs.opponent != number:
        event.warnings.append(
            f"{where}: round {round_}: {me} is paired with {them}, whose line ({path}:{other.line}) "
            f"{_describe(theirs)}; counted as line {entry.line} says"
        )
        theirs = None
    else:
        counted.add((round_, other.number))
        if not _agree(entry.code, theirs.code):
            event.warnings.append(
                f"{where}: round {round_}: {me} has {entry.code or 'no result'!r} against {them}, whose "
                f"line ({path}:{other.line}) has {theirs.code or 'no result'!r}; "
                f"counted as line {entry.line} says"
            )
        elif entry.colour and entry.colour == theirs.colour:
            event.warnings.append(
                f"{where}: round {round_}: {me} and {them} both have "
                f"{'White' if entry.colour == 'w' else 'Black'}; counted as line {entry.line} says"
            )
    colour = entry.colour or ({"w": "b", "b": "w"}.get(theirs.colour, "") if theirs is not None else "")
    first = colour != "b"  # without a colour, the lower starting rank is written first
    if not entry.code:
        event.warnings.append(f"{where}: round {round_}: {me} – {them}: no result; not counted")
    both_lost = entry.code == "-" and theirs is not None and theirs.code == "-"
    result = "--" if both_lost else _result(entry.code, first)
    white, black = (line, other) if first else (other, line)
    _add(read, Game(round_, white.name, black.name, result, source=where))


def _unpaired(line: Line, entry: Entry, where: str, system: str, read: TrfEvent) -> None:
    """A round without an opponent: a bye of its kind, or no game (blank, ``-``; a round robin's
    ``Z``, the free round)."""
    kind = _BYES.get(entry.code)
    if entry.code in _GAME or entry.code == "+":
        kind = {1.0: BYE, 0.5: "bye-half", 0.0: "bye-zero"}[_GAME.get(entry.code, 1.0)]
        if entry.code != "+":
            read.event.warnings.append(
                f"{where}: round {entry.round}: a game's result ({entry.code}) with no opponent; "
                "read as a bye of its points"
            )
    if kind is None or (kind == "bye-zero" and system == "round-robin"):
        return
    _add(read, Game(entry.round, line.name, None, kind, source=where))


def _add(read: TrfEvent, game: Game) -> None:
    """Count ``game``, unless another file gave it already (then say so if they differ)."""
    key = (game.round or 0, frozenset((game.first, game.second or "")))
    known = read._games.get(key)
    if known is None:
        read._games[key] = game
        read.event.games.append(game)
    elif (known.first, known.result) != (game.first, game.result):
        read.event.warnings.append(
            f"{game.source}: round {game.round}: {game.first} – {game.second or 'bye'} {game.result}, "
            f"but {known.source} gives {known.first} – {known.second or 'bye'} {known.result}; "
            "the first is counted"
        )


def _withdrawals(by_number: dict[int, Line], paired: set[int], event: Event) -> None:
    """A player without a game or bye in the last rounds others were paired in withdrew before
    the first of them (FIDE's example TRF leaves the rounds after a withdrawal blank)."""
    last = max(paired, default=0)
    for line in by_number.values():
        taken = [r for r, e in line.rounds.items() if e.opponent is not None or e.code not in ("", "-")]
        after = max(taken, default=0) + 1
        if after <= last and all(r in paired for r in range(after, last + 1)):
            event.withdrawn.setdefault(line.name, after)
