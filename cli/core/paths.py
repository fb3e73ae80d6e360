"""Path patterns with ``.gitignore`` semantics, and the ``.gitignore`` files of a git work tree.

``include``, ``exclude``, ``extend-exclude`` and ``per-file-ignores`` are gitignore patterns
anchored, as ruff anchors them, at the folder of the configuration file that gives them (the
working directory for the command line's, ``--config``'s and the user's own file's): a path is
matched relative to that folder (:class:`Anchored`), whatever path kifu was given.
``drafts/`` is a directory at any depth, ``drafts/*`` the files directly under ``drafts`` in the
anchor, ``**/drafts/*.pgn`` at any depth, ``*.pgn`` any such file, ``!x`` takes ``x`` back. A path
outside the anchor is matched by its name alone (``*.pgn`` and ``drafts/`` still apply to it).
The matching is pathspec's ``GitIgnoreSpec`` (git's own rules, edge cases included), imported
only when a pattern is used.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class PatternError(ValueError):
    """A pattern that is no gitignore pattern (``[z-a]``, ``!``, a trailing ``\\``); the message
    quotes it and says why."""


def _spec(lines: Iterable[str]) -> Any:
    """The ``GitIgnoreSpec`` of ``lines``; :class:`PatternError` for the first that is no pattern."""
    import re
    import warnings

    import pathspec

    lines = list(lines)
    with warnings.catch_warnings():  # ("possible nested set": re's notice of a future change)
        warnings.simplefilter("ignore", FutureWarning)
        try:
            return pathspec.GitIgnoreSpec.from_lines(lines)
        except (ValueError, re.error):
            for line in lines:  # which one: pathspec's error may not quote it (a bad range)
                try:
                    pathspec.GitIgnoreSpec.from_lines([line])
                except (ValueError, re.error) as error:
                    reason = str(error).split(" at position")[0] if isinstance(error, re.error) else ""
                    because = f" ({reason})" if reason else ""
                    raise PatternError(f"{line!r} is not a gitignore pattern{because}") from None
            raise  # pragma: no cover (each line alone is a pattern, all of them are not)


def _lenient_spec(lines: list[str]) -> Any:
    """The ``GitIgnoreSpec`` of a ``.gitignore`` file's ``lines`` without those that are no
    pattern: git lets such a line match nothing, and a repository's file is not kifu's usage."""
    try:
        return _spec(lines)
    except PatternError:
        kept = []
        for line in lines:
            try:
                _spec([line])
            except PatternError:
                continue
            kept.append(line)
        return _spec(kept)


def check_patterns(patterns: Iterable[str]) -> None:
    """Raise :class:`PatternError` for the first of ``patterns`` that is no gitignore pattern."""
    patterns = tuple(patterns)
    if patterns:
        _spec(patterns)


def posix(path: str) -> str:
    """``path`` with ``/`` separators and without a leading ``./``."""
    text = path.replace(os.sep, "/")
    while text.startswith("./"):
        text = text[2:]
    return text


@dataclass(frozen=True, slots=True)
class PathPatterns:
    """Gitignore patterns; a path matches when the last pattern that concerns it is not ``!``.
    Raises :class:`PatternError` for one that is no pattern."""

    patterns: tuple[str, ...]
    _spec: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_spec", _spec(self.patterns) if self.patterns else None)

    def __bool__(self) -> bool:
        return bool(self.patterns)

    def matches(self, relative: str, *, is_dir: bool = False) -> bool:
        """Whether ``relative`` (to the patterns' anchor) matches; a directory also by a ``dir/`` pattern."""
        if self._spec is None:
            return False
        text = posix(relative)
        if is_dir and not text.endswith("/"):
            text += "/"
        return bool(self._spec.match_file(text))

    def decides(self, relative: str, *, is_dir: bool = False) -> bool | None:
        """Whether the last pattern that concerns ``relative`` takes it (``True``) or takes it back
        (``False``, a ``!`` pattern); ``None`` when none concerns it."""
        if self._spec is None:
            return None
        text = posix(relative)
        if is_dir and not text.endswith("/"):
            text += "/"
        include: bool | None = self._spec.check_file(text).include
        return include


#: patterns and the folder they are anchored at (``""``: the working directory)
Group = tuple[str, tuple[str, ...]]


@functools.lru_cache(maxsize=4096)
def _real(directory: str, cwd: str = "") -> str:
    """The real place of a directory (relative to ``cwd``), asked once per directory."""
    return os.path.realpath(os.path.join(cwd, directory or os.curdir))


def real_place(path: str) -> str:
    """The real place of ``path``: its directory's real path (links followed) and its name."""
    cwd = "" if os.path.isabs(path) else os.getcwd()
    directory, name = os.path.split(path)
    return (
        os.path.join(_real(directory, cwd), name)
        if name not in ("", os.curdir, os.pardir)
        else _real(path, cwd)
    )


def anchored_text(real: str, anchor: str) -> str | None:
    """What a pattern anchored at ``anchor`` (a real directory) matches for the real path
    ``real``: the path relative to the anchor; ``None`` for the anchor itself or a path outside it."""
    prefix = anchor if anchor.endswith(os.sep) else anchor + os.sep
    return real[len(prefix) :] if real.startswith(prefix) and len(real) > len(prefix) else None


@dataclass(frozen=True, slots=True)
class Anchored:
    """Groups of gitignore patterns, each anchored at its folder (:data:`Group`), in order: the last
    pattern that concerns a path decides, across the groups as within one."""

    groups: tuple[Group, ...] = ()
    _compiled: tuple[tuple[str, PathPatterns], ...] = field(default=(), compare=False, repr=False)
    #: (group, floor) → whether the group excludes the floor, a folder named as it is
    _floors: dict[tuple[int, str], str | None] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        compiled = tuple(
            (_real(os.path.abspath(base or os.curdir)), PathPatterns(patterns))
            for base, patterns in self.groups
            if patterns
        )
        object.__setattr__(self, "_compiled", compiled)

    def __bool__(self) -> bool:
        return bool(self._compiled)

    def matches(
        self, path: str, *, is_dir: bool = False, inside_only: bool = False, floor: str | None = None
    ) -> bool:
        """Whether ``path`` (as given: relative to the working directory, or absolute) matches: by
        its path relative to each group's anchor, or, outside the anchor, by its name (not at all
        with ``inside_only``). ``floor``: the folder named as it is that ``path`` was found in;
        a group that matches the folder itself judges ``path`` relative to it (what is in a folder
        named on purpose is not left out because the folder would be)."""
        if not self._compiled:
            return False
        real = real_place(path)
        verdict: bool | None = None
        for index, (anchor, patterns) in enumerate(self._compiled):
            text = anchored_text(real, anchor)
            below = self._below(index, floor) if floor is not None and text is not None else None
            if below is not None:
                text = anchored_text(real, below)
            if text is None:
                if inside_only:
                    continue
                text = f"../{os.path.basename(real)}"  # (matched by a name, never an anchored pattern)
            decided = patterns.decides(text, is_dir=is_dir)
            if decided is not None:
                verdict = decided
        return bool(verdict)

    def _below(self, index: int, floor: str) -> str | None:
        """The real place of ``floor`` when group ``index`` matches it (a folder), else ``None``."""
        key = (index, floor)
        if key not in self._floors:
            anchor, patterns = self._compiled[index]
            real = real_place(floor)
            text = anchored_text(real, anchor)
            excluded = text is not None and patterns.decides(text, is_dir=True) is True
            self._floors[key] = real if excluded else None
        return self._floors[key]


def inside(path: str, directory: str) -> bool:
    """Whether ``path`` is ``directory`` or lies under it; both real paths (``os.path.realpath``),
    compared as strings: no file is asked about."""
    path, directory = os.path.normcase(path), os.path.normcase(directory)
    return path == directory or path.startswith(
        directory if directory.endswith(os.sep) else directory + os.sep
    )


def work_tree(start: str | Path) -> Path | None:
    """The git work tree that holds ``start`` (a ``.git`` directory or file above it), or ``None``."""
    path = Path(start).resolve()
    for directory in (path, *path.parents):
        if (directory / ".git").exists():
            return directory
    return None


@dataclass(slots=True)
class GitIgnore:
    """What git ignores in the work tree at ``root``: every ``.gitignore`` from the root down
    to a path's directory (deeper files win, a later line wins) and ``.git/info/exclude``."""

    root: Path
    _specs: dict[Path, Any] = field(default_factory=dict)
    _ignored_dirs: dict[Path, bool] = field(default_factory=dict)

    def _spec_of(self, directory: Path) -> Any:
        if directory not in self._specs:
            lines: list[str] = []
            if directory == self.root:
                lines += _read_lines(self.root / ".git" / "info" / "exclude")
            lines += _read_lines(directory / ".gitignore")
            self._specs[directory] = _lenient_spec(lines) if lines else None
        return self._specs[directory]

    def _decides(self, path: Path, is_dir: bool) -> bool:
        """Whether the ``.gitignore`` files of ``path``'s ancestors ignore it (its directories aside)."""
        verdict = False
        relative_parts = path.relative_to(self.root).parts
        directory = self.root
        for depth in range(len(relative_parts)):
            spec = self._spec_of(directory)
            if spec is not None:
                text = "/".join(relative_parts[depth:]) + ("/" if is_dir else "")
                result = spec.check_file(text)
                if result.include is not None:
                    verdict = bool(result.include)
            directory = directory / relative_parts[depth]
        return verdict

    def ignored(self, path: str | Path, *, is_dir: bool = False) -> bool:
        """Whether git ignores ``path``: itself, or a directory it is in (git never looks inside one)."""
        absolute = Path(os.path.abspath(path))
        try:
            absolute.relative_to(self.root)
        except ValueError:
            return False
        if absolute == self.root:
            return False
        if self._ignored_dir(absolute.parent):
            return True
        return self._ignored_dir(absolute) if is_dir else self._decides(absolute, False)

    def _ignored_dir(self, directory: Path) -> bool:
        if directory == self.root or self.root not in directory.parents:
            return False
        known = self._ignored_dirs.get(directory)
        if known is None:
            known = self._ignored_dir(directory.parent) or self._decides(directory, True)
            self._ignored_dirs[directory] = known
        return known


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
