"""The player register: who each name of the records is (issue 48).

A register is a CSV with a header naming its columns, in any order and any case: ``name`` (the
only one required), ``fide_id``, ``national_id``, ``federation``, ``title``, ``rating`` and
``spellings`` (the other ways the records write that player, several in one cell separated by
``;``). A record's name that matches the name or a spelling of an entry, after the matching of
the name warnings (Unicode NFC, case and spaces ignored; accents kept), is that player; the
columns the entry gives replace what the records' tags say. ``--alias SPELLING=NAME`` adds one
spelling from the command line.

The register is a stranger's file too (a project's configuration may name it): its size is
bounded as a record's is, a row that cannot be read is a warning with its line number, and its
text is escaped where it is shown, as the records' is.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kifu.core.digits import ascii_number
from kifu.standings.checks import appearances, near_matches, rounds_text
from kifu.standings.event import Event, Player, loose_key, normalise

#: the columns of a register, as its header names them
COLUMNS = ("name", "fide_id", "national_id", "federation", "title", "rating", "spellings")
#: other headings read as a column (compared without case, spaces, ``-`` and ``_``)
_HEADINGS = {
    **{column.replace("_", ""): column for column in COLUMNS},
    "player": "name",
    "fide": "fide_id",
    "fideid": "fide_id",
    "nationalid": "national_id",
    "fed": "federation",
    "elo": "rating",
    "spelling": "spellings",
    "aliases": "spellings",
}
#: what parts the spellings of one cell
SEPARATOR = ";"
#: the longest name or spelling read (TRF-16 gives a name 33 columns)
MAX_NAME = 100
#: the longest title and national ID read
MAX_FIELD = 20
#: the columns a register replaces, in the order they are said
REPLACED = ("name", "fide_id", "title", "rating", "federation")
#: how the output names the columns
SHOWN = {
    "name": "name",
    "fide_id": "FIDE ID",
    "title": "title",
    "rating": "rating",
    "federation": "federation",
}
#: the near matches a warning names at most
MAX_NEAR = 5
#: the names a note under the table lists at most
MAX_LISTED = 10
#: where an entry of ``--alias`` comes from
ALIAS = "--alias"
#: the keys of ``[tool.kifu.standings]`` (``[standings]`` in a ``kifu.toml``)
STANDINGS_KEYS = ("players",)


class RegisterError(ValueError):
    """A register that cannot be read at all (no file, not text, too large, no name column)."""


@dataclass(slots=True)
class Entry:
    """One player of the register; ``where`` is its line (``players.csv:3``) or ``--alias``."""

    name: str
    where: str
    fide_id: str | None = None
    national_id: str | None = None
    federation: str | None = None
    title: str | None = None
    rating: int | None = None
    spellings: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a player's columns come from: ``columns`` maps each of :data:`REPLACED` that has a
    value to ``register`` or ``records``; ``entry`` the register's line (``None``: no entry);
    ``spellings`` the other ways the records wrote the name."""

    entry: str | None
    columns: dict[str, str]
    spellings: tuple[str, ...] = ()
    fide_id: str | None = None
    national_id: str | None = None
    #: those of ``spellings`` that ``--alias`` gives
    aliased: tuple[str, ...] = ()


