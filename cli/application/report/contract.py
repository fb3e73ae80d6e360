"""The JSON contract of ``kifu check --format json`` and ``jsonl``, as a JSON Schema shipped in
the package (``schemas/report.schema.json``; documented for readers in docs/json.md)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON report; ``$defs/finding_line`` is a jsonl line."""
    text = (
        resources.files("kifu.application.report").joinpath("schemas/report.schema.json").read_text("utf-8")
    )
    document: dict[str, Any] = json.loads(text)
    return document
