"""kifu (棋譜): read, validate and convert chess, xiangqi and Go game records.

The package is imported as ``kifu``; importing it is cheap (no game module is loaded). The
library API — :func:`check`, :func:`convert`, :func:`score` — is :mod:`kifu.api`, loaded on
first use; ``docs/api.md`` documents it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: The compiled build of the hot modules (``make compile``; ``setup.py`` says how it is made).
_COMPILED = os.path.join(os.path.dirname(__file__), "_mypyc")

if os.environ.get("KIFU_PURE", "") in ("", "0") and os.path.isdir(_COMPILED):
    from kifu._native import install as _install

    _install(_COMPILED)

if TYPE_CHECKING:
    from kifu.api import Conversion as Conversion
    from kifu.api import Report as Report
    from kifu.api import check as check
    from kifu.api import convert as convert
    from kifu.api import score as score

__all__ = ["Conversion", "Report", "__version__", "check", "convert", "score"]


def __getattr__(name: str) -> Any:
    if name in ("check", "convert", "score", "Report", "Conversion"):
        from kifu import api

        return getattr(api, name)
    raise AttributeError(f"module 'kifu' has no attribute {name!r}")
