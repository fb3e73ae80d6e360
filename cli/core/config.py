"""Configuration files: ``kifu.toml``, ``.kifu.toml`` and ``[tool.kifu]`` in ``pyproject.toml``.

As ruff does it: the one file closest to a record file (searching from its directory upwards
to the repository root, a directory holding ``.git``, at most) applies to it; parent files are
not merged key by key, but a file may name another with ``extend`` and take its settings below
its own. The command line wins over the file. The user's own ``kifu.toml``
(:func:`user_config_path`) comes below them all. Keys are the long options of ``kifu check``
without their dashes (``fail-on``, ``per-file-ignores``); a key nobody knows is an error that
names it and the file. What a key means, and how its value is read, and which keys a project's
file may not set, is the command's business (:mod:`kifu.commands.options`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KIFU_TOML = "kifu.toml"
HIDDEN_KIFU_TOML = ".kifu.toml"
PYPROJECT = "pyproject.toml"
#: the names of a configuration file, the first found in a directory winning (ruff's order)
CONFIG_NAMES = (HIDDEN_KIFU_TOML, KIFU_TOML, PYPROJECT)
#: the key that names a file whose settings this one extends
EXTEND = "extend"


class ConfigError(ValueError):
    """A configuration file that cannot be read or holds a key or value that means nothing."""


@dataclass(frozen=True, slots=True)
class ConfigFile:
    """The settings of one file: ``values`` keyed as written; ``name`` says where they are."""

    path: Path
    values: dict[str, Any]

    @property
    def name(self) -> str:
        """``kifu.toml`` or ``pyproject.toml [tool.kifu]``, with the file's path."""
        table = " [tool.kifu]" if self.path.name == PYPROJECT else ""
        return f"{self.path}{table}"


def read(path: Path) -> ConfigFile | None:
    """The settings of ``path`` (``None`` for a ``pyproject.toml`` without ``[tool.kifu]``)."""
    # (imported here: most runs find no configuration file, and need no TOML reader)
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise ConfigError(
            f"{path} is not valid TOML: arrays or tables nested too deeply{_deepest_key(path)}"
        ) from None
    if path.name == PYPROJECT:
        tool = document.get("tool", {})
        if not isinstance(tool, dict) or "kifu" not in tool:
            return None
        table = tool["kifu"]
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.kifu] must be a table")
        return ConfigFile(path, table)
    return ConfigFile(path, document)


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
                if os.path.isfile(path := os.path.join(directory, name))
                and (name != PYPROJECT or read(Path(path)) is not None)
            ),
            None,
        )
        parent = os.path.dirname(directory)
        if found is None and parent != directory and not os.path.lexists(os.path.join(directory, ".git")):
            found = self._from(parent)
        self._closest[directory] = found
        return found


def load(path: Path) -> list[ConfigFile]:
    """The settings of the file at ``path`` and of the files it extends (``extend = "../kifu.toml"``,
    relative to the file that says it), the furthest first: a key of a later file wins. Raises
    :class:`ConfigError` for a file that cannot be read, has no settings, or extends itself
    through a cycle."""
    chain: list[ConfigFile] = []
    seen: list[Path] = []
    current = path
    while True:
        key = current.resolve()
        if key in seen:
            cycle = " -> ".join(str(step) for step in (*seen, key))
            raise ConfigError(f"{chain[-1].name}: extend makes a cycle: {cycle}")
        seen.append(key)
        if not current.is_file():  # (a FIFO is never opened: reading it would wait for a writer)
            where = f"{chain[-1].name}: extend: " if chain else ""
            what = "not a regular file" if current.exists() else "no such configuration file"
            raise ConfigError(f"{where}{what}: {current}")
        config = read(current)
        if config is None:
            where = f"{chain[-1].name}: extend: " if chain else ""
            raise ConfigError(f"{where}{current} has no [tool.kifu] table")
        chain.append(config)
        extend = config.values.get(EXTEND)
        if extend is None:
            break
        if not isinstance(extend, str) or not extend:
            raise ConfigError(f"{config.name}: extend must be the path of a configuration file")
        current = current.parent / os.path.expanduser(extend)
    return chain[::-1]


def discover(start: Path) -> list[ConfigFile]:
    """The settings that apply in the directory ``start``: the closest file (:func:`find`) and
    the files it extends, the furthest first; none when no file is found."""
    path = find(start)
    return [] if path is None else load(path)


def check_keys(config: ConfigFile, known: Collection[str]) -> None:
    """Raise :class:`ConfigError` naming the first key of ``config`` that is not in ``known``."""
    for key in config.values:
        if key not in known and key != EXTEND:
            import difflib  # (only for a key that is not known: it costs every start otherwise)

            close = difflib.get_close_matches(key.replace("_", "-"), list(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; the keys are: {', '.join(sorted(known))}"
            raise ConfigError(f"{config.name}: unknown key {key!r}{hint}")


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
    return read(path) if path.is_file() else None
