"""The library API's path up to kifu 0.2: ``from kifu.api import check`` still works.

The API is :mod:`kifu.application.library`, and ``import kifu`` is the way ``docs/api.md``
shows (``kifu.check``); this module re-exports the same names so that code written against
0.1 or 0.2 keeps running. It defines nothing of its own.
"""

from __future__ import annotations

# (the names derived from the library's own list: a name it adds is here too)
from kifu.application.library import *  # noqa: F403
from kifu.application.library import __all__ as __all__