@dataclass(slots=True)
class Register:
    """The entries of a register file (``label``: the file as shown; ``None`` with ``--alias``
    alone), each name and spelling by its :func:`loose_key`."""

    label: str | None = None
    entries: list[Entry] = field(default_factory=list)
    keys: dict[str, Entry] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    #: the keys of the spellings ``--alias`` gives
    aliased: set[str] = field(default_factory=set)

    def find(self, name: str) -> Entry | None:
        """The entry whose name or spelling ``name`` is."""
        return self.keys.get(loose_key(normalise(name)))

    def aliases(self) -> dict[str, str]:
        """Each spelling's key → the name it is read as (:attr:`kifu.standings.event.Event.aliases`)."""
        return {key: entry.name for key, entry in self.keys.items()}

    def add(self, entry: Entry) -> bool:
        """Add ``entry`` and its spellings; a name already another entry's is a warning (row
        skipped), and so is a spelling (that spelling left out)."""
        key = loose_key(entry.name)
        other = self.keys.get(key)
        if other is not None:
            self.warnings.append(
                f"{entry.where}: {entry.name!r} is already {_entry_text(other)}; row skipped"
            )
            return False
        self.entries.append(entry)
        self.keys[key] = entry
        spellings = []
        for spelling in entry.spellings:
            known = self.keys.get(loose_key(spelling))
            if known is entry:
                continue
            if known is not None:
                self.warnings.append(
                    f"{entry.where}: the spelling {spelling!r} is already {_entry_text(known)}; "
                    "left out of this row"
                )
                continue
            self.keys[loose_key(spelling)] = entry
            spellings.append(spelling)
        entry.spellings = spellings
        return True

    def alias(self, spelling: str, name: str) -> None:
        """``--alias SPELLING=NAME``: ``spelling`` is read as ``name`` (an entry's name or
        spelling, else a name of its own). A spelling that was another entry's name makes that
        entry's spellings ``name``'s too (the last alias wins)."""
        target = self.find(name)
        if target is None:
            target = Entry(normalise(name), ALIAS)
            self.entries.append(target)
            self.keys[loose_key(target.name)] = target
        key = loose_key(normalise(spelling))
        before = self.keys.get(key)
        if before is target:
            return
        written = normalise(spelling)
        if before is not None and loose_key(before.name) == key:
            if before.where != ALIAS:
                self.warnings.append(
                    f"--alias {written}={target.name}: {_entry_text(before)} and {target.name!r} "
                    "are counted as one player"
                )
            for other, entry in list(self.keys.items()):
                if entry is before:
                    self.keys[other] = target
            target.spellings += [before.name, *before.spellings]
            self.entries.remove(before)
            return
        if before is not None and before.where != ALIAS:
            self.warnings.append(
                f"--alias {written}={target.name}: {written!r} was a spelling of {_entry_text(before)}; "
                f"read as {target.name!r}"
            )
        self.keys[key] = target
        self.aliased.add(key)
        target.spellings.append(written)


def _entry_text(entry: Entry) -> str:
    return f"{entry.name!r} ({entry.where})"


def parse_alias(text: str) -> tuple[str, str]:
    """``(spelling, name)`` of ``SPELLING=NAME``; :class:`ValueError` naming one that is not."""
    spelling, equals, name = text.partition("=")
    if not equals or not normalise(spelling) or not normalise(name):
        raise ValueError(f"{text!r} is not SPELLING=NAME (for example 'Petrov, I.=Petrov, Ivan')")
    if max(len(normalise(spelling)), len(normalise(name))) > MAX_NAME:
        raise ValueError(f"{text!r}: a name of more than {MAX_NAME} characters")
    return spelling, name


