"""The library API's path up to kifu 0.2: ``from kifu.api import check`` still works.

The API is :mod:`kifu.application.library`, and ``import kifu`` is the way ``docs/api.md``
shows (``kifu.check``); this module re-exports the same names so that code written against
0.1 or 0.2 keeps running. It defines nothing of its own.
"""

from __future__ import annotations

from kifu.application.library import Assumption as Assumption
from kifu.application.library import Conversion as Conversion
from kifu.application.library import Converted as Converted
from kifu.application.library import Finding as Finding
from kifu.application.library import Input as Input
from kifu.application.library import Kind as Kind
from kifu.application.library import Marks as Marks
from kifu.application.library import Position as Position
from kifu.application.library import RecordReport as RecordReport
from kifu.application.library import Report as Report
from kifu.application.library import Severity as Severity
from kifu.application.library import Span as Span
from kifu.application.library import check as check
from kifu.application.library import convert as convert
from kifu.application.library import score as score

__all__ = [
    "Assumption",
    "Conversion",
    "Converted",
    "Finding",
    "Input",
    "Kind",
    "Marks",
    "Position",
    "RecordReport",
    "Report",
    "Severity",
    "Span",
    "check",
    "convert",
    "score",
]
