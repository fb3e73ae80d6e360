"""Configuration files: ``kifu.toml``, ``.kifu.toml`` and ``[tool.kifu]`` in ``pyproject.toml``.

As ruff does it: the one file closest to a record file (searching from its directory upwards
to the repository root, a directory holding ``.git``, at most) applies to it; parent files are
not merged key by key, but a file may name another with ``extend`` and take its settings below
its own. The command line wins over the file. The user's own ``kifu.toml``
(:func:`user_config_path`) comes below them all. Keys are the long options of ``kifu check``
without their dashes (``fail-on``, ``per-file-ignores``); a key nobody knows is an error that
names it and the file. What a key means, and how its value is read, and which keys a project's
file may not set, is the command's business (:mod:`kifu.commands.options`).

A project's files come from strangers: ``extend``, and a configuration file that is a symbolic
link, reach only files of the project (:func:`project_root`) or of the user's configuration
folder (:func:`user_config_folder`), and nothing outside is looked at, not even to say whether
it exists. A file named with ``--config`` is the user's choice, wherever it is. A message about
a file of the user's folder (:attr:`ConfigFile.private`) names the file and key, never a value.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import re
import stat
import sys
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kifu.core.escape import terminal
from kifu.core.paths import inside

KIFU_TOML = "kifu.toml"
HIDDEN_KIFU_TOML = ".kifu.toml"
PYPROJECT = "pyproject.toml"
#: the names of a configuration file, the first found in a directory winning (ruff's order)
CONFIG_NAMES = (HIDDEN_KIFU_TOML, KIFU_TOML, PYPROJECT)
#: the key that names a file whose settings this one extends
EXTEND = "extend"
#: the table of ``kifu standings``'s own settings (its keys: :mod:`kifu.standings.register`)
STANDINGS = "standings"


class ConfigError(ValueError):
    """A configuration file that cannot be read or holds a key or value that means nothing."""


@dataclass(frozen=True, slots=True)
class ConfigFile:
    """The settings of one file: ``values`` keyed as written; ``name`` says where they are.

    ``private``: the file is the user's (in :func:`user_config_folder`), not the project's: a
    message about it never quotes a value from it (a run's log may be public). ``anchor``: the
    folder its path patterns are relative to, as ruff anchors them: the file's own folder for a
    file found by discovery or named by ``extend``, the working directory (``""``) for the
    user's own file and one named with ``--config`` (and the files it extends)."""

    path: Path
    values: dict[str, Any]
    private: bool = False
    anchor: str = ""

    @property
    def name(self) -> str:
        """``kifu.toml`` or ``pyproject.toml [tool.kifu]``, with the file's path."""
        table = " [tool.kifu]" if self.path.name == PYPROJECT else ""
        return f"{self.path}{table}"

    @property
    def shown(self) -> str:
        """:attr:`name` for a one-line message: its control characters shown as escapes."""
        return terminal(self.name, one_line=True)


def _shown(path: str | Path) -> str:
    return terminal(str(path), one_line=True)


#: where tomllib says a mistake is: `` (at line 3, column 7)``
_POSITION = re.compile(r" \(at [^()]*\)$")


def read(path: Path, *, private: bool = False) -> ConfigFile | None:
    """The settings of ``path`` (``None`` for a ``pyproject.toml`` without ``[tool.kifu]``);
    ``private``: the user's file, whose mistakes are said without quoting it."""
    # (imported here: most runs find no configuration file, and need no TOML reader)
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read {_shown(path)}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        # tomllib's messages quote a key or a character of the file: the position alone, for the user's
        position = _POSITION.search(str(error))
        said = (position.group() if position else "") if private else f": {error}"
        raise ConfigError(f"{_shown(path)} is not valid TOML{said}") from None
    except UnicodeDecodeError as error:
        said = "it is not UTF-8 text" if private else str(error)
        raise ConfigError(f"{_shown(path)} is not valid TOML: {said}") from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise ConfigError(
            f"{_shown(path)} is not valid TOML: arrays or tables nested too deeply{_deepest_key(path)}"
        ) from None
    if path.name == PYPROJECT:
        tool = document.get("tool", {})
        if not isinstance(tool, dict) or "kifu" not in tool:
            return None
        table = tool["kifu"]
        if not isinstance(table, dict):
            raise ConfigError(f"{_shown(path)}: [tool.kifu] must be a table")
        return ConfigFile(path, table, private)
    return ConfigFile(path, document, private)


def _deepest_key(path: Path, depth: int = 100) -> str:
    """`` in key 'K' (line N)`` for the line where brackets first nest ``depth`` deep in the file
    at ``path`` (roughly: quotes are not told apart), or ``""``; for a message only."""
    nesting = 0
    with path.open(encoding="utf-8", errors="replace") as stream:
        for number, line in enumerate(stream, 1):
            for character in line:
                nesting += (character in "[{") - (character in "]}")
                if nesting >= depth:
                    key = line.partition("=")[0].strip() if "=" in line else ""
                    shown = f" {key!r}" if key and len(key) <= 64 and key.isprintable() else ""
                    return f" in key{shown} (line {number})"
    return ""


def find(start: Path) -> Path | None:
    """The configuration file closest to ``start`` (a directory): in the first directory at or
    above it that holds one, ``.kifu.toml``, else ``kifu.toml``, else a ``pyproject.toml`` with
    ``[tool.kifu]`` (ruff's order). The search stops at the repository root (a directory holding
    ``.git``, a folder or a worktree's file), which is searched: a checkout inside another
    directory does not take that directory's settings."""
    return Finder().find(start)


class Finder:
    """:func:`find` for many directories (a walk's), each directory on the way looked at once
    (with ``os.path`` on strings: pathlib costs more than the look itself)."""

    def __init__(self) -> None:
        self._closest: dict[str, str | None] = {}
        self._real: dict[str, str] = {}

    def find(self, start: Path) -> Path | None:
        """The configuration file closest to the directory ``start`` (:func:`find`)."""
        found = self._from(self._realpath(os.path.abspath(start)))
        return None if found is None else Path(found)

    def _realpath(self, directory: str) -> str:
        """``os.path.realpath(directory)``, from the parent's: one ``lstat`` a directory."""
        real = self._real.get(directory)
        if real is None:
            parent, name = os.path.split(directory)
            if parent == directory or not name or os.path.islink(directory):
                real = os.path.realpath(directory)
            else:
                real = os.path.join(self._realpath(parent), name)
            self._real[directory] = real
        return real

    def _from(self, directory: str) -> str | None:
        if directory in self._closest:
            return self._closest[directory]
        found = next(
            (
                path
                for name in CONFIG_NAMES
                if _is_file(path := os.path.join(directory, name))
                and (name != PYPROJECT or read(Path(path)) is not None)
            ),
            None,
        )
        parent = os.path.dirname(directory)
        if found is None and parent != directory and not os.path.lexists(os.path.join(directory, ".git")):
            found = self._from(parent)
        self._closest[directory] = found
        return found


def _is_file(path: str) -> bool:
    """Whether ``path`` is a regular file, refusing (:class:`ConfigError`) a symbolic link that
    leads out of the project and the user's configuration folder, before anything is known of
    where it leads (a missing file is refused as an existing one is)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    if stat.S_ISLNK(mode):
        _refuse_outside(path)
        return os.path.isfile(path)
    return stat.S_ISREG(mode)


def user_config_folder() -> Path:
    """The folder of the user's own configuration (:func:`user_config_path`): ``extend`` may name
    the files in it, a project's as well as the user's."""
    return user_config_path().parent


def project_root(directory: str | Path) -> Path:
    """How far up a project's configuration file in ``directory`` may reach (``extend``, a link):
    the repository root at or above it (the closest directory holding ``.git``, where :func:`find`
    stops too); outside a repository, the highest directory at or above it that holds a
    configuration file (:data:`CONFIG_NAMES`: a ``pyproject.toml`` with ``[tool.kifu]``), else
    ``directory`` itself. A real path: ``..`` and links do not lead out of it."""
    current = top = os.path.realpath(directory)
    while True:
        if os.path.lexists(os.path.join(current, ".git")):
            return Path(current)
        if _holds_configuration(current):
            top = current
        parent = os.path.dirname(current)
        if parent == current:
            return Path(top)
        current = parent


def _holds_configuration(directory: str) -> bool:
    """Whether ``directory`` holds a configuration file, a regular one: a link is not followed
    (where it leads is not known to be the project's yet)."""
    for name in CONFIG_NAMES:
        path = os.path.join(directory, name)
        try:
            regular = stat.S_ISREG(os.lstat(path).st_mode)
        except OSError:
            regular = False
        if regular:
            if name != PYPROJECT:
                return True
            try:
                if read(Path(path), private=True) is not None:
                    return True
            except ConfigError:  # (not the project's business here: find says it, if it applies)
                pass
    return False


class _Reach:
    """Where the configuration files of a project in ``directory`` may be: the project
    (:func:`project_root`, found once it is needed) and the user's configuration folder."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = directory
        self.folder = os.path.realpath(user_config_folder())
        self._root: str | None = None

    def root(self) -> str:
        if self._root is None:
            self._root = str(project_root(self.directory))
        return self._root

    def private(self, path: str | Path) -> bool:
        """Whether ``path`` is in the user's configuration folder (its file's values are not quoted)."""
        return inside(os.path.realpath(path), self.folder)

    def refuse_outside(self, path: str | Path, declared_by: ConfigFile | None) -> bool:
        """Raise :class:`ConfigError` when the real place of ``path`` is neither in the project
        nor in the user's folder; ``declared_by``: the file whose ``extend`` names it (``None``:
        ``path`` is a link met in the search). Returns :meth:`private`."""
        real = os.path.realpath(path)
        if inside(real, self.folder):
            return True
        if inside(real, self.root()):
            return False
        where = (
            f"{declared_by.shown}: extend names a file"
            if declared_by
            else f"{_shown(path)} is a symbolic link to a file"
        )
        raise ConfigError(
            f"{where} outside the project ({_shown(self.root())}) and the user's configuration folder "
            f"({_shown(self.folder)}): it is not read"
        )


def _refuse_outside(path: str) -> None:
    """:meth:`_Reach.refuse_outside` for a configuration file met in the search, a link."""
    _Reach(os.path.dirname(path)).refuse_outside(path, None)


def load(path: Path, *, named: bool = False) -> list[ConfigFile]:
    """The settings of the file at ``path`` and of the files it extends (``extend = "../kifu.toml"``,
    relative to the file that says it), the furthest first: a key of a later file wins. Each
    file's patterns are anchored at its folder, or all at the working directory when ``named``
    (:attr:`ConfigFile.anchor`). Raises
    :class:`ConfigError` for a file that cannot be read, has no settings, or extends itself
    through a cycle, and for a file outside the project of ``path`` (:func:`project_root`) and
    the user's configuration folder: one that ``extend`` names, and ``path`` itself, a link,
    unless it is ``named`` (``--config``: the user's choice); nothing is asked about such a file."""
    if "\0" in str(path):
        raise ConfigError(f"no such configuration file: {_shown(path)}")
    chain: list[ConfigFile] = []
    seen: list[str] = []
    current = path
    reach = _Reach(path.parent)
    if named or os.path.realpath(path) == os.path.abspath(path):  # (no link: in its own folder)
        private = reach.private(path)
    else:
        private = reach.refuse_outside(path, None)
    while True:
        key = os.path.realpath(current)  # (not Path.resolve: it raises on a loop of links)
        if key in seen:
            cycle = " -> ".join(_shown(step) for step in (*seen, key))
            raise ConfigError(f"{chain[-1].shown}: extend makes a cycle: {cycle}")
        seen.append(key)
        where = f"{chain[-1].shown}: extend: " if chain else ""
        try:
            mode = os.stat(current).st_mode
        except OSError as error:
            what = (
                "a loop of symbolic links"
                if error.errno == errno.ELOOP
                else "no such configuration file"
                if isinstance(error, (FileNotFoundError, NotADirectoryError))
                else f"cannot read ({error.strerror})"
            )
            raise ConfigError(f"{where}{what}: {_shown(current)}") from None
        if not stat.S_ISREG(mode):  # (a FIFO is never opened: reading it would wait for a writer)
            raise ConfigError(f"{where}not a regular file: {_shown(current)}")
        config = read(current, private=private)
        if config is None:
            raise ConfigError(f"{where}{_shown(current)} has no [tool.kifu] table")
        if not named:
            config = dataclasses.replace(config, anchor=os.path.abspath(current.parent))
        chain.append(config)
        extend = config.values.get(EXTEND)
        if extend is None:
            break
        if not isinstance(extend, str) or not extend or "\0" in extend:  # (no path holds a NUL)
            raise ConfigError(f"{config.shown}: extend must be the path of a configuration file")
        current = current.parent / os.path.expanduser(extend)
        private = reach.refuse_outside(current, config)
    return chain[::-1]


def discover(start: Path) -> list[ConfigFile]:
    """The settings that apply in the directory ``start``: the closest file (:func:`find`) and
    the files it extends, the furthest first; none when no file is found."""
    path = find(start)
    return [] if path is None else load(path)


def check_keys(config: ConfigFile, known: Collection[str]) -> None:
    """Raise :class:`ConfigError` naming the first key of ``config`` that is not in ``known``."""
    check_table_keys(config.values, known, config.name, (EXTEND, STANDINGS))


def check_table_keys(
    table: Collection[str], known: Collection[str], where: str, also: Collection[str] = ()
) -> None:
    """Raise :class:`ConfigError` naming the first key of ``table`` (a file's, or one of its
    tables', ``where`` says which) that is neither in ``known`` nor in ``also``, with the
    known key it is closest to, or all of them."""
    for key in table:
        if key not in known and key not in also:
            import difflib  # (only for a key that is not known: it costs every start otherwise)

            close = difflib.get_close_matches(key.replace("_", "-"), list(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; the keys are: {', '.join(sorted(known))}"
            raise ConfigError(f"{where}: unknown key {key!r}{hint}")


def user_config_path() -> Path:
    """The user's own ``kifu.toml``: ``$XDG_CONFIG_HOME/kifu/kifu.toml``, else
    ``~/.config/kifu/kifu.toml`` (a relative ``XDG_CONFIG_HOME`` is ignored, as XDG says)."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "kifu" / KIFU_TOML


def read_user_config() -> ConfigFile | None:
    """The user's own settings (:func:`user_config_path`), or ``None`` when there are none."""
    path = user_config_path()
    return read(path, private=True) if path.is_file() else None
