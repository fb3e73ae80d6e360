"""Where a standings page links each result: the record it comes from, relative to the page,
under an address the user gives, by absolute ``file://`` address, or nowhere."""

from __future__ import annotations

import os
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
        path = source.rsplit(":", 1)[0] if source.rsplit(":", 1)[-1].isdigit() else source
        if not self.enabled or path.startswith("CXA"):
            return None
        record = Path(path).resolve()
        if self.base is not None:
            return self.base.rstrip("/") + "/" + _url_path(_relative(record, Path.cwd()))
        if self.page is not None:
            return _url_path(_relative(record, self.page.resolve().parent))
        return record.as_uri()


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
