"""Where a standings page links each result: the record it comes from, relative to the page,
under an address the user gives, by absolute ``file://`` address, or nowhere."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote


@dataclass(frozen=True, slots=True)
class Links:
    """How results link to their records: under ``base`` (an address the records are published
    at, joined with each record's path relative to the working folder), relative to the folder
    ``page`` is written in, or by absolute ``file://`` address when both are ``None``; no link at
    all unless ``enabled``."""

    enabled: bool = True
    base: str | None = None
    page: Path | None = None

    def address(self, source: str) -> str | None:
        """The address of the record a result comes from (``path`` or ``path:index``), or
        ``None`` for no link (links disabled, or a result no file holds: a forfeit of CXA 20.3)."""
        path, _ = split_source(source)
        if not self.enabled or path.startswith("CXA"):
            return None
        record = Path(path).resolve()
        if self.base is not None:
            return self.base.rstrip("/") + "/" + _url_path(_relative(record, Path.cwd()))
        if self.page is not None:
            return _url_path(_relative(record, self.page.resolve().parent))
        return record.as_uri()

    def shown(self, source: str) -> str:
        """The record a result links to, as its tooltip names it: the path it links (relative
        to the page, or from the working folder under ``--link-base``), or the absolute path
        when it links by ``file://`` address; then where in the file (``:23: game 3``). No
        folder of the machine is named unless the page links by ``file://`` address (which
        names them anyway)."""
        path, where = split_source(source)
        record = Path(path).resolve()
        if self.base is not None:
            shown = Path(_relative(record, Path.cwd())).as_posix()
        elif self.page is not None:
            shown = Path(_relative(record, self.page.resolve().parent)).as_posix()
        else:
            shown = str(record)
        return shown + where


#: the end of a record's source that says where in its file it is: ``:23: game 3`` (a file of
#: several records), or an index or a table's row (``:3``)
_WHERE = re.compile(r"(:[0-9]+(?:: game [0-9]+)?)\Z")


def split_source(source: str) -> tuple[str, str]:
    """A result's source as its file's path and where in it (``round5.pgn:23: game 3`` →
    ``round5.pgn``, ``:23: game 3``; a one-record file's path alone → the path, ``""``)."""
    match = _WHERE.search(source)
    return (source[: match.start()], match.group(1)) if match else (source, "")


def _relative(path: Path, folder: Path) -> str:
    """``path`` relative to ``folder`` (with ``..`` where it lies outside), or absolute when no
    relative path exists (another drive)."""
    try:
        return os.path.relpath(path, folder)
    except ValueError:
        return str(path)


def _url_path(path: str) -> str:
    """A file path as the path of a URL: ``/`` between the parts, each part percent-encoded."""
    return "/".join(quote(part) for part in Path(path).as_posix().split("/"))