def load(path: str, label: str | None = None, limit: int | None = None) -> Register:
    """The register in the file at ``path`` (``label``: how messages name it), read up to
    ``limit`` characters (default: the limit of a record, :func:`kifu.core.limits.limits`);
    :class:`RegisterError` for one that cannot be read at all."""
    from kifu.core.limits import characters, limits

    shown = label or path
    bound = limits().record if limit is None else limit
    try:
        if not os.path.isfile(path):
            raise RegisterError(f"{shown}: no such file")
        with open(path, encoding="utf-8-sig", newline="") as handle:
            text = handle.read(bound + 1) if bound else handle.read()
    except OSError as error:
        raise RegisterError(f"cannot read {shown}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RegisterError(f"{shown} is not UTF-8 text") from None
    if bound and len(text) > bound:
        raise RegisterError(
            f"{shown} is longer than {characters(bound)} (the limit of a record, --max-record): not read"
        )
    return read(text, shown)


def read(text: str, label: str) -> Register:
    """The register in ``text`` (a CSV with a header), ``label`` naming it in messages."""
    register = Register(label)
    rows = csv.reader(io.StringIO(text))
    columns: dict[int, str] | None = None
    number = 0
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as error:
            register.warnings.append(f"{label}:{rows.line_num}: cannot be read as CSV ({error}); row skipped")
            continue
        number = rows.line_num
        cells = [cell.strip() for cell in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if columns is None:
            columns = _header(cells, label, number, register.warnings)
            continue
        entry = _entry(cells, columns, f"{label}:{number}", register.warnings)
        if entry is not None:
            register.add(entry)
    if columns is None:
        raise RegisterError(
            f"{label}: no header (name, fide_id, national_id, federation, title, rating, spellings)"
        )
    return register


def _header(cells: list[str], label: str, number: int, warnings: list[str]) -> dict[int, str]:
    """The column of each position of a header row; :class:`RegisterError` without ``name``."""
    columns: dict[int, str] = {}
    for position, cell in enumerate(cells):
        column = _HEADINGS.get(cell.casefold().replace(" ", "").replace("_", "").replace("-", ""))
        if column is None:
            if cell:
                warnings.append(f"{label}:{number}: column {cell!r} is not one kifu reads; ignored")
        elif column in columns.values():
            warnings.append(f"{label}:{number}: column {cell!r} is given twice; the first is read")
        else:
            columns[position] = column
    if "name" not in columns.values():
        raise RegisterError(
            f"{label}:{number}: the header names no 'name' column (the columns are: {', '.join(COLUMNS)})"
        )
    return columns


def _entry(cells: list[str], columns: dict[int, str], where: str, warnings: list[str]) -> Entry | None:
    """The entry of one row (``None`` and a warning for a row without a usable name)."""
    values = {
        column: normalise(cells[position]) for position, column in columns.items() if position < len(cells)
    }
    name = values.get("name", "")
    if not name:
        warnings.append(f"{where}: no name; row skipped")
        return None
    if len(name) > MAX_NAME:
        warnings.append(f"{where}: a name of more than {MAX_NAME} characters; row skipped")
        return None
    entry = Entry(name, where)
    for column in ("fide_id", "national_id", "federation", "title", "rating"):
        value = values.get(column, "")
        if value in ("", "-", "?"):
            continue
        problem = _set(entry, column, value)
        if problem:
            warnings.append(f"{where}: {column} {value!r} {problem}; ignored")
    for spelling in values.get("spellings", "").split(SEPARATOR):
        spelling = normalise(spelling)
        if not spelling:
            continue
        if len(spelling) > MAX_NAME:
            warnings.append(f"{where}: a spelling of more than {MAX_NAME} characters; left out")
            continue
        if spelling not in entry.spellings:
            entry.spellings.append(spelling)
    return entry


def _set(entry: Entry, column: str, value: str) -> str | None:
    """Set ``column`` of ``entry`` from its written ``value``; what is wrong with it, if anything."""
    if column == "rating":
        rating = ascii_number(value)
        if rating is None:
            return "is not a rating"
        entry.rating = rating or None
    elif column == "fide_id":
        if not (value.isascii() and value.isdigit() and len(value) <= 11):
            return "is not a FIDE ID (up to 11 digits)"
        entry.fide_id = value
    elif column == "federation":
        if not (len(value) == 3 and value.isascii() and value.isalpha()):
            return "is not a federation (three letters)"
        entry.federation = value.upper()
    elif len(value) > MAX_FIELD:
        return f"is longer than {MAX_FIELD} characters"
    elif column == "title":
        entry.title = value
    else:
        entry.national_id = value
    return None


def configured(start: Path, config_file: str | None, isolated: bool) -> tuple[str, str] | None:
    """``(path, origin)`` of the register that ``[tool.kifu.standings] players`` (``[standings]`` in
    a ``kifu.toml``) names in the configuration that applies in ``start``, the closest file's
    winning over the user's own; ``None`` when none names one. The path is relative to the
    file that gives it; a project's file may name a register in its project only (the user's
    own, anywhere). Raises :class:`kifu.application.config.ConfigError` for a value that means
    nothing."""
    from kifu.application.config import STANDINGS, ConfigError, discover, project_root, read_user_config
    from kifu.application.config import load as load_config
    from kifu.core.paths import inside

    if isolated:
        return None
    user = read_user_config()
    files = load_config(Path(config_file), named=True) if config_file else discover(start)
    chain = ([user] if user is not None else []) + [c for c in files if user is None or c.path != user.path]
    for config in reversed(chain):
        table = config.values.get(STANDINGS)
        if table is None:
            continue
        where = f"{config.shown}: {STANDINGS}"
        if not isinstance(table, dict):
            raise ConfigError(f'{where} must be a table: [tool.kifu.standings] players = "players.csv"')
        for key in table:
            if key not in STANDINGS_KEYS:
                named = "(not shown: the file is the user's)" if config.private else repr(key)
                raise ConfigError(f"{where}: unknown key {named}; the keys are: {', '.join(STANDINGS_KEYS)}")
        value = table.get("players")
        if value is None:
            continue
        if not isinstance(value, str) or not value or "\0" in value:
            raise ConfigError(f"{where}: players must be the path of a CSV file")
        path = os.path.join(config.path.parent, os.path.expanduser(value))
        if not config.private and not inside(os.path.realpath(path), str(project_root(config.path.parent))):
            raise ConfigError(
                f"{where}: players names a file outside the project ({project_root(config.path.parent)}): "
                "it is not read"
            )
        return path, where
    return None


def apply(event: Event, register: Register) -> dict[str, Provenance]:
    """Replace each registered player's columns by the register's where it gives them; where
    each player's columns come from."""
    found: dict[str, Provenance] = {}
    for name, player in list(event.players.items()):
        entry = register.find(name)
        if entry is None or entry.name != name:
            columns = {
                column: "records" for column in REPLACED if column == "name" or getattr(player, column)
            }
            found[name] = Provenance(None, columns, fide_id=player.fide_id)
            continue
        columns = {"name": "register"}
        values: dict[str, Any] = {}
        for column in REPLACED[1:]:
            given, written = getattr(entry, column), getattr(player, column)
            values[column] = given if given is not None else written
            if given is not None:
                columns[column] = "register"
            elif written:
                columns[column] = "records"
        event.players[name] = Player(
            name, values["rating"], values["fide_id"], values["title"], values["federation"]
        )
        spellings = tuple(sorted(event.read_as.get(name, {})))
        aliased = tuple(s for s in spellings if loose_key(s) in register.aliased)
        found[name] = Provenance(
            entry.where, columns, spellings, values["fide_id"], entry.national_id, aliased
        )
    return found


def unregistered(event: Event, register: Register) -> list[str]:
    """A warning per player of the event in no entry of the register (a register file's), with
    the names it is near: the register's names and spellings, and the event's other names; a
    name of a player who plays in a round with it is not one of them."""
    if register.label is None:
        return []
    names = [name for name in event.players if register.find(name) is None]
    if not names:
        return []
    seen = appearances(event)
    entry_of: dict[str, Entry] = {}
    pool: list[str] = []
    for entry in register.entries:
        for written in (entry.name, *entry.spellings):
            entry_of.setdefault(written, entry)
            pool.append(written)
    near = near_matches(names, [*pool, *names])
    found = []
    for name in sorted(names, key=lambda n: (min(seen.get(n, ()), default=0), n)):
        rounds = seen.get(name, set())
        said: dict[str, str] = {}
        for other, why in near[name]:
            known = entry_of.get(other)
            player = known.name if known is not None else other
            if player in said or seen.get(player, set()) & rounds:
                continue  # (one who plays in the same round is another player)
            if known is None:
                said[player] = f"{other!r} ({rounds_text(seen.get(other, ()))} of the event, {why})"
            elif other == known.name:
                said[player] = f"{known.name!r} ({known.where}, {why})"
            else:
                said[player] = f"{known.name!r} ({known.where}, as {other!r}: {why})"
        listed = list(said.values())
        where = f"{name!r} ({rounds_text(rounds)}) is not in the player register {register.label}"
        if not listed:
            found.append(
                f"{where}, and no name in it or in the event is near; counted as a player of their own"
            )
            continue
        more = f" and {len(listed) - MAX_NEAR} more" if len(listed) > MAX_NEAR else ""
        found.append(
            f"{where}; near: {', '.join(listed[:MAX_NEAR])}{more}; counted as a player of their own: "
            "add the spelling to the register if it is one of them"
        )
    return found


def notes(provenance: dict[str, Provenance], label: str | None) -> list[str]:
    """The lines under the table that say where the players' columns come from, and which
    spellings of the records were read as a registered name."""
    total = len(provenance)
    registered = [name for name, p in provenance.items() if p.entry is not None]
    where = f"the player register {label}" if label else ALIAS
    lines = [f"Players: {len(registered)} of {total} from {where}."]
    parts = []
    for column in REPLACED:
        register = sum(1 for p in provenance.values() if p.columns.get(column) == "register")
        records = sorted(name for name, p in provenance.items() if p.columns.get(column) == "records")
        if not register and not records:
            continue
        said = [f"register {register}"] if register else []
        if records:
            said.append(f"records {len(records)} ({_listed(records)})")
        parts.append(f"{SHOWN[column]}: {', '.join(said)}")
    if parts:
        lines.append("Sources: " + "; ".join(parts) + ".")
    spelled = [
        (spelling, name, p.entry if spelling not in p.aliased or p.entry == ALIAS else f"{p.entry}, {ALIAS}")
        for name, p in sorted(provenance.items())
        for spelling in p.spellings
    ]
    if spelled:
        lines.append("Spellings of the records read as a registered name:")
        lines += [f"  {spelling!r} as {name!r} ({entry})" for spelling, name, entry in spelled]
    return lines


def _listed(names: Iterable[str]) -> str:
    shown = list(names)
    more = f" and {len(shown) - MAX_LISTED} more" if len(shown) > MAX_LISTED else ""
    return ", ".join(repr(name) for name in shown[:MAX_LISTED]) + more
