"""kifu (棋譜): read, validate and convert chess, xiangqi and Go game records.

The package is imported as ``kifu``; importing it is cheap (no game module is loaded). The
library API — :func:`check`, :func:`convert`, :func:`score` and the types they return — is
:mod:`kifu.application.library`, loaded on first use and re-exported here; ``docs/api.md``
documents it. ``dir(kifu)`` and ``__all__`` list it.
"""

from __future__ import annotations

import os as _os
import typing as _typing

__version__ = "0.2.0"

#: The compiled build of the hot modules (``make compile``; ``setup.py`` says how it is made).
#: (the real path: an editable install in strict mode links each source from build/__editable__…)
_COMPILED = _os.path.join(_os.path.dirname(_os.path.realpath(__file__)), "_mypyc")

if _os.environ.get("KIFU_PURE", "") in ("", "0") and _os.path.isdir(_COMPILED):
    from kifu._native import install as _install

    _install(_COMPILED)

if _typing.TYPE_CHECKING:
    from kifu.application.library import Assumption as Assumption
    from kifu.application.library import Conversion as Conversion
    from kifu.application.library import Converted as Converted
    from kifu.application.library import Edit as Edit
    from kifu.application.library import Finding as Finding
    from kifu.application.library import Fix as Fix
    from kifu.application.library import Fixed as Fixed
    from kifu.application.library import Marks as Marks
    from kifu.application.library import Position as Position
    from kifu.application.library import RecordReport as RecordReport
    from kifu.application.library import Report as Report
    from kifu.application.library import Severity as Severity
    from kifu.application.library import Span as Span
    from kifu.application.library import check as check
    from kifu.application.library import convert as convert
    from kifu.application.library import fix as fix
    from kifu.application.library import score as score

__all__ = [
    "Assumption",
    "Conversion",
    "Converted",
    "Edit",
    "Finding",
    "Fix",
    "Fixed",
    "Marks",
    "Position",
    "RecordReport",
    "Report",
    "Severity",
    "Span",
    "__version__",
    "check",
    "convert",
    "fix",
    "score",
]
_LAZY = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> _typing.Any:
    if name in _LAZY:
        from kifu.application import library

        return getattr(library, name)
    raise AttributeError(f"module 'kifu' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
